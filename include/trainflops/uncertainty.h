// Uncertain inputs: points, ranges and named distributions, propagated
// through a product of factors by Monte Carlo with a fixed, printed seed.
//
// Training-compute estimates are products of factors (chips x time x peak x
// utilization; 6 x parameters x tokens), so one general product propagates
// every estimate. Sampling goes through each distribution's own inverse CDF
// fed by std::mt19937_64 (whose output sequence the C++ standard fixes), never
// through std::*_distribution, whose algorithms are implementation-defined:
// the same inputs and seed give the same numbers on every standard library.
// See docs/uncertainty.md for the grammar, the rules and an example.
#ifndef TRAINFLOPS_UNCERTAINTY_H_
#define TRAINFLOPS_UNCERTAINTY_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "trainflops/defaults.h"
#include "trainflops/status.h"

namespace trainflops {

// kDefaultSeed and kDefaultSamples live in defaults.h.
inline constexpr std::size_t kMaxSamples = 100000000;
// A plain range "a..b" is uniform when b/a <= 10 and log-uniform beyond
// (both ends positive): over more than an order of magnitude a uniform range
// would put 90% of its mass in the top decade.
inline constexpr double kLogUniformRangeRatio = 10.0;

enum class DistributionKind { kPoint, kUniform, kLogUniform, kNormal, kLogNormal, kTriangular };

// One input's distribution. Parameters by kind:
//   point(v); uniform(low, high); loguniform(low, high): log x uniform;
//   normal(mean, sd), optionally truncated below 0 for positive quantities;
//   lognormal(median, gsd): ln x ~ N(ln median, ln gsd), gsd > 1 the
//     geometric standard deviation, so the 90% interval is
//     median / gsd^1.645 .. median x gsd^1.645;
//   triangular(low, mode, high).
class Distribution {
 public:
  Distribution() = default;  // point(0)
  static Distribution Point(double value);
  static Result<Distribution> Uniform(double low, double high);
  static Result<Distribution> LogUniform(double low, double high);
  static Result<Distribution> Normal(double mean, double sd, bool truncate_below_zero = false);
  static Result<Distribution> LogNormal(double median, double gsd);
  static Result<Distribution> Triangular(double low, double mode, double high);

  DistributionKind kind() const { return kind_; }
  bool is_point() const { return kind_ == DistributionKind::kPoint; }
  // The parameters in the order of the factory's arguments.
  double param(int i) const { return i == 0 ? a_ : (i == 1 ? b_ : c_); }
  bool truncated() const { return truncated_mass_ > 0; }
  // P(x <= 0) removed by truncation (normal only), else 0.
  double truncated_mass() const { return truncated_mass_; }

  // Exact inverse CDF for p in (0, 1) (the normal's is accurate to ~1e-15).
  double Quantile(double p) const;
  double Median() const { return Quantile(0.5); }
  // Bounds of the support (+-infinity for the normal's and lognormal's tails).
  double SupportLow() const;
  double SupportHigh() const;
  // x -> factor * x for factor > 0: a point times a range is a scaled range.
  Result<Distribution> Scaled(double factor) const;
  // x -> 1 / x, where the result has a closed form (point, loguniform,
  // lognormal); other kinds give an error.
  Result<Distribution> Reciprocal() const;
  // "uniform(0.3, 0.5)", "lognormal(median 1e23, gsd 3)", "0.4".
  std::string Describe(int digits = 4) const;

 private:
  static Distribution Make(DistributionKind kind, double a, double b = 0, double c = 0);
  void CacheLogs();
  double RawQuantile(double p) const;

  DistributionKind kind_ = DistributionKind::kPoint;
  double a_ = 0, b_ = 0, c_ = 0;
  double log_a_ = 0, log_b_ = 0;  // ln of a_ and b_ for the log-scale kinds
  double truncated_mass_ = 0;
};

// ---- Parsing -------------------------------------------------------------

// Parses one point value with its unit ("5 days", "2.5 GMAC", "0.4"): the
// caller's own parser (ParseNumber, ParseCompute, a duration parser...).
using PointParser = std::function<Result<double>(std::string_view)>;

struct UncertainOptions {
  // The quantity must be > 0 (counts, FLOP, durations, utilization): ranges
  // must start above 0, and a normal is truncated below 0.
  bool positive = false;
  // The largest value the quantity may take (utilization: 1). A distribution
  // whose support reaches beyond it (a normal's tail, a range past it) is an
  // error rather than a silent clamp.
  std::optional<double> at_most;

  // A positive quantity, optionally bounded above (utilization: Positive(1)).
  static UncertainOptions Positive(std::optional<double> at_most = std::nullopt) {
    UncertainOptions o;
    o.positive = true;
    o.at_most = at_most;
    return o;
  }
};

struct Uncertain {
  Distribution distribution;
  std::string text;  // what the user wrote
  std::string note;  // how it was read, e.g. the plain-range rule; "" for plain cases
};

// Accepts "0.4"; "0.3..0.5" (uniform, or log-uniform when high/low > 10);
// "5..6 days" (the low end takes what the high end writes after its number
// and the low end does not write itself: "1.2G..1.5G MAC" = 1.2G MAC..1.5G MAC);
// uniform(a,b), loguniform(a,b), normal(mean,sd), lognormal(median,gsd),
// triangular(low,mode,high), optionally followed by a unit ("normal(5,1) days"):
// the unit goes to every amount argument written without one (not to gsd).
// Numbers inside parentheses are separated by commas, so they cannot use
// thousands separators. Errors quote the text and say what is accepted.
Result<Uncertain> ParseUncertain(std::string_view text, const PointParser& parse_point,
                                 UncertainOptions options = {});

// What ParseUncertain accepts, for help texts and error messages.
std::string_view UncertainGrammar();

// ---- Propagation ---------------------------------------------------------

struct Factor {
  std::string name;  // "utilization"
  Distribution distribution;
  int exponent = 1;  // +1 multiplies, -1 divides
};

// One term of a sum of products: coefficient x the product of the listed
// quantities (indices into the quantity list). Two terms that list the same
// index share that quantity: each sample draws it once and both terms use the
// draw (e.g. one utilization assumed for every phase of a run).
struct ProductTerm {
  double coefficient = 1;
  std::vector<std::size_t> quantities;
};

struct MonteCarloOptions {
  std::size_t samples = kDefaultSamples;
  std::uint64_t seed = kDefaultSeed;
  std::vector<double> quantiles;  // extra probabilities to report, each in (0, 1)
};

struct QuantileValue {
  double probability = 0;
  double value = 0;
};

enum class ConfidenceLabel { kConfident, kLikely, kSpeculative };

struct UncertaintySummary {
  double median = 0;
  double low = 0;                        // 5th percentile
  double high = 0;                       // 95th percentile
  std::vector<QuantileValue> quantiles;  // the requested ones, in the order asked
  std::size_t samples = 0;
  std::uint64_t seed = 0;
  ConfidenceLabel label = ConfidenceLabel::kSpeculative;
};

// N samples of prod_i X_i^{e_i}. The k-th uncertain (non-point) factor draws
// from its own stream, seeded from (seed, k), so adding or removing a point
// factor leaves the others' draws unchanged.
// Errors: no factors, a bad exponent, samples outside 1..kMaxSamples, or a
// product that overflows or is not a number.
Result<std::vector<double>> SampleProduct(const std::vector<Factor>& factors, std::size_t samples,
                                          std::uint64_t seed);

// N samples of sum_t c_t prod_{i in t} X_i^{e_i}: an estimate made of several
// parts (phases on different hardware, training stages). The k-th uncertain
// quantity of the list draws from stream k as in SampleProduct, so one term
// listing every quantity samples exactly as SampleProduct. Same errors as
// SampleProduct, and no terms, an index out of range or a non-finite
// coefficient.
Result<std::vector<double>> SampleSumOfProducts(const std::vector<Factor>& quantities,
                                                const std::vector<ProductTerm>& terms,
                                                std::size_t samples, std::uint64_t seed);

// Median, 5%-95% interval, the requested quantiles and the confidence label.
// Reorders `samples` (selection, not a full sort). Quantiles interpolate
// linearly between order statistics (Hyndman & Fan type 7, R's default).
Result<UncertaintySummary> Summarize(std::vector<double>& samples,
                                     const MonteCarloOptions& options);

// SampleProduct then Summarize.
Result<UncertaintySummary> Propagate(const std::vector<Factor>& factors,
                                     const MonteCarloOptions& options = {});
// SampleSumOfProducts then Summarize.
Result<UncertaintySummary> PropagateSum(const std::vector<Factor>& quantities,
                                        const std::vector<ProductTerm>& terms,
                                        const MonteCarloOptions& options = {});

// The seed of the k-th random stream of a run with `seed` (SplitMix64 mixing,
// Steele, Lea & Flood 2014), for std::mt19937_64: nearby seeds and streams
// give unrelated sequences.
std::uint64_t StreamSeed(std::uint64_t seed, std::uint64_t stream);

// The p-quantile of sorted data (type 7). `sorted` must not be empty.
double SortedQuantile(const std::vector<double>& sorted, double p);

// One line: "median 3.1e23 FLOP, 90% interval 1.2e23 .. 8.4e23 FLOP (Likely:
// ...); Monte Carlo, 100,000 samples, seed 20260101".
std::string FormatSummary(const UncertaintySummary& summary, std::string_view unit);

// ---- Closed forms (for checks and tests) ---------------------------------

// The exact distribution of the product when one exists: points only; one
// non-point factor among points (a scaled range); lognormals and points
// (lognormal: medians multiply, ln gsd add in quadrature). Otherwise an error.
Result<Distribution> ExactProduct(const std::vector<Factor>& factors);

// P(X <= x) for X the product of log-uniform (and point) factors: ln X is a
// sum of independent uniforms U(0, w_i) plus a constant, whose CDF is
// sum over subsets S of (-1)^|S| (s - sum_S w)_+^n / (n! prod w)
// (the Irwin-Hall formula for unequal widths). At most 12 non-point factors.
Result<double> LogUniformProductCdf(const std::vector<Factor>& factors, double x);

// Inverse of the standard normal CDF (Acklam's approximation refined by
// one Halley step with erfc): |error| ~ 1e-15.
double InverseNormalCdf(double p);
double NormalCdf(double x);
// InverseNormalCdf(0.95): a 90% interval is the median /x exp(kZ95 x sigma)
// of a lognormal (and median -+ kZ95 sd of a normal).
inline constexpr double kZ95 = 1.6448536269514722;

// ---- Confidence labels ---------------------------------------------------

// Epoch AI's labels for how wide an estimate's 90% interval is. The rule
// implemented: spread = max(high / median, median / low);
//   Confident if spread <= 3, Likely if spread <= 10, Speculative beyond
//   (or when low <= 0). See docs/uncertainty.md for the source and wording.
inline constexpr double kConfidentSpread = 3.0;
inline constexpr double kLikelySpread = 10.0;
double IntervalSpread(double median, double low, double high);
ConfidenceLabel LabelForInterval(double median, double low, double high);
std::string_view ConfidenceLabelName(ConfidenceLabel label);
// "Confident: the 90% interval is within 3x of the median" etc.
std::string ConfidenceRuleText(ConfidenceLabel label);

// ---- Default ranges of assumptions ---------------------------------------

// What an assumption becomes under --uncertainty: the point value used
// without it, and a distribution with its source.
struct DefaultRange {
  std::string name;        // "utilization_llm"
  std::string applies_to;  // "hardware utilization, large language models"
  double point = 0;
  Distribution range;
  std::string source;
};

const std::vector<DefaultRange>& DefaultRanges();
// Unknown names get a did-you-mean and the list of names.
Result<const DefaultRange*> FindDefaultRange(std::string_view name);

}  // namespace trainflops

#endif  // TRAINFLOPS_UNCERTAINTY_H_
