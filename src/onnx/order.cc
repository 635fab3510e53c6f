// Topological order of the nodes (Kahn's algorithm), with the errors that
// make a graph impossible to evaluate: an input nobody produces, a tensor
// produced twice, a cycle.
#include <functional>
#include <queue>

#include "analyze_internal.h"

namespace trainflops::onnx {
namespace {

std::string NodeName(const GraphData& graph, size_t i) {
  const NodeProtoData& n = graph.nodes[i];
  return "node '" + (n.name.empty() ? n.op_type + "_" + std::to_string(i) : n.name) + "' (" +
         n.op_type + ")";
}

}  // namespace

Result<std::vector<size_t>> TopologicalOrder(
    const GraphData& graph, const std::unordered_map<std::string, TensorInfo>& available) {
  const size_t n = graph.nodes.size();
  std::unordered_map<std::string, size_t> producer;
  for (size_t i = 0; i < n; ++i) {
    for (const std::string& out : graph.nodes[i].outputs) {
      if (out.empty()) continue;
      if (available.count(out)) {
        return Status::InvalidArgument(NodeName(graph, i) + " writes '" + out +
                                       "', which is already a graph input or initializer");
      }
      const auto [it, fresh] = producer.emplace(out, i);
      if (!fresh) {
        return Status::InvalidArgument("tensor '" + out + "' is produced by both " +
                                       NodeName(graph, it->second) + " and " + NodeName(graph, i));
      }
    }
  }
  std::vector<size_t> pending(n, 0);
  std::vector<std::vector<size_t>> consumers(n);
  for (size_t i = 0; i < n; ++i) {
    for (const std::string& in : graph.nodes[i].inputs) {
      if (in.empty() || available.count(in)) continue;
      const auto it = producer.find(in);
      if (it == producer.end()) {
        return Status::InvalidArgument(NodeName(graph, i) + ": input '" + in +
                                       "' is not a graph input, an initializer or the output "
                                       "of any node");
      }
      ++pending[i];
      consumers[it->second].push_back(i);
    }
  }
  // The ready node that comes first in the file is taken first, so a file
  // already in topological order keeps its order.
  std::vector<size_t> order;
  order.reserve(n);
  std::priority_queue<size_t, std::vector<size_t>, std::greater<>> ready;
  for (size_t i = 0; i < n; ++i) {
    if (pending[i] == 0) ready.push(i);
  }
  while (!ready.empty()) {
    const size_t i = ready.top();
    ready.pop();
    order.push_back(i);
    for (size_t c : consumers[i]) {
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
  return order;
}

}  // namespace trainflops::onnx
