// `hardware`: Method 2, chips x time x peak FLOP/s x utilization, as a typed
// request. A run has phases (one per kind of hardware); fields set on
// `all_phases` apply to every phase that does not set its own, and a range
// given there is one quantity for every phase (docs/hardware.md).
#ifndef TRAINFLOPS_HARDWARE_REQUEST_H_
#define TRAINFLOPS_HARDWARE_REQUEST_H_

#include <optional>
#include <string>
#include <vector>

#include "trainflops/hardware.h"
#include "trainflops/method2.h"
#include "trainflops/request.h"
#include "trainflops/thresholds.h"
#include "trainflops/units.h"

namespace trainflops {

// One phase. [range] fields also take a range or a distribution.
struct PhaseRequest {
  std::optional<std::string> chip;   // as named in papers ("V100"); "unknown": imputed from year
  std::optional<std::string> count;  // chips [range]
  std::optional<std::string> time;   // wall-clock: "14.8 days", "355h" [range]
  std::optional<std::string> chip_hours;           // instead of count and time [range]
  std::optional<std::string> chip_days;            // instead of count and time [range]
  std::optional<std::string> precision;            // fp64|fp32|tf32|fp16|bf16|fp8|int8
  std::optional<std::string> tensor_cores;         // yes | no
  std::optional<std::string> utilization;          // (0, 1], "33%", or a preset [range]
  std::optional<std::string> peak_flops;           // per chip, replacing the table's [range]
  std::optional<std::string> tdp;                  // watts per chip, for the energy
  std::optional<std::string> price_per_chip_hour;  // USD: adds the cost
};

// The fields of a PhaseRequest by name ("chip_hours"), for front ends that
// fill or merge phases field by field.
struct PhaseField {
  const char* name;
  std::optional<std::string> PhaseRequest::*member;
};
const std::vector<PhaseField>& PhaseFields();

struct HardwareRequest {
  PhaseRequest all_phases;
  std::vector<PhaseRequest> phases;      // empty: one phase, all_phases
  std::optional<std::string> year;       // training year (precision rule, imputation)
  std::optional<std::string> llm;        // yes | no: a large language model
  std::optional<std::string> industry;   // yes | no: a large industry model
  bool energy = false;                   // add the energy
  std::optional<std::string> pue;        // >= 1; implies energy
  std::optional<InputFile> hardware_db;  // a table with data/hardware.csv's columns
  UncertaintyRequest uncertainty;
  std::optional<std::string> unit;  // of the text report's result line
  bool thresholds = false;          // check the result against the legal thresholds
};

class HardwareResult final : public Report {
 public:
  HardwareResult(Method2Result result, ComputeUnit unit,
                 std::optional<std::vector<ThresholdCheck>> checks = std::nullopt)
      : result_(std::move(result)), unit_(unit), checks_(std::move(checks)) {}
  const Method2Result& result() const { return result_; }
  // With `thresholds`: the result (its 90% interval when it has one) against
  // each threshold of data/thresholds.yaml.
  const std::optional<std::vector<ThresholdCheck>>& checks() const { return checks_; }
  std::string Json() const override;
  std::string Text() const override;
  std::optional<Citation> Cite() const override;

 private:
  Method2Result result_;
  ComputeUnit unit_;
  std::optional<std::vector<ThresholdCheck>> checks_;
};

Result<HardwareResult> Run(const HardwareRequest& request);

// The parts Run(CompareRequest) shares: the options with their phases, and
// the hardware table (bundled, or request.hardware_db).
Result<Method2Options> Method2OptionsFrom(const HardwareRequest& request);
Result<HardwareDb> HardwareDbFrom(const std::optional<InputFile>& file);
Result<ComputeUnit> UnitFrom(const std::optional<std::string>& unit);

}  // namespace trainflops

#endif  // TRAINFLOPS_HARDWARE_REQUEST_H_
