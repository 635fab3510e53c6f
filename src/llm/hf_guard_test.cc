// Never silently wrong: an unknown model_type with mixture-of-experts fields
// is counted as a mixture of experts (or refused when top-k is missing),
// structural fields are refused with their names, a dense family never
// leaves an expert field unread, every family checks top-k against its
// experts, and every model lists the fields read and ignored.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "hf_test_util.h"
#include "trainflops/hf_config.h"

namespace trainflops {
namespace {

using testing::Fixture;
using testing::FixtureTestName;

bool Contains(const std::vector<std::string>& v, const std::string& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

const char* kBase = R"("hidden_size": 64, "num_hidden_layers": 2, "num_attention_heads": 4,
    "intermediate_size": 128, "vocab_size": 100)";

std::string Config(const std::string& type, const std::string& extra) {
  return "{\"model_type\": \"" + type + "\", " + kBase + (extra.empty() ? "" : ", " + extra) + "}";
}

// Per layer: attention 4·64² = 16,384; norms 128. Embed + head 2 x 100·64 =
// 12,800; final norm 64.
constexpr double kOutside = 12800 + 64;
constexpr double kAttentionAndNorms = 16384 + 128;

TEST(HfUnknownMoe, CountedAsMixtureOfExpertsNamingTheFields) {
  const std::string text = Config("mystery_moe", R"("num_experts": 8, "num_experts_per_tok": 2,
      "moe_intermediate_size": 32, "rope_theta": 10000)");
  Result<HfModel> m = ParseHfConfig(text, "m.json");
  ASSERT_TRUE(m.ok()) << m.status().message();
  EXPECT_TRUE(m->fallback);
  EXPECT_EQ(m->family, "generic mixture of experts (Llama-style)");
  // Experts 8 x 3·64·32 = 49,152; router 64·8 = 512. Active: 2 experts 12,288.
  EXPECT_EQ(TotalParams(m->model), kOutside + 2 * (kAttentionAndNorms + 49152 + 512));
  EXPECT_EQ(ActiveParams(m->model), kOutside + 2 * (kAttentionAndNorms + 12288 + 512));
  ASSERT_FALSE(m->model.notes.empty());
  const std::string& note = m->model.notes.front();
  EXPECT_NE(note.find("'num_experts'"), std::string::npos) << note;
  EXPECT_NE(note.find("'moe_intermediate_size'"), std::string::npos) << note;
  EXPECT_TRUE(Contains(m->fields_read, "num_experts_per_tok"));
  EXPECT_TRUE(Contains(m->fields_ignored, "rope_theta"));
}

TEST(HfUnknownMoe, SharedExpertsAndDenseFirstLayersAreCounted) {
  const std::string text = Config("mystery_moe", R"("n_routed_experts": 4, "num_experts_per_tok": 1,
      "moe_intermediate_size": 16, "n_shared_experts": 1, "first_k_dense_replace": 1)");
  Result<HfModel> m = ParseHfConfig(text, "m.json");
  ASSERT_TRUE(m.ok()) << m.status().message();
  // Layer 0 dense: 3·64·128 = 24,576. Layer 1: 4 experts x 3·64·16 (3072) = 12,288,
  // shared 3072, router 256. Active: 1 expert.
  EXPECT_EQ(TotalParams(m->model), kOutside + 2 * kAttentionAndNorms + 24576 + 12288 + 3072 + 256);
  EXPECT_EQ(ActiveParams(m->model), kOutside + 2 * kAttentionAndNorms + 24576 + 3072 + 3072 + 256);
}

struct Refusal {
  const char* name;
  std::string text;
  std::vector<std::string> expected;  // each must be in the message
};
// Test output names the case, not its bytes.
void PrintTo(const Refusal& c, std::ostream* os) { *os << c.name; }

class Refused : public ::testing::TestWithParam<Refusal> {};

TEST_P(Refused, WithAClearMessage) {
  Result<HfModel> m = ParseHfConfig(GetParam().text, "cfg.json");
  ASSERT_FALSE(m.ok());
  for (const std::string& e : GetParam().expected) {
    EXPECT_NE(m.status().message().find(e), std::string::npos) << m.status().message();
  }
}

INSTANTIATE_TEST_SUITE_P(
    All, Refused,
    ::testing::Values(
        Refusal{"moe_without_top_k",
                Config("mystery_moe", R"("num_local_experts": 8)"),
                {"needs field(s) 'num_experts_per_tok' (missing)", "generic mixture of experts"}},
        Refusal{"state_space",
                Config("mystery_ssm", R"("state_size": 16, "conv_kernel": 4,
                 "mamba_expand": 2)"),
                {"'state_size'", "'conv_kernel'", "'mamba_expand'", "state-space",
                 "refusing to count it as a generic decoder"}},
        Refusal{
            "hybrid_layer_types",
            Config("mystery_hybrid", R"("layer_types": ["full_attention", "linear_attention"])"),
            {"'layer_types'"}},
        // Hybrids of 2025 (or their shapes under an unknown model_type), with experts too:
        // refused for their structural fields, never counted as dense or as a plain MoE.
        Refusal{"qwen3_next_like_linear_attention_with_experts",
                Config("mystery_next", R"("num_experts": 512, "num_experts_per_tok": 10,
                 "moe_intermediate_size": 512, "linear_num_value_heads": 32,
                 "linear_key_head_dim": 128, "full_attention_interval": 4)"),
                {"'linear_num_value_heads'", "'full_attention_interval'",
                 "refusing to count it as a generic decoder"}},
        Refusal{"granite_like_mamba_with_experts",
                Config("mystery_granite", R"("num_local_experts": 72,
                 "num_experts_per_tok": 10, "layer_types": ["mamba", "attention"],
                 "mamba_n_heads": 128)"),
                {"'layer_types'", "'mamba_n_heads'", "state-space"}},
        Refusal{"falcon_h1_like_mamba",
                Config("mystery_h1", R"("mamba_d_ssm": 1536, "mamba_n_heads": 24)"),
                {"'mamba_d_ssm'", "refusing to count it as a generic decoder"}},
        Refusal{"attention_interval_alone_with_experts",
                Config("mystery_interval", R"("num_experts": 8, "num_experts_per_tok": 2,
                 "full_attention_interval": 4)"),
                {"'full_attention_interval'"}},
        Refusal{"multimodal",
                Config("mystery_vlm", R"("vision_config": {"hidden_size": 8})"),
                {"'vision_config'"}},
        Refusal{"dense_family_with_experts",
                Config("llama", R"("num_local_experts": 8, "num_experts_per_tok": 2)"),
                {"model_type 'llama' is counted as a dense model", "'num_local_experts'",
                 "refusing rather than counting experts as dense"}},
        Refusal{"nested_missing",
                R"({"model_type": "dbrx", "d_model": 64, "n_layers": 2,
                 "n_heads": 4, "vocab_size": 100, "ffn_config": {"moe_num_experts": 4}})",
                {"'ffn_config.moe_top_k'", "'ffn_config.ffn_hidden_size'"}},
        Refusal{"nested_not_object",
                R"({"model_type": "dbrx", "d_model": 64, "n_layers": 2,
                 "n_heads": 4, "vocab_size": 100, "ffn_config": 3})",
                {"'ffn_config' must be an object, got 3"}}),
    [](const ::testing::TestParamInfo<Refusal>& p) { return p.param.name; });

// Every MoE family refuses top-k above its experts, naming both fields.
struct TopK {
  const char* file;
  const char* field;  // the top-k field to set to 1000
  const char* experts_field;
};
// Test output names the case, not its bytes.
void PrintTo(const TopK& c, std::ostream* os) { *os << c.file; }

class TopKChecked : public ::testing::TestWithParam<TopK> {};

TEST_P(TopKChecked, AboveTheExpertsIsRefused) {
  std::string text = Fixture(GetParam().file);
  const std::string key = std::string("\"") + GetParam().field + "\": ";
  const size_t at = text.find(key);
  ASSERT_NE(at, std::string::npos) << key;
  const size_t end = text.find_first_of(",}\n", at + key.size());
  text.replace(at + key.size(), end - at - key.size(), "1000");
  Result<HfModel> m = ParseHfConfig(text, GetParam().file);
  ASSERT_FALSE(m.ok()) << GetParam().file;
  EXPECT_NE(m.status().message().find("(1000) exceeds the number of experts"), std::string::npos)
      << m.status().message();
  EXPECT_NE(m.status().message().find(GetParam().experts_field), std::string::npos)
      << m.status().message();
}

INSTANTIATE_TEST_SUITE_P(
    MoeFamilies, TopKChecked,
    ::testing::Values(TopK{"mixtral-8x7b-v0.1.json", "num_experts_per_tok", "num_local_experts"},
                      TopK{"qwen1.5-moe-a2.7b.json", "num_experts_per_tok", "num_experts"},
                      TopK{"qwen3-30b-a3b.json", "num_experts_per_tok", "num_experts"},
                      TopK{"deepseek-v3.json", "num_experts_per_tok", "n_routed_experts"},
                      TopK{"gpt-oss-20b.json", "num_experts_per_tok", "num_local_experts"},
                      TopK{"olmoe-1b-7b-0924.json", "num_experts_per_tok", "num_experts"},
                      TopK{"granite-3.0-1b-a400m.json", "num_experts_per_tok", "num_local_experts"},
                      TopK{"phi-3.5-moe-instruct.json", "num_experts_per_tok", "num_local_experts"},
                      TopK{"dbrx-base.json", "moe_top_k", "ffn_config.moe_num_experts"},
                      TopK{"llama-4-scout-17b-16e.json", "num_experts_per_tok",
                           "num_local_experts"},
                      TopK{"deepseek-v2-lite.json", "num_experts_per_tok", "n_routed_experts"},
                      TopK{"jamba-v0.1.json", "num_experts_per_tok", "num_experts"}),
    [](const ::testing::TestParamInfo<TopK>& p) { return FixtureTestName(p.param.file); });

TEST(HfFieldsReport, ReadAndIgnoredFieldsAreListedWithNestedNames) {
  Result<HfModel> m = ParseHfConfig(Fixture("dbrx-base.json"), "dbrx-base.json");
  ASSERT_TRUE(m.ok()) << m.status().message();
  EXPECT_TRUE(Contains(m->fields_read, "ffn_config.moe_num_experts"));
  EXPECT_TRUE(Contains(m->fields_read, "attn_config.kv_n_heads"));
  EXPECT_TRUE(Contains(m->fields_ignored, "attn_config.clip_qkv"));
  EXPECT_TRUE(Contains(m->fields_ignored, "ffn_config.moe_loss_weight"));
  EXPECT_TRUE(Contains(m->fields_ignored, "emb_pdrop"));
  EXPECT_FALSE(Contains(m->fields_ignored, "d_model"));
  EXPECT_NE(m->rule.find("modeling_dbrx.py"), std::string::npos);
}

// A published config with fields changed (a JSON merge patch) to a value
// the model code divides by or takes layer numbers modulo: refused (exit 2
// on the command line) with the field named, where it was counted before.
struct Divisor {
  const char* file;
  const char* patch;
  const char* expected;  // part of the message
};

class HfDivisors : public ::testing::TestWithParam<Divisor> {};

TEST_P(HfDivisors, AZeroOrAGroupThatDoesNotDivideIsRefusedNamingTheField) {
  const Divisor& c = GetParam();
  nlohmann::json config = nlohmann::json::parse(Fixture(c.file));
  config.merge_patch(nlohmann::json::parse(c.patch));
  Result<HfModel> m = ParseHfConfig(config.dump(), "config.json");
  ASSERT_FALSE(m.ok()) << c.file << " " << c.patch << " was counted";
  EXPECT_EQ(m.status().message().rfind("config.json: ", 0), 0u) << m.status().message();
  EXPECT_NE(m.status().message().find(c.expected), std::string::npos) << m.status().message();
}

constexpr const char* kZeroDivisor = "is 0, but the model takes layer numbers modulo it";
constexpr const char* kZeroKv =
    "'num_key_value_heads' is 0, but the model divides 'num_attention_heads'";

INSTANTIATE_TEST_SUITE_P(
    EveryFamily, HfDivisors,
    ::testing::Values(
        // head_dim: Llama-style attention scales by 1 / sqrt(head_dim).
        Divisor{"meta-llama-3-8b.json", R"({"head_dim": 0})", "'head_dim' is 0"},
        Divisor{"gemma-2b.json", R"({"head_dim": 0})", "'head_dim' is 0"},
        Divisor{"qwen3-8b.json", R"({"head_dim": 0})", "'head_dim' is 0"},
        Divisor{"gpt-oss-20b.json", R"({"head_dim": 0})", "'head_dim' is 0"},
        Divisor{"gemma-3-4b-it.json", R"({"text_config": {"head_dim": 0}})",
                "'text_config.head_dim' is 0"},
        Divisor{"mamba-codestral-7b-v0.1.json", R"({"head_dim": 0})", "'head_dim' is 0"},
        Divisor{"mamba-codestral-7b-v0.1.json", R"({"n_groups": 0})", "'n_groups' is 0"},
        // Key-value heads: each serves num_attention_heads / num_key_value_heads heads.
        Divisor{"meta-llama-3-8b.json", R"({"num_key_value_heads": 0})", kZeroKv},
        Divisor{"meta-llama-3-8b.json", R"({"num_key_value_heads": 12})",
                "'num_key_value_heads' 12 does not divide 'num_attention_heads' 32"},
        Divisor{"meta-llama-3-8b.json", R"({"num_key_value_heads": 64})",
                "'num_key_value_heads' 64 exceeds 'num_attention_heads' 32"},
        Divisor{"qwen2-0.5b.json", R"({"num_key_value_heads": 0})", kZeroKv},
        Divisor{"mixtral-8x7b-v0.1.json", R"({"num_key_value_heads": 3})",
                "'num_key_value_heads' 3 does not divide 'num_attention_heads' 32"},
        Divisor{"granite-3.0-1b-a400m.json", R"({"num_key_value_heads": 0})", kZeroKv},
        Divisor{"phi-3.5-moe-instruct.json", R"({"num_key_value_heads": 0})", kZeroKv},
        Divisor{"olmoe-1b-7b-0924.json", R"({"num_key_value_heads": 0})", kZeroKv},
        Divisor{"starcoder2-3b.json", R"({"num_key_value_heads": 5})",
                "'num_key_value_heads' 5 does not divide 'num_attention_heads' 24"},
        Divisor{"jamba-v0.1.json", R"({"num_key_value_heads": 0})", kZeroKv},
        Divisor{"llava-1.5-7b-hf.json", R"({"text_config": {"num_key_value_heads": 0}})",
                "'text_config.num_key_value_heads' is 0"},
        Divisor{"dbrx-base.json", R"({"attn_config": {"kv_n_heads": 0}})",
                "'attn_config.kv_n_heads' is 0, but the model divides 'n_heads' 48"},
        Divisor{"dbrx-base.json", R"({"attn_config": {"kv_n_heads": 7}})",
                "'attn_config.kv_n_heads' 7 does not divide 'n_heads' 48"},
        Divisor{"falcon-7b.json", R"({"new_decoder_architecture": true, "num_kv_heads": 5})",
                "'num_kv_heads' 5 does not divide 'n_head' 71"},
        // Steps and periods: layer numbers are taken modulo them.
        Divisor{"qwen1.5-moe-a2.7b.json", R"({"decoder_sparse_step": 0})",
                "'decoder_sparse_step' is 0"},
        Divisor{"qwen3-30b-a3b.json", R"({"decoder_sparse_step": 0})",
                "'decoder_sparse_step' is 0"},
        Divisor{"deepseek-v3.json", R"({"moe_layer_freq": 0})", kZeroDivisor},
        Divisor{"deepseek-v2-lite.json", R"({"moe_layer_freq": 0})", "'moe_layer_freq' is 0"},
        Divisor{"llama-4-scout-17b-16e.json",
                R"({"text_config": {"interleave_moe_layer_step": 0}})",
                "'text_config.interleave_moe_layer_step' is 0"},
        Divisor{"jamba-v0.1.json", R"({"attn_layer_period": 0})", "'attn_layer_period' is 0"},
        Divisor{"jamba-v0.1.json", R"({"expert_layer_period": 0})", "'expert_layer_period' is 0"},
        Divisor{"jamba-v0.1.json", R"({"attn_layer_offset": 8})",
                "'attn_layer_offset' 8 is not below 'attn_layer_period' 8"},
        // Head counts that the width is divided by (already required positive).
        Divisor{"gpt2.json", R"({"n_head": 0})", "'n_head' must be a positive number"},
        Divisor{"pythia-160m.json", R"({"num_attention_heads": 0})",
                "'num_attention_heads' must be a positive number"},
        Divisor{"bert-base-uncased.json", R"({"num_attention_heads": 0})",
                "'num_attention_heads' must be a positive number"},
        Divisor{"falcon-7b.json", R"({"n_head": 0})", "'n_head' must be a positive number"},
        Divisor{"dbrx-base.json", R"({"n_heads": 0})", "'n_heads' must be a positive number"},
        // Heads that split the width: head_dim = width / heads, a whole number.
        Divisor{"gpt2.json", R"({"n_head": 5})", "'n_head' 5 does not divide 'n_embd' 768"},
        Divisor{"pythia-160m.json", R"({"num_attention_heads": 7})",
                "'num_attention_heads' 7 does not divide 'hidden_size' 768"},
        Divisor{"bert-base-uncased.json", R"({"num_attention_heads": 7})",
                "'num_attention_heads' 7 does not divide 'hidden_size' 768"},
        Divisor{"falcon-7b.json", R"({"n_head": 70})", "'n_head' 70 does not divide 'hidden_size'"},
        Divisor{"dbrx-base.json", R"({"n_heads": 5})", "'n_heads' 5 does not divide 'd_model'"},
        Divisor{"meta-llama-3-8b.json", R"({"num_attention_heads": 48})",
                "'num_attention_heads' 48 does not divide 'hidden_size' 4096"},
        // Vision encoders: the image side is divided by the patch size.
        Divisor{"llava-1.5-7b-hf.json", R"({"vision_config": {"patch_size": 0}})",
                "'vision_config.patch_size' must be a positive number"},
        Divisor{"llama-3.2-11b-vision.json", R"({"vision_config": {"patch_size": 0}})",
                "'vision_config.patch_size' must be a positive number"},
        Divisor{"qwen2-vl-7b-instruct.json", R"({"vision_config": {"spatial_merge_size": 0}})",
                "'vision_config.spatial_merge_size' must be a positive number"}),
    [](const ::testing::TestParamInfo<Divisor>& p) {
      return FixtureTestName(p.param.file) + "_" + std::to_string(p.index);
    });

}  // namespace
}  // namespace trainflops
