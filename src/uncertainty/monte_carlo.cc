// Monte Carlo propagation through a product of independent factors.
//
// Determinism: each factor has its own std::mt19937_64 stream (the engine's
// output is fixed by the C++ standard), seeded with SplitMix64 of the seed
// and the uncertain factor's index; uniform bits become a number in (0, 1) by our own
// arithmetic and then a sample through the distribution's exact inverse CDF.
// Nothing depends on the standard library's distribution algorithms.
#include <algorithm>
#include <cmath>
#include <random>

#include "trainflops/uncertainty.h"
#include "trainflops/units.h"

namespace trainflops {
namespace {

// Steele, Lea & Flood (2014), "Fast splittable pseudorandom number
// generators": decorrelates nearby seeds such as (seed, 0) and (seed, 1).
std::uint64_t SplitMix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

// The top 53 bits, centred in their cell: strictly inside (0, 1), so that
// inverse CDFs with infinite tails stay finite.
double UnitOpen(std::uint64_t bits) { return (static_cast<double>(bits >> 11) + 0.5) * 0x1.0p-53; }

Status CheckFactors(const std::vector<Factor>& factors) {
  if (factors.empty()) return Status::InvalidArgument("a product needs at least one factor");
  for (const Factor& f : factors) {
    if (f.exponent != 1 && f.exponent != -1) {
      return Status::InvalidArgument("factor '" + f.name + "': exponent must be +1 or -1 (got " +
                                     std::to_string(f.exponent) + ")");
    }
  }
  return Status::Ok();
}

void MultiplyByFactor(const Factor& f, std::uint64_t stream_seed, std::vector<double>& out) {
  const Distribution& d = f.distribution;
  if (d.is_point()) {
    const double v = f.exponent > 0 ? d.param(0) : 1 / d.param(0);
    for (double& x : out) x *= v;
    return;
  }
  std::mt19937_64 engine(stream_seed);
  if (f.exponent > 0) {
    for (double& x : out) x *= d.Quantile(UnitOpen(engine()));
  } else {
    for (double& x : out) x /= d.Quantile(UnitOpen(engine()));
  }
}

// The single term 1 x every factor: a plain product.
ProductTerm AllOf(const std::vector<Factor>& factors) {
  ProductTerm t;
  for (std::size_t i = 0; i < factors.size(); ++i) t.quantities.push_back(i);
  return t;
}

// The type-7 quantile by selection, O(n) instead of a sort: the order
// statistics at floor(h) and floor(h) + 1 are those a sort would give.
double SelectQuantile(std::vector<double>& v, double p) {
  const double h = static_cast<double>(v.size() - 1) * p;
  const auto lo = static_cast<std::size_t>(std::floor(h));
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(lo), v.end());
  const double a = v[lo];
  if (lo + 1 >= v.size()) return a;
  const double b = *std::min_element(v.begin() + static_cast<std::ptrdiff_t>(lo) + 1, v.end());
  return a + (h - static_cast<double>(lo)) * (b - a);
}

}  // namespace

std::uint64_t StreamSeed(std::uint64_t seed, std::uint64_t stream) {
  return SplitMix64(SplitMix64(seed) + stream);
}

namespace {

Status CheckTerms(const std::vector<Factor>& quantities, const std::vector<ProductTerm>& terms,
                  std::size_t samples) {
  if (terms.empty()) return Status::InvalidArgument("a sum of products needs at least one term");
  for (const ProductTerm& t : terms) {
    if (!std::isfinite(t.coefficient)) {
      return Status::InvalidArgument("a term's coefficient must be a finite number");
    }
    for (std::size_t i : t.quantities) {
      if (i >= quantities.size()) {
        return Status::InvalidArgument("a term lists quantity " + std::to_string(i) +
                                       " of only " + std::to_string(quantities.size()));
      }
    }
  }
  if (samples < 1 || samples > kMaxSamples) {
    return Status::InvalidArgument("the number of samples must be between 1 and " +
                                   std::to_string(kMaxSamples) + " (got " +
                                   std::to_string(samples) + ")");
  }
  return Status::Ok();
}

}  // namespace

Result<std::vector<double>> SampleSumOfProducts(const std::vector<Factor>& quantities,
                                                const std::vector<ProductTerm>& terms,
                                                std::size_t samples, std::uint64_t seed) {
  TF_RETURN_IF_ERROR(CheckFactors(quantities));
  TF_RETURN_IF_ERROR(CheckTerms(quantities, terms, samples));
  // Streams are numbered over the uncertain quantities only, so a point factor
  // (which draws nothing) can be added or removed without changing the rest;
  // a quantity used by several terms replays its stream in each.
  std::vector<std::uint64_t> stream(quantities.size(), 0);
  std::uint64_t next = 0;
  for (std::size_t i = 0; i < quantities.size(); ++i) {
    stream[i] = next;
    if (!quantities[i].distribution.is_point()) ++next;
  }
  const bool single = terms.size() == 1;
  std::vector<double> total(samples, single ? terms[0].coefficient : 0.0);
  std::vector<double> term_values(single ? 0 : samples);
  for (const ProductTerm& t : terms) {
    std::vector<double>& out = single ? total : term_values;
    if (!single) std::fill(out.begin(), out.end(), t.coefficient);
    for (std::size_t i : t.quantities) {
      MultiplyByFactor(quantities[i], StreamSeed(seed, stream[i]), out);
    }
    if (!single) {
      for (std::size_t k = 0; k < samples; ++k) total[k] += term_values[k];
    }
  }
  for (double x : total) {
    if (!std::isfinite(x)) {
      return Status::InvalidArgument(
          "the product of the factors overflows or is not a number (a factor too large, or a "
          "division by a value near 0)");
    }
  }
  return total;
}

Result<std::vector<double>> SampleProduct(const std::vector<Factor>& factors, std::size_t samples,
                                          std::uint64_t seed) {
  return SampleSumOfProducts(factors, {AllOf(factors)}, samples, seed);
}

double SortedQuantile(const std::vector<double>& sorted, double p) {
  const double h = static_cast<double>(sorted.size() - 1) * p;
  const auto lo = static_cast<std::size_t>(std::floor(h));
  if (lo + 1 >= sorted.size()) return sorted.back();
  return sorted[lo] + (h - static_cast<double>(lo)) * (sorted[lo + 1] - sorted[lo]);
}

Result<UncertaintySummary> Summarize(std::vector<double>& samples,
                                     const MonteCarloOptions& options) {
  if (samples.empty()) return Status::InvalidArgument("no samples to summarize");
  for (double p : options.quantiles) {
    if (!(p > 0 && p < 1)) {
      return Status::InvalidArgument("quantile " + FormatScientific(p, 6) +
                                     " must be a probability strictly between 0 and 1");
    }
  }
  UncertaintySummary s;
  s.median = SelectQuantile(samples, 0.5);
  s.low = SelectQuantile(samples, 0.05);
  s.high = SelectQuantile(samples, 0.95);
  for (double p : options.quantiles) s.quantiles.push_back({p, SelectQuantile(samples, p)});
  s.samples = samples.size();
  s.seed = options.seed;
  s.label = LabelForInterval(s.median, s.low, s.high);
  return s;
}

Result<UncertaintySummary> Propagate(const std::vector<Factor>& factors,
                                     const MonteCarloOptions& options) {
  return PropagateSum(factors, {AllOf(factors)}, options);
}

Result<UncertaintySummary> PropagateSum(const std::vector<Factor>& quantities,
                                        const std::vector<ProductTerm>& terms,
                                        const MonteCarloOptions& options) {
  TF_ASSIGN_OR_RETURN(std::vector<double> samples,
                      SampleSumOfProducts(quantities, terms, options.samples, options.seed));
  return Summarize(samples, options);
}

std::string FormatSummary(const UncertaintySummary& s, std::string_view unit) {
  const std::string u = unit.empty() ? "" : " " + std::string(unit);
  std::string out = "median " + FormatScientific(s.median) + u + "; 90% interval " +
                    FormatScientific(s.low) + " .. " + FormatScientific(s.high) + u;
  for (const QuantileValue& q : s.quantiles) {
    out += "; " + FormatScientific(100 * q.probability, 4) + "th percentile " +
           FormatScientific(q.value) + u;
  }
  const double spread = IntervalSpread(s.median, s.low, s.high);
  out += "; " + std::string(ConfidenceLabelName(s.label));
  out += std::isfinite(spread)
             ? " (the interval reaches " + FormatScientific(spread, 3) + "x from the median)"
             : " (the interval reaches 0 or below)";
  return out + "; Monte Carlo: " + std::to_string(s.samples) + " samples, seed " +
         std::to_string(s.seed);
}

}  // namespace trainflops
