// Text reports in the style of the worked examples of Sevilla et al. 2022.
#include <string>

#include "../core/table.h"
#include "core/text.h"
#include "trainflops/report.h"
#include "trainflops/uncertain_estimate.h"

namespace trainflops {
namespace {

// A value from the input on its own line(s): control characters escaped, so
// that none reaches the terminal, but a description's line breaks kept.
std::string Lines(std::string_view text) {
  std::string out;
  for (size_t start = 0;;) {
    const size_t end = text.find('\n', start);
    out += EscapeControlCharacters(text.substr(start, end - start));
    if (end == std::string_view::npos) return out;
    out += '\n';
    start = end + 1;
  }
}

std::string LayerTable(const Method1Result& result, const ReportOptions& options) {
  report::TextTable table({"layer", "type", "part", "output", "params", "forward", "share"},
                          {false, false, false, false, true, true, true});
  for (const LayerResult& layer : result.layers) {
    double part_forward = 0;
    for (const PartResult& p : result.parts) {
      if (p.name == layer.part) part_forward = p.forward_flop;
    }
    const double f = layer.cost.forward_flop;
    table.AddRow({layer.name + (layer.on_branch ? " (branch)" : ""), layer.type, layer.part,
                  ShapeToString(layer.cost.output_shape), FormatCount(layer.cost.params),
                  report::FormatPerLayer(f, options.unit), report::SharePercent(f, part_forward)});
  }
  return table.Render();
}

std::string PartLines(const Method1Result& result, const ReportOptions& options) {
  std::string out;
  for (const PartResult& p : result.parts) {
    out += "  part " + EscapeControlCharacters(p.name) +
           (p.per_token ? " (per token)" : " (per example)") + ": params " + FormatCount(p.params) +
           ", forward " + FormatCompute(p.forward_flop, options.unit) + " (exact " +
           FormatCompute(p.forward_flop_exact, options.unit) + ", approx " +
           FormatCompute(p.forward_flop_approx, options.unit) + ")\n";
  }
  return out;
}

}  // namespace

std::string RenderMethod1Text(const Method1Result& result, const ModelSpec& spec,
                              const ReportOptions& options) {
  const Estimate& e = result.estimate;
  std::string out = "Method 1 (counting operations): " + EscapeControlCharacters(spec.file) +
                    (spec.name.empty() ? "" : " — " + EscapeControlCharacters(spec.name)) + "\n";
  if (!spec.description.empty()) out += Lines(spec.description) + "\n";
  if (!spec.source.empty()) out += "Source: " + Lines(spec.source) + "\n";
  if (options.show_layers) {
    out +=
        "\nLayers (forward FLOP per token for per-token parts, per example otherwise; share "
        "within its part):\n" +
        LayerTable(result, options);
  }
  out += "\nTotals:\n" + PartLines(result, options);
  out += "  parameters: " + FormatCount(result.params) + " (approx " +
         FormatCount(result.params_approx) + ")\n";
  out += "\nTraining compute:\n";
  for (const std::string& line : e.formula) out += "  " + line + "\n";
  out += "\nResult: " + FormatCompute(e.training_flop, options.unit);
  if (options.unit != ComputeUnit::kPetaflopSDay) {
    out += " (" + FormatCompute(e.training_flop, ComputeUnit::kPetaflopSDay) + ")";
  }
  if (result.uncertainty) {
    out += " (point estimate)\n" + RenderUncertaintyText(*result.uncertainty, options.unit);
  } else {
    out += "\n";
  }
  out += "\nAssumptions:\n";
  for (const Assumption& a : e.assumptions) {
    out += "  - " + a.name + ": " + a.value + " (" + a.source + ")\n";
  }
  if (!e.notes.empty()) {
    out += "\nNotes:\n";
    for (const std::string& n : e.notes) out += "  - " + n + "\n";
  }
  return out;
}

std::string RenderLayerText(const LayerKind& kind, const Shape& input, const LayerCost& cost,
                            double bp_ratio) {
  std::string out = kind.name + ": " + kind.summary + "\n";
  out += "  input shape:   " + ShapeToString(input) + "\n";
  out += "  output shape:  " + ShapeToString(cost.output_shape) + "\n";
  out += "  parameters:    " + FormatCount(cost.params) + " (approx " +
         FormatCount(cost.params_approx) + ")\n";
  out += "  forward:       " + FormatCompute(cost.forward_flop) + " = " +
         FormatCompute(cost.forward_flop, ComputeUnit::kMultiplyAdd) + " (approx " +
         FormatCompute(cost.forward_flop_approx) + ")\n";
  out += "  formula:       " + cost.formula + "\n";
  out += "  training, one example: " + FormatCompute(cost.forward_flop * (1 + bp_ratio)) +
         " = forward x (1 + " + FormatScientific(bp_ratio) + ")\n";
  out += "  source:        " + cost.source + "\n";
  for (const std::string& n : cost.notes) out += "  note: " + n + "\n";
  return out;
}

std::string RenderCatalogueText() {
  // The catalogue's own text, never the input's: no cap on cells.
  report::TextTable table({"type", "aliases", "input", "parameters", "summary"},
                          {false, false, false, false, false}, report::TextTable::kUnlimitedWidth);
  for (const LayerKind& kind : LayerCatalogue()) {
    std::string params;
    for (const ParamSpec& p : kind.params) {
      params += (params.empty() ? "" : " ") + p.name +
                (p.default_value.empty() ? "" : "=" + p.default_value);
    }
    std::string aliases;
    for (const std::string& a : kind.aliases) aliases += (aliases.empty() ? "" : ",") + a;
    std::string dims;
    for (const std::string& d : kind.input_dims) dims += (dims.empty() ? "" : "x") + d;
    table.AddRow({kind.name, aliases, dims.empty() ? "shape" : dims, params, kind.summary});
  }
  return "Layer catalogue (parameters without a default are required):\n" + table.Render();
}

}  // namespace trainflops
