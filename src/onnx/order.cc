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

size_t NodeOfSlot(const GraphOrder& g, size_t slot) { return g.slot_node[slot]; }

std::string NodeName(const GraphData& graph, size_t i) {
  const NodeProtoData& n = graph.nodes[i];
  return "node '" + (n.name.empty() ? n.op_type + "_" + std::to_string(i) : n.name) + "' (" +
         n.op_type + ")";
}

// The hash of every name in the nodes' `list` (inputs or outputs), in file
// order. Hashing is sequential work; the table lookups that follow are
// random, so knowing the hashes ahead lets each lookup prefetch the slot a
// few names later.
std::vector<size_t> HashesAhead(const GraphData& graph,
                                std::vector<std::string> NodeProtoData::*list) {
  std::vector<size_t> hashes;
  for (const NodeProtoData& node : graph.nodes) {
    for (const std::string& name : node.*list) hashes.push_back(NameMap::Hash(name));
  }
  return hashes;
}

// Far enough ahead to cover a cache miss, near enough to stay cached.
constexpr size_t kPrefetchDistance = 16;

void PrefetchAhead(const NameMap& map, const std::vector<size_t>& hashes, size_t i) {
  if (i + kPrefetchDistance < hashes.size()) map.Prefetch(hashes[i + kPrefetchDistance]);
}

// The slot of every node output; value_base[n] is node n's first slot.
Status FindProducers(const GraphData& graph, const IsDefined& available, GraphOrder* g) {
  g->value_base.reserve(graph.nodes.size() + 1);
  for (const NodeProtoData& node : graph.nodes) {
    g->value_base.push_back(g->values);
    g->values += node.outputs.size();
  }
  g->value_base.push_back(g->values);
  g->slot_node.reserve(g->values);
  for (size_t i = 0; i < graph.nodes.size(); ++i) {
    g->slot_node.insert(g->slot_node.end(), graph.nodes[i].outputs.size(), i);
  }
  if (g->values >= UINT32_MAX) {
    return Status::InvalidArgument("the graph's nodes write " + std::to_string(g->values) +
                                   " tensors; at most 4,294,967,294 are accepted");
  }
  g->producer.Reserve(g->values);
  const std::vector<size_t> hashes = HashesAhead(graph, &NodeProtoData::outputs);
  for (size_t i = 0; i < graph.nodes.size(); ++i) {
    const std::vector<std::string>& outputs = graph.nodes[i].outputs;
    for (size_t k = 0; k < outputs.size(); ++k) {
      const std::string& out = outputs[k];
      const size_t slot_index = g->value_base[i] + k;
      PrefetchAhead(g->producer, hashes, slot_index);
      if (out.empty()) continue;
      if (available(out)) {
        return Status::InvalidArgument(NodeName(graph, i) + " writes '" + out +
                                       "', which is already a graph input or initializer");
      }
      const auto [slot, fresh] = g->producer.Emplace(out, hashes[slot_index], slot_index);
      if (!fresh) {
        return Status::InvalidArgument("tensor '" + out + "' is produced by both " +
                                       NodeName(graph, NodeOfSlot(*g, slot)) + " and " +
                                       NodeName(graph, i));
      }
    }
  }
  return Status::Ok();
}

// Edges producer -> consumer as compressed rows: the consumers of node i are
// consumers[begin[i] .. begin[i + 1]).
struct Edges {
  std::vector<size_t> begin, consumers, pending;
};

Result<Edges> FindEdges(const GraphData& graph, const IsDefined& available, GraphOrder& g) {
  const size_t n = graph.nodes.size();
  g.input_base.reserve(n + 1);
  Edges e;
  e.pending.assign(n, 0);
  std::vector<std::pair<size_t, size_t>> pairs;  // (producer, consumer)
  const std::vector<size_t> hashes = HashesAhead(graph, &NodeProtoData::inputs);
  g.input_slot.reserve(hashes.size());
  for (size_t i = 0; i < n; ++i) {
    g.input_base.push_back(g.input_slot.size());
    for (const std::string& in : graph.nodes[i].inputs) {
      const size_t position = g.input_slot.size();
      PrefetchAhead(g.producer, hashes, position);
      g.input_slot.push_back(GraphOrder::kNoSlot);
      if (in.empty()) continue;
      const uint32_t* slot = g.producer.Find(in, hashes[position]);
      if (slot == nullptr) {
        if (available(in)) continue;
        return Status::InvalidArgument(NodeName(graph, i) + ": input '" + in +
                                       "' is not a graph input, an initializer or the output "
                                       "of any node");
      }
      ++e.pending[i];
      g.input_slot.back() = *slot;
      pairs.emplace_back(NodeOfSlot(g, *slot), i);
    }
  }
  g.input_base.push_back(g.input_slot.size());
  e.begin.assign(n + 1, 0);
  for (const auto& [from, to] : pairs) ++e.begin[from + 1];
  for (size_t i = 0; i < n; ++i) e.begin[i + 1] += e.begin[i];
  e.consumers.resize(pairs.size());
  std::vector<size_t> next(e.begin.begin(), e.begin.end() - 1);
  for (const auto& [from, to] : pairs) e.consumers[next[from]++] = to;
  return e;
}

}  // namespace

Result<GraphOrder> TopologicalOrder(const GraphData& graph, const IsDefined& available) {
  const size_t n = graph.nodes.size();
  GraphOrder g;
  TF_RETURN_IF_ERROR(FindProducers(graph, available, &g));
  TF_ASSIGN_OR_RETURN(Edges edges, FindEdges(graph, available, g));
  std::vector<size_t>& pending = edges.pending;
  // The ready node that comes first in the file is taken first, so a file
  // already in topological order keeps its order.
  std::vector<size_t>& order = g.order;
  order.reserve(n);
  std::priority_queue<size_t, std::vector<size_t>, std::greater<>> ready;
  for (size_t i = 0; i < n; ++i) {
    if (pending[i] == 0) ready.push(i);
  }
  while (!ready.empty()) {
    const size_t i = ready.top();
    ready.pop();
    order.push_back(i);
    for (size_t k = edges.begin[i]; k < edges.begin[i + 1]; ++k) {
      const size_t c = edges.consumers[k];
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
