// Values of an evidence file's keys: amounts with units of power, energy and
// FLOP/s, fractions, durations and share ranges.
#include "evidence_values.h"

#include <string>
#include <utility>
#include <vector>

#include "core/text.h"
#include "trainflops/input_limits.h"
#include "trainflops/units.h"

namespace trainflops::evidence {
namespace {

using UnitTable = std::vector<std::pair<std::string_view, double>>;

std::string Quoted(std::string_view text) { return "'" + Abbreviate(Trim(text)) + "'"; }

std::string UnitNames(const UnitTable& units) {
  std::vector<std::string> names;
  for (const auto& [name, factor] : units) names.emplace_back(name);
  return JoinNames(names);
}

// NUMBER [SI suffix] [UNIT]: the number (with its suffix) goes to
// ParsePositive, the unit is one of `units` (longest names first, so that
// "MW" is not read as "W"); a bare number is in the base unit (factor 1).
Result<double> ParseWithUnit(std::string_view text, const UnitTable& units, std::string_view what,
                             std::string_view example) {
  const std::string_view t = Trim(text);
  std::string_view number = t;
  double factor = 1;
  for (const auto& [name, f] : units) {
    if (t.size() > name.size() && t.ends_with(name)) {
      number = Trim(t.substr(0, t.size() - name.size()));
      factor = f;
      break;
    }
  }
  Result<double> v = ParsePositive(number);
  if (!v.ok()) {
    return Status::InvalidArgument(Quoted(text) + " is not " + std::string(what) +
                                   " (accepted: a number above 0, with an SI suffix or not, "
                                   "followed by one of " +
                                   UnitNames(units) + ", e.g. " + std::string(example) + ")");
  }
  return *v * factor;
}

Result<double> ParsePercentOrNumber(std::string_view text) {
  const std::string_view t = Trim(text);
  const bool percent = t.ends_with('%');
  TF_ASSIGN_OR_RETURN(const double v, ParsePositive(percent ? t.substr(0, t.size() - 1) : t));
  return percent ? v / 100 : v;
}

}  // namespace

Result<double> ParsePowerWatts(std::string_view text) {
  static const UnitTable units = {{"kW", 1e3}, {"MW", 1e6}, {"GW", 1e9}, {"W", 1}};
  return ParseWithUnit(text, units, "a power", "25 MW");
}

Result<double> ParseEnergyWattHours(std::string_view text) {
  static const UnitTable units = {
      {"kWh", 1e3}, {"MWh", 1e6}, {"GWh", 1e9}, {"TWh", 1e12}, {"Wh", 1}};
  return ParseWithUnit(text, units, "an energy", "50 GWh");
}

Result<double> ParseFlopRate(std::string_view text) {
  static const UnitTable units = {{"FLOP/s", 1}, {"FLOPS", 1}, {"flop/s", 1}};
  return ParseWithUnit(text, units, "a rate in FLOP/s", "4e18 FLOP/s");
}

Result<double> ParseFraction(std::string_view text) {
  Result<double> v = ParsePercentOrNumber(text);
  if (!v.ok()) {
    return Status::InvalidArgument(Quoted(text) +
                                   " is not accepted (accepted: a number above 0 such as 0.4, "
                                   "or a percentage such as 40%)");
  }
  return v;
}

Result<ShareRange> ParseShareRange(std::string_view text) {
  const std::string_view t = Trim(text);
  const size_t dots = t.find("..");
  const std::string_view low_text = dots == std::string_view::npos ? t : t.substr(0, dots);
  const std::string_view high_text = dots == std::string_view::npos ? t : t.substr(dots + 2);
  Result<double> low = ParsePercentOrNumber(low_text);
  Result<double> high = ParsePercentOrNumber(high_text);
  const std::string accepted =
      " (accepted: LOW..HIGH with 0 < LOW <= HIGH, as numbers such as 0.1..0.2 or percentages "
      "such as 10%..20%, or one value such as 15%)";
  if (!low.ok() || !high.ok()) {
    return Status::InvalidArgument(Quoted(text) + " is not a share range" + accepted);
  }
  if (*low > *high) {
    return Status::InvalidArgument(Quoted(text) + ": the ends are reversed (" +
                                   FormatScientific(*low) + " > " + FormatScientific(*high) + ")" +
                                   accepted);
  }
  return ShareRange{*low, *high};
}

}  // namespace trainflops::evidence
