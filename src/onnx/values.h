// Internal: the values of the small tensors that shapes are computed from.
//
// Exporters compute Reshape, Expand, Pad and Slice arguments at run time:
// Shape -> Gather -> Unsqueeze -> Concat -> Equal -> Where -> Expand for a
// class token's expand(n, -1, -1), Mod -> Cast -> Pad for a window padding.
// The evaluator runs such arithmetic on tensors of at most kMaxValues
// elements. Integers are Dims, so a --dim that was not given flows through
// as a symbol ("seq", "past + seq"); floats are doubles (NaN: not known).
#ifndef TRAINFLOPS_SRC_ONNX_VALUES_H_
#define TRAINFLOPS_SRC_ONNX_VALUES_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "graph.h"

namespace trainflops::onnx {

// A small tensor's values in row-major order.
struct Values {
  std::vector<int64_t> shape;
  bool is_float = false;
  Dims ints;                   // when !is_float (booleans are 0/1)
  std::vector<double> floats;  // when is_float
  size_t size() const { return is_float ? floats.size() : ints.size(); }
};

bool IsFloatType(int32_t type);

// Input `t`'s values, when its shape is concrete, it has at most kMaxValues
// elements and they are known; nullopt otherwise.
std::optional<Values> ReadValues(const TensorInfo* t);
// Stores `v` in `out` (whose shape the rule set); floats with a NaN are not
// stored (not known).
void WriteValues(const Values& v, TensorInfo* out);

// The coordinates of flat index `k` in `shape`, and back.
std::vector<int64_t> Unravel(size_t k, const std::vector<int64_t>& shape);
size_t Ravel(const std::vector<int64_t>& coords, const std::vector<int64_t>& shape);
// The flat index into an input of shape `in` (right-aligned, size-1 axes
// broadcast) for output coordinates `coords` (numpy broadcasting).
size_t BroadcastIndex(const std::vector<int64_t>& coords, const std::vector<int64_t>& in);

// Output `out`'s concrete dimensions when it has at most kMaxValues elements.
std::optional<std::vector<int64_t>> SmallShape(const TensorInfo& out);
// Index of the input element for output coordinates (SIZE_MAX: a zero).
using ValuePicker = std::function<size_t(const std::vector<int64_t>&)>;
// Sets `out`'s values, of shape `dims`, each picked from `in`.
void PickValues(const Values& in, const std::vector<int64_t>& dims, const ValuePicker& pick,
                TensorInfo* out);

// Symbolic arithmetic on dimensions: numbers when both are known, else an
// expression over the symbols ("seq + 1", "max(batch, 1)"), or an anonymous
// unknown when an operand is anonymous.
Dim SymbolicOp(const std::string& op, const Dim& a, const Dim& b);
// True when `d` is known to be >= 0: a number >= 0, or a symbol built from
// dimensions by + * / % min max (dimensions are never negative).
bool NonNegative(const Dim& d);
// The --dim names that an expression symbol depends on ("past + seq" ->
// {"past", "seq"}).
std::vector<std::string> SymbolNames(const std::string& symbol);

// A Loop body's iteration number: a symbol of its own for each body (its
// scope), so that (t + 1) - t is 1 (x[t:t + 1] has one row although t is
// known only per iteration). It is never a --dim: a shape that depends on
// it is made unknown (ForgetIterationDims), a value read as a number is
// not known.
Dim IterationNumber(uint32_t scope);
bool DependsOnIteration(const Dim& d);
// `t`'s dimensions that depend on an iteration number, made unknown.
void ForgetIterationDims(TensorInfo* t);

// Computes the values of node outputs from known input values, for the
// default-domain operators that shape arithmetic uses (docs/onnx.md lists
// them). Leaves the outputs as the shape rule made them when an input value
// is not known or a tensor would exceed kMaxValues elements.
Status EvaluateValues(const NodeContext& ctx, NodeEval* eval);

}  // namespace trainflops::onnx

#endif  // TRAINFLOPS_SRC_ONNX_VALUES_H_
