// Values inside loop bodies: repeat counts computed from a shape reach the
// body through a sequence, an empty constant is a known (empty) value, and
// a loop's iteration number t is known per iteration only, yet x[t:t + 1]
// has a known length. Expected shapes and counts are worked out by hand
// from the ONNX operator specification in each comment.
#include <gtest/gtest.h>

#include <map>

#include "testing/analyze_util.h"
#include "values.h"

namespace trainflops::onnx::testing {
namespace {

constexpr int32_t kBoolType = 9, kInt64Type = 7;

// AttributeProto g = 6, type GRAPH = 5; t = 5, type TENSOR = 4.
Proto GraphAttr(std::string_view name, const Graph& g) {
  return Proto().Bytes(1, name).Message(6, g.Build()).Varint(20, 5);
}
Proto TensorAttr(std::string_view name, const Proto& tensor) {
  return Proto().Bytes(1, name).Message(5, tensor).Varint(20, 4);
}
// An int64 tensor of shape [0]: no data field at all, as PyTorch writes it.
Proto EmptyConstant(const std::string& out) {
  return Node("Constant", {}, {out}, {TensorAttr("value", Tensor("", {0}, kInt64Type))});
}
Proto Ones(const std::string& shape, const std::string& out) {
  return Node("ConstantOfShape", {shape}, {out}, {TensorAttr("value", IntTensor("", {1}))});
}
Proto Yes() { return Tensor("yes", {}, kBoolType).Bytes(9, std::string(1, '\1')); }

// Concat([3], empty) is [3]: with x [6, 4], Reshape(x, [3, -1]) is 3x8
// (-1 = 24 / 3). Were the empty constant's values unknown, the target and
// so the Reshape's shape would be unknown.
TEST(OnnxLoopValues, AnEmptyConstantHasKnownValues) {
  Graph g;
  g.inputs = {ValueInfo("x", S({6, 4}))};
  g.initializers = {IntTensor("head", {3, -1})};
  g.nodes = {EmptyConstant("none"),
             Node("Concat", {"head", "none"}, {"target"}, {AttrInt("axis", 0)}),
             Node("Reshape", {"x", "target"}, {"y"}, {}, "reshape")};
  const auto a = Analyze(Model(g));
  ASSERT_TRUE(a.ok()) << a.status().message();
  EXPECT_EQ(OutputShape(*a, "reshape", 0), "3x8");
}

// PyTorch 1.13's export of k.repeat_interleave(2, dim=3) for k [batch, seq,
// 8, 2] whose last dimension its tracer reads from a shape: the repeats
// are Expand(2, [k.shape[3]]) = [2, 2], split into a sequence of [2] and
// [2]; k is split on axis 3 into two [batch, seq, 8, 1]. Each trip t takes
// r = [2] and piece t, unsqueezes the piece on axis 4 ([b, s, 8, 1, 1]),
// builds the target Concat([-1, -1, -1, 1], r, []) = [-1, -1, -1, 1, 2],
// replaces its -1s by 1 (Where(Equal(c, -1·ones), ones, c)) = [1, 1, 1, 1,
// 2], expands the piece to [b, s, 8, 1, 2], reshapes it with [0, 0, 0, -1]
// (0 copies the input's dimension) to [b, s, 8, 2] and inserts it.
Graph ShapeDerivedRepeats() {
  Graph b;
  b.inputs = {ValueInfo("t", {}, kInt64Type), ValueInfo("c", {}, kBoolType), ValueInfo("outs", {})};
  b.nodes = {Node("SequenceAt", {"r_splits", "t"}, {"r"}),
             Node("SequenceAt", {"k_splits", "t"}, {"piece"}),
             Node("Unsqueeze", {"piece", "four"}, {"u"}),
             EmptyConstant("none"),
             Node("Concat", {"head", "r", "none"}, {"raw"}, {AttrInt("axis", 0)}),
             Node("Shape", {"raw"}, {"raw_shape"}),
             Ones("raw_shape", "ones5"),
             Node("Mul", {"ones5", "minus_one"}, {"minus_ones"}),
             Node("Equal", {"raw", "minus_ones"}, {"is_free"}),
             Node("Where", {"is_free", "ones5", "raw"}, {"target"}),
             Node("Expand", {"u", "target"}, {"e"}, {}, "expand"),
             Node("Reshape", {"e", "keep3"}, {"rows"}, {}, "reshape"),
             Node("SequenceInsert", {"outs", "rows"}, {"outs_next"}),
             Node("Identity", {"c"}, {"c_next"})};
  b.outputs = {ValueInfo("c_next", {}, kBoolType), ValueInfo("outs_next", {})};
  Graph g;
  g.inputs = {ValueInfo("k", {std::string("batch"), std::string("seq"), int64_t{8}, int64_t{2}})};
  g.initializers = {IntTensor("rep", {2}, true),
                    IntTensor("three", {3}, true),
                    IntTensor("zero", {0}),
                    IntTensor("four", {4}),
                    IntTensor("head", {-1, -1, -1, 1}),
                    IntTensor("minus_one", {-1}, true),
                    IntTensor("keep3", {0, 0, 0, -1}),
                    WeightTensor("w", {4, 3}),
                    Yes()};
  g.nodes = {Node("Shape", {"k"}, {"k_shape"}),
             Node("Gather", {"k_shape", "three"}, {"kv"}, {AttrInt("axis", 0)}),
             Node("Unsqueeze", {"kv", "zero"}, {"kv1"}),
             Node("Expand", {"rep", "kv1"}, {"reps"}, {}, "reps"),
             Node("Shape", {"reps"}, {"reps_shape"}),
             Ones("reps_shape", "split"),
             Node("SplitToSequence", {"reps", "split"}, {"r_splits"}, {AttrInt("axis", 0)}, "r"),
             Node("SplitToSequence", {"k", "split"}, {"k_splits"}, {AttrInt("axis", 3)}),
             Node("SequenceEmpty", {}, {"empty"}),
             Node("Loop", {"kv1", "yes", "empty"}, {"outs_final"}, {GraphAttr("body", b)}, "loop"),
             Node("ConcatFromSequence", {"outs_final"}, {"joined"}, {AttrInt("axis", 3)}, "join"),
             Node("MatMul", {"joined", "w"}, {"y"}, {}, "after")};
  return g;
}

// With batch = 2, seq = 16: two trips (the trip count is [k.shape[3]] =
// [2]), each piece 2x16x8x2, joined on axis 3 into 2x16x8x4; the MatMul
// with w [4, 3] after it costs 2·(2·16·8)·4·3 = 6,144 FLOP, counted, and
// nothing is left unknown.
TEST(OnnxLoopValues, RepeatCountsFromAShapeReachTheLoopBody) {
  const std::map<std::string, int64_t> dims = {{"batch", 2}, {"seq", 16}};
  const auto a = Analyze(Model(ShapeDerivedRepeats()), dims);
  ASSERT_TRUE(a.ok()) << a.status().message();
  EXPECT_EQ(OutputShape(*a, "reps", 0), "2");
  EXPECT_EQ(OutputShape(*a, "r", 0), "sequence[2] of 1");
  EXPECT_EQ(OutputShape(*a, "loop/expand", 0), "2x16x8x1x2");
  EXPECT_EQ(OutputShape(*a, "loop/reshape", 0), "2x16x8x2");
  EXPECT_EQ(OutputShape(*a, "loop", 0), "sequence[2] of 2x16x8x2");
  EXPECT_EQ(OutputShape(*a, "join", 0), "2x16x8x4");
  EXPECT_DOUBLE_EQ(NodeNamed(*a, "after").forward_flop, 6144);
  EXPECT_FALSE(a->lower_bound());
}

// A scripted `for t in range(5): outs.append(tanh(x[:, t:t + 1] @ w))`:
// the body slices x [2, 5, 8] on axis 1 from Unsqueeze(t) to Unsqueeze(t +
// 1). The bounds are known per iteration only; they differ by 1, so each
// slice is 2x1x8 (or, with `end` = t + 3 and step 2, ceil(3 / 2) = 2 rows).
Graph SlicingLoop(const std::string& end, int64_t step = 1) {
  Graph b;
  b.inputs = {ValueInfo("t", {}, kInt64Type), ValueInfo("c", {}, kBoolType), ValueInfo("outs", {})};
  b.nodes = {Node("Add", {"t", "one"}, {"t1"}),
             Node("Add", {"t", "three"}, {"t3"}),
             Node("Unsqueeze", {"t", "zero"}, {"from"}),
             Node("Unsqueeze", {end, "zero"}, {"to"}),
             Node("Slice", {"x", "from", "to", "axis1", "step"}, {"row"}, {}, "slice"),
             Node("MatMul", {"row", "w"}, {"m"}, {}, "mm"),
             Node("Tanh", {"m"}, {"h"}, {}, "tanh"),
             Node("SequenceInsert", {"outs", "h"}, {"outs_next"}),
             Node("Identity", {"c"}, {"c_next"})};
  b.outputs = {ValueInfo("c_next", {}, kBoolType), ValueInfo("outs_next", {})};
  Graph g;
  g.inputs = {ValueInfo("x", S({2, 5, 8}))};
  g.initializers = {IntTensor("M", {5}, true),     IntTensor("one", {1}, true),
                    IntTensor("three", {3}, true), IntTensor("zero", {0}),
                    IntTensor("axis1", {1}),       IntTensor("step", {step}),
                    IntTensor("five", {5}, true),  WeightTensor("w", {8, 8})};
  g.nodes = {Node("SequenceEmpty", {}, {"empty"}),
             Node("Loop", {"M", "", "empty"}, {"outs_final"}, {GraphAttr("body", b)}, "loop"),
             Node("ConcatFromSequence", {"outs_final"}, {"y"}, {AttrInt("axis", 1)}, "join")};
  return g;
}

// Per trip: t + 1 and t + 3 (1 FLOP each), the MatMul 2·(2·1)·8·8 = 256,
// Tanh 2·1·8 = 16: 274 FLOP, x 5 trips = 1,370; the rows joined on axis 1
// are 2x5x8 (5 x 1 row).
TEST(OnnxLoopValues, ASliceAtTheIterationNumberHasAKnownLength) {
  const auto a = Analyze(Model(SlicingLoop("t1")));
  ASSERT_TRUE(a.ok()) << a.status().message();
  EXPECT_EQ(OutputShape(*a, "loop/slice", 0), "2x1x8");
  EXPECT_DOUBLE_EQ(NodeNamed(*a, "loop/mm").forward_flop, 5 * 256);
  EXPECT_DOUBLE_EQ(NodeNamed(*a, "loop/tanh").forward_flop, 5 * 16);
  EXPECT_DOUBLE_EQ(a->forward_flop, 1370);
  EXPECT_EQ(OutputShape(*a, "join", 0), "2x5x8");
  EXPECT_FALSE(a->lower_bound());

  const auto stepped = Analyze(Model(SlicingLoop("t3", 2)));
  ASSERT_TRUE(stepped.ok()) << stepped.status().message();
  EXPECT_EQ(OutputShape(*stepped, "loop/slice", 0), "2x2x8");
}

// x[:, t:t] is empty (t - t = 0); x[:, t:5] (from t to a number) changes
// length each trip: not counted, a lower bound, never an error asking for
// a `dims` the model does not have.
TEST(OnnxLoopValues, ASliceWhoseLengthChangesPerIterationIsNotKnown) {
  const auto empty = Analyze(Model(SlicingLoop("t")));
  ASSERT_TRUE(empty.ok()) << empty.status().message();
  EXPECT_EQ(OutputShape(*empty, "loop/slice", 0), "2x0x8");

  const auto to_end = Analyze(Model(SlicingLoop("five")));
  ASSERT_TRUE(to_end.ok()) << to_end.status().message();
  EXPECT_EQ(OutputShape(*to_end, "loop/slice", 0), "unknown");
  EXPECT_TRUE(to_end->lower_bound());
  EXPECT_DOUBLE_EQ(NodeNamed(*to_end, "loop/mm").forward_flop, 0);
}

// Symbolic bounds: (t + 1) - t = 1 and (seq + 1) + 1 = seq + 2 whatever t
// and seq are; each body's iteration number is its own symbol, so two
// loops' numbers do not cancel.
TEST(OnnxLoopValues, OffsetsFoldInSymbolicArithmetic) {
  const Dim t = IterationNumber(3), u = IterationNumber(4), seq = Dim::Symbol("seq");
  EXPECT_EQ(SymbolicOp("-", SymbolicOp("+", t, Dim::Of(1)), t), Dim::Of(1));
  EXPECT_EQ(SymbolicOp("+", SymbolicOp("+", seq, Dim::Of(1)), Dim::Of(1)), Dim::Symbol("seq + 2"));
  EXPECT_EQ(SymbolicOp("-", SymbolicOp("+", seq, Dim::Of(1)), Dim::Of(1)), seq);
  EXPECT_FALSE(SymbolicOp("-", SymbolicOp("+", t, Dim::Of(1)), u).literal());
  EXPECT_TRUE(DependsOnIteration(SymbolicOp("+", t, Dim::Of(1))));
  EXPECT_FALSE(DependsOnIteration(seq));
}

}  // namespace
}  // namespace trainflops::onnx::testing
