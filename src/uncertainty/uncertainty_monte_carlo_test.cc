// Monte Carlo propagation checked against closed forms derived by hand.
//
// Tolerances: the empirical p-quantile q of N independent samples satisfies
// F(q) ~ p +- sqrt(p (1 - p) / N) (the order statistic's CDF value is a
// Beta variable), whatever the distribution. So every check below evaluates
// the exact CDF at the Monte Carlo quantile and allows 5 of those standard
// deviations: a correct sampler fails with probability ~6e-7 per check, a
// wrong one (a quantile off by even 1% of probability) fails every time.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <random>

#include "trainflops/uncertainty.h"

namespace trainflops {
namespace {

constexpr double kZ95 = 1.6448536269514722;  // standard normal 95th percentile (tables)

Factor F(const char* name, Result<Distribution> d, int exponent = 1) {
  return Factor{name, *d, exponent};
}

void ExpectQuantilesMatch(const std::vector<Factor>& factors,
                          const std::function<double(double)>& exact_cdf, size_t n) {
  MonteCarloOptions options;
  options.samples = n;
  options.quantiles = {0.25, 0.75};
  const Result<UncertaintySummary> s = Propagate(factors, options);
  ASSERT_TRUE(s.ok()) << s.status().message();
  const std::pair<double, double> checks[] = {{0.05, s->low},
                                              {0.5, s->median},
                                              {0.95, s->high},
                                              {0.25, s->quantiles[0].value},
                                              {0.75, s->quantiles[1].value}};
  for (const auto& [p, q] : checks) {
    const double tolerance = 5 * std::sqrt(p * (1 - p) / static_cast<double>(n));
    EXPECT_NEAR(exact_cdf(q), p, tolerance) << "p = " << p << ", quantile " << q;
  }
}

// Two log-uniform factors: log10 X1 ~ U(0, 1), log10 X2 ~ U(0, 2), so
// S = log10(X1 X2) has the trapezoidal density that rises linearly on [0, 1]
// to 1/2, stays 1/2 on [1, 2] and falls on [2, 3]. Integrating:
//   F(s) = s^2 / 4                (0 <= s <= 1)
//        = 1/4 + (s - 1) / 2      (1 <= s <= 2)
//        = 1 - (3 - s)^2 / 4      (2 <= s <= 3)
// Quantiles: median 1/4 + (s-1)/2 = 1/2 -> s = 1.5, X = 10^1.5 = 31.62;
// 5%: s^2/4 = 0.05 -> s = sqrt(0.2) = 0.4472, X = 2.801;
// 95%: s = 3 - sqrt(0.2) = 2.5528, X = 357.0.
double TrapezoidCdf(double x) {
  const double s = std::log10(x);
  if (s <= 0) return 0;
  if (s <= 1) return s * s / 4;
  if (s <= 2) return 0.25 + (s - 1) / 2;
  if (s <= 3) return 1 - (3 - s) * (3 - s) / 4;
  return 1;
}

std::vector<Factor> TwoLogUniforms() {
  return {F("a", Distribution::LogUniform(1, 10)), F("b", Distribution::LogUniform(1, 100))};
}

TEST(MonteCarlo, TwoLogUniformFactorsMatchTheTrapezoid) {
  const std::vector<Factor> factors = TwoLogUniforms();
  ExpectQuantilesMatch(factors, TrapezoidCdf, kDefaultSamples);
  const Result<UncertaintySummary> s = Propagate(factors);
  ASSERT_TRUE(s.ok());
  // The hand quantiles directly: the sample quantile of s has sd
  // sqrt(p (1-p) / N) / f(s), with density f = 0.22 at the 5% and 95% points
  // and 0.5 at the median: at most 0.0031; 5 sd = 0.016.
  EXPECT_NEAR(std::log10(s->median), 1.5, 0.016);
  EXPECT_NEAR(std::log10(s->low), std::sqrt(0.2), 0.016);
  EXPECT_NEAR(std::log10(s->high), 3 - std::sqrt(0.2), 0.016);
}

TEST(MonteCarlo, LogUniformCdfHelperAgreesWithTheHandFormula) {
  for (double x : {1.5, 3.0, 10.0, 31.6, 200.0, 700.0, 999.0}) {
    EXPECT_NEAR(*LogUniformProductCdf(TwoLogUniforms(), x), TrapezoidCdf(x), 1e-12) << x;
  }
  EXPECT_EQ(*LogUniformProductCdf(TwoLogUniforms(), 0.5), 0.0);
  EXPECT_EQ(*LogUniformProductCdf(TwoLogUniforms(), 2000), 1.0);
}

// A quotient: log10(A / B) = U(0, 2) - U(0, 1) = U(0, 2) + U(-1, 0), the same
// trapezoid shifted by -1: median 10^0.5.
TEST(MonteCarlo, QuotientOfLogUniforms) {
  const std::vector<Factor> factors = {F("a", Distribution::LogUniform(1, 100)),
                                       F("b", Distribution::LogUniform(1, 10), -1)};
  ExpectQuantilesMatch(
      factors, [](double x) { return TrapezoidCdf(x * 10); }, kDefaultSamples);
}

// Four log-uniform factors, as in chips x time x peak x utilization: the
// Monte Carlo against the Irwin-Hall closed form of LogUniformProductCdf.
TEST(MonteCarlo, FourLogUniformFactorsMatchTheClosedForm) {
  const std::vector<Factor> factors = {
      F("chips", Distribution::LogUniform(512, 2048)),
      F("seconds", Distribution::LogUniform(5 * 86400.0, 6 * 86400.0)),
      F("peak", Distribution::LogUniform(1.56e14, 3.12e14)),
      F("utilization", Distribution::LogUniform(0.2, 0.5))};
  ExpectQuantilesMatch(
      factors, [&](double x) { return *LogUniformProductCdf(factors, x); }, kDefaultSamples);
}

// Lognormal factors multiply into a lognormal: medians multiply, ln gsd add in
// quadrature. 6 x N x D with N ~ lognormal(1e12, 2), D ~ lognormal(1e11, 3):
// median 6e23, ln gsd = sqrt(ln^2 2 + ln^2 3) = 1.3; the 95th percentile is
// median x gsd^1.645.
TEST(MonteCarlo, LogNormalProductIsLogNormal) {
  const std::vector<Factor> factors = {F("six", Distribution::Point(6)),
                                       F("params", Distribution::LogNormal(1e12, 2)),
                                       F("tokens", Distribution::LogNormal(1e11, 3))};
  const double median = 6e23;
  const double log_gsd = std::sqrt(std::pow(std::log(2.0), 2) + std::pow(std::log(3.0), 2));
  const Result<Distribution> exact = ExactProduct(factors);
  ASSERT_TRUE(exact.ok()) << exact.status().message();
  EXPECT_NEAR(exact->Median() / median, 1, 1e-12);
  EXPECT_NEAR(exact->Quantile(0.95) / (median * std::exp(log_gsd * kZ95)), 1, 1e-12);
  ExpectQuantilesMatch(
      factors, [&](double x) { return NormalCdf(std::log(x / median) / log_gsd); },
      kDefaultSamples);
}

// A point times a range is the scaled range: 3 x uniform(1, 2) = uniform(3, 6).
TEST(MonteCarlo, PointTimesRangeIsAScaledRange) {
  const std::vector<Factor> factors = {F("k", Distribution::Point(3)),
                                       F("u", Distribution::Uniform(1, 2))};
  EXPECT_EQ(ExactProduct(factors)->Describe(), "uniform(3, 6)");
  ExpectQuantilesMatch(
      factors, [](double x) { return std::clamp((x - 3) / 3, 0.0, 1.0); }, kDefaultSamples);
  const std::vector<Factor> divided = {F("k", Distribution::Point(2)),
                                       F("u", Distribution::LogUniform(1, 4), -1)};
  EXPECT_EQ(ExactProduct(divided)->Describe(), "loguniform(0.5, 2)");
  EXPECT_FALSE(ExactProduct(TwoLogUniforms()).ok());  // no closed form claimed
}

TEST(MonteCarlo, NormalAndTriangularFactors) {
  // normal(10, 2): 95th percentile 10 + 2 x 1.645.
  ExpectQuantilesMatch(
      {F("n", Distribution::Normal(10, 2))}, [](double x) { return NormalCdf((x - 10) / 2); },
      20000);
  // triangular(1, 2, 3): F(x) = (x-1)^2 / 2 below 2, 1 - (3-x)^2 / 2 above.
  ExpectQuantilesMatch(
      {F("t", Distribution::Triangular(1, 2, 3))},
      [](double x) { return x <= 2 ? (x - 1) * (x - 1) / 2 : 1 - (3 - x) * (3 - x) / 2; }, 20000);
}

TEST(MonteCarlo, SameSeedSameNumbersOtherSeedOtherNumbers) {
  const std::vector<Factor> factors = TwoLogUniforms();
  const auto a = SampleProduct(factors, 1000, 7);
  const auto b = SampleProduct(factors, 1000, 7);
  const auto c = SampleProduct(factors, 1000, 8);
  ASSERT_TRUE(a.ok() && b.ok() && c.ok());
  EXPECT_EQ(*a, *b);  // bit for bit
  EXPECT_NE(*a, *c);
  // A point factor draws nothing: the others' streams are unchanged.
  std::vector<Factor> with_point = factors;
  with_point.insert(with_point.begin() + 1, F("two", Distribution::Point(2)));
  const auto d = SampleProduct(with_point, 1000, 7);
  ASSERT_TRUE(d.ok());
  for (size_t i = 0; i < 1000; i += 97) EXPECT_NEAR((*d)[i] / (*a)[i], 2.0, 1e-15);
  // Cross-machine reproducibility rests on std::mt19937_64, whose 10000th
  // output from the default seed the C++ standard fixes ([rand.predef]).
  std::mt19937_64 engine;
  engine.discard(9999);
  EXPECT_EQ(engine(), 9981545732273789042ULL);
}

TEST(MonteCarlo, QuantilesAreReportedInTheOrderAsked) {
  MonteCarloOptions options;
  options.quantiles = {0.9, 0.1};
  const Result<UncertaintySummary> s = Propagate({F("u", Distribution::Uniform(0, 1))}, options);
  ASSERT_TRUE(s.ok());
  ASSERT_EQ(s->quantiles.size(), 2u);
  EXPECT_EQ(s->quantiles[0].probability, 0.9);
  EXPECT_GT(s->quantiles[0].value, s->quantiles[1].value);
  EXPECT_EQ(s->seed, kDefaultSeed);
  EXPECT_EQ(s->samples, kDefaultSamples);
}

TEST(MonteCarlo, SortedQuantileInterpolatesLinearly) {
  const std::vector<double> sorted = {1, 2, 3, 4, 5};
  EXPECT_EQ(SortedQuantile(sorted, 0.5), 3);
  EXPECT_EQ(SortedQuantile(sorted, 0.125), 1.5);  // h = 4 x 0.125 = 0.5
  EXPECT_EQ(SortedQuantile({7}, 0.95), 7);
}

TEST(MonteCarlo, Errors) {
  EXPECT_FALSE(Propagate({}).ok());
  EXPECT_FALSE(Propagate({F("x", Distribution::Uniform(1, 2), 2)}).ok());
  MonteCarloOptions none;
  none.samples = 0;
  EXPECT_FALSE(Propagate({F("x", Distribution::Uniform(1, 2))}, none).ok());
  MonteCarloOptions bad_quantile;
  bad_quantile.quantiles = {1.5};
  EXPECT_FALSE(Propagate({F("x", Distribution::Uniform(1, 2))}, bad_quantile).ok());
  // 1e200 x 1e200 overflows a double: an error, not infinities.
  const auto overflow = Propagate(
      {F("a", Distribution::Uniform(1e200, 2e200)), F("b", Distribution::Uniform(1e200, 2e200))});
  ASSERT_FALSE(overflow.ok());
  EXPECT_NE(overflow.status().message().find("overflows"), std::string::npos);
}

TEST(MonteCarlo, ComputeNear1e27StaysFinite) {
  // 6 x 1e13 parameters x 1.7e13 tokens ~ 1e27 FLOP.
  const Result<UncertaintySummary> s =
      Propagate({F("six", Distribution::Point(6)), F("n", Distribution::Uniform(0.9e13, 1.1e13)),
                 F("d", Distribution::Uniform(1.6e13, 1.8e13))});
  ASSERT_TRUE(s.ok());
  EXPECT_NEAR(s->median / (6 * 1e13 * 1.7e13), 1, 0.01);
}

struct LabelCase {
  double median, low, high;
  ConfidenceLabel label;
};

TEST(ConfidenceLabels, SpreadFromTheMedianDecides) {
  const LabelCase cases[] = {
      {10, 5, 20, ConfidenceLabel::kConfident},         // 2x both ways
      {10, 10.0 / 3, 30, ConfidenceLabel::kConfident},  // exactly 3x
      {10, 3.4, 29, ConfidenceLabel::kConfident},
      {10, 2, 40, ConfidenceLabel::kLikely},         // 5x below
      {10, 5, 100, ConfidenceLabel::kLikely},        // exactly 10x above
      {10, 0.5, 11, ConfidenceLabel::kSpeculative},  // 20x below
      {10, 0, 11, ConfidenceLabel::kSpeculative},    // reaches 0
  };
  for (const LabelCase& c : cases) {
    EXPECT_EQ(LabelForInterval(c.median, c.low, c.high), c.label)
        << c.median << " " << c.low << " " << c.high;
  }
  EXPECT_EQ(ConfidenceLabelName(ConfidenceLabel::kLikely), "Likely");
  EXPECT_NE(ConfidenceRuleText(ConfidenceLabel::kConfident).find("3x"), std::string::npos);
}

TEST(FormatSummary, NamesSeedSamplesUnitAndLabel) {
  UncertaintySummary s;
  s.median = 3e23;
  s.low = 1e23;
  s.high = 9e23;
  s.samples = 100000;
  s.seed = 20260101;
  s.label = ConfidenceLabel::kConfident;
  EXPECT_EQ(FormatSummary(s, "FLOP"),
            "median 3e23 FLOP; 90% interval 1e23 .. 9e23 FLOP; Confident (the interval reaches 3x "
            "from the median); Monte Carlo: 100000 samples, seed 20260101");
}

TEST(DefaultRanges, EachHasASourceAndItsModeOrMedianIsThePoint) {
  ASSERT_GE(DefaultRanges().size(), 5u);
  for (const DefaultRange& r : DefaultRanges()) {
    EXPECT_FALSE(r.source.empty()) << r.name;
    EXPECT_GE(r.point, r.range.SupportLow()) << r.name;
    EXPECT_LE(r.point, r.range.SupportHigh()) << r.name;
    if (r.range.kind() == DistributionKind::kTriangular) {
      EXPECT_EQ(r.range.param(1), r.point) << r.name;  // the mode is the default
    } else {
      EXPECT_NEAR(r.range.Median(), r.point, 1e-12) << r.name;  // x/÷ ranges centre on it
    }
  }
  // Sevilla et al. 2022: 0.3 for large language models, 0.4 otherwise.
  EXPECT_EQ((*FindDefaultRange("utilization_llm"))->point, 0.3);
  EXPECT_EQ((*FindDefaultRange("utilization_other"))->point, 0.4);
  const auto typo = FindDefaultRange("utilisation_llm");
  ASSERT_FALSE(typo.ok());
  EXPECT_NE(typo.status().message().find("did you mean 'utilization_llm'"), std::string::npos);
}

}  // namespace
}  // namespace trainflops
