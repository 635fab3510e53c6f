// Command-line tests of ranges, distributions and --uncertainty on the
// commands that make estimates (hardware, compare, tokens, estimate): the
// intervals against hand arithmetic, determinism, the JSON contract and the
// errors. Monte Carlo tolerances: with 100,000 samples a quantile's
// probability is within +-0.0035 (5 sd); the relative tolerances below are
// that, divided by the distribution's density, rounded up.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "cli_test_util.h"

namespace {

using nlohmann::json;
using trainflops::testing::CliOutput;
using trainflops::testing::RunCli;
using trainflops::testing::SourcePath;

json Uncertainty(const std::string& args) {
  const CliOutput o = RunCli(args + " --json");
  EXPECT_EQ(o.code, 0) << args << "\n" << o.err;
  if (o.code != 0) return json::object();
  const json j = json::parse(o.out);
  EXPECT_TRUE(j.contains("uncertainty")) << args;
  return j.value("uncertainty", json::object());
}

void ExpectNearRel(double actual, double expected, double rel) {
  EXPECT_NEAR(actual, expected, std::abs(expected) * rel);
}

// 8 chips x U(5, 6) days x 1e13 FLOP/s x 0.4 = 3.2e13 x U(432,000 s, 518,400 s):
// 5% 3.2e13 x 436,320 = 1.396224e19; median 3.2e13 x 475,200 = 1.52064e19;
// 95% 3.2e13 x 514,080 = 1.645056e19; 25% 3.2e13 x 453,600 = 1.45152e19.
TEST(UncertaintyCli, HardwareTimeRange) {
  const json u = Uncertainty(
      "hardware --count 8 --time '5..6 days' --peak-flops 1e13 --utilization 0.4 --quantile 0.25");
  ExpectNearRel(u["low"], 1.396224e19, 0.002);
  ExpectNearRel(u["median"], 1.52064e19, 0.002);
  ExpectNearRel(u["high"], 1.645056e19, 0.002);
  ASSERT_EQ(u["quantiles"].size(), 1u);
  ExpectNearRel(u["quantiles"][0]["value"], 1.45152e19, 0.002);
  EXPECT_EQ(u["point"], 1.52064e19);  // the median time, 5.5 days, exactly
  EXPECT_EQ(u["label"], "Confident");
  EXPECT_EQ(u["seed"], 20260101);
  EXPECT_EQ(u["samples"], 100000);
}

// 100..10000 chips spans 100x, so it is log-uniform: log10 chips ~ U(2, 4).
// x 1 day x 1e13 x 0.5 = 4.32e17 per chip: median 1000 chips = 4.32e20;
// 5% 10^2.1 = 125.89 chips; 95% 10^3.9 = 7943.3 chips. Label: the interval
// reaches 7.9x from the median: Likely (3x < spread <= 10x).
TEST(UncertaintyCli, WideCountRangeIsLogUniform) {
  const json u =
      Uncertainty("hardware --count 100..10000 --time 1d --peak-flops 1e13 --utilization 0.5");
  ExpectNearRel(u["median"], 4.32e20, 0.02);
  ExpectNearRel(u["low"], std::pow(10, 2.1) * 4.32e17, 0.02);
  ExpectNearRel(u["high"], std::pow(10, 3.9) * 4.32e17, 0.02);
  EXPECT_EQ(u["label"], "Likely");
}

TEST(UncertaintyCli, SameSeedSameOutputAndTheSeedIsPrinted) {
  const std::string args = "hardware --chip A100 --count 64 --time '10..20 days' --uncertainty";
  const CliOutput a = RunCli(args), b = RunCli(args);
  ASSERT_EQ(a.code, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
  EXPECT_NE(a.out.find("seed 20260101"), std::string::npos);
  const CliOutput c = RunCli(args + " --seed 7 --samples 5000");
  ASSERT_EQ(c.code, 0) << c.err;
  EXPECT_NE(c.out.find("5000 samples, seed 7"), std::string::npos);
  EXPECT_NE(c.out, a.out);
}

// --uncertainty on a known chip, precision and utilization left to the
// rules: both assumptions are listed with their sources.
TEST(UncertaintyCli, HardwareDefaultRangesAreListedWithSources) {
  const CliOutput o = RunCli("hardware --chip V100 --count 8 --time 5d --year 2018 --uncertainty");
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_NE(o.out.find("utilization (assumed): triangular(0.25, 0.4, 0.6)"), std::string::npos);
  EXPECT_NE(o.out.find("precision (chosen by the rule of Sevilla et al. 2022): loguniform("),
            std::string::npos);
  EXPECT_NE(o.out.find("Sevilla et al. 2022"), std::string::npos);
  EXPECT_NE(o.out.find("90% interval"), std::string::npos);
}

// 6 x 70e9 x U(1e12, 2e12) tokens: uniform on [4.2e23, 8.4e23]:
// 5% 4.41e23, median 6.3e23, 95% 8.19e23.
TEST(UncertaintyCli, TokensRange) {
  const json u = Uncertainty("tokens --params 70B --tokens 1e12..2e12");
  ExpectNearRel(u["low"], 4.41e23, 0.003);
  ExpectNearRel(u["median"], 6.3e23, 0.003);
  ExpectNearRel(u["high"], 8.19e23, 0.003);
}

// 6 x 70e9 x U(1e13, 4e13): the point (median 2.5e13 tokens) is 1.05e25, over
// the EU AI Act's 1e25, but the interval (5%: 6 x 70e9 x 1.15e13 = 4.83e24; 95%: 6 x 70e9 x 3.85e13
// = 1.617e25) straddles the EU AI Act's 1e25: "uncertain".
TEST(UncertaintyCli, ThresholdCheckUsesTheInterval) {
  const CliOutput o = RunCli("tokens --params 70B --tokens 1e13..4e13 --thresholds --json");
  ASSERT_EQ(o.code, 0) << o.err;
  const json j = json::parse(o.out);
  bool found = false;
  for (const json& t : j["thresholds"]) {
    if (t["id"] != "eu_ai_act_art51") continue;
    found = true;
    EXPECT_EQ(t["exceeds"], "uncertain");
  }
  EXPECT_TRUE(found);
}

// Which input to pin down: 6 x 70e9 x U(1e13, 4e13) x triangular(2, 3, 4) / 3.
// Var(ln U(1, 4)) from x ln x - x and x((ln x)^2 - 2 ln x + 2) on [1, 4]:
// E[ln] = (4 ln 4 - 3) / 3 = 0.848392, E[ln^2] = (4 ((ln 4)^2 - 2 ln 4 + 2) - 2) / 3
// = 0.865631, Var = 0.865631 - 0.719770 = 0.145861 (scale-free, so the same for
// the ratio to the median). Var(ln triangular(2, 3, 4)) = 0.019223 (ln x and
// (ln x)^2 against the density on [2, 4], Simpson's rule). Shares
// 0.145861 / 0.165084 = 0.8836 and 0.1164. The interval (5% of U(1, 4) alone is
// 1.15 / 2.5 = -54% of the point) is not within the EU guidelines' 30%, so the
// margin line names the tokens.
TEST(UncertaintyCli, WidthSharesNameTheDominantInput) {
  const std::string args = "tokens --params 70B --tokens 1e13..4e13 --uncertainty --thresholds";
  const json u = Uncertainty(args);
  ASSERT_EQ(u["width_shares"].size(), 2u);
  EXPECT_EQ(u["width_shares"][0]["name"], "tokens (pre-training)");
  EXPECT_NEAR(u["width_shares"][0]["share"].get<double>(), 0.8836, 0.001);
  EXPECT_NEAR(u["width_shares"][1]["share"].get<double>(), 0.1164, 0.001);
  const CliOutput o = RunCli(args);
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_NE(o.out.find("  width by input: tokens (pre-training) 88%, training factor"),
            std::string::npos)
      << o.out;
  EXPECT_NE(o.out.find("not within the 30% error margin"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("pin down tokens (pre-training) first (88% of the width"), std::string::npos)
      << o.out;
}

// A Hugging Face config: the FLOP is proportional to the tokens, so with
// U(1.8T, 2.2T) the 5% point is the point (at the median 2T) x 1.82 / 2 and
// the 95% point x 2.18 / 2.
TEST(UncertaintyCli, HfConfigTokenRange) {
  const json u = Uncertainty("estimate " + SourcePath("tests/fixtures/hf/llama-2-7b.json") +
                             " --tokens 1.8T..2.2T --seq-len 4096");
  const double point = u["point"];
  ExpectNearRel(u["low"], point * 0.91, 0.002);
  ExpectNearRel(u["high"], point * 1.09, 0.002);
}

// Method 1: the training FLOP is proportional to epochs, so a range of
// epochs U(74, 90) gives point x U(74, 90) / 82 (82 = its median): the 5%
// point is the 82-epoch estimate x 74.8 / 82.
TEST(UncertaintyCli, EstimateEpochRange) {
  const std::string spec = SourcePath("examples/vgg16.yaml");
  const CliOutput point = RunCli("estimate " + spec + " --epochs 82 --examples 1.28M --json");
  ASSERT_EQ(point.code, 0) << point.err;
  const double at_82 = json::parse(point.out)["training_flop"];
  const json u = Uncertainty("estimate " + spec + " --epochs 74..90 --examples 1.28M");
  EXPECT_DOUBLE_EQ(u["point"], at_82);
  ExpectNearRel(u["low"], at_82 * 74.8 / 82, 0.002);
  ExpectNearRel(u["high"], at_82 * 89.2 / 82, 0.002);
}

TEST(UncertaintyCli, EstimateWithAChosenRatioKeepsIt) {
  const CliOutput o = RunCli("estimate " + SourcePath("examples/vgg16.yaml") +
                             " --epochs 90 --examples 1.28M --bp-ratio 1 --uncertainty --json");
  ASSERT_EQ(o.code, 0) << o.err;
  const json u = json::parse(o.out)["uncertainty"];
  EXPECT_TRUE(u["quantities"].empty());
  EXPECT_NE(u["notes"].dump().find("keeps its value"), std::string::npos);
}

TEST(UncertaintyCli, OnnxEpochRange) {
  const json u = Uncertainty("estimate " + SourcePath("tests/fixtures/onnx/resnet18.onnx") +
                             " --epochs 'lognormal(90, 1.2)' --examples 1.28M");
  ASSERT_EQ(u["quantities"].size(), 1u);
  EXPECT_EQ(u["quantities"][0]["name"], "`epochs`");
}

// The loose end of the last review: 1e30 chips for 1e30 days is not refused
// (doubles hold it), but the report says it is beyond any run on record:
// 1e30 x 8.64e34 s x 1e13 x 0.4 = 3.456e77 FLOP, 6.9e50 x Grok 4's 5e26.
TEST(ScaleCheck, ImplausibleEstimatesSaySo) {
  const CliOutput o =
      RunCli("hardware --count 1e30 --time 1e30d --peak-flops 1e13 --utilization 0.4 --json");
  ASSERT_EQ(o.code, 0) << o.err;
  const json j = json::parse(o.out);
  EXPECT_DOUBLE_EQ(j["training_flop"], 1e30 * 1e30 * 86400 * 1e13 * 0.4);
  EXPECT_NE(j["notes"].dump().find("check the inputs"), std::string::npos);
  const CliOutput tokens = RunCli("tokens --params 1e15 --tokens 1e15 --json");  // 6e30 FLOP
  ASSERT_EQ(tokens.code, 0) << tokens.err;
  EXPECT_NE(json::parse(tokens.out)["notes"].dump().find("check the inputs"), std::string::npos);
  const CliOutput normal = RunCli("tokens --params 70B --tokens 1.4T --json");  // 5.9e23
  EXPECT_EQ(json::parse(normal.out)["notes"].dump().find("check the inputs"), std::string::npos);
}

struct BadInput {
  const char* name;
  const char* args;
  const char* message;
};
// Test output names the case, not its bytes.
void PrintTo(const BadInput& c, std::ostream* os) { *os << c.name; }

class UncertaintyErrors : public ::testing::TestWithParam<BadInput> {};

TEST_P(UncertaintyErrors, ExitTwoWithOneLineMessage) {
  const CliOutput o = RunCli(GetParam().args);
  EXPECT_EQ(o.code, 2) << o.out;
  EXPECT_NE(o.err.find(GetParam().message), std::string::npos) << o.err;
  EXPECT_EQ(o.err.find('\n'), o.err.size() - 1) << o.err;
  EXPECT_TRUE(o.out.empty());
}

INSTANTIATE_TEST_SUITE_P(
    All, UncertaintyErrors,
    ::testing::Values(
        BadInput{"utilization_tail",
                 "hardware --count 8 --time 5d --peak-flops 1e13 "
                 "--utilization 'normal(0.4, 0.2)'",
                 "--utilization: 'normal(0.4, 0.2)' is not an uncertain value: it can exceed 1"},
        BadInput{"utilization_past_one",
                 "hardware --count 8 --time 5d --peak-flops 1e13 --utilization 0.5..1.5",
                 "utilization '1.5' is outside (0, 1]"},
        BadInput{"reversed_time", "hardware --count 8 --time '6..5 days' --peak-flops 1e13",
                 "--time"},
        BadInput{"samples_zero", "hardware --count 8 --time 5d --peak-flops 1e13 --samples 0",
                 "--samples: '0' is not accepted"},
        BadInput{"negative_seed", "hardware --count 8 --time 5d --peak-flops 1e13 --seed -3",
                 "--seed: '-3' is not accepted"},
        BadInput{"quantile_one", "tokens --params 7B --tokens 1T --quantile 1",
                 "--quantile: '1' is not accepted"},
        BadInput{"params_range_kaplan",
                 "tokens --params 70B..80B --tokens 1T --convention kaplan --layers 80 "
                 "--seq-len 2048 --d-model 8192",
                 "a range needs --convention 6nd"},
        BadInput{"params_range_with_active",
                 "tokens --params 70B..80B --active-params 10B "
                 "--tokens 1T",
                 "put the range on --active-params"},
        BadInput{"compare_method1_range",
                 "compare examples/vgg16.yaml --epochs 74..90 --examples 1.28M --chip V100 "
                 "--count 8 --time 5d",
                 "compare takes Method 1's inputs as single numbers"},
        BadInput{"unknown_distribution", "tokens --params 7B --tokens 'lognorml(1T, 2)'",
                 "did you mean 'lognormal'"}),
    [](const ::testing::TestParamInfo<BadInput>& param_info) {
      return std::string(param_info.param.name);
    });

}  // namespace
