// `batch`: every model of a dataset (CSV or JSON lines) estimated row by row.
#ifndef TRAINFLOPS_BATCH_REQUEST_H_
#define TRAINFLOPS_BATCH_REQUEST_H_

#include <optional>
#include <string>
#include <vector>

#include "trainflops/batch.h"
#include "trainflops/request.h"

namespace trainflops {

struct BatchRequest {
  InputFile data;
  std::optional<std::string> format;  // csv | jsonl (default: by the name, else csv)
  std::vector<std::string> columns;   // "KEY=NAME,..." column mappings
  std::optional<std::string> samples, seed;
  // "RULE,..." estimation rules switched off, to measure them (BatchRuleNames()).
  std::optional<std::string> rules_off;
};

// Streams the rows (CSV lines, or JSON lines for JSON-lines input) to `sink`.
Result<BatchSummary> Run(const BatchRequest& request, const LineSink& sink);

}  // namespace trainflops

#endif  // TRAINFLOPS_BATCH_REQUEST_H_
