// Option tables shared by several commands, made from the library's field
// tables (request_fields.h): each option is a field as OptionName spells it
// (the field batch_size is the option --batch-size), with the row's value
// placeholder and help, and sets that field. Values are passed through as
// written: the library parses and checks them.
#ifndef TRAINFLOPS_SRC_CLI_REQUEST_OPTIONS_H_
#define TRAINFLOPS_SRC_CLI_REQUEST_OPTIONS_H_

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "args.h"
#include "cite_output.h"
#include "commands.h"
#include "trainflops/estimate_request.h"
#include "trainflops/hardware_request.h"
#include "trainflops/request_fields.h"
#include "trainflops/tokens_request.h"

namespace trainflops::cli {

// The options of the rows of `fields`, but those named in `except`, in the
// table's order; a list field's option is repeatable.
template <typename R>
std::vector<OptionSpec> OptionSpecsOf(const RequestFields<R>& fields,
                                      const std::vector<std::string>& except = {}) {
  std::vector<OptionSpec> specs;
  for (const RequestField<R>& f : fields) {
    if (std::find(except.begin(), except.end(), f.name) != except.end()) continue;
    specs.push_back(
        {OptionName(f.name), f.doc.metavar, OptionWording(f.doc.help), f.kind == FieldKind::kList});
  }
  return specs;
}

// `before`, the options of `fields` but those in `except`, then `after`: a
// command's own options around those of its request.
template <typename R>
std::vector<OptionSpec> AroundOptionsOf(std::vector<OptionSpec> before,
                                        const RequestFields<R>& fields,
                                        const std::vector<std::string>& except,
                                        const std::vector<OptionSpec>& after) {
  const std::vector<OptionSpec> own = OptionSpecsOf(fields, except);
  before.insert(before.end(), own.begin(), own.end());
  before.insert(before.end(), after.begin(), after.end());
  return before;
}

// `specs` with `own` inserted after the option named `after` (at the end
// when there is none): a command's own options placed among its request's
// where its help lists them.
std::vector<OptionSpec> InsertAfter(std::vector<OptionSpec> specs, const std::string& after,
                                    const std::vector<OptionSpec>& own);

// The value `args` holds for the option of a field of `kind`: its text, all
// its values, true, or the file it names opened with `open`.
Result<FieldValue> OptionValue(const ParsedArgs& args, const std::string& option, FieldKind kind,
                               FileRole role, const FileOpener& open);

// Sets each field of `fields` but those in `except` (which the command sets
// its own way) whose option `args` holds; the others keep their defaults.
template <typename R>
Status SetFromOptions(const RequestFields<R>& fields, const ParsedArgs& args,
                      const FileOpener& open, R& request,
                      const std::vector<std::string>& except = {}) {
  for (const RequestField<R>& f : fields) {
    if (std::find(except.begin(), except.end(), f.name) != except.end()) continue;
    const std::string option = OptionName(f.name);
    if (!args.Has(option)) continue;
    TF_ASSIGN_OR_RETURN(FieldValue value, OptionValue(args, option, f.kind, f.role, open));
    TF_RETURN_IF_ERROR(f.set(request, std::move(value)));
  }
  return Status::Ok();
}

// --epochs --examples --batches --batch-size --tokens-per-sequence --bp-ratio
// --batch-regime --formula: TrainingFields.
const std::vector<OptionSpec>& Method1OptionSpecs();

// --uncertainty, --samples N, --seed S, --quantile P (repeatable):
// UncertaintyFields.
const std::vector<OptionSpec>& UncertaintyOptionSpecs();

// The options of a language-model request (`tokens`, `estimate
// config.json`): the rows of `fields` but `except` and the uncertainty rows,
// --json, the uncertainty options, --cite and --help.
template <typename R>
std::vector<OptionSpec> LlmOptionsOf(const RequestFields<R>& fields,
                                     std::vector<std::string> except) {
  for (const std::string& name : FieldNames(UncertaintyFields())) except.push_back(name);
  std::vector<OptionSpec> specs =
      AroundOptionsOf({}, fields, except, {{"--json", "", "print one JSON object"}});
  specs.insert(specs.end(), UncertaintyOptionSpecs().begin(), UncertaintyOptionSpecs().end());
  specs.push_back(CiteOption());
  specs.push_back({"--help", "", "show this help"});
  return specs;
}

// The phase and run options of `hardware` and `compare` (PhaseRequestFields,
// then HardwareFields but --unit). Each --chip starts a phase; phase options
// before the first --chip apply to every phase.
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

// One line for help texts: what a range-capable option accepts.
std::string RangeHelp();

// All values of a repeatable option.
std::vector<std::string> AllValues(const ParsedArgs& args, const std::string& name);

}  // namespace trainflops::cli

#endif  // TRAINFLOPS_SRC_CLI_REQUEST_OPTIONS_H_
