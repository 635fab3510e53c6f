// Internal: the Method 1 report as a JSON object, for the reports that add
// members to it (an ONNX graph's summary, an estimate's threshold checks)
// rather than render it and parse it back.
#ifndef TRAINFLOPS_SRC_REPORT_METHOD1_JSON_H_
#define TRAINFLOPS_SRC_REPORT_METHOD1_JSON_H_

#include <nlohmann/json.hpp>

#include "trainflops/method1.h"

namespace trainflops {

// What RenderMethod1Json prints (see README, "JSON output").
nlohmann::json Method1Json(const Method1Result& result, const ModelSpec& spec);

}  // namespace trainflops

#endif  // TRAINFLOPS_SRC_REPORT_METHOD1_JSON_H_
