// Internal: JSON pieces shared by the hardware reports.
#ifndef TRAINFLOPS_SRC_HARDWARE_JSON_UTIL_H_
#define TRAINFLOPS_SRC_HARDWARE_JSON_UTIL_H_

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "trainflops/estimate.h"
#include "trainflops/hardware.h"
#include "trainflops/method2.h"

namespace trainflops::hardware {

// A number, or null when unknown.
inline nlohmann::json OrNull(const std::optional<double>& v) {
  return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

// The printed object: indented, and never throwing on text that is not UTF-8
// (a user's table may hold any bytes): such bytes become U+FFFD.
inline std::string Dump(const nlohmann::json& j) {
  return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

// method, training_flop, training_pfs_days, unit, inputs, assumptions, formula, notes.
nlohmann::json EstimateJson(const Estimate& estimate);
// Every field of a row, rates by column name.
nlohmann::json ChipJson(const Chip& chip);
// The whole Method 2 object (what `hardware --json` prints).
nlohmann::json Method2Json(const Method2Result& result);

}  // namespace trainflops::hardware

#endif  // TRAINFLOPS_SRC_HARDWARE_JSON_UTIL_H_
