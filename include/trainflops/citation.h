// "Cite this estimate": a sentence that names the result, the method and its
// sources with the inputs, and the BibTeX of every work it rests on, to paste
// into a paper or a report (as Epoch AI's calculators offer a
// "copy and paste into your paper" text).
#ifndef TRAINFLOPS_CITATION_H_
#define TRAINFLOPS_CITATION_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "trainflops/batch.h"
#include "trainflops/estimate.h"
#include "trainflops/uncertain_estimate.h"
#include "trainflops/uncertainty.h"

namespace trainflops {

// The version of the library, as in CMakeLists.txt's project(VERSION).
std::string_view TrainflopsVersion();

struct Citation {
  std::string text;                     // the sentence(s) to paste
  std::vector<std::string> references;  // bibliography keys, "trainflops" last
  std::string bibtex;                   // one entry per key, trainflops' own last
};

struct CitationRequest {
  // What was estimated, e.g. "VGG-16" or "llama-2-7b.json"; empty: "the model".
  std::string subject;
  // The 90% interval to state beside the point, when the estimate has one.
  const UncertaintySummary* interval = nullptr;
};

// The 90% interval of an estimate's uncertainty report, or nullptr.
inline const UncertaintySummary* IntervalOf(const std::optional<UncertaintyReport>& report) {
  return report ? &report->summary : nullptr;
}

// The citation of `estimate`: its training FLOP (and petaflop/s-days), the
// method with its source, the inputs with their units, every assumption
// with its source, and the works cited anywhere in the estimate (method,
// assumptions, formula, notes) as BibTeX, followed by trainflops itself.
Citation CiteEstimate(const Estimate& estimate, const CitationRequest& request = {});

// The citation of a cross-check: `method1`'s, then a sentence giving
// `method2` and the ratio Method 1 / Method 2 (Sevilla et al. 2022,
// Appendix B), with the works either estimate cites.
Citation CiteComparison(const Estimate& method1, const Estimate& method2, double ratio,
                        const CitationRequest& request = {});

// The citation of a `batch` run: how many models were estimated by which
// method, each method with its source, the interval's Monte Carlo settings,
// and the works cited as BibTeX, followed by trainflops itself.
Citation CiteBatch(const BatchSummary& summary);

// "Cite this estimate" block of a text report: the sentence, then the BibTeX.
std::string RenderCitationText(const Citation& citation);

// A JSON report (one object) with a "citation" member {text, references,
// bibtex} added, as `--cite` gives it on every front end.
std::string AddCitationToJson(const std::string& json_report, const Citation& citation);

}  // namespace trainflops

#endif  // TRAINFLOPS_CITATION_H_
