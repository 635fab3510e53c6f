// JSON reports: exactly one object, numbers as plain JSON numbers in FLOP.
#include <nlohmann/json.hpp>

#include "../core/estimate_json.h"
#include "../uncertainty/uncertainty_json.h"
#include "method1_json.h"
#include "trainflops/report.h"

namespace trainflops {
namespace {

using nlohmann::json;

json LayerJson(const LayerResult& layer) {
  return {{"name", layer.name},
          {"type", layer.type},
          {"part", layer.part},
          {"line", layer.line},
          {"input_shape", layer.input_shape},
          {"output_shape", layer.cost.output_shape},
          {"params", layer.cost.params},
          {"params_approx", layer.cost.params_approx},
          {"forward_flop", layer.cost.forward_flop},
          {"forward_flop_approx", layer.cost.forward_flop_approx},
          {"backward_factor", layer.backward_factor},
          {"on_branch", layer.on_branch},
          {"formula", layer.cost.formula},
          {"source", layer.cost.source},
          {"reference", ReferenceOf(layer.cost.source)},
          {"notes", layer.cost.notes}};
}

}  // namespace

json Method1Json(const Method1Result& result, const ModelSpec& spec) {
  json out = EstimateJson(result.estimate);
  out["forward_flop"] = result.forward_flop;
  out["forward_flop_basis"] = result.forward_basis;
  out["params"] = result.params;
  out["params_approx"] = result.params_approx;
  out["backward_forward_ratio"] = result.backward_ratio;
  out["spec"] = {{"file", spec.file},
                 {"name", spec.name},
                 {"source", spec.source},
                 {"reference", ReferenceOf(spec.source)}};
  json parts = json::array();
  for (const PartResult& p : result.parts) {
    parts.push_back({{"name", p.name},
                     {"per_token", p.per_token},
                     {"params", p.params},
                     {"forward_flop", p.forward_flop},
                     {"forward_flop_exact", p.forward_flop_exact},
                     {"forward_flop_approx", p.forward_flop_approx},
                     {"backward_flop", p.backward_flop}});
  }
  out["parts"] = parts;
  json stages = json::array();
  for (const StageResult& s : result.stages) {
    stages.push_back({{"name", s.name},
                      {"epochs", s.epochs},
                      {"examples", s.examples},
                      {"runs", s.runs},
                      {"passes", s.passes},
                      {"training_flop", s.training_flop}});
  }
  out["stages"] = stages;
  json layers = json::array();
  for (const LayerResult& layer : result.layers) layers.push_back(LayerJson(layer));
  out["layers"] = layers;
  if (result.uncertainty) out["uncertainty"] = UncertaintyJson(*result.uncertainty);
  return out;
}

std::string RenderMethod1Json(const Method1Result& result, const ModelSpec& spec) {
  return DumpJson(Method1Json(result, spec));
}

std::string RenderLayerJson(const LayerKind& kind, const LayerArgs& args, const Shape& input,
                            const LayerCost& cost, double bp_ratio) {
  json out;
  out["method"] = "layer_catalogue";
  out["type"] = kind.name;
  out["input_shape"] = input;
  out["output_shape"] = cost.output_shape;
  out["params"] = cost.params;
  out["params_approx"] = cost.params_approx;
  out["forward_flop"] = cost.forward_flop;
  out["forward_flop_approx"] = cost.forward_flop_approx;
  out["forward_flop_basis"] = "per_example";
  out["unit"] = "FLOP";
  out["training_flop"] = cost.forward_flop * (1 + bp_ratio);
  out["training_flop_basis"] = "one example: forward x (1 + backward/forward ratio)";
  out["formula"] = cost.formula;
  out["source"] = cost.source;
  out["reference"] = ReferenceOf(cost.source);
  out["notes"] = cost.notes;
  out["inputs"] = args.values();
  out["assumptions"] = AssumptionsJson(
      {{"backward/forward ratio", FormatScientific(bp_ratio),
        bp_ratio == 2.0 ? "Sevilla et al. 2022, Method 1 (2:1)" : "given (`bp_ratio`)"},
       {"FLOP per multiply-add", "2", "Sevilla et al. 2022, Units"}});
  return DumpJson(out);
}

}  // namespace trainflops
