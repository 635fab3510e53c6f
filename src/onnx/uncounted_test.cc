// Nodes whose input shapes are not known: left uncounted, listed with the
// reason and the node the unknown came from, the total a lower bound; what
// is wrong (not unknown), --strict, and a graph with nothing countable still
// stop the analysis.
#include <gtest/gtest.h>

#include "testing/analyze_util.h"

namespace trainflops::onnx::testing {
namespace {

// What MatMul "fc2" reads when FooBar, which has no rule, writes it.
const std::string kUnknownU =
    "input 'u': its shape is unknown (it comes from an operator without a shape rule and the "
    "file gives no value_info for it)";

Result<OnnxAnalysis> AnalyzeStrict(const std::string& bytes) {
  const MemoryByteSource source(bytes);
  OnnxOptions options;
  options.strict = true;
  return AnalyzeOnnx(source, options);
}

TEST(OnnxUncounted, AnOperatorWithoutRuleLeavesTheNodesAfterItUncounted) {
  const auto a = Analyze(UnknownOperatorModel());
  ASSERT_TRUE(a.ok()) << a.status().message();
  // Only fc1 is counted: x [2, 8] by W1 [8, 4], 2·M·K·N = 2·2·8·4 = 128.
  EXPECT_DOUBLE_EQ(a->forward_flop, 128);
  // Both weights are still parameters: 8·4 + 4·3 = 44.
  EXPECT_DOUBLE_EQ(a->params, 44);
  EXPECT_TRUE(a->lower_bound());
  // Nodes in order: fc1 0, foo 1, fc2 2, act 3. foo (no rule) is listed
  // first, then the two nodes whose inputs derive from its output.
  ASSERT_EQ(a->uncounted.size(), 3u);
  EXPECT_EQ(a->uncounted[0].node, 1u);
  EXPECT_EQ(a->uncounted[0].after, -1);
  EXPECT_EQ(a->uncounted[0].reason,
            "the operator has no shape rule: the shapes of its outputs are unknown");
  EXPECT_EQ(a->uncounted[1].node, 2u);
  EXPECT_EQ(a->uncounted[1].after, 1);
  EXPECT_EQ(a->uncounted[1].reason, kUnknownU);
  EXPECT_EQ(a->uncounted[2].node, 3u);
  EXPECT_EQ(a->uncounted[2].after, 1);  // through fc2, to the first cause
  EXPECT_EQ(a->nodes[3].op_type, "Relu");
  EXPECT_EQ(OutputShape(*a, "fc2", 0), "unknown");
  EXPECT_DOUBLE_EQ(NodeNamed(*a, "fc2").forward_flop, 0);
  // foo (no rule), fc2 and act of the 4 nodes may have FLOP left out: 3/4.
  EXPECT_DOUBLE_EQ(a->uncounted_share(), 0.75);
}

TEST(OnnxUncounted, StrictStopsAtTheFirstUnknownAsBefore) {
  const auto a = AnalyzeStrict(UnknownOperatorModel());
  ASSERT_FALSE(a.ok());
  EXPECT_EQ(a.status().message(), "node 'fc2' (MatMul): " + kUnknownU);
}

TEST(OnnxUncounted, NothingCountableIsAnErrorNamingTheFirstUnknown) {
  const auto a = Analyze(UnknownOperatorModel(/*with_fc1=*/false));
  ASSERT_FALSE(a.ok());
  EXPECT_EQ(a.status().message(), "node 'fc2' (MatMul): " + kUnknownU);
}

// What is wrong rather than unknown stops the analysis even after an
// uncounted node: here a MatMul of x [2, 8] by W2 [4, 3].
TEST(OnnxUncounted, AnErrorAfterAnUncountedNodeStillStops) {
  Graph g;
  g.inputs.push_back(ValueInfo("x", S({2, 8})));
  g.initializers.push_back(WeightTensor("W2", {4, 3}));
  g.nodes.push_back(Node("FooBar", {"x"}, {"u"}, {}, "foo"));
  g.nodes.push_back(Node("MatMul", {"u", "W2"}, {"v"}, {}, "fc2"));
  g.nodes.push_back(Node("MatMul", {"x", "W2"}, {"bad"}, {}, "bad"));
  const auto a = Analyze(Model(g));
  ASSERT_FALSE(a.ok());
  EXPECT_EQ(a.status().message().rfind("node 'bad' (MatMul): ", 0), 0u) << a.status().message();
}

// An unknown while a graph input's symbolic dimension is unset may be that
// dimension, lost by a rule: the user is told to set it, not given a bound.
TEST(OnnxUncounted, UnsetInputDimensionsAreAskedForFirst) {
  Graph g;
  g.inputs.push_back(ValueInfo("x", {std::string("batch"), int64_t{8}}));
  g.initializers.push_back(WeightTensor("W1", {8, 4}));
  g.initializers.push_back(WeightTensor("W2", {4, 3}));
  g.nodes.push_back(Node("FooBar", {"x"}, {"u"}, {}, "foo"));
  g.nodes.push_back(Node("MatMul", {"u", "W2"}, {"v"}, {}, "fc2"));
  g.nodes.push_back(Node("MatMul", {"x", "W1"}, {"h"}, {}, "fc1"));
  const auto unset = Analyze(Model(g));
  ASSERT_FALSE(unset.ok());
  EXPECT_EQ(unset.status().message(), "node 'fc2' (MatMul): " + kUnknownU +
                                          "; the inputs' symbolic dimensions batch are not set: "
                                          "set them with `dims` NAME=N");
  const auto set = Analyze(Model(g), {{"batch", 2}});
  ASSERT_TRUE(set.ok()) << set.status().message();
  EXPECT_DOUBLE_EQ(set->forward_flop, 128);  // fc1: 2·2·8·4
  ASSERT_EQ(set->uncounted.size(), 2u);      // foo, fc2
}

// A Loop of 5 trips whose body is h [1, 4] -> MatMul "mm" with the outer
// w [4, 4] -> FooBar "foo" (no rule) -> Relu "act": mm is counted each trip,
// 5 x 2·1·4·4 = 160 FLOP; act is not (its input's shape is unknown), nor
// the main graph's Relu "after" on the Loop's output.
TEST(OnnxUncounted, NodesInALoopBodyAreUncountedLikeTheMainGraphs) {
  Graph body;
  body.inputs = {ValueInfo("iter", {}, 7), ValueInfo("cond_in", {}, 9), ValueInfo("h", S({1, 4}))};
  body.nodes = {Node("Identity", {"cond_in"}, {"cond_out"}, {}, "keep_going"),
                Node("MatMul", {"h", "w"}, {"m"}, {}, "mm"),
                Node("FooBar", {"m"}, {"u"}, {}, "foo"),
                Node("Relu", {"u"}, {"h_next"}, {}, "act")};
  body.outputs = {ValueInfo("cond_out", {}, 9), ValueInfo("h_next", S({1, 4}))};
  Graph g;
  g.inputs.push_back(ValueInfo("h0", S({1, 4})));
  g.initializers = {WeightTensor("w", {4, 4}), IntTensor("M", {5}, true)};
  // AttributeProto g = 6, type GRAPH = 5.
  const Proto body_attr = Proto().Bytes(1, "body").Message(6, body.Build()).Varint(20, 5);
  g.nodes = {Node("Loop", {"M", "", "h0"}, {"h_final"}, {body_attr}, "loop"),
             Node("Relu", {"h_final"}, {"y"}, {}, "after")};
  const auto a = Analyze(Model(g));
  ASSERT_TRUE(a.ok()) << a.status().message();
  EXPECT_DOUBLE_EQ(a->forward_flop, 160);
  EXPECT_DOUBLE_EQ(NodeNamed(*a, "loop/mm").forward_flop, 160);
  std::vector<std::string> uncounted;
  for (const OnnxUncounted& u : a->uncounted) uncounted.push_back(NodePath(*a, a->nodes[u.node]));
  EXPECT_EQ(uncounted, (std::vector<std::string>{"loop/foo", "loop/act", "after"}));
}

}  // namespace
}  // namespace trainflops::onnx::testing
