// `trainflops layer TYPE key=value ...`: LayerRequest, the catalogue
// (Sevilla et al. 2022, Table 1) as a calculator.
#include "args.h"
#include "cite_output.h"
#include "commands.h"
#include "request_options.h"
#include "trainflops/catalogue.h"
#include "trainflops/layer_request.h"
#include "trainflops/request_fields.h"

namespace trainflops::cli {
namespace {

const std::vector<OptionSpec>& LayerOptions() {
  // LayerFields but the words TYPE and key=value.
  static const std::vector<OptionSpec> specs = AroundOptionsOf(
      {}, LayerFields(), {"type", "dims"},
      {{"--json", "", "print one JSON object"}, CiteOption(), {"--help", "", "show this help"}});
  return specs;
}

std::string KindHelp(const LayerKind& kind) {
  std::string out = kind.name + ": " + kind.summary + "\n";
  if (!kind.input_dims.empty()) {
    out += "  input dimensions:";
    for (const std::string& d : kind.input_dims) out += " " + d + "=N";
    out += "\n";
  } else {
    out += "  input: shape=AxBxC\n";
  }
  for (const ParamSpec& p : kind.params) {
    out += "  " + p.name + ": " + p.description +
           (p.default_value.empty() ? " (required)" : " (default " + p.default_value + ")") + "\n";
  }
  return out;
}

}  // namespace

Result<Call> ParseLayer(const std::vector<std::string>& words, const FileOpener& open) {
  TF_ASSIGN_OR_RETURN(const ParsedArgs args, ParseArgs(words, LayerOptions()));
  Call call;
  LayerRequest r;
  TF_RETURN_IF_ERROR(SetFromOptions(LayerFields(), args, open, r));
  if (r.list) {
    call.run = LibraryCall(std::move(r));
    return call;
  }
  if (args.positional.empty()) {
    if (args.Has("--help")) {
      call.help =
          "usage: trainflops layer TYPE key=value ... [--json]\n"
          "       trainflops layer --list\n\n"
          "example: trainflops layer conv2d h=400 w=400 c=5 filters=16 kernel=5 stride=2 "
          "padding=2\n\noptions:\n" +
          OptionsHelp(LayerOptions());
      return call;
    }
    return Status::InvalidArgument("expected a layer TYPE (see trainflops layer --list)");
  }
  if (args.Has("--help")) {
    TF_ASSIGN_OR_RETURN(const LayerKind* kind, FindLayerKind(args.positional.front()));
    call.help = KindHelp(*kind);
    return call;
  }
  r.type = args.positional.front();
  for (size_t i = 1; i < args.positional.size(); ++i) {
    const std::string& kv = args.positional[i];
    const size_t eq = kv.find('=');
    if (eq == std::string::npos || eq == 0) {
      return Status::InvalidArgument("'" + kv + "' is not key=value (e.g. filters=16)");
    }
    r.dims.emplace_back(kv.substr(0, eq), kv.substr(eq + 1));
  }
  call.json = args.Has("--json");
  call.cite = args.Has("--cite");
  call.run = LibraryCall(std::move(r));
  return call;
}

}  // namespace trainflops::cli
