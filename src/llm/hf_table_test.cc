// The families of 2025 (hf_table.cc's rows, hf_hybrid.cc, hf_mistral3.cc, and
// Kimi K2 through DeepSeek-V3's rule): class defaults, MTP modules, per-layer
// lists and refusals. Their totals and active counts, each derived by hand
// and checked against the publisher's figure, are the Of2025 cases of
// hf_families_test.cc.
//
// Fixtures (tests/fixtures/hf/), each reconstructed from its model's published
// config.json values (the fields that shape the model as published; fields
// that change no count, such as token ids, may differ): smollm3-3b.json
// (HuggingFaceTB/SmolLM3-3B, without a tie_word_embeddings key, as published),
// glm-4.5-air.json (zai-org/GLM-4.5-Air), hunyuan-a13b.json
// from tencent/Hunyuan-A13B-Instruct's config.json fields that shape the model
// (the per-layer lists, attention_head_dim, use_qk_norm, use_mixed_mlp_moe,
// tie_word_embeddings), ernie-4.5-21b-a3b.json from baidu/ERNIE-4.5-21B-A3B-PT's
// (equal to Ernie4_5_MoeConfig's defaults, which the class documents as that
// model's), kimi-k2-instruct.json from DeepSeek-V3's config with the values of
// the Kimi K2 model card's architecture table (61 layers, 7168, 64 heads, 384
// experts, 8 selected, 1 shared, 2048 per expert, 160K = 163,840 vocabulary),
// mistral-small-3.1-24b.json from Mistral3Config's defaults, which are Mistral
// Small 3.1's (configuration_mistral3.py), qwen3-next-80b-a3b.json from
// Qwen/Qwen3-Next-80B-A3B-Instruct's published values (Qwen3NextConfig's
// defaults but intermediate_size 5120 and the 262,144 context),
// granite-4.0-h-small.json from ibm-granite/granite-4.0-h-small's published
// values (72 experts of 768, 10 per token, shared 1536, Mamba-2 of 128 heads of
// 64, state 128, 36 Mamba and 4 attention layers; the attention layers'
// positions, which do not change any count, are placed at 5, 15, 25, 35).
// The dense rows of 2025 and dots.llm1 (hf_families_test.cc, Of2025Rows) have
// fixtures written from the values their model cards and published configs
// state, completed with the configuration classes' defaults where those are
// the model's (the published config.json files were not at hand to copy):
// glm-4-9b-0414.json (THUDM/GLM-4-9B-0414), ernie-4.5-0.3b.json
// (baidu/ERNIE-4.5-0.3B-PT), olmo-3-7b.json (allenai/Olmo-3-1025-7B),
// exaone-4.0-32b.json (LGAI-EXAONE/EXAONE-4.0-32B), seed-oss-36b.json
// (ByteDance-Seed/Seed-OSS-36B-Base), apertus-8b-2509.json
// (swiss-ai/Apertus-8B-2509), afm-4.5b.json (arcee-ai/AFM-4.5B),
// dots-llm1-base.json (rednote-hilab/dots.llm1.base), lfm2-1.2b.json and
// lfm2-350m.json (LiquidAI/LFM2-1.2B, LiquidAI/LFM2-350M: the first with
// full_attn_idxs, the second with the same pattern as layer_types),
// qwen3-vl-8b-instruct.json and qwen3-vl-30b-a3b-instruct.json
// (Qwen/Qwen3-VL-8B-Instruct, Qwen/Qwen3-VL-30B-A3B-Instruct).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "hf_test_util.h"
#include "trainflops/hf_config.h"
#include "trainflops/transformer.h"

namespace trainflops {
namespace {

using nlohmann::json;
using testing::Fixture;
using testing::FixtureTestName;

json Load(const char* file) { return json::parse(Fixture(file)); }

Result<HfModel> Parse(const json& config) { return ParseHfConfig(config.dump(), "cfg.json"); }

// SmolLM3's config has no tie_word_embeddings: SmolLM3Config's default (true)
// applies, and the report says where the value came from. Untied adds the
// head, 128256·2048 = 262,668,288 (8.5% of 3,075,098,624).
TEST(HfTable, SmolLM3TiesByItsClassDefault) {
  json config = Load("smollm3-3b.json");
  ASSERT_FALSE(config.contains("tie_word_embeddings"));
  Result<HfModel> absent = Parse(config);
  ASSERT_TRUE(absent.ok()) << absent.status().message();
  bool named = false;
  for (const Input& i : absent->fields) {
    if (i.name == "tie_word_embeddings") named = i.origin.find("SmolLM3Config default") == 0;
  }
  EXPECT_TRUE(named);
  bool noted = false;
  for (const std::string& n : absent->model.notes) {
    noted = noted ||
            n.find("SmolLM3Config's defaults: tie_word_embeddings = true") != std::string::npos;
  }
  EXPECT_TRUE(noted);
  config["tie_word_embeddings"] = true;
  EXPECT_EQ(TotalParams(Parse(config)->model), TotalParams(absent->model));
  config["tie_word_embeddings"] = false;
  EXPECT_EQ(TotalParams(Parse(config)->model), 3075098624.0 + 262668288);
}

// A field the configuration class supplies counts the same whether the
// config writes it or leaves it out (the class default equals the value).
struct Omitted {
  const char* file;
  std::vector<const char*> fields;
};
void PrintTo(const Omitted& c, std::ostream* os) { *os << c.file; }

class HfTableDefaults : public ::testing::TestWithParam<Omitted> {};

TEST_P(HfTableDefaults, AMissingFieldTakesTheFamilyDefault) {
  json config = Load(GetParam().file);
  Result<HfModel> full = Parse(config);
  ASSERT_TRUE(full.ok()) << full.status().message();
  for (const char* field : GetParam().fields) config.erase(field);
  Result<HfModel> partial = Parse(config);
  ASSERT_TRUE(partial.ok()) << partial.status().message();
  EXPECT_EQ(TotalParams(partial->model), TotalParams(full->model));
  EXPECT_EQ(ActiveParams(partial->model), ActiveParams(full->model));
}

INSTANTIATE_TEST_SUITE_P(
    Families, HfTableDefaults,
    ::testing::Values(
        // SmolLM3Config: num_key_value_heads 4, vocab_size 128256.
        Omitted{"smollm3-3b.json", {"num_key_value_heads", "vocab_size"}},
        // Glm4MoeConfig: first_k_dense_replace 1, n_shared_experts 1, num_experts_per_tok 8.
        Omitted{"glm-4.5-air.json",
                {"first_k_dense_replace", "n_shared_experts", "num_experts_per_tok"}},
        // Ernie4_5_MoeConfig: moe_k 6, moe_layer_start_index 1, tie_word_embeddings true,
        // moe_num_shared_experts 2 (and moe_layer_end_index -1, the last layer).
        Omitted{
            "ernie-4.5-21b-a3b.json",
            {"moe_k", "moe_layer_start_index", "tie_word_embeddings", "moe_num_shared_experts"}},
        // HunYuanConfig: use_cla false, attention_bias false; attention_head_dim
        // hidden_size / num_attention_heads = 128.
        Omitted{"hunyuan-a13b.json", {"use_cla", "attention_bias", "attention_head_dim"}},
        // Glm4Config: attention_bias true, head_dim 128, num_key_value_heads 2.
        Omitted{"glm-4-9b-0414.json", {"attention_bias", "head_dim", "num_key_value_heads"}},
        // Ernie4_5Config: tie_word_embeddings true, use_bias false, head_dim 128.
        Omitted{"ernie-4.5-0.3b.json", {"tie_word_embeddings", "use_bias", "head_dim"}},
        // SeedOssConfig: attention_bias true, attention_out_bias false, head_dim 128.
        Omitted{"seed-oss-36b.json", {"attention_bias", "attention_out_bias", "head_dim"}},
        // ApertusConfig: hidden_act xielu, tie_word_embeddings false.
        Omitted{"apertus-8b-2509.json", {"hidden_act", "tie_word_embeddings"}},
        // ArceeConfig: mlp_bias false, attention_bias false.
        Omitted{"afm-4.5b.json", {"mlp_bias", "attention_bias"}},
        // Exaone4Config: tie_word_embeddings false.
        Omitted{"exaone-4.0-32b.json", {"tie_word_embeddings"}},
        // Dots1Config: attention_bias false, tie_word_embeddings false.
        Omitted{"dots-llm1-base.json", {"attention_bias", "tie_word_embeddings"}}),
    [](const ::testing::TestParamInfo<Omitted>& p) { return FixtureTestName(p.param.file); });

// ERNIE with a top-k field the generic path would read: before ERNIE had its
// row, the unknown-family path counted every layer as MoE and dropped the
// shared experts (active 2,691,709,440, 20% low). Now the family's rule
// counts it, the same as without the field.
TEST(HfTable, ErnieWithATopKFieldIsCountedByItsOwnRule) {
  json config = Load("ernie-4.5-21b-a3b.json");
  config["num_experts_per_tok"] = 6;
  Result<HfModel> m = Parse(config);
  ASSERT_TRUE(m.ok()) << m.status().message();
  EXPECT_FALSE(m->fallback);
  EXPECT_EQ(TotalParams(m->model), 21825437888.0);
  EXPECT_EQ(ActiveParams(m->model), 3352150208.0);
  // The MTP weights are named, not counted.
  bool noted = false;
  for (const std::string& n : m->model.notes) noted = noted || n.find("multi-token") == 0;
  EXPECT_TRUE(noted);
}

// Hunyuan with scalars in place of its per-layer lists (moe_topk 8,
// num_shared_expert 1, moe_intermediate_size 3072) counts the same: the
// shared MLP (32 x 37,748,736 = 1,207,959,552: 1.5% of the total, 9.5% of
// the active) is kept. transformers' own hunyuan_v1_moe (experts and shared
// MLP of intermediate_size, 3072; q/k norms always; head_dim) counts the same.
TEST(HfTable, HunyuanListsScalarsAndTransformersTypeAgree) {
  json config = Load("hunyuan-a13b.json");
  config["moe_topk"] = 8;
  config["num_shared_expert"] = 1;
  config["moe_intermediate_size"] = 3072;
  Result<HfModel> scalars = Parse(config);
  ASSERT_TRUE(scalars.ok()) << scalars.status().message();
  EXPECT_EQ(TotalParams(scalars->model), 80393183232.0);
  EXPECT_EQ(ActiveParams(scalars->model), 12747448320.0);
  config["model_type"] = "hunyuan_v1_moe";
  config["head_dim"] = 128;
  Result<HfModel> v1 = Parse(config);
  ASSERT_TRUE(v1.ok()) << v1.status().message();
  EXPECT_EQ(TotalParams(v1->model), 80393183232.0);
  EXPECT_EQ(ActiveParams(v1->model), 12747448320.0);
}

// HunYuanConfig's num_experts 1 is a dense model (the remote code builds a
// plain MLP of intermediate_size): per layer 41,943,040 + q/k norms 256 +
// 3·4096·3072 = 37,748,736 + norms 8192 = 79,700,224, x32 = 2,550,407,168;
// embed 524,972,032 (tied); norm 4096.
TEST(HfTable, HunyuanWithOneExpertIsDense) {
  json config = Load("hunyuan-a13b.json");
  config["num_experts"] = 1;
  Result<HfModel> m = Parse(config);
  ASSERT_TRUE(m.ok()) << m.status().message();
  EXPECT_EQ(TotalParams(m->model), 3075383296.0);
  EXPECT_EQ(ActiveParams(m->model), 3075383296.0);
}

TEST(HfTable, RefusedWithTheField) {
  json short_list = Load("hunyuan-a13b.json");
  short_list["moe_topk"] = {8, 8};
  json cla = Load("hunyuan-a13b.json");
  cla["use_cla"] = true;
  json no_head_dim = Load("glm-4.5-air.json");  // 4096 / 96 heads is not whole
  no_head_dim.erase("head_dim");
  for (const auto& [config, expected] :
       std::vector<std::pair<json, std::string>>{{short_list, "'moe_topk' lists 2 values"},
                                                 {cla, "'use_cla' is true"},
                                                 {no_head_dim, "does not divide"}}) {
    Result<HfModel> m = Parse(config);
    ASSERT_FALSE(m.ok());
    EXPECT_NE(m.status().message().find(expected), std::string::npos) << m.status().message();
  }
}

// GLM-4.5-Air's checkpoint ships its MTP layer (layers.46), which
// transformers skips: one MoE layer 2,341,492,864, eh_proj 2·4096·4096 =
// 33,554,432, enorm, hnorm and shared_head.norm 3·4096, and copies of the
// embedding and head 2 x 151552·4096 = 1,241,513,984: 3,616,573,568. With the
// total, 106,852,251,264, that is the Hub's safetensors count of
// zai-org/GLM-4.5-Air, 110,468,824,832
// (https://huggingface.co/api/models/zai-org/GLM-4.5-Air?expand[]=safetensors).
TEST(HfTable, GlmCheckpointIsTheTotalPlusItsMtpLayer) {
  Result<HfModel> m = ParseHfConfig(Fixture("glm-4.5-air.json"), "glm.json");
  ASSERT_TRUE(m.ok()) << m.status().message();
  EXPECT_EQ(m->mtp_params, 3616573568.0);
  EXPECT_EQ(TotalParams(m->model) + m->mtp_params, 110468824832.0);
}

// Qwen3-Next's checkpoint ships one MTP module (mtp.*) that transformers
// does not load: one full-attention layer with experts 1,642,076,672, fc
// 2·2048·2048 = 8,388,608, three norms 6144 = 1,650,471,424. With it, the
// total is the Hub's safetensors count of Qwen/Qwen3-Next-80B-A3B-Instruct,
// 81,324,862,720 (https://huggingface.co/api/models/Qwen/Qwen3-Next-80B-A3B-
// Instruct?expand[]=safetensors).
TEST(HfTable, Qwen3NextMtpModuleIsReportedNotCounted) {
  json config = Load("qwen3-next-80b-a3b.json");
  config["num_nextn_predict_layers"] = 1;
  Result<HfModel> m = Parse(config);
  ASSERT_TRUE(m.ok()) << m.status().message();
  EXPECT_EQ(m->mtp_params, 1650471424.0);
  EXPECT_EQ(TotalParams(m->model) + m->mtp_params, 81324862720.0);
}

// Mistral Small 3.1's parts: the language model is what a text token uses.
TEST(HfTable, Mistral3Parts) {
  Result<HfModel> m = ParseHfConfig(Fixture("mistral-small-3.1-24b.json"), "m.json");
  ASSERT_TRUE(m.ok()) << m.status().message();
  ASSERT_EQ(m->parts.size(), 3u);
  EXPECT_EQ(m->parts[0].params, 23572403200.0);
  EXPECT_EQ(m->parts[1].params, 403305472.0);
  EXPECT_EQ(m->parts[2].params, 35652608.0);
}

}  // namespace
}  // namespace trainflops

namespace trainflops {
namespace {

using nlohmann::json;
using testing::Fixture;

// The switches of the 2025 dense rows, each against its modelling code.
double CountWith(const char* file, const char* field, const json& value) {
  json config = json::parse(Fixture(file));
  config[field] = value;
  Result<HfModel> m = ParseHfConfig(config.dump(), file);
  EXPECT_TRUE(m.ok()) << m.status().message();
  return m.ok() ? TotalParams(m->model) : 0;
}

// ERNIE 4.5 dense, use_bias (modeling_ernie4_5.py): biases on q 2048, k and v
// 2 x 256, o 1024 and on gate and up 2 x 3072, down 1024 = 10,752 per layer,
// x18 = 193,536.
TEST(HfTableRows, ErnieUseBiasPutsBiasesOnEveryProjection) {
  EXPECT_EQ(CountWith("ernie-4.5-0.3b.json", "use_bias", true), 360748032.0 + 193536);
}

// Seed-OSS: o_proj's bias has its own switch (attention_out_bias): 5120 per
// layer, x64 = 327,680; attention_bias alone leaves it out.
TEST(HfTableRows, SeedOssOutputBiasHasItsOwnSwitch) {
  EXPECT_EQ(CountWith("seed-oss-36b.json", "attention_out_bias", true), 36151104512.0 + 327680);
  // Without q, k, v biases: 10240 + 2 x 1024 = 12,288 per layer, x64 = 786,432 fewer.
  EXPECT_EQ(CountWith("seed-oss-36b.json", "attention_bias", false), 36151104512.0 - 786432);
}

// Apertus: the xIELU's two learned scalars per layer exist only with
// hidden_act xielu (ACT2CLS); another activation has none: 32 x 2 = 64 fewer.
// The MLP stays two matrices either way (NemotronMLP).
TEST(HfTableRows, ApertusActivationScalarsFollowHiddenAct) {
  EXPECT_EQ(CountWith("apertus-8b-2509.json", "hidden_act", "relu2"), 8053338176.0 - 64);
}

// Arcee: mlp_bias puts biases on up_proj (18432) and down_proj (2560): 20,992
// per layer, x36 = 755,712.
TEST(HfTableRows, ArceeMlpBiasOnItsTwoMatrices) {
  EXPECT_EQ(CountWith("afm-4.5b.json", "mlp_bias", true), 4619184640.0 + 755712);
}

// Qwen3-VL: vision fields left out take Qwen3VLVisionConfig's defaults
// (num_position_embeddings 2304, deepstack_visual_indexes [8, 16, 24], the
// published values); with no deepstack mergers the total drops by 3 x
// 40,125,952 = 120,377,856 (hf_families_test.cc derives the mergers).
TEST(HfTableRows, Qwen3VlVisionDefaultsAndDeepstack) {
  json config = json::parse(Fixture("qwen3-vl-8b-instruct.json"));
  config["vision_config"].erase("num_position_embeddings");
  config["vision_config"].erase("deepstack_visual_indexes");
  Result<HfModel> m = ParseHfConfig(config.dump(), "qwen3-vl.json");
  ASSERT_TRUE(m.ok()) << m.status().message();
  EXPECT_EQ(TotalParams(m->model), 8767123696.0);
  config["vision_config"]["deepstack_visual_indexes"] = json::array();
  m = ParseHfConfig(config.dump(), "qwen3-vl.json");
  ASSERT_TRUE(m.ok()) << m.status().message();
  EXPECT_EQ(TotalParams(m->model), 8767123696.0 - 120377856);
}

// Gemma 3n is refused by name, with the structures that have no rule, never
// counted as a generic decoder or a Gemma 3.
TEST(HfTableRows, Gemma3nIsRefusedWithItsReason) {
  for (const char* type : {"gemma3n", "gemma3n_text"}) {
    json config = {{"model_type", type},         {"hidden_size", 2048},
                   {"num_hidden_layers", 30},    {"num_attention_heads", 8},
                   {"intermediate_size", 16384}, {"vocab_size", 262400}};
    Result<HfModel> m = ParseHfConfig(config.dump(), "gemma3n.json");
    ASSERT_FALSE(m.ok());
    EXPECT_NE(m.status().message().find("AltUp"), std::string::npos) << m.status().message();
  }
}

// dots.llm1: Dots1Config leaves n_routed_experts, num_experts_per_tok and
// n_shared_experts as None; a config without one is an error naming it, not
// a dense model.
TEST(HfTableRows, DotsWithoutItsExpertCountIsAnError) {
  for (const char* field : {"n_routed_experts", "num_experts_per_tok", "n_shared_experts"}) {
    json config = json::parse(Fixture("dots-llm1-base.json"));
    config.erase(field);
    Result<HfModel> m = ParseHfConfig(config.dump(), "dots.json");
    ASSERT_FALSE(m.ok()) << field;
    EXPECT_NE(m.status().message().find(std::string("'") + field + "' is absent"),
              std::string::npos)
        << m.status().message();
  }
}

// LFM2 without layer_types or full_attn_idxs: Lfm2Config makes every layer
// attention. LFM2-1.2B's shapes, 16 x (10,485,888 + 50,331,648 + 4096) +
// 134,217,728 + 2048 = 1,107,365,888. The attention-aware conventions run
// (the short convolutions have no sequence-length term).
TEST(HfTableRows, Lfm2WithoutAPatternIsAllAttention) {
  json config = json::parse(Fixture("lfm2-1.2b.json"));
  config.erase("full_attn_idxs");
  Result<HfModel> m = ParseHfConfig(config.dump(), "lfm2.json");
  ASSERT_TRUE(m.ok()) << m.status().message();
  EXPECT_EQ(TotalParams(m->model), 1107365888.0);
  Result<HfModel> hybrid = ParseHfConfig(Fixture("lfm2-1.2b.json"), "lfm2.json", 4096);
  ASSERT_TRUE(hybrid.ok()) << hybrid.status().message();
  EXPECT_TRUE(FlopPalm(hybrid->model, {}).ok());
  config["layer_types"] = json::array({"conv", "mamba"});
  EXPECT_FALSE(ParseHfConfig(config.dump(), "lfm2.json").ok());
}

}  // namespace
}  // namespace trainflops
