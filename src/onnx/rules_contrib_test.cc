// com.microsoft fused operators (ONNX Runtime's transformer optimizer)
// against hand arithmetic: attention variants, norms, activations, rotary
// embeddings and matrix products. Each case's comment derives its count.
#include "rules_test_util.h"

namespace trainflops::onnx::testing {
namespace {

using I = std::vector<int64_t>;

class ContribRules : public ::testing::TestWithParam<RuleCase> {};
TEST_P(ContribRules, MatchesHandArithmetic) { CheckRule(GetParam()); }

Proto Ms(std::string_view op, const std::vector<std::string>& in, std::vector<Proto> attrs = {}) {
  return Node(op, in, {"y"}, attrs, "", "com.microsoft");
}

// Attention scores, with S = batch·heads·Sq·L scores, key/value size dk, dv:
// 2·S·dk (Q·K^T) + S (scale) + 3·S (softmax) + 2·S·dv (weights·V).
INSTANTIATE_TEST_SUITE_P(
    Onnx, ContribRules,
    ::testing::Values(
        // Packed QKV [1, 3, 2 heads, 3, 4]: S = 1·2·3·3 = 18 -> 2·18·4 + 18 + 54 + 2·18·4 = 360.
        RuleCase{"mha_packed_qkv",
                 Contrib({{{"qkv", {int64_t{1}, int64_t{3}, int64_t{2}, int64_t{3}, int64_t{4}}}},
                          {},
                          {},
                          Ms("MultiHeadAttention", {"qkv"}, {AttrInt("num_heads", 2)})}),
                 360, "1x3x8"},
        // Packed KV [1, 5, 2, 2, 4] for q [1, 3, 8]: S = 1·2·3·5 = 30 -> 240 + 30 + 90 + 240 = 600.
        RuleCase{"mha_packed_kv",
                 Contrib({{{"q", S({1, 3, 8})}, {"kv", S({1, 5, 2, 2, 4})}},
                          {},
                          {},
                          Ms("MultiHeadAttention", {"q", "kv"}, {AttrInt("num_heads", 2)})}),
                 600, "1x3x8"},
        // GQA: 4 query heads of 4 over 2 KV heads, 4 new tokens, no past; causal, so the
        // average attended length is 4 - (4 - 1)/2 = 2.5: S = 1·4·4·2.5 = 40 ->
        // 2·40·4 + 40 + 120 + 2·40·4 = 800.
        RuleCase{"group_query_attention",
                 Contrib({{{"q", S({1, 4, 16})}, {"k", S({1, 4, 8})}, {"v", S({1, 4, 8})}},
                          {},
                          {},
                          Ms("GroupQueryAttention", {"q", "k", "v"},
                             {AttrInt("num_heads", 4), AttrInt("kv_num_heads", 2)})}),
                 800, "1x4x16"},
        // The same with do_rotary: + 3·1·4·(4 + 2)·4 = 288 -> 1,088.
        RuleCase{"group_query_attention_rotary",
                 Contrib({{{"q", S({1, 4, 16})}, {"k", S({1, 4, 8})}, {"v", S({1, 4, 8})}},
                          {},
                          {},
                          Ms("GroupQueryAttention", {"q", "k", "v"},
                             {AttrInt("num_heads", 4), AttrInt("kv_num_heads", 2),
                              AttrInt("do_rotary", 1)})}),
                 1088, "1x4x16"},
        // Rotary on [1, 3, 8] with 2 heads of 4: 1·3·2·4 = 24 rotated values x 3 = 72;
        // with rotary_embedding_dim 2: 12 x 3 = 36.
        RuleCase{"rotary_embedding",
                 Contrib({{{"x", S({1, 3, 8})}},
                          {},
                          {},
                          Ms("RotaryEmbedding", {"x"}, {AttrInt("num_heads", 2)})}),
                 72, "1x3x8"},
        RuleCase{"rotary_embedding_partial",
                 Contrib({{{"x", S({1, 3, 8})}},
                          {},
                          {},
                          Ms("RotaryEmbedding", {"x"},
                             {AttrInt("num_heads", 2), AttrInt("rotary_embedding_dim", 2)})}),
                 36, "1x3x8"},
        // Embeddings for ids [2, 3], H = 4: 1 add (word + position) + 7 (layer norm) per
        // element x 24 = 192. Params: word 40 + position 32 + gamma 4 + beta 4 = 80.
        RuleCase{"embed_layer_norm",
                 Contrib({{{"ids", S({2, 3})}},
                          {{"word", I{10, 4}}, {"pos", I{8, 4}}, {"gamma", I{4}}, {"beta", I{4}}},
                          {},
                          Ms("EmbedLayerNormalization",
                             {"ids", "", "word", "pos", "", "gamma", "beta"})}),
                 192, "2x3x4", 80},
        // With segments: 2 adds + 7 = 9 x 24 = 216; params + segment table 2·4 = 88.
        RuleCase{"embed_layer_norm_segments",
                 Contrib({{{"ids", S({2, 3})}, {"seg", S({2, 3})}},
                          {{"word", I{10, 4}},
                           {"pos", I{8, 4}},
                           {"segment", I{2, 4}},
                           {"gamma", I{4}},
                           {"beta", I{4}}},
                          {},
                          Ms("EmbedLayerNormalization",
                             {"ids", "seg", "word", "pos", "segment", "gamma", "beta"})}),
                 216, "2x3x4", 88},
        // SkipLayerNormalization on [1, 2, 4]: residual add 1 + layer norm 7 = 8 x 8 = 64;
        // params gamma 4 + beta 4.
        RuleCase{"skip_layer_norm",
                 Contrib({{{"x", S({1, 2, 4})}, {"skip", S({1, 2, 4})}},
                          {{"gamma", I{4}}, {"beta", I{4}}},
                          {},
                          Ms("SkipLayerNormalization", {"x", "skip", "gamma", "beta"})}),
                 64, "1x2x4", 8},
        // SkipSimplifiedLayerNormalization: add 1 + RMS norm 4 = 5 x 8 = 40; params gamma 4.
        RuleCase{"skip_simplified_layer_norm",
                 Contrib({{{"x", S({1, 2, 4})}, {"skip", S({1, 2, 4})}},
                          {{"gamma", I{4}}},
                          {},
                          Ms("SkipSimplifiedLayerNormalization", {"x", "skip", "gamma"})}),
                 40, "1x2x4", 4},
        // SimplifiedLayerNormalization (RMS norm with a scale): 4 x 8 = 32.
        RuleCase{"simplified_layer_norm",
                 Contrib({{{"x", S({1, 2, 4})}},
                          {{"scale", I{4}}},
                          {},
                          Ms("SimplifiedLayerNormalization", {"x", "scale"})}),
                 32, "1x2x4", 4},
        // BiasGelu: bias add 1 + activation 1 = 2 x 8 = 16; FastGelu, Gelu, QuickGelu 1 x 8.
        RuleCase{
            "bias_gelu",
            Contrib({{{"x", S({1, 2, 4})}}, {{"bias", I{4}}}, {}, Ms("BiasGelu", {"x", "bias"})}),
            16, "1x2x4", 4},
        RuleCase{"fast_gelu", Contrib({{{"x", S({1, 2, 4})}}, {}, {}, Ms("FastGelu", {"x"})}), 8,
                 "1x2x4"},
        RuleCase{"gelu", Contrib({{{"x", S({1, 2, 4})}}, {}, {}, Ms("Gelu", {"x"})}), 8, "1x2x4"},
        RuleCase{"quick_gelu", Contrib({{{"x", S({1, 2, 4})}}, {}, {}, Ms("QuickGelu", {"x"})}), 8,
                 "1x2x4"},
        // BiasAdd: X + bias + skip, 2 x 8 = 16; params bias 4.
        RuleCase{"bias_add",
                 Contrib({{{"x", S({1, 2, 4})}, {"skip", S({1, 2, 4})}},
                          {{"bias", I{4}}},
                          {},
                          Ms("BiasAdd", {"x", "bias", "skip"})}),
                 16, "1x2x4", 4},
        // FusedMatMul, A [2, 3], B [4, 3] with transB: [2, 3] x [3, 4] = 2·2·3·4 = 48, alpha
        // 0.5 adds 8 (one per output) = 56; params B 12.
        RuleCase{"fused_matmul",
                 Contrib({{{"a", S({2, 3})}},
                          {{"b", I{4, 3}}},
                          {},
                          Ms("FusedMatMul", {"a", "b"},
                             {AttrInt("transB", 1), AttrFloat("alpha", 0.5f)})}),
                 56, "2x4", 12}),
    CaseName);

// MatMulNBits: A [1, 2, 8], K = 8, N = 6, 4-bit weights packed as uint8
// [6, 1, 4] (8 values in 4 bytes per block of 8), float scales [6]:
// 2·M·K·N = 2·2·8·6 = 192 FLOP; parameters K·N = 48 (not the 24 bytes).
TEST(ContribRulesMatMulNBits, CountsTheDeclaredWeights) {
  Graph g;
  g.inputs.push_back(ValueInfo("a", S({1, 2, 8})));
  g.initializers = {WeightTensor("b", {6, 1, 4}, 2), WeightTensor("scales", {6})};
  g.nodes.push_back(
      Node("MatMulNBits", {"a", "b", "scales"}, {"y"},
           {AttrInt("K", 8), AttrInt("N", 6), AttrInt("bits", 4), AttrInt("block_size", 8)}, "q4",
           "com.microsoft"));
  const auto a = Analyze(Model(g, 17, true));
  ASSERT_TRUE(a.ok()) << a.status().message();
  EXPECT_DOUBLE_EQ(a->forward_flop, 192);
  EXPECT_DOUBLE_EQ(a->params, 48);
  EXPECT_EQ(a->Output(a->nodes[0], 0).shape, "1x2x6");
  EXPECT_TRUE(a->nodes[0].weight_gradient);
  EXPECT_FALSE(a->lower_bound());
}

}  // namespace
}  // namespace trainflops::onnx::testing
