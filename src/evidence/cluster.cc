// Cluster lines: a chip count, a total of chip-hours or the cluster's
// aggregate FLOP/s, times a duration that may be vague ("several weeks"),
// through Method 2 (Sevilla et al. 2022, Method 2): its precision rule, its
// utilization defaults and its default ranges apply unchanged.
#include <cmath>
#include <string>
#include <utility>

#include "lines.h"
#include "trainflops/units.h"

namespace trainflops::evidence {
namespace {

// One way to the chip-time: chips or aggregate FLOP/s with a duration, or
// chip-hours (chips then only inform the wall-clock time).
Status CheckClusterMeasures(const ClusterEvidence& c) {
  if (c.chip_hours && c.duration_s) {
    return Status::InvalidArgument(
        "give `chip_hours` (the total chip-time) or `duration` (with `chips` or "
        "`aggregate_flops`), not both");
  }
  if (c.chip_hours && c.aggregate_flops) {
    return Status::InvalidArgument(
        "`aggregate_flops` is the whole cluster's rate and needs `duration`; with `chip_hours` "
        "give `flops_per_chip`");
  }
  if (!c.chip_hours && !c.chips && !c.aggregate_flops) {
    return Status::InvalidArgument(
        "give the cluster's size: `chips` N with `duration`, `chip_hours` H, or "
        "`aggregate_flops` F (the whole cluster's FLOP/s) with `duration`");
  }
  if (!c.chip_hours && !c.duration_s) {
    return Status::InvalidArgument(
        "`duration` is missing: how long the cluster trained ('3 weeks', 'several weeks', "
        "'about a month')");
  }
  if (c.aggregate_flops && c.flops_per_chip) {
    return Status::InvalidArgument(
        "give `aggregate_flops` (the whole cluster) or `flops_per_chip`, not both");
  }
  return Status::Ok();
}

Status CheckClusterInputs(const ClusterEvidence& c) {
  TF_RETURN_IF_ERROR(CheckClusterMeasures(c));
  if (c.achieved && !c.aggregate_flops && !c.flops_per_chip) {
    return Status::InvalidArgument(
        "`achieved` says that a given FLOP/s is the run's throughput: give `aggregate_flops` or "
        "`flops_per_chip`");
  }
  if (c.achieved && c.hardware.utilization) {
    return Status::InvalidArgument(
        "`achieved` sets the utilization to 1 (the FLOP/s given is already achieved): drop "
        "`utilization`");
  }
  const std::pair<const std::optional<Uncertain>*, std::string_view> fields[] = {
      {&c.chips, "chips"},
      {&c.chip_hours, "chip_hours"},
      {&c.aggregate_flops, "aggregate_flops"},
      {&c.duration_s, "duration"},
      {&c.flops_per_chip, "flops_per_chip"}};
  for (const auto& [value, name] : fields) {
    if (*value) TF_RETURN_IF_ERROR(RequirePositiveEvidence(**value, name));
  }
  return Status::Ok();
}

Utilization AchievedUtilization() {
  return {1.0, "1 (the FLOP/s given is achieved)",
          "given: `achieved` (the FLOP/s given is the run's measured or reported throughput, "
          "not the hardware's peak)"};
}

void AddClusterRange(Phase& phase, const char* option, const Uncertain& value) {
  if (!value.distribution.is_point()) phase.ranges.push_back({option, value, false});
}

// The duration as Method 2 prints it: as written when it is one duration,
// else its median in the largest unit that keeps it at least 1.
Duration DisplayDuration(const Uncertain& value) {
  const double seconds = value.distribution.Median();
  Result<Duration> plain = ParseDuration(value.text);
  if (plain.ok() && plain->seconds == seconds) return *plain;
  const std::pair<const char*, double> units[] = {{"months", kSecondsPerMonth},
                                                  {"weeks", kSecondsPerWeek},
                                                  {"days", kSecondsPerDay},
                                                  {"hours", kSecondsPerHour}};
  for (const auto& [unit, length] : units) {
    if (seconds >= length) return {seconds, std::round(seconds / length * 1000) / 1000, unit};
  }
  return {seconds, seconds, "s"};
}

Result<Phase> ClusterPhase(const ClusterEvidence& c) {
  Phase p;
  p.chip = c.hardware.chip;
  p.precision = c.hardware.precision;
  p.tensor_cores = c.hardware.tensor_cores;
  p.utilization = c.achieved ? AchievedUtilization() : c.hardware.utilization;
  if (c.chips) {
    p.count = c.chips->distribution.Median();
    // With chip-hours or an aggregate rate the count does not change the FLOP.
    if (!c.chip_hours && !c.aggregate_flops) AddClusterRange(p, "`chips`", *c.chips);
  }
  if (c.duration_s) {
    p.time = DisplayDuration(*c.duration_s);
    AddClusterRange(p, "`duration`", *c.duration_s);
  }
  if (c.chip_hours) {
    Uncertain seconds = *c.chip_hours;  // Method 2 takes chip-time in chip-seconds
    TF_ASSIGN_OR_RETURN(seconds.distribution, c.chip_hours->distribution.Scaled(kSecondsPerHour));
    p.chip_time =
        Duration{seconds.distribution.Median(), c.chip_hours->distribution.Median(), "hours"};
    AddClusterRange(p, "`chip_hours`", seconds);
  }
  if (c.aggregate_flops) {
    p.count = p.count.value_or(1);
    p.peak_flops = c.aggregate_flops->distribution.Median() / *p.count;
    AddClusterRange(p, "`aggregate_flops`", *c.aggregate_flops);
  }
  if (c.flops_per_chip) {
    p.peak_flops = c.flops_per_chip->distribution.Median();
    AddClusterRange(p, "`flops_per_chip`", *c.flops_per_chip);
  }
  return p;
}

// What Method 2's own explanation cannot say: how a vague duration was read
// and how an aggregate rate became chips x peak.
void ExplainCluster(const ClusterEvidence& c, Estimate& e) {
  if (c.duration_s && !c.duration_s->note.empty()) {
    e.assumptions.push_back({"duration",
                             "'" + c.duration_s->text +
                                 "' = " + c.duration_s->distribution.Describe() +
                                 " s; the point estimate uses its median " +
                                 FormatScientific(c.duration_s->distribution.Median()) + " s",
                             c.duration_s->note});
  }
  if (c.aggregate_flops) {
    const std::string split =
        c.chips ? FormatCount(c.chips->distribution.Median()) + " chips x the aggregate / chips"
                : "1 x the aggregate (no chip count given)";
    e.notes.push_back("`aggregate_flops` " +
                      FormatScientific(c.aggregate_flops->distribution.Median()) +
                      " FLOP/s is the whole cluster's rate: Method 2's chips x peak is " + split);
  }
}

}  // namespace

Result<EvidenceLineResult> EstimateCluster(const EvidenceLine& line, const ClusterEvidence& cluster,
                                           const EvidenceRequest& request, const HardwareDb& db) {
  TF_RETURN_IF_ERROR(CheckClusterInputs(cluster));
  TF_ASSIGN_OR_RETURN(Phase phase, ClusterPhase(cluster));
  TF_ASSIGN_OR_RETURN(Method2Result method2,
                      EstimateMethod2(Method2OptionsFor(request, std::move(phase)), db));
  TF_ASSIGN_OR_RETURN(EvidenceLineResult result, LineFromMethod2(line, std::move(method2)));
  ExplainCluster(cluster, result.estimate);
  return result;
}

}  // namespace trainflops::evidence
