// The shared options come from the library's field tables: every described
// row is an option in the help of each command that takes its request, with
// the row's placeholder and help in the command line's words, and the option
// sets the row's field.
#include "request_options.h"

#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <vector>

#include "commands.h"
#include "trainflops/request_fields.h"

namespace trainflops::cli {
namespace {

// An opener for options that name no file.
FileOpener NoFiles() {
  return [](const std::string& name, InputKind) -> Result<InputFile> {
    return Status::InvalidArgument("no file " + name);
  };
}

// `trainflops COMMAND WORDS... --help`.
std::string HelpOf(const std::string& command, std::vector<std::string> words = {}) {
  words.push_back("--help");
  for (const Command& c : Commands()) {
    if (command != c.name) continue;
    const Result<Call> call = c.parse(words, OpenFromDisk);
    EXPECT_TRUE(call.ok()) << call.status().message();
    return call.ok() && call->help ? *call->help : "";
  }
  ADD_FAILURE() << "no command " << command;
  return "";
}

// The help lists each row of `fields` but those in `except` as
// "  --option METAVAR   help", with a help of its own: a row added to a table
// is an option of every command that takes the request, with no change to
// the command's file, and this fails until the row is described.
template <typename R>
void ExpectRowsInHelp(const std::string& help, const RequestFields<R>& fields,
                      const std::vector<std::string>& except = {}) {
  for (const RequestField<R>& f : fields) {
    if (std::find(except.begin(), except.end(), f.name) != except.end()) continue;
    EXPECT_FALSE(f.doc.help.empty()) << f.name << " has no help";
    const std::string left =
        "  " + OptionName(f.name) + (f.doc.metavar.empty() ? "" : " " + f.doc.metavar) + " ";
    const size_t at = help.find(left);
    ASSERT_NE(at, std::string::npos) << left << " missing from:\n" << help;
    const std::string line = help.substr(at, help.find('\n', at) - at);
    EXPECT_TRUE(line.ends_with("  " + OptionWording(f.doc.help))) << line;
  }
}

std::vector<std::string> Joined(std::initializer_list<std::vector<std::string>> lists) {
  std::vector<std::string> all;
  for (const auto& names : lists) all.insert(all.end(), names.begin(), names.end());
  return all;
}

// Every row of each command's request is one of its options, but for the
// fields listed here.
TEST(RequestOptions, EveryRowIsAnOptionOfItsCommand) {
  const std::string dir = std::string(TRAINFLOPS_SOURCE_DIR) + "/tests/fixtures/";
  // The model file is the FILE word; show_layers is set by --no-layers, its
  // negation, worded per kind of model file.
  const std::vector<std::string> estimate = {"model", "show_layers"};
  const std::vector<std::string> config_only = {"checkpoint", "tokens",    "stages",    "seq_len",
                                                "convention", "attention", "recompute", "range"};
  const std::vector<std::string> onnx_only = {"dims", "examples_per_run", "strict"};
  ExpectRowsInHelp(HelpOf("estimate"), EstimateFields(),
                   Joined({estimate, config_only, onnx_only}));
  ExpectRowsInHelp(HelpOf("estimate", {dir + "onnx/alexnet.onnx"}), EstimateFields(),
                   Joined({estimate, config_only}));
  // A config.json has no Method 1 training, and its report no --unit.
  ExpectRowsInHelp(HelpOf("estimate", {dir + "hf/gpt2.json"}), EstimateFields(),
                   Joined({estimate, onnx_only, {"unit"}, FieldNames(TrainingFields())}));
  for (const std::string& help :
       {HelpOf("estimate"), HelpOf("estimate", {dir + "onnx/alexnet.onnx"})}) {
    EXPECT_NE(help.find("  --no-layers "), std::string::npos) << help;
  }
  // Each of hardware and compare words its own --unit.
  ExpectRowsInHelp(HelpOf("hardware"), HardwareFields(), {"unit"});
  ExpectRowsInHelp(HelpOf("compare"), CompareFields(), {"model", "unit"});
  // A checkpoint and its config are given as --params FILE.
  ExpectRowsInHelp(HelpOf("tokens"), TokensFields(), {"params_checkpoint", "checkpoint_config"});
  ExpectRowsInHelp(HelpOf("trend"), TrendFields());
  // The positional words: the data file, the filter or shown chip, the
  // figure, the amount, the evidence file, the run record, the layer's type
  // and its key=value dimensions.
  ExpectRowsInHelp(HelpOf("batch"), BatchFields(), {"data"});
  ExpectRowsInHelp(HelpOf("chips"), ChipsFields(), {"filter", "show"});
  ExpectRowsInHelp(HelpOf("thresholds"), ThresholdsFields(), {"flop"});
  ExpectRowsInHelp(HelpOf("units"), UnitsFields(), {"amount"});
  ExpectRowsInHelp(HelpOf("evidence"), EvidenceFields(), {"evidence"});
  ExpectRowsInHelp(HelpOf("ledger"), LedgerFields(), {"run"});
  ExpectRowsInHelp(HelpOf("layer"), LayerFields(), {"type", "dims"});
}

TEST(RequestOptions, HelpNamesOtherFieldsAsOptions) {
  // The row says "with `batch_size`"; the command line's word is --batch-size.
  const std::string help = HelpOf("estimate");
  EXPECT_NE(
      help.find("  --batches N                 batches per epoch (with --batch-size) [range]\n"),
      std::string::npos)
      << help;
  EXPECT_NE(HelpOf("hardware").find("'unknown' imputes from --year\n"), std::string::npos);
}

TEST(RequestOptions, EachOptionSetsItsField) {
  std::vector<OptionSpec> specs = Method1OptionSpecs();
  specs.insert(specs.end(), UncertaintyOptionSpecs().begin(), UncertaintyOptionSpecs().end());
  const Result<ParsedArgs> args = ParseArgs(
      {"--batch-size", "32", "--quantile", "0.1", "--uncertainty", "--quantile=0.9"}, specs);
  ASSERT_TRUE(args.ok()) << args.status().message();
  TrainingRequest training;
  ASSERT_TRUE(SetFromOptions(TrainingFields(), *args, NoFiles(), training).ok());
  EXPECT_EQ(training.batch_size, "32");
  EXPECT_FALSE(training.epochs.has_value());  // not given: the library's default
  UncertaintyRequest uncertainty;
  ASSERT_TRUE(SetFromOptions(UncertaintyFields(), *args, NoFiles(), uncertainty).ok());
  EXPECT_TRUE(uncertainty.uncertainty);
  EXPECT_EQ(uncertainty.quantiles, (std::vector<std::string>{"0.1", "0.9"}));
}

TEST(RequestOptions, OwnOptionsGoAfterTheNamedOne) {
  const std::vector<OptionSpec> specs = {{"--a", "", ""}, {"--b", "", ""}};
  const auto names = [](const std::vector<OptionSpec>& all) {
    std::vector<std::string> out;
    for (const OptionSpec& s : all) out.push_back(s.name);
    return out;
  };
  EXPECT_EQ(names(InsertAfter(specs, "--a", {{"--own", "", ""}})),
            (std::vector<std::string>{"--a", "--own", "--b"}));
  // No such option: at the end, so that the option is never lost.
  EXPECT_EQ(names(InsertAfter(specs, "--z", {{"--own", "", ""}})),
            (std::vector<std::string>{"--a", "--b", "--own"}));
}

TEST(RequestOptions, ARowLeftOutIsNotSet) {
  const Result<ParsedArgs> args = ParseArgs({"--range", "1e24..2e24"}, {{"--range", "R", ""}});
  ASSERT_TRUE(args.ok()) << args.status().message();
  ThresholdsRequest set;
  ASSERT_TRUE(SetFromOptions(ThresholdsFields(), *args, NoFiles(), set).ok());
  EXPECT_EQ(set.range, "1e24..2e24");
  ThresholdsRequest left;
  ASSERT_TRUE(SetFromOptions(ThresholdsFields(), *args, NoFiles(), left, {"range"}).ok());
  EXPECT_FALSE(left.range.has_value());
}

TEST(RequestOptions, AFileOptionIsOpenedAsItsRoleSays) {
  InputKind asked = InputKind::kSpec;
  const FileOpener opener = [&asked](const std::string& name, InputKind kind) -> Result<InputFile> {
    asked = kind;
    return InputFile::Owned(name, "name,peak\n");
  };
  const Result<HardwareWords> run =
      ParseHardwareWords({"--chip", "V100", "--hardware-db", "chips.csv", "--year", "2020"},
                         HardwareRunOptions(), opener);
  ASSERT_TRUE(run.ok()) << run.status().message();
  EXPECT_EQ(asked, InputKind::kHardwareTable);
  ASSERT_TRUE(run->request.hardware_db.has_value());
  EXPECT_EQ(run->request.hardware_db->name(), "chips.csv");
  EXPECT_EQ(run->request.year, "2020");
  ASSERT_EQ(run->request.phases.size(), 1u);
  EXPECT_EQ(run->request.phases[0].chip, "V100");
}

}  // namespace
}  // namespace trainflops::cli
