// libFuzzer target for the ONNX reader: arbitrary bytes through the
// in-memory byte source must give either an analysis or an error, never a
// crash, and an analysis must be internally consistent. The corpus holds
// hostile graphs for the small-tensor evaluator and control flow (a Range of
// 1e12 elements, ConstantOfShape of 1e9 x 1e9, a Loop of 1e18 trips, shape
// arithmetic on a cycle): each must end, in bounded memory, with a value or
// an error (libFuzzer's -rss_limit_mb and -timeout enforce the bound).
// An estimate made from it is either refused or finite and positive in
// every printed figure.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "trainflops/byte_source.h"
#include "trainflops/onnx.h"
#include "report/onnx_report.h"

namespace {

void Check(bool condition) {
  if (!condition) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  const trainflops::MemoryByteSource source(bytes);
  trainflops::OnnxOptions options;
  // Some dimensions set, others (past, seq_len) left symbolic on purpose.
  options.dims = {{"batch", 2}, {"batch_size", 1}, {"sequence_length", 8}, {"N", 1}, {"seq", 16}};
  const auto analysis = trainflops::AnalyzeOnnx(source, options);
  if (!analysis.ok()) {
    Check(!analysis.status().message().empty());
    return 0;
  }
  double total = 0;
  for (const trainflops::OnnxNode& node : analysis->nodes) {
    Check(!std::isnan(node.forward_flop) && node.forward_flop >= 0);
    Check(!node.outputs.empty());
    // Its full name ("outer/then/fc"), written without being built, is
    // never empty, and its scope is a chain ending at the main graph.
    size_t path = 0;
    trainflops::WriteNodePath(*analysis, node,
                              [&](std::string_view piece) { path += piece.size(); });
    Check(!node.name.empty() && path >= node.name.size());
    Check(node.scope < analysis->scopes.size());
    total += node.forward_flop;
  }
  for (size_t i = 1; i < analysis->scopes.size(); ++i) Check(analysis->scopes[i].parent < i);
  // Subgraph nodes are reported once each, whatever their trip counts.
  Check(analysis->nodes.size() <= size);  // every node takes at least two bytes
  Check(total == analysis->forward_flop || std::isinf(total));
  for (const std::string& reason : analysis->lower_bound_reasons) Check(!reason.empty());
  Check(analysis->lower_bound() ==
        (!analysis->unsupported.empty() || !analysis->lower_bound_reasons.empty()));
  Check(analysis->params >= 0 && analysis->forward_flop >= 0);
  trainflops::OnnxEstimateOptions estimate_options;
  estimate_options.overrides.examples = 1000;
  const auto estimate = trainflops::EstimateOnnx(*analysis, "fuzz.onnx", estimate_options);
  if (!estimate.ok()) {
    Check(!estimate.status().message().empty());
    return 0;
  }
  const trainflops::Method1Result& r = estimate->result;
  for (double v : {r.estimate.training_flop, r.forward_flop}) Check(std::isfinite(v) && v > 0);
  Check(std::isfinite(r.params) && r.params >= 0);
  for (const trainflops::LayerResult& layer : r.layers) {
    Check(std::isfinite(layer.cost.forward_flop) && layer.cost.forward_flop >= 0);
  }
  Check(!trainflops::RenderOnnxText(*analysis, *estimate, {}).empty());
  Check(!trainflops::RenderOnnxJson(*analysis, *estimate).empty());
  return 0;
}
