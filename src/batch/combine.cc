// The both-methods rule: which estimate a row reports, and how confident it
// is (docs/batch.md, "Choosing between the methods" and "Confidence").
#include <cmath>

#include "row_methods.h"
#include "trainflops/units.h"

namespace trainflops::batch {
namespace {

// Two estimates within this factor of each other "agree": their geometric
// mean is reported. On the development file every row whose methods agreed
// within 3x was within 2x of the record (docs/batch.md).
constexpr double kAgreementFactor = 3.0;

void Take(const Attempt& a, const std::string& method, RowEstimate& out) {
  out.flop = a.flop;
  out.low = a.low;
  out.high = a.high;
  out.method = method;
}

std::optional<double> GeometricMean(const std::optional<double>& a,
                                    const std::optional<double>& b) {
  if (!a || !b) return std::nullopt;
  return std::sqrt(*a) * std::sqrt(*b);  // a x b could pass 1.8e308
}

}  // namespace

void Combine(const Attempt& nd, const Attempt& hw, const Context& context, RowEstimate& out,
             std::vector<std::string>& notes) {
  if (!nd.flop && !hw.flop) {
    out.reason = "not estimated: " + (nd.attempted || !hw.attempted ? nd.cause : hw.cause);
    if (hw.attempted && !hw.cause.empty() && nd.cause == "no parameters and dataset") {
      out.reason = "not estimated: " + hw.cause;
    }
    return;
  }
  bool low = false;
  if (!hw.flop || !nd.flop) {
    const bool six = nd.flop.has_value();
    Take(six ? nd : hw, six ? "6ND" : "hardware", out);
    low = (six ? nd : hw).low_confidence;
    out.reason = six ? "6ND only" : "hardware only";
    out.confidence = low ? "low" : "medium";
    if (low) out.reason += " (default input)";
    return;
  }
  const double ratio = *hw.flop / *nd.flop;
  const bool finite = std::isnormal(ratio) && ratio > 0;
  if (finite) out.methods_ratio = ratio;
  const std::string ratio_text = finite ? "hardware/6ND = " + FormatScientific(ratio, 3)
                                        : std::string("hardware/6ND ") +
                                              (std::isfinite(ratio) ? "underflows" : "overflows") +
                                              " a double";
  if (!context.On(BatchRule::kBothMethods)) {
    Take(nd, "6ND", out);
    notes.push_back("preferred 6ND (both-methods rule off); " + ratio_text);
    out.reason = "6ND preferred";
    out.confidence = nd.low_confidence ? "low" : "medium";
    return;
  }
  if (ratio <= kAgreementFactor && ratio >= 1 / kAgreementFactor) {
    out.flop = GeometricMean(nd.flop, hw.flop);
    out.low = GeometricMean(nd.low, hw.low);
    out.high = GeometricMean(nd.high, hw.high);
    out.method = "6ND+hardware";
    notes.push_back("methods agree (" + ratio_text + ", within " +
                    FormatScientific(kAgreementFactor) + "x): their geometric mean");
    out.reason = "methods agree";
    out.confidence = nd.low_confidence && hw.low_confidence ? "medium" : "high";
    return;
  }
  // Disagreement: hardware x time counts what ran; 6ND rests on a dataset
  // size and epochs that are often the least certain cells (docs/batch.md).
  const bool use_hardware = !hw.low_confidence || nd.low_confidence;
  Take(use_hardware ? hw : nd, use_hardware ? "hardware" : "6ND", out);
  notes.push_back("methods disagree (" + ratio_text + "): chose " + out.method);
  out.reason = "methods disagree";
  out.confidence = "low";
}

void UseEvidence(const RowCells& row, const Context& context, RowEstimate& out,
                 std::vector<std::string>& notes) {
  // Cost before power: a power draw needs the training time as well, and
  // both are the record's own derived columns (docs/batch.md).
  for (auto [attempt, method] : {std::pair{&TryCost, "cost"}, std::pair{&TryPower, "power"}}) {
    const Attempt a = attempt(row, context);
    if (!a.attempted) continue;
    notes.push_back(a.note);
    if (!a.flop) continue;
    Take(a, method, out);
    out.reason = std::string(method) + " only";
    out.confidence = "low";
    return;
  }
}

}  // namespace trainflops::batch
