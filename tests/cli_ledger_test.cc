// `trainflops ledger`: a run record's statement in each format, standard
// input, --output, and bad records (exit 2, the phase and field named).
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "cli_test_util.h"

namespace {

using nlohmann::json;
using trainflops::testing::CliOutput;
using trainflops::testing::ReadFile;
using trainflops::testing::RunCli;
using trainflops::testing::RunShell;
using trainflops::testing::SourcePath;
using trainflops::testing::WriteTempFile;

json RegimeOf(const json& j, const std::string& id) {
  for (const json& r : j["regimes"]) {
    if (r["id"] == id) return r;
  }
  return json();
}

TEST(CliLedger, JsonKeepsTheUnroundedTotalBesideTwoFigures) {
  const CliOutput o =
      RunCli("ledger " + SourcePath("examples/ledger/modifier-above.yaml") + " --format json");
  ASSERT_EQ(o.code, 0) << o.err;
  const json j = json::parse(o.out);
  // 6 x 8e9 x 6e12 = 2.88e23 > one third of 7.2e23 = 2.4e23.
  const json r = RegimeOf(j, "eu_modification");
  EXPECT_DOUBLE_EQ(r["total_flop"].get<double>(), 2.88e23);
  EXPECT_EQ(r["total_2sf"], "2.9e23");
  EXPECT_EQ(r["over_threshold"], true);
  EXPECT_DOUBLE_EQ(r["threshold_flop"].get<double>(), 2.4e23);
}

TEST(CliLedger, MarkdownAndHtml) {
  const std::string record = SourcePath("examples/ledger/synthetic-nonpublic.yaml");
  CliOutput o = RunCli("ledger " + record);
  ASSERT_EQ(o.code, 0) << o.err;
  // 6 x 7e9 x 2e12 + 2 x 70e9 x 1e11 = 8.4e22 + 1.4e22 = 9.8e22.
  EXPECT_NE(o.out.find("**Total: 9.8e22 FLOP**"), std::string::npos) << o.out;
  o = RunCli("ledger " + record + " --format html");
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_TRUE(o.out.starts_with("<!DOCTYPE html>"));
  EXPECT_NE(o.out.find("<strong>Total: 9.8e22 FLOP</strong>"), std::string::npos);
  EXPECT_EQ(o.out.find("<script"), std::string::npos);  // self-contained, nothing to run
}

TEST(CliLedger, OutputFileAndStandardInput) {
  const std::string out = WriteTempFile("ledger_out.md", "") + ".written";
  CliOutput o =
      RunCli("ledger " + SourcePath("examples/ledger/forecast-2.yaml") + " --output " + out);
  ASSERT_EQ(o.code, 0) << o.err;
  const std::string text = ReadFile(out);
  EXPECT_NE(text.find("already crossed by the progress so far"), std::string::npos);
  o = RunShell("printf 'model: M\\nphases: []\\n' | " + std::string(TRAINFLOPS_CLI) + " ledger -");
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find("stdin:"), std::string::npos) << o.err;
}

TEST(CliLedger, BadRecordsExitTwoNamingThePhaseAndField) {
  const std::string path = WriteTempFile("bad_run.yaml", R"(model: M
phases:
  - name: sft
    kind: sfft
    flop: 1e22
)");
  CliOutput o = RunCli("ledger " + path);
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find(path + ":4:11: phase 'sft': key 'kind': 'sfft' is not accepted; did you "
                              "mean 'sft'?"),
            std::string::npos)
      << o.err;
  const std::string beyond = WriteTempFile("beyond_run.yaml", R"(model: M
phases:
  - {name: pt, kind: pre_training, parameters: 1B, tokens: 1T, planned: true,
     progress: {tokens: 2T}}
)");
  o = RunCli("ledger " + beyond);
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find("phase 'pt': key 'progress': 'tokens' 2e12 is beyond the plan"),
            std::string::npos)
      << o.err;
  o = RunCli("ledger " + path + " --format pdf");
  EXPECT_EQ(o.code, 2);
}

TEST(CliLedger, ModelFilesAreReadBesideTheRecord) {
  // examples/ledger/model-files.yaml: 6 x 6,738,415,616 x 2e12 = 8.0860987392e22
  // from the Llama 2 config beside it (the exploratory run left out, ¶122).
  CliOutput o =
      RunCli("ledger " + SourcePath("examples/ledger/model-files.yaml") + " --format json");
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_EQ(RegimeOf(json::parse(o.out), "eu_cumulative")["total_2sf"], "8.1e22");
  // A file that is not there: exit 2, the phase, the key and the path tried.
  const std::string path = WriteTempFile("missing_file_run.yaml", R"(model: M
phases:
  - {name: pt, kind: pre_training, architecture: no-such-spec.yaml}
)");
  o = RunCli("ledger " + path);
  EXPECT_EQ(o.code, 2);
  const std::string tried =
      std::filesystem::path(path).parent_path().string() + "/no-such-spec.yaml";
  EXPECT_NE(o.err.find("phase 'pt': key 'architecture': cannot open '" + tried + "'"),
            std::string::npos)
      << o.err;
}

TEST(CliLedger, CiteGivesTheEuCumulativeTotal) {
  // 7.2e23 (the original, guidelines ¶121) + 6 x 8e9 x 6e12 = 2.88e23 -> 1.008e24.
  const std::string record = SourcePath("examples/ledger/modifier-above.yaml");
  CliOutput o = RunCli("ledger " + record + " --cite");
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_NE(o.out.find("Cite this estimate"), std::string::npos);
  EXPECT_NE(o.out.find("used 1.008e24 FLOP"), std::string::npos) << o.out;
  o = RunCli("ledger " + record + " --format json --cite");
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_TRUE(json::parse(o.out).contains("citation"));
}

TEST(CliLedger, HelpNamesTheDocs) {
  const CliOutput o = RunCli("ledger --help");
  EXPECT_EQ(o.code, 0);
  EXPECT_NE(o.out.find("docs/ledger.md"), std::string::npos);
  EXPECT_NE(RunCli("--help").out.find("ledger"), std::string::npos);
}

}  // namespace
