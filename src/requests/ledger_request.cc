// `ledger`: the run record, the Monte Carlo options given beside it.
#include "trainflops/ledger_request.h"

#include "fields.h"

namespace trainflops {

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
