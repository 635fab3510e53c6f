// Command-line tests of the language-model commands: `tokens`,
// `thresholds` and `estimate config.json`. Expected values are hand
// arithmetic from the formulas (docs/llm.md) or published counts
// (src/llm/hf_config_test.cc cites them).
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "cli_test_util.h"

namespace {

using nlohmann::json;
using trainflops::testing::CliOutput;
using trainflops::testing::RunCli;
using trainflops::testing::SourcePath;
using trainflops::testing::WriteTempFile;

std::string Config(const std::string& name) { return SourcePath("tests/fixtures/hf/" + name); }

json RunJson(const std::string& args) {
  const CliOutput o = RunCli(args);
  EXPECT_EQ(o.code, 0) << args << "\n" << o.err;
  return o.code == 0 ? json::parse(o.out) : json::object();
}

TEST(CliLlm, TokensSixNDForLlama2) {
  // Touvron et al. 2023: 2T tokens; 6 x 6,738,415,616 x 2e12 = 8.0860987392e22.
  const json j = RunJson("tokens --params 6738415616 --tokens 2T --json");
  EXPECT_NEAR(j["training_flop"].get<double>() / 8.0860987392e22, 1.0, 1e-12);
  EXPECT_EQ(j["method"], "llm_6nd");
  EXPECT_EQ(j["default_convention"], "6nd");
  EXPECT_EQ(j["forward_flop_basis"], "per_token");
  EXPECT_EQ(j["forward_flop"].get<double>(), 2 * 6738415616.0);
  EXPECT_TRUE(j["params_non_embedding"].is_null());  // unknown from a bare count
}

TEST(CliLlm, MixtureOfExpertsCountsActiveParameters) {
  // 6 x 12.9e9 x 1e12 = 7.74e22; both counts reported.
  const json j = RunJson("tokens --params 46.7B --active-params 12.9B --tokens 1T --json");
  EXPECT_NEAR(j["training_flop"].get<double>() / 7.74e22, 1.0, 1e-12);
  EXPECT_EQ(j["params"].get<double>(), 46.7e9);
  EXPECT_EQ(j["params_active"].get<double>(), 12.9e9);
}

TEST(CliLlm, StagesAreSummedAndEachShown) {
  // 6e9 x 1e12 + 6e9 x 1e10 + 2e9 x 1e11 (forward only) = 6.26e21
  const json j = RunJson(
      "tokens --params 1B --tokens 1T --stage sft:10B --stage synthetic:100B:forward --json");
  EXPECT_NEAR(j["training_flop"].get<double>() / 6.26e21, 1.0, 1e-12);
  ASSERT_EQ(j["stages"].size(), 3u);
  EXPECT_EQ(j["stages"][1]["name"], "sft");
  EXPECT_EQ(j["stages"][2]["forward_only"], true);
}

TEST(CliLlm, TokensTextStatesTheDefaultConvention) {
  const CliOutput o = RunCli("tokens --params 70B --tokens 1.4T");
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_NE(o.out.find("convention: 6nd (the default)"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("5.88e23 FLOP"), std::string::npos) << o.out;  // Chinchilla, 6·70e9·1.4e12
}

TEST(CliLlm, EstimateConfigJsonContract) {
  const json j =
      RunJson("estimate " + Config("llama-2-7b.json") + " --tokens 2T --seq-len 4096 --json");
  for (const char* key :
       {"training_flop", "forward_flop", "forward_flop_basis", "params", "params_non_embedding",
        "params_active", "method", "inputs", "assumptions", "layers", "formula"}) {
    EXPECT_TRUE(j.contains(key)) << key;
  }
  EXPECT_EQ(j["method"], "llm_6nd");
  EXPECT_EQ(j["params"].get<double>(), 6738415616.0);  // published, see hf_config_test.cc
  // Non-embedding: minus embed_tokens and lm_head, 2 x 32000 x 4096.
  EXPECT_EQ(j["params_non_embedding"].get<double>(), 6738415616.0 - 262144000.0);
  EXPECT_NEAR(j["training_flop"].get<double>() / 8.0860987392e22, 1.0, 1e-12);
  for (const auto& a : j["assumptions"]) {
    EXPECT_TRUE(a.contains("name") && a.contains("value") && a.contains("source")) << a.dump();
  }
  bool found = false;
  for (const auto& l : j["layers"]) {
    for (const char* key : {"name", "type", "params", "forward_flop", "output_shape"}) {
      EXPECT_TRUE(l.contains(key)) << key;
    }
    if (l["type"] == "mha_attention") {
      found = true;
      EXPECT_EQ(l["output_shape"], json::array({4096, 4096}));
      EXPECT_EQ(l["params"].get<double>(), 32 * 4 * 4096.0 * 4096);
    }
  }
  EXPECT_TRUE(found);
}

TEST(CliLlm, EstimateMixtralUsesActiveParameters) {
  // 12,879,925,248 active (hf_config_test.cc) x 6 x 1e12.
  const json j = RunJson("estimate " + Config("mixtral-8x7b-v0.1.json") + " --tokens 1T --json");
  EXPECT_EQ(j["params"].get<double>(), 46702792704.0);
  EXPECT_EQ(j["params_active"].get<double>(), 12879925248.0);
  EXPECT_NEAR(j["training_flop"].get<double>() / (6 * 12879925248.0 * 1e12), 1.0, 1e-12);
}

TEST(CliLlm, MegatronRecomputationIsHardwareFlopOnly) {
  // GPT-2, l = 12, h = 768, s = 1024, V = 50257 (Narayanan et al. 2021):
  // model 72·l·h²·(1 + s/6h + V/12lh), hardware 96·l·h²·(1 + s/6h + V/16lh) per token.
  const double l = 12, h = 768, s = 1024, v = 50257;
  const double model = 72 * l * h * h * (1 + s / (6 * h) + v / (12 * l * h));
  const double hardware = 96 * l * h * h * (1 + s / (6 * h) + v / (16 * l * h));
  const json j =
      RunJson("estimate " + Config("gpt2.json") +
              " --tokens 1B --seq-len 1024 --convention megatron --recompute full --json");
  EXPECT_NEAR(j["training_flop_per_token"].get<double>() / model, 1.0, 1e-12);
  EXPECT_NEAR(j["hardware_flop_per_token"].get<double>() / hardware, 1.0, 1e-12);
  EXPECT_NEAR(j["training_flop"].get<double>() / (model * 1e9), 1.0, 1e-12);
  EXPECT_NEAR(j["hardware_flop"].get<double>() / (hardware * 1e9), 1.0, 1e-12);
  EXPECT_EQ(j["method"], "llm_megatron");
}

TEST(CliLlm, ThresholdsRangeStraddling) {
  const json j = RunJson("thresholds 8e24 --range 4e24..2e25 --json");
  ASSERT_TRUE(j["thresholds"].is_array());
  for (const auto& t : j["thresholds"]) {
    if (t["id"] == "eu_ai_act_art51") {
      EXPECT_EQ(t["exceeds"], "uncertain");
      EXPECT_NEAR(t["ratio"].get<double>(), 0.8, 1e-12);
      EXPECT_EQ(t["comparison"], "greater than");
    }
    if (t["id"] == "ca_sb53_frontier") {
      EXPECT_EQ(t["exceeds"], "no");
    }
    EXPECT_TRUE(t.contains("source") && t.contains("wording") && t.contains("status"));
  }
}

TEST(CliLlm, ThresholdsFlagOnEstimate) {
  // DeepSeek-V3 on 14.8T tokens (Liu et al. 2024): 6 x 37,552,297,472 x 14.8e12 = 3.3346e24,
  // over the EU's indicative 1e23, under 1e25.
  const json j =
      RunJson("estimate " + Config("deepseek-v3.json") + " --tokens 14.8T --thresholds --json");
  EXPECT_NEAR(j["training_flop"].get<double>() / (6 * 37552297472.0 * 14.8e12), 1.0, 1e-12);
  ASSERT_EQ(j["thresholds"].size(), 4u);
  EXPECT_EQ(j["thresholds"][0]["exceeds"], "no");
  EXPECT_EQ(j["thresholds"][1]["exceeds"], "yes");
  EXPECT_GT(j["model"]["mtp_params_not_counted"].get<double>(), 1.1e10);
}

TEST(CliLlm, ThresholdsText) {
  const CliOutput o = RunCli("thresholds 3e25");
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_NE(o.out.find("eu_ai_act_art51"), std::string::npos);
  EXPECT_NE(o.out.find("+0.48"), std::string::npos) << o.out;  // log10(3)
  EXPECT_NE(o.out.find("strictly greater than"), std::string::npos);
}

TEST(CliLlm, UnknownModelTypeSaysSo) {
  const std::string path = WriteTempFile("mystery.json", R"({"model_type": "mystery",
      "hidden_size": 64, "num_hidden_layers": 2, "num_attention_heads": 4,
      "intermediate_size": 128, "vocab_size": 100})");
  const CliOutput o = RunCli("estimate " + path + " --tokens 1M");
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_NE(o.out.find("not a known family"), std::string::npos) << o.out;
}

struct BadCall {
  const char* name;
  std::string args;
  std::string expected;
};
// Test output names the case, not its bytes.
void PrintTo(const BadCall& c, std::ostream* os) { *os << c.name; }

class CliLlmErrors : public ::testing::TestWithParam<BadCall> {};

TEST_P(CliLlmErrors, ExitTwoWithOneLineMessage) {
  const CliOutput o = RunCli(GetParam().args);
  EXPECT_EQ(o.code, 2);
  EXPECT_TRUE(o.out.empty()) << o.out;
  EXPECT_NE(o.err.find(GetParam().expected), std::string::npos) << o.err;
  EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
}

INSTANTIATE_TEST_SUITE_P(
    All, CliLlmErrors,
    ::testing::Values(
        BadCall{"unknown_convention", "tokens --params 1B --tokens 1T --convention chinchila",
                "did you mean 'chinchilla'"},
        BadCall{"negative_tokens", "tokens --params 1B --tokens -5", "--tokens"},
        BadCall{"no_tokens", "tokens --params 1B", "give --tokens D"},
        BadCall{"no_params", "tokens --tokens 1T", "needs --params N"},
        BadCall{"palm_without_dims", "tokens --params 1B --tokens 1T --convention palm",
                "'palm' needs --layers, --seq-len"},
        BadCall{"active_over_total", "tokens --params 1B --active-params 2B --tokens 1T",
                "exceeds --params"},
        BadCall{"bad_stage", "tokens --params 1B --stage sft", "NAME:TOKENS"},
        BadCall{"bad_attention", "tokens --params 1B --tokens 1T --attention causl",
                "did you mean 'causal'"},
        BadCall{"bad_range", "thresholds 1e25 --range 5..1", "LOW <= HIGH"},
        BadCall{"thresholds_nothing", "thresholds", "expected a compute figure"},
        BadCall{"seq_len_needed",
                "estimate " + Config("gpt2.json") + " --tokens 1T --convention kaplan",
                "needs the training sequence length (--seq-len T)"},
        BadCall{"unknown_option", "tokens --params 1B --tokens 1T --layer 3",
                "did you mean '--layers'"}),
    [](const ::testing::TestParamInfo<BadCall>& p) { return p.param.name; });

TEST(CliLlm, BadConfigFilesNameFileFieldAndLine) {
  const std::string missing =
      WriteTempFile("missing.json", R"({"model_type": "mistral", "hidden_size": 64})");
  CliOutput o = RunCli("estimate " + missing + " --tokens 1T");
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find(missing + ": model_type 'mistral' needs field(s) 'num_hidden_layers'"),
            std::string::npos)
      << o.err;
  const std::string malformed = WriteTempFile(
      "malformed.json", "{\n  \"model_type\": \"llama\",\n  \"hidden_size\": 64,,\n}");
  o = RunCli("estimate " + malformed + " --tokens 1T");
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find(malformed + ":3:"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("malformed JSON"), std::string::npos) << o.err;
}

TEST(CliLlm, ReportNamesTheRuleAndTheFieldsIgnored) {
  const CliOutput o = RunCli("estimate " + Config("gpt-oss-20b.json") + " --tokens 1T");
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_NE(o.out.find("family rule: modeling_gpt_oss.py"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("config fields ignored: "), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("swiglu_limit"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("total 20,914,757,184"), std::string::npos) << o.out;
}

}  // namespace
