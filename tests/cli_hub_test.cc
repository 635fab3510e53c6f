// Command-line tests of the local Hugging Face cache: `estimate OWNER/NAME`
// finds the config in a cache laid out as huggingface_hub lays it out
// (blobs/ holding the files, snapshots/COMMIT/ linking to them, refs/main
// naming the commit), made here in a temporary directory.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "cli_test_util.h"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using trainflops::testing::CliOutput;
using trainflops::testing::RunShell;
using trainflops::testing::SourcePath;

// Llama 2 7B (tests/fixtures/hf/llama-2-7b.json): 6,738,415,616 parameters
// (Touvron et al. 2023; src/llm/hf_families_test.cc). Qwen3-8B
// (tests/fixtures/hf/qwen3-8b.json): 8,190,735,360, the published 8.2B
// (src/llm/hf_families_test.cc).
constexpr double kLlama2Params = 6738415616.0;
constexpr double kQwen3Params = 8190735360.0;
const std::string kMain(40, 'a');
const std::string kOther(40, 'b');

class HubCache : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() /
           ("trainflops_hub_" + std::to_string(getpid()) + "_" + info->name());
    fs::remove_all(dir_);
    repo_ = dir_ / "hub" / "models--Org--Model";
    fs::create_directories(repo_ / "refs");
    fs::create_directories(repo_ / "blobs");
    std::ofstream(repo_ / "refs" / "main") << kMain;  // no newline, as huggingface_hub writes it
  }
  void TearDown() override { fs::remove_all(dir_); }
  // A blob named `blob` with `bytes`, linked from snapshots/COMMIT/NAME.
  void Snapshot(const std::string& commit, const std::string& name, const std::string& blob,
                const std::string& bytes) {
    std::ofstream(repo_ / "blobs" / blob, std::ios::binary) << bytes;
    fs::create_directories(repo_ / "snapshots" / commit);
    fs::create_symlink(fs::path("../../blobs") / blob, repo_ / "snapshots" / commit / name);
  }
  static std::string Fixture(const std::string& name) {
    return trainflops::testing::ReadFile(SourcePath("tests/fixtures/hf/" + name));
  }
  // `trainflops ARGS` run in the test directory with HF_HOME set to it.
  CliOutput Run(const std::string& args) const {
    return RunShell("cd '" + dir_.string() + "' && HF_HUB_CACHE= HUGGINGFACE_HUB_CACHE= HF_HOME='" +
                    dir_.string() + "' " + std::string(TRAINFLOPS_CLI) + " " + args);
  }
  fs::path dir_, repo_;
};

double Params(const CliOutput& o) {
  EXPECT_EQ(o.code, 0) << o.err;
  return o.code == 0 ? json::parse(o.out)["params"].get<double>() : 0;
}

TEST_F(HubCache, FindsTheConfigByItsRepositoryId) {
  Snapshot(kMain, "config.json", "1f00", Fixture("llama-2-7b.json"));
  EXPECT_EQ(Params(Run("estimate Org/Model --tokens 2T --json")), kLlama2Params);
}

TEST_F(HubCache, HonoursTheRevision) {
  // refs/main names the Llama 2 snapshot; commit bbb... holds Qwen3-8B, and
  // the branch `v2` names it too.
  Snapshot(kMain, "config.json", "1f00", Fixture("llama-2-7b.json"));
  Snapshot(kOther, "config.json", "2f00", Fixture("qwen3-8b.json"));
  std::ofstream(repo_ / "refs" / "v2") << kOther;
  EXPECT_EQ(Params(Run("estimate Org/Model@" + kOther + " --tokens 2T --json")), kQwen3Params);
  EXPECT_EQ(Params(Run("estimate Org/Model@v2 --tokens 2T --json")), kQwen3Params);
  EXPECT_EQ(Params(Run("estimate Org/Model@main --tokens 2T --json")), kLlama2Params);
}

TEST_F(HubCache, UsesTheSnapshotsCheckpointIndex) {
  // float16: 2 bytes per value; the index of the exact model holds
  // 2 x 6,738,415,616 bytes.
  Snapshot(kMain, "config.json", "1f00", Fixture("llama-2-7b.json"));
  Snapshot(kMain, "model.safetensors.index.json", "3f00",
           json{{"metadata", {{"total_size", 2 * kLlama2Params}}},
                {"weight_map", {{"a", "model-00001-of-00001.safetensors"}}}}
               .dump());
  const CliOutput o = Run("estimate Org/Model --tokens 2T --json");
  ASSERT_EQ(o.code, 0) << o.err;
  const json j = json::parse(o.out);
  ASSERT_TRUE(j.contains("checkpoint")) << o.out;
  EXPECT_EQ(j["checkpoint"]["params"].get<double>(), kLlama2Params);
}

TEST_F(HubCache, MissingModelSaysHowToDownloadIt) {
  CliOutput o = Run("estimate Org/Absent --tokens 2T");
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find("huggingface-cli download Org/Absent config.json"), std::string::npos)
      << o.err;
  EXPECT_NE(o.err.find("never downloads"), std::string::npos) << o.err;
  // A revision the cache does not hold: the command names it.
  Snapshot(kMain, "config.json", "1f00", Fixture("llama-2-7b.json"));
  o = Run("estimate Org/Model@v9 --tokens 2T");
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find("huggingface-cli download Org/Model config.json --revision v9"),
            std::string::npos)
      << o.err;
}

TEST_F(HubCache, APathThatExistsIsStillAPath) {
  // Org/Model is both a cached repository (Llama 2) and, in the working
  // directory, a file (Qwen3-8B): the file wins.
  Snapshot(kMain, "config.json", "1f00", Fixture("llama-2-7b.json"));
  fs::create_directories(dir_ / "Org");
  std::ofstream(dir_ / "Org" / "Model") << Fixture("qwen3-8b.json");
  EXPECT_EQ(Params(Run("estimate Org/Model --tokens 2T --json")), kQwen3Params);
}

}  // namespace
