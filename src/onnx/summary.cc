// Totals, the per-operator-type table and the operators without a rule.
#include <algorithm>
#include <map>

#include "../core/table.h"
#include "analyze_internal.h"
#include "trainflops/units.h"

namespace trainflops::onnx {

void Summarise(OnnxAnalysis* out) {
  std::map<std::pair<std::string, std::string>, OnnxOpType> types;
  int64_t subgraph_nodes = 0;
  for (const OnnxNode& node : out->nodes) {
    OnnxOpType& t = types[{node.domain, node.op_type}];
    t.op_type = node.op_type;
    t.domain = node.domain;
    t.rule = node.rule;
    ++t.count;
    t.params += node.params;
    t.forward_flop += node.forward_flop;
    t.multiply_adds += node.multiply_adds;
    out->forward_flop += node.forward_flop;
    out->multiply_adds += node.multiply_adds;
    subgraph_nodes += node.subgraph_nodes;
  }
  for (auto& [key, t] : types) {
    out->op_types.push_back(t);
    if (t.rule == OnnxRule::kNone) out->unsupported.push_back(t);
  }
  const auto by_cost = [](const OnnxOpType& a, const OnnxOpType& b) {
    if (a.forward_flop != b.forward_flop) return a.forward_flop > b.forward_flop;
    if (a.count != b.count) return a.count > b.count;
    return a.op_type < b.op_type;
  };
  std::sort(out->op_types.begin(), out->op_types.end(), by_cost);
  std::sort(out->unsupported.begin(), out->unsupported.end(), by_cost);
  for (const std::string& reason : out->lower_bound_reasons) {
    out->notes.push_back("lower bound: " + reason);
  }
  if (!out->uncounted.empty()) {
    // Those without a rule are in the next note.
    size_t with_rule = 0;
    for (const OnnxUncounted& u : out->uncounted) {
      with_rule += out->nodes[u.node].rule != OnnxRule::kNone;
    }
    out->notes.push_back("lower bound: " + std::to_string(with_rule) +
                         " node(s) not counted: a shape or value they need is not known (listed "
                         "with the reason); with the operators without a FLOP rule, " +
                         report::SharePercent(out->uncounted_share(), 1) + " of the " +
                         std::to_string(out->nodes.size()) +
                         " nodes may have FLOP the total leaves out");
  }
  if (!out->unsupported.empty()) {
    int64_t count = 0;
    for (const OnnxOpType& t : out->unsupported) count += t.count;
    out->notes.push_back("lower bound: " + std::to_string(count) + " node(s) of " +
                         std::to_string(out->unsupported.size()) +
                         " operator type(s) have no FLOP rule and are not counted (listed with "
                         "their output sizes)");
  }
  if (subgraph_nodes > 0) {
    out->notes.push_back(
        std::to_string(subgraph_nodes) +
        " node(s) inside subgraphs of operators other than If, Loop and Scan are not "
        "analysed");
  }
}

}  // namespace trainflops::onnx

namespace trainflops {

double OnnxAnalysis::uncounted_share() const {
  if (nodes.empty()) return 0;
  size_t missed = 0;
  for (const OnnxNode& n : nodes) missed += n.rule == OnnxRule::kNone;
  for (const OnnxUncounted& u : uncounted) missed += nodes[u.node].rule != OnnxRule::kNone;
  return static_cast<double>(missed) / static_cast<double>(nodes.size());
}

}  // namespace trainflops
