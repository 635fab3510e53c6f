// Durations as written in papers.
#include "trainflops/duration.h"

#include <gtest/gtest.h>

namespace trainflops {
namespace {

TEST(Duration, ParsesUnitsAndConventions) {
  const std::pair<const char*, double> cases[] = {
      {"14.8 days", 14.8 * 86400},
      {"355h", 355 * 3600.0},
      {"355 hours", 355 * 3600.0},
      {"2 weeks", 2 * 7 * 86400.0},
      {"3 months", 3 * 30.4375 * 86400},  // 365.25 / 12 days per month
      {"1 year", 365.25 * 86400},         // Julian year
      {"1.5 yr", 1.5 * 365.25 * 86400},
      {"90 min", 90 * 60.0},
      {"4d", 4 * 86400.0},
      {"1 DAY", 86400.0},
      {"1.5e6", 1.5e6},  // plain seconds
      {"30 s", 30.0},
      {"2 mo", 2 * 30.4375 * 86400},
  };
  for (const auto& [text, seconds] : cases) {
    Result<Duration> d = ParseDuration(text);
    ASSERT_TRUE(d.ok()) << text << ": " << d.status().message();
    EXPECT_DOUBLE_EQ(d->seconds, seconds) << text;
  }
  EXPECT_EQ(kSecondsPerMonth, 2629800.0);  // 30.4375 x 86400
  EXPECT_EQ(kSecondsPerYear, 31557600.0);  // 365.25 x 86400
}

TEST(Duration, PrintsAsWritten) {
  EXPECT_EQ(ParseDuration("14.8 days")->ToString(), "14.8 days");
  EXPECT_EQ(ParseDuration("1 d")->ToString(), "1 day");
  EXPECT_EQ(ParseDuration("355h")->ToString(), "355 hours");
  EXPECT_EQ(ParseDuration("90")->ToString(), "90 s");
  EXPECT_TRUE(ParseDuration("3 months")->UsesCalendarConvention());
  EXPECT_FALSE(ParseDuration("3 weeks")->UsesCalendarConvention());
}

TEST(Duration, RejectsBadDurations) {
  const std::pair<const char*, const char*> cases[] = {
      {"", "the text is empty"},
      {"-3 days", "a duration must be greater than zero"},
      {"0 h", "a duration must be greater than zero"},
      {"nan", "the number is not finite"},
      {"inf days", "the number is not finite"},
      {"days", "it does not start with a number"},
      {"3 m", "'m' could mean minutes or months"},
      {"3 dayz", "unknown unit 'dayz'; did you mean 'day'"},
      {"1e400 s", "the number is out of range"},
      {"1e305 years", "the duration is out of range"},
  };
  for (const auto& [text, why] : cases) {
    Result<Duration> d = ParseDuration(text);
    ASSERT_FALSE(d.ok()) << text;
    EXPECT_NE(d.status().message().find(why), std::string::npos) << d.status().message();
    EXPECT_NE(d.status().message().find("accepted:"), std::string::npos);
  }
}

}  // namespace
}  // namespace trainflops
