// Forecast and monitoring: how much of a planned phase is done, from its
// progress (tokens, or hours), checked against the plan.
#include "internal.h"
#include "trainflops/units.h"

namespace trainflops::ledger {
namespace {

// The plan's measure of a phase: its tokens, or its hours (chip-hours when
// every period gives chip_hours, else the periods' wall-clock hours).
Result<double> PlannedAmount(const LedgerPhase& p, bool tokens) {
  const std::string where = "phase '" + p.name + "': key 'progress': ";
  if (tokens) {
    if (!p.tokens) {
      return Status::InvalidArgument(where +
                                     "'tokens' is progress of a phase planned by 'tokens' (with "
                                     "'parameters' or 'hf_config'; accepted here: 'hours')");
    }
    return p.tokens->distribution.Median();
  }
  double chip_hours = 0, hours = 0;
  bool all_chip_hours = !p.hardware.empty(), all_hours = !p.hardware.empty();
  for (const EvidenceLine& line : p.hardware) {
    const auto& c = std::get<ClusterEvidence>(line.evidence);
    all_chip_hours = all_chip_hours && c.chip_hours.has_value();
    all_hours = all_hours && c.duration_s.has_value();
    if (c.chip_hours) chip_hours += c.chip_hours->distribution.Median();
    if (c.duration_s) hours += c.duration_s->distribution.Median() / 3600;
  }
  if (all_chip_hours) return chip_hours;
  if (all_hours) return hours;
  return Status::InvalidArgument(where +
                                 "'hours' is progress of a phase planned by 'hardware' periods "
                                 "that all give chip_hours, or all a duration (accepted here: " +
                                 std::string(p.tokens ? "'tokens'" : "none") + ")");
}

}  // namespace

Result<double> DoneFraction(const LedgerPhase& p) {
  if (!p.planned) return 1.0;
  if (!p.progress) return 0.0;
  const bool tokens = p.progress->tokens.has_value();
  const double done = tokens ? *p.progress->tokens : *p.progress->hours;
  const std::string field = tokens ? "tokens" : "hours";
  if (!(done >= 0)) {
    return Status::InvalidArgument("phase '" + p.name + "': key 'progress': '" + field +
                                   "' is negative (accepted: 0 or more)");
  }
  TF_ASSIGN_OR_RETURN(const double plan, PlannedAmount(p, tokens));
  if (done > plan && !p.allow_overrun) {
    return Status::InvalidArgument(
        "phase '" + p.name + "': key 'progress': '" + field + "' " + FormatScientific(done) +
        " is beyond the plan's " + FormatScientific(plan) +
        " (accepted: at most the plan, or set 'allow_overrun: true' on the phase and the plan "
        "is raised to the progress)");
  }
  return done / plan;
}

}  // namespace trainflops::ledger
