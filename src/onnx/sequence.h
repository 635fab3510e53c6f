// Internal: what the analysis knows of an ONNX sequence value (a list of
// tensors of one element type; onnx/docs/IR.md, "Sequence"), built by the
// sequence operators (rules_tensor_sequence.cc) and carried through Loop.
//
// Exporters build sequences for loops whose results they stack:
// PyTorch's repeat_interleave with dynamic sizes (SplitToSequence ->
// Loop over SequenceAt -> SequenceInsert -> ConcatFromSequence) and
// scripted loops that append to a list (SequenceEmpty -> Loop ->
// ConcatFromSequence).
#ifndef TRAINFLOPS_SRC_ONNX_SEQUENCE_H_
#define TRAINFLOPS_SRC_ONNX_SEQUENCE_H_

#include <cstdint>
#include <memory>
#include <vector>

#include "graph.h"

namespace trainflops::onnx {

// Elements are listed one by one up to this many (as small tensors' values).
inline constexpr size_t kMaxListedElements = kMaxValues;

struct Sequence {
  // The number of elements: known, a symbol ("seq", from a trip count), or
  // unknown (an anonymous symbol).
  Dim length = Dim::Symbol("");
  // True when `elements` holds every element, in order (then `length` is
  // their count).
  bool listed = false;
  std::vector<TensorInfo> elements;
  // What all elements share: their type, and when they have one rank, each
  // dimension they agree on (others unknown) and their values when equal.
  TensorInfo element;
};

// The sequence `t` holds, or nullptr for a tensor (or an absent input).
inline const Sequence* SequenceOf(const TensorInfo* t) {
  return t == nullptr ? nullptr : t->sequence.get();
}

// A value holding `s`: its element type, no shape.
TensorInfo SequenceValue(Sequence s);

// A sequence of exactly `elements` (their common element computed).
Sequence ListedSequence(std::vector<TensorInfo> elements, int32_t type);

// What `a` and `b` share (see Sequence::element).
TensorInfo CommonElement(const TensorInfo& a, const TensorInfo& b);

// `t` without its values (and, for a sequence, its elements' values): a
// loop-carried value changes from one iteration to the next.
TensorInfo WithoutValues(const TensorInfo& t);

// What `s` holds in memory beyond its own struct.
uint64_t SequenceBytes(const Sequence& s);

}  // namespace trainflops::onnx

#endif  // TRAINFLOPS_SRC_ONNX_SEQUENCE_H_
