// The per-node backward pass: "needs gradient" propagated from trainable
// initializers, one forward pass per operand of a product that needs one.
#include <gtest/gtest.h>

#include "testing/analyze_util.h"

namespace trainflops::onnx::testing {
namespace {

// One attention head over x [1, 4, 8] (data): q, k, v = x·Wq, x·Wk, x·Wv
// with W [8, 8]; scores = q·k^T; p = softmax(scores); o = p·v; y = o·Wo.
Graph AttentionHead() {
  Graph g;
  g.inputs.push_back(ValueInfo("x", S({1, 4, 8})));
  for (const char* w : {"wq", "wk", "wv", "wo"}) g.initializers.push_back(WeightTensor(w, {8, 8}));
  g.nodes = {testing::Node("MatMul", {"x", "wq"}, {"q"}, {}, "q"),
             testing::Node("MatMul", {"x", "wk"}, {"k"}, {}, "k"),
             testing::Node("MatMul", {"x", "wv"}, {"v"}, {}, "v"),
             testing::Node("Transpose", {"k"}, {"kt"}, {AttrInts("perm", {0, 2, 1})}, "kt"),
             testing::Node("MatMul", {"q", "kt"}, {"s"}, {}, "scores"),
             testing::Node("Softmax", {"s"}, {"p"}, {AttrInt("axis", -1)}, "softmax"),
             testing::Node("MatMul", {"p", "v"}, {"o"}, {}, "mix"),
             testing::Node("MatMul", {"o", "wo"}, {"y"}, {}, "out")};
  return g;
}

double Backward(const OnnxAnalysis& a) {
  OnnxEstimateOptions options;
  options.method1.backward = BackwardMode::kPerLayer;
  options.overrides.examples = 1;
  const auto e = EstimateOnnx(a, "head.onnx", options);
  EXPECT_TRUE(e.ok()) << e.status().message();
  if (!e.ok()) return 0;
  double total = 0;
  EXPECT_TRUE(e->result.layers.empty());  // the nodes are the layers
  EXPECT_EQ(e->backward_factors.size(), a.nodes.size());
  for (size_t i = 0; i < a.nodes.size() && i < e->backward_factors.size(); ++i) {
    total += e->backward_factors[i] * a.nodes[i].forward_flop;
  }
  return total;
}

TEST(OnnxGradients, BothOperandsOfTheScoreProductsNeedGradients) {
  const auto a = Analyze(Model(AttentionHead()));
  ASSERT_TRUE(a.ok()) << a.status().message();
  // Projections x·W: data x needs no gradient, W does: 1x forward.
  EXPECT_FALSE(NodeNamed(*a, "q").input_gradient);
  EXPECT_TRUE(NodeNamed(*a, "q").weight_gradient);
  // q·k^T and p·v: both operands derive from weights: 2x forward.
  EXPECT_TRUE(NodeNamed(*a, "scores").input_gradient);
  EXPECT_TRUE(NodeNamed(*a, "scores").weight_gradient);
  EXPECT_TRUE(NodeNamed(*a, "mix").input_gradient);
  EXPECT_TRUE(NodeNamed(*a, "mix").weight_gradient);
  EXPECT_TRUE(NodeNamed(*a, "softmax").input_gradient);
  EXPECT_FALSE(NodeNamed(*a, "softmax").weight_gradient);
  // Forward, by hand: each x·W 2·4·8·8 = 512 (four of them, with o·Wo);
  // q·k^T [4, 8] x [8, 4]: 2·4·8·4 = 256; softmax 3·16 = 48; p·v
  // [4, 4] x [4, 8]: 2·4·4·8 = 256. Total 4·512 + 256 + 48 + 256 = 2,608.
  EXPECT_DOUBLE_EQ(a->forward_flop, 2608);
  // Backward: q, k, v 1x (512 each); scores 2x 256 = 512; softmax 1x 48;
  // mix 2x 256 = 512; out 2x 512 = 1,024 (o needs a gradient, and Wo).
  // 1,536 + 512 + 48 + 512 + 1,024 = 3,632.
  EXPECT_DOUBLE_EQ(Backward(*a), 3632);
}

// Tied embeddings: the lm head reads the embedding table through Transpose
// (and a Cast), so its weight operand needs a gradient at that use too; the
// parameters are counted once.
TEST(OnnxGradients, WeightsReachedThroughTransposeAreTrainableAtEachUse) {
  Graph g;
  g.inputs.push_back(ValueInfo("ids", S({1, 3}), 7));
  g.initializers.push_back(WeightTensor("emb", {10, 4}));
  g.nodes = {testing::Node("Gather", {"emb", "ids"}, {"h"}, {}, "embed"),
             testing::Node("Transpose", {"emb"}, {"et"}, {}, "tie"),
             testing::Node("Cast", {"et"}, {"etc"}, {AttrInt("to", 1)}, "cast"),
             testing::Node("MatMul", {"h", "etc"}, {"logits"}, {}, "head")};
  const auto a = Analyze(Model(g));
  ASSERT_TRUE(a.ok()) << a.status().message();
  EXPECT_DOUBLE_EQ(a->params, 40);
  EXPECT_TRUE(NodeNamed(*a, "head").input_gradient);   // h comes from the embedding table
  EXPECT_TRUE(NodeNamed(*a, "head").weight_gradient);  // emb^T, through Transpose and Cast
  // head: [1, 3, 4] x [4, 10] = 2·3·4·10 = 240 FLOP; backward 2x = 480.
  // Gather, Transpose and Cast are zero-FLOP.
  EXPECT_DOUBLE_EQ(a->forward_flop, 240);
  EXPECT_DOUBLE_EQ(Backward(*a), 480);
}

// Two graph inputs multiplied: no weights anywhere, no backward pass.
TEST(OnnxGradients, DataOnlyProductsNeedNoGradient) {
  Graph g;
  g.inputs.push_back(ValueInfo("a", S({2, 3})));
  g.inputs.push_back(ValueInfo("b", S({3, 2})));
  g.nodes = {testing::Node("MatMul", {"a", "b"}, {"y"}, {}, "mm")};
  const auto a = Analyze(Model(g));
  ASSERT_TRUE(a.ok()) << a.status().message();
  EXPECT_FALSE(NodeNamed(*a, "mm").input_gradient);
  EXPECT_FALSE(NodeNamed(*a, "mm").weight_gradient);
  EXPECT_DOUBLE_EQ(Backward(*a), 0);
}

}  // namespace
}  // namespace trainflops::onnx::testing
