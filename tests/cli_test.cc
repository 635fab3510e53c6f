// The command-line contract: exit codes, one JSON object on stdout, one-line
// errors on stderr that name the file/field.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "cli_test_util.h"

namespace {

using trainflops::testing::CliOutput;
using trainflops::testing::RunCli;
using Output = CliOutput;

std::string Example(const std::string& name) {
  return std::string(TRAINFLOPS_SOURCE_DIR) + "/examples/" + name;
}

TEST(Cli, EstimateJsonContract) {
  const Output o = RunCli("estimate " + Example("cnn_lstm_fcn.yaml") + " --json");
  ASSERT_EQ(o.code, 0) << o.err;
  const nlohmann::json j = nlohmann::json::parse(o.out);  // exactly one object
  ASSERT_TRUE(j.is_object());
  for (const char* key : {"training_flop", "forward_flop", "forward_flop_basis", "params", "method",
                          "inputs", "assumptions", "layers"}) {
    EXPECT_TRUE(j.contains(key)) << key;
  }
  // Hand value: see tests/examples_test.cc (CnnLstmFcn).
  const double expected = (161280000.0 + 1311247616.0) * 3 * 10 * 12800 * 20 + 5140.0 * 3 * 128000;
  EXPECT_NEAR(j["training_flop"].get<double>() / expected, 1.0, 1e-12);
  for (const auto& a : j["assumptions"]) {
    EXPECT_TRUE(a.contains("name") && a.contains("value") && a.contains("source")) << a.dump();
  }
  ASSERT_EQ(j["layers"].size(), 4u);
  const auto& conv = j["layers"][0];
  EXPECT_EQ(conv["type"], "conv2d");
  EXPECT_EQ(conv["output_shape"], nlohmann::json::array({200, 200, 16}));
  EXPECT_EQ(conv["params"].get<double>(), 16 * 5 * 5 * 5 + 16);
}

TEST(Cli, OptionsOverrideTheSpec) {
  const Output base = RunCli("estimate " + Example("dqn.yaml") + " --json");
  const Output more = RunCli("estimate " + Example("dqn.yaml") +
                             " --json --batches 10000000 --batch-size 32 --epochs 3");
  ASSERT_EQ(more.code, 0) << more.err;
  const double a = nlohmann::json::parse(base.out)["training_flop"];
  const double b = nlohmann::json::parse(more.out)["training_flop"];
  EXPECT_NEAR(b / a, 6.0, 1e-12);  // twice the batches, three epochs
  const Output ratio = RunCli("estimate " + Example("dqn.yaml") + " --json --bp-ratio 1");
  EXPECT_NEAR(nlohmann::json::parse(ratio.out)["training_flop"].get<double>() / a, 2.0 / 3.0,
              1e-12);
}

TEST(Cli, TextReportShowsFormulaUnitsAndAssumptions) {
  const Output o = RunCli("estimate " + Example("nas.yaml"));
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_NE(o.out.find("1.92e21 FLOP"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("pfs-day"), std::string::npos);
  EXPECT_NE(o.out.find("backward/forward ratio: 2"), std::string::npos);
  EXPECT_NE(o.out.find("x (1 + 2) x 50 epochs"), std::string::npos) << o.out;
}

TEST(Cli, LayerCalculator) {
  const Output o =
      RunCli("layer conv2d h=400 w=400 c=5 filters=16 kernel=5 stride=2 padding=2 --json");
  ASSERT_EQ(o.code, 0) << o.err;
  const nlohmann::json j = nlohmann::json::parse(o.out);
  EXPECT_EQ(j["params"].get<double>(), 2016);             // 16·5·5·5 + 16
  EXPECT_EQ(j["forward_flop"].get<double>(), 161280000);  // 2·5·5·5·16·200·200 + 2·200·200·16
  EXPECT_EQ(j["forward_flop_approx"].get<double>(), 160000000);  // 2·K²·C·H·W·D/S²
  EXPECT_EQ(j["training_flop"].get<double>(), 3 * 161280000.0);
  EXPECT_EQ(j["output_shape"], nlohmann::json::array({200, 200, 16}));
  EXPECT_TRUE(j.contains("assumptions") && j.contains("inputs") && j.contains("method"));
  EXPECT_EQ(j["assumptions"][0]["value"], "2");  // the 2:1 ratio, printed as a number is
  // A given ratio: dense 4 -> 4 is 2·4·4 + 4 + 4 = 40 FLOP forward; x (1 + 1.5) = 100.
  const Output given = RunCli("layer dense n=4 units=4 --bp-ratio 1.5 --json");
  ASSERT_EQ(given.code, 0) << given.err;
  const nlohmann::json g = nlohmann::json::parse(given.out);
  EXPECT_EQ(g["training_flop"].get<double>(), 100);
  EXPECT_EQ(g["assumptions"][0]["value"], "1.5");
}

TEST(Cli, UnitsConversion) {
  const Output o = RunCli("units 22 pfs-days --to flop");
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_NE(o.out.find("1.9008e21 FLOP"), std::string::npos) << o.out;  // 22 x 8.64e19
}

// One version: CMake's project() declares it, and --version prints it.
TEST(Cli, VersionIsTheProjectVersion) {
  const std::string cmake = trainflops::testing::ReadFile(Example("../CMakeLists.txt"));
  const std::string key = "project(trainflops VERSION ";
  const size_t at = cmake.find(key);
  ASSERT_NE(at, std::string::npos);
  const size_t from = at + key.size();
  const std::string version = cmake.substr(from, cmake.find(' ', from) - from);
  const Output o = RunCli("--version");
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_EQ(o.out, "trainflops " + version + "\n");
}

struct BadCall {
  const char* name;
  const char* args;
  const char* expected;
};
// Test output names the case, not its bytes.
void PrintTo(const BadCall& c, std::ostream* os) { *os << c.name; }

class CliErrors : public ::testing::TestWithParam<BadCall> {};

TEST_P(CliErrors, ExitTwoWithOneLineMessage) {
  std::string args = GetParam().args;
  const std::string examples = std::string(TRAINFLOPS_SOURCE_DIR) + "/examples/";
  if (const size_t at = args.find("@"); at != std::string::npos) args.replace(at, 1, examples);
  const Output o = RunCli(args);
  EXPECT_EQ(o.code, 2);
  EXPECT_TRUE(o.out.empty()) << "nothing on stdout on failure: " << o.out;
  EXPECT_NE(o.err.find(GetParam().expected), std::string::npos) << o.err;
  EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
}

INSTANTIATE_TEST_SUITE_P(
    All, CliErrors,
    ::testing::Values(
        BadCall{"no_command", "", "usage"},
        BadCall{"unknown_command", "estimat x.yaml", "did you mean 'estimate'"},
        BadCall{"missing_file", "estimate /nonexistent/model.yaml",
                "cannot open '/nonexistent/model.yaml'"},
        BadCall{"unknown_option", "estimate @dqn.yaml --epoch 3", "did you mean '--epochs'"},
        BadCall{"negative_epochs", "estimate @dqn.yaml --epochs -3", "--epochs"},
        BadCall{"nan_examples", "estimate @dqn.yaml --examples nan", "--examples"},
        BadCall{"bad_bp_ratio", "estimate @dqn.yaml --bp-ratio fast", "--bp-ratio"},
        BadCall{"examples_and_batches",
                "estimate @dqn.yaml --examples 5 --batches 2 --batch-size 2", "either --examples"},
        BadCall{"unknown_layer", "layer lstn n=4 units=2", "did you mean 'lstm'"},
        BadCall{"layer_missing_dim", "layer conv2d h=10 w=10 filters=2 kernel=3",
                "missing field 'c'"},
        BadCall{"layer_zero", "layer dense n=0 units=3", "field 'n'"},
        BadCall{"layer_not_kv", "layer dense n=4 units", "not key=value"},
        BadCall{"units_bad", "units 3 parsecs", "parsecs"}),
    [](const ::testing::TestParamInfo<BadCall>& p) { return p.param.name; });

TEST(Cli, MalformedSpecNamesFileAndLine) {
  const std::string path = trainflops::testing::WriteTempFile(
      "broken_spec.yaml", "input: [3]\nlayers:\n  - {type: dense, units: 2\n");
  const Output o = RunCli("estimate " + path);
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find(path + ":"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("malformed"), std::string::npos) << o.err;
}

}  // namespace

namespace {

// --thresholds on a spec: NAS is 1.92e21 FLOP (50 x 50,000 x 10e9 x 2 x 3 x
// 12,800, Amodei & Hernandez 2018), below the EU AI Act's 1e25 by a factor 1.92e-4.
TEST(Cli, EstimateChecksThresholds) {
  const trainflops::testing::CliOutput o = trainflops::testing::RunCli(
      "estimate " + trainflops::testing::SourcePath("examples/nas.yaml") + " --thresholds --json");
  ASSERT_EQ(o.code, 0) << o.err;
  const nlohmann::json j = nlohmann::json::parse(o.out);
  bool found = false;
  for (const auto& t : j["thresholds"]) {
    if (t["id"] != "eu_ai_act_art51") continue;
    found = true;
    EXPECT_EQ(t["exceeds"], "no");
    EXPECT_NEAR(t["counted_flop"].get<double>(), 1.92e21, 1e9);
    EXPECT_NEAR(t["ratio"].get<double>(), 1.92e-4, 1e-12);
  }
  EXPECT_TRUE(found) << o.out;
}

}  // namespace
