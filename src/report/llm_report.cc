// Text and JSON reports of language-model estimates and threshold checks.
#include "llm_report.h"

#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "../core/estimate_json.h"
#include "../core/table.h"
#include "../uncertainty/uncertainty_json.h"
#include "core/text.h"
#include "llm/llm_internal.h"
#include "trainflops/units.h"

namespace trainflops {
namespace {

using llm::Exact;
using nlohmann::json;

std::string Signed(double oom) {
  if (!std::isfinite(oom)) return "-inf";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.2f", oom);
  return buf;
}

std::string Line(const std::string& label, const std::string& value) {
  return label + ": " + value + "\n";
}

// The 90% interval against the EU guidelines' error margin, one line; when
// the interval is too wide and the estimate's uncertainty is known, a second
// line names the input whose range contributes most of its width.
std::string MarginLine(const ThresholdCheck& c, const UncertaintyReport* uncertainty,
                       std::string_view narrowing) {
  const MarginCheck m = CheckMargin(c.counted_flop, *c.counted_range);
  std::string out = "  90% interval: -" + FormatScientific(100 * m.below, 3) + "% .. +" +
                    FormatScientific(100 * m.above, 3) +
                    "% of the figure: " + (m.within ? "within" : "not within") + " the " +
                    FormatScientific(100 * m.margin) +
                    "% error margin of the EU guidelines (Commission C(2025) 7719, Annex A)\n";
  if (!m.within && uncertainty != nullptr && !uncertainty->width_shares.empty()) {
    const WidthShare& top = uncertainty->width_shares.front();
    out += "  to narrow it, pin down " + top.name + " first (" +
           std::to_string(std::lround(100 * top.share)) +
           "% of the width; see \"width by input\")\n";
  } else if (!m.within && !narrowing.empty()) {
    out += "  to narrow it: " + std::string(narrowing) + "\n";
  }
  return out;
}

// The status column: the head of the thresholds file's `status` ("in force",
// "guidance", "revoked"), so that the table, the detail line below it and the
// page say the same; `in_force` only decides whether a threshold applies.
std::string ShortStatus(const Threshold& t) {
  const std::string head = t.status.substr(0, t.status.find(" ("));
  return head.substr(0, head.find(';'));
}

std::string ThresholdTable(const std::vector<ThresholdCheck>& checks,
                           const UncertaintyReport* uncertainty = nullptr,
                           std::string_view narrowing = {}) {
  const bool ranged = !checks.empty() && checks.front().probability_over.has_value();
  std::vector<std::string> headers = {"threshold", "limit",   "counted", "x limit",
                                      "orders",    "exceeds", "status"};
  std::vector<bool> numeric = {false, true, true, true, true, false, false};
  if (ranged) {  // the last column; without a range the table drops the cell
    headers.push_back("P(over)");
    numeric.push_back(true);
  }
  report::TextTable t(headers, numeric);
  for (const ThresholdCheck& c : checks) {
    std::string counted = FormatCompute(c.counted_flop);
    if (c.counted_range) {
      counted += " [" + FormatScientific(c.counted_range->low) + ".." +
                 FormatScientific(c.counted_range->high) + "]";
    }
    t.AddRow({c.threshold.id, "> " + FormatScientific(c.threshold.flop), counted,
              FormatScientific(c.ratio, 3), Signed(c.orders_of_magnitude), ExceedsName(c.exceeds),
              ShortStatus(c.threshold),
              c.probability_over ? FormatProbability(*c.probability_over) : ""});
  }
  std::string out = t.Render();
  if (ranged && checks.front().counted_flop > 0) {
    out += MarginLine(checks.front(), uncertainty, narrowing);
  }
  for (const ThresholdCheck& c : checks) {
    out += "  " + c.threshold.id + ": " + c.threshold.name +
           "\n    counts: " + c.threshold.counted_stages + "\n";
    if (!c.excluded.empty()) {
      out += "    stages left out here: " + JoinNames(c.excluded) + "\n";
    }
    out += "    source: " + c.threshold.source + "; status: " + c.threshold.status + "\n";
  }
  return out + "  (strictly greater than; model FLOP, recomputation excluded)\n";
}

std::string LayerTable(const LlmEstimate& e) {
  report::TextTable t({"component", "type", "blocks", "params", "active", "forward/token"},
                      {false, false, true, true, true, true});
  for (size_t i = 0; i < e.model.components.size(); ++i) {
    const Component& c = e.model.components[i];
    t.AddRow({c.name, c.type, llm::Num(c.count), Exact(c.params), Exact(c.active_params),
              FormatCompute(e.per_token.component_forward[i])});
  }
  return t.Render();
}

std::string Header(const LlmEstimate& e, const LlmReportContext& context) {
  const ConventionResult& t = e.per_token;
  std::string out;
  if (const HfModel* hf = context.hf) {
    out += Line("model",
                hf->file + " (model_type " + hf->model_type + ", " + hf->family + " formulas)");
    out += Line("family rule", hf->rule);
    out += Line("config fields read", JoinNames(hf->fields_read));
    out += Line("config fields ignored",
                hf->fields_ignored.empty() ? std::string("none") : JoinNames(hf->fields_ignored));
    for (const HfPart& part : hf->parts) {
      out += Line("part: " + part.name,
                  (part.counted ? Exact(part.params) + " parameters, " : std::string()) + part.how);
    }
    if (const auto& c = hf->checkpoint) {
      out += Line("checkpoint", c->checkpoint.file + ": " + Exact(c->checkpoint.params) +
                                    " parameters (" + c->checkpoint.how +
                                    "); config: " + Exact(c->config_params) + "; difference " +
                                    FormatScientific(100 * c->relative_difference, 3) + "%" +
                                    (c->flagged ? " - FLAGGED: " + c->explanation : ""));
      for (const TensorGroup& g : c->checkpoint.groups) {
        out += Line("  tensor group", g.name + ": " + Exact(g.tensors) + " tensors, " +
                                          Exact(g.params) + " parameters");
      }
    }
  }
  out +=
      Line("convention", ConventionName(t.convention) +
                             (t.convention == kDefaultConvention ? " (the default)" : "") +
                             "; default: " + ConventionName(kDefaultConvention) + " (docs/llm.md)");
  out += Line("parameters", "total " + Exact(e.params) + ", non-embedding " +
                                (e.params_non_embedding ? Exact(*e.params_non_embedding)
                                                        : std::string("not known")) +
                                ", active per token " + Exact(e.params_active));
  out += Line("per token", "forward " + FormatCompute(t.forward_flop) + ", training " +
                               FormatCompute(t.training_flop) + " (model FLOP)");
  if (t.recompute != Recompute::kNone) {
    out += Line("hardware FLOP per token", FormatCompute(t.hardware_flop) + " with " +
                                               RecomputeName(t.recompute) + " recomputation");
  }
  out += Line("attention", t.attention);
  return out;
}

}  // namespace

json ThresholdChecksJson(const std::vector<ThresholdCheck>& checks) {
  json out = json::array();
  for (const ThresholdCheck& c : checks) {
    json j = {{"id", c.threshold.id},
              {"name", c.threshold.name},
              {"threshold_flop", c.threshold.flop},
              {"comparison", "greater than"},
              {"operations", c.threshold.operations},
              {"counted_flop", c.counted_flop},
              {"counted_stages", c.counted},
              {"excluded_stages", c.excluded},
              {"which_stages_count", c.threshold.counted_stages},
              {"not_counted", c.threshold.excluded},
              {"exceeds", ExceedsName(c.exceeds)},
              {"ratio", c.ratio},
              {"orders_of_magnitude", c.orders_of_magnitude},
              {"in_force", c.threshold.in_force},
              {"status", c.threshold.status},
              {"wording", c.threshold.wording},
              {"source", c.threshold.source},
              {"reference", ReferenceOf(c.threshold.source)}};
    if (c.counted_range) {
      j["counted_range"] = {{"low", c.counted_range->low}, {"high", c.counted_range->high}};
    }
    if (c.probability_over) {
      j["probability_over"] = *c.probability_over;
      // As the text prints it (tails as bounds): front ends show this text.
      j["probability_over_text"] = FormatProbability(*c.probability_over);
    }
    out.push_back(j);
  }
  return out;
}

std::string RenderLlmText(const LlmEstimate& e, const LlmReportContext& context) {
  std::string out = Header(e, context);
  out += "\nterms (forward, per token):\n";
  report::TextTable terms({"term", "formula", "FLOP"}, {false, false, true});
  for (const FlopTerm& term : e.per_token.terms) {
    terms.AddRow({term.name, term.formula, FormatScientific(term.forward_flop)});
  }
  out += terms.Render();
  // A model from a config, or parameters counted per tensor group.
  if (context.hf != nullptr || e.model.components.size() > 1) {
    out += "\ncomponents:\n" + LayerTable(e);
  }
  out += "\nstages:\n";
  report::TextTable stages({"stage", "tokens", "kind", "model FLOP", "hardware FLOP"},
                           {false, true, false, true, true});
  for (const LlmStageResult& s : e.stages) {
    stages.AddRow({s.stage.name, FormatCount(s.stage.tokens),
                   s.stage.forward_only ? "forward only" : "training", FormatCompute(s.model_flop),
                   FormatCompute(s.hardware_flop)});
  }
  out += stages.Render();
  out += "\n" + Line("training compute",
                     FormatCompute(e.estimate.training_flop) + " = " +
                         FormatCompute(e.estimate.training_flop, ComputeUnit::kPetaflopSDay));
  if (e.hardware_flop != e.estimate.training_flop) {
    out += Line("hardware FLOP (with recomputation)", FormatCompute(e.hardware_flop));
  }
  if (e.uncertainty) out += RenderUncertaintyText(*e.uncertainty);
  out += "\nformula:\n";
  for (const std::string& f : e.estimate.formula) out += "  " + f + "\n";
  out += "\nother conventions (training FLOP, all stages):\n";
  for (const ConventionResult& c : e.comparison) {
    double total = 0;
    for (const LlmStageResult& s : e.stages) {
      total += s.stage.tokens * (s.stage.forward_only ? c.forward_flop : c.training_flop);
    }
    out += "  " + ConventionName(c.convention) + ": " + FormatCompute(total) + " (" +
           FormatCompute(c.training_flop) + " per token)\n";
  }
  out += "\nassumptions:\n";
  for (const Assumption& a : e.estimate.assumptions) {
    out += "  " + a.name + ": " + a.value + " (" + a.source + ")\n";
  }
  if (!e.estimate.notes.empty()) out += "\nnotes:\n";
  for (const std::string& n : e.estimate.notes) out += "  - " + n + "\n";
  if (context.checks != nullptr) {
    out += "\nthresholds:\n" +
           ThresholdTable(*context.checks, e.uncertainty ? &*e.uncertainty : nullptr);
  }
  return out;
}

std::string RenderLlmJson(const LlmEstimate& e, const LlmReportContext& context) {
  const ConventionResult& t = e.per_token;
  json out = EstimateJson(e.estimate, ConventionSource(t.convention));
  out["convention"] = ConventionName(t.convention);
  out["default_convention"] = ConventionName(kDefaultConvention);
  out["hardware_flop"] = e.hardware_flop;
  out["forward_flop"] = t.forward_flop;
  out["forward_flop_basis"] = "per_token";
  out["training_flop_per_token"] = t.training_flop;
  out["hardware_flop_per_token"] = t.hardware_flop;
  out["params"] = e.params;
  out["params_non_embedding"] =
      e.params_non_embedding ? json(*e.params_non_embedding) : json(nullptr);
  out["params_active"] = e.params_active;
  out["attention"] = t.attention;
  out["recompute"] = RecomputeName(t.recompute);
  json terms = json::array();
  for (const FlopTerm& term : t.terms) {
    terms.push_back(
        {{"name", term.name}, {"formula", term.formula}, {"forward_flop", term.forward_flop}});
  }
  out["terms"] = terms;
  json layers = json::array();
  for (size_t i = 0; i < e.model.components.size(); ++i) {
    const Component& c = e.model.components[i];
    layers.push_back({{"name", c.name},
                      {"type", c.type},
                      {"count", c.count},
                      {"params", c.params},
                      {"active_params", c.active_params},
                      {"forward_flop", t.component_forward[i]},
                      {"output_shape", c.output_shape}});
  }
  out["layers"] = layers;
  json stages = json::array();
  for (const LlmStageResult& s : e.stages) {
    stages.push_back({{"name", s.stage.name},
                      {"tokens", s.stage.tokens},
                      {"forward_only", s.stage.forward_only},
                      {"training_flop", s.model_flop},
                      {"hardware_flop", s.hardware_flop}});
  }
  out["stages"] = stages;
  json conventions = json::array();
  for (const ConventionResult& c : e.comparison) {
    conventions.push_back({{"name", ConventionName(c.convention)},
                           {"forward_flop", c.forward_flop},
                           {"training_flop_per_token", c.training_flop},
                           {"source", ConventionSource(c.convention)},
                           {"reference", ReferenceOf(ConventionSource(c.convention))}});
  }
  out["conventions"] = conventions;
  if (const HfModel* hf = context.hf) {
    out["model"] = {{"file", hf->file},
                    {"model_type", hf->model_type},
                    {"family", hf->family},
                    {"fallback", hf->fallback},
                    {"rule", hf->rule},
                    {"fields_read", hf->fields_read},
                    {"fields_ignored", hf->fields_ignored},
                    {"mtp_params_not_counted", hf->mtp_params},
                    {"max_position_embeddings", hf->max_position_embeddings}};
    json fields = json::object();
    for (const Input& f : hf->fields) fields[f.name] = {{"value", f.value}, {"origin", f.origin}};
    out["config_fields"] = fields;
    if (!hf->parts.empty()) {
      json parts = json::array();
      for (const HfPart& p : hf->parts) {
        parts.push_back({{"name", p.name},
                         {"params", p.counted ? json(p.params) : json(nullptr)},
                         {"counted", p.counted},
                         {"how", p.how}});
      }
      out["model"]["parts"] = parts;
    }
    if (const auto& c = hf->checkpoint) {
      out["checkpoint"] = {{"file", c->checkpoint.file},
                           {"params", c->checkpoint.params},
                           {"how", c->checkpoint.how},
                           {"config_params", c->config_params},
                           {"relative_difference", c->relative_difference},
                           {"flagged", c->flagged},
                           {"explanation", c->explanation},
                           {"groups", json::array()}};
      for (const TensorGroup& g : c->checkpoint.groups) {
        out["checkpoint"]["groups"].push_back(
            {{"name", g.name}, {"tensors", g.tensors}, {"params", g.params}});
      }
    }
  }
  if (e.uncertainty) out["uncertainty"] = UncertaintyJson(*e.uncertainty);
  if (context.checks != nullptr) out["thresholds"] = ThresholdChecksJson(*context.checks);
  return DumpJson(out);
}

std::string RenderThresholdsText(const std::vector<ThresholdCheck>& checks,
                                 std::string_view narrowing) {
  return ThresholdTable(checks, nullptr, narrowing);
}

std::string RenderThresholdsText(const std::vector<ThresholdCheck>& checks,
                                 const UncertaintyReport& uncertainty) {
  return ThresholdTable(checks, &uncertainty);
}

json ThresholdsJson(double flop, const std::optional<ComputeRange>& range,
                    const std::vector<ThresholdCheck>& checks) {
  json out;
  out["flop"] = flop;
  out["unit"] = "FLOP";
  if (range) {
    out["range"] = {{"low", range->low}, {"high", range->high}};
    const MarginCheck m = CheckMargin(flop, *range);
    out["error_margin"] = {
        {"margin", m.margin},
        {"below", m.below},
        {"above", m.above},
        {"within", m.within},
        {"rule", "the 90% interval within the margin on both sides of the figure"},
        {"source",
         "European Commission, guidelines on the scope of the "
         "obligations for general-purpose AI models, C(2025) 7719, "
         "Annex A"}};
  }
  out["thresholds"] = ThresholdChecksJson(checks);
  return out;
}

std::string RenderThresholdsJson(double flop, const std::optional<ComputeRange>& range,
                                 const std::vector<ThresholdCheck>& checks) {
  return DumpJson(ThresholdsJson(flop, range, checks));
}

}  // namespace trainflops
