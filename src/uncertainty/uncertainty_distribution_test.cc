// Distributions: exact quantiles against hand-derived values, validation,
// closed-form transforms.
#include <gtest/gtest.h>

#include <cmath>

#include "trainflops/uncertainty.h"

namespace trainflops {
namespace {

// Standard normal quantiles from published tables (e.g. Abramowitz & Stegun,
// Table 26.5; NIST/SEMATECH e-Handbook 1.3.6.7.1), to the digits printed there.
TEST(InverseNormalCdf, MatchesPublishedQuantiles) {
  EXPECT_NEAR(InverseNormalCdf(0.5), 0.0, 1e-15);
  EXPECT_NEAR(InverseNormalCdf(0.95), 1.6448536269514722, 1e-13);
  EXPECT_NEAR(InverseNormalCdf(0.975), 1.959963984540054, 1e-13);
  EXPECT_NEAR(InverseNormalCdf(0.05), -1.6448536269514722, 1e-13);
  EXPECT_NEAR(InverseNormalCdf(0.999), 3.090232306167813, 1e-12);
  EXPECT_NEAR(InverseNormalCdf(1e-10), -6.361340902404056, 1e-9);
  // Round trip through the CDF across the three regions of the approximation.
  for (double p : {1e-12, 0.001, 0.02, 0.03, 0.3, 0.7, 0.97, 0.98, 0.9999}) {
    EXPECT_NEAR(NormalCdf(InverseNormalCdf(p)) / p, 1.0, 1e-12) << p;
  }
}

struct QuantileCase {
  const char* name;
  Result<Distribution> distribution;
  double p;
  double expected;  // derived by hand from the distribution's CDF
};

TEST(Distribution, QuantilesMatchHandDerivations) {
  const double z95 = 1.6448536269514722;
  const QuantileCase cases[] = {
      {"point", Distribution::Point(0.4), 0.9, 0.4},
      {"uniform median", Distribution::Uniform(0.3, 0.5), 0.5, 0.4},
      {"uniform 5%", Distribution::Uniform(0.3, 0.5), 0.05, 0.3 + 0.05 * 0.2},
      // log10 x ~ U(0, 2): Q(p) = 10^(2p).
      {"loguniform median", Distribution::LogUniform(1, 100), 0.5, 10},
      {"loguniform 5%", Distribution::LogUniform(1, 100), 0.05, std::pow(10.0, 0.1)},
      // Symmetric triangle: the median is the mode.
      {"triangular median", Distribution::Triangular(1, 2, 3), 0.5, 2},
      // Mode at the low end: F(x) = 1 - (1-x)^2, so Q(0.75) = 1 - sqrt(0.25).
      {"triangular left", Distribution::Triangular(0, 0, 1), 0.75, 0.5},
      // F(x) = x^2 below the mode 1 (of 0..1..1): Q(0.25) = 0.5.
      {"triangular right", Distribution::Triangular(0, 1, 1), 0.25, 0.5},
      {"normal 95%", Distribution::Normal(10, 2), 0.95, 10 + 2 * z95},
      {"lognormal median", Distribution::LogNormal(1e23, 3), 0.5, 1e23},
      {"lognormal 95%", Distribution::LogNormal(1e23, 3), 0.95, 1e23 * std::pow(3.0, z95)},
  };
  for (const QuantileCase& c : cases) {
    ASSERT_TRUE(c.distribution.ok()) << c.name << ": " << c.distribution.status().message();
    EXPECT_NEAR(c.distribution->Quantile(c.p) / c.expected, 1.0, 1e-12) << c.name;
  }
}

TEST(Distribution, TruncatedNormalKeepsOnlyPositiveValues) {
  const Result<Distribution> d = Distribution::Normal(1, 1, /*truncate_below_zero=*/true);
  ASSERT_TRUE(d.ok());
  // Mass removed: P(Z <= -1) = 0.158655253931457 (normal table).
  EXPECT_NEAR(d->truncated_mass(), 0.158655253931457, 1e-12);
  EXPECT_NEAR(d->Quantile(1e-15), 0.0, 1e-9);
  // The truncated median is the untruncated quantile at 0.1587 + 0.5 x 0.8413.
  EXPECT_NEAR(d->Median(), 1 + InverseNormalCdf(0.158655253931457 + 0.5 * 0.841344746068543),
              1e-12);
  EXPECT_EQ(d->SupportLow(), 0.0);
  EXPECT_EQ(d->Describe(), "normal(1, 1) truncated below 0");
}

struct InvalidCase {
  const char* name;
  Result<Distribution> distribution;
  const char* message;
};

TEST(Distribution, RejectsInvalidParameters) {
  const InvalidCase cases[] = {
      {"uniform equal", Distribution::Uniform(1, 1), "needs low < high (got 1 and 1)"},
      {"uniform reversed", Distribution::Uniform(2, 1), "needs low < high"},
      {"loguniform zero", Distribution::LogUniform(0, 1), "needs low > 0"},
      {"normal sd", Distribution::Normal(1, 0), "needs sd > 0"},
      {"normal positive", Distribution::Normal(-1, 1, true), "needs mean > 0 for a positive"},
      {"lognormal gsd", Distribution::LogNormal(1, 1), "needs gsd > 1"},
      {"lognormal median", Distribution::LogNormal(0, 2), "needs median > 0"},
      {"triangular mode", Distribution::Triangular(1, 4, 3), "low <= mode <= high"},
      {"nan", Distribution::Uniform(std::nan(""), 1), "uniform(low, high) needs finite parameters"},
      {"inf", Distribution::LogNormal(HUGE_VAL, 2), "needs finite parameters"},
  };
  for (const InvalidCase& c : cases) {
    ASSERT_FALSE(c.distribution.ok()) << c.name;
    EXPECT_NE(c.distribution.status().message().find(c.message), std::string::npos)
        << c.name << ": " << c.distribution.status().message();
  }
}

TEST(Distribution, ScaledAndReciprocal) {
  const Result<Distribution> u = Distribution::Uniform(1, 2)->Scaled(3);
  ASSERT_TRUE(u.ok());
  EXPECT_EQ(u->Describe(), "uniform(3, 6)");
  // The gsd is a ratio: scaling moves the median only.
  EXPECT_EQ(Distribution::LogNormal(2, 3)->Scaled(5)->Describe(), "lognormal(10, 3)");
  EXPECT_EQ(Distribution::LogUniform(2, 8)->Reciprocal()->Describe(), "loguniform(0.125, 0.5)");
  EXPECT_EQ(Distribution::LogNormal(4, 2)->Reciprocal()->Describe(), "lognormal(0.25, 2)");
  EXPECT_FALSE(Distribution::Uniform(1, 2)->Reciprocal().ok());
  EXPECT_FALSE(Distribution::Uniform(1, 2)->Scaled(-1).ok());
  EXPECT_FALSE(Distribution::Uniform(1, 2)->Scaled(1e308).ok());  // 2e308 overflows
}

TEST(Distribution, SupportAndExtremes) {
  EXPECT_EQ(Distribution::Triangular(1, 2, 3)->SupportHigh(), 3);
  EXPECT_TRUE(std::isinf(Distribution::LogNormal(1, 2)->SupportHigh()));
  // Compute up to 1e27 FLOP and beyond stays finite.
  const Result<Distribution> big = Distribution::LogUniform(1e26, 1e28);
  EXPECT_NEAR(big->Median() / 1e27, 1.0, 1e-12);
}

}  // namespace
}  // namespace trainflops
