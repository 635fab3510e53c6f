// The distributions of uncertain inputs: validation, exact inverse CDFs and
// closed-form transforms.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "trainflops/uncertainty.h"
#include "trainflops/units.h"

namespace {
// How many standard deviations from the median the sampler can reach:
// |InverseNormalCdf(2^-54)| = 8.29.
constexpr double kLogNormalReach = 8.3;
}  // namespace

namespace trainflops {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

std::string Num(double v) { return FormatScientific(v, 6); }

// Each check returns OK or "WHAT needs NEED" naming the distribution.
Status Need(bool ok, std::string_view what, const std::string& need) {
  return ok ? Status::Ok() : Status::InvalidArgument(std::string(what) + " needs " + need);
}

Status Finite(std::string_view what, std::initializer_list<double> values) {
  const bool all =
      std::all_of(values.begin(), values.end(), [](double v) { return std::isfinite(v); });
  return Need(all, what, "finite parameters");
}

Status Ordered(std::string_view what, double low, double high) {
  return Need(low < high, what, "low < high (got " + Num(low) + " and " + Num(high) + ")");
}

}  // namespace

Distribution Distribution::Make(DistributionKind kind, double a, double b, double c) {
  Distribution d;
  d.kind_ = kind;
  d.a_ = a;
  d.b_ = b;
  d.c_ = c;
  d.CacheLogs();
  return d;
}

Distribution Distribution::Point(double value) { return Make(DistributionKind::kPoint, value); }

Result<Distribution> Distribution::Uniform(double low, double high) {
  constexpr std::string_view kWhat = "uniform(low, high)";
  TF_RETURN_IF_ERROR(Finite(kWhat, {low, high}));
  TF_RETURN_IF_ERROR(Ordered(kWhat, low, high));
  return Make(DistributionKind::kUniform, low, high);
}

Result<Distribution> Distribution::LogUniform(double low, double high) {
  constexpr std::string_view kWhat = "loguniform(low, high)";
  TF_RETURN_IF_ERROR(Finite(kWhat, {low, high}));
  TF_RETURN_IF_ERROR(Need(low > 0, kWhat, "low > 0 (got " + Num(low) + ")"));
  TF_RETURN_IF_ERROR(Ordered(kWhat, low, high));
  return Make(DistributionKind::kLogUniform, low, high);
}

Result<Distribution> Distribution::Normal(double mean, double sd, bool truncate_below_zero) {
  constexpr std::string_view kWhat = "normal(mean, sd)";
  TF_RETURN_IF_ERROR(Finite(kWhat, {mean, sd}));
  TF_RETURN_IF_ERROR(Need(sd > 0, kWhat, "sd > 0 (got " + Num(sd) + ")"));
  TF_RETURN_IF_ERROR(Need(!truncate_below_zero || mean > 0, kWhat,
                          "mean > 0 for a positive quantity (got " + Num(mean) + ")"));
  Distribution d = Make(DistributionKind::kNormal, mean, sd);
  // Truncation keeps only x > 0: quantiles map p to P(x<=0) + p (1 - P(x<=0)).
  if (truncate_below_zero) d.truncated_mass_ = NormalCdf(-mean / sd);
  return d;
}

Result<Distribution> Distribution::LogNormal(double median, double gsd) {
  constexpr std::string_view kWhat = "lognormal(median, gsd)";
  TF_RETURN_IF_ERROR(Finite(kWhat, {median, gsd}));
  TF_RETURN_IF_ERROR(Need(median > 0, kWhat, "median > 0 (got " + Num(median) + ")"));
  TF_RETURN_IF_ERROR(
      Need(gsd > 1, kWhat,
           "gsd > 1, the geometric standard deviation as a factor (got " + Num(gsd) + ")"));
  // The sampler reaches z = +-8.3 (u down to 2^-54): median x gsd^+-8.3 must
  // stay a positive, finite double, or samples become 0 or infinity
  // (found by fuzz/range_fuzzer.cc: lognormal(6, 1e231)).
  const double reach = kLogNormalReach * std::log(gsd);
  TF_RETURN_IF_ERROR(Need(std::log(median) - reach > std::log(std::numeric_limits<double>::min()) &&
                              std::log(median) + reach < std::log(std::numeric_limits<double>::max()),
                          kWhat,
                          "median x gsd^+-8.3 within the range of a double (got median " +
                              Num(median) + ", gsd " + Num(gsd) + ": far too wide)"));
  return Make(DistributionKind::kLogNormal, median, gsd);
}

Result<Distribution> Distribution::Triangular(double low, double mode, double high) {
  constexpr std::string_view kWhat = "triangular(low, mode, high)";
  TF_RETURN_IF_ERROR(Finite(kWhat, {low, mode, high}));
  TF_RETURN_IF_ERROR(Ordered(kWhat, low, high));
  TF_RETURN_IF_ERROR(
      Need(mode >= low && mode <= high, kWhat,
           "low <= mode <= high (got " + Num(low) + ", " + Num(mode) + ", " + Num(high) + ")"));
  return Make(DistributionKind::kTriangular, low, mode, high);
}

// Sampling calls Quantile millions of times; the logs of the log-scale
// kinds' parameters are computed once here.
void Distribution::CacheLogs() {
  if (kind_ == DistributionKind::kLogUniform || kind_ == DistributionKind::kLogNormal) {
    log_a_ = std::log(a_);
    log_b_ = std::log(b_);
  }
}

double Distribution::Quantile(double p) const {
  // Rounding in the formulas below can step an ulp outside a bounded
  // support (a + (b - a) p > b); a utilization range must never exceed 1.
  return std::clamp(RawQuantile(p), SupportLow(), SupportHigh());
}

double Distribution::RawQuantile(double p) const {
  switch (kind_) {
    case DistributionKind::kPoint:
      return a_;
    case DistributionKind::kUniform:
      return a_ + (b_ - a_) * p;
    case DistributionKind::kLogUniform:
      return std::exp(log_a_ + (log_b_ - log_a_) * p);
    case DistributionKind::kNormal:
      return a_ + b_ * InverseNormalCdf(truncated_mass_ + p * (1 - truncated_mass_));
    case DistributionKind::kLogNormal:
      return std::exp(log_a_ + log_b_ * InverseNormalCdf(p));
    case DistributionKind::kTriangular: {
      // CDF: (x-a)^2 / ((c-a)(b-a)) up to the mode b, then 1 - (c-x)^2 / ((c-a)(c-b)).
      const double width = c_ - a_;
      if (p * width < b_ - a_) return a_ + std::sqrt(p * width * (b_ - a_));
      return c_ - std::sqrt((1 - p) * width * (c_ - b_));
    }
  }
  return a_;  // unreachable for valid enumerators
}

double Distribution::SupportLow() const {
  switch (kind_) {
    case DistributionKind::kNormal:
      return truncated() ? 0.0 : -kInf;
    case DistributionKind::kLogNormal:
      return 0.0;
    default:
      return a_;
  }
}

double Distribution::SupportHigh() const {
  switch (kind_) {
    case DistributionKind::kPoint:
      return a_;
    case DistributionKind::kUniform:
    case DistributionKind::kLogUniform:
      return b_;
    case DistributionKind::kTriangular:
      return c_;
    default:
      return kInf;
  }
}

Result<Distribution> Distribution::Scaled(double factor) const {
  if (!(factor > 0) || !std::isfinite(factor)) {
    return Status::InvalidArgument(
        "a distribution can only be scaled by a finite factor > 0 (got " + Num(factor) + ")");
  }
  Distribution d = *this;
  d.a_ *= factor;
  // The lognormal's gsd is a ratio; every other parameter is an amount (the
  // truncation point 0 is unmoved, so the truncated mass is unchanged).
  if (kind_ != DistributionKind::kLogNormal) d.b_ *= factor;
  d.c_ *= factor;
  TF_RETURN_IF_ERROR(Finite("a scaled distribution", {d.a_, d.b_, d.c_}));
  d.CacheLogs();
  return d;
}

Result<Distribution> Distribution::Reciprocal() const {
  switch (kind_) {
    case DistributionKind::kPoint:
      if (a_ == 0) return Status::InvalidArgument("cannot divide by a point value of 0");
      return Point(1 / a_);
    case DistributionKind::kLogUniform:
      return LogUniform(1 / b_, 1 / a_);
    case DistributionKind::kLogNormal:
      return LogNormal(1 / a_, b_);
    default:
      return Status::InvalidArgument("1/x of " + Describe() + " has no simple closed form");
  }
}

std::string Distribution::Describe(int digits) const {
  auto n = [digits](double v) { return FormatScientific(v, digits); };
  switch (kind_) {
    case DistributionKind::kPoint:
      return n(a_);
    case DistributionKind::kUniform:
      return "uniform(" + n(a_) + ", " + n(b_) + ")";
    case DistributionKind::kLogUniform:
      return "loguniform(" + n(a_) + ", " + n(b_) + ")";
    case DistributionKind::kNormal:
      return "normal(" + n(a_) + ", " + n(b_) + ")" + (truncated() ? " truncated below 0" : "");
    case DistributionKind::kLogNormal:
      return "lognormal(" + n(a_) + ", " + n(b_) + ")";
    case DistributionKind::kTriangular:
      return "triangular(" + n(a_) + ", " + n(b_) + ", " + n(c_) + ")";
  }
  return n(a_);  // unreachable for valid enumerators
}

double NormalCdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

// P. J. Acklam's rational approximation of the normal quantile (relative
// error below 1.15e-9), refined by one Halley step on erfc, which brings it
// to the accuracy of erfc itself.
double InverseNormalCdf(double p) {
  if (!(p > 0)) return -kInf;
  if (!(p < 1)) return kInf;
  static constexpr double a[] = {-3.969683028665376e+01, 2.209460984245205e+02,
                                 -2.759285104469687e+02, 1.383577518672690e+02,
                                 -3.066479806614716e+01, 2.506628277459239e+00};
  static constexpr double b[] = {-5.447609879822406e+01, 1.615858368580409e+02,
                                 -1.556989798598866e+02, 6.680131188771972e+01,
                                 -1.328068155288572e+01};
  static constexpr double c[] = {-7.784894002430293e-03, -3.223964580411365e-01,
                                 -2.400758277161838e+00, -2.549732539343734e+00,
                                 4.374664141464968e+00,  2.938163982698783e+00};
  static constexpr double d[] = {7.784695709041462e-03, 3.224671290700398e-01,
                                 2.445134137142996e+00, 3.754408661907416e+00};
  constexpr double kLow = 0.02425;
  auto tail = [&](double q) {
    return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
           ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  };
  double x;
  if (p < kLow) {
    x = tail(std::sqrt(-2 * std::log(p)));
  } else if (p <= 1 - kLow) {
    const double q = p - 0.5;
    const double r = q * q;
    x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
        (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
  } else {
    x = -tail(std::sqrt(-2 * std::log1p(-p)));
  }
  const double e = NormalCdf(x) - p;
  const double u = e * std::sqrt(2 * std::numbers::pi) * std::exp(x * x / 2);
  return x - u / (1 + x * u / 2);
}

}  // namespace trainflops
