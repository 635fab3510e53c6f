// The families of 2025 counted from their configs (hf_table.cc, hf_mistral3.cc
// and Kimi K2 through the DeepSeek-V3 rule). Every expected count is derived
// by hand in the comment above it from the modelling code's shapes; the
// published figure is cited with its source and checked within 0.5% where
// the publisher gives one that precise.
//
// Fixtures (tests/fixtures/hf/): smollm3-3b.json and glm-4.5-air.json are the
// published config.json files (HuggingFaceTB/SmolLM3-3B, zai-org/GLM-4.5-Air);
// the others are reconstructed from the published values: hunyuan-a13b.json
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
// defaults but intermediate_size 5120 and the 262,144 context).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "hf_test_util.h"
#include "trainflops/hf_config.h"

namespace trainflops {
namespace {

using nlohmann::json;
using testing::Fixture;
using testing::FixtureTestName;

struct Family {
  const char* file;
  const char* model_type;
  double total, active, mtp;
  // The publisher's figure: total + mtp (what the checkpoint stores) or the
  // total alone, compared within `tolerance` (a fraction).
  double published;
  bool with_mtp;
  double tolerance;
  const char* source;
};
// Test output names the case, not its bytes.
void PrintTo(const Family& c, std::ostream* os) { *os << c.file; }

class Families2025 : public ::testing::TestWithParam<Family> {};

TEST_P(Families2025, CountExactlyAndMatchThePublisher) {
  const Family& p = GetParam();
  Result<HfModel> m = ParseHfConfig(Fixture(p.file), p.file);
  ASSERT_TRUE(m.ok()) << m.status().message();
  EXPECT_FALSE(m->fallback);
  EXPECT_EQ(m->model_type, p.model_type);
  EXPECT_FALSE(m->rule.empty());
  EXPECT_EQ(TotalParams(m->model), p.total);
  EXPECT_EQ(ActiveParams(m->model), p.active);
  EXPECT_EQ(m->mtp_params, p.mtp);
  const double ours = TotalParams(m->model) + (p.with_mtp ? m->mtp_params : 0);
  EXPECT_NEAR(ours / p.published, 1.0, p.tolerance) << p.source;
}

INSTANTIATE_TEST_SUITE_P(
    Published, Families2025,
    ::testing::Values(
        // SmolLM3-3B (modeling_smollm3.py, Llama blocks): per layer q 2048·2048, k and v
        // 2 x 2048·512, o 2048·2048 = 10,485,760; MLP 3·2048·11008 = 67,633,152; norms 4096
        // -> 78,123,008, x36 = 2,812,428,288; embed 128256·2048 = 262,668,288, tied (the
        // config has no tie_word_embeddings; SmolLM3Config's default is true); norm 2048.
        Family{"smollm3-3b.json", "smollm3", 3075098624, 3075098624, 0, 3075098624, false, 0,
               "HuggingFaceTB/SmolLM3-3B model.safetensors.index.json: total_parameters "
               "3,075,098,624, total_size 6,150,197,248 bytes = 2 bytes x 3,075,098,624 "
               "(https://huggingface.co/HuggingFaceTB/SmolLM3-3B)"},
        // GLM-4.5-Air (modeling_glm4_moe.py): attention q 4096·12288, k and v 2 x
        // 4096·1024, o 12288·4096 = 109,051,904 + q, k, v biases 12288 + 2·1024 = 109,066,240;
        // norms 8192. Layer 0 dense: 3·4096·10944 = 134,479,872 -> 243,554,304. Layers 1-45:
        // 128 experts x 3·4096·1408 (17,301,504) = 2,214,592,512, 1 shared 17,301,504, router
        // 4096·128 = 524,288, e_score_correction_bias 128 -> 2,341,492,864 each, x45 =
        // 105,367,178,880. Embed + head 2 x 151552·4096 = 1,241,513,984; norm 4096. Total
        // 106,852,251,264. Active: 8 experts 138,412,032 in place of 128: 45 x 265,312,384 +
        // 243,554,304 + 1,241,518,080 = 13,424,129,664. The MTP layer (layers.46, not built by
        // transformers): one MoE layer 2,341,492,864, eh_proj 2·4096·4096 = 33,554,432,
        // enorm, hnorm, shared_head.norm 3·4096, embed_tokens and shared_head.head copies
        // 1,241,513,984 = 3,616,573,568; with it the checkpoint holds 110,468,824,832.
        Family{"glm-4.5-air.json", "glm4_moe", 106852251264, 13424129664, 3616573568, 110468824832,
               true, 0,
               "Hugging Face Hub safetensors metadata of zai-org/GLM-4.5-Air: 110,468,824,832 "
               "parameters (https://huggingface.co/api/models/zai-org/GLM-4.5-Air?expand[]="
               "safetensors); the model card's '106B total' is the total without the MTP "
               "layer, truncated"},
        // ERNIE-4.5-21B-A3B (modeling_ernie4_5_moe.py): attention q and o 2 x 2560·2560, k
        // and v 2 x 2560·512 = 15,728,640; norms 5120. Layer 0 (below moe_layer_start_index
        // 1) dense 3·2560·12288 = 94,371,840 -> 110,105,600. Layers 1-27: 64 experts x
        // 3·2560·1536 (11,796,480) = 754,974,720, shared MLP of 1536 x 2 = 3·2560·3072 =
        // 23,592,960, gate 2560·64 = 163,840, e_score_correction_bias 64 -> 794,465,344 each,
        // x27 = 21,450,564,288. Embed 103424·2560 = 264,765,440, tied; norm 2560. Total
        // 21,825,437,888. Active: 6 experts 70,778,880 in place of 64: 27 x 110,269,504 +
        // 110,105,600 + 264,768,000 = 3,352,150,208. The model card's "21B total, 3B
        // activated" is truncated (ours is 3.9% above 21B); no figure within 0.5% was found,
        // so the check is against 21.8B, the Hub's rounded count for the checkpoint.
        Family{"ernie-4.5-21b-a3b.json", "ernie4_5_moe", 21825437888, 3352150208, 0, 21.8e9, false,
               0.005,
               "baidu/ERNIE-4.5-21B-A3B-PT on the Hugging Face Hub: 21.8B parameters "
               "(https://huggingface.co/baidu/ERNIE-4.5-21B-A3B-PT)"},
        // Hunyuan-A13B (Tencent's modeling_hunyuan.py): attention q and o 2 x 4096·4096, k and
        // v 2 x 4096·1024 = 41,943,040, query_layernorm + key_layernorm 2·128 = 256; 64
        // experts x 3·4096·3072 (37,748,736) = 2,415,919,104, shared MLP 3·4096·(3072 x 1) =
        // 37,748,736, router 4096·64 = 262,144; norms 8192 -> 2,495,881,472, x32 =
        // 79,868,207,104; embed 128167·4096 = 524,972,032, tied; norm 4096. Total
        // 80,393,183,232. Active: 8 experts 301,989,888: 32 x 381,952,256 + 524,976,128 =
        // 12,747,448,320.
        Family{"hunyuan-a13b.json", "hunyuan", 80393183232, 12747448320, 0, 80e9, false, 0.005,
               "tencent/Hunyuan-A13B-Instruct model card: 80 billion total parameters, 13 "
               "billion active (https://huggingface.co/tencent/Hunyuan-A13B-Instruct)"},
        // Kimi K2 (DeepSeek-V3's rule): MLA q_a 7168·1536, q_b 1536·64·192, kv_a 7168·576,
        // kv_b 512·64·256, o 64·128·7168, latent norms 1536 + 512 = 101,124,096; norms
        // 14,336. Layer 0 dense 3·7168·18432 = 396,361,728 -> 497,500,160. Layers 1-60: 384
        // experts x 3·7168·2048 (44,040,192) = 16,911,433,728, shared 44,040,192, router
        // 7168·384 = 2,752,512, correction bias 384 -> 17,059,365,248 each, x60 =
        // 1,023,561,914,880. Embed + head 2 x 163840·7168 = 2,348,810,240; norm 7168. Total
        // 1,026,408,232,448. Active: 8 experts: 60 x 500,253,056 + 497,500,160 +
        // 2,348,817,408 = 32,861,500,928. The Hub's count, 1,026,408,235,864, is 3,416
        // higher (3e-9; not explained here).
        Family{"kimi-k2-instruct.json", "kimi_k2", 1026408232448, 32861500928, 0, 1026408235864,
               false, 0.005,
               "Hugging Face Hub safetensors metadata of moonshotai/Kimi-K2-Instruct: "
               "1,026,408,235,864 parameters (https://huggingface.co/api/models/moonshotai/"
               "Kimi-K2-Instruct?expand[]=safetensors); model card: 1T total, 32B activated"},
        // Mistral Small 3.1: language model (Mistral): per layer q 5120·4096, k and v 2 x
        // 5120·1024, o 4096·5120 = 52,428,800, MLP 3·5120·32768 = 503,316,480, norms 10,240
        // -> 555,755,520, x40 = 22,230,220,800; embed + head 2 x 131072·5120 = 1,342,177,280;
        // norm 5120 -> 23,572,403,200. Pixtral: patch_conv 3·14·14·1024 = 602,112, ln_pre
        // 1024, per layer 4·1024² + 3·1024·4096 + 2·1024 = 16,779,264, x24 = 402,702,336 ->
        // 403,305,472. Projector: norm 1024, patch merger 4096·1024 = 4,194,304, linear_1
        // 1024·5120 = 5,242,880, linear_2 5120·5120 = 26,214,400 -> 35,652,608. Total
        // 24,011,361,280; active (a text token) 23,572,403,200.
        // Qwen3-Next-80B-A3B (modeling_qwen3_next.py): full attention (layers 3, 7, ..., 47):
        // q_proj with its gate 2048·(16·256·2) = 16,777,216, k and v 2 x 2048·512, o
        // 4096·2048, q_norm + k_norm 2·256 = 27,263,488. Gated DeltaNet (the other 36):
        // in_proj_qkvz 2048·(2·2048 + 2·4096) = 25,165,824, in_proj_ba 2048·64 = 131,072,
        // conv1d 8192·4 = 32,768, dt_bias + A_log 64, norm 128, out_proj 4096·2048 =
        // 8,388,608 -> 33,718,464. MLP: 512 experts x 3·2048·512 (3,145,728) =
        // 1,610,612,736, shared expert 3,145,728 + its gate 2048, router 2048·512 =
        // 1,048,576 -> 1,614,809,088; norms 4096. 12 x 1,642,076,672 + 36 x 1,648,531,648 +
        // embed + head 2 x 151936·2048 (622,329,856) + norm 2048 = 79,674,391,296. Active: 10
        // experts 31,457,280 in place of 512: 35,653,632 per MLP -> 3,874,929,408.
        Family{"qwen3-next-80b-a3b.json", "qwen3_next", 79674391296, 3874929408, 0, 80e9, false,
               0.005,
               "Qwen/Qwen3-Next-80B-A3B-Instruct model card: 80B total, 3B activated "
               "(https://huggingface.co/Qwen/Qwen3-Next-80B-A3B-Instruct)"},
        Family{"mistral-small-3.1-24b.json", "mistral3", 24011361280, 23572403200, 0, 24011361280,
               false, 0,
               "Hugging Face Hub safetensors metadata of mistralai/Mistral-Small-3.2-24B-"
               "Instruct-2506 (Mistral Small 3.1's architecture and config): 24,011,361,280 "
               "(https://huggingface.co/api/models/mistralai/Mistral-Small-3.2-24B-Instruct-2506"
               "?expand[]=safetensors)"}),
    [](const ::testing::TestParamInfo<Family>& p) { return FixtureTestName(p.param.file); });

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
        Omitted{"hunyuan-a13b.json", {"use_cla", "attention_bias", "attention_head_dim"}}),
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
