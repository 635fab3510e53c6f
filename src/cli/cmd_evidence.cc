// `trainflops evidence FILE`: lines of evidence about a model whose details
// are undisclosed, each with its interval, and their combination.
#include "commands.h"
#include "output_file.h"
#include "request_options.h"
#include "trainflops/evidence_request.h"

namespace trainflops::cli {
namespace {

const std::vector<OptionSpec>& EvidenceOptions() {
  static const std::vector<OptionSpec> specs = AroundOptionsOf(
      {{"--json", "", "print one JSON object"}}, EvidenceFields(), {"evidence"},
      {{"--output", "F",
        "write the report to F (replaced only when complete) instead of standard output"},
       {"--help", "", "show this help"}});
  return specs;
}

constexpr char kEvidenceUsage[] =
    "usage: trainflops evidence FILE [--json] [--samples N] [--seed S] "
    "[--output F]";

}  // namespace

Result<Call> ParseEvidence(const std::vector<std::string>& words, const FileOpener& open) {
  TF_ASSIGN_OR_RETURN(const ParsedArgs a, ParseArgs(words, EvidenceOptions()));
  Call call;
  if (a.Has("--help")) {
    call.help = std::string(kEvidenceUsage) +
                "\n\nReads lines of evidence about one model (money spent, power drawn, a cluster "
                "and a duration, a ratio to another model, a stage's share, a compute figure), "
                "estimates each with its formula, inputs and assumptions, and combines them: "
                "precision-weighted lognormals, lines whose 90% intervals do not overlap named, "
                "the interval widened by the scale factor when they scatter. FILE is YAML or "
                "JSON, '-' for standard input. See docs/evidence.md.\n\noptions:\n" +
                OptionsHelp(EvidenceOptions());
    return call;
  }
  if (a.positional.size() != 1) {
    return Status::InvalidArgument("give exactly one evidence FILE (" +
                                   std::string(kEvidenceUsage) + ")");
  }
  EvidenceFileRequest r;
  TF_RETURN_IF_ERROR(SetFromOptions(EvidenceFields(), a, open, r));
  TF_ASSIGN_OR_RETURN(r.file, open(a.positional.front(), InputKind::kEvidence));
  call.json = a.Has("--json");
  const std::optional<std::string> output = a.Get("--output");
  if (!output) {
    call.run = LibraryCall(std::move(r));
    return call;
  }
  // The report goes to the file, written whole or not at all.
  call.stream = [r = std::move(r), json = call.json, path = *output](std::ostream&) -> Status {
    TF_ASSIGN_OR_RETURN(const EvidenceReport report, Run(r));
    return WriteFileAtomically(path, json ? report.Json() : report.Text());
  };
  return call;
}

}  // namespace trainflops::cli
