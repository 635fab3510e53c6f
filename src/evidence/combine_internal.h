// Internal: the pieces of the combination (combine.cc) that the tests and
// the reports share: a line's interval, its log-scale width, the rounding
// convention and the implied quantities.
#ifndef TRAINFLOPS_SRC_EVIDENCE_COMBINE_INTERNAL_H_
#define TRAINFLOPS_SRC_EVIDENCE_COMBINE_INTERNAL_H_

#include <string>
#include <vector>

#include "trainflops/evidence.h"
#include "trainflops/uncertainty.h"

namespace trainflops::evidence {

// A line given as a point (a zero-width interval) is read as median /x 1.1:
// a figure given to two significant digits is exact to +-5%, and twice that
// allows for the rounding of its own inputs (docs/evidence.md).
inline constexpr double kPointSpread = 1.1;

// A line's median and 90% interval, FLOP: its Monte Carlo summary, or its
// point estimate (all three equal) when it has none. Errors: values that are
// not finite and positive, or not ordered low <= median <= high.
struct LineInterval {
  double median = 0, low = 0, high = 0;
};
Result<LineInterval> IntervalOf(const EvidenceLineResult& line);

// sigma of the lognormal whose 90% interval is low .. high:
// ln(high / low) / (2 x kZ95).
double SigmaOf(double low, double high);

// The combined median rounded by the convention of its label: one
// significant figure when Speculative, two when Likely or Confident.
struct Rounding {
  double value = 0;
  std::string rule;  // "two significant figures (Likely)"
};
Rounding RoundForLabel(double median, ConfidenceLabel label);
double RoundToSignificant(double value, int digits);

// Implied utilization (a figure line's FLOP / a hardware line's capacity)
// and implied price per chip-hour (a cost line's USD / a power or cluster
// line's chip-hours), from the lines' point estimates; sorted by name, then
// by lines.
std::vector<ImpliedQuantity> ImpliedQuantities(const std::vector<EvidenceLineResult>& lines);

// "'a' and 'b'".
std::string JoinLineNames(const std::vector<std::string>& names);

// No lines, an empty name or a name used twice is an error.
Status CheckLineNames(const std::vector<std::string>& names);

}  // namespace trainflops::evidence

#endif  // TRAINFLOPS_SRC_EVIDENCE_COMBINE_INTERNAL_H_
