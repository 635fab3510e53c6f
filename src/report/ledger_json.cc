// The statement as JSON: every figure unrounded beside its two-figure form.
#include <nlohmann/json.hpp>

#include "../core/estimate_json.h"
#include "hardware_json.h"
#include "ledger/internal.h"

namespace trainflops {
namespace {

using nlohmann::json;

json PhaseJson(const LedgerPhaseResult& p) {
  json formula = p.estimate.formula, assumptions = json::array(), shares = json::array();
  for (const Assumption& a : p.estimate.assumptions) {
    assumptions.push_back({{"name", a.name}, {"value", a.value}, {"source", a.source}});
  }
  for (const WidthShare& w : p.width_shares) {
    shares.push_back({{"name", w.name}, {"share", w.share}});
  }
  return {{"name", p.name},
          {"kind", PhaseKindName(p.kind)},
          {"source", {{"url", p.source.url}, {"quote", p.source.quote}}},
          {"method", p.method},
          {"flop", p.point},
          {"flop_2sf", ledger::TwoFigures(p.point)},
          {"median", p.median},
          {"low", p.low},
          {"high", p.high},
          {"formula", formula},
          {"assumptions", assumptions},
          {"width_shares", shares},
          {"chip_hours", hardware::OrNull(p.chip_hours)},
          {"wall_clock_days", hardware::OrNull(p.wall_clock_days)},
          {"energy_mwh", hardware::OrNull(p.energy_mwh)},
          {"planned", p.planned},
          {"done", p.done},
          {"notes", p.notes}};
}

json RegimePhases(const std::vector<RegimePhase>& phases) {
  json out = json::array();
  for (const RegimePhase& p : phases) {
    json j = {{"phase", p.name}, {"rule", p.rule}, {"open_reading", p.open}};
    if (!p.override_reason.empty()) j["record_reading"] = p.override_reason;
    out.push_back(j);
  }
  return out;
}

json RegimeJson(const RegimeStatement& r) {
  json j = {{"id", r.regime.id},
            {"name", r.regime.name},
            {"status", r.regime.status},
            {"source", r.regime.source},
            {"test", r.regime.test},
            {"total_flop", r.total},
            {"total_2sf", ledger::TwoFigures(r.total)},
            {"median", r.median},
            {"low", r.low},
            {"high", r.high},
            {"threshold_flop", r.threshold},
            {"threshold_rule", r.threshold_rule},
            {"over_threshold", r.total > r.threshold},
            {"probability_over", r.probability_over},
            {"dominant", r.dominant},
            {"counted", RegimePhases(r.counted)},
            {"left_out", RegimePhases(r.left_out)}};
  // Only a regime with an error margin has the key (docs/ledger.md).
  if (r.margin) {
    j["margin"] = {{"margin", r.margin->margin},
                   {"below", r.margin->below},
                   {"above", r.margin->above},
                   {"within", r.margin->within}};
  }
  if (r.original_flop) j["original_flop"] = *r.original_flop;
  if (r.so_far) {
    j["so_far_flop"] = *r.so_far;
    j["so_far_over_threshold"] = *r.so_far > r.threshold;
  }
  if (r.crossing) j["crossing"] = *r.crossing;
  return j;
}

}  // namespace

std::string RenderLedgerJson(const LedgerStatement& s) {
  json phases = json::array(), regimes = json::array();
  for (const LedgerPhaseResult& p : s.phases) phases.push_back(PhaseJson(p));
  for (const RegimeStatement& r : s.regimes) regimes.push_back(RegimeJson(r));
  json form = {{"order_of_magnitude", s.order_of_magnitude},
               {"hardware_days", hardware::OrNull(s.hardware_days)},
               {"wall_clock_days", hardware::OrNull(s.wall_clock_days)},
               {"energy_mwh", hardware::OrNull(s.energy_mwh)},
               {"energy_method", s.energy_method},
               {"inference_flop", hardware::OrNull(s.inference_flop)},
               {"inference_formula", s.inference_formula}};
  json out = {{"model", s.record.model},
              {"provider", s.record.provider},
              {"forecast", s.forecast},
              {"phases", phases},
              {"regimes", regimes},
              {"form", form},
              {"approach", s.approach},
              {"samples", s.record.uncertainty.monte_carlo.samples},
              {"seed", s.record.uncertainty.monte_carlo.seed}};
  if (s.record.original) {
    out["original"] = {
        {"model", s.record.original->model},
        {"flop", s.record.original->flop ? json(s.record.original->flop->distribution.Median())
                                         : json(nullptr)},
        {"systemic_risk", s.record.original->systemic_risk}};
  }
  return DumpJson(out);
}

}  // namespace trainflops
