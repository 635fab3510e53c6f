// Element-wise operators, normalisations, softmax, reductions and Resize
// against hand arithmetic with the catalogue's per-element conventions.
#include "rules_test_util.h"

namespace trainflops::onnx::testing {
namespace {

using I = std::vector<int64_t>;

class ElementwiseRules : public ::testing::TestWithParam<RuleCase> {};
TEST_P(ElementwiseRules, MatchesHandArithmetic) { CheckRule(GetParam()); }

OneNode Unary(const std::string& op, std::vector<D> shape) {
  return {{{"x", shape}}, {}, {}, Node(op, {"x"}, {"y"})};
}

INSTANTIATE_TEST_SUITE_P(
    Onnx, ElementwiseRules,
    ::testing::Values(
        // One FLOP per output element: 2·3 = 6.
        RuleCase{"relu", Unary("Relu", S({2, 3})), 6, "2x3"},
        RuleCase{"gelu", Unary("Gelu", S({4})), 4, "4"},
        RuleCase{"sigmoid", Unary("Sigmoid", S({3, 1})), 3, "3x1"},
        RuleCase{"tanh", Unary("Tanh", S({5})), 5, "5"},
        RuleCase{"erf", Unary("Erf", S({2, 2})), 4, "2x2"},
        // Broadcast [2,1,4] + [3,1] -> [2,3,4]: 24.
        RuleCase{"add_broadcast",
                 {{{"a", S({2, 1, 4})}, {"b", S({3, 1})}}, {}, {}, Node("Add", {"a", "b"}, {"y"})},
                 24,
                 "2x3x4"},
        // Sum of 3 inputs: 2 adds per element x 4 = 8; Mean adds a divide: 12.
        RuleCase{"sum3",
                 {{{"a", S({2, 2})}, {"b", S({2, 2})}, {"c", S({2})}},
                  {},
                  {},
                  Node("Sum", {"a", "b", "c"}, {"y"})},
                 8,
                 "2x2"},
        RuleCase{"mean3",
                 {{{"a", S({2, 2})}, {"b", S({2, 2})}, {"c", S({2})}},
                  {},
                  {},
                  Node("Mean", {"a", "b", "c"}, {"y"})},
                 12,
                 "2x2"},
        // Softmax 3 per element: 3·10 = 30.
        RuleCase{"softmax", Unary("Softmax", S({2, 5})), 30, "2x5"},
        RuleCase{"logsoftmax", Unary("LogSoftmax", S({2, 5})), 30, "2x5"},
        // LayerNorm with scale and bias: 7·24 = 168, params 8; without bias 6·24 = 144.
        RuleCase{"layernorm",
                 {{{"x", S({2, 3, 4})}},
                  {{"g", I{4}}, {"b", I{4}}},
                  {},
                  Node("LayerNormalization", {"x", "g", "b"}, {"y"})},
                 168,
                 "2x3x4",
                 8},
        RuleCase{"layernorm_no_bias",
                 {{{"x", S({2, 3, 4})}},
                  {{"g", I{4}}},
                  {},
                  Node("LayerNormalization", {"x", "g"}, {"y"})},
                 144,
                 "2x3x4",
                 4},
        // BatchNorm: 7·18 = 126; params scale + B = 4 (running mean/var are constants).
        RuleCase{"batchnorm",
                 {{{"x", S({1, 2, 3, 3})}},
                  {{"s", I{2}}, {"b", I{2}}, {"m", I{2}}, {"v", I{2}}},
                  {},
                  Node("BatchNormalization", {"x", "s", "b", "m", "v"}, {"y"})},
                 126,
                 "1x2x3x3",
                 4},
        RuleCase{"instancenorm",
                 {{{"x", S({1, 2, 2, 2})}},
                  {{"s", I{2}}, {"b", I{2}}},
                  {},
                  Node("InstanceNormalization", {"x", "s", "b"}, {"y"})},
                 56,
                 "1x2x2x2",
                 4},
        RuleCase{"groupnorm",
                 {{{"x", S({1, 2, 2, 2})}},
                  {{"s", I{2}}, {"b", I{2}}},
                  {},
                  Node("GroupNormalization", {"x", "s", "b"}, {"y"}, {AttrInt("num_groups", 1)})},
                 56,
                 "1x2x2x2",
                 4},
        // ReduceMean over axis 1 without keepdims: one per input element, 24.
        RuleCase{
            "reduce_mean",
            {{{"x", S({2, 3, 4})}},
             {},
             {},
             Node("ReduceMean", {"x"}, {"y"}, {AttrInts("axes", {1}), AttrInt("keepdims", 0)})},
            24,
            "2x4"},
        // ReduceSum with axes as an input (opset 13+), keepdims: [2,3,1].
        RuleCase{
            "reduce_sum_input_axes",
            {{{"x", S({2, 3, 4})}}, {}, {{"axes", I{-1}}}, Node("ReduceSum", {"x", "axes"}, {"y"})},
            24,
            "2x3x1"},
        // Bilinear x2: 64 outputs x 3·(2² - 1) = 9 -> 576.
        RuleCase{"resize_linear",
                 {{{"x", S({1, 1, 4, 4})}},
                  {},
                  {{"sizes", I{1, 1, 8, 8}}},
                  Node("Resize", {"x", "", "", "sizes"}, {"y"}, {AttrString("mode", "linear")})},
                 576,
                 "1x1x8x8"},
        // Bicubic: 7·(4² - 1)/3 = 35 per output x 64 = 2,240.
        RuleCase{"resize_cubic",
                 {{{"x", S({1, 1, 4, 4})}},
                  {},
                  {{"sizes", I{1, 1, 8, 8}}},
                  Node("Resize", {"x", "", "", "sizes"}, {"y"}, {AttrString("mode", "cubic")})},
                 2240,
                 "1x1x8x8"},
        // Nearest is a copy: 0.
        RuleCase{"resize_nearest",
                 {{{"x", S({1, 1, 4, 4})}},
                  {},
                  {{"sizes", I{1, 1, 8, 8}}},
                  Node("Resize", {"x", "", "", "sizes"}, {"y"})},
                 0,
                 "1x1x8x8"}),
    CaseName);

// Resize with float scales read from a small float initializer.
TEST(OnnxElementwise, ResizeWithScales) {
  Graph g;
  g.inputs.push_back(ValueInfo("x", S({1, 1, 4, 4})));
  g.initializers.push_back(FloatTensor("scales", {1, 1, 2, 2}));
  g.nodes.push_back(Node("Resize", {"x", "", "scales"}, {"y"}, {AttrString("mode", "linear")}));
  const auto a = Analyze(Model(g, 13));
  ASSERT_TRUE(a.ok()) << a.status().message();
  EXPECT_EQ(a->Output(a->nodes[0], 0).shape, "1x1x8x8");
  EXPECT_DOUBLE_EQ(a->nodes[0].forward_flop, 576);  // as resize_linear
  EXPECT_DOUBLE_EQ(a->params, 0);                   // scales feed a constant slot
}

TEST(OnnxElementwise, IncompatibleBroadcastNamesTheShapes) {
  OneNode g{{{"a", S({2, 3})}, {"b", S({4})}}, {}, {}, Node("Mul", {"a", "b"}, {"y"}, {}, "m")};
  const auto a = Analyze(g.Bytes());
  ASSERT_FALSE(a.ok());
  EXPECT_EQ(a.status().message(),
            "node 'm' (Mul): shapes 2x3 and 4 do not broadcast (dimension 1: 3 vs 4)");
}

}  // namespace
}  // namespace trainflops::onnx::testing
