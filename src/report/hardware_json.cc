// JSON reports of the hardware commands: one object each, numbers in FLOP.
#include "hardware_json.h"

#include "../core/estimate_json.h"
#include "../uncertainty/uncertainty_json.h"
#include "hardware_report.h"
#include "trainflops/units.h"

namespace trainflops {
namespace hardware {

using nlohmann::json;

json ChipJson(const Chip& c) {
  json rates = json::object();
  for (RateColumn col : AllRateColumns())
    rates[std::string(RateColumnName(col))] = OrNull(c.Rate(col));
  return {{"name", c.name},
          {"aliases", c.aliases},
          {"default_for", c.default_for},
          {"vendor", c.vendor},
          {"type", c.type},
          {"variant", c.variant},
          {"release_date", c.release_date},
          {"peak_flop_per_s", rates},
          {"memory_gb", OrNull(c.memory_gb)},
          {"memory_bandwidth_gbps", OrNull(c.memory_bandwidth_gbps)},
          {"tdp_w", OrNull(c.tdp_w)},
          {"per", c.per},
          {"notes", c.notes},
          {"source", c.source},
          {"reference", ReferenceOf(c.source)},
          {"line", c.line}};
}

namespace {

json PhaseJson(const PhaseResult& p) {
  return {{"chip", p.chip},
          {"row", p.row ? ChipJson(*p.row) : json(nullptr)},
          {"lookup", p.lookup},
          {"imputed", p.imputed},
          {"count", p.count > 0 ? json(p.count) : json(nullptr)},
          {"time", p.time_text},
          {"time_seconds", p.seconds > 0 ? json(p.seconds) : json(nullptr)},
          {"chip_seconds", p.chip_seconds},
          {"chip_hours", p.chip_seconds / kSecondsPerHour},
          {"precision", p.precision},
          {"rate", p.rate},
          {"precision_rule", p.precision_rule},
          {"peak_flop_per_s", p.peak},
          {"peak_source", p.peak_source},
          {"utilization", p.utilization.value},
          {"utilization_source", p.utilization.source},
          {"training_flop", p.training_flop},
          {"tdp_w", OrNull(p.tdp_w)},
          {"energy_kwh", OrNull(p.energy_kwh)},
          {"price_per_chip_hour", OrNull(p.price_per_chip_hour)},
          {"cost_usd", OrNull(p.cost_usd)}};
}

// The phases' common value, or `mixed`.
template <typename F>
std::string Common(const Method2Result& r, F field, const std::string& mixed) {
  std::string v = field(r.phases.front());
  for (const PhaseResult& p : r.phases) {
    if (field(p) != v) return mixed;
  }
  return v;
}

}  // namespace

json Method2Json(const Method2Result& r) {
  json out = EstimateJson(r.estimate);
  std::string chips;
  for (const PhaseResult& p : r.phases) chips += (chips.empty() ? "" : " + ") + p.chip;
  out["chip"] = Common(
      r, [](const PhaseResult& p) { return p.chip; }, chips);
  out["precision"] = Common(
      r, [](const PhaseResult& p) { return p.precision; }, "mixed");
  out["peak_flop_per_s"] = r.peak_flop_per_s;
  out["utilization"] = r.utilization;
  out["chip_seconds"] = r.chip_seconds;
  out["chip_hours"] = r.chip_seconds / kSecondsPerHour;
  out["capacity_flop"] = r.capacity_flop;
  json phases = json::array();
  for (const PhaseResult& p : r.phases) phases.push_back(PhaseJson(p));
  out["phases"] = phases;
  if (r.energy && r.energy_kwh) {
    out["energy"] = {{"kwh", *r.energy_kwh},
                     {"mwh", *r.energy_kwh / 1000},
                     {"pue", r.pue},
                     {"basis", "TDP x chip-hours x PUE"}};
  }
  if (r.uncertainty) out["uncertainty"] = UncertaintyJson(*r.uncertainty);
  if (r.cost_usd)
    out["cost"] = {{"usd", *r.cost_usd}, {"basis", "chip-hours x price per chip-hour"}};
  return out;
}

}  // namespace hardware

std::string RenderMethod2Json(const Method2Result& result) {
  return DumpJson(hardware::Method2Json(result));
}

nlohmann::json hardware::ComparisonJson(const Comparison& c) {
  nlohmann::json m1 = EstimateJson(c.method1);
  m1["source"] = c.method1_source;
  m1["reference"] = ReferenceOf(c.method1_source);
  nlohmann::json out = {
      {"method", "compare"},
      {"method1", m1},
      {"method2", hardware::Method2Json(c.method2)},
      {"ratio_method1_over_method2", c.ratio},
      {"factor", c.factor},
      {"reconciling_utilization", c.reconciling_utilization},
      {"within_2x", c.within_usual},
      {"within_3x", c.within_tolerance},
      {"verdict", c.verdict},
      {"warning", c.warning ? nlohmann::json(*c.warning) : nlohmann::json(nullptr)}};
  return out;
}

std::string RenderComparisonJson(const Comparison& c) {
  return DumpJson(hardware::ComparisonJson(c));
}

std::string RenderChipListJson(const std::vector<const Chip*>& chips, const HardwareDb& db) {
  nlohmann::json rows = nlohmann::json::array();
  for (const Chip* c : chips) rows.push_back(hardware::ChipJson(*c));
  return DumpJson({{"table", db.file()}, {"count", chips.size()}, {"chips", rows}});
}

std::string RenderChipJson(const ChipMatch& match, const HardwareDb& db) {
  nlohmann::json out = hardware::ChipJson(*match.chip);
  out["table"] = db.file();
  out["lookup"] = match.explanation;
  return DumpJson(out);
}

}  // namespace trainflops
