// Topological order of the nodes (Kahn's algorithm), with the errors that
// make a graph impossible to evaluate: an input nobody produces, a tensor
// produced twice, a cycle. Linear in nodes and edges: names are looked up
// once each, and the consumers of every node sit in one array (compressed
// rows) rather than a vector per node.
#include <functional>
#include <queue>

#include "analyze_internal.h"

namespace trainflops::onnx {
namespace {

using Index = GraphOrder::Index;

std::string NodeName(const GraphData& graph, size_t i) {
  const NodeProtoData& n = graph.nodes[i];
  return "node '" + (n.name.empty() ? n.op_type + "_" + std::to_string(i) : n.name) + "' (" +
         n.op_type + ")";
}

// Positions are 32-bit (half the memory of size_t in graphs of 100,000
// nodes); a graph whose nodes write or read more tensors is refused.
Status CheckCount(size_t count, const char* what) {
  if (count < GraphOrder::kNoSlot) return Status::Ok();
  return Status::InvalidArgument("the graph's nodes " + std::string(what) + " " +
                                 std::to_string(count) +
                                 " tensors; at most 4,294,967,294 are accepted");
}

// The hash of every name in the nodes' `list` (inputs or outputs), in file
// order. Hashing is sequential work; the table lookups that follow are
// random, so knowing the hashes ahead lets each lookup prefetch the slot a
// few names later. The low 32 bits are all the table uses.
std::vector<uint32_t> HashesAhead(const GraphData& graph,
                                  std::vector<std::string> NodeProtoData::*list) {
  std::vector<uint32_t> hashes;
  for (const NodeProtoData& node : graph.nodes) {
    for (const std::string& name : node.*list)
      hashes.push_back(static_cast<uint32_t>(NameMap::Hash(name)));
  }
  return hashes;
}

// Far enough ahead to cover a cache miss, near enough to stay cached.
constexpr size_t kPrefetchDistance = 16;

void PrefetchAhead(const NameMap& map, const std::vector<uint32_t>& hashes, size_t i) {
  if (i + kPrefetchDistance < hashes.size()) map.Prefetch(hashes[i + kPrefetchDistance]);
}

// The slot of every node output; value_base[n] is node n's first slot. The
// `defined` names share the table, as values `values + position`, so that
// one lookup tells a node's output from a graph input or initializer.
Status FindProducers(const GraphData& graph, const std::vector<const std::string*>& defined,
                     const IsDefined& outer, GraphOrder* g) {
  size_t values = 0;
  for (const NodeProtoData& node : graph.nodes) values += node.outputs.size();
  TF_RETURN_IF_ERROR(CheckCount(values, "write"));
  g->values = values;
  g->value_base.reserve(graph.nodes.size() + 1);
  g->slot_node.reserve(values);
  for (size_t i = 0; i < graph.nodes.size(); ++i) {
    g->value_base.push_back(static_cast<Index>(g->slot_node.size()));
    g->slot_node.insert(g->slot_node.end(), graph.nodes[i].outputs.size(), static_cast<Index>(i));
  }
  g->value_base.push_back(static_cast<Index>(values));
  TF_RETURN_IF_ERROR(
      CheckCount(values + defined.size(), "write (with the graph's inputs and initializers)"));
  g->producer.Reserve(values + defined.size());
  for (size_t d = 0; d < defined.size(); ++d) g->producer.Emplace(*defined[d], values + d);
  const std::vector<uint32_t> hashes = HashesAhead(graph, &NodeProtoData::outputs);
  for (size_t i = 0; i < graph.nodes.size(); ++i) {
    const std::vector<std::string>& outputs = graph.nodes[i].outputs;
    for (size_t k = 0; k < outputs.size(); ++k) {
      const std::string& out = outputs[k];
      const Index slot_index = g->value_base[i] + static_cast<Index>(k);
      PrefetchAhead(g->producer, hashes, slot_index);
      if (out.empty()) continue;
      const auto [slot, fresh] = g->producer.Emplace(out, hashes[slot_index], slot_index);
      if ((!fresh && slot >= values) || (fresh && outer && outer(out))) {
        return Status::InvalidArgument(NodeName(graph, i) + " writes '" + out +
                                       "', which is already a graph input or initializer");
      }
      if (!fresh) {
        return Status::InvalidArgument("tensor '" + out + "' is produced by both " +
                                       NodeName(graph, g->slot_node[slot]) + " and " +
                                       NodeName(graph, i));
      }
    }
  }
  return Status::Ok();
}

// The slot each node input reads (kNoSlot for a name defined outside the
// nodes, whose position in `defined` input_defined records); an input
// nobody defines is an error.
Status ResolveInputs(const GraphData& graph, const IsDefined& outer, GraphOrder& g) {
  const std::vector<uint32_t> hashes = HashesAhead(graph, &NodeProtoData::inputs);
  TF_RETURN_IF_ERROR(CheckCount(hashes.size(), "read"));
  g.input_base.reserve(graph.nodes.size() + 1);
  g.input_slot.reserve(hashes.size());
  g.input_defined.reserve(hashes.size());
  for (size_t i = 0; i < graph.nodes.size(); ++i) {
    g.input_base.push_back(static_cast<Index>(g.input_slot.size()));
    for (const std::string& in : graph.nodes[i].inputs) {
      const size_t position = g.input_slot.size();
      PrefetchAhead(g.producer, hashes, position);
      g.input_slot.push_back(GraphOrder::kNoSlot);
      g.input_defined.push_back(GraphOrder::kNoSlot);
      if (in.empty()) continue;
      const uint32_t* slot = g.producer.Find(in, hashes[position]);
      if (slot != nullptr && *slot < g.values) {
        g.input_slot.back() = *slot;
      } else if (slot != nullptr) {
        g.input_defined.back() = static_cast<Index>(*slot - g.values);
      } else if (!outer || !outer(in)) {
        return Status::InvalidArgument(NodeName(graph, i) + ": input '" + in +
                                       "' is not a graph input, an initializer or the output "
                                       "of any node");
      }
    }
  }
  g.input_base.push_back(static_cast<Index>(g.input_slot.size()));
  return Status::Ok();
}

// Edges producer -> consumer as compressed rows, from the resolved inputs:
// the consumers of node i are consumers[begin[i] .. begin[i + 1]), and
// pending[i] counts node i's inputs read from other nodes.
struct Edges {
  std::vector<Index> begin, consumers, pending;
};

Edges FindEdges(const GraphOrder& g, size_t nodes) {
  Edges e;
  e.pending.assign(nodes, 0);
  e.begin.assign(nodes + 1, 0);
  for (size_t i = 0; i < nodes; ++i) {
    for (Index k = g.input_base[i]; k < g.input_base[i + 1]; ++k) {
      if (g.input_slot[k] == GraphOrder::kNoSlot) continue;
      ++e.pending[i];
      ++e.begin[g.slot_node[g.input_slot[k]] + 1];
    }
  }
  for (size_t i = 0; i < nodes; ++i) e.begin[i + 1] += e.begin[i];
  e.consumers.resize(e.begin[nodes]);
  std::vector<Index> next(e.begin.begin(), e.begin.end() - 1);
  for (size_t i = 0; i < nodes; ++i) {
    for (Index k = g.input_base[i]; k < g.input_base[i + 1]; ++k) {
      if (g.input_slot[k] == GraphOrder::kNoSlot) continue;
      e.consumers[next[g.slot_node[g.input_slot[k]]]++] = static_cast<Index>(i);
    }
  }
  return e;
}

}  // namespace

Result<GraphOrder> TopologicalOrder(const GraphData& graph,
                                    const std::vector<const std::string*>& defined,
                                    const IsDefined& outer) {
  const size_t n = graph.nodes.size();
  GraphOrder g;
  TF_RETURN_IF_ERROR(FindProducers(graph, defined, outer, &g));
  TF_RETURN_IF_ERROR(ResolveInputs(graph, outer, g));
  Edges edges = FindEdges(g, n);
  std::vector<Index>& pending = edges.pending;
  // The ready node that comes first in the file is taken first, so a file
  // already in topological order keeps its order.
  std::vector<Index>& order = g.order;
  order.reserve(n);
  std::priority_queue<Index, std::vector<Index>, std::greater<>> ready;
  for (size_t i = 0; i < n; ++i) {
    if (pending[i] == 0) ready.push(static_cast<Index>(i));
  }
  while (!ready.empty()) {
    const Index i = ready.top();
    ready.pop();
    order.push_back(i);
    for (Index k = edges.begin[i]; k < edges.begin[i + 1]; ++k) {
      const Index c = edges.consumers[k];
      if (--pending[c] == 0) ready.push(c);
    }
  }
  if (order.size() < n) {
    for (size_t i = 0; i < n; ++i) {
      if (pending[i] > 0) {
        return Status::InvalidArgument("the graph has a cycle: " + NodeName(graph, i) +
                                       " depends on its own output (through " +
                                       std::to_string(n - order.size()) +
                                       " node(s) on or after "
                                       "the cycle)");
      }
    }
  }
  return g;
}

}  // namespace trainflops::onnx
