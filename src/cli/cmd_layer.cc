// `trainflops layer TYPE key=value ...`: the seeds' Table 1 as a calculator.
#include <ostream>

#include "args.h"
#include "commands.h"
#include "trainflops/catalogue.h"
#include "trainflops/finite.h"
#include "trainflops/report.h"
#include "trainflops/units.h"

namespace trainflops::cli {
namespace {

const std::vector<OptionSpec>& LayerOptions() {
  static const std::vector<OptionSpec> specs = {
      {"--list", "", "list every layer type with its parameters"},
      {"--bp-ratio", "R", "backward/forward ratio for the one-example training figure (default 2)"},
      {"--json", "", "print one JSON object"},
      {"--help", "", "show this help"},
  };
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

Status RunLayer(const std::vector<std::string>& argv, std::ostream& out) {
  TF_ASSIGN_OR_RETURN(const ParsedArgs args, ParseArgs(argv, LayerOptions()));
  if (args.Has("--list")) {
    out << RenderCatalogueText();
    return Status::Ok();
  }
  if (args.positional.empty()) {
    if (args.Has("--help")) {
      out << "usage: trainflops layer TYPE key=value ... [--json]\n"
             "       trainflops layer --list\n\n"
             "example: trainflops layer conv2d h=400 w=400 c=5 filters=16 kernel=5 stride=2 "
             "padding=2\n\noptions:\n"
          << OptionsHelp(LayerOptions());
      return HelpShown();
    }
    return Status::InvalidArgument("expected a layer TYPE (see trainflops layer --list)");
  }
  TF_ASSIGN_OR_RETURN(const LayerKind* kind, FindLayerKind(args.positional.front()));
  if (args.Has("--help")) {
    out << KindHelp(*kind);
    return HelpShown();
  }
  LayerArgs layer_args;
  for (size_t i = 1; i < args.positional.size(); ++i) {
    const std::string& kv = args.positional[i];
    const size_t eq = kv.find('=');
    if (eq == std::string::npos || eq == 0) {
      return Status::InvalidArgument("'" + kv + "' is not key=value (e.g. filters=16)");
    }
    layer_args.Set(kv.substr(0, eq), kv.substr(eq + 1));
  }
  double bp_ratio = 2.0;
  if (auto r = args.Get("--bp-ratio")) {
    Result<double> ratio = ParseNumber(*r);
    if (!ratio.ok() || *ratio < 0 || *ratio > 100) {
      return Status::InvalidArgument("--bp-ratio: '" + *r + "' is not a number in [0, 100]");
    }
    bp_ratio = *ratio;
  }
  TF_ASSIGN_OR_RETURN(const Shape input, InputShapeFromArgs(*kind, layer_args));
  Result<LayerCost> cost = ComputeLayer(*kind, input, layer_args);
  if (!cost.ok()) return cost.status().WithContext(kind->name);
  TF_RETURN_IF_ERROR(RequireFiniteNonNegative(
      {{"training compute, forward x (1 + backward/forward ratio)",
        cost->forward_flop * (1 + bp_ratio), "FLOP"}},
      {{"forward", cost->forward_flop, "FLOP", kind->name}, {"--bp-ratio", bp_ratio, "", ""}}));
  out << (args.Has("--json") ? RenderLayerJson(*kind, layer_args, input, *cost, bp_ratio)
                             : RenderLayerText(*kind, input, *cost, bp_ratio));
  return Status::Ok();
}

}  // namespace trainflops::cli
