// Attention per layer: the keys per query of each span, and the score and
// value terms of configs whose layers differ (Gemma 3's 5 local : 1 global,
// Llama 4's chunks), against hand sums over the layer pattern.
//
// The convention's formula (conventions.cc, PaLM appendix B): per layer and
// token, Q·Kᵀ logits 2·H·d_qk·K and softmax·V 2·H·d_v·K, K the keys a
// query attends to: causal T/2 (full), w - w²/(2T) (window w), (k·c² +
// r²)/(2T) (chunks of c, T = k·c + r); counted in full T, w, (k·c² + r²)/T.
#include <gtest/gtest.h>

#include "hf_test_util.h"
#include "trainflops/hf_config.h"
#include "trainflops/transformer.h"

namespace trainflops {
namespace {

using testing::Fixture;

Component Core(AttentionSpan span, double width) {
  Component c;
  c.role = ComponentRole::kAttentionCore;
  c.span = span;
  c.span_width = width;
  return c;
}

// T = 10. Window 4, causal: ∫0..10 min(t, 4) dt = 4²/2 + 6 x 4 = 32, / 10
// = 3.2; counted in full: 4. Chunks of 4: T = 2 x 4 + 2, causal (2 x 16/2 +
// 4/2) / 10 = 1.8, full 36 / 10 = 3.6. A window of 10 or more is full: 5 and
// 10. Bidirectional: 10 either way.
TEST(KeysPerQuery, FollowTheSpan) {
  EXPECT_DOUBLE_EQ(KeysPerQuery(Core(AttentionSpan::kSlidingWindow, 4), 10, true), 3.2);
  EXPECT_DOUBLE_EQ(KeysPerQuery(Core(AttentionSpan::kSlidingWindow, 4), 10, false), 4);
  EXPECT_DOUBLE_EQ(KeysPerQuery(Core(AttentionSpan::kChunked, 4), 10, true), 1.8);
  EXPECT_DOUBLE_EQ(KeysPerQuery(Core(AttentionSpan::kChunked, 4), 10, false), 3.6);
  EXPECT_DOUBLE_EQ(KeysPerQuery(Core(AttentionSpan::kSlidingWindow, 10), 10, true), 5);
  EXPECT_DOUBLE_EQ(KeysPerQuery(Core(AttentionSpan::kChunked, 16), 10, false), 10);
  Component both = Core(AttentionSpan::kSlidingWindow, 4);
  both.bidirectional = true;
  EXPECT_DOUBLE_EQ(KeysPerQuery(both, 10, true), 10);
}

Result<ConventionResult> Palm(const std::string& config, double seq_len, AttentionMode mode) {
  Result<HfModel> m = ParseHfConfig(config, "config.json", seq_len);
  if (!m.ok()) return m.status();
  ConventionOptions o;
  o.attention = mode;
  return FlopPalm(m->model, o);
}

// The attention-score terms of a PaLM result, in the terms table's order.
std::vector<double> ScoreTerms(const ConventionResult& r) {
  std::vector<double> out;
  for (const FlopTerm& t : r.terms) {
    if (t.name.find("4·L·H·Q·T") != std::string::npos) out.push_back(t.forward_flop);
  }
  return out;
}

// The score terms of `config` at `seq_len` under PaLM with `mode`.
void ExpectTerms(const std::string& config, double seq_len, AttentionMode mode,
                 const std::vector<double>& expected) {
  Result<ConventionResult> r = Palm(config, seq_len, mode);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(ScoreTerms(*r), expected);
}

// google/gemma-3-27b-pt's config.json (the fields that count).
const char* kGemma3_27B = R"({
  "model_type": "gemma3", "mm_tokens_per_image": 256,
  "text_config": {"head_dim": 128, "hidden_size": 5376, "intermediate_size": 21504,
    "model_type": "gemma3_text", "num_attention_heads": 32, "num_hidden_layers": 62,
    "num_key_value_heads": 16, "query_pre_attn_scalar": 168,
    "rope_scaling": {"factor": 8.0, "rope_type": "linear"}, "sliding_window": 1024},
  "vision_config": {"hidden_size": 1152, "image_size": 896, "intermediate_size": 4304,
    "model_type": "siglip_vision_model", "num_attention_heads": 16, "num_hidden_layers": 27,
    "patch_size": 14, "vision_use_head": false}})";

// Gemma 3 27B at T = 131,072: 62 layers, sliding_window_pattern 6 (the
// Gemma3TextConfig default; Gemma Team 2025, section 2: 5 local layers for
// each global one), window 1,024. Layer i is global when (i + 1) % 6 == 0:
// i = 5, 11, ..., 59, 10 layers; 52 local. H = 32, d_qk = d_v = 128, so
// per layer 4·H·128·K = 16,384·K.
//   full:   global K = T = 131,072:       16,384 x 131,072 x 10 = 21,474,836,480
//           local  K = w = 1,024:          16,384 x 1,024 x 52   =    872,415,232
//           sum 22,347,251,712 (all 62 layers full: 133,143,986,176, 6x as much)
//   causal: global K = T/2 = 65,536:      16,384 x 65,536 x 10  = 10,737,418,240
//           local K = 1024 - 1024²/262,144 = 1,020: 16,384 x 1,020 x 52 = 869,007,360
//           sum 11,606,425,600
TEST(AttentionPerLayer, Gemma3FollowsItsFiveLocalToOneGlobalPattern) {
  // Sliding-window layers come first (layer 0 slides); 872,415,232 +
  // 21,474,836,480 = 22,347,251,712.
  ExpectTerms(kGemma3_27B, 131072, AttentionMode::kFull, {872415232, 21474836480});
  ExpectTerms(kGemma3_27B, 131072, AttentionMode::kCausal, {869007360, 10737418240});
}

// 6ND has no attention-score term: splitting the cores by span leaves it
// 2 x the parameters a token uses.
TEST(AttentionPerLayer, SixNDIsUnchanged) {
  Result<HfModel> m = ParseHfConfig(kGemma3_27B, "config.json", 131072);
  ASSERT_TRUE(m.ok()) << m.status().message();
  Result<ConventionResult> r = Flop6ND(m->model, {});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->forward_flop, 2 * ActiveParams(m->model));
}

// Llama 4 Scout (tests/fixtures/hf/llama-4-scout-17b-16e.json): 48 layers,
// attention_chunk_size 8,192, no_rope_layers empty = every 4th layer (i = 3,
// 7, ..., 47: 12) without RoPE and full, the other 36 chunked. H = 40,
// d = 128: per layer 4·40·128·K = 20,480·K. T = 20,480 = 2 x 8,192 + 4,096.
//   full:   full K = 20,480:   20,480 x 20,480 x 12 = 5,033,164,800
//           chunked K = (2 x 8,192² + 4,096²)/20,480 = 150,994,944/20,480:
//             20,480 x that = 150,994,944 per layer, x 36 = 5,435,817,984
//   causal: each half: 2,516,582,400 and 2,717,908,992
TEST(AttentionPerLayer, Llama4ChunksItsRopeLayers) {
  const std::string config = Fixture("llama-4-scout-17b-16e.json");
  // Layer 0 is chunked: its term comes first.
  ExpectTerms(config, 20480, AttentionMode::kFull, {5435817984, 5033164800});
  ExpectTerms(config, 20480, AttentionMode::kCausal, {2717908992, 2516582400});
}

// DeepSeek-V3 (tests/fixtures/hf/deepseek-v3.json), multi-head latent
// attention: 61 layers, H = 128, queries and keys of qk_nope 128 + qk_rope
// 64 = 192, values of v_head_dim 128 (the kv_lora_rank 512 latent is
// expanded by kv_b_proj before the scores in training, modeling_deepseek_v3.py).
// T = 4,096, full: per layer 2·128·192·4,096 + 2·128·128·4,096 =
// 201,326,592 + 134,217,728 = 335,544,320; x 61 = 20,468,203,520 (one term:
// its first 3 dense and 58 MoE layers have the same attention). Causal:
// 10,234,101,760.
TEST(AttentionPerLayer, LatentAttentionUsesItsQueryAndValueWidths) {
  const std::string config = Fixture("deepseek-v3.json");
  ExpectTerms(config, 4096, AttentionMode::kFull, {20468203520});
  ExpectTerms(config, 4096, AttentionMode::kCausal, {10234101760});
}

// A small decoder config: `layers` layers of 2 heads of 8 (hidden 16), and
// the pattern's fields `extra`. Per layer, 4·H·d·K = 64·K.
std::string Small(const std::string& type, int layers, const std::string& extra) {
  return R"({"model_type": ")" + type + R"(", "hidden_size": 16, "num_hidden_layers": )" +
         std::to_string(layers) +
         R"(, "num_attention_heads": 2, "num_key_value_heads": 2, "intermediate_size": 32,
             "vocab_size": 100, )" +
         extra + "}";
}

// Qwen2 with use_sliding_window true: layers from max_window_layers (2) on
// slide (configuration_qwen2.py). 4 layers, window 16, T = 64, full: 2 full
// layers 64 x 64 x 2 = 8,192, 2 windowed 64 x 16 x 2 = 2,048.
TEST(AttentionPerLayer, QwenSlidesFromMaxWindowLayers) {
  const std::string window = R"("sliding_window": 16, "max_window_layers": 2, )";
  ExpectTerms(Small("qwen2", 4, window + R"("use_sliding_window": true)"), 64, AttentionMode::kFull,
              {8192, 2048});
  // use_sliding_window false: the window is not used, one full term 64 x 64 x 4.
  ExpectTerms(Small("qwen2", 4, window + R"("use_sliding_window": false)"), 64,
              AttentionMode::kFull, {16384});
}

// dots.llm1: Dots1Config slides from max_window_layers on whatever
// use_sliding_window says (it has no such switch); without max_window_layers
// (62) no layer of 4 slides: one full term 64 x 64 x 4 = 16,384. With 2:
// {8,192, 2,048} as Qwen2's above.
TEST(AttentionPerLayer, DotsSlidesFromMaxWindowLayersOnly) {
  const std::string experts =
      R"("n_routed_experts": 4, "num_experts_per_tok": 2, "n_shared_experts": 1, )"
      R"("moe_intermediate_size": 8, "sliding_window": 16, "use_sliding_window": false)";
  ExpectTerms(Small("dots1", 4, experts), 64, AttentionMode::kFull, {16384});
  ExpectTerms(Small("dots1", 4, R"("max_window_layers": 2, )" + experts), 64, AttentionMode::kFull,
              {8192, 2048});
}

// Mistral: sliding_window applies to every layer (Jiang et al. 2023,
// section 2). 4 layers, window 16, T = 64: full 64 x 16 x 4 = 4,096; causal
// K = 16 - 16²/128 = 14, 64 x 14 x 4 = 3,584.
TEST(AttentionPerLayer, MistralSlidesInEveryLayer) {
  const std::string config = Small("mistral", 4, R"("sliding_window": 16)");
  ExpectTerms(config, 64, AttentionMode::kFull, {4096});
  ExpectTerms(config, 64, AttentionMode::kCausal, {3584});
}

// OLMo 3 and EXAONE 4: a config without layer_types takes its class's
// pattern (Olmo3Config, Exaone4Config: layer i slides within 4,096 tokens
// unless (i + 1) % 4 == 0). Small configs of 8 layers, T = 16,384, full:
// 2 global layers 64 x 16,384 x 2 = 2,097,152; 6 local 64 x 4,096 x 6 =
// 1,572,864.
TEST(AttentionPerLayer, Olmo3AndExaone4DefaultToEveryFourthLayerFull) {
  for (const char* type : {"olmo3", "exaone4"}) {
    ExpectTerms(Small(type, 8, R"("tie_word_embeddings": false)"), 16384, AttentionMode::kFull,
                {1572864, 2097152});
  }
}

// OLMo 3 7B as published writes layer_types out (3 sliding, 1 full, x8):
// PaLM's score terms, H = 32, d = 128, per layer 16,384·K, T = 65,536,
// causal: 24 local K = 4,096 - 4,096²/131,072 = 3,968: 1,560,281,088;
// 8 global K = 32,768: 4,294,967,296.
TEST(AttentionPerLayer, Olmo3PublishedLayerTypes) {
  ExpectTerms(Fixture("olmo-3-7b.json"), 65536, AttentionMode::kCausal, {1560281088, 4294967296});
}

TEST(AttentionPerLayer, MalformedPatternsNameTheField) {
  const std::string types = R"("layer_types": ["sliding_attention", "full_attention"])";
  Result<HfModel> m =
      ParseHfConfig(Small("llama", 4, R"("sliding_window": 16, )" + types), "config.json", 64);
  ASSERT_FALSE(m.ok());
  EXPECT_NE(m.status().message().find("'layer_types' must list one type per layer (4)"),
            std::string::npos)
      << m.status().message();
  m = ParseHfConfig(Small("llama", 2, types), "config.json", 64);
  ASSERT_FALSE(m.ok());
  EXPECT_NE(m.status().message().find("'sliding_window' is absent"), std::string::npos)
      << m.status().message();
  m = ParseHfConfig(Small("llama", 2, R"("layer_types": [1, 2])"), "config.json", 64);
  ASSERT_FALSE(m.ok());
  EXPECT_NE(m.status().message().find("'layer_types' must list layer types as text"),
            std::string::npos)
      << m.status().message();
}

}  // namespace
}  // namespace trainflops
