// The conventions on a small model, against hand arithmetic from each
// paper's formula, and 6ND for models whose token counts are published.
#include <gtest/gtest.h>

#include <cmath>

#include "trainflops/hf_config.h"
#include "trainflops/transformer.h"

namespace trainflops {
namespace {

// A small decoder: L = 2, d = 64, 4 heads of 16, T = 128, V = 1000,
// d_ff = 4d = 256, tied embeddings.
TransformerDims Small() {
  TransformerDims d;
  d.layers = 2;
  d.d_model = 64;
  d.heads = 4;
  d.seq_len = 128;
  d.vocab = 1000;
  return d;
}

ConventionResult Apply(Convention c, const TransformerDims& dims, ConventionOptions o = {}) {
  Result<TransformerModel> m = ModelFromDims(dims, c);
  EXPECT_TRUE(m.ok()) << m.status().message();
  Result<ConventionResult> r = ApplyConvention(c, *m, o);
  EXPECT_TRUE(r.ok()) << r.status().message();
  return r.ok() ? *r : ConventionResult{};
}

// Hoffmann et al. 2022 appendix F, per token (per sequence / T):
//   embeddings 2·V·d = 2·1000·64                   = 128,000
//   Q, K, V + final linear 2·4·d²·L = 2·16,384·2   =  65,536
//   K @ Q logits 2·T·(16·4)·L = 2·128·64·2         =  32,768
//   softmax 3·heads·T·L = 3·4·128·2                =   3,072
//   softmax @ V 2·T·64·L                           =  32,768
//   dense 2·(2·d·d_ff)·L = 2·32,768·2              = 131,072
//   final logits 2·d·V                             = 128,000
//   forward 521,216; training 3 x = 1,563,648
TEST(Conventions, ChinchillaTermByTerm) {
  const ConventionResult r = Apply(Convention::kChinchilla, Small());
  EXPECT_EQ(r.forward_flop, 521216);
  EXPECT_EQ(r.training_flop, 1563648);
  ASSERT_EQ(r.terms.size(), 7u);
  const double expected[] = {128000, 65536, 32768, 3072, 32768, 131072, 128000};
  for (size_t i = 0; i < 7; ++i) EXPECT_EQ(r.terms[i].forward_flop, expected[i]) << r.terms[i].name;
  // Causal: the three T x T terms halve: 521,216 - (16,384 + 1,536 + 16,384) = 486,912.
  ConventionOptions causal;
  causal.attention = AttentionMode::kCausal;
  EXPECT_EQ(Apply(Convention::kChinchilla, Small(), causal).forward_flop, 486912);
}

// Narayanan et al. 2021 with l = 2, h = 64, s = 128, V = 1000:
//   72·l·h²·(1 + s/6h + V/12lh) = 589,824 x (1 + 128/384 + 1000/1536) = 1,170,432
//   forward = 24·l·h² + 4·l·s·h + 2·h·V = 196,608 + 65,536 + 128,000 = 390,144
//   full recomputation: 96·l·h²·(1 + s/6h + V/16lh) = 786,432 x 1.821614583 = 1,432,576
TEST(Conventions, MegatronFormula) {
  ConventionOptions full;
  full.recompute = Recompute::kFull;
  const ConventionResult r = Apply(Convention::kMegatron, Small(), full);
  EXPECT_EQ(r.forward_flop, 390144);
  EXPECT_EQ(r.training_flop, 1170432);
  EXPECT_EQ(r.hardware_flop, 1432576);
  EXPECT_EQ(r.recompute_flop, 1432576 - 1170432);
}

// Kaplan et al. 2020 with N = 100,000 (non-embedding), n_layer = 2,
// n_ctx = 128, d_attn = 64: training 6N + 6·2·128·64 = 600,000 + 98,304.
// Full attention doubles the context term: forward 200,000 + 65,536.
TEST(Conventions, KaplanFormula) {
  TransformerDims d = Small();
  d.params = 100000;
  const ConventionResult r = Apply(Convention::kKaplan, d);
  EXPECT_EQ(r.forward_flop, 232768);
  EXPECT_EQ(r.training_flop, 698304);
  ConventionOptions full;
  full.attention = AttentionMode::kFull;
  EXPECT_EQ(Apply(Convention::kKaplan, d, full).forward_flop, 265536);
}

// PaLM appendix B with N = 100,000, L = 2, H = 4, Q = 16, T = 128:
// training 6N + 12·L·H·Q·T = 600,000 + 196,608 = 796,608. Selective
// recomputation adds the forward score work 4·L·H·Q·T = 65,536.
TEST(Conventions, PalmFormula) {
  TransformerDims d = Small();
  d.params = 100000;
  ConventionOptions selective;
  selective.recompute = Recompute::kSelective;
  const ConventionResult r = Apply(Convention::kPalm, d, selective);
  EXPECT_EQ(r.training_flop, 796608);
  EXPECT_EQ(r.hardware_flop, 796608 + 65536);
  ConventionOptions causal;
  causal.attention = AttentionMode::kCausal;
  EXPECT_EQ(Apply(Convention::kPalm, d, causal).forward_flop, 200000 + 32768);
}

// 6ND counts a mixture of experts by its active parameters: 6 x 40,000.
TEST(Conventions, SixNDUsesActiveParameters) {
  TransformerDims d;
  d.params = 100000;
  d.active_params = 40000;
  const ConventionResult r = Apply(Convention::k6ND, d);
  EXPECT_EQ(r.training_flop, 240000);
}

// GPT-2 (tests/fixtures/hf/gpt2.json) under Chinchilla's appendix F with
// T = 1024: embeddings 2·50257·768 = 77,194,752; projections 2·4·768²·12 =
// 56,623,104; logits and softmax@V 2·1024·768·12 = 18,874,368 each; softmax
// 3·12·1024·12 = 442,368; dense 2·2·768·3072·12 = 113,246,208; final logits
// 77,194,752. Total 362,449,920 (biases, norms, positions not counted).
TEST(Conventions, ChinchillaOnGpt2Config) {
  const std::string text = R"({"model_type": "gpt2", "n_embd": 768, "n_layer": 12, "n_head": 12,
                               "n_positions": 1024, "vocab_size": 50257})";
  Result<HfModel> m = ParseHfConfig(text, "gpt2.json", 1024);
  ASSERT_TRUE(m.ok()) << m.status().message();
  Result<ConventionResult> r = FlopChinchilla(m->model, {});
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->forward_flop, 362449920);
}

struct Published6ND {
  const char* name;
  double params, tokens, expected;
  const char* source;
};
// Test output names the case, not its bytes.
void PrintTo(const Published6ND& c, std::ostream* os) { *os << c.name; }

class SixND : public ::testing::TestWithParam<Published6ND> {};

TEST_P(SixND, MatchesTheHandFigure) {
  const Published6ND& p = GetParam();
  TransformerDims d;
  d.params = p.params;
  Result<TransformerModel> m = ModelFromDims(d, Convention::k6ND);
  ASSERT_TRUE(m.ok());
  Result<LlmEstimate> e = EstimateLlm(*m, Convention::k6ND, {}, {{"pre-training", p.tokens}});
  ASSERT_TRUE(e.ok()) << e.status().message();
  EXPECT_NEAR(e->estimate.training_flop / p.expected, 1.0, 1e-12) << p.source;
  EXPECT_EQ(e->estimate.method, "llm_6nd");
}

INSTANTIATE_TEST_SUITE_P(
    Models, SixND,
    ::testing::Values(
        // Hoffmann et al. 2022: Chinchilla 70B on 1.4T tokens; 6 x 70e9 x 1.4e12 = 5.88e23.
        Published6ND{"chinchilla", 70e9, 1.4e12, 5.88e23, "Hoffmann et al. 2022, table 1"},
        // Touvron et al. 2023 (Llama 2): 7B trained on 2T tokens; params 6,738,415,616
        // (hf_config_test); 6 x 6,738,415,616 x 2e12 = 8.0860987392e22.
        Published6ND{"llama2_7b", 6738415616, 2e12, 8.0860987392e22,
                     "Touvron et al. 2023, table 1 (2.0T tokens)"},
        // Brown et al. 2020: GPT-3 175B on 300B tokens; 6 x 175e9 x 300e9 = 3.15e23.
        Published6ND{"gpt3", 175e9, 300e9, 3.15e23, "Brown et al. 2020, table D.1"}),
    [](const ::testing::TestParamInfo<Published6ND>& p) { return p.param.name; });

TEST(Conventions, StagesAddUpAndForwardOnlyStagesCostOneForward) {
  TransformerDims d;
  d.params = 1e9;
  Result<TransformerModel> m = ModelFromDims(d, Convention::k6ND);
  ASSERT_TRUE(m.ok());
  Result<LlmEstimate> e = EstimateLlm(*m, Convention::k6ND, {},
                                      {{"pre-training", 1e12}, {"sft", 1e10}, {"gen", 1e11, true}});
  ASSERT_TRUE(e.ok());
  // 6e9 x 1e12 + 6e9 x 1e10 + 2e9 x 1e11 = 6e21 + 6e19 + 2e20 = 6.26e21
  EXPECT_NEAR(e->estimate.training_flop, 6.26e21, 1e7);
  ASSERT_EQ(e->stages.size(), 3u);
  EXPECT_EQ(e->stages[2].model_flop, 2e20);
}

TEST(Conventions, ExtremesDoNotOverflow) {
  TransformerDims d;
  d.params = 1e15;  // a quadrillion parameters on a quadrillion tokens: 6e30
  Result<TransformerModel> m = ModelFromDims(d, Convention::k6ND);
  ASSERT_TRUE(m.ok());
  Result<LlmEstimate> e = EstimateLlm(*m, Convention::k6ND, {}, {{"pre-training", 1e15}});
  ASSERT_TRUE(e.ok());
  EXPECT_EQ(e->estimate.training_flop, 6e30);
  d.params = 1e300;
  m = ModelFromDims(d, Convention::k6ND);
  ASSERT_TRUE(m.ok());
  e = EstimateLlm(*m, Convention::k6ND, {}, {{"pre-training", 1e300}});
  ASSERT_FALSE(e.ok());
  EXPECT_NE(e.status().message().find("overflows"), std::string::npos);
}

// Found with fuzz/hf_config_fuzzer's checks: a sequence length of 1e300
// overflowed the attention terms of the other conventions, which the
// comparison printed as "inf FLOP". They are now left out, with a note.
TEST(Conventions, OverflowingComparisonsAreLeftOut) {
  TransformerDims d;
  d.params = 1e9;
  d.layers = 2;
  d.d_model = 64;
  d.seq_len = 1e300;
  Result<TransformerModel> m = ModelFromDims(d, Convention::kKaplan);
  ASSERT_TRUE(m.ok()) << m.status().message();
  Result<LlmEstimate> e = EstimateLlm(*m, Convention::k6ND, {}, {{"pre-training", 1e9}});
  ASSERT_TRUE(e.ok()) << e.status().message();
  EXPECT_EQ(e->estimate.training_flop, 6e18);  // 6 x 1e9 x 1e9: no attention term
  // Kaplan: 2·L·T·d = 2 x 2 x 1e300 x 64 per token forward, x 3 x 1e9 tokens: inf.
  for (const ConventionResult& c : e->comparison) {
    EXPECT_NE(c.convention, Convention::kKaplan);
  }
  bool noted = false;
  for (const std::string& n : e->estimate.notes) {
    noted |= n.find("kaplan: the training compute overflows") != std::string::npos;
  }
  EXPECT_TRUE(noted);
}

TEST(Conventions, BadInputNamesTheProblem) {
  Result<Convention> c = ParseConvention("chinchila");
  ASSERT_FALSE(c.ok());
  EXPECT_NE(c.status().message().find("did you mean 'chinchilla'"), std::string::npos);
  TransformerDims d;
  d.params = 1e9;
  Result<TransformerModel> m = ModelFromDims(d, Convention::kPalm);
  ASSERT_FALSE(m.ok());
  EXPECT_NE(m.status().message().find("`layers`, `seq_len`"), std::string::npos)
      << m.status().message();
  Result<LlmStage> s = ParseStage("sft:-5B");
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.status().message().find("`stages` 'sft:-5B'"), std::string::npos);
  EXPECT_FALSE(ParseStage("nocolon").ok());
  EXPECT_FALSE(ParseStage("rl:5B:backward").ok());
}

}  // namespace
}  // namespace trainflops
