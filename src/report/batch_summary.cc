// The batch summary as JSON (--summary-json) and as text.
#include <nlohmann/json.hpp>

#include "trainflops/batch.h"
#include "trainflops/units.h"

namespace trainflops {
namespace {

nlohmann::ordered_json OrderedOrNull(const std::optional<double>& v) {
  return v ? nlohmann::ordered_json(*v) : nlohmann::ordered_json(nullptr);
}

std::string Share(const std::optional<double>& v) {
  return v ? FormatScientific(100 * *v, 3) + "%" : "n/a";
}

nlohmann::ordered_json WorstJson(const std::vector<WorstRow>& worst) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const WorstRow& w : worst) list.push_back({{"name", w.name}, {"ratio", w.ratio}});
  return list;
}

nlohmann::ordered_json GroupJson(const BatchGroupStats& g) {
  nlohmann::ordered_json j;
  j["rows_with_recorded"] = g.recorded;
  j["estimated"] = g.estimated;
  j["coverage"] = g.recorded == 0 ? nlohmann::ordered_json(nullptr)
                                  : nlohmann::ordered_json(static_cast<double>(g.estimated) /
                                                           static_cast<double>(g.recorded));
  j["within_2x"] = g.within_2x;
  j["within_3x"] = g.within_3x;
  j["share_within_2x"] = OrderedOrNull(g.share_within_2x);
  j["share_within_3x"] = OrderedOrNull(g.share_within_3x);
  j["median_abs_log10_ratio"] = OrderedOrNull(g.median_abs_log10_ratio);
  nlohmann::ordered_json misses = nlohmann::ordered_json::object();
  for (const auto& [reason, n] : g.misses) misses[reason] = n;
  j["misses_by_reason"] = misses;
  j["worst"] = WorstJson(g.worst);
  return j;
}

std::string GroupText(const std::string& title, const BatchGroupStats& g) {
  std::string t = title + ": " + std::to_string(g.estimated) + " of " + std::to_string(g.recorded) +
                  " rows with a recorded value estimated; " + "median |log10 ratio| " +
                  (g.median_abs_log10_ratio ? FormatScientific(*g.median_abs_log10_ratio, 3)
                                            : std::string("n/a")) +
                  ", within 2x " + Share(g.share_within_2x) + ", within 3x " +
                  Share(g.share_within_3x) + "\n";
  for (const auto& [reason, n] : g.misses) {
    t += "  misses: " + std::to_string(n) + " " + reason + "\n";
  }
  for (const WorstRow& w : g.worst) {
    t += "  worst: " + w.name + " (ratio " + FormatScientific(w.ratio, 3) + ")\n";
  }
  return t;
}

}  // namespace

std::string BatchSummary::ToJson() const {
  nlohmann::ordered_json j;
  j["rows"] = rows;
  j["estimated"] = estimated;
  j["methods"] = {{"6ND", method_6nd},           {"hardware", method_hardware},
                  {"6ND+hardware", method_mean}, {"given", method_given},
                  {"cost", method_cost},         {"power", method_power}};
  j["coverage"] = {{"6ND", covered_6nd}, {"hardware", covered_hardware}};
  j["other_rows"] = GroupJson(other);
  j["fine_tunes"] = GroupJson(fine_tunes);
  // The figures of other_rows under their earlier names.
  j["rows_with_ratio"] = with_ratio;
  j["fine_tunes_left_out"] = fine_tunes_left_out;
  j["median_abs_log10_ratio"] = OrderedOrNull(median_abs_log10_ratio);
  j["share_within_2x"] = OrderedOrNull(share_within_2x);
  j["share_within_3x"] = OrderedOrNull(share_within_3x);
  j["worst"] = WorstJson(worst);
  j["rules_off"] = rules_off;
  j["interval"] = {{"samples_per_row", samples}, {"seed", seed}, {"quantiles", {0.05, 0.95}}};
  return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string BatchSummary::ToText() const {
  std::string t = "rows: " + std::to_string(rows) + ", estimated: " + std::to_string(estimated) +
                  " (6ND " + std::to_string(method_6nd) + ", hardware " +
                  std::to_string(method_hardware) + ", geometric mean of both " +
                  std::to_string(method_mean) + ", fine-tune compute given " +
                  std::to_string(method_given) + ", from cost " + std::to_string(method_cost) +
                  ", from power " + std::to_string(method_power) + ")\n";
  t += "coverage: 6ND possible on " + std::to_string(covered_6nd) + " rows, hardware x time on " +
       std::to_string(covered_hardware) + " rows\n";
  t += GroupText("other rows", other);
  t += GroupText("fine-tunes (with their base model where found)", fine_tunes);
  if (!rules_off.empty()) {
    std::string names;
    for (const std::string& r : rules_off) names += (names.empty() ? "" : ", ") + r;
    t += "rules off: " + names + "\n";
  }
  t += "intervals: 5%-95%, closed form or Monte Carlo with " + std::to_string(samples) +
       " samples per row, seed " + std::to_string(seed) + "\n";
  return t;
}

}  // namespace trainflops
