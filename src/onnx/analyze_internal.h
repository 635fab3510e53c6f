// Internal: the steps of the analysis that analyze.cc runs in order.
#ifndef TRAINFLOPS_SRC_ONNX_ANALYZE_INTERNAL_H_
#define TRAINFLOPS_SRC_ONNX_ANALYZE_INTERNAL_H_

#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "graph.h"
#include "proto.h"
#include "trainflops/onnx.h"

namespace trainflops::onnx {

using InitializerIndex = std::unordered_map<std::string, size_t>;

// Checks each initializer (unique name; declared shape consistent with the
// bytes it holds or its external length) and indexes them by name.
Result<InitializerIndex> CheckInitializers(const GraphData& graph, OnnxAnalysis* out);

// Nodes in an order where every input is produced before it is used (Kahn's
// algorithm). Errors name an input nobody produces, a tensor produced twice,
// or a node on a cycle. `available` holds graph inputs and initializers.
Result<std::vector<size_t>> TopologicalOrder(
    const GraphData& graph, const std::unordered_map<std::string, TensorInfo>& available);

// Which initializers are trainable weights: floating-point and read by at
// least one node in a weight position (not a shape, axes, index or
// statistics input of its rule). Each is credited to the first node that
// reads it, so shared weights are counted once.
struct ParamUse {
  std::unordered_set<std::string> trainable;
  // Node index -> trainable elements first read by it (0 when it only reads
  // weights that an earlier node was credited with). Every node that reads a
  // trainable weight has an entry.
  std::unordered_map<size_t, double> trainable_uses;
  std::unordered_map<std::string, int> readers;  // initializer -> nodes reading it
};
ParamUse ClassifyInitializers(const GraphData& graph, const std::vector<size_t>& order,
                              const InitializerIndex& initializers);
// Parameter totals and notes.
void FinishParams(const GraphData& graph, const InitializerIndex& initializers, const ParamUse& use,
                  OnnxAnalysis* out);

// Per-operator-type table, operators without a rule, totals, notes.
void Summarise(OnnxAnalysis* out);

// Element count of a declared shape, as a double (no overflow).
double Elements(const std::vector<int64_t>& dims);

}  // namespace trainflops::onnx

#endif  // TRAINFLOPS_SRC_ONNX_ANALYZE_INTERNAL_H_
