// Command-line tests of checkpoints: `estimate config.json` beside a
// model.safetensors.index.json or with --checkpoint FILE, and `tokens --params
// FILE`. The files are generated here (src/llm/testing/checkpoint_writer.h);
// expected counts are the tensors' shapes multiplied out by hand, or a
// published parameter count times the bytes per value.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "../src/llm/testing/checkpoint_writer.h"
#include "cli_test_util.h"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using trainflops::llm::testing::Gguf;
using trainflops::llm::testing::GgufTensor;
using trainflops::llm::testing::Safetensors;
using trainflops::testing::CliOutput;
using trainflops::testing::RunCli;
using trainflops::testing::SourcePath;

// Llama 2 7B (tests/fixtures/hf/llama-2-7b.json, torch_dtype float16):
// 6,738,415,616 parameters (Touvron et al. 2023; src/llm/hf_families_test.cc).
constexpr double kLlama2Params = 6738415616.0;

// A fresh directory holding a copy of the Llama 2 config as config.json.
class CheckpointDir : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() /
           ("trainflops_ckpt_" + std::to_string(getpid()) + "_" + info->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    fs::copy_file(SourcePath("tests/fixtures/hf/llama-2-7b.json"), Path("config.json"));
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string Path(const std::string& name) const { return (dir_ / name).string(); }
  std::string Write(const std::string& name, const std::string& bytes) const {
    std::ofstream(Path(name), std::ios::binary) << bytes;
    return Path(name);
  }
  // An index whose total_size is `bytes`.
  std::string WriteIndex(double bytes, const std::string& name = "model.safetensors.index.json") {
    return Write(name, json{{"metadata", {{"total_size", bytes}}},
                            {"weight_map",
                             {{"a", "model-00001-of-00002.safetensors"},
                              {"b", "model-00002-of-00002.safetensors"}}}}
                           .dump());
  }
  fs::path dir_;
};

json Parse(const CliOutput& o) {
  EXPECT_EQ(o.code, 0) << o.err;
  return o.code == 0 ? json::parse(o.out) : json::object();
}

TEST_F(CheckpointDir, IndexBesideTheConfigIsComparedUnasked) {
  // float16: 2 bytes per value, so the index of the exact model holds
  // 2 x 6,738,415,616 = 13,476,831,232 bytes: no difference, not flagged.
  WriteIndex(2 * kLlama2Params);
  const json j = Parse(RunCli("estimate " + Path("config.json") + " --tokens 2T --json"));
  ASSERT_TRUE(j.contains("checkpoint")) << j.dump();
  EXPECT_EQ(j["checkpoint"]["params"].get<double>(), kLlama2Params);
  EXPECT_EQ(j["checkpoint"]["config_params"].get<double>(), kLlama2Params);
  EXPECT_EQ(j["checkpoint"]["flagged"], false);
}

TEST_F(CheckpointDir, DifferenceOverOnePercentIsFlagged) {
  // 134,768,312 more values (2.0000% of the config's count, whole bytes):
  // flagged, and said in the text.
  WriteIndex(2 * (kLlama2Params + 134768312), "other.index.json");
  const CliOutput o = RunCli("estimate " + Path("config.json") + " --tokens 2T --checkpoint " +
                             Path("other.index.json"));
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_NE(o.out.find("FLAGGED"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("difference 2"), std::string::npos) << o.out;
}

TEST_F(CheckpointDir, SafetensorsShardGivenWithCheckpoint) {
  // One shard with two tensors, 4 x 8 and 8: 40 parameters, against the
  // config's 6.7e9: a difference of -100% (a shard is part of a model).
  const std::string shard =
      Write("model-00001-of-00002.safetensors",
            Safetensors(R"({"model.layers.0.q.weight": {"dtype": "F16", "shape": [4, 8], )"
                        R"("data_offsets": [0, 64]}, "model.norm.weight": {"dtype": "F16", )"
                        R"("shape": [8], "data_offsets": [64, 80]}})",
                        80));
  const json j = Parse(
      RunCli("estimate " + Path("config.json") + " --tokens 1T --checkpoint " + shard + " --json"));
  EXPECT_EQ(j["checkpoint"]["params"].get<double>(), 40);
  EXPECT_EQ(j["checkpoint"]["flagged"], true);
  // Per tensor group: q (4 x 8 = 32) and the norm (8).
  ASSERT_EQ(j["checkpoint"]["groups"].size(), 2u);
  EXPECT_EQ(j["checkpoint"]["groups"][0]["name"], "model.layers.*.q.weight");
  EXPECT_EQ(j["checkpoint"]["groups"][0]["params"].get<double>(), 32);
  EXPECT_EQ(j["checkpoint"]["groups"][1]["params"].get<double>(), 8);
}

TEST_F(CheckpointDir, TokensParamsFromHeadersAreReportedPerTensorGroup) {
  // Layers 0 and 1 each hold q (4 x 8) and an MLP up (8 x 16); the embedding
  // is 10 x 4. Groups: q 2 tensors 64; up 2 tensors 256; embedding 1 tensor
  // 40. Total 360 parameters; 6ND with 1e9 tokens: 6 x 360 x 1e9 = 2.16e12.
  const std::string shard = Write(
      "model.safetensors",
      Safetensors(R"({"model.layers.0.q.weight": {"dtype": "F16", "shape": [4, 8], )"
                  R"("data_offsets": [0, 64]}, "model.layers.0.up.weight": {"dtype": "F16", )"
                  R"("shape": [8, 16], "data_offsets": [64, 320]}, "model.layers.1.q.weight": )"
                  R"({"dtype": "F16", "shape": [4, 8], "data_offsets": [320, 384]}, )"
                  R"("model.layers.1.up.weight": {"dtype": "F16", "shape": [8, 16], )"
                  R"("data_offsets": [384, 640]}, "model.embed.weight": {"dtype": "F16", )"
                  R"("shape": [10, 4], "data_offsets": [640, 720]}})",
                  720));
  const json j = Parse(RunCli("tokens --params " + shard + " --tokens 1B --json"));
  EXPECT_EQ(j["params"].get<double>(), 360);
  EXPECT_NEAR(j["training_flop"].get<double>() / 2.16e12, 1.0, 1e-12);
  std::map<std::string, double> groups;
  for (const json& layer : j["layers"]) groups[layer["name"]] = layer["params"].get<double>();
  EXPECT_EQ(groups, (std::map<std::string, double>{{"model.embed.weight (1 tensor)", 40},
                                                   {"model.layers.*.q.weight (2 tensors)", 64},
                                                   {"model.layers.*.up.weight (2 tensors)", 256}}));
  const CliOutput text = RunCli("tokens --params " + shard + " --tokens 1B");
  EXPECT_NE(text.out.find("model.layers.*.up.weight (2 tensors)"), std::string::npos) << text.out;
}

TEST_F(CheckpointDir, NamedCheckpointThatCannotBeReadIsAnError) {
  const CliOutput missing = RunCli("estimate " + Path("config.json") +
                                   " --tokens 1T --checkpoint " + Path("absent.safetensors"));
  EXPECT_EQ(missing.code, 2);
  EXPECT_NE(missing.err.find("--checkpoint"), std::string::npos) << missing.err;
  EXPECT_NE(missing.err.find("cannot open"), std::string::npos) << missing.err;
  const std::string hostile =
      Write("bad.safetensors", std::string("\xff\xff\xff\xff\xff\xff\xff\x7f{}", 10));
  const CliOutput bad =
      RunCli("estimate " + Path("config.json") + " --tokens 1T --checkpoint " + hostile);
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("header length"), std::string::npos) << bad.err;
}

TEST_F(CheckpointDir, UnreadableIndexBesideTheConfigIsANote) {
  Write("model.safetensors.index.json", "{\"weight_map\": {}}");  // no total_size
  const CliOutput o = RunCli("estimate " + Path("config.json") + " --tokens 1T");
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_NE(o.out.find("checkpoint beside the config not compared"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("metadata.total_size"), std::string::npos) << o.out;
}

TEST_F(CheckpointDir, CheckpointAppliesToConfigsOnly) {
  WriteIndex(100);
  const CliOutput o = RunCli("estimate " + SourcePath("examples/vgg16.yaml") + " --checkpoint " +
                             Path("model.safetensors.index.json"));
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find("unknown option '--checkpoint'"), std::string::npos) << o.err;
}

TEST_F(CheckpointDir, TokensParamsFromAnIndexAndTheConfigBesideIt) {
  // 6 x 6,738,415,616 x 1e12 = 4.0430493696e22 FLOP.
  const std::string index = WriteIndex(2 * kLlama2Params);
  const json j = Parse(RunCli("tokens --params " + index + " --tokens 1T --json"));
  EXPECT_EQ(j["params"].get<double>(), kLlama2Params);
  EXPECT_NEAR(j["training_flop"].get<double>() / 4.0430493696e22, 1.0, 1e-12);
}

TEST_F(CheckpointDir, TokensParamsFromAnIndexWithoutConfigSaysWhatIsMissing) {
  fs::remove(Path("config.json"));
  const std::string index = WriteIndex(2 * kLlama2Params);
  const CliOutput o = RunCli("tokens --params " + index + " --tokens 1T");
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find("--params"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("config.json beside it"), std::string::npos) << o.err;
}

TEST_F(CheckpointDir, AHeaderWithNoValuesIsRefusedNamingTheFile) {
  // One tensor of shape 0 x 4096: no values, so no parameters to train.
  const std::string file =
      Write("empty.gguf", Gguf(1, 0, GgufTensor("blk.0.attn_q.weight", {0, 4096}, 30)));
  const CliOutput o = RunCli("tokens --params " + file + " --tokens 1B");
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find("empty.gguf: the checkpoint's tensors hold no parameters"),
            std::string::npos)
      << o.err;
}

TEST_F(CheckpointDir, TokensParamsFromAGgufHeader) {
  // token_embd 4096 x 32000 (BF16, type 30) + one Q4_K (type 12) 4096 x 4096
  // matrix: 131,072,000 + 16,777,216 = 147,849,216 parameters; 6 x that x 1e9.
  const std::string file =
      Write("tiny.gguf", Gguf(2, 0,
                              GgufTensor("token_embd.weight", {4096, 32000}, 30) +
                                  GgufTensor("blk.0.attn_q.weight", {4096, 4096}, 12)));
  const json j = Parse(RunCli("tokens --params " + file + " --tokens 1B --json"));
  EXPECT_EQ(j["params"].get<double>(), 147849216.0);
  EXPECT_NEAR(j["training_flop"].get<double>() / (6 * 147849216.0 * 1e9), 1.0, 1e-12);
}

}  // namespace
