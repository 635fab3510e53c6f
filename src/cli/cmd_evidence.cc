// `trainflops evidence FILE`: lines of evidence about a model whose details
// are undisclosed, each with its interval, and their combination.
#include "commands.h"
#include "file_command.h"
#include "request_options.h"
#include "trainflops/evidence_request.h"
#include "trainflops/request_fields.h"

namespace trainflops::cli {
namespace {

const FileCommand& EvidenceCommand() {
  static const FileCommand command{
      "evidence",
      "FILE",
      "evidence FILE",
      "[--json]",
      {{"--json", "", "print one JSON object"}},
      OptionSpecsOf(EvidenceFields(), {"evidence"}),  // the FILE word
      "report",
      "Reads lines of evidence about one model (money spent, power drawn, a cluster and a "
      "duration, a ratio to another model, a stage's share, a compute figure), estimates each "
      "with its formula, inputs and assumptions, and combines them: precision-weighted "
      "lognormals, lines whose 90% intervals do not overlap named, the interval widened by the "
      "scale factor when they scatter.",
      "docs/evidence.md"};
  return command;
}

}  // namespace

Result<Call> ParseEvidence(const std::vector<std::string>& words, const FileOpener& open) {
  TF_ASSIGN_OR_RETURN(const FileWords w, ParseFileWords(words, EvidenceCommand()));
  Call call;
  call.help = w.help;
  if (w.help) return call;
  EvidenceFileRequest r;
  TF_RETURN_IF_ERROR(SetFromOptions(EvidenceFields(), w.args, open, r));
  TF_ASSIGN_OR_RETURN(r.file, open(w.path, InputKind::kEvidence));
  call.json = w.args.Has("--json");
  // With --output, the report goes to the file, written whole or not at all.
  SetFileCall(call, std::move(r), w.output, false,
              [json = call.json](const EvidenceReport& report) {
                return json ? report.Json() : report.Text();
              });
  return call;
}

}  // namespace trainflops::cli
