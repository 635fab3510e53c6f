// The options of one Method 2 phase (--count, --time, --utilization, ...),
// each of the FLOP inputs a point, a range or a distribution.
#include <cmath>

#include "hardware_options.h"
#include "trainflops/text.h"
#include "uncertainty_options.h"

namespace trainflops::cli {
namespace {

// Sets `point` to the value (a range's median) and records a range.
class PhaseReader {
 public:
  PhaseReader(const ParsedArgs& args, const std::set<std::string>& shared, Phase& phase)
      : args_(args), shared_(shared), phase_(phase) {}

  // Reads option `name` with `parse_point`; the distribution is scaled by
  // `scale` into the field's unit (hours -> seconds). Returns nullopt if absent.
  Result<std::optional<double>> Read(const std::string& name, const PointParser& parse_point,
                                     double scale = 1, UncertainOptions options = UncertainOptions::Positive()) {
    TF_ASSIGN_OR_RETURN(std::optional<Uncertain> u,
                        UncertainOption(args_, name, parse_point, options));
    if (!u) return std::optional<double>();
    if (u->distribution.is_point()) return std::optional<double>(u->distribution.param(0) * scale);
    if (scale != 1) {
      Result<Distribution> scaled = u->distribution.Scaled(scale);
      if (!scaled.ok()) return scaled.status().WithContext(name);
      u->distribution = *scaled;
    }
    const double median = u->distribution.Median();
    phase_.ranges.push_back({name, std::move(*u), shared_.count(name) > 0});
    return std::optional<double>(median);
  }

 private:
  const ParsedArgs& args_;
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

Status ReadTime(const ParsedArgs& a, PhaseReader& reader, Phase& p) {
  TF_ASSIGN_OR_RETURN(const std::optional<double> seconds, reader.Read("--time", SecondsOf));
  if (!seconds) return Status::Ok();
  const bool range = !p.ranges.empty() && p.ranges.back().option == "--time";
  // A point keeps the unit it was written in ("14.8 days").
  p.time = range ? MedianDuration(*seconds) : *ParseDuration(*a.Get("--time"));
  return Status::Ok();
}

Status ReadChipTime(const ParsedArgs& a, PhaseReader& reader, Phase& p) {
  if (a.Has("--chip-hours") && a.Has("--chip-days")) {
    return Status::InvalidArgument("give --chip-hours or --chip-days, not both");
  }
  const bool hours = a.Has("--chip-hours");
  const std::string name = hours ? "--chip-hours" : "--chip-days";
  const double unit = hours ? kSecondsPerHour : kSecondsPerDay;
  TF_ASSIGN_OR_RETURN(const std::optional<double> seconds, reader.Read(name, ParsePositive, unit));
  if (seconds) p.chip_time = Duration{*seconds, *seconds / unit, hours ? "hours" : "days"};
  return Status::Ok();
}

// A point keeps ParseUtilization's label and source (presets such as
// openai-gpu); a range must stay within (0, 1].
Status ReadUtilization(const ParsedArgs& a, PhaseReader& reader, Phase& p) {
  const std::optional<std::string> text = a.Get("--utilization");
  if (!text) return Status::Ok();
  if (Result<Utilization> point = ParseUtilization(*text); point.ok()) {
    p.utilization = *point;
    return Status::Ok();
  }
  const PointParser value_of = [](std::string_view t) -> Result<double> {
    TF_ASSIGN_OR_RETURN(const Utilization u, ParseUtilization(t));
    return u.value;
  };
  TF_ASSIGN_OR_RETURN(const std::optional<double> median,
                      reader.Read("--utilization", value_of, 1, UncertainOptions::Positive(1.0)));
  const Uncertain& u = p.ranges.back().value;
  p.utilization = Utilization{*median, FormatScientific(*median, 3) + " (median of " + u.text + ")",
                              "given as a range: " + u.distribution.Describe()};
  return Status::Ok();
}

}  // namespace

Result<Phase> PhaseFrom(const ParsedArgs& a, const std::set<std::string>& shared) {
  Phase p;
  PhaseReader reader(a, shared, p);
  p.chip = a.Get("--chip").value_or("");
  TF_ASSIGN_OR_RETURN(p.count, reader.Read("--count", ParsePositive));
  TF_RETURN_IF_ERROR(ReadTime(a, reader, p));
  TF_RETURN_IF_ERROR(ReadChipTime(a, reader, p));
  if (auto text = a.Get("--precision")) {
    Result<Precision> precision = ParsePrecision(*text);
    if (!precision.ok()) return precision.status().WithContext("--precision");
    p.precision = *precision;
  }
  TF_ASSIGN_OR_RETURN(const std::optional<bool> tc, YesNo(a, "--tensor-cores"));
  if (tc) p.tensor_cores = *tc ? TensorCores::kYes : TensorCores::kNo;
  TF_RETURN_IF_ERROR(ReadUtilization(a, reader, p));
  TF_ASSIGN_OR_RETURN(p.peak_flops, reader.Read("--peak-flops", ParseFlopRate));
  TF_ASSIGN_OR_RETURN(p.tdp_w, a.Positive("--tdp"));
  TF_ASSIGN_OR_RETURN(p.price_per_chip_hour, a.Positive("--price-per-chip-hour"));
  return p;
}

}  // namespace trainflops::cli
