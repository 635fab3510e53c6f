// `trainflops ledger RUN.yaml`: a run record turned into a compute statement
// under each regime's counting rules (docs/ledger.md).
#include <filesystem>
#include <ostream>

#include "commands.h"
#include "output_file.h"
#include "request_options.h"
#include "trainflops/ledger_request.h"

namespace trainflops::cli {
namespace {

const std::vector<OptionSpec>& LedgerOptions() {
  static const std::vector<OptionSpec> specs = AroundOptionsOf(
      {{"--format", "F", "markdown (default), json or html (printable, self-contained)"},
       {"--json", "", "the same as --format json"},
       {"--cite", "", "add \"Cite this estimate\" (the EU cumulative total) with BibTeX"}},
      LedgerFields(), {"run"},
      {{"--output", "F",
        "write the statement to F (replaced only when complete) instead of standard output"},
       {"--help", "", "show this help"}});
  return specs;
}

constexpr char kLedgerUsage[] =
    "usage: trainflops ledger RUN.yaml [--format markdown|json|html] [--cite] [--samples N] "
    "[--seed S] [--output F]";

Result<std::string> FormatOf(const ParsedArgs& a) {
  const std::string format = a.Get("--format").value_or(a.Has("--json") ? "json" : "markdown");
  if (format != "markdown" && format != "json" && format != "html") {
    return Status::InvalidArgument("--format: '" + format +
                                   "' is not accepted (accepted: markdown, json, html)");
  }
  return format;
}

}  // namespace

Result<Call> ParseLedger(const std::vector<std::string>& words, const FileOpener& open) {
  TF_ASSIGN_OR_RETURN(const ParsedArgs a, ParseArgs(words, LedgerOptions()));
  Call call;
  if (a.Has("--help")) {
    call.help = std::string(kLedgerUsage) +
                "\n\nReads a run record (the model, the original it modifies, the phases of its "
                "training lifecycle, each with the one method its evidence allows) and states "
                "the training compute under each regime's own counting rules: EU AI Act Art. "
                "51(2) cumulative compute, the EU parameter-update indicator, the EU one-third "
                "modification test, California SB 53, New York RAISE. Per regime: the total to "
                "two significant figures, its interval, P(over), the 30% margin, the phases "
                "counted and left out with their rules; the documentation form's fields. "
                "RUN.yaml is YAML or JSON, '-' for standard input. See docs/ledger.md.\n\n"
                "options:\n" +
                OptionsHelp(LedgerOptions());
    return call;
  }
  if (a.positional.size() != 1) {
    return Status::InvalidArgument("give exactly one run record (" + std::string(kLedgerUsage) +
                                   ")");
  }
  TF_ASSIGN_OR_RETURN(const std::string format, FormatOf(a));
  LedgerFileRequest r;
  TF_RETURN_IF_ERROR(SetFromOptions(LedgerFields(), a, open, r));
  TF_ASSIGN_OR_RETURN(r.file, open(a.positional.front(), InputKind::kEvidence));
  // Model files named by the phases are read beside the record (standard
  // input: beside the working directory).
  r.directory = a.positional.front() == "-"
                    ? std::string(".")
                    : std::filesystem::path(a.positional.front()).parent_path().string();
  call.json = format == "json";
  call.cite = a.Has("--cite");
  const std::optional<std::string> output = a.Get("--output");
  if (!output && format != "html") {
    call.run = LibraryCall(std::move(r));
    return call;
  }
  Call render;  // the formats RenderCall writes, with --cite
  render.json = call.json;
  render.cite = call.cite;
  call.stream = [r = std::move(r), format, output, render](std::ostream& out) -> Status {
    TF_ASSIGN_OR_RETURN(const LedgerReport report, Run(r));
    const std::string text = format == "html" ? report.Html() : RenderCall(render, report);
    if (output) return WriteFileAtomically(*output, text);
    out << text;
    return Status::Ok();
  };
  return call;
}

}  // namespace trainflops::cli
