// Parameter counts of real checkpoints from their config.json
// (tests/fixtures/hf/), against published figures. Each row cites where its
// number was published; the comment beside it re-derives it by hand from
// the config so that a mismatch can be traced to one tensor.
#include "trainflops/hf_config.h"

#include <gtest/gtest.h>

#include "hf_test_util.h"

namespace trainflops {
namespace {

using testing::Fixture;
using testing::FixtureTestName;

HfModel Load(const std::string& name, double seq_len = 0) {
  Result<HfModel> m = ParseHfConfig(Fixture(name), name, seq_len);
  EXPECT_TRUE(m.ok()) << m.status().message();
  return m.ok() ? *m : HfModel{};
}

struct Published {
  const char* file;
  double total;
  double non_embedding;  // 0 = not published
  double active;         // 0 = same as total
  const char* source;
};
// Test output names the case, not its bytes.
void PrintTo(const Published& c, std::ostream* os) { *os << c.file; }

class PublishedCounts : public ::testing::TestWithParam<Published> {};

TEST_P(PublishedCounts, EqualTheCheckpoint) {
  const Published& p = GetParam();
  const HfModel m = Load(p.file);
  EXPECT_FALSE(m.fallback) << p.file;
  EXPECT_EQ(TotalParams(m.model), p.total) << p.file << " (" << p.source << ")";
  if (p.non_embedding > 0) {
    EXPECT_EQ(NonEmbeddingParams(m.model), p.non_embedding) << p.file;
  }
  EXPECT_EQ(ActiveParams(m.model), p.active > 0 ? p.active : p.total) << p.file;
}

INSTANTIATE_TEST_SUITE_P(
    Checkpoints, PublishedCounts,
    ::testing::Values(
        // gpt2: wte 50257·768 = 38,597,376; wpe 1024·768 = 786,432; per block ln 1536 +
        // c_attn 768·2304+2304 = 1,771,776 + c_proj 590,592 + ln 1536 + c_fc 2,362,368 +
        // c_proj 2,360,064 = 7,087,872, x12 = 85,054,464; ln_f 1536; head tied.
        Published{"gpt2.json", 124439808, 0, 0,
                  "GPT2LMHeadModel num_parameters(); the safetensors' 137M adds the 12 "
                  "1024x1024 attn.bias mask buffers"},
        // bert-base-uncased: word 23,440,896 + position 393,216 + type 1536 + LN 1536;
        // 12 x 7,087,872 = 85,054,464; pooler 590,592.
        Published{"bert-base-uncased.json", 109482240, 0, 0,
                  "BertModel.from_pretrained('bert-base-uncased') parameter count, as "
                  "printed by Keras' TFBertModel summary (110M on the model card)"},
        // t5-small: shared 32128·512 = 16,449,536; encoder layer q,k,v,o 4·512² + LN 512 +
        // wi, wo 2·512·2048 + LN 512 = 3,146,752, x6, + rel. bias 32·8 + final LN 512 =
        // 18,881,280; decoder layer adds cross-attention 4·512² and a LN: 4,195,840, x6,
        // + 256 + 512 = 25,175,808; head tied.
        Published{"t5-small.json", 60506624, 0, 0,
                  "KerasHub preset t5_small_multi 'params' metadata; DeepSpeed zero_to_fp32 "
                  "total_numel for t5-small"},
        // pythia-160m: embed_in and embed_out 50304·768 = 38,633,472 each; 12 x 7,087,872
        // + final LN 1536 = 85,056,000 non-embedding.
        Published{"pythia-160m.json", 162322944, 85056000, 0,
                  "Pythia model card, 'Naming convention and parameter count' table"},
        // Llama-2-7b: embed + head 2 x 32000·4096 = 262,144,000; per layer 4·4096² +
        // 3·4096·11008 + 2·4096 = 202,383,360, x32; norm 4096.
        Published{"llama-2-7b.json", 6738415616, 0, 0,
                  "llama.cpp GGUF general.parameter_count; PEFT 'all params' for llama-7b"},
        // Meta-Llama-3-8B: 2 x 128256·4096 = 1,050,673,152; per layer 2·4096² +
        // 2·4096·1024 + 3·4096·14336 + 8192 = 218,112,000, x32; norm 4096.
        Published{"meta-llama-3-8b.json", 8030261248, 0, 0,
                  "HF safetensors parameter count of meta-llama/Llama-3.1-8B (same shapes); "
                  "GGUF general.parameter_count"},
        // Mistral-7B-v0.1: 262,144,000 + 32 x 218,112,000 + 4096.
        Published{"mistral-7b-v0.1.json", 7241732096, 0, 0,
                  "GGUF general.parameter_count of Mistral-7B"},
        // Mixtral-8x7B: per layer attention 41,943,040 + 8 experts x 176,160,768 + router
        // 4096·8 + norms 8192 = 1,451,270,144, x32; + 262,144,000 + 4096. Active: 2 of 8
        // experts: 32 x 394,305,536 + 262,148,096 = 12,879,925,248 ("12.9B", Mistral AI).
        Published{"mixtral-8x7b-v0.1.json", 46702792704, 0, 12879925248,
                  "HF API safetensors.total for Mixtral-8x7B-Instruct-v0.1; KerasHub preset"},
        // Qwen2-0.5B: embed 151936·896 = 136,134,656 (tied); per layer q 896²+896,
        // k and v 896·128+128, o 896², MLP 3·896·4864, norms 1792 = 14,912,384, x24; norm 896.
        Published{"qwen2-0.5b.json", 494032768, 0, 0,
                  "llama.cpp model_n_params / GGUF parameter count of Qwen2-0.5B (HF: 494M)"},
        // Qwen1.5-MoE-A2.7B: embed + head 2 x 151936·2048 = 622,329,856; per layer attention
        // 3·(2048²+2048) + 2048² = 16,783,360, 60 experts x 3·2048·1408 = 519,045,120,
        // shared 3·2048·5632 = 34,603,008, router 2048·60, shared gate 2048, norms 4096
        // = 570,560,512, x24; norm 2048. Active: 4 experts: 24 x 86,118,400 + 622,331,904.
        Published{"qwen1.5-moe-a2.7b.json", 14315784192, 0, 2689173504,
                  "KerasHub preset qwen1.5_moe_2.7b_en 'params'; Qwen blog: 14.3B total, "
                  "2.7B activated"},
        // gemma-2b: embed 256000·2048 = 524,288,000 (tied); per layer q 2048·2048, k and v
        // 2048·256, o 2048², MLP 3·2048·16384, norms 4096 = 110,104,576, x18; norm 2048.
        Published{"gemma-2b.json", 2506172416, 1981884416, 0,
                  "non-embedding: Gemma report (2024) table 2, 1,981,884,416; total: KerasHub "
                  "preset gemma_2b_en 'params' (the report's 524,550,144 embedding counts a "
                  "256,128 vocabulary, the checkpoint's is 256,000)"},
        // Phi-3-mini: embed + head 2 x 32064·3072 = 197,001,216; per layer qkv 3072·9216,
        // o 3072², gate_up 3072·16384, down 8192·3072, norms 6144 = 113,252,352, x32; 3072.
        Published{"phi-3-mini-4k-instruct.json", 3821079552, 0, 0,
                  "HF safetensors parameter count of microsoft/Phi-3-mini-4k-instruct; "
                  "KerasHub preset phi3_mini_4k_instruct_en"},
        // falcon-7b: embed 65024·4544 = 295,469,056 (tied); per layer LN 9088 + qkv
        // 4544·4672 + dense 4544² + MLP 2·4544·18176 = 207,070,080, x32; ln_f 9088.
        Published{"falcon-7b.json", 6921720704, 0, 0,
                  "checkpoint index total_size 14,434,379,520 bytes / 2 (bf16) = "
                  "7,217,189,760 stored values, which hold the tied head twice: minus "
                  "65024·4544 = 6,921,720,704"}),
    [](const ::testing::TestParamInfo<Published>& p) { return FixtureTestName(p.param.file); });

// DeepSeek-V3's report gives rounded figures only: 671B total, 37B
// activated (Liu et al. 2024, abstract); its README_WEIGHTS: 36.6B
// activated "including 0.9B for the output Head" (i.e. without the input
// embedding), MTP module 11.5B unique. Exact expectations by hand:
//   attention (MLA) per layer: q_a 7168·1536 = 11,010,048; q_a_norm 1536;
//     q_b 1536·128·192 = 37,748,736; kv_a 7168·576 = 4,128,768; kv_a_norm 512;
//     kv_b 512·128·256 = 16,777,216; o 128·128·7168 = 117,440,512 -> 187,107,328
//   norms 2·7168 = 14,336; dense MLP 3·7168·18432 = 396,361,728
//   MoE: 256 x 3·7168·2048 (44,040,192) = 11,274,289,152; shared 44,040,192;
//     router 256·7168 = 1,835,008; bias 256 -> 11,320,164,608
//   3 dense layers x 583,483,392 = 1,750,450,176
//   58 MoE layers x 11,507,286,272 = 667,422,603,776
//   embed + head 2 x 129280·7168 = 1,853,358,080; norm 7168
//   total 671,026,419,200; active: 58 x (187,121,664 + 9·44,040,192 + 1,835,264)
//     = 33,948,482,048 + 1,750,450,176 + 1,853,365,248 = 37,552,297,472
TEST(HfConfig, DeepSeekV3MatchesTheReport) {
  const HfModel m = Load("deepseek-v3.json");
  EXPECT_EQ(TotalParams(m.model), 671026419200.0);
  EXPECT_EQ(ActiveParams(m.model), 37552297472.0);
  EXPECT_NEAR(TotalParams(m.model) / 1e9, 671, 0.5);  // "671B"
  // README_WEIGHTS' 36.6B leaves out the input embedding (129280·7168).
  EXPECT_NEAR((ActiveParams(m.model) - 129280.0 * 7168) / 1e9, 36.6, 0.05);
  // MTP: one MoE layer 11,507,286,272 + eh_proj 2·7168² + 3 norms of 7168.
  EXPECT_EQ(m.mtp_params, 11507286272.0 + 2 * 7168.0 * 7168 + 3 * 7168);
}

TEST(HfConfig, UnknownModelTypeFallsBackAndSaysSo) {
  const std::string text = R"({"model_type": "mystery", "hidden_size": 64,
      "num_hidden_layers": 2, "num_attention_heads": 4, "intermediate_size": 128,
      "vocab_size": 100})";
  Result<HfModel> m = ParseHfConfig(text, "mystery.json");
  ASSERT_TRUE(m.ok()) << m.status().message();
  EXPECT_TRUE(m->fallback);
  ASSERT_FALSE(m->model.notes.empty());
  EXPECT_NE(m->model.notes.front().find("not a known family"), std::string::npos);
  // embed 100·64 + head 100·64 + 2 x (4·64² + 3·64·128 + 2·64) + 64
  EXPECT_EQ(TotalParams(m->model), 6400 + 6400 + 2 * (16384 + 24576 + 128) + 64);
}

struct BadConfig {
  const char* name;
  const char* text;
  const char* expected;
};
// Test output names the case, not its bytes.
void PrintTo(const BadConfig& c, std::ostream* os) { *os << c.name; }

class BadConfigs : public ::testing::TestWithParam<BadConfig> {};

TEST_P(BadConfigs, NameTheProblem) {
  Result<HfModel> m = ParseHfConfig(GetParam().text, "cfg.json");
  ASSERT_FALSE(m.ok());
  EXPECT_NE(m.status().message().find(GetParam().expected), std::string::npos)
      << m.status().message();
}

INSTANTIATE_TEST_SUITE_P(
    All, BadConfigs,
    ::testing::Values(
        BadConfig{"missing", R"({"model_type": "llama", "hidden_size": 64})",
                  "cfg.json: model_type 'llama' needs field(s) 'num_hidden_layers', "
                  "'vocab_size', 'num_attention_heads', 'intermediate_size' (missing)"},
        BadConfig{"malformed", "{\n  \"model_type\": \"gpt2\",\n  \"n_embd\": 768,,\n}",
                  "cfg.json:3:"},
        BadConfig{"wrong_type", R"({"model_type": "gpt2", "n_embd": "768", "n_layer": 2,
                  "n_head": 2, "vocab_size": 10, "n_positions": 8})",
                  "'n_embd' must be a positive number, got \"768\""},
        BadConfig{"unknown_without_fields", R"({"model_type": "lama", "hidden_size": 8})",
                  "did you mean 'llama'"},
        BadConfig{"not_object", "[1, 2]", "expected a JSON object"}),
    [](const ::testing::TestParamInfo<BadConfig>& p) { return p.param.name; });

}  // namespace
}  // namespace trainflops

// Fuzz findings (fuzz/hf_config_fuzzer): each input was a crash, a hang or a
// silent mis-count; now a clear error naming the field.
namespace trainflops {
namespace {

std::string Llama(const std::string& field, const std::string& value) {
  return R"({"model_type": "llama", "hidden_size": 64, "num_hidden_layers": 2,
      "num_attention_heads": 4, "intermediate_size": 128, "vocab_size": 100, ")" +
         field + "\": " + value + "}";
}

std::string Mixtral(const std::string& layers) {
  return R"({"model_type": "mixtral", "hidden_size": 64, "num_hidden_layers": )" + layers +
         R"(, "num_attention_heads": 4, "intermediate_size": 128, "vocab_size": 100,
      "num_local_experts": 8, "num_experts_per_tok": 2})";
}

std::string DeepSeekWithExpertsPerToken(const std::string& k) {
  std::string text = Fixture("deepseek-v3.json");
  const std::string field = "\"num_experts_per_tok\": 8";
  const size_t at = text.find(field);
  EXPECT_NE(at, std::string::npos);
  if (at != std::string::npos) text.replace(at, field.size(), "\"num_experts_per_tok\": " + k);
  return text;
}

struct Finding {
  std::string name, text, expected;
};

TEST(HfConfigFuzzFindings, RefusedWithTheField) {
  const std::vector<Finding> cases = {
      // crash-4e71ef68: a number beyond a double threw json's out_of_range
      // (not a parse_error) through ParseHfConfig: std::terminate.
      {"number_overflow", R"({"model_type": "qwen2_moe", "bos_token_id": 1E1643})",
       "cfg.json: malformed JSON: number overflow parsing '1E1643'"},
      // UBSan: 1e30 layers cast to size_t for the per-layer expert pattern.
      {"layers_1e30", Mixtral("1e30"),
       "'num_hidden_layers' is 1e+30, implausibly large (at most 100000)"},
      // Timeout: 1e9 layers looped over one by one.
      {"layers_1e9", Mixtral("1000000000"),
       "'num_hidden_layers' is 1000000000, implausibly large (at most 100000)"},
      // Silent mis-count: 2.5 layers were counted as 2.5 x the block.
      {"fractional_layers", Llama("num_hidden_layers", "2.5"),
       "'num_hidden_layers' must be a whole number, got 2.5"},
      {"fractional_default", Llama("num_key_value_heads", "0.5"),
       "'num_key_value_heads' must be a whole number, got 0.5"},
      // Infinite parameter counts: 1e200 x 1e200 overflows a double.
      {"head_dim_1e200", Llama("head_dim", "1e200"),
       "'head_dim' is 1e+200, implausibly large (at most 1e12)"},
      // DeepSeek-V3 with more experts per token than routed experts aborted
      // the fuzzer's "active <= total" check (outside it: active 1.32e12 >
      // total 6.71e11, exit 0). Mixtral refused it already.
      {"deepseek_experts_per_token", DeepSeekWithExpertsPerToken("300"),
       "cfg.json: num_experts_per_tok (300) exceeds the number of experts, n_routed_experts (256)"},
      // A value 80,000 arrays deep overflowed the stack while being quoted.
      {"deep_nesting",
       R"({"model_type": "llama", "hidden_size": )" + std::string(80000, '[') +
           std::string(80000, ']') + "}",
       "cfg.json:1: nested more than 64 levels deep"},
      // A long value is quoted shortened.
      {"long_value_quoted_short", Llama("head_dim", "\"" + std::string(1000, 'x') + "\""),
       "'head_dim' must be a non-negative number, got \"" + std::string(39, 'x') +
           "... (1002 bytes)"},
  };
  for (const Finding& c : cases) {
    SCOPED_TRACE(c.name);
    Result<HfModel> m = ParseHfConfig(c.text, "cfg.json");
    ASSERT_FALSE(m.ok());
    EXPECT_NE(m.status().message().find(c.expected), std::string::npos) << m.status().message();
  }
}

// The limits themselves are accepted: 100,000 layers of Qwen2-MoE with
// 20,000 listed as dense (mlp_only_layers 0, 2, ..., 39998) give 20,000
// dense and 80,000 sparse layers, quickly (the list is searched, not scanned).
TEST(HfConfigFuzzFindings, LongLayerListsStayFast) {
  std::string dense;
  for (int i = 0; i < 40000; i += 2) dense += (dense.empty() ? "" : ",") + std::to_string(i);
  const std::string text = R"({"model_type": "qwen2_moe", "hidden_size": 64,
      "num_hidden_layers": 100000, "num_attention_heads": 4, "intermediate_size": 128,
      "vocab_size": 100, "num_experts": 8, "num_experts_per_tok": 2,
      "moe_intermediate_size": 32, "mlp_only_layers": [)" +
                           dense + "]}";
  Result<HfModel> m = ParseHfConfig(text, "cfg.json");
  ASSERT_TRUE(m.ok()) << m.status().message();
  std::vector<double> mlp_counts;
  for (const Component& c : m->model.components) {
    if (c.role == ComponentRole::kMlp) mlp_counts.push_back(c.count);
  }
  EXPECT_EQ(mlp_counts, (std::vector<double>{20000, 80000}));
}

}  // namespace
}  // namespace trainflops
