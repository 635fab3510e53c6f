// The text report of an evidence estimate: each line with its source,
// formula, inputs, assumptions and interval; then the combination, the
// disagreements, the implied quantities and the notes. Units always printed.
#include <utility>

#include "evidence/combine_internal.h"
#include "llm_report.h"
#include "trainflops/evidence.h"
#include "trainflops/uncertain_estimate.h"
#include "trainflops/units.h"

namespace trainflops {
namespace {

// "title:" and its items, indented; nothing when there are none.
std::string Items(const std::string& indent, const std::string& title,
                  const std::vector<std::string>& items) {
  if (items.empty()) return "";
  std::string out = indent + title + ":\n";
  for (const std::string& item : items) out += indent + "  " + item + "\n";
  return out;
}

std::string SourceText(const EvidenceSource& s) {
  if (s.quote.empty()) return s.url.empty() ? "(none given)" : s.url;
  const std::string quote = "\"" + s.quote + "\"";
  return s.url.empty() ? quote : quote + " (" + s.url + ")";
}

std::string IntervalLine(const EvidenceLineResult& line) {
  Result<evidence::LineInterval> i = evidence::IntervalOf(line);
  if (!i.ok()) return "  result: " + i.status().message() + "\n";
  if (i->low == i->high) {
    return "  result: " + FormatCompute(i->median) +
           " (a point: no interval; combined as median /x 1.1, docs/evidence.md)\n";
  }
  return "  result: median " + FormatCompute(i->median) + ", 90% interval " +
         FormatCompute(i->low) + " .. " + FormatCompute(i->high) + " (" +
         std::string(ConfidenceLabelName(LabelForInterval(i->median, i->low, i->high))) + ")\n";
}

std::string LineBlock(const EvidenceLineResult& line, size_t index) {
  const Estimate& e = line.estimate;
  std::string out = "\nLine " + std::to_string(index + 1) + ": '" + line.name + "' (" +
                    std::string(EvidenceKindName(line.kind)) + ")\n";
  out += "  source: " + SourceText(line.source) + "\n";
  out += Items("  ", "formula", e.formula);
  std::vector<std::string> inputs, assumptions, notes;
  for (const Input& i : e.inputs) {
    inputs.push_back("- " + i.name + ": " + FormatScientific(i.value) +
                     (i.unit.empty() ? "" : " " + i.unit) +
                     (i.origin.empty() ? "" : " (" + i.origin + ")"));
  }
  for (const Assumption& a : e.assumptions) {
    assumptions.push_back("- " + a.name + ": " + a.value + " (" + a.source + ")");
  }
  for (const std::string& n : e.notes) notes.push_back("- " + n);
  out += Items("  ", "inputs", inputs) + Items("  ", "assumptions", assumptions) +
         Items("  ", "notes", notes);
  out += IntervalLine(line);
  if (line.uncertainty.summary.samples > 0) out += RenderUncertaintyText(line.uncertainty);
  return out;
}

std::string CombinationBlock(const EvidenceResult& r) {
  std::string out = "\nCombination of " + std::to_string(r.lines.size()) + " line" +
                    (r.lines.size() == 1 ? "" : "s") + ":\n";
  out += "  rule: " + r.combination_rule + "\n";
  out += "  median " + FormatCompute(r.median) + ", 90% interval " + FormatCompute(r.low) + " .. " +
         FormatCompute(r.high) + "\n";
  out += "  label: " + ConfidenceRuleText(r.label) + "\n";
  out += "  rounded: " + FormatCompute(r.rounded) + " (" + r.rounding_rule + ")\n";
  return out;
}

}  // namespace

std::string RenderEvidenceText(const EvidenceResult& r) {
  std::string out = "Evidence about " + r.model + ": " + std::to_string(r.lines.size()) + " line" +
                    (r.lines.size() == 1 ? "" : "s") +
                    " of evidence, each read as a lognormal and combined (docs/evidence.md)\n";
  for (size_t i = 0; i < r.lines.size(); ++i) out += LineBlock(r.lines[i], i);
  out += CombinationBlock(r);
  if (!r.thresholds.empty()) {
    out += "\nThe combined figure against the compute thresholds:\n" +
           RenderThresholdsText(r.thresholds, r.narrowing);
  }
  std::vector<std::string> disagreements, implied, notes;
  for (const Disagreement& d : r.disagreements) {
    disagreements.push_back("- '" + d.line_a + "' / '" + d.line_b +
                            "' = " + FormatScientific(d.ratio, 3) + ": " + d.explanation);
  }
  for (const ImpliedQuantity& q : r.implied) {
    implied.push_back("- " + q.name + " (" + evidence::JoinLineNames(q.lines) +
                      "): " + FormatScientific(q.value, 3) + (q.unit.empty() ? "" : " " + q.unit) +
                      " = " + q.formula);
  }
  for (const std::string& n : r.notes) notes.push_back("- " + n);
  for (const auto& [title, items] :
       {std::pair{"Disagreements", &disagreements}, std::pair{"Implied quantities", &implied},
        std::pair{"Notes", &notes}}) {
    if (!items->empty()) out += "\n" + Items("", title, *items);
  }
  return out;
}

}  // namespace trainflops
