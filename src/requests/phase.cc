// One Method 2 phase from its PhaseRequest (count, time, utilization, ...),
// each of the FLOP inputs a point, a range or a distribution.
#include "phase.h"

#include <cmath>

#include "core/text.h"
#include "fields.h"

namespace trainflops::requests {
namespace {

// Chips come whole: "8.5" is a typo or a unit mixed up (chip-hours, nodes), and
// Method 2 would multiply it silently. A range's ends are whole too; its median
// may fall between them.
Result<double> ParseChipCount(std::string_view text) {
  TF_ASSIGN_OR_RETURN(const double n, ParsePositive(text));
  if (n != std::floor(n)) {
    return Status::InvalidArgument(std::string("'").append(Trim(text)).append("'") +
                                   " is not a whole number of chips (accepted: a whole number "
                                   "such as 8 or 1024; for chip-hours use `chip_hours`)");
  }
  return n;
}

// Sets `point` to the value (a range's median) and records a range.
class PhaseReader {
 public:
  PhaseReader(const std::set<std::string>& shared, Phase& phase) : shared_(shared), phase_(phase) {}

  // Reads `field` with `parse_point`; the distribution is scaled by `scale`
  // into the field's unit (hours -> seconds). Returns nullopt if absent.
  Result<std::optional<double>> Read(std::string_view field, const std::optional<std::string>& text,
                                     const PointParser& parse_point, double scale = 1,
                                     UncertainOptions options = UncertainOptions::Positive()) {
    TF_ASSIGN_OR_RETURN(std::optional<Uncertain> u,
                        UncertainField(field, text, parse_point, options));
    if (!u) return std::optional<double>();
    if (u->distribution.is_point()) return std::optional<double>(u->distribution.param(0) * scale);
    if (scale != 1) {
      Result<Distribution> scaled = u->distribution.Scaled(scale);
      if (!scaled.ok()) return scaled.status().WithContext(FieldRef(field));
      u->distribution = *scaled;
    }
    const double median = u->distribution.Median();
    phase_.ranges.push_back(
        {ReportName(field), std::move(*u), shared_.count(std::string(field)) > 0});
    return std::optional<double>(median);
  }

 private:
  const std::set<std::string>& shared_;
  Phase& phase_;
};

Result<double> SecondsOf(std::string_view text) {
  TF_ASSIGN_OR_RETURN(const Duration d, ParseDuration(text));
  return d.seconds;
}

// A range's median as a duration people read: days from one day up, else hours.
Duration MedianDuration(double seconds) {
  if (seconds >= kSecondsPerDay) return {seconds, seconds / kSecondsPerDay, "days"};
  return {seconds, seconds / kSecondsPerHour, "hours"};
}

Status ReadTime(const PhaseRequest& r, PhaseReader& reader, Phase& p) {
  TF_ASSIGN_OR_RETURN(const std::optional<double> seconds, reader.Read("time", r.time, SecondsOf));
  if (!seconds) return Status::Ok();
  const bool range = !p.ranges.empty() && p.ranges.back().option == ReportName("time");
  // A point keeps the unit it was written in ("14.8 days").
  p.time = range ? MedianDuration(*seconds) : *ParseDuration(*r.time);
  return Status::Ok();
}

Status ReadChipTime(const PhaseRequest& r, PhaseReader& reader, Phase& p) {
  if (r.chip_hours && r.chip_days) {
    return Status::InvalidArgument("give `chip_hours` or `chip_days`, not both");
  }
  const bool hours = r.chip_hours.has_value();
  const double unit = hours ? kSecondsPerHour : kSecondsPerDay;
  TF_ASSIGN_OR_RETURN(const std::optional<double> seconds,
                      reader.Read(hours ? "chip_hours" : "chip_days",
                                  hours ? r.chip_hours : r.chip_days, ParsePositive, unit));
  if (seconds) p.chip_time = Duration{*seconds, *seconds / unit, hours ? "hours" : "days"};
  return Status::Ok();
}

// A point keeps ParseUtilization's label and source (presets such as
// openai-gpu); a range must stay within (0, 1].
Status ReadUtilization(const PhaseRequest& r, PhaseReader& reader, Phase& p) {
  if (!r.utilization) return Status::Ok();
  if (Result<Utilization> point = ParseUtilization(*r.utilization); point.ok()) {
    p.utilization = *point;
    return Status::Ok();
  }
  const PointParser value_of = [](std::string_view t) -> Result<double> {
    TF_ASSIGN_OR_RETURN(const Utilization u, ParseUtilization(t));
    return u.value;
  };
  TF_ASSIGN_OR_RETURN(
      const std::optional<double> median,
      reader.Read("utilization", r.utilization, value_of, 1, UncertainOptions::Positive(1.0)));
  const Uncertain& u = p.ranges.back().value;
  p.utilization = Utilization{*median, FormatScientific(*median, 3) + " (median of " + u.text + ")",
                              "given as a range: " + u.distribution.Describe()};
  return Status::Ok();
}

}  // namespace

Result<Phase> PhaseFrom(const PhaseRequest& r, const std::set<std::string>& shared) {
  Phase p;
  PhaseReader reader(shared, p);
  p.chip = r.chip.value_or("");
  TF_ASSIGN_OR_RETURN(p.count, reader.Read("count", r.count, ParseChipCount));
  TF_RETURN_IF_ERROR(ReadTime(r, reader, p));
  TF_RETURN_IF_ERROR(ReadChipTime(r, reader, p));
  if (r.precision) {
    Result<Precision> precision = ParsePrecision(*r.precision);
    if (!precision.ok()) return precision.status().WithContext(FieldRef("precision"));
    p.precision = *precision;
  }
  TF_ASSIGN_OR_RETURN(const std::optional<bool> tc, YesNoField("tensor_cores", r.tensor_cores));
  if (tc) p.tensor_cores = *tc ? TensorCores::kYes : TensorCores::kNo;
  TF_RETURN_IF_ERROR(ReadUtilization(r, reader, p));
  TF_ASSIGN_OR_RETURN(p.peak_flops, reader.Read("peak_flops", r.peak_flops, ParseFlopRate));
  TF_ASSIGN_OR_RETURN(p.tdp_w, PositiveField("tdp", r.tdp));
  TF_ASSIGN_OR_RETURN(p.price_per_chip_hour,
                      PositiveField("price_per_chip_hour", r.price_per_chip_hour));
  return p;
}

}  // namespace trainflops::requests
