// Durations as people write them in papers: "14.8 days", "355h", "2 weeks",
// "3 months", "90 min", or a plain number of seconds.
//
// Conventions (stated in every report that uses them):
//  - 1 day = 86,400 s; 1 week = 7 days;
//  - 1 month = 30.4375 days (a twelfth of 365.25 days);
//  - 1 year = 365.25 days (the Julian year, the average calendar year over a leap cycle).
#ifndef TRAINFLOPS_DURATION_H_
#define TRAINFLOPS_DURATION_H_

#include <string>
#include <string_view>

#include "trainflops/status.h"
#include "trainflops/units.h"

namespace trainflops {

inline constexpr double kSecondsPerHour = 3600.0;
inline constexpr double kSecondsPerWeek = 7 * kSecondsPerDay;
inline constexpr double kDaysPerYear = 365.25;
inline constexpr double kSecondsPerYear = kDaysPerYear * kSecondsPerDay;
inline constexpr double kSecondsPerMonth = kSecondsPerYear / 12;  // 30.4375 days

struct Duration {
  double seconds = 0;
  double amount = 0;  // the number as written: 14.8 for "14.8 days"
  std::string
      unit;  // canonical plural: "s", "minutes", "hours", "days", "weeks", "months", "years"
  // "14.8 days"; "1279 s" for plain seconds.
  std::string ToString() const;
  // True for months and years, whose length is a convention worth stating.
  bool UsesCalendarConvention() const { return unit == "months" || unit == "years"; }
};

// Parses NUMBER [UNIT], with or without a space: "14.8 days", "355h", "2 weeks",
// "3 months", "90 min", "1.5e6" (seconds). Units (case-insensitive): s, sec,
// second(s); min, minute(s); h, hr, hour(s); d, day(s); w, wk, week(s); mo,
// month(s); y, yr, year(s). A bare "m" is refused (minutes or months?). The
// value must be finite and greater than zero; errors quote the text and list
// the accepted units.
Result<Duration> ParseDuration(std::string_view text);

// The statement of the month/year convention, for assumptions lists.
std::string CalendarConvention();

}  // namespace trainflops

#endif  // TRAINFLOPS_DURATION_H_
