// Method 2 with ranges and default ranges, against closed forms by hand.
// Tolerance: the exact CDF at the Monte Carlo p-quantile is within
// 5 sqrt(p (1 - p) / N) of p (N = 100,000 samples, the default).
#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include "trainflops/method2.h"

namespace trainflops {
namespace {

void ExpectCdf(const UncertaintySummary& s, const std::function<double(double)>& cdf) {
  for (const auto& [p, q] : {std::pair{0.05, s.low}, {0.5, s.median}, {0.95, s.high}}) {
    EXPECT_NEAR(cdf(q), p, 5 * std::sqrt(p * (1 - p) / 1e5)) << "p = " << p << ", q = " << q;
  }
}

Uncertain Range(const char* text, Distribution d) { return Uncertain{d, text, ""}; }

// 10 chips x 1 day x 1e14 FLOP/s (given) = 8.64e19 FLOP at utilization 1.
Phase GivenPeakPhase() {
  Phase p;
  p.count = 10;
  p.time = *ParseDuration("1 day");
  p.peak_flops = 1e14;
  return p;
}

Result<Method2Result> RunPhases(std::vector<Phase> phases, bool default_ranges) {
  Method2Options o;
  o.phases = std::move(phases);
  o.uncertainty.default_ranges = default_ranges;
  return EstimateMethod2(o, DefaultHardwareDb());
}

// --utilization 0.3..0.5 on one phase: FLOP = 8.64e19 x U(0.3, 0.5); the
// point estimate uses the median 0.4.
TEST(Method2Uncertainty, AUtilizationRangeScalesTheProduct) {
  Phase p = GivenPeakPhase();
  p.utilization = Utilization{0.4, "0.4", "median of the range"};
  p.ranges.push_back({"--utilization", Range("0.3..0.5", *Distribution::Uniform(0.3, 0.5)), false});
  const Result<Method2Result> r = RunPhases({p}, false);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_DOUBLE_EQ(r->estimate.training_flop, 8.64e19 * 0.4);
  ASSERT_TRUE(r->uncertainty.has_value());
  ExpectCdf(r->uncertainty->summary, [](double x) { return (x / 8.64e19 - 0.3) / 0.2; });
}

// Two identical phases, one utilization range written for both: the total is
// 2 x 8.64e19 x U, so its 5% point is 2 x 8.64e19 x 0.31. Written in each
// phase separately, the two draws are independent and the sum is narrower
// (with U_i = 0.3 + 0.2 V_i, V1 + V2 is a triangle on [0, 2] whose 5% point
// s solves s^2 / 2 = 0.05, s = sqrt(0.1); per phase 0.3 + 0.2 sqrt(0.1) / 2
// = 0.3316).
TEST(Method2Uncertainty, ARangeForEveryPhaseIsOneQuantity) {
  for (const bool shared : {true, false}) {
    Phase p = GivenPeakPhase();
    p.utilization = Utilization{0.4, "0.4", "median"};
    p.ranges.push_back(
        {"--utilization", Range("0.3..0.5", *Distribution::Uniform(0.3, 0.5)), shared});
    const Result<Method2Result> r = RunPhases({p, p}, false);
    ASSERT_TRUE(r.ok()) << r.status().message();
    const double per_phase_low = r->uncertainty->summary.low / (2 * 8.64e19);
    EXPECT_NEAR(per_phase_low, shared ? 0.31 : 0.3 + 0.2 * std::sqrt(0.1) / 2, 0.002) << shared;
    EXPECT_EQ(r->uncertainty->quantities.size(), shared ? 1u : 2u);
  }
}

// --uncertainty with no utilization given: triangular(0.25, 0.4, 0.6) (Sevilla
// et al. 2022's 0.4 for non-language models is the mode). Its CDF is
// (x-0.25)^2 / (0.35 x 0.15) up to 0.4 and 1 - (0.6-x)^2 / (0.35 x 0.2) above:
// 5% at 0.3012, median 0.4129, 95% 0.5408. The given peak means no guessed
// precision and no imputation.
TEST(Method2Uncertainty, DefaultUtilizationRange) {
  const Result<Method2Result> r = RunPhases({GivenPeakPhase()}, true);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_DOUBLE_EQ(r->estimate.training_flop, 8.64e19 * 0.4);
  ASSERT_EQ(r->uncertainty->quantities.size(), 1u);
  EXPECT_EQ(r->uncertainty->quantities[0].name, "utilization (assumed)");
  ExpectCdf(r->uncertainty->summary, [](double flop) {
    const double x = flop / 8.64e19;
    return x <= 0.4 ? (x - 0.25) * (x - 0.25) / (0.35 * 0.15)
                    : 1 - (0.6 - x) * (0.6 - x) / (0.35 * 0.2);
  });
}

// Unknown hardware in 2016 with the precision left to the rule: the imputed
// peak (x/÷ 2) and the guessed precision (x/÷ 3) join the utilization.
TEST(Method2Uncertainty, ImputedHardwareAndGuessedPrecisionAddTheirRanges) {
  Phase p;
  p.chip = "unknown";
  p.count = 8;
  p.time = *ParseDuration("2 days");
  Method2Options o;
  o.phases = {p};
  o.year = 2016;
  o.uncertainty.default_ranges = true;
  const Result<Method2Result> r = EstimateMethod2(o, DefaultHardwareDb());
  ASSERT_TRUE(r.ok()) << r.status().message();
  std::vector<std::string> names;
  for (const UncertainQuantity& q : r->uncertainty->quantities) names.push_back(q.name);
  EXPECT_EQ(names,
            (std::vector<std::string>{"utilization (assumed)", "imputed peak (unknown hardware)",
                                      "precision (chosen by the rule of Sevilla et al. 2022)"}));
}

TEST(Method2Uncertainty, NoRangesAndNoDefaultRangesMeansNoInterval) {
  const Result<Method2Result> r = RunPhases({GivenPeakPhase()}, false);
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(r->uncertainty.has_value());
}

}  // namespace
}  // namespace trainflops
