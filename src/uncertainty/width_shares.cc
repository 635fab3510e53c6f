// Which uncertain quantity makes an interval wide: each quantity's share of
// the variance of ln(result) (see the header and docs/uncertainty.md).
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/text.h"
#include "trainflops/uncertain_estimate.h"

namespace trainflops {
namespace {

// The midpoint rule over probabilities: E[g(X)] = integral over p in (0, 1) of
// g(Quantile(p)), sampled at (i + 0.5) / n. With 1,000 points the error is
// about 1e-6 of the ln-variance for a uniform and 1e-4 for a triangular, whose
// quantile has an infinite slope at its ends (width_shares_test.cc), and
// it is deterministic, unlike a Monte Carlo estimate.
constexpr int kQuadraturePoints = 1000;

double QuadratureLogVariance(const Distribution& d) {
  double sum = 0, sum_squares = 0;
  int used = 0;
  for (int i = 0; i < kQuadraturePoints; ++i) {
    const double x = d.Quantile((i + 0.5) / kQuadraturePoints);
    if (!(x > 0)) continue;  // ln is undefined there; a positive quantity has no such mass
    const double l = std::log(x);
    sum += l;
    sum_squares += l * l;
    ++used;
  }
  if (used < 2) return 0;
  const double mean = sum / used;
  return std::max(0.0, sum_squares / used - mean * mean);
}

}  // namespace

double LogVariance(const Distribution& d) {
  switch (d.kind()) {
    case DistributionKind::kPoint:
      return 0;
    case DistributionKind::kLogNormal: {  // ln X ~ N(ln median, ln gsd)
      const double s = std::log(d.param(1));
      return s * s;
    }
    case DistributionKind::kLogUniform: {  // ln X ~ U(ln a, ln b): width^2 / 12
      const double w = std::log(d.param(1) / d.param(0));
      return w * w / 12;
    }
    default:
      return QuadratureLogVariance(d);
  }
}

std::vector<WidthShare> WidthShares(const std::vector<UncertainTerm>& terms,
                                    const std::vector<UncertainQuantity>& quantities) {
  double total_point = 0;
  std::vector<double> weight(quantities.size(), 0);
  for (const UncertainTerm& t : terms) {
    total_point += t.point;
    for (std::size_t i : t.quantities) {
      if (i < weight.size()) weight[i] += t.point;
    }
  }
  std::vector<WidthShare> shares;
  std::vector<double> variances;
  double sum = 0;
  for (std::size_t i = 0; i < quantities.size(); ++i) {
    const double w = total_point > 0 ? weight[i] / total_point : 1;
    const double v = w * w * LogVariance(quantities[i].ratio);
    if (!(v > 0)) continue;
    shares.push_back({quantities[i].name, v});
    sum += v;
  }
  if (!(sum > 0)) return {};
  for (WidthShare& s : shares) s.share /= sum;
  std::stable_sort(shares.begin(), shares.end(),
                   [](const WidthShare& a, const WidthShare& b) { return a.share > b.share; });
  return shares;
}

std::string FormatWidthShares(const std::vector<WidthShare>& shares) {
  std::vector<std::string> parts;
  for (const WidthShare& s : shares) {
    parts.push_back(s.name + " " + std::to_string(std::lround(100 * s.share)) + "%");
  }
  return JoinNames(parts, ", ");
}

}  // namespace trainflops
