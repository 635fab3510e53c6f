// libFuzzer target for the ONNX reader: arbitrary bytes through the
// in-memory byte source must give either an analysis or an error, never a
// crash, and an analysis must be internally consistent. An estimate made
// from it is either refused or finite and positive in every printed figure.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "trainflops/byte_source.h"
#include "trainflops/onnx.h"

namespace {

void Check(bool condition) {
  if (!condition) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  const trainflops::MemoryByteSource source(bytes);
  trainflops::OnnxOptions options;
  options.dims = {{"batch", 2}, {"batch_size", 1}, {"sequence_length", 8}, {"N", 1}};
  const auto analysis = trainflops::AnalyzeOnnx(source, options);
  if (!analysis.ok()) {
    Check(!analysis.status().message().empty());
    return 0;
  }
  for (const trainflops::OnnxNode& node : analysis->nodes) {
    Check(!std::isnan(node.forward_flop) && node.forward_flop >= 0);
    Check(!node.outputs.empty());
  }
  Check(analysis->nodes.size() <= size);  // every node takes at least two bytes
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
