// Internal: the steps of the analysis that analyze.cc runs in order.
#ifndef TRAINFLOPS_SRC_ONNX_ANALYZE_INTERNAL_H_
#define TRAINFLOPS_SRC_ONNX_ANALYZE_INTERNAL_H_

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "graph.h"
#include "name_map.h"
#include "proto.h"
#include "trainflops/onnx.h"

namespace trainflops::onnx {

using InitializerIndex = std::unordered_map<std::string, size_t>;

// Tensors by name. Keys view the names held by the parsed model (GraphData),
// which outlives the analysis: no name is copied per tensor.
struct NameHash {
  using is_transparent = void;
  size_t operator()(std::string_view name) const { return std::hash<std::string_view>{}(name); }
};
using TensorMap = std::unordered_map<std::string_view, TensorInfo, NameHash, std::equal_to<>>;

// Checks each initializer (unique name; declared shape consistent with the
// bytes it holds or its external length) and indexes them by name.
Result<InitializerIndex> CheckInitializers(const GraphData& graph, OnnxAnalysis* out);

// Where each node output is kept: slot value_base[node] + output position of
// one flat array, and the slot of each output name.
// Positions are 32-bit: TopologicalOrder refuses a graph with more slots.
struct GraphOrder {
  using Index = uint32_t;
  std::vector<Index> order;  // node indexes, every input produced before it is read
  NameMap producer;          // output name -> slot
  std::vector<Index> value_base;
  std::vector<Index> slot_node;  // slot -> the node writing it
  size_t values = 0;             // slots in all
  // The slot each node input reads, resolved once: input k of node n is
  // input_slot[input_base[n] + k], kNoSlot for a name defined outside the
  // graph's nodes (an input, an initializer, an outer value) or absent.
  static constexpr Index kNoSlot = UINT32_MAX;
  std::vector<Index> input_base, input_slot;
  // Parallel to input_slot: the position in TopologicalOrder's `defined` of
  // the name an input reads, kNoSlot when a node produces it or it is absent.
  std::vector<Index> input_defined;
};

// Nodes in an order where every input is produced before it is used (Kahn's
// algorithm). Errors name an input nobody produces, a tensor produced twice,
// or a node on a cycle, and a node writing a name that is defined already:
// one of `defined` (the graph's inputs and initializers: names of the model,
// which must outlive the order), or, for a subgraph, a name for which
// `outer` is true (a value of an enclosing graph).
using IsDefined = std::function<bool(std::string_view name)>;
Result<GraphOrder> TopologicalOrder(const GraphData& graph,
                                    const std::vector<const std::string*>& defined,
                                    const IsDefined& outer = nullptr);

// Which initializers are trainable weights: floating-point and read by at
// least one node in a weight position (not a shape, axes, index or
// statistics input of its rule). Each is credited to the first node that
// reads it, so shared weights are counted once.
// Indexed by position (an initializer's in GraphData::initializers, a
// node's in GraphData::nodes), not by name: a graph of 100,000 layers reads
// as many initializers, each looked up by name once.
struct ParamUse {
  std::vector<char> trainable;  // per initializer
  std::vector<int> readers;     // per initializer: nodes reading it
  // Per node: trainable elements first read by it (0 when it only reads
  // weights that an earlier node was credited with); kNone when it reads no
  // trainable weight.
  static constexpr double kNone = -1;
  std::vector<double> trainable_uses;
};
ParamUse ClassifyInitializers(const GraphData& graph, const std::vector<uint32_t>& order,
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
