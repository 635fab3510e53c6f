// The shared options come from the library's field tables: every described
// row is an option in the help of each command that takes its request, with
// the row's placeholder and help in the command line's words, and the option
// sets the row's field.
#include "request_options.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "commands.h"
#include "trainflops/request_fields.h"

namespace trainflops::cli {
namespace {

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

// The help lists each described row of `fields` but those in `except` as
// "  --option METAVAR   help".
template <typename R>
void ExpectRowsInHelp(const std::string& help, const RequestFields<R>& fields,
                      const std::vector<std::string>& except = {}) {
  for (const RequestField<R>& f : fields) {
    if (std::find(except.begin(), except.end(), f.name) != except.end()) continue;
    const std::string left =
        "  " + OptionName(f.name) + (f.doc.metavar.empty() ? "" : " " + f.doc.metavar) + " ";
    const size_t at = help.find(left);
    ASSERT_NE(at, std::string::npos) << left << " missing from:\n" << help;
    const std::string line = help.substr(at, help.find('\n', at) - at);
    EXPECT_TRUE(line.ends_with("  " + OptionWording(f.doc.help))) << line;
  }
}

TEST(RequestOptions, EveryDescribedRowIsInTheHelpOfItsCommands) {
  const std::string config = std::string(TRAINFLOPS_SOURCE_DIR) + "/tests/fixtures/hf/gpt2.json";
  for (const char* command : {"estimate", "compare"}) {
    ExpectRowsInHelp(HelpOf(command), TrainingFields());
  }
  for (const char* command : {"estimate", "hardware", "compare", "tokens"}) {
    ExpectRowsInHelp(HelpOf(command), UncertaintyFields());
  }
  ExpectRowsInHelp(HelpOf("tokens"), LlmFields());
  ExpectRowsInHelp(HelpOf("estimate", {config}), LlmFields());
  for (const char* command : {"hardware", "compare"}) {
    ExpectRowsInHelp(HelpOf(command), HardwareFields(), {"unit"});  // worded per command
  }
  ExpectRowsInHelp(HelpOf("evidence"), EvidenceFields(), {"evidence"});  // a positional FILE
  ExpectRowsInHelp(HelpOf("ledger"), LedgerFields(), {"run"});
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
  const FileOpener no_files = [](const std::string& name, InputKind) -> Result<InputFile> {
    return Status::InvalidArgument("no file " + name);
  };
  TrainingRequest training;
  ASSERT_TRUE(SetFromOptions(TrainingFields(), *args, no_files, training).ok());
  EXPECT_EQ(training.batch_size, "32");
  EXPECT_FALSE(training.epochs.has_value());  // not given: the library's default
  UncertaintyRequest uncertainty;
  ASSERT_TRUE(SetFromOptions(UncertaintyFields(), *args, no_files, uncertainty).ok());
  EXPECT_TRUE(uncertainty.uncertainty);
  EXPECT_EQ(uncertainty.quantiles, (std::vector<std::string>{"0.1", "0.9"}));
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
