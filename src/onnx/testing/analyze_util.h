// Test-only: analyse bytes built with onnx_writer.h, and one-node graphs.
#ifndef TRAINFLOPS_SRC_ONNX_TESTING_ANALYZE_UTIL_H_
#define TRAINFLOPS_SRC_ONNX_TESTING_ANALYZE_UTIL_H_

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "onnx_writer.h"
#include "trainflops/onnx.h"

namespace trainflops::onnx::testing {

inline Result<OnnxAnalysis> Analyze(const std::string& bytes,
                                    std::map<std::string, int64_t> dims = {}) {
  const MemoryByteSource source(bytes);
  OnnxOptions options;
  options.dims = std::move(dims);
  return AnalyzeOnnx(source, options);
}

// The node whose full name (as the reports print it) is `name`, or nullptr.
inline const OnnxNode* FindNode(const OnnxAnalysis& a, const std::string& name) {
  for (const OnnxNode& n : a.nodes) {
    if (NodePath(a, n) == name) return &n;
  }
  return nullptr;
}

// The node named `name`, or a placeholder with forward FLOP -1 and one
// output of shape "<missing node>" (so that expectations on it fail).
inline const OnnxNode& NodeNamed(const OnnxAnalysis& a, const std::string& name) {
  static const OnnxNode missing = [] {
    OnnxNode n;
    n.name = "<missing node>";
    n.forward_flop = -1;
    return n;
  }();
  const OnnxNode* n = FindNode(a, name);
  return n != nullptr ? *n : missing;
}

// The shape of output `i` of the node named `name` ("1x16"), or
// "<missing node>" / "<no output i>" (so that expectations on it fail).
inline std::string OutputShape(const OnnxAnalysis& a, const std::string& name, size_t i) {
  const OnnxNode* n = FindNode(a, name);
  if (n == nullptr) return "<missing node>";
  if (i >= n->outputs.size()) return "<no output " + std::to_string(i) + ">";
  return a.Output(*n, i).shape;
}

// A graph of one node: float graph inputs (name, shape), weight initializers
// (name, shape, zero bytes) and constant int64 initializers (name, values).
struct OneNode {
  std::vector<std::pair<std::string, std::vector<D>>> inputs;
  std::vector<std::pair<std::string, std::vector<int64_t>>> weights;
  std::vector<std::pair<std::string, std::vector<int64_t>>> ints;
  Proto node;
  int64_t opset = 17;
  bool contrib = false;

  std::string Bytes() const {
    Graph g;
    for (const auto& [name, dims] : inputs) g.inputs.push_back(ValueInfo(name, dims));
    for (const auto& [name, dims] : weights) g.initializers.push_back(WeightTensor(name, dims));
    for (const auto& [name, values] : ints) g.initializers.push_back(IntTensor(name, values));
    g.nodes.push_back(node);
    return Model(g, opset, contrib);
  }
};

}  // namespace trainflops::onnx::testing

#endif  // TRAINFLOPS_SRC_ONNX_TESTING_ANALYZE_UTIL_H_
