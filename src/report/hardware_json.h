// Internal: JSON pieces shared by the hardware reports.
#ifndef TRAINFLOPS_SRC_REPORT_HARDWARE_JSON_H_
#define TRAINFLOPS_SRC_REPORT_HARDWARE_JSON_H_

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "trainflops/compare.h"
#include "trainflops/estimate.h"
#include "trainflops/hardware.h"
#include "trainflops/method2.h"

namespace trainflops::hardware {

// A number, or null when unknown.
inline nlohmann::json OrNull(const std::optional<double>& v) {
  return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

// Every field of a row, rates by column name.
nlohmann::json ChipJson(const Chip& chip);
// The whole Method 2 object (what `hardware --json` prints).
nlohmann::json Method2Json(const Method2Result& result);
// The whole comparison object (what `compare --json` prints).
nlohmann::json ComparisonJson(const Comparison& comparison);

}  // namespace trainflops::hardware

#endif  // TRAINFLOPS_SRC_REPORT_HARDWARE_JSON_H_
