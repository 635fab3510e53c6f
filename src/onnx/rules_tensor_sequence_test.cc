// The sequence operators: shapes of what they build and read, values of
// listed elements, 0 FLOP. Expected shapes follow the ONNX operator
// specification by hand in each comment.
#include <gtest/gtest.h>

#include "testing/analyze_util.h"

namespace trainflops::onnx::testing {
namespace {

constexpr int32_t kInt64Type = 7;

Result<OnnxAnalysis> AnalyzeNodes(std::vector<Proto> nodes, std::vector<Proto> initializers = {},
                                  std::vector<Proto> inputs = {ValueInfo("x", S({6, 4}))}) {
  Graph g;
  g.inputs = std::move(inputs);
  g.initializers = std::move(initializers);
  g.nodes = std::move(nodes);
  return Analyze(Model(g));
}

// x [6, 4] split on axis 0 into pieces of 2 and 4 rows: element 1 is 4x4;
// joined again on axis 0: 2 + 4 = 6 rows; stacked (new_axis) on axis 1:
// [6?]: the pieces differ in rows, so the stacked shape's row dimension is
// unknown and the new axis holds the 2 elements: ? x 2 x 4.
TEST(OnnxTensorSequence, SplitToSequenceListsEachPiece) {
  const auto a =
      AnalyzeNodes({Node("SplitToSequence", {"x", "sizes"}, {"seq"}, {AttrInt("axis", 0)}, "split"),
                    Node("SequenceAt", {"seq", "one"}, {"second"}, {}, "at"),
                    Node("ConcatFromSequence", {"seq"}, {"joined"}, {AttrInt("axis", 0)}, "join"),
                    Node("ConcatFromSequence", {"seq"}, {"stacked"},
                         {AttrInt("axis", 1), AttrInt("new_axis", 1)}, "stack"),
                    Node("SequenceLength", {"seq"}, {"n"}, {}, "length")},
                   {IntTensor("sizes", {2, 4}), IntTensor("one", {1}, true)});
  ASSERT_TRUE(a.ok()) << a.status().message();
  EXPECT_EQ(OutputShape(*a, "split", 0), "sequence[2] of ? x 4");
  EXPECT_EQ(OutputShape(*a, "at", 0), "4x4");
  EXPECT_EQ(OutputShape(*a, "join", 0), "6x4");
  EXPECT_EQ(OutputShape(*a, "stack", 0), "? x 2 x 4");
  EXPECT_EQ(OutputShape(*a, "length", 0), "scalar");
  EXPECT_DOUBLE_EQ(a->forward_flop, 0);
  EXPECT_EQ(NodeNamed(*a, "join").rule, OnnxRule::kZero);
  EXPECT_TRUE(a->unsupported.empty());
}

// Without split, keepdims = 0: 6 elements of shape [4]; the values of a
// known input are split too: SequenceAt(-1) of [10, 20, 30] is [30]'s
// scalar, which Reshape reads as a target shape (a 1-element shape of 30
// for a 30-element input).
TEST(OnnxTensorSequence, ElementsCarryTheirValues) {
  const auto a =
      AnalyzeNodes({Node("SplitToSequence", {"x"}, {"rows"}, {AttrInt("keepdims", 0)}, "rows"),
                    Node("SequenceAt", {"rows", "last"}, {"row"}, {}, "row"),
                    Node("SplitToSequence", {"targets"}, {"ts"}, {}, "ts"),
                    Node("SequenceAt", {"ts", "last"}, {"t"}, {}, "t"),
                    Node("Reshape", {"y", "t"}, {"flat"}, {}, "flat")},
                   {IntTensor("targets", {10, 20, 30}), IntTensor("last", {-1}, true)},
                   {ValueInfo("x", S({6, 4})), ValueInfo("y", S({5, 6}))});
  ASSERT_TRUE(a.ok()) << a.status().message();
  EXPECT_EQ(OutputShape(*a, "rows", 0), "sequence[6] of 4");
  EXPECT_EQ(OutputShape(*a, "row", 0), "4");
  EXPECT_EQ(OutputShape(*a, "t", 0), "1");
  EXPECT_EQ(OutputShape(*a, "flat", 0), "30");
}

// SequenceEmpty, then x [6, 4] and y [5, 4] inserted (y at position 0),
// the last erased: [y] remains, so SequenceAt(0) is 5x4. Construct(x, y)
// then Concat on axis 0: 6 + 5 = 11 rows.
TEST(OnnxTensorSequence, InsertEraseAndConstruct) {
  const auto a = AnalyzeNodes(
      {Node("SequenceEmpty", {}, {"s0"}, {}, "empty"), Node("SequenceInsert", {"s0", "x"}, {"s1"}),
       Node("SequenceInsert", {"s1", "y", "zero"}, {"s2"}, {}, "insert"),
       Node("SequenceErase", {"s2"}, {"s3"}, {}, "erase"),
       Node("SequenceAt", {"s3", "zero"}, {"first"}, {}, "first"),
       Node("SequenceConstruct", {"x", "y"}, {"xy"}, {}, "construct"),
       Node("ConcatFromSequence", {"xy"}, {"joined"}, {AttrInt("axis", 0)}, "join")},
      {IntTensor("zero", {0}, true)}, {ValueInfo("x", S({6, 4})), ValueInfo("y", S({5, 4}))});
  ASSERT_TRUE(a.ok()) << a.status().message();
  EXPECT_EQ(OutputShape(*a, "empty", 0), "sequence[0] of unknown");
  EXPECT_EQ(OutputShape(*a, "insert", 0), "sequence[2] of ? x 4");
  EXPECT_EQ(OutputShape(*a, "first", 0), "5x4");
  EXPECT_EQ(OutputShape(*a, "join", 0), "11x4");
}

// A position past the end is the model's error, named with the node.
TEST(OnnxTensorSequence, OutOfRangePositionIsAnError) {
  const auto a = AnalyzeNodes(
      {Node("SequenceConstruct", {"x"}, {"s"}), Node("SequenceAt", {"s", "two"}, {"e"}, {}, "at")},
      {IntTensor("two", {2}, true)});
  ASSERT_FALSE(a.ok());
  EXPECT_EQ(a.status().message(),
            "node 'at' (SequenceAt): input 'two': position 2 is out of range for a sequence of 1 "
            "elements");
}

// Split sizes must be sizes: -1 + 7 adds up to the 6 rows but is refused.
TEST(OnnxTensorSequence, NegativePieceSizeIsAnError) {
  const auto a = AnalyzeNodes({Node("SplitToSequence", {"x", "sizes"}, {"seq"}, {}, "split")},
                              {IntTensor("sizes", {-1, 7})});
  ASSERT_FALSE(a.ok());
  EXPECT_EQ(a.status().message(),
            "node 'split' (SplitToSequence): input 'sizes': a piece's size, -1, is negative");
}

// A scalar split c cuts pieces of c, the last smaller: 6 rows by 4 are 4
// and 2; by 2^63 - 1 (its ceiling division once overflowed) one piece of 6.
TEST(OnnxTensorSequence, ScalarSplitCutsEqualPiecesButTheLast) {
  const auto a = AnalyzeNodes({Node("SplitToSequence", {"x", "four"}, {"s4"}, {}, "by4"),
                               Node("SequenceAt", {"s4", "last"}, {"tail"}, {}, "tail"),
                               Node("SplitToSequence", {"x", "huge"}, {"sh"}, {}, "byhuge")},
                              {IntTensor("four", {4}, true), IntTensor("huge", {INT64_MAX}, true),
                               IntTensor("last", {-1}, true)});
  ASSERT_TRUE(a.ok()) << a.status().message();
  EXPECT_EQ(OutputShape(*a, "by4", 0), "sequence[2] of ? x 4");
  EXPECT_EQ(OutputShape(*a, "tail", 0), "2x4");
  EXPECT_EQ(OutputShape(*a, "byhuge", 0), "sequence[1] of 6x4");
}

// A tensor operator reading a sequence says so, rather than "shape unknown".
TEST(OnnxTensorSequence, ATensorOperatorOnASequenceIsNamed) {
  const auto a = AnalyzeNodes(
      {Node("SequenceConstruct", {"x"}, {"s"}), Node("Relu", {"s"}, {"r"}, {}, "relu")});
  ASSERT_FALSE(a.ok());
  EXPECT_EQ(a.status().message(),
            "node 'relu' (Relu): input 's': it is a sequence of tensors, not a tensor");
}

// Split sizes unknown (computed from a graph input): the count is the
// split vector's length (3), each element's axis size unknown.
TEST(OnnxTensorSequence, UnknownSplitSizesKeepTheCount) {
  const auto a =
      AnalyzeNodes({Node("SplitToSequence", {"x", "sizes"}, {"seq"}, {AttrInt("axis", 1)}, "split"),
                    Node("ConcatFromSequence", {"seq"}, {"joined"}, {AttrInt("axis", 1)}, "join")},
                   {}, {ValueInfo("x", S({6, 4})), ValueInfo("sizes", S({3}), kInt64Type)});
  ASSERT_TRUE(a.ok()) << a.status().message();
  EXPECT_EQ(OutputShape(*a, "split", 0), "sequence[3] of 6 x ?");
  EXPECT_EQ(OutputShape(*a, "join", 0), "6 x ?");
}

// A sequence built from a tensor whose shape is not known (the output of an
// operator without a rule) is joined into a tensor not known either: the
// join and the Relu after it are left uncounted and the total is a lower
// bound; the Relu on x is counted (6 x 4 = 24 FLOP). The analysis once
// stopped at the join.
TEST(OnnxTensorSequence, JoiningElementsOfUnknownShapeIsALowerBound) {
  const auto a =
      AnalyzeNodes({Node("Relu", {"x"}, {"r"}, {}, "relu"), Node("FooBar", {"x"}, {"y"}, {}, "foo"),
                    Node("SequenceEmpty", {}, {"empty"}, {}, "empty"),
                    Node("SequenceInsert", {"empty", "y"}, {"seq"}, {}, "insert"),
                    Node("ConcatFromSequence", {"seq"}, {"joined"}, {AttrInt("axis", 0)}, "join"),
                    Node("Relu", {"joined"}, {"after"}, {}, "after")});
  ASSERT_TRUE(a.ok()) << a.status().message();
  EXPECT_TRUE(a->lower_bound());
  EXPECT_DOUBLE_EQ(a->forward_flop, 24);
  bool join_listed = false;
  for (const OnnxUncounted& u : a->uncounted) join_listed |= a->nodes[u.node].name == "join";
  EXPECT_TRUE(join_listed);
}

// Elements of different ranks cannot be joined: still an error.
TEST(OnnxTensorSequence, JoiningElementsOfDifferentRanksIsAnError) {
  const auto a =
      AnalyzeNodes({Node("SequenceConstruct", {"x", "v"}, {"seq"}, {}, "make"),
                    Node("ConcatFromSequence", {"seq"}, {"joined"}, {AttrInt("axis", 0)}, "join")},
                   {}, {ValueInfo("x", S({6, 4})), ValueInfo("v", S({4}))});
  ASSERT_FALSE(a.ok());
  EXPECT_NE(a.status().message().find("its elements differ in rank"), std::string::npos)
      << a.status().message();
}

}  // namespace
}  // namespace trainflops::onnx::testing
