// Falcon-H1's parallel hybrid layers and the recurrent-state FLOP of the
// Mamba-2 and Gated DeltaNet layers (hf_ssm.cc, blocks.cc, hf_hybrid.cc).
// Every expected value is derived by hand in the comment above it from the
// modelling code's shapes and the recurrences' arithmetic.
#include <gtest/gtest.h>

#include <string>

#include "hf_test_util.h"
#include "trainflops/hf_config.h"

namespace trainflops {
namespace {

using testing::Fixture;

// PaLM's forward FLOP per token for a fixture at T = 4096.
ConventionResult PalmAt4096(const std::string& file) {
  Result<HfModel> m = ParseHfConfig(Fixture(file), file, 4096);
  EXPECT_TRUE(m.ok()) << m.status().message();
  if (!m.ok()) return {};
  Result<ConventionResult> palm = FlopPalm(m->model, {});
  EXPECT_TRUE(palm.ok()) << palm.status().message();
  return palm.ok() ? *palm : ConventionResult{};
}

// The state-space term of an attention-aware convention, one per kind.
double ScanTerm(const ConventionResult& r, const std::string& formula_part) {
  for (const FlopTerm& t : r.terms) {
    if (t.formula.find(formula_part) != std::string::npos) return t.forward_flop;
  }
  return 0;
}

// Falcon-H1-0.5B-Base (tests/fixtures/hf/falcon-h1-0.5b-base.json: its
// config.json as quoted in NVIDIA Megatron-Bridge's Falcon-H1 bridge test,
// with mamba_d_ssm 1536 = mamba_n_heads x mamba_d_head, which FalconH1Config
// requires). modeling_falcon_h1.py, per layer:
//   attention (head_dim 64, 8 heads, 2 KV heads): q 1024·512 = 524,288, k and
//     v 2 x 1024·128 = 262,144, o 512·1024 = 524,288 -> 1,310,720;
//   Mamba-2 mixer (d_ssm 1536, N 128, 1 group, 24 heads): in_proj
//     1024·(2·1536 + 2·128 + 24) = 1024·3352 = 3,432,448, conv1d over 1536 +
//     256 = 1792 channels 1792·4 + bias 1792 = 8,960, dt_bias, A_log, D 3·24 =
//     72, no gated norm (mamba_rms_norm false), out_proj 1536·1024 = 1,572,864
//     -> 5,014,344;
//   MLP 3·1024·2048 = 6,291,456; input_layernorm and pre_ff_layernorm 2048.
//   Layer 12,618,568, x36 = 454,268,448; final_layernorm 1024; embed_tokens
//   and the untied lm_head 2 x 32784·1024 = 67,141,632 -> 521,411,104.
// Published figure: the model card of emberian/h-05b-replay
// (https://huggingface.co/emberian/h-05b-replay), a continued pre-training of
// Falcon-H1-0.5B-Base with the same architecture and an independent JAX
// implementation, lists "521,411,104" total parameters for both models, in
// float32 safetensors of 2.1 GB (521.4M x 4 bytes = 2.09 GB). TII's own card
// and technical report give only "0.5B".
TEST(HfFalconH1, ParallelAttentionAndMambaCountExactly) {
  Result<HfModel> m =
      ParseHfConfig(Fixture("falcon-h1-0.5b-base.json"), "falcon-h1-0.5b-base.json", 4096);
  ASSERT_TRUE(m.ok()) << m.status().message();
  EXPECT_FALSE(m->fallback);
  EXPECT_EQ(m->model_type, "falcon_h1");
  EXPECT_EQ(TotalParams(m->model), 521411104);
  EXPECT_EQ(ActiveParams(m->model), 521411104);
  EXPECT_EQ(NonEmbeddingParams(m->model), 521411104 - 67141632);
  // Within 0.5% of the published 521,411,104.
  EXPECT_NEAR(TotalParams(m->model) / 521411104.0, 1.0, 0.005);
}

// PaLM for Falcon-H1-0.5B at T = 4096: 2N + attention's 4·L·H·Q·T over all
// 36 layers (every layer has attention) + the Mamba-2 recurrence of all 36:
// 5·1536·128 + 3·1536 = 983,040 + 4,608 = 987,648 per layer, x36 =
// 35,555,328.
TEST(HfFalconH1, PalmHasAttentionAndTheMamba2Recurrence) {
  const ConventionResult palm = PalmAt4096("falcon-h1-0.5b-base.json");
  EXPECT_EQ(ScanTerm(palm, "Mamba-2"), 35555328);
  EXPECT_EQ(palm.forward_flop, 2 * 521411104.0 + 4 * 36 * 8 * 64.0 * 4096 + 35555328);
}

// FalconH1Config refuses heads x head size other than mamba_d_ssm (24 x 32 =
// 768, not 1536); so does the count, naming the fields.
TEST(HfFalconH1, HeadsMustSplitTheInnerWidth) {
  Result<HfModel> bad = ParseHfConfig(
      R"({"model_type": "falcon_h1", "mamba_d_ssm": 1536, "mamba_n_heads": 24,
          "mamba_d_head": 32})",
      "bad.json");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("mamba_n_heads x mamba_d_head (24 x 32)"),
            std::string::npos)
      << bad.status().message();
}

// Mamba-2's recurrence for Granite-4.0-H-Small's 36 Mamba layers (d_inner
// 2·4096 = 8192, N 128): 5·8192·128 + 3·8192 = 5,242,880 + 24,576 =
// 5,267,456 per layer, x36 = 189,628,416 (no longer Mamba-1's 9·D·N).
TEST(HfRecurrence, Mamba2LayersUseTheScalarDecayRecurrence) {
  const ConventionResult palm = PalmAt4096("granite-4.0-h-small.json");
  EXPECT_EQ(ScanTerm(palm, "Mamba-2"), 189628416);
  EXPECT_EQ(ScanTerm(palm, "per Mamba layer"), 0);
}

// The gated delta rule for Qwen3-Next-80B-A3B's 36 linear layers (48 layers,
// every 4th full attention), 32 value heads of d_k = d_v = 128:
// 32 x (7·128·128 + 2·128) = 32 x (114,688 + 256) = 3,678,208 per layer,
// x36 = 132,415,488.
TEST(HfRecurrence, GatedDeltaNetLayersAddTheDeltaRule) {
  EXPECT_EQ(ScanTerm(PalmAt4096("qwen3-next-80b-a3b.json"), "Gated DeltaNet"), 132415488);
  // 6ND counts 2N only: no recurrence term.
  Result<HfModel> m =
      ParseHfConfig(Fixture("qwen3-next-80b-a3b.json"), "qwen3-next-80b-a3b.json", 4096);
  ASSERT_TRUE(m.ok()) << m.status().message();
  Result<ConventionResult> six = Flop6ND(m->model, {});
  ASSERT_TRUE(six.ok());
  EXPECT_EQ(six->forward_flop, 2 * 3874929408.0);
}

}  // namespace
}  // namespace trainflops
