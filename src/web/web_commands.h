// The web API's commands: a request's inputs mapped onto the library's typed
// requests through the field tables of trainflops/request_fields.h, with no
// command line in between.
//
// The inputs (request_args.h gathers them) are fields and words, in order.
// A field (a JSON option, a query or form field) goes to the library's field
// of that name as it is ("bp-ratio" or "bp_ratio" is `bp_ratio`; the value
// is never split or read as a word); given alone it sets a flag. Words (the
// JSON envelope's "args", the query's "arg=WORD", the More options box) are
// read as the command line reads them: "--bp-ratio 2" or "--bp-ratio=2" sets
// `bp_ratio`, "--uncertainty" sets a flag ("--uncertainty=false" clears it),
// and words without "--" fill the command's positional fields (estimate's
// model file, layer's type then KEY=VALUE dimensions, the amount of units,
// ...). Either way, a file field names an upload ("checkpoint
// model.safetensors.index.json"), and a repeatable field takes one value per
// input (its singular also reads: "dim", "break", "stage", "quantile").
// In hardware and compare, a request with several chips has one phase per
// chip, holding the phase fields given after it; phase fields before the
// first chip apply to every phase. "cite" adds the citation, "help" lists
// the fields, "json" is accepted (JSON is the default). A command with a
// printable page (ledger) also takes "format markdown|json|html", as its
// command line does.
#ifndef TRAINFLOPS_SRC_WEB_WEB_COMMANDS_H_
#define TRAINFLOPS_SRC_WEB_WEB_COMMANDS_H_

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "api.h"
#include "request_args.h"
#include "trainflops/input_limits.h"
#include "trainflops/request.h"

namespace trainflops::web {

// Opens an upload by name (the request's uploads only).
using UploadOpener = std::function<Result<InputFile>(const std::string& name, InputKind kind)>;

struct WebCall {
  std::optional<std::string> help;  // set: answer with this text, nothing runs
  bool cite = false;                // --cite: add the report's citation
  // --format markdown|json|html, for a command whose report has a printable
  // page (ledger); empty: JSON, or the text report when the request asks.
  std::string format;
  std::function<std::string(const Report&)> html;  // the printable page, for "html"
  std::function<Result<std::unique_ptr<Report>>()> run;
};

struct WebCommand {
  const char* name;
  const char* summary;
  // The fields its words without "--" fill, in order (estimate's "model").
  std::vector<std::string> positional;
  // The inputs set on the command's typed request, held to the limits of
  // `options` (cost.h).
  std::function<Result<WebCall>(const std::vector<WebInput>& inputs, const UploadOpener& open,
                                const ApiOptions& options)>
      parse;
};

const std::vector<WebCommand>& WebCommands();
const WebCommand* FindWebCommand(std::string_view name);

// The inputs as the words of the equivalent command line: a word as it is,
// a field as its option ("bp_ratio" 2 -> "--bp-ratio=2", given alone:
// "--bp-ratio"), or its value alone for one of the command's `positional`
// fields, which the command line takes as words ("model" m.yaml -> "m.yaml").
std::vector<std::string> CommandLineWords(const std::vector<WebInput>& inputs,
                                          const std::vector<std::string>& positional);

// A library message's "`field`" names as the web's words spell them
// ("`chip_hours`" -> "--chip-hours"), but the command's `positional` fields
// plainly ("model"), as the command line takes them as words.
std::string WebWording(std::string_view message, const std::vector<std::string>& positional);

}  // namespace trainflops::web

#endif  // TRAINFLOPS_SRC_WEB_WEB_COMMANDS_H_
