// Internal: rule results kept by everything the rule reads, so that the
// repeated blocks of a graph (a transformer's identical layers, a chain of
// equal products) run each operator rule once per distinct node signature.
//
// A rule is a function of the operator, the opset, the node's attributes,
// its number of outputs and its inputs' types, shapes and known values: it
// never reads tensor or node names except to word an error, and errors are
// not kept. Nodes with subgraph or tensor attributes are not memoised.
#ifndef TRAINFLOPS_SRC_ONNX_EVAL_MEMO_H_
#define TRAINFLOPS_SRC_ONNX_EVAL_MEMO_H_

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "graph.h"

namespace trainflops::onnx {

class EvalMemo {
 public:
  // A rule's result with its formula and source held elsewhere (the
  // analysis' texts), as the node records them.
  struct Entry {
    std::vector<TensorInfo> outputs;
    double flop = 0, multiply_adds = 0, declared_params = -1;
    std::string_view formula, source;
    std::vector<std::string> notes;
  };

  // Makes the signature of `node` under `rule`, the one Find and Store use;
  // false when the node cannot be memoised.
  bool Sign(const OpRule* rule, int64_t opset, const NodeProtoData& node,
            const std::vector<const TensorInfo*>& inputs);
  // The entry for the last signature, or nullptr.
  const Entry* Find() const;
  // Keeps `entry` under the last signature. The memo holds at most
  // kMaxEntries (a graph whose every node differs gains nothing from it).
  void Store(Entry entry);

  static constexpr size_t kMaxEntries = 4096;

 private:
  std::string key_;
  bool signed_ = false;
  std::unordered_map<std::string, Entry> entries_;
};

}  // namespace trainflops::onnx

#endif  // TRAINFLOPS_SRC_ONNX_EVAL_MEMO_H_
