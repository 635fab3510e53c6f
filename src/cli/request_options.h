// Option tables shared by several commands, and their mapping onto the
// request structs' fields (the option --batch-size is the field batch_size).
// Values are passed through as written: the library parses and checks them.
#ifndef TRAINFLOPS_SRC_CLI_REQUEST_OPTIONS_H_
#define TRAINFLOPS_SRC_CLI_REQUEST_OPTIONS_H_

#include <string>
#include <vector>

#include "args.h"
#include "commands.h"
#include "trainflops/estimate_request.h"
#include "trainflops/hardware_request.h"
#include "trainflops/tokens_request.h"

namespace trainflops::cli {

// --epochs --examples --batches --batch-size --tokens-per-sequence --bp-ratio
// --batch-regime --formula.
const std::vector<OptionSpec>& Method1OptionSpecs();
TrainingRequest TrainingRequestFrom(const ParsedArgs& args);

// --uncertainty, --samples N, --seed S, --quantile P (repeatable).
const std::vector<OptionSpec>& UncertaintyOptionSpecs();
UncertaintyRequest UncertaintyRequestFrom(const ParsedArgs& args);

// The options shared by `tokens` and `estimate config.json`.
std::vector<OptionSpec> LlmCommonOptions();
LlmRequest LlmRequestFrom(const ParsedArgs& args);

// The phase and run options of `hardware` and `compare`. Each --chip starts
// a phase; phase options before the first --chip apply to every phase.
const std::vector<OptionSpec>& HardwareRunOptions();
struct HardwareWords {
  HardwareRequest request;
  ParsedArgs command;  // positional words and the command's other options
};
// Parses words with `specs` (which must contain HardwareRunOptions()).
Result<HardwareWords> ParseHardwareWords(const std::vector<std::string>& words,
                                         const std::vector<OptionSpec>& specs,
                                         const FileOpener& open);
std::string HardwareRunHelp();

// --hardware-db FILE, opened with `open`.
Result<std::optional<InputFile>> HardwareDbFrom(const ParsedArgs& args, const FileOpener& open);

// One line for help texts: what a range-capable option accepts.
std::string RangeHelp();

// All values of a repeatable option.
std::vector<std::string> AllValues(const ParsedArgs& args, const std::string& name);

}  // namespace trainflops::cli

#endif  // TRAINFLOPS_SRC_CLI_REQUEST_OPTIONS_H_
