// The sequence operators (onnx/docs/Operators.md: SequenceEmpty,
// SequenceConstruct, SequenceInsert, SequenceAt, SequenceLength,
// SequenceErase, SplitToSequence, ConcatFromSequence). They build, read and
// stack lists of tensors: data movement, 0 FLOP. Their values are
// sequence.h's: every element while the length is known and small, else
// the length (possibly a symbol) and what the elements share.
#include <algorithm>

#include "analyzer.h"
#include "sequence.h"
#include "values.h"

namespace trainflops::onnx {

TensorInfo SequenceValue(Sequence s) {
  TensorInfo t;
  t.elem_type = s.element.elem_type;
  t.sequence = std::make_shared<const Sequence>(std::move(s));
  return t;
}

TensorInfo CommonElement(const TensorInfo& a, const TensorInfo& b) {
  TensorInfo out;
  out.elem_type = a.elem_type == kUndefined ? b.elem_type : a.elem_type;
  if (!a.rank_known || !b.rank_known || a.shape.size() != b.shape.size()) return out;
  out.rank_known = true;
  for (size_t i = 0; i < a.shape.size(); ++i) {
    out.shape.push_back(a.shape[i] == b.shape[i] ? a.shape[i] : Dim::Symbol(""));
  }
  if (a.has_int_values && b.has_int_values && a.int_values == b.int_values) {
    out.has_int_values = true;
    out.int_values = a.int_values;
  }
  if (a.has_float_values && b.has_float_values && a.float_values == b.float_values) {
    out.has_float_values = true;
    out.float_values = a.float_values;
  }
  return out;
}

Sequence ListedSequence(std::vector<TensorInfo> elements, int32_t type) {
  Sequence s;
  s.listed = true;
  s.length = Dim::Of(static_cast<int64_t>(elements.size()));
  s.element.elem_type = type;
  for (size_t i = 0; i < elements.size(); ++i) {
    s.element = i == 0 ? elements[0] : CommonElement(s.element, elements[i]);
  }
  s.element.described = s.element.initializer = -1;
  s.elements = std::move(elements);
  return s;
}

TensorInfo WithoutValues(const TensorInfo& t) {
  TensorInfo out = t;
  out.has_int_values = out.has_float_values = false;
  out.int_values.clear();
  out.float_values.clear();
  if (const Sequence* s = SequenceOf(&t)) {
    Sequence stripped = *s;
    for (TensorInfo& e : stripped.elements) e = WithoutValues(e);
    stripped.element = WithoutValues(stripped.element);
    out.sequence = std::make_shared<const Sequence>(std::move(stripped));
  }
  return out;
}

uint64_t SequenceBytes(const Sequence& s) {
  uint64_t bytes = TensorBytes(s.element) + HeapBytes(s.length.symbol);
  for (const TensorInfo& e : s.elements) bytes += TensorBytes(e);
  return bytes;
}

namespace {

constexpr const char* kSequenceSource =
    "0 FLOP: a sequence operator moves data (builds, reads or stacks a list of tensors; ONNX "
    "operator specification)";

Result<const Sequence*> SequenceInput(const NodeContext& ctx, size_t i) {
  const Sequence* s = SequenceOf(ctx.input(i));
  if (s == nullptr) return ctx.InputError(i, "is not a sequence (no sequence operator made it)");
  return s;
}

// The position input `i` as an index into `length` elements: nullopt when it
// is absent (`fallback` used) or not known; an error when out of range
// ([-n, n - 1], or [-n, n] for an insertion: onnx/docs/Operators.md).
Result<std::optional<int64_t>> Position(const NodeContext& ctx, size_t i, int64_t length,
                                        int64_t fallback, bool insert) {
  if (!ctx.has_input(i)) return std::optional<int64_t>(fallback);
  const TensorInfo* p = ctx.input(i);
  if (!p->has_int_values || p->int_values.size() != 1 || !p->int_values[0].literal()) {
    return std::optional<int64_t>();
  }
  const int64_t v = p->int_values[0].value, last = insert ? length : length - 1;
  if (v < -length || v > last) {
    return ctx.InputError(i, "position " + std::to_string(v) + " is out of range for a sequence " +
                                 "of " + std::to_string(length) + " elements");
  }
  return std::optional<int64_t>(v < 0 ? v + length : v);
}

Status Finish(TensorInfo out, NodeEval* eval) {
  eval->outputs = {std::move(out)};
  eval->source = kSequenceSource;
  return Status::Ok();
}

// The sequence `s` after a change whose elements are not all known: `length`
// elements that share what `s`'s and `added` share.
Sequence Unlisted(const Sequence& s, Dim length, const TensorInfo* added) {
  Sequence out;
  out.length = std::move(length);
  const bool empty = s.length.literal() && s.length.value == 0;
  out.element = added == nullptr ? s.element : empty ? *added : CommonElement(s.element, *added);
  out.element.described = out.element.initializer = -1;
  return out;
}

Status SequenceEmpty(const NodeContext& ctx, NodeEval* eval) {
  return Finish(SequenceValue(ListedSequence({}, static_cast<int32_t>(ctx.Int("dtype", kFloat)))),
                eval);
}

Status SequenceConstruct(const NodeContext& ctx, NodeEval* eval) {
  std::vector<TensorInfo> elements;
  for (size_t i = 0; i < ctx.num_inputs(); ++i) {
    TF_ASSIGN_OR_RETURN(const TensorInfo* t, ctx.Required(i));
    elements.push_back(*t);
  }
  return Finish(SequenceValue(ListedSequence(std::move(elements), ctx.type(0))), eval);
}

Status SequenceInsert(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const Sequence* s, SequenceInput(ctx, 0));
  const TensorInfo* added = ctx.input(1);
  if (added == nullptr) return Status::InvalidArgument("input 1 (the tensor) is missing");
  if (s->listed && s->elements.size() < kMaxListedElements) {
    const auto n = static_cast<int64_t>(s->elements.size());
    TF_ASSIGN_OR_RETURN(const auto at, Position(ctx, 2, n, n, true));
    if (at) {
      std::vector<TensorInfo> elements = s->elements;
      elements.insert(elements.begin() + *at, *added);
      return Finish(SequenceValue(ListedSequence(std::move(elements), s->element.elem_type)), eval);
    }
  }
  return Finish(SequenceValue(Unlisted(*s, SymbolicOp("+", s->length, Dim::Of(1)), added)), eval);
}

Status SequenceErase(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const Sequence* s, SequenceInput(ctx, 0));
  if (s->listed) {
    const auto n = static_cast<int64_t>(s->elements.size());
    TF_ASSIGN_OR_RETURN(const auto at, Position(ctx, 1, n, n - 1, false));
    if (n == 0) return ctx.InputError(0, "is empty: there is no element to erase");
    if (at) {
      std::vector<TensorInfo> elements = s->elements;
      elements.erase(elements.begin() + *at);
      return Finish(SequenceValue(ListedSequence(std::move(elements), s->element.elem_type)), eval);
    }
  }
  return Finish(SequenceValue(Unlisted(*s, SymbolicOp("-", s->length, Dim::Of(1)), nullptr)), eval);
}

// The element at a known position of a listed sequence; else what all
// elements share (a loop's iteration number is not known to the analysis).
Status SequenceAt(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const Sequence* s, SequenceInput(ctx, 0));
  if (!ctx.has_input(1)) return Status::InvalidArgument("input 1 (the position) is missing");
  if (s->listed) {
    const auto n = static_cast<int64_t>(s->elements.size());
    TF_ASSIGN_OR_RETURN(const auto at, Position(ctx, 1, n, 0, false));
    if (at) return Finish(s->elements[static_cast<size_t>(*at)], eval);
  }
  return Finish(s->element, eval);
}

Status SequenceLength(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const Sequence* s, SequenceInput(ctx, 0));
  TensorInfo out = TensorInfo::Shaped({}, kInt64);
  if (s->length.literal() || !s->length.symbol.empty()) {
    out.has_int_values = true;
    out.int_values = {s->length};
  }
  return Finish(std::move(out), eval);
}

// The sizes of SplitToSequence's pieces along an axis of size `d`: split
// absent: d pieces of 1; a scalar c: pieces of c, the last smaller; a 1-D
// tensor: its values. nullopt when they are not known.
std::optional<std::vector<int64_t>> PieceSizes(const NodeContext& ctx, const Dim& d) {
  const TensorInfo* split = ctx.input(1);
  if (split == nullptr) {
    if (!d.known() || d.value > static_cast<int64_t>(kMaxListedElements)) return std::nullopt;
    return std::vector<int64_t>(static_cast<size_t>(d.value), 1);
  }
  if (!split->has_int_values) return std::nullopt;
  std::vector<int64_t> sizes;
  for (const Dim& v : split->int_values) {
    if (!v.literal()) return std::nullopt;  // negative sizes are refused by the caller
    sizes.push_back(v.value);
  }
  if (!split->rank_known || !split->shape.empty()) return sizes;
  if (!d.known() || sizes.size() != 1 || sizes[0] <= 0) return std::nullopt;
  const int64_t c = sizes[0], n = d.value / c + (d.value % c != 0 ? 1 : 0);  // ceil(d / c)
  if (n > static_cast<int64_t>(kMaxListedElements)) return std::nullopt;
  sizes.assign(static_cast<size_t>(n), c);
  if (n > 0) sizes.back() = d.value - c * (n - 1);
  return sizes;
}

// The number of pieces when their sizes are not known: the axis's size
// (split absent) or the split vector's length; unknown for a scalar split.
Dim PieceCount(const NodeContext& ctx, const Dim& d) {
  const TensorInfo* split = ctx.input(1);
  if (split == nullptr) return d;
  if (split->rank_known && split->shape.size() == 1) return split->shape[0];
  return Dim::Symbol("");
}

// Piece `k` of `in`, `size` long from `offset` on `axis` (dropped when
// `squeeze`), its values picked from the input's when they are known.
TensorInfo Piece(const TensorInfo& in, const std::optional<Values>& values, size_t axis,
                 int64_t offset, int64_t size, bool squeeze) {
  TensorInfo out = TensorInfo::Shaped(in.shape, in.elem_type);
  out.shape[axis] = Dim::Of(size);
  if (values) {
    const std::vector<int64_t>& dims = values->shape;
    std::vector<int64_t> piece = dims;
    piece[axis] = size;
    PickValues(
        *values, piece,
        [&](const std::vector<int64_t>& c) {
          std::vector<int64_t> at = c;
          at[axis] += offset;
          return Ravel(at, dims);
        },
        &out);
  }
  if (squeeze) out.shape.erase(out.shape.begin() + static_cast<std::ptrdiff_t>(axis));
  return out;
}

// SplitToSequence(input, split?; axis = 0, keepdims = 1): keepdims applies
// only without split, whose pieces are then of size 1.
Status SplitToSequence(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const TensorInfo* in, ctx.Required(0));
  const auto rank = static_cast<int64_t>(in->shape.size());
  TF_ASSIGN_OR_RETURN(const int64_t a, Axis(ctx.Int("axis", 0), rank, "axis"));
  const auto axis = static_cast<size_t>(a);
  const Dim& d = in->shape[axis];
  const bool squeeze = !ctx.has_input(1) && ctx.Int("keepdims", 1) == 0;
  if (const auto sizes = PieceSizes(ctx, d)) {
    int64_t total = 0;
    for (const int64_t s : *sizes) {
      if (s < 0) return ctx.InputError(1, "a piece's size, " + std::to_string(s) + ", is negative");
      total += s;
    }
    if (d.known() && total != d.value) {
      return ctx.InputError(1, "the pieces' sizes add up to " + std::to_string(total) +
                                   ", not the axis's " + std::to_string(d.value));
    }
    const std::optional<Values> values = ReadValues(in);
    std::vector<TensorInfo> pieces;
    int64_t offset = 0;
    for (const int64_t s : *sizes) {
      pieces.push_back(Piece(*in, values, axis, offset, s, squeeze));
      offset += s;
    }
    return Finish(SequenceValue(ListedSequence(std::move(pieces), in->elem_type)), eval);
  }
  Sequence s;
  s.length = PieceCount(ctx, d);
  s.element = TensorInfo::Shaped(in->shape, in->elem_type);
  if (squeeze) {
    s.element.shape.erase(s.element.shape.begin() + a);
  } else {
    s.element.shape[axis] = ctx.has_input(1) ? Dim::Symbol("") : Dim::Of(1);
  }
  return Finish(SequenceValue(std::move(s)), eval);
}

// Elements of different ranks cannot be joined: the graph is wrong. Elements
// whose shapes are not known (built from an unknown) leave the join not
// known either: a lower bound, not a stop.
Status ElementsWithoutOneRank(const NodeContext& ctx, const Sequence& s) {
  const bool all_known = s.listed && std::all_of(s.elements.begin(), s.elements.end(),
                                                 [](const TensorInfo& e) { return e.rank_known; });
  if (all_known) return ctx.InputError(0, "its elements differ in rank");
  return ctx.Unknown(0, "its elements' shapes are not known");
}

// ConcatFromSequence(input; axis, new_axis = 0): the elements joined on
// `axis`, or stacked on a new axis there (new_axis = 1).
Status ConcatFromSequence(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const Sequence* s, SequenceInput(ctx, 0));
  const bool stack = ctx.Int("new_axis", 0) != 0;
  if (!ctx.Attr("axis")) return Status::InvalidArgument("attribute 'axis' is required");
  const TensorInfo& common = s->element;
  if (!common.rank_known) return ElementsWithoutOneRank(ctx, *s);
  const auto rank = static_cast<int64_t>(common.shape.size());
  TF_ASSIGN_OR_RETURN(const int64_t a, Axis(ctx.Int("axis", 0), rank + (stack ? 1 : 0), "axis"));
  TensorInfo out = TensorInfo::Shaped(common.shape, common.elem_type);
  const auto axis = static_cast<size_t>(a);
  if (stack) {
    out.shape.insert(out.shape.begin() + a, s->length);
  } else if (s->listed) {
    if (s->elements.empty()) return ctx.InputError(0, "is empty: there is nothing to join");
    Dim sum = Dim::Of(0);
    for (const TensorInfo& e : s->elements) sum = SymbolicOp("+", sum, e.shape[axis]);
    out.shape[axis] = sum;
  } else {
    out.shape[axis] = SymbolicOp("*", s->length, common.shape[axis]);
  }
  return Finish(std::move(out), eval);
}

}  // namespace

const std::vector<OpRule>& TensorSequenceOpRules() {
  constexpr auto kZero = OpRule::kZero;
  static const std::vector<OpRule> rules = {
      {"SequenceEmpty", SequenceEmpty, {}, kZero},
      {"SequenceConstruct", SequenceConstruct, {}, kZero},
      {"SequenceInsert", SequenceInsert, {2}, kZero},
      {"SequenceErase", SequenceErase, {1}, kZero},
      {"SequenceAt", SequenceAt, {1}, kZero},
      {"SequenceLength", SequenceLength, {}, kZero, false},
      {"SplitToSequence", SplitToSequence, {1}, kZero},
      {"ConcatFromSequence", ConcatFromSequence, {}, kZero},
  };
  return rules;
}

}  // namespace trainflops::onnx
