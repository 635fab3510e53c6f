// Each quantity's share of an interval's width (the variance of ln result),
// checked against ln-variances derived by hand.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include "trainflops/uncertain_estimate.h"

namespace trainflops {
namespace {

UncertainQuantity Quantity(const std::string& name, const Distribution& ratio) {
  return {name, ratio.Describe(), "given", ratio};
}

// Var(ln X) for X ~ U(a, b), from the antiderivatives
//   integral of ln x dx     = x ln x - x,
//   integral of (ln x)^2 dx = x ((ln x)^2 - 2 ln x + 2):
// E[ln X] = [x ln x - x]_a^b / (b - a), E[(ln X)^2] likewise, Var = E2 - E1^2.
double UniformLogVariance(double a, double b) {
  const auto f1 = [](double x) { return x * std::log(x) - x; };
  const auto f2 = [](double x) {
    const double l = std::log(x);
    return x * (l * l - 2 * l + 2);
  };
  const double e1 = (f1(b) - f1(a)) / (b - a), e2 = (f2(b) - f2(a)) / (b - a);
  return e2 - e1 * e1;
}

// Simpson's rule on [lo, hi] with n (even) intervals.
double Simpson(const std::function<double(double)>& g, double lo, double hi, int n) {
  const double h = (hi - lo) / n;
  double s = g(lo) + g(hi);
  for (int i = 1; i < n; ++i) s += g(lo + i * h) * (i % 2 ? 4 : 2);
  return s * h / 3;
}

TEST(LogVariance, ClosedFormsForTheLogScaleKinds) {
  // lognormal(gsd 2): ln X ~ N(., ln 2), Var = (ln 2)^2 = 0.480453.
  EXPECT_NEAR(LogVariance(*Distribution::LogNormal(5, 2)), 0.480453, 1e-6);
  // loguniform(1, 10): ln X ~ U(0, ln 10), Var = (ln 10)^2 / 12 = 5.301898 / 12 = 0.441825.
  EXPECT_NEAR(LogVariance(*Distribution::LogUniform(1, 10)), 0.441825, 1e-6);
  EXPECT_EQ(LogVariance(Distribution::Point(3)), 0);
}

// U(0.3, 0.5): E[ln X] = -0.926909, E[(ln X)^2] = 0.880624, Var = 0.0214644
// (UniformLogVariance above). The midpoint rule over 1,000 probabilities is
// within 1e-6 relative of it for a smooth quantile; the ratio to the median
// 0.4 (U(0.75, 1.25)) has the same ln-variance, ln(X / c) = ln X - ln c.
TEST(LogVariance, UniformMatchesItsClosedForm) {
  const double exact = UniformLogVariance(0.3, 0.5);
  EXPECT_NEAR(exact, 0.0214644, 1e-7);
  const Distribution u = *Distribution::Uniform(0.3, 0.5);
  EXPECT_NEAR(LogVariance(u), exact, 1e-5 * exact);
  EXPECT_NEAR(LogVariance(*RatioTo(u, 0.4)), exact, 1e-5 * exact);
}

// triangular(1, 2, 6) has no tidy closed form for Var(ln X); the reference
// integrates ln x and (ln x)^2 against the density by Simpson's rule on each
// side of the mode (20,000 intervals, independent of the quantile function):
// Var = 0.137146. The tolerance is loose (1e-3 relative) because the
// triangle's quantile grows like sqrt(p) at both ends, where the midpoint rule
// converges slowly (error about 8e-5 relative with 1,000 points).
TEST(LogVariance, TriangularMatchesIntegrationOverItsDensity) {
  const double lo = 1, mode = 2, hi = 6;
  const auto density = [&](double x) {
    return x < mode ? 2 * (x - lo) / ((hi - lo) * (mode - lo))
                    : 2 * (hi - x) / ((hi - lo) * (hi - mode));
  };
  const auto moment = [&](int k) {
    const auto g = [&](double x) { return density(x) * std::pow(std::log(x), k); };
    return Simpson(g, lo, mode, 20000) + Simpson(g, mode, hi, 20000);
  };
  const double reference = moment(2) - moment(1) * moment(1);
  EXPECT_NEAR(reference, 0.137146, 1e-6);
  EXPECT_NEAR(LogVariance(*Distribution::Triangular(lo, mode, hi)), reference, 1e-3 * reference);
}

// lognormal(gsd 2) x loguniform(1, 10): ln-variances 0.480453 and 0.441825
// add to 0.922278; shares 0.480453 / 0.922278 = 52.09% and 47.91%.
TEST(WidthShares, AProductSharesItsLnVarianceByFactor) {
  const std::vector<UncertainQuantity> q = {Quantity("volume", *Distribution::LogUniform(1, 10)),
                                            Quantity("rate", *Distribution::LogNormal(1, 2)),
                                            Quantity("fixed", Distribution::Point(1))};
  const auto shares = WidthShares({{"all", 1e20, {0, 1, 2}}}, q);
  ASSERT_EQ(shares.size(), 2u);       // the point has no share
  EXPECT_EQ(shares[0].name, "rate");  // largest first
  EXPECT_NEAR(shares[0].share, 0.520942, 1e-5);
  EXPECT_EQ(shares[1].name, "volume");
  EXPECT_NEAR(shares[1].share, 0.479058, 1e-5);
  EXPECT_EQ(FormatWidthShares(shares), "rate 52%, volume 48%");
}

// Points 3 and 1; "shared" (gsd 2) enters both terms, "late" (gsd 2) only the
// second. Weights: shared (3 + 1) / 4 = 1, late 1 / 4; shares in proportion
// to w^2 (ln 2)^2: 1 : 1/16, i.e. 16/17 = 0.941176 and 1/17 = 0.058824.
TEST(WidthShares, ATermsQuantityCountsByTheTermsWeight) {
  const Distribution g2 = *Distribution::LogNormal(1, 2);
  const auto shares = WidthShares({{"first", 3, {0}}, {"second", 1, {0, 1}}},
                                  {Quantity("shared", g2), Quantity("late", g2)});
  ASSERT_EQ(shares.size(), 2u);
  EXPECT_EQ(shares[0].name, "shared");
  EXPECT_NEAR(shares[0].share, 16.0 / 17, 1e-12);
  EXPECT_NEAR(shares[1].share, 1.0 / 17, 1e-12);
}

TEST(WidthShares, NothingUncertainHasNoShares) {
  EXPECT_TRUE(WidthShares({{"all", 1, {0}}}, {Quantity("x", Distribution::Point(2))}).empty());
}

// For a product, the shares are exact because independent ln-variances add:
// the Monte Carlo variance of ln(result) over 100,000 samples matches
// 0.480453 + 0.441825 = 0.922278 (standard error of a variance ~ sqrt(2 / N)
// relative for a normal, 0.45%; 3% allowed). The report carries the shares,
// its text block the line and its unit-free names.
TEST(WidthShares, PropagateTermsReportsThemAndTheVarianceAdds) {
  QuantityList list;
  list.Add("", Quantity("utilization", *Distribution::LogNormal(1, 2)));
  list.Add("", Quantity("precision", *Distribution::LogUniform(1, 10)));
  const std::vector<UncertainTerm> terms = {{"run", 1e24, {0, 1}}};
  UncertaintyOptions options;
  options.monte_carlo.samples = 100000;
  const auto report = PropagateTerms(terms, list, options);
  ASSERT_TRUE(report.ok()) << report.status().message();
  ASSERT_EQ(report->width_shares.size(), 2u);
  EXPECT_EQ(report->width_shares[0].name, "utilization");
  EXPECT_NE(RenderUncertaintyText(*report).find(
                "  width by input: utilization 52%, precision 48% (share of the variance of ln "
                "result)\n"),
            std::string::npos);

  const auto samples = SampleSumOfProducts(
      {{"u", list.quantities()[0].ratio, 1}, {"p", list.quantities()[1].ratio, 1}}, {{1.0, {0, 1}}},
      100000, kDefaultSeed);
  ASSERT_TRUE(samples.ok());
  double sum = 0, sum_squares = 0;
  for (double x : *samples) {
    sum += std::log(x);
    sum_squares += std::log(x) * std::log(x);
  }
  const double n = static_cast<double>(samples->size());
  const double variance = sum_squares / n - (sum / n) * (sum / n);
  EXPECT_NEAR(variance, 0.922278, 0.03 * 0.922278);
}

}  // namespace
}  // namespace trainflops
