// Reports for the hardware commands: Method 2, the cross-check and the chip
// table, as text for people and as one JSON object for programs.
#ifndef TRAINFLOPS_SRC_REPORT_HARDWARE_REPORT_H_
#define TRAINFLOPS_SRC_REPORT_HARDWARE_REPORT_H_

#include <string>
#include <vector>

#include "trainflops/compare.h"
#include "trainflops/hardware.h"
#include "trainflops/method2.h"
#include "trainflops/units.h"

namespace trainflops {

// Per phase: which row and why, precision and its rule, peak, utilization,
// chip-time; then the formula chain, the result, energy/cost, assumptions.
std::string RenderMethod2Text(const Method2Result& result, ComputeUnit unit = ComputeUnit::kFlop);
// training_flop, training_pfs_days, method, chip, precision, peak_flop_per_s,
// utilization, chip_seconds, chip_hours, assumptions, inputs, formula, notes,
// phases[], and energy / cost when asked (docs/hardware.md, "JSON").
std::string RenderMethod2Json(const Method2Result& result);

std::string RenderComparisonText(const Comparison& comparison,
                                 ComputeUnit unit = ComputeUnit::kFlop);
std::string RenderComparisonJson(const Comparison& comparison);

// `trainflops chips [FILTER]`: one line per row, peaks in TFLOP/s.
std::string RenderChipListText(const std::vector<const Chip*>& chips, const HardwareDb& db);
std::string RenderChipListJson(const std::vector<const Chip*>& chips, const HardwareDb& db);
// `trainflops chips show NAME`: every field of one row.
std::string RenderChipText(const ChipMatch& match, const HardwareDb& db);
std::string RenderChipJson(const ChipMatch& match, const HardwareDb& db);

}  // namespace trainflops

#endif  // TRAINFLOPS_SRC_REPORT_HARDWARE_REPORT_H_
