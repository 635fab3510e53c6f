// Hostile input to the text a user reads: names wider than a table cell,
// control characters in names from every kind of input file, numbers too
// small to print (subnormal) and trend figures past the range of a double.
// Each case failed before: a report padded every row to a 20,000-byte name,
// names reached the terminal raw, and 1e-320 printed as 0.
#include <gtest/gtest.h>

#include <string>

#include "../src/llm/testing/checkpoint_writer.h"
#include "../src/onnx/testing/onnx_writer.h"
#include "cli_test_util.h"

namespace {

using namespace trainflops::testing;  // RunCli, CliOutput, WriteTempFile
namespace w = trainflops::onnx::testing;

// One line on stderr, no control character in it (the escape sequences and
// newlines of the input are written as \x1b and \n).
void ExpectOneCleanLine(const std::string& err) {
  ASSERT_FALSE(err.empty());
  EXPECT_EQ(err.find('\n'), err.size() - 1) << err;
  EXPECT_EQ(err.find('\x1b'), std::string::npos) << err;
}

// 19 layers named by 20,000 bytes each (a 380 KB spec): each row of the text
// table was padded to 20,000 columns, so the report grew with the square of
// the names. Now each name is cut to 120 columns; the JSON keeps every byte.
TEST(HostileText, LongLayerNamesAreCutInTheTextReportAndKeptInTheJson) {
  const std::string name(20000, 'n');
  std::string spec = "input: [4]\nlayers:\n";
  for (int i = 0; i < 19; ++i) {
    spec += "  - {type: dense, name: " + name + std::to_string(i) + ", units: 4}\n";
  }
  spec += "training: {examples: 10}\n";
  const std::string file = WriteTempFile("long_names.yaml", spec);
  const CliOutput text = RunCli("estimate " + file);
  ASSERT_EQ(text.code, 0) << text.err;
  // 20 lines of at most 7 cells of 120 columns: well under 20 KB.
  EXPECT_LT(text.out.size(), 20000u);
  const std::string cut = std::string(120 - 17, 'n') + "... (20001 bytes)";
  EXPECT_NE(text.out.find("  " + cut + "  dense"), std::string::npos) << text.out;
  const CliOutput json = RunCli("estimate " + file + " --json");
  ASSERT_EQ(json.code, 0) << json.err;
  EXPECT_NE(json.out.find(name + "18"), std::string::npos);
}

// A layer name with a newline and an escape sequence: on stdout, in the table.
TEST(HostileText, ControlCharactersInASpecLayerNameAreEscapedInTheReport) {
  const std::string file =
      WriteTempFile("ctl_name.yaml",
                    "input: [4]\nlayers:\n  - {type: dense, name: \"a\\nb\\e[31mred\", units: 4}\n"
                    "training: {examples: 10}\n");
  const CliOutput o = RunCli("estimate " + file);
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_NE(o.out.find("  a\\nb\\x1b[31mred  dense"), std::string::npos) << o.out;
  EXPECT_EQ(o.out.find('\x1b'), std::string::npos);
}

TEST(HostileText, ControlCharactersInASpecLayerTypeAreEscapedInTheError) {
  const std::string file = WriteTempFile(
      "ctl_type.yaml",
      "input: [4]\nlayers:\n  - {type: \"dense\\n\\e[2J\", units: 4}\ntraining: {examples: 10}\n");
  const CliOutput o = RunCli("estimate " + file);
  EXPECT_EQ(o.code, 2);
  ExpectOneCleanLine(o.err);
  EXPECT_NE(o.err.find("unknown layer type 'dense\\n\\x1b[2J'"), std::string::npos) << o.err;
}

TEST(HostileText, ControlCharactersInAGgufTensorNameAreEscapedInTheError) {
  namespace c = trainflops::llm::testing;
  const std::string file = WriteTempFile(
      "ctl.gguf", c::Gguf(1, 0, c::GgufTensor("blk.0\n\x1b[31m", {1, 1, 1, 1, 1}, 0)));
  const CliOutput o = RunCli("tokens --tokens 1T --params " + file);
  EXPECT_EQ(o.code, 2);
  ExpectOneCleanLine(o.err);
  EXPECT_NE(o.err.find("tensor 'blk.0\\n\\x1b[31m' has 5 dimensions"), std::string::npos) << o.err;
}

TEST(HostileText, ControlCharactersInAnOnnxExternalDataFieldAreEscapedInTheError) {
  w::Graph g;
  g.inputs.push_back(w::ValueInfo("x", w::S({4})));
  g.initializers.push_back(w::ExternalTensor("w", {4, 4}, "12\n\x1b[2J"));
  g.nodes.push_back(w::Node("MatMul", {"x", "w"}, {"y"}));
  const CliOutput o =
      RunCli("estimate " + WriteTempFile("ctl.onnx", w::Model(g)) + " --examples 1");
  EXPECT_EQ(o.code, 2);
  ExpectOneCleanLine(o.err);
  EXPECT_NE(o.err.find("external_data length '12\\n\\x1b[2J' is not a byte count"),
            std::string::npos)
      << o.err;
}

// The config's model_type is echoed on stdout, in the report's first line.
TEST(HostileText, ControlCharactersInAHuggingFaceModelTypeAreEscapedInTheReport) {
  const std::string file = WriteTempFile(
      "config.json",
      R"({"model_type": "llama\u001b[31m\nX", "hidden_size": 64, "intermediate_size": 128,
          "num_hidden_layers": 2, "num_attention_heads": 4, "vocab_size": 100})");
  const CliOutput o = RunCli("estimate " + file + " --tokens 1T");
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_NE(o.out.find("(model_type llama\\x1b[31m\\nX, "), std::string::npos) << o.out;
  EXPECT_EQ(o.out.find('\x1b'), std::string::npos);
}

// Subnormal inputs printed "0 pfs-days", "x limit 0" or "Cost: $0.00".
TEST(HostileText, SubnormalInputsAreRefusedNamingTheField) {
  struct Case {
    std::string args, message;
  };
  const Case cases[] = {
      {"units 1e-320", "'1e-320' is not an amount of compute: outside the range of a double"},
      {"units 1e-300", "'1e-300' is not an amount of compute: too small"},
      {"tokens --params 1e-320 --tokens 1T --thresholds",
       "--params: '1e-320' is not a number: outside the range"},
      {"tokens --params 1e-300 --tokens 1T --thresholds",
       "the ratio of the counted compute to the threshold eu_ai_act_art51 underflows"},
      {"hardware --chip V100 --count 8 --time 10d --price-per-chip-hour 1e-320",
       "--price-per-chip-hour: '1e-320' is not a number: outside the range"},
  };
  for (const Case& c : cases) {
    const CliOutput o = RunCli(c.args);
    EXPECT_EQ(o.code, 2) << c.args << "\n" << o.out;
    EXPECT_NE(o.err.find(c.message), std::string::npos) << c.args << "\n" << o.err;
  }
}

// A cost below half a cent is written in significant digits, not "$0.00":
// 1920 chip-hours x $1e-300 = $1.92e-297.
TEST(HostileText, ATinyCostIsNotPrintedAsZero) {
  const CliOutput o =
      RunCli("hardware --chip V100 --count 8 --time 10d --price-per-chip-hour 1e-300");
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_NE(o.out.find("Cost: $1.92e-297 (chip-hours"), std::string::npos) << o.out;
  EXPECT_EQ(o.out.find("$0.00"), std::string::npos) << o.out;
}

// 1e300 pfs-days is 8.64e319 FLOP: the fit printed "nan x year + nan".
TEST(HostileText, TrendComputePastTheLargestDoubleIsRefused) {
  const std::string csv = WriteTempFile("huge_trend.csv",
                                        "Model,Publication date,Training compute (FLOP)\n"
                                        "a,2015-01-01,1\nb,2016-01-01,1e300\nc,2017-01-01,3\n");
  const CliOutput o = RunCli("trend --data " + csv + " --compute-unit pfs-day");
  EXPECT_EQ(o.code, 2) << o.out;
  EXPECT_NE(o.err.find(":3: column 'Training compute (FLOP)': '1e300' pfs-days is past 1.8e308"),
            std::string::npos)
      << o.err;
  EXPECT_EQ(o.out.find("nan"), std::string::npos);
}

// A day apart, 1e-300 to 1e300 FLOP: the growth per year, 10^(about 1e5), is
// past 1.8e308 (the report printed "infx per year").
TEST(HostileText, TrendGrowthPastTheLargestDoubleIsRefused) {
  const std::string csv = WriteTempFile("steep_trend.csv",
                                        "Model,Publication date,Training compute (FLOP)\n"
                                        "a,2020-01-01,1e-280\nb,2020-01-02,1e300\n"
                                        "c,2020-01-03,1e300\n");
  const CliOutput o = RunCli("trend --data " + csv);
  EXPECT_EQ(o.code, 2) << o.out;
  EXPECT_NE(o.err.find("the overall fit's growth per year overflows"), std::string::npos) << o.err;
}

}  // namespace
