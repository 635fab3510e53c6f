// ParseUncertain: points, ranges with units, named distributions, and the
// errors for bad text.
#include <gtest/gtest.h>

#include "trainflops/duration.h"
#include "trainflops/uncertainty.h"
#include "trainflops/units.h"

namespace trainflops {
namespace {

// The hardware subsystem's duration parser (include/trainflops/duration.h),
// in seconds, as a caller passes it.
Result<double> ParseSeconds(std::string_view text) {
  TF_ASSIGN_OR_RETURN(const Duration d, ParseDuration(text));
  return d.seconds;
}

struct ParseCase {
  const char* text;
  PointParser parser;
  const char* describe;  // the distribution it must be read as
};

TEST(ParseUncertain, ReadsPointsRangesAndDistributions) {
  const ParseCase cases[] = {
      {"0.4", ParseNumber, "0.4"},
      {"0.3..0.5", ParseNumber, "uniform(0.3, 0.5)"},
      {" 0.3 .. 0.5 ", ParseNumber, "uniform(0.3, 0.5)"},
      {"1e12..2e12", ParseNumber, "uniform(1e12, 2e12)"},
      // Exactly 10x is still uniform; beyond 10x is log-uniform.
      {"1..10", ParseNumber, "uniform(1, 10)"},
      {"1e22..1e24", ParseNumber, "loguniform(1e22, 1e24)"},
      {"-1..1", ParseNumber, "uniform(-1, 1)"},
      // 5 and 6 days in seconds: the unit after the high end applies to both.
      {"5..6 days", ParseSeconds, "uniform(4.32e5, 5.184e5)"},
      {"5..6days", ParseSeconds, "uniform(4.32e5, 5.184e5)"},
      {"5d..6 days", ParseSeconds, "uniform(4.32e5, 5.184e5)"},
      {"12 h..2 days", ParseSeconds, "uniform(4.32e4, 1.728e5)"},
      // 1 multiply-add = 2 FLOP; the SI prefix belongs to each end's number.
      {"1.2G..1.5G MAC", ParseCompute, "uniform(2.4e9, 3e9)"},
      {"1..2G MAC", ParseCompute, "uniform(2e9, 4e9)"},
      {"300B..400B", ParseNumber, "uniform(3e11, 4e11)"},
      {"uniform(1, 2)", ParseNumber, "uniform(1, 2)"},
      {"loguniform(1e12, 1e14)", ParseNumber, "loguniform(1e12, 1e14)"},
      {"log-uniform(2,3)", ParseNumber, "loguniform(2, 3)"},
      {"normal(5, 1) days", ParseSeconds, "normal(4.32e5, 8.64e4)"},
      {"LogNormal(1e23, 3)", ParseNumber, "lognormal(1e23, 3)"},
      // The gsd is a ratio and never takes the unit.
      {"lognormal(2, 3) days", ParseSeconds, "lognormal(1.728e5, 3)"},
      {"triangular(1, 2, 3)", ParseNumber, "triangular(1, 2, 3)"},
      {"uniform(1, 2) pfs-days", ParseCompute, "uniform(8.64e19, 1.728e20)"},
  };
  for (const ParseCase& c : cases) {
    const Result<Uncertain> u = ParseUncertain(c.text, c.parser);
    ASSERT_TRUE(u.ok()) << c.text << ": " << u.status().message();
    EXPECT_EQ(u->distribution.Describe(), c.describe) << c.text;
  }
}

TEST(ParseUncertain, StatesThePlainRangeRule) {
  const Result<Uncertain> u = ParseUncertain("0.3..0.5", ParseNumber);
  ASSERT_TRUE(u.ok());
  EXPECT_NE(u->note.find("uniform when it spans at most 10x"), std::string::npos) << u->note;
  const Result<Uncertain> w = ParseUncertain("1e22..1e24", ParseNumber);
  EXPECT_NE(w->note.find("log-uniform beyond 10x"), std::string::npos) << w->note;
  EXPECT_TRUE(ParseUncertain("uniform(1,2)", ParseNumber)->note.empty());
}

TEST(ParseUncertain, PositiveQuantities) {
  const UncertainOptions positive = UncertainOptions::Positive();
  const Result<Uncertain> n = ParseUncertain("normal(0.1, 0.1)", ParseNumber, positive);
  ASSERT_TRUE(n.ok()) << n.status().message();
  EXPECT_TRUE(n->distribution.truncated());
  // P(Z <= -1) = 15.87%, the mass the truncation removes.
  EXPECT_NE(n->note.find("15.9% of its mass removed"), std::string::npos) << n->note;
  EXPECT_TRUE(ParseUncertain("lognormal(1, 2)", ParseNumber, positive).ok());
  EXPECT_FALSE(ParseUncertain("0..1", ParseNumber, positive).ok());
  EXPECT_FALSE(ParseUncertain("-2", ParseNumber, positive).ok());
  EXPECT_FALSE(ParseUncertain("triangular(0, 1, 2)", ParseNumber, positive).ok());
  EXPECT_TRUE(ParseUncertain("0..1", ParseNumber).ok());  // fine when not required
}

struct ErrorCase {
  const char* text;
  PointParser parser;
  const char* message;
};

TEST(ParseUncertain, ErrorsQuoteTheTextAndSayWhatIsAccepted) {
  const ErrorCase cases[] = {
      {"0.5..0.3", ParseNumber, "the low end (0.5) must be below the high end (0.3)"},
      {"1..1", ParseNumber, "must be below"},
      {"..5", ParseNumber, "a range needs both ends"},
      {"lognorml(1, 2)", ParseNumber, "did you mean 'lognormal'"},
      {"gamma(1, 2)", ParseNumber, "unknown distribution 'gamma'"},
      {"uniform(1, 2, 3)", ParseNumber, "uniform takes 2 arguments (low, high), got 3"},
      {"uniform(1,000, 2,000)", ParseNumber, "cannot use thousands separators"},
      {"normal(0.4, 0.1", ParseNumber, "missing ')'"},
      {"uniform(2, 1)", ParseNumber, "'uniform(2, 1)': uniform(low, high) needs low < high"},
      {"lognormal(1e23, 0.5)", ParseNumber, "needs gsd > 1"},
      {"abc", ParseNumber, "a range LOW..HIGH or a distribution"},
      {"", ParseNumber, "it is empty"},
      {"5 parsecs..6 days", ParseSeconds, "low end of '5 parsecs..6 days': "},
      {"5 days..6 fortnights", ParseSeconds, "high end of '5 days..6 fortnights': "},
      {"normal(x, 1)", ParseNumber, "argument 'mean' of 'normal(x, 1)'"},
      {"lognormal(1, 2x)", ParseNumber, "argument 'gsd'"},
  };
  for (const ErrorCase& c : cases) {
    const Result<Uncertain> u = ParseUncertain(c.text, c.parser);
    ASSERT_FALSE(u.ok()) << c.text;
    EXPECT_NE(u.status().message().find(c.message), std::string::npos)
        << c.text << ": " << u.status().message();
  }
  // The accepted forms are listed.
  const std::string m = ParseUncertain("0.5..0.3", ParseNumber).status().message();
  EXPECT_NE(m.find("lognormal(median,gsd)"), std::string::npos) << m;
}

// Utilization is at most 1: a distribution that can pass it is refused, not
// clamped, and the message says what is accepted.
TEST(ParseUncertain, AnUpperBoundRefusesWhatCanExceedIt) {
  const UncertainOptions at_most_one = UncertainOptions::Positive(1.0);
  EXPECT_TRUE(ParseUncertain("0.3..0.5", ParseNumber, at_most_one).ok());
  EXPECT_TRUE(ParseUncertain("triangular(0.2, 0.3, 1)", ParseNumber, at_most_one).ok());
  for (const char* text : {"normal(0.4, 0.1)", "0.5..1.5", "lognormal(0.4, 1.5)"}) {
    const Result<Uncertain> u = ParseUncertain(text, ParseNumber, at_most_one);
    ASSERT_FALSE(u.ok()) << text;
    EXPECT_NE(u.status().message().find("can exceed 1"), std::string::npos)
        << u.status().message();
  }
  const Result<Uncertain> point = ParseUncertain("1.5", ParseNumber, at_most_one);
  ASSERT_FALSE(point.ok());
  EXPECT_NE(point.status().message().find("exceeds 1"), std::string::npos);
}

// Fuzz finding (range_fuzzer, lognormal(06,1e231)): ln gsd = 531, so the
// sampler's tails (z = +-8.3) give 6 x e^-4407 = 0 and 6 x e^4407 = infinity;
// refused with the reason. gsd 1e30 is still fine: 6 x 1e30^8.3 = 6e249.
TEST(ParseUncertain, LognormalTooWideForADoubleIsRefused) {
  const Result<Uncertain> u =
      ParseUncertain("lognormal(06,1e231)", ParseNumber, UncertainOptions::Positive());
  ASSERT_FALSE(u.ok());
  EXPECT_NE(u.status().message().find("far too wide"), std::string::npos) << u.status().message();
  const Result<Uncertain> wide =
      ParseUncertain("lognormal(6, 1e30)", ParseNumber, UncertainOptions::Positive());
  ASSERT_TRUE(wide.ok()) << wide.status().message();
  EXPECT_GT(wide->distribution.Quantile(1e-16), 0);
}

}  // namespace
}  // namespace trainflops
