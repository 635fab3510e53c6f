// The log-linear fit on synthetic data with a known doubling time.
#include <gtest/gtest.h>

#include <cmath>

#include "trainflops/trend.h"

namespace trainflops {
namespace {

// A doubling every `months` is log10(2) / (months / 12) orders of magnitude
// per year: 6 months -> 2 x log10(2) = 0.60206 per year, a 4x growth.
double SlopeFor(double months) { return std::log10(2.0) * 12 / months; }

// Points every quarter from `start` for `n` quarters, log10 FLOP = 18 at
// `start`, plus noise(k).
std::vector<TrendPoint> Synthetic(double months, int n, double start = 2010,
                                  double (*noise)(int) = nullptr) {
  std::vector<TrendPoint> points;
  for (int k = 0; k < n; ++k) {
    const double year = start + 0.25 * k;
    const double log_flop = 18 + SlopeFor(months) * (year - start) + (noise ? noise(k) : 0);
    points.push_back({"m" + std::to_string(k), "", year, std::pow(10.0, log_flop), k + 2});
  }
  return points;
}

// Deterministic noise of about 0.2 orders of magnitude (|e| <= 0.4).
double Wobble(int k) { return 0.25 * std::sin(1.3 * k) + 0.15 * std::cos(0.7 * k + 1); }

TEST(FitTrend, RecoversAKnownDoublingTimeExactlyWithoutNoise) {
  const Result<TrendResult> r = FitTrend(Synthetic(6, 40), {});
  ASSERT_TRUE(r.ok()) << r.status().message();
  const LinearFit& f = r->overall.fit;
  EXPECT_NEAR(DoublingTimeMonths(f.slope), 6.0, 1e-9);
  EXPECT_NEAR(GrowthPerYear(f.slope), 4.0, 1e-9);  // two doublings a year
  EXPECT_NEAR(f.r_squared, 1.0, 1e-12);
  EXPECT_NEAR(f.slope * 2010 + f.intercept, 18.0, 1e-9);
  ASSERT_TRUE(r->overall.interval.has_value());
  // Every resample lies on the same line.
  EXPECT_NEAR(r->overall.interval->doubling_low, 6.0, 1e-9);
  EXPECT_NEAR(r->overall.interval->doubling_high, 6.0, 1e-9);
  EXPECT_EQ(r->overall.interval->resamples, 2000u);
}

// With noise of rms sqrt(0.25^2/2 + 0.15^2/2) = 0.206 (orders of magnitude)
// on 40 quarterly points, the slope's standard error is rms / sqrt(Sxx), with
// Sxx = 40 x var(years) = 40 x 0.25^2 x (40^2 - 1) / 12 = 333: 0.206 / 18.2 =
// 0.0113, i.e. 1.9% of 0.602, or 0.113 months of doubling time; 3 standard
// errors = 0.34 months.
TEST(FitTrend, RecoversItWithNoiseWithinThreeStandardErrors) {
  const Result<TrendResult> r = FitTrend(Synthetic(6, 40, 2010, Wobble), {});
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_NEAR(DoublingTimeMonths(r->overall.fit.slope), 6.0, 0.34);
  const BootstrapInterval& b = *r->overall.interval;
  EXPECT_LT(b.doubling_low, 6.0);
  EXPECT_GT(b.doubling_high, 6.0);
  EXPECT_LT(b.doubling_high - b.doubling_low, 2.0);  // ~ 2 x 1.645 x 0.11 x 2 months
  EXPECT_LT(r->overall.fit.r_squared, 1.0);
}

TEST(FitTrend, SameSeedSameIntervalNoBootstrapNoInterval) {
  const std::vector<TrendPoint> points = Synthetic(6, 40, 2010, Wobble);
  TrendOptions a;
  a.seed = 1;
  const Result<TrendResult> r1 = FitTrend(points, a), r2 = FitTrend(points, a);
  EXPECT_EQ(r1->overall.interval->slope_low, r2->overall.interval->slope_low);
  a.seed = 2;
  EXPECT_NE(FitTrend(points, a)->overall.interval->slope_low, r1->overall.interval->slope_low);
  a.bootstrap = 0;
  EXPECT_FALSE(FitTrend(points, a)->overall.interval.has_value());
}

// Two eras joined at 2010: 24-month doubling for 10 years, then 6-month.
TEST(FitTrend, ErasAreFittedSeparately) {
  std::vector<TrendPoint> points = Synthetic(24, 40, 2000);
  for (TrendPoint& p : Synthetic(6, 40, 2010)) {
    p.flop *= std::pow(10.0, SlopeFor(24) * 10);  // continue from where era 1 ends
    points.push_back(p);
  }
  TrendOptions o;
  o.breaks = {"2010-01-01"};
  const Result<TrendResult> r = FitTrend(points, o);
  ASSERT_TRUE(r.ok()) << r.status().message();
  ASSERT_EQ(r->eras.size(), 2u);
  EXPECT_NEAR(DoublingTimeMonths(r->eras[0].fit.slope), 24.0, 1e-9);
  EXPECT_NEAR(DoublingTimeMonths(r->eras[1].fit.slope), 6.0, 1e-9);
  EXPECT_EQ(r->eras[0].fit.n, 40u);  // the point on the break date opens era 2
  EXPECT_EQ(r->eras[0].to, "2010-01-01");
  EXPECT_EQ(r->eras[1].from, "2010-01-01");
  EXPECT_EQ(r->eras[1].to, "");
}

TEST(FitTrend, NoGrowthHasNoDoublingTime) {
  EXPECT_TRUE(std::isinf(DoublingTimeMonths(0)));
  EXPECT_TRUE(std::isinf(DoublingTimeMonths(-0.5)));
  EXPECT_EQ(GrowthPerYear(1), 10);
}

TEST(FitTrend, Errors) {
  const std::vector<TrendPoint> points = Synthetic(6, 12, 2010);  // 2010.0 .. 2012.75
  const std::pair<std::vector<std::string>, const char*> cases[] = {
      {{"2030-01-01"}, "`breaks` 2030-01-01 is outside the data"},
      {{"2010-01-01"}, "is outside the data"},  // the first point: nothing before it
      {{"2010-06-01"}, "before 2010-06-01 has 2 points; each era needs at least 3"},
      {{"2011-01-01", "2011-01-01"}, "`breaks` 2011-01-01 is given twice"},
      {{"2011-13-01"}, "`breaks`: '2011-13-01' is not a date"},
  };
  for (const auto& [breaks, message] : cases) {
    TrendOptions o;
    o.breaks = breaks;
    const Result<TrendResult> r = FitTrend(points, o);
    ASSERT_FALSE(r.ok()) << message;
    EXPECT_NE(r.status().message().find(message), std::string::npos) << r.status().message();
  }
  std::vector<TrendPoint> same = points;
  for (TrendPoint& p : same) p.year = 2015;
  EXPECT_NE(FitTrend(same, {}).status().message().find("all 12 points have the same date"),
            std::string::npos);
  EXPECT_FALSE(FitTrend({points[0], points[1]}, {}).ok());
  TrendOptions level;
  level.level = 1.5;
  EXPECT_FALSE(FitTrend(points, level).ok());
}

// Three points a day apart from 1e-300 to 1e300 FLOP: a slope of about 1e5
// orders of magnitude per year, whose growth 10^slope is past 1.8e308 (the
// report printed "infx per year").
TEST(FitTrend, GrowthPastTheLargestDoubleIsRefused) {
  const std::vector<TrendPoint> points = {{"a", "", 2020.0, 1e-300, 2},
                                          {"b", "", 2020.0 + 1 / 366.0, 1e300, 3},
                                          {"c", "", 2020.0 + 2 / 366.0, 1e300, 4}};
  const Result<TrendResult> r = FitTrend(points, {});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message().rfind("the overall fit's growth per year overflows", 0), 0u)
      << r.status().message();
  // The largest inputs first; of equal ones, the last.
  EXPECT_NE(r.status().message().find("inputs: compute of 'c' = 1e300 (line 4), compute of 'a' = "
                                      "1e-300 (line 2)"),
            std::string::npos)
      << r.status().message();
}

// The same values 10 years apart: a slope of 60 per year grows 1e60x a year,
// but the largest over the earliest, 1e600, is past 1.8e308.
TEST(FitTrend, LargestOverEarliestPastTheLargestDoubleIsRefused) {
  const std::vector<TrendPoint> points = {
      {"a", "", 2000.0, 1e-300, 2}, {"b", "", 2005.0, 1, 3}, {"c", "", 2010.0, 1e300, 4}};
  const Result<TrendResult> r = FitTrend(points, {});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message().rfind("the largest / earliest compute overflows", 0), 0u)
      << r.status().message();
}

// A falling trend of 400 orders of magnitude a year grows 1e-400x a year:
// it underflows, and was printed as "0x per year".
TEST(FitTrend, GrowthUnderflowingToZeroIsRefused) {
  const std::vector<TrendPoint> points = {
      {"a", "", 2020.0, 1e300, 2}, {"b", "", 2020.5, 1e100, 3}, {"c", "", 2021.0, 1e-100, 4}};
  const Result<TrendResult> r = FitTrend(points, {});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message().rfind("the overall fit's growth per year is 0", 0), 0u)
      << r.status().message();
}

}  // namespace
}  // namespace trainflops
