// The uncertainty of one estimate: which inputs and assumptions were ranges,
// where each range comes from, and the Monte Carlo summary of the result.
//
// Every estimator keeps its point estimate (inputs at their medians,
// assumptions at their usual values) and, when an input is a range or the
// user asks for --uncertainty, expresses the estimate as a sum of products of
// that point and each uncertain factor's ratio to its own median. The sum
// covers estimates made of parts (phases, stages); a factor shared by several
// parts (one utilization for every phase) is one quantity, drawn once per
// sample. See docs/uncertainty.md.
#ifndef TRAINFLOPS_UNCERTAIN_ESTIMATE_H_
#define TRAINFLOPS_UNCERTAIN_ESTIMATE_H_

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "trainflops/status.h"
#include "trainflops/uncertainty.h"
#include "trainflops/units.h"

namespace trainflops {

struct UncertaintyOptions {
  // --uncertainty: assumptions that were not given (utilization, the
  // backward/forward ratio, a guessed precision, an imputed peak) take their
  // documented default ranges (DefaultRanges()). Without it only the inputs
  // the user wrote as ranges are uncertain.
  bool default_ranges = false;
  MonteCarloOptions monte_carlo;  // samples, seed, extra quantiles
};

// One uncertain quantity: what the report lists, and the ratio the Monte
// Carlo multiplies by.
struct UncertainQuantity {
  std::string name;          // "--utilization (phase 1)", "utilization (assumed)"
  std::string distribution;  // "'0.3..0.5' = uniform(0.3, 0.5)", in the quantity's own unit
  std::string source;        // "given", or the default range's source
  // The quantity divided by the value the point estimate used (its median for
  // an input written as a range, the usual value for an assumption), so that
  // point x ratio samples the quantity itself.
  Distribution ratio;
};

// X / used, for used > 0: the ratio of an uncertain quantity to the value the
// point estimate used.
Result<Distribution> RatioTo(const Distribution& distribution, double used);

// The distinct quantities of an estimate; a non-empty key makes a quantity
// one shared by every term that adds it (Add returns the same index).
class QuantityList {
 public:
  std::size_t Add(const std::string& key, UncertainQuantity quantity);
  const std::vector<UncertainQuantity>& quantities() const { return quantities_; }

 private:
  std::vector<UncertainQuantity> quantities_;
  std::vector<std::pair<std::string, std::size_t>> keys_;
};

// A term of the estimate: the part's point value times the listed quantities'
// ratios (indices into the QuantityList).
struct UncertainTerm {
  std::string name;  // "phase 1", "pre-training"
  double point = 0;  // the part's point estimate, FLOP
  std::vector<std::size_t> quantities;
};

// One uncertain quantity's share of the interval's width (see WidthShares).
struct WidthShare {
  std::string name;  // the quantity's name
  double share = 0;  // in [0, 1]; the shares of a report add up to 1
};

struct UncertaintyReport {
  double point = 0;  // the point estimate the interval brackets (sum of the terms' points)
  UncertaintySummary summary;
  std::vector<UncertainQuantity> quantities;
  // Which input to pin down to narrow the interval: largest share first;
  // empty when nothing is uncertain.
  std::vector<WidthShare> width_shares;
  std::vector<std::string> notes;
};

// Var(ln X) for a positive X: closed form for the lognormal ((ln gsd)^2) and
// the log-uniform ((ln(b/a))^2 / 12), otherwise the midpoint rule over the
// quantile function at 1,000 probabilities ((i + 0.5) / 1000). A point is 0.
// Quantiles at or below 0 (a normal's tail) are left out.
double LogVariance(const Distribution& distribution);

// Each quantity's share of Var(ln result) to first order (the delta method):
// ln(sum_t p_t prod_i r_i) ~ ln P + sum_i w_i ln r_i around the point (every
// r_i = 1, P = sum_t p_t), with w_i = (sum of the points of the terms that use
// quantity i) / P. Independent quantities' variances add, so the share of i
// is w_i^2 Var(ln r_i) / sum_j w_j^2 Var(ln r_j). For a single product every
// w_i = 1 and the shares are exact; for a sum of terms (phases, stages) they
// are the first-order approximation. Largest first; quantities with no
// variance are left out; empty when none varies.
std::vector<WidthShare> WidthShares(const std::vector<UncertainTerm>& terms,
                                    const std::vector<UncertainQuantity>& quantities);

// "utilization 62%, precision 30%, ...": the shares in percent, rounded.
std::string FormatWidthShares(const std::vector<WidthShare>& shares);

// Propagates sum over terms of point x prod ratios (SampleSumOfProducts) and
// fills the report.
Result<UncertaintyReport> PropagateTerms(const std::vector<UncertainTerm>& terms,
                                         const QuantityList& quantities,
                                         const UncertaintyOptions& options);

// The "Uncertainty" block of a text report: each quantity with its source,
// the summary line (median, 90% interval, label, samples and seed), the label
// rule and the notes.
std::string RenderUncertaintyText(const UncertaintyReport& report,
                                  ComputeUnit unit = ComputeUnit::kFlop);

}  // namespace trainflops

#endif  // TRAINFLOPS_UNCERTAIN_ESTIMATE_H_
