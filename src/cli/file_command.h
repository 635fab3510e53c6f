// The commands that read one file of their own (`evidence FILE`, `ledger
// RUN.yaml`): the file, or '-' for standard input; the command's own
// options, then --samples, --seed, --output F and --help; and the report
// written whole to F, or printed.
#ifndef TRAINFLOPS_SRC_CLI_FILE_COMMAND_H_
#define TRAINFLOPS_SRC_CLI_FILE_COMMAND_H_

#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "args.h"
#include "commands.h"
#include "output_file.h"
#include "trainflops/request.h"
#include "trainflops/status.h"

namespace trainflops::cli {

struct FileCommand {
  std::string name;             // "ledger"
  std::string file;             // "RUN.yaml": the file as the usage and help name it
  std::string what;             // "run record": "give exactly one run record"
  std::string own_usage;        // "[--format markdown|json|html] [--cite]"
  std::vector<OptionSpec> own;  // the command's own options, listed first
  // Then the options of its request's rows (OptionSpecsOf; --samples, --seed).
  std::vector<OptionSpec> request;
  std::string output;       // what --output writes: "statement"
  std::string description;  // the help's paragraph, before "FILE is YAML or JSON"
  std::string doc;          // "docs/ledger.md"
};

// A file command's words: its help text (--help: nothing else is read), or
// the parsed options (the request's set with SetFromOptions), the file's
// name as given and --output.
struct FileWords {
  std::optional<std::string> help;
  ParsedArgs args;
  std::string path;  // "-": standard input
  std::optional<std::string> output;
};

Result<FileWords> ParseFileWords(const std::vector<std::string>& words, const FileCommand& command);

// Sets the call that runs `request`: the library call, or, when the report
// goes to --output F or is printed in a form of the command's own
// (`stream`), a stream that renders it with `render` and writes the text
// whole to F (replaced only when complete) or to standard output.
template <typename Request, typename Render>
void SetFileCall(Call& call, Request request, std::optional<std::string> output, bool stream,
                 Render render) {
  if (!output && !stream) {
    call.run = LibraryCall(std::move(request));
    return;
  }
  call.stream = [request = std::move(request), output = std::move(output),
                 render = std::move(render)](std::ostream& out) -> Status {
    auto report = Run(request);
    if (!report.ok()) return report.status();
    const std::string text = render(*report);
    if (output) return WriteFileAtomically(*output, text);
    out << text;
    return Status::Ok();
  };
}

}  // namespace trainflops::cli

#endif  // TRAINFLOPS_SRC_CLI_FILE_COMMAND_H_
