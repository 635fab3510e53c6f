// `ledger`: the run record, the Monte Carlo options given beside it.
#include "trainflops/ledger_request.h"

#include "fields.h"

namespace trainflops {

std::optional<Citation> LedgerReport::Cite() const {
  const LedgerStatement& s = statement_;
  if (s.regimes.empty()) return std::nullopt;
  const RegimeStatement* regime = &s.regimes.front();
  for (const RegimeStatement& r : s.regimes) {
    if (r.regime.id == "eu_cumulative") regime = &r;
  }
  Estimate e;
  e.method = "ledger_" + regime->regime.id;
  e.training_flop = regime->total;
  e.assumptions = s.assumptions;
  UncertaintySummary interval;
  interval.median = regime->median;
  interval.low = regime->low;
  interval.high = regime->high;
  Citation c = CiteEstimate(e, {.subject = s.record.model, .interval = &interval});
  c.text = AsFileKeys(c.text) + " Counted under " + regime->regime.name + " (" +
           regime->regime.source + ").";
  return c;
}

Result<LedgerReport> Run(const LedgerFileRequest& request) {
  if (request.file.empty()) {
    return Status::InvalidArgument(
        "no run record was given (accepted: a YAML or JSON file; docs/ledger.md)");
  }
  TF_ASSIGN_OR_RETURN(const UncertaintyOptions given,
                      requests::UncertaintyOptionsFrom(request.uncertainty));
  TF_ASSIGN_OR_RETURN(const std::string text, request.file.Text());
  TF_ASSIGN_OR_RETURN(LedgerRecord record, ParseLedgerRecord(text, request.file.name()));
  MonteCarloOptions& mc = record.uncertainty.monte_carlo;
  if (request.uncertainty.samples) mc.samples = given.monte_carlo.samples;
  if (request.uncertainty.seed) mc.seed = given.monte_carlo.seed;
  if (mc.samples > request.max_samples) {
    return Status::InvalidArgument("'samples' " + std::to_string(mc.samples) +
                                   " is over the limit of " + std::to_string(request.max_samples) +
                                   " Monte Carlo samples here (give fewer)");
  }
  TF_ASSIGN_OR_RETURN(LedgerStatement statement, BuildLedgerStatement(record));
  return LedgerReport(std::move(statement));
}

}  // namespace trainflops
