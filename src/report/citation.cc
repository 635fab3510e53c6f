// "Cite this estimate" (include/trainflops/citation.h).
#include "trainflops/citation.h"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "../core/estimate_json.h"
#include "report/cff.h"
#include "trainflops/references.h"
#include "trainflops/units.h"

#ifndef TRAINFLOPS_VERSION
#error "TRAINFLOPS_VERSION must be defined by the build (project VERSION)"
#endif

namespace trainflops {
namespace {

struct MethodPhrase {
  std::string_view method_prefix;
  std::string_view phrase;
};

// How each method reads in a sentence; the first whose prefix matches is
// used, followed by the method's source (MethodSource, the one the JSON gives).
constexpr MethodPhrase kMethodPhrases[] = {
    {"method1_counting", "by counting the operations of its architecture"},
    {"method1_onnx", "by counting the operations of its ONNX graph"},
    {"method1_6nd", "as 6 x parameters x tokens"},
    {"llm_6nd", "as 6 x parameters x tokens"},
    {"method1_given", "from the forward FLOP its authors state"},
    {"llm_", "by counting the operations of a language model per token"},
    {"layer_catalogue",
     "from the layer's parameter and FLOP formulas, forward x (1 + backward/forward ratio)"},
    {"method2_hardware", "from the hardware and the training time"},
    {"ledger_",
     "phase by phase, each phase by the method its evidence allows, under the counting rules "
     "named"},
};

std::string MethodPhraseFor(std::string_view method) {
  for (const MethodPhrase& m : kMethodPhrases) {
    if (method.starts_with(m.method_prefix)) {
      return std::string(m.phrase) + " (" + MethodSource(method) + ")";
    }
  }
  return "by the method '" + std::string(method) + "'";
}

// An input's name as words: peak_flop_per_s -> "peak FLOP/s".
std::string InputWords(const std::string& name) {
  std::string words = name;
  if (words.ends_with("_per_s")) words.replace(words.size() - 6, 6, "/s");
  std::replace(words.begin(), words.end(), '_', ' ');
  for (size_t at = 0; (at = words.find("flop", at)) != std::string::npos; at += 4) {
    const bool starts = at == 0 || words[at - 1] == ' ';
    const bool ends = at + 4 == words.size() || words[at + 4] == ' ' || words[at + 4] == '/';
    if (starts && ends) words.replace(at, 4, "FLOP");
  }
  return words;
}

// "10 epochs", not "epochs 10 epochs": the name is left out when the unit
// says it, and a unit the name ends with follows the value ("peak 1.57e13
// FLOP/s").
std::string InputPhrase(const Input& i) {
  const std::string name = InputWords(i.name);
  const std::string value = FormatScientific(i.value);
  if (i.unit.empty()) return name + " " + value;
  if (i.unit.starts_with(name)) return value + " " + i.unit;
  if (name.ends_with(" " + i.unit)) {
    return name.substr(0, name.size() - i.unit.size() - 1) + " " + value + " " + i.unit;
  }
  return name + " " + value + " " + i.unit;
}

std::string InputList(const std::vector<Input>& inputs) {
  std::string out;
  for (const Input& i : inputs) {
    if (!out.empty()) out += ", ";
    out += InputPhrase(i);
  }
  return out;
}

std::string AssumptionList(const std::vector<Assumption>& assumptions) {
  std::string out;
  for (const Assumption& a : assumptions) {
    if (!out.empty()) out += "; ";
    out += a.name + " " + a.value;
    if (!a.source.empty()) out += " (" + a.source + ")";
  }
  return out;
}

// Every text of the estimate that may cite a work.
std::string AllCitingText(const Estimate& e, std::string_view method_phrase) {
  std::string all(method_phrase);
  for (const Assumption& a : e.assumptions) all += "\n" + a.source;
  for (const std::string& line : e.formula) all += "\n" + line;
  for (const std::string& line : e.notes) all += "\n" + line;
  return all;
}

// trainflops' own entry, from the bundled CITATION.cff. A test parses that
// file (cff_test.cc), so a failure can only come from a broken build: the
// entry is then left out rather than made up.
const std::string& TrainflopsBibTeX() {
  static const std::string entry = [] {
    const Result<CffSoftware> cff = ParseCitationCff(BundledCitationCff(), "CITATION.cff");
    return cff.ok() ? SoftwareBibTeX(*cff, "trainflops",
                                     "Methods of Sevilla et al. (2022) and Amodei and "
                                     "Hernandez (2018)")
                    : std::string();
  }();
  return entry;
}

// Sets the references and the BibTeX: `keys`' entries, then trainflops'.
void CiteKeys(std::vector<std::string> keys, Citation& c) {
  c.references = std::move(keys);
  c.bibtex.clear();
  for (const std::string& key : c.references) c.bibtex += BibTeX(*FindReference(key)) + "\n";
  if (TrainflopsBibTeX().empty()) return;
  c.references.push_back("trainflops");
  c.bibtex += TrainflopsBibTeX();
}

}  // namespace

std::string_view TrainflopsVersion() { return TRAINFLOPS_VERSION; }

Citation CiteComparison(const Estimate& method1, const Estimate& method2, double ratio,
                        const CitationRequest& request) {
  Citation c = CiteEstimate(method1, request);
  const std::string cross_check = " A cross-check from the hardware and the training time gives " +
                                  FormatCompute(method2.training_flop) +
                                  " (Sevilla et al. 2022, Method 2; the two usually "
                                  "agree within 2x, Appendix B): Method 1 / Method 2 = " +
                                  FormatScientific(ratio, 3) + ".";
  const size_t tool_sentence = c.text.rfind(" Computed with trainflops");
  c.text.insert(tool_sentence, cross_check);
  std::string all = c.text + "\n" + AllCitingText(method2, "");
  for (const Assumption& a : method1.assumptions) all += "\n" + a.source;
  CiteKeys(CitedKeys(all), c);
  return c;
}

Citation CiteEstimate(const Estimate& e, const CitationRequest& request) {
  const std::string method = MethodPhraseFor(e.method);
  const std::string subject = request.subject.empty() ? "the model" : request.subject;
  Citation c;
  c.text = "We estimate that training " + subject + " used " + FormatCompute(e.training_flop) +
           " (" + FormatCompute(e.training_flop, ComputeUnit::kPetaflopSDay) + ")";
  if (request.interval != nullptr) {
    c.text += ", 90% interval " + FormatScientific(request.interval->low) + " to " +
              FormatCompute(request.interval->high);
  }
  c.text += ", " + method + ".";
  if (!e.inputs.empty()) c.text += " Inputs: " + InputList(e.inputs) + ".";
  if (!e.assumptions.empty()) c.text += " Assumptions: " + AssumptionList(e.assumptions) + ".";
  c.text += " Computed with trainflops " + std::string(TrainflopsVersion()) + ".";

  CiteKeys(CitedKeys(AllCitingText(e, method)), c);
  return c;
}

Citation CiteBatch(const BatchSummary& s) {
  std::vector<std::string> parts;
  const auto add = [&](std::size_t rows, const std::string& how) {
    if (rows > 0) parts.push_back(std::to_string(rows) + " " + how);
  };
  add(s.method_6nd, MethodPhraseFor("method1_6nd"));
  add(s.method_hardware, MethodPhraseFor("method2_hardware"));
  add(s.method_mean,
      "as the geometric mean of both where they agree within 3x (Sevilla et al. 2022, "
      "Appendix B)");
  add(s.method_given, "from the compute recorded for their base model and fine-tuning");
  std::string how;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    how += (i == 0 ? "" : i + 1 == parts.size() ? " and " : ", ") + parts[i];
  }
  Citation c;
  c.text = "We estimated the training compute of " + std::to_string(s.estimated) + " of " +
           std::to_string(s.rows) + " models" + (how.empty() ? "" : ": " + how) +
           "; each with a 5%-95% interval from the default assumption ranges (Monte Carlo, " +
           std::to_string(s.samples) + " samples per model, seed " + std::to_string(s.seed) +
           "). Computed with trainflops " + std::string(TrainflopsVersion()) + ".";
  CiteKeys(CitedKeys(c.text), c);
  return c;
}

std::string RenderCitationText(const Citation& citation) {
  return "\nCite this estimate\n  " + citation.text + "\n\nBibTeX\n" + citation.bibtex;
}

std::string AddCitationToJson(const std::string& json_report, const Citation& citation) {
  nlohmann::json object = nlohmann::json::parse(json_report);
  object["citation"] = {
      {"text", citation.text}, {"references", citation.references}, {"bibtex", citation.bibtex}};
  return DumpJson(object);
}

}  // namespace trainflops
