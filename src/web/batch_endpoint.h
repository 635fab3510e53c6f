// POST /api/batch, the Dataset tab's request: a dataset of models (Epoch AI's
// Notable AI Models columns, docs/batch.md) as the body, CSV, or JSON lines
// when the Content-Type is application/x-ndjson or the query's `file` ends
// in .jsonl or .ndjson. Every row is estimated by the library's RunBatchCsv
// or RunBatchJsonLines, the call of `trainflops batch` and Python's
// trainflops.batch. The answer, one JSON object:
//   "columns"     the name column, then BatchOutputColumns()
//   "thresholds"  [{"column": "p_over_ID", "id", "name", "flop"}] for each
//                 threshold in force (data/thresholds.yaml)
//   "rows"        per row, its name and the added keys as the JSON-lines
//                 output writes them (numbers, null when empty)
//   "summary"     the BatchSummary as `batch --summary-json` writes it
// Query: rules_off=RULE,... (docs/batch.md's rules) and file=NAME (the
// upload's name, for messages and the command line shown). A body over its
// kind's size cap or over ApiOptions::max_batch_rows lines is refused with
// 413; an empty body, an unknown parameter or a dataset the library refuses
// with 400 and its message.
#ifndef TRAINFLOPS_SRC_WEB_BATCH_ENDPOINT_H_
#define TRAINFLOPS_SRC_WEB_BATCH_ENDPOINT_H_

#include "api.h"
#include "http.h"

namespace trainflops::web {

inline constexpr char kBatchPath[] = "/api/batch";

HttpResponse BatchResponse(const HttpRequest& request, const ApiOptions& options);

}  // namespace trainflops::web

#endif  // TRAINFLOPS_SRC_WEB_BATCH_ENDPOINT_H_
