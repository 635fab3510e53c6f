// The commands' syntax, as a table (ninja style): name, summary, and the
// parser that turns a command's words into its help text or a typed library
// call (include/trainflops/*_request.h). The `trainflops` executable
// (main.cc) and the web API (src/web), whose requests carry the same words,
// both run a command this way; neither calls the other.
#ifndef TRAINFLOPS_SRC_CLI_COMMANDS_H_
#define TRAINFLOPS_SRC_CLI_COMMANDS_H_

#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "trainflops/input_limits.h"
#include "trainflops/request.h"
#include "trainflops/status.h"

namespace trainflops::cli {

// Exit codes: 0 success, 2 bad usage or bad input, 1 internal failure.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;
inline constexpr int kExitUsage = 2;

// How a command gets the files its words name: the command line reads them
// from disk, the web API serves the request's uploads and nothing else. Both
// refuse a file over the size cap of its kind (input_limits.h).
using FileOpener = std::function<Result<InputFile>(const std::string& name, InputKind kind)>;

// The kind of a model file by its name, for its size cap: an ONNX graph
// (.onnx), a Hugging Face config (.json) or a model spec.
InputKind ModelInputKind(const std::string& name);

// A command's words, parsed.
struct Call {
  std::optional<std::string> help;  // set: print this help text, nothing else runs
  bool json = false;                // --json: Report::Json(), else Report::Text()
  bool cite = false;                // --cite: add the report's citation (Report::Cite)
  // The library call on the typed request.
  std::function<Result<std::unique_ptr<Report>>()> run;
  // Commands that stream their output or run a server (batch, serve; the
  // command line only): used instead of `run`.
  std::function<Status(std::ostream& out)> stream;
  // trend --plot FILE: the figure's bytes go to this file.
  std::optional<std::string> plot;
};

using Parser = Result<Call> (*)(const std::vector<std::string>& words, const FileOpener& open);

struct Command {
  const char* name;
  const char* summary;
  Parser parse;
};

const std::vector<Command>& Commands();

Result<Call> ParseEstimate(const std::vector<std::string>& words, const FileOpener& open);
Result<Call> ParseLayer(const std::vector<std::string>& words, const FileOpener& open);
Result<Call> ParseUnits(const std::vector<std::string>& words, const FileOpener& open);
Result<Call> ParseChips(const std::vector<std::string>& words, const FileOpener& open);
Result<Call> ParseHardware(const std::vector<std::string>& words, const FileOpener& open);
Result<Call> ParseCompare(const std::vector<std::string>& words, const FileOpener& open);
Result<Call> ParseTokens(const std::vector<std::string>& words, const FileOpener& open);
Result<Call> ParseThresholds(const std::vector<std::string>& words, const FileOpener& open);
Result<Call> ParseTrend(const std::vector<std::string>& words, const FileOpener& open);
Result<Call> ParseEvidence(const std::vector<std::string>& words, const FileOpener& open);
Result<Call> ParseLedger(const std::vector<std::string>& words, const FileOpener& open);
Result<Call> ParseBatch(const std::vector<std::string>& words, const FileOpener& open);
Result<Call> ParseCalibrate(const std::vector<std::string>& words, const FileOpener& open);
Result<Call> ParseServe(const std::vector<std::string>& words, const FileOpener& open);

// Wraps a typed request and its Run() as a Call's library call.
template <typename Request>
std::function<Result<std::unique_ptr<Report>>()> LibraryCall(Request request) {
  return [request = std::move(request)]() -> Result<std::unique_ptr<Report>> {
    auto result = Run(request);
    if (!result.ok()) return result.status();
    return std::unique_ptr<Report>(
        std::make_unique<std::decay_t<decltype(*result)>>(std::move(result).value()));
  };
}

// What a call prints for its report: Report::Json() or Report::Text(), with
// the "Cite this estimate" block (or the JSON "citation" member) when the
// call asked for it.
std::string RenderCall(const Call& call, const Report& report);
// RenderCall written to `out`; plain JSON is streamed (Report::WriteJson),
// so an ONNX graph's 100,000 layers are never held as one string.
void WriteCall(const Call& call, const Report& report, std::ostream& out);

// A request field as the command line spells it: "chip_hours" ->
// "--chip-hours", "quantiles" -> "--quantile", "model" -> "FILE".
std::string OptionName(std::string_view field);

// A library message in the command line's words: request fields become
// options ("`chip_hours`" -> "--chip-hours", "`model`" -> "FILE").
std::string OptionWording(std::string_view message);

// The command line's file access: ONNX graphs are read piece by piece,
// other files whole; "-" for an evidence file or a run record is standard input, read whole
// within the cap of its kind. Refuses what is not a regular file (a
// directory, /dev/zero, a pipe) and a file over the cap of its kind, before
// reading it.
Result<InputFile> OpenFromDisk(const std::string& path, InputKind kind);

}  // namespace trainflops::cli

#endif  // TRAINFLOPS_SRC_CLI_COMMANDS_H_
