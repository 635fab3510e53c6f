// Training durations: "14.8 days", "355h", "3 months".
#include "trainflops/duration.h"

#include <charconv>
#include <cmath>
#include <system_error>
#include <vector>

#include "core/text.h"

namespace trainflops {
namespace {

struct DurationUnit {
  std::string canonical;
  double seconds;
  std::vector<std::string> spellings;
};

const std::vector<DurationUnit>& DurationUnits() {
  static const std::vector<DurationUnit> units = {
      {"s", 1.0, {"s", "sec", "secs", "second", "seconds"}},
      {"minutes", 60.0, {"min", "mins", "minute", "minutes"}},
      {"hours", kSecondsPerHour, {"h", "hr", "hrs", "hour", "hours"}},
      {"days", kSecondsPerDay, {"d", "day", "days"}},
      {"weeks", kSecondsPerWeek, {"w", "wk", "wks", "week", "weeks"}},
      {"months", kSecondsPerMonth, {"mo", "month", "months"}},
      {"years", kSecondsPerYear, {"y", "yr", "yrs", "year", "years"}},
  };
  return units;
}

constexpr std::string_view kAccepted =
    "accepted: a number and a unit such as '14.8 days', '355h', '2 weeks', '3 months', "
    "'90 min'; units s, min, h, d, w, mo, y and their long forms; a bare number is seconds";

Status Bad(std::string_view text, const std::string& why) {
  return Status::InvalidArgument("'" + std::string(Trim(text)) + "' is not a duration: " + why +
                                 " (" + std::string(kAccepted) + ")");
}

std::string FormatAmount(double v) {
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, r.ptr);
}

}  // namespace

std::string Duration::ToString() const {
  if (unit == "s") return FormatAmount(amount) + " s";
  // "1 days" reads badly; the singular is the plural without its final 's'.
  const bool one = amount == 1.0;
  return FormatAmount(amount) + " " + (one ? unit.substr(0, unit.size() - 1) : unit);
}

std::string CalendarConvention() {
  return "1 month = 30.4375 days (365.25 / 12), 1 year = 365.25 days (Julian year)";
}

Result<Duration> ParseDuration(std::string_view text) {
  const std::string_view t = Trim(text);
  if (t.empty()) return Bad(text, "the text is empty");
  double value = 0;
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), value);
  if (ec == std::errc::result_out_of_range) return Bad(text, "the number is out of range");
  if (ec != std::errc() || end == t.data()) return Bad(text, "it does not start with a number");
  if (!std::isfinite(value)) return Bad(text, "the number is not finite");
  if (value <= 0) return Bad(text, "a duration must be greater than zero");
  const std::string word = ToLower(Trim(std::string_view(end, t.data() + t.size() - end)));
  Duration d;
  d.amount = value;
  if (word.empty()) {
    d.unit = "s";
    d.seconds = value;
    return d;
  }
  if (word == "m") return Bad(text, "'m' could mean minutes or months: write 'min' or 'months'");
  std::vector<std::string> spellings;
  for (const DurationUnit& u : DurationUnits()) {
    for (const std::string& s : u.spellings) {
      spellings.push_back(s);
      if (s != word) continue;
      d.unit = u.canonical;
      d.seconds = value * u.seconds;
      if (!std::isfinite(d.seconds)) return Bad(text, "the duration is out of range");
      return d;
    }
  }
  return Bad(text, "unknown unit '" + word + "'" + DidYouMean(word, spellings));
}

}  // namespace trainflops
