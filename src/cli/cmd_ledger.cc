// `trainflops ledger RUN.yaml`: a run record turned into a compute statement
// under each regime's counting rules (docs/ledger.md).
#include <filesystem>

#include "commands.h"
#include "file_command.h"
#include "request_options.h"
#include "trainflops/ledger_request.h"
#include "trainflops/request_fields.h"

namespace trainflops::cli {
namespace {

const FileCommand& LedgerCommand() {
  static const FileCommand command{
      "ledger",
      "RUN.yaml",
      "run record",
      "[--format markdown|json|html] [--cite]",
      {{"--format", "F", "markdown (default), json or html (printable, self-contained)"},
       {"--json", "", "the same as --format json"},
       {"--cite", "", "add \"Cite this estimate\" (the EU cumulative total) with BibTeX"}},
      OptionSpecsOf(LedgerFields(), {"run"}),  // the RUN.yaml word
      "statement",
      "Reads a run record (the model, the original it modifies, the phases of its training "
      "lifecycle, each with the one method its evidence allows) and states the training compute "
      "under each regime's own counting rules: EU AI Act Art. 51(2) cumulative compute, the EU "
      "parameter-update indicator, the EU one-third modification test, California SB 53, New "
      "York RAISE. Per regime: the total to two significant figures, its interval, P(over), the "
      "EU's 30% margin (EU regimes), the phases counted and left out with their rules; the "
      "documentation form's "
      "fields.",
      "docs/ledger.md"};
  return command;
}

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
  TF_ASSIGN_OR_RETURN(const FileWords w, ParseFileWords(words, LedgerCommand()));
  Call call;
  call.help = w.help;
  if (w.help) return call;
  TF_ASSIGN_OR_RETURN(const std::string format, FormatOf(w.args));
  LedgerFileRequest r;
  TF_RETURN_IF_ERROR(SetFromOptions(LedgerFields(), w.args, open, r));
  TF_ASSIGN_OR_RETURN(r.file, open(w.path, InputKind::kEvidence));
  // Model files named by the phases are read beside the record (standard
  // input: beside the working directory).
  r.directory =
      w.path == "-" ? std::string(".") : std::filesystem::path(w.path).parent_path().string();
  call.json = format == "json";
  call.cite = w.args.Has("--cite");
  Call render;  // the formats RenderCall writes, with --cite
  render.json = call.json;
  render.cite = call.cite;
  // HTML is the statement's own form (LedgerReport::Html), not Report's.
  SetFileCall(call, std::move(r), w.output, format == "html",
              [format, render](const LedgerReport& report) {
                return format == "html" ? report.Html() : RenderCall(render, report);
              });
  return call;
}

}  // namespace trainflops::cli
