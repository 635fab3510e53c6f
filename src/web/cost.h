// The web API's limits on the work of one request (the constants in api.h):
// a request runs on the server's threads, and any program on this machine can
// send one, so what the command line allows is capped lower here.
#ifndef TRAINFLOPS_SRC_WEB_COST_H_
#define TRAINFLOPS_SRC_WEB_COST_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "api.h"
#include "trainflops/input_limits.h"
#include "trainflops/status.h"

namespace trainflops::web {

// --samples and --bootstrap among the command's words; values the command
// itself refuses are left to its own message.
Status CheckCost(const std::vector<std::string>& words);

// What one upload may hold, for a command and its words.
struct UploadLimits {
  int64_t max_onnx_nodes = kApiMaxOnnxNodes;
  double max_csv_rows = 0;  // 0: no limit (only trend refits its rows)
  double resamples = 0;     // trend: the bootstrap resamples asked for
};
UploadLimits LimitsFor(const std::string& command, const std::vector<std::string>& words,
                       const ApiOptions& options);

// The upload `name` opened as `kind`: ONNX graphs over the node limit, and
// CSV data over the row limit, are refused with both figures. A malformed
// file passes: the command reports it with its own message.
Status CheckUploadCost(const std::string& name, std::string_view bytes, InputKind kind,
                       const UploadLimits& limits);

// A dataset sent to /api/batch: refused, with the figure and the limit, when
// it is over its kind's size cap (CheckInputSize) or holds more than
// `max_rows` lines (every line may be a row, each estimated and answered).
Status CheckBatchUpload(const std::string& name, std::string_view bytes, InputKind kind,
                        size_t max_rows);

}  // namespace trainflops::web

#endif  // TRAINFLOPS_SRC_WEB_COST_H_
