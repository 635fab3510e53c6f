// `ledger`: a run record (docs/ledger.md) turned into a compute statement
// under each regime's counting rules (ledger.h).
#ifndef TRAINFLOPS_LEDGER_REQUEST_H_
#define TRAINFLOPS_LEDGER_REQUEST_H_

#include "trainflops/citation.h"
#include "trainflops/evidence_request.h"
#include "trainflops/ledger.h"
#include "trainflops/request.h"

namespace trainflops {

struct LedgerFileRequest {
  InputFile file;  // YAML or JSON
  // `samples` and `seed` replace the record's own.
  UncertaintyRequest uncertainty;
  std::size_t max_samples = kMaxSamples;
  // The directory a phase's model files (`architecture`, `hf_config`) are
  // read from, each within the size cap of its kind (input_limits.h); the
  // command line gives the record's own. Unset (an upload, a dict): a phase
  // that names a model file is refused.
  std::optional<std::string> directory;
};

// Text() is the Markdown statement, Json() the JSON one (unrounded figures
// beside their two-figure forms), Html() a printable, self-contained page.
class LedgerReport final : public Report {
 public:
  explicit LedgerReport(LedgerStatement statement) : statement_(std::move(statement)) {}
  const LedgerStatement& statement() const { return statement_; }
  std::string Json() const override { return RenderLedgerJson(statement_); }
  // The record's keys as the record writes them ('precision'), never reworded
  // into a front end's options.
  std::string Text() const override { return AsFileKeys(RenderLedgerMarkdown(statement_)); }
  std::string Html() const { return AsFileKeys(RenderLedgerHtml(statement_)); }
  // The total of the EU cumulative regime (else the first regime stated), its
  // interval, and the assumptions of every phase.
  std::optional<Citation> Cite() const override;

 private:
  LedgerStatement statement_;
};

Result<LedgerReport> Run(const LedgerFileRequest& request);

}  // namespace trainflops

#endif  // TRAINFLOPS_LEDGER_REQUEST_H_
