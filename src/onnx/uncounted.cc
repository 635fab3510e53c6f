// Nodes the analysis cannot count because a shape or value they need is not
// known: listed with the reason, their outputs left unknown, and the walk
// goes on; the total becomes a lower bound (docs/onnx.md, "Operators
// without a rule").
#include "analyzer.h"
#include "core/text.h"
#include "trainflops/input_limits.h"

namespace trainflops::onnx {

Result<int64_t> Analyzer::Uncounted(const NodeProtoData& node, const Status& error) {
  if (error.code() != StatusCode::kIndeterminate || options_.strict) return error;
  if (!unset_input_dims_.empty()) {
    // The unknown may be a symbolic dimension that a rule could not carry
    // (the size of a Range over "seq"): setting them is the user's fix,
    // which a lower bound would hide.
    return Status::Indeterminate(error.message() + "; the inputs' symbolic dimensions " +
                                 JoinSomeNames(unset_input_dims_) +
                                 " are not set: set them with `dims` NAME=N");
  }
  if (first_uncounted_.ok()) first_uncounted_ = error;
  return UnknownSource(node);
}

int64_t Analyzer::UnknownSource(const NodeProtoData& node) const {
  if (unknown_source_.empty()) return -1;
  for (const std::string& name : node.inputs) {
    const auto it = unknown_source_.find(name);
    if (it != unknown_source_.end()) return it->second;
  }
  return -1;
}

Status Analyzer::ListUncounted(uint32_t position, std::string reason, int64_t after) {
  if (after >= 0 && listed_.insert(after).second) {
    // An operator without a rule: listed once, before the first node that
    // needed its outputs. (An uncounted source is listed already.)
    TF_RETURN_IF_ERROR(ListUncounted(static_cast<uint32_t>(after),
                                     "the operator has no shape rule: the shapes of its "
                                     "outputs are unknown",
                                     -1));
  }
  TF_RETURN_IF_ERROR(
      budget_->Charge(sizeof(OnnxUncounted) + HeapBytes(reason), "the uncounted nodes' reasons"));
  listed_.insert(position);
  out_.uncounted.push_back({position, std::move(reason), after});
  return Status::Ok();
}

void Analyzer::TraceUnknown(const std::string& name, int64_t source) {
  if (source >= 0) unknown_source_.emplace(name, source);
}

Status Analyzer::NothingCounted() const {
  if (out_.uncounted.empty() || counted_ > 0) return Status::Ok();
  return first_uncounted_;
}

}  // namespace trainflops::onnx
