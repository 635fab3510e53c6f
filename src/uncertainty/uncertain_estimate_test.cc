// Sums of products (estimates made of phases or stages) and the report of an
// estimate's uncertainty, checked against closed forms derived by hand.
//
// Tolerance, as in uncertainty_monte_carlo_test.cc: the exact CDF at the
// Monte Carlo p-quantile is p +- 5 sqrt(p (1 - p) / N).
#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include "trainflops/uncertain_estimate.h"

namespace trainflops {
namespace {

constexpr std::size_t kN = 100000;

Distribution U(double low, double high) { return *Distribution::Uniform(low, high); }

// Checks the 5%, 50% and 95% points of `s` against `cdf`.
void ExpectMatchesCdf(const UncertaintySummary& s, const std::function<double(double)>& cdf) {
  for (const auto& [p, q] : {std::pair{0.05, s.low}, {0.5, s.median}, {0.95, s.high}}) {
    EXPECT_NEAR(cdf(q), p, 5 * std::sqrt(p * (1 - p) / static_cast<double>(kN)))
        << "p = " << p << ", quantile " << q;
  }
}

MonteCarloOptions Samples() {
  MonteCarloOptions o;
  o.samples = kN;
  return o;
}

// Streams belong to the uncertain quantities in list order: a point quantity
// added in front draws nothing, and the order in which a term lists its
// quantities does not change the draws (so a phase's factors can be listed in
// any order).
TEST(SampleSumOfProducts, StreamsFollowTheUncertainQuantitiesNotTheTerms) {
  const Distribution a = U(1, 2), b = *Distribution::LogUniform(1, 100);
  const auto plain = SampleSumOfProducts({{"a", a, 1}, {"b", b, 1}}, {{1.0, {0, 1}}}, 1000, 42);
  const auto with_point = SampleSumOfProducts(
      {{"three", Distribution::Point(3), 1}, {"a", a, 1}, {"b", b, 1}}, {{1.0, {2, 0, 1}}},
      1000, 42);
  ASSERT_TRUE(plain.ok() && with_point.ok());
  ASSERT_EQ(plain->size(), with_point->size());
  for (std::size_t i = 0; i < plain->size(); ++i) {
    EXPECT_DOUBLE_EQ((*with_point)[i], 3 * (*plain)[i]) << i;
  }
  // Listing a first and b second, or swapping which quantity is first in the
  // list, are different samples: the test above is not vacuous.
  const auto swapped = SampleSumOfProducts({{"b", b, 1}, {"a", a, 1}}, {{1.0, {0, 1}}}, 1000, 42);
  ASSERT_TRUE(swapped.ok());
  EXPECT_NE(*plain, *swapped);
}

// A shared quantity: 1 x U + 1 x U = 2U, uniform on [2, 4]: F(x) = (x - 2) / 2.
TEST(SampleSumOfProducts, ASharedQuantityIsDrawnOncePerSample) {
  const std::vector<Factor> q = {{"u", U(1, 2), 1}};
  const auto s = PropagateSum(q, {{1.0, {0}}, {1.0, {0}}}, Samples());
  ASSERT_TRUE(s.ok()) << s.status().message();
  ExpectMatchesCdf(*s, [](double x) { return (x - 2) / 2; });
}

// Two independent U(1, 2): the sum is triangular on [2, 4] with mode 3:
// F(x) = (x - 2)^2 / 2 below 3 and 1 - (4 - x)^2 / 2 above, so the 5% point
// is 2 + sqrt(0.1) = 2.316, narrower than the shared case's 2.1.
TEST(SampleSumOfProducts, IndependentQuantitiesAddAsATriangle) {
  const std::vector<Factor> q = {{"u1", U(1, 2), 1}, {"u2", U(1, 2), 1}};
  const auto s = PropagateSum(q, {{1.0, {0}}, {1.0, {1}}}, Samples());
  ASSERT_TRUE(s.ok()) << s.status().message();
  ExpectMatchesCdf(*s, [](double x) {
    return x <= 3 ? (x - 2) * (x - 2) / 2 : 1 - (4 - x) * (4 - x) / 2;
  });
  EXPECT_NEAR(s->low, 2 + std::sqrt(0.1), 0.01);
}

// Coefficients weight the terms: 3 x U(1, 2) + 5 (a term of points only)
// is uniform on [8, 11].
TEST(SampleSumOfProducts, CoefficientsAndPointOnlyTerms) {
  const std::vector<Factor> q = {{"u", U(1, 2), 1}, {"five", Distribution::Point(5), 1}};
  const auto s = PropagateSum(q, {{3.0, {0}}, {1.0, {1}}}, Samples());
  ASSERT_TRUE(s.ok()) << s.status().message();
  ExpectMatchesCdf(*s, [](double x) { return (x - 8) / 3; });
}

TEST(SampleSumOfProducts, RejectsBadTerms) {
  const std::vector<Factor> q = {{"u", U(1, 2), 1}};
  EXPECT_FALSE(SampleSumOfProducts(q, {}, 10, 1).ok());
  const auto out_of_range = SampleSumOfProducts(q, {{1.0, {1}}}, 10, 1);
  ASSERT_FALSE(out_of_range.ok());
  EXPECT_NE(out_of_range.status().message().find("quantity 1 of only 1"), std::string::npos);
  EXPECT_FALSE(SampleSumOfProducts(q, {{INFINITY, {0}}}, 10, 1).ok());
  EXPECT_FALSE(SampleSumOfProducts(q, {{1.0, {0}}}, 0, 1).ok());
}

TEST(QuantityList, AKeyedQuantityIsListedOnce) {
  QuantityList list;
  const UncertainQuantity u{"utilization", "triangular", "Sevilla et al. 2022", U(0.5, 1.5)};
  EXPECT_EQ(list.Add("util", u), 0u);
  EXPECT_EQ(list.Add("", u), 1u);  // no key: a quantity of its own
  EXPECT_EQ(list.Add("util", u), 0u);
  EXPECT_EQ(list.quantities().size(), 2u);
}

// point 10 x ratio U(0.5, 1.5) = U(5, 15): 5% = 5.5, median 10, 95% = 14.5.
TEST(PropagateTerms, PointTimesRatio) {
  QuantityList list;
  const std::size_t i = list.Add("", {"--time", "'5..15 s'", "given", U(0.5, 1.5)});
  UncertaintyOptions options;
  options.monte_carlo = Samples();
  const auto r = PropagateTerms({{"", 10.0, {i}}}, list, options);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->point, 10.0);
  ExpectMatchesCdf(r->summary, [](double x) { return (x - 5) / 10; });
  ASSERT_EQ(r->quantities.size(), 1u);
  EXPECT_EQ(r->quantities[0].name, "--time");
  EXPECT_TRUE(r->notes.empty());
}

TEST(PropagateTerms, NothingUncertainGivesThePointAndSaysSo) {
  const auto r = PropagateTerms({{"a", 2.0, {}}, {"b", 3.0, {}}}, QuantityList(), {});
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->point, 5.0);
  EXPECT_EQ(r->summary.low, 5.0);
  EXPECT_EQ(r->summary.high, 5.0);
  ASSERT_EQ(r->notes.size(), 1u);
  EXPECT_NE(r->notes[0].find("no input or assumption is uncertain"), std::string::npos);
}

TEST(RatioTo, ScalesByTheUsedValueAndRejectsZero) {
  const auto r = RatioTo(U(2, 6), 4);
  ASSERT_TRUE(r.ok());
  EXPECT_DOUBLE_EQ(r->param(0), 0.5);
  EXPECT_DOUBLE_EQ(r->param(1), 1.5);
  EXPECT_FALSE(RatioTo(U(2, 6), 0).ok());
}

}  // namespace
}  // namespace trainflops
