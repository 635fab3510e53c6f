// Internal: JSON pieces shared by the hardware reports.
#ifndef TRAINFLOPS_SRC_HARDWARE_JSON_UTIL_H_
#define TRAINFLOPS_SRC_HARDWARE_JSON_UTIL_H_

#include <nlohmann/json.hpp>
#include <optional>

#include "trainflops/estimate.h"
#include "trainflops/hardware.h"
#include "trainflops/method2.h"

namespace trainflops::hardware {

// A number, or null when unknown.
inline nlohmann::json OrNull(const std::optional<double>& v) {
  return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

// method, training_flop, training_pfs_days, unit, inputs, assumptions, formula, notes.
nlohmann::json EstimateJson(const Estimate& estimate);
// Every field of a row, rates by column name.
nlohmann::json ChipJson(const Chip& chip);
// The whole Method 2 object (what `hardware --json` prints).
nlohmann::json Method2Json(const Method2Result& result);

}  // namespace trainflops::hardware

#endif  // TRAINFLOPS_SRC_HARDWARE_JSON_UTIL_H_
