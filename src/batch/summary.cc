// The batch summary as JSON (--summary-json) and as text.
#include <nlohmann/json.hpp>

#include "trainflops/batch.h"
#include "trainflops/units.h"

namespace trainflops {
namespace {

nlohmann::ordered_json Optional(const std::optional<double>& v) {
  return v ? nlohmann::ordered_json(*v) : nlohmann::ordered_json(nullptr);
}

std::string Share(const std::optional<double>& v) {
  return v ? FormatScientific(100 * *v, 3) + "%" : "n/a";
}

}  // namespace

std::string BatchSummary::ToJson() const {
  nlohmann::ordered_json j;
  j["rows"] = rows;
  j["estimated"] = estimated;
  j["methods"] = {{"6ND", method_6nd}, {"hardware", method_hardware}};
  j["coverage"] = {{"6ND", covered_6nd}, {"hardware", covered_hardware}};
  j["rows_with_ratio"] = with_ratio;
  j["fine_tunes_left_out"] = fine_tunes_left_out;
  j["median_abs_log10_ratio"] = Optional(median_abs_log10_ratio);
  j["share_within_2x"] = Optional(share_within_2x);
  j["share_within_3x"] = Optional(share_within_3x);
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const WorstRow& w : worst) list.push_back({{"name", w.name}, {"ratio", w.ratio}});
  j["worst"] = list;
  j["interval"] = {{"samples_per_row", samples}, {"seed", seed}, {"quantiles", {0.05, 0.95}}};
  return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string BatchSummary::ToText() const {
  std::string t = "rows: " + std::to_string(rows) + ", estimated: " + std::to_string(estimated) +
                  " (6ND " + std::to_string(method_6nd) + ", hardware " +
                  std::to_string(method_hardware) + ")\n";
  t += "coverage: 6ND possible on " + std::to_string(covered_6nd) + " rows, hardware x time on " +
       std::to_string(covered_hardware) + " rows\n";
  t += "ratio to recorded compute (" + std::to_string(with_ratio) + " rows; " +
       std::to_string(fine_tunes_left_out) + " fine-tunes left out): median |log10 ratio| " +
       (median_abs_log10_ratio ? FormatScientific(*median_abs_log10_ratio, 3) : "n/a") +
       ", within 2x " + Share(share_within_2x) + ", within 3x " + Share(share_within_3x) + "\n";
  for (const WorstRow& w : worst) {
    t += "  worst: " + w.name + " (ratio " + FormatScientific(w.ratio, 3) + ")\n";
  }
  t += "intervals: 5%-95%, closed form or Monte Carlo with " + std::to_string(samples) +
       " samples per row, seed " + std::to_string(seed) + "\n";
  return t;
}

}  // namespace trainflops
