// The JSON report of an evidence estimate: one object, numbers in FLOP. Each
// line's estimate and uncertainty are written by the writers every other
// report uses (core/estimate_json.h, uncertainty/uncertainty_json.h).
#include "../core/estimate_json.h"
#include "../uncertainty/uncertainty_json.h"
#include "evidence/combine_internal.h"
#include "hardware_json.h"
#include "llm_report.h"
#include "trainflops/evidence.h"

namespace trainflops {
namespace {

using hardware::OrNull;
using nlohmann::json;

json IntervalJson(double median, double low, double high, ConfidenceLabel label) {
  return {{"median", median},
          {"low", low},
          {"high", high},
          {"interval", "90% (5th to 95th percentile)"},
          {"unit", "FLOP"},
          {"label", ConfidenceLabelName(label)},
          {"label_rule", ConfidenceRuleText(label)}};
}

json LineJson(const EvidenceLineResult& line) {
  json j = {{"name", line.name},
            {"kind", EvidenceKindName(line.kind)},
            {"source", {{"url", line.source.url}, {"quote", line.source.quote}}},
            {"estimate", EstimateJson(line.estimate)},
            {"uncertainty", line.uncertainty.summary.samples > 0 ? UncertaintyJson(line.uncertainty)
                                                                 : json(nullptr)},
            {"capacity_flop", OrNull(line.capacity_flop)},
            {"chip_hours", OrNull(line.chip_hours)},
            {"cost_usd", OrNull(line.cost_usd)}};
  if (Result<evidence::LineInterval> i = evidence::IntervalOf(line); i.ok()) {
    j["result"] =
        IntervalJson(i->median, i->low, i->high, LabelForInterval(i->median, i->low, i->high));
    j["result"]["point"] = i->low == i->high;
  }
  return j;
}

json CombinationJson(const EvidenceResult& r) {
  json j = IntervalJson(r.median, r.low, r.high, r.label);
  j["rule"] = r.combination_rule;
  j["scale_factor"] = r.scale_factor;
  j["rounded"] = r.rounded;
  j["rounding_rule"] = r.rounding_rule;
  return j;
}

}  // namespace

std::string RenderEvidenceJson(const EvidenceResult& r) {
  json lines = json::array();
  for (const EvidenceLineResult& l : r.lines) lines.push_back(LineJson(l));
  json disagreements = json::array();
  for (const Disagreement& d : r.disagreements) {
    disagreements.push_back({{"line_a", d.line_a},
                             {"line_b", d.line_b},
                             {"ratio", d.ratio},
                             {"explanation", d.explanation}});
  }
  json implied = json::array();
  for (const ImpliedQuantity& q : r.implied) {
    implied.push_back({{"name", q.name},
                       {"lines", q.lines},
                       {"value", q.value},
                       {"unit", q.unit},
                       {"formula", q.formula}});
  }
  // The thresholds object of the `thresholds` command (flop, range,
  // error_margin, thresholds), with what to pin down first.
  json thresholds = ThresholdsJson(r.median, ComputeRange{r.low, r.high}, r.thresholds);
  thresholds["narrowing"] = r.narrowing;
  return DumpJson({{"model", r.model},
                   {"lines", lines},
                   {"combination", CombinationJson(r)},
                   {"disagreements", disagreements},
                   {"implied", implied},
                   {"notes", r.notes},
                   {"thresholds", thresholds}});
}

}  // namespace trainflops
