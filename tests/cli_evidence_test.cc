// `trainflops evidence`: the bundled examples against Epoch AI's published
// readings, standard input, --output, and bad files (exit 2, the file, line
// and key in the message).
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>

#include "cli_test_util.h"

namespace {

using nlohmann::json;
using trainflops::testing::CliOutput;
using trainflops::testing::RunCli;
using trainflops::testing::RunShell;
using trainflops::testing::SourcePath;
using trainflops::testing::WriteTempFile;

// The examples' JSON. While the estimators of the lines are not merged
// (src/evidence/lines_pending.cc answers for them), the run cannot go on.
json ExampleJson(const std::string& example) {
  const CliOutput o = RunCli("evidence " + SourcePath("examples/evidence/" + example) + " --json");
  if (o.err.find("not built yet") != std::string::npos) return json();
  EXPECT_EQ(o.code, 0) << o.err;
  return json::parse(o.out);
}

TEST(CliEvidence, MistralLargeAsEpochReadsIt) {
  const json j = ExampleJson("mistral_large.yaml");
  if (j.is_null()) GTEST_SKIP() << "the estimators of lines of evidence are not built yet";
  // Epoch AI, Notable AI Models, "Mistral Large": 20e6 EUR / 1.9 EUR per
  // H100-hour = 1.0526e7 H100-hours x 3600 s x 989e12 FLOP/s x 0.30
  // = 1.124e25 FLOP.
  ASSERT_EQ(j["lines"].size(), 1u);
  EXPECT_NEAR(j["lines"][0]["estimate"]["training_flop"].get<double>() / 1.1243e25, 1, 0.01);
  EXPECT_EQ(j["combination"]["rule"], "one line: its own median and 90% interval");
  EXPECT_EQ(j["combination"]["unit"], "FLOP");
}

TEST(CliEvidence, LlamaFourScoutImpliesItsUtilization) {
  const json j = ExampleJson("llama4_scout.yaml");
  if (j.is_null()) GTEST_SKIP() << "the estimators of lines of evidence are not built yet";
  // 6 x 17e9 x 40e12 = 4.08e24 FLOP; 5.0e6 H100-hours x 3600 s x 1979e12
  // FLOP/s (dense FP8) = 3.562e25 FLOP at utilization 1: 4.08e24 / 3.562e25
  // = 0.1145 (Epoch AI: "11.5% MFU in FP8").
  ASSERT_EQ(j["lines"].size(), 2u);
  EXPECT_NEAR(j["lines"][0]["estimate"]["training_flop"].get<double>(), 4.08e24, 4.08e24 * 1e-9);
  ASSERT_EQ(j["implied"].size(), 1u);
  EXPECT_EQ(j["implied"][0]["name"], "implied utilization");
  EXPECT_NEAR(j["implied"][0]["value"].get<double>(), 0.1145, 0.001);
}

TEST(CliEvidence, HelpNamesTheFormat) {
  const CliOutput o = RunCli("evidence --help");
  EXPECT_EQ(o.code, 0);
  EXPECT_NE(o.out.find("usage: trainflops evidence FILE"), std::string::npos);
  EXPECT_NE(o.out.find("docs/evidence.md"), std::string::npos);
  EXPECT_NE(RunCli("--help").out.find("evidence"), std::string::npos);
}

TEST(CliEvidence, ABadFileExitsTwoNamingTheLineAndKey) {
  const std::string path = WriteTempFile("bad_evidence.yaml", R"(model: M
lines:
  - name: spend
    kind: cost
    source: https://example.org
    amout: 20M
)");
  const CliOutput o = RunCli("evidence " + path);
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find(path + ":6:5: line 'spend': unknown key 'amout' in a cost line; did you "
                              "mean 'amount'?"),
            std::string::npos)
      << o.err;
}

TEST(CliEvidence, StandardInputIsNamedStdin) {
  const CliOutput o =
      RunShell("printf 'model: M\\nlines: []\\n' | " + std::string(TRAINFLOPS_CLI) + " evidence -");
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find("stdin:2:8: no lines of evidence"), std::string::npos) << o.err;
}

TEST(CliEvidence, UsageErrors) {
  CliOutput o = RunCli("evidence");
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find("give exactly one evidence FILE"), std::string::npos) << o.err;
  o = RunCli("evidence " + SourcePath("examples/evidence/mistral_large.yaml") + " --samples 0");
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find("--samples: '0' is not accepted"), std::string::npos) << o.err;
  o = RunCli("evidence /nonexistent/evidence.yaml");
  EXPECT_EQ(o.code, 2);
}

TEST(CliEvidence, OutputIsNotWrittenWhenTheRunFails) {
  const std::string bad = WriteTempFile("empty_evidence.yaml", "model: M\nlines: []\n");
  const std::string out = bad + ".report";
  const CliOutput o = RunCli("evidence " + bad + " --output " + out);
  EXPECT_EQ(o.code, 2);
  EXPECT_TRUE(o.out.empty());
  EXPECT_FALSE(std::ifstream(out).good());
}

}  // namespace
