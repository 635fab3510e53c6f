// Exact distributions of products, where they exist: the checks that the
// Monte Carlo is right.
#include <algorithm>
#include <cmath>

#include "trainflops/uncertainty.h"

namespace trainflops {
namespace {

struct Split {
  double constant = 1;  // product of the point factors (with their exponents)
  std::vector<const Factor*> uncertain;
};

Result<Split> SplitPoints(const std::vector<Factor>& factors) {
  if (factors.empty()) return Status::InvalidArgument("a product needs at least one factor");
  Split s;
  for (const Factor& f : factors) {
    if (f.exponent != 1 && f.exponent != -1) {
      return Status::InvalidArgument("factor '" + f.name + "': exponent must be +1 or -1");
    }
    if (f.distribution.is_point()) {
      s.constant *= f.exponent > 0 ? f.distribution.param(0) : 1 / f.distribution.param(0);
    } else {
      s.uncertain.push_back(&f);
    }
  }
  return s;
}

// ln X = sum of independent lognormals' logs: medians multiply, ln gsd add
// in quadrature (sum of independent normals).
Result<Distribution> LogNormalProduct(const Split& s) {
  double median = s.constant;
  double log_gsd_squared = 0;
  for (const Factor* f : s.uncertain) {
    median *= f->exponent > 0 ? f->distribution.param(0) : 1 / f->distribution.param(0);
    log_gsd_squared += std::pow(std::log(f->distribution.param(1)), 2);
  }
  return Distribution::LogNormal(median, std::exp(std::sqrt(log_gsd_squared)));
}

}  // namespace

Result<Distribution> ExactProduct(const std::vector<Factor>& factors) {
  TF_ASSIGN_OR_RETURN(const Split s, SplitPoints(factors));
  if (s.uncertain.empty()) return Distribution::Point(s.constant);
  bool all_lognormal = true;
  for (const Factor* f : s.uncertain) {
    all_lognormal = all_lognormal && f->distribution.kind() == DistributionKind::kLogNormal;
  }
  if (all_lognormal) return LogNormalProduct(s);
  if (s.uncertain.size() == 1) {
    const Factor& f = *s.uncertain.front();
    TF_ASSIGN_OR_RETURN(const Distribution d, f.exponent > 0 ? Result<Distribution>(f.distribution)
                                                             : f.distribution.Reciprocal());
    return d.Scaled(s.constant);
  }
  return Status::InvalidArgument(
      "no closed form for this product (closed forms: points, one uncertain factor, or "
      "lognormals)");
}

Result<double> LogUniformProductCdf(const std::vector<Factor>& factors, double x) {
  TF_ASSIGN_OR_RETURN(const Split s, SplitPoints(factors));
  if (!(s.constant > 0)) return Status::InvalidArgument("point factors must be positive");
  constexpr size_t kMaxTerms = 12;  // 2^12 subsets
  if (s.uncertain.size() > kMaxTerms) {
    return Status::InvalidArgument("at most 12 log-uniform factors");
  }
  // ln X = ln(constant) + sum of U(lo_i, lo_i + w_i); s = ln x - min(ln X).
  std::vector<double> widths;
  double shift = std::log(s.constant);
  for (const Factor* f : s.uncertain) {
    if (f->distribution.kind() != DistributionKind::kLogUniform) {
      return Status::InvalidArgument("factor '" + f->name + "' is not log-uniform");
    }
    const double la = std::log(f->distribution.param(0));
    const double lb = std::log(f->distribution.param(1));
    widths.push_back(lb - la);
    shift += f->exponent > 0 ? la : -lb;
  }
  if (!(x > 0)) return 0.0;
  if (widths.empty()) return x >= s.constant ? 1.0 : 0.0;
  const double t = std::log(x) - shift;
  const size_t n = widths.size();
  double total_width = 0, denominator = 1;
  for (size_t i = 0; i < n; ++i) {
    total_width += widths[i];
    denominator *= widths[i] * static_cast<double>(i + 1);  // n! prod w
  }
  if (t <= 0) return 0.0;
  if (t >= total_width) return 1.0;
  double sum = 0;
  for (size_t mask = 0; mask < (size_t{1} << n); ++mask) {
    double shifted = t;
    int sign = 1;
    for (size_t i = 0; i < n; ++i) {
      if (mask & (size_t{1} << i)) {
        shifted -= widths[i];
        sign = -sign;
      }
    }
    if (shifted > 0) sum += sign * std::pow(shifted, static_cast<double>(n));
  }
  return std::clamp(sum / denominator, 0.0, 1.0);
}

}  // namespace trainflops
