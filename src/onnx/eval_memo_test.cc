// The rule memo: a node takes an earlier node's result only when
// everything its rule reads is the same, and repeated blocks counted from
// the memo match the counts worked out by hand.
#include "eval_memo.h"

#include <gtest/gtest.h>

#include "testing/analyze_util.h"

namespace trainflops::onnx {
namespace {

NodeProtoData MakeNode(std::vector<std::string> outputs, std::vector<Attribute> attributes = {}) {
  NodeProtoData node;
  node.op_type = "Transpose";
  node.inputs = {"x"};
  node.outputs = std::move(outputs);
  node.attributes = std::move(attributes);
  return node;
}

Attribute Perm(std::vector<int64_t> perm) {
  Attribute a;
  a.name = "perm";
  a.type = 7;  // AttributeProto.INTS
  a.ints = std::move(perm);
  return a;
}

TensorInfo Input(Dims shape) { return TensorInfo::Shaped(std::move(shape), kFloat); }

// Stores an entry for (rule, node, input) and reports whether (rule2,
// node2, input2) then finds it.
bool SharesResult(const OpRule* rule, const NodeProtoData& node, const TensorInfo& input,
                  const OpRule* rule2, const NodeProtoData& node2, const TensorInfo& input2) {
  EvalMemo memo;
  EXPECT_TRUE(memo.Sign(rule, 17, node, {&input}));
  memo.Store(EvalMemo::Entry{{input}, 1, 0, -1, "f", "s", {}});
  EXPECT_TRUE(memo.Sign(rule2, 17, node2, {&input2}));
  return memo.Find() != nullptr;
}

TEST(OnnxEvalMemo, TheSameSignatureFindsTheStoredResult) {
  const OpRule* rule = FindRule("", "Transpose");
  const NodeProtoData node = MakeNode({"y"}, {Perm({1, 0})});
  // Names are not part of the signature: rules read them only for errors.
  NodeProtoData renamed = node;
  renamed.name = "other";
  renamed.inputs = {"z"};
  renamed.outputs = {"w"};
  EXPECT_TRUE(
      SharesResult(rule, node, Input(ToDims({2, 3})), rule, renamed, Input(ToDims({2, 3}))));
}

TEST(OnnxEvalMemo, AnythingTheRuleReadsTellsNodesApart) {
  const OpRule* transpose = FindRule("", "Transpose");
  const NodeProtoData node = MakeNode({"y"}, {Perm({1, 0})});
  const TensorInfo x = Input(ToDims({2, 3}));
  // Another operator.
  EXPECT_FALSE(SharesResult(transpose, node, x, FindRule("", "Identity"), node, x));
  // Another attribute value.
  EXPECT_FALSE(SharesResult(transpose, node, x, transpose, MakeNode({"y"}, {Perm({0, 1})}), x));
  // An attribute left out.
  EXPECT_FALSE(SharesResult(transpose, node, x, transpose, MakeNode({"y"}), x));
  // Another number of outputs, or an output left out.
  EXPECT_FALSE(
      SharesResult(transpose, node, x, transpose, MakeNode({"y", "z"}, {Perm({1, 0})}), x));
  EXPECT_FALSE(SharesResult(transpose, MakeNode({"y", "z"}, {Perm({1, 0})}), x, transpose,
                            MakeNode({"y", ""}, {Perm({1, 0})}), x));
  // Another shape, element type, or symbol.
  EXPECT_FALSE(SharesResult(transpose, node, x, transpose, node, Input(ToDims({3, 2}))));
  TensorInfo half = x;
  half.elem_type = kFloat16;
  EXPECT_FALSE(SharesResult(transpose, node, x, transpose, node, half));
  const TensorInfo batch = Input({Dim::Symbol("batch"), Dim::Of(3)});
  EXPECT_FALSE(SharesResult(transpose, node, batch, transpose, node,
                            Input({Dim::Symbol("seq"), Dim::Of(3)})));
  // Other known values of the same shape (a shape vector).
  TensorInfo v1 = TensorInfo::Shaped(ToDims({2}), kInt64);
  v1.has_int_values = true;
  v1.int_values = ToDims({4, 5});
  TensorInfo v2 = v1;
  v2.int_values = ToDims({4, 6});
  EXPECT_FALSE(SharesResult(transpose, node, v1, transpose, node, v2));
  TensorInfo unknown_values = v1;
  unknown_values.has_int_values = false;
  unknown_values.int_values.clear();
  EXPECT_FALSE(SharesResult(transpose, node, v1, transpose, node, unknown_values));
}

TEST(OnnxEvalMemo, AnotherOpsetTellsNodesApart) {
  const OpRule* rule = FindRule("", "Transpose");
  const NodeProtoData node = MakeNode({"y"}, {Perm({1, 0})});
  const TensorInfo x = Input(ToDims({2, 3}));
  EvalMemo memo;
  ASSERT_TRUE(memo.Sign(rule, 13, node, {&x}));
  memo.Store(EvalMemo::Entry{});
  ASSERT_TRUE(memo.Sign(rule, 17, node, {&x}));
  EXPECT_EQ(memo.Find(), nullptr);
  ASSERT_TRUE(memo.Sign(rule, 13, node, {&x}));
  EXPECT_NE(memo.Find(), nullptr);
}

// Past kMaxEntries distinct signatures, new ones are not kept (earlier ones are).
TEST(OnnxEvalMemo, HoldsAtMostItsLimit) {
  const OpRule* rule = FindRule("", "Relu");
  const NodeProtoData node = MakeNode({"y"});
  EvalMemo memo;
  for (int64_t n = 1; n <= static_cast<int64_t>(EvalMemo::kMaxEntries) + 1; ++n) {
    const TensorInfo x = Input(ToDims({n}));
    ASSERT_TRUE(memo.Sign(rule, 17, node, {&x}));
    memo.Store(EvalMemo::Entry{});
  }
  const TensorInfo first = Input(ToDims({1}));
  ASSERT_TRUE(memo.Sign(rule, 17, node, {&first}));
  EXPECT_NE(memo.Find(), nullptr);
  const TensorInfo last = Input(ToDims({static_cast<int64_t>(EvalMemo::kMaxEntries) + 1}));
  ASSERT_TRUE(memo.Sign(rule, 17, node, {&last}));
  EXPECT_EQ(memo.Find(), nullptr);
}

TEST(OnnxEvalMemo, NodesWithTensorOrSubgraphAttributesAreNotMemoised) {
  Attribute value;
  value.name = "value";
  value.t = TensorMeta{};
  EvalMemo memo;
  const TensorInfo x = Input(ToDims({2}));
  EXPECT_FALSE(memo.Sign(FindRule("", "Identity"), 17, MakeNode({"y"}, {value}), {&x}));
  memo.Store(EvalMemo::Entry{});
  EXPECT_EQ(memo.Find(), nullptr);
}

}  // namespace
}  // namespace trainflops::onnx

namespace trainflops::onnx::testing {
namespace {

// Two blocks with equal shapes but different reshape targets: the second
// block's MatMul must not reuse the first's result.
//   block 1: x [4, 6] -> Reshape [8, 3] -> MatMul w1 [3, 5]: 2·8·3·5 = 240 FLOP
//   block 2: x [4, 6] -> Reshape [2, 12] -> MatMul w2 [12, 5]: 2·2·12·5 = 240 FLOP
//   block 3: the same as block 1 again (a repeat, from the memo): 240 FLOP
// and each Reshape's output shape is its own target.
TEST(OnnxEvalMemo, RepeatedBlocksCountAsTheirOwnNodes) {
  Graph g;
  g.inputs.push_back(ValueInfo("x", S({4, 6})));
  g.initializers.push_back(IntTensor("t1", {8, 3}));
  g.initializers.push_back(IntTensor("t2", {2, 12}));
  g.initializers.push_back(WeightTensor("w1", {3, 5}));
  g.initializers.push_back(WeightTensor("w2", {12, 5}));
  g.initializers.push_back(WeightTensor("w3", {3, 5}));
  g.nodes.push_back(Node("Reshape", {"x", "t1"}, {"r1"}, {}, "reshape1"));
  g.nodes.push_back(Node("MatMul", {"r1", "w1"}, {"y1"}, {}, "fc1"));
  g.nodes.push_back(Node("Reshape", {"x", "t2"}, {"r2"}, {}, "reshape2"));
  g.nodes.push_back(Node("MatMul", {"r2", "w2"}, {"y2"}, {}, "fc2"));
  g.nodes.push_back(Node("Reshape", {"x", "t1"}, {"r3"}, {}, "reshape3"));
  g.nodes.push_back(Node("MatMul", {"r3", "w3"}, {"y3"}, {}, "fc3"));
  g.outputs.push_back(ValueInfo("y1", S({8, 5})));
  g.outputs.push_back(ValueInfo("y2", S({2, 5})));
  g.outputs.push_back(ValueInfo("y3", S({8, 5})));
  const auto a = Analyze(Model(g));
  ASSERT_TRUE(a.ok()) << a.status().message();
  EXPECT_EQ(OutputShape(*a, "reshape1", 0), "8x3");
  EXPECT_EQ(OutputShape(*a, "reshape2", 0), "2x12");
  EXPECT_EQ(OutputShape(*a, "reshape3", 0), "8x3");
  EXPECT_EQ(OutputShape(*a, "fc2", 0), "2x5");
  EXPECT_DOUBLE_EQ(NodeNamed(*a, "fc1").forward_flop, 240);
  EXPECT_DOUBLE_EQ(NodeNamed(*a, "fc2").forward_flop, 240);
  EXPECT_DOUBLE_EQ(NodeNamed(*a, "fc3").forward_flop, 240);
  EXPECT_EQ(NodeNamed(*a, "fc1").formula, NodeNamed(*a, "fc3").formula);
  EXPECT_NE(NodeNamed(*a, "fc1").formula, NodeNamed(*a, "fc2").formula);
  // Parameters are the node's own, not the memo's: 15 + 60 + 15.
  EXPECT_DOUBLE_EQ(NodeNamed(*a, "fc3").params, 15);
  EXPECT_DOUBLE_EQ(a->params, 90);
}

}  // namespace
}  // namespace trainflops::onnx::testing
