// TopK and OneHot (a mixture-of-experts router's selection), with the
// expected counts and shapes derived by hand in each case's comment.
#include "rules_test_util.h"

namespace trainflops::onnx::testing {
namespace {

class OnnxSelectRule : public ::testing::TestWithParam<RuleCase> {};

TEST_P(OnnxSelectRule, CountsAndShapes) { CheckRule(GetParam()); }

INSTANTIATE_TEST_SUITE_P(
    Rules, OnnxSelectRule,
    ::testing::Values(
        // Router probabilities [6 tokens, 8 experts], top 2 on the last
        // axis: values 6x2; one comparison per input element, 6·8 = 48.
        RuleCase{
            "TopKLastAxis",
            {{{"p", S({6, 8})}}, {}, {{"k", {2}}}, Node("TopK", {"p", "k"}, {"values", "indices"})},
            48,
            "6x2"},
        // Axis 0 of [5, 3, 4], K = 1: 1x3x4; 5·3·4 = 60 comparisons.
        RuleCase{"TopKFirstAxis",
                 {{{"p", S({5, 3, 4})}},
                  {},
                  {{"k", {1}}},
                  Node("TopK", {"p", "k"}, {"values", "indices"}, {AttrInt("axis", 0)})},
                 60,
                 "1x3x4"},
        // Opset 9: K is the attribute k. [2, 10], k = 3: 2x3, 20.
        RuleCase{"TopKOpset9Attribute",
                 {{{"p", S({2, 10})}},
                  {},
                  {},
                  Node("TopK", {"p"}, {"values", "indices"}, {AttrInt("k", 3)}),
                  9},
                 20,
                 "2x3"}),
    CaseName);

TEST(OnnxSelect, TopKIndicesAreIntegersAndKIsChecked) {
  OneNode g{{{"p", S({6, 8})}}, {}, {{"k", {2}}}, Node("TopK", {"p", "k"}, {"v", "i"})};
  const auto a = Analyze(g.Bytes());
  ASSERT_TRUE(a.ok()) << a.status().message();
  EXPECT_EQ(a->Output(a->nodes[0], 1).shape, "6x2");
  g.ints = {{"k", {9}}};  // more than the 8 along the axis
  const auto bad = Analyze(g.Bytes());
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().message(),
            "node 'TopK_0' (TopK): input 'k': K = 9 is not in [0, 8], the axis's size");
}

// OneHot(indices [6, 2], depth 4, values): axis -1 appends depth: 6x2x4;
// axis 1 inserts it: 6x4x2. 0 FLOP (copies of the on and off values).
TEST(OnnxSelect, OneHotInsertsTheDepthAxis) {
  for (const auto& [axis, shape] : {std::pair<int64_t, std::string>{-1, "6x2x4"}, {1, "6x4x2"}}) {
    Graph graph;
    graph.inputs = {ValueInfo("values", S({2})), ValueInfo("idx", S({6, 2}), 7)};
    graph.initializers = {IntTensor("depth", {4})};
    graph.nodes = {Node("OneHot", {"idx", "depth", "values"}, {"y"}, {AttrInt("axis", axis)})};
    const auto a = Analyze(Model(graph));
    ASSERT_TRUE(a.ok()) << a.status().message();
    EXPECT_EQ(a->Output(a->nodes[0], 0).shape, shape);
    EXPECT_EQ(a->nodes[0].rule, OnnxRule::kZero);
    EXPECT_DOUBLE_EQ(a->forward_flop, 0);
  }
}

}  // namespace
}  // namespace trainflops::onnx::testing
