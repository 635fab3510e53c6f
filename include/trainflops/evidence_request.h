// `evidence`: lines of indirect evidence about a model whose details are
// undisclosed, read from an evidence file (docs/evidence.md), each turned
// into an interval and combined (evidence.h).
#ifndef TRAINFLOPS_EVIDENCE_REQUEST_H_
#define TRAINFLOPS_EVIDENCE_REQUEST_H_

#include "trainflops/evidence.h"
#include "trainflops/request.h"

namespace trainflops {

struct EvidenceFileRequest {
  InputFile file;  // YAML or JSON
  // `samples` and `seed` replace the file's own; the default ranges of the
  // assumptions are always on (evidence is never exact).
  UncertaintyRequest uncertainty;
  // The most Monte Carlo samples each line may draw, whether the file or the
  // options beside it ask: a front end whose requests run on a server (the
  // web API) sets its own, lower limit.
  std::size_t max_samples = kMaxSamples;
};

// "`chip_hours`" -> "'chip_hours'": a field named as the evidence file's key.
std::string AsFileKeys(std::string_view text);
// The same error, its fields named as the evidence file's keys.
Status InFileKeys(const Status& s);

// The text names the inputs by the evidence file's keys ('amount',
// 'chip_hours'), never reworded into a front end's options: the file, not
// the command line, is where they were given.
class EvidenceReport final : public Report {
 public:
  explicit EvidenceReport(EvidenceResult result) : result_(std::move(result)) {}
  const EvidenceResult& result() const { return result_; }
  std::string Json() const override { return RenderEvidenceJson(result_); }
  std::string Text() const override { return AsFileKeys(RenderEvidenceText(result_)); }

 private:
  EvidenceResult result_;
};

// Errors name the evidence file's keys as AsFileKeys writes them.
Result<EvidenceReport> Run(const EvidenceFileRequest& request);

}  // namespace trainflops

#endif  // TRAINFLOPS_EVIDENCE_REQUEST_H_
