// Method 2 of Sevilla et al. 2022: hardware and training time.
//
//   training FLOP = chips x training time x peak FLOP/s x utilization
//                                             (Sevilla et al. 2022, "Method 2"; Amodei & Hernandez 2018, appendix)
//
// summed over phases (different hardware in different periods). The peak
// comes from the hardware table at the precision the run used, chosen by the
// the rules of Sevilla et al. 2022 when the paper does not say; the utilization defaults to
// Epoch's recommendations (Sevilla et al. 2022). Energy (TDP x chip-hours x PUE) and cost
// (price per chip-hour) are optional extras.
#ifndef TRAINFLOPS_METHOD2_H_
#define TRAINFLOPS_METHOD2_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "trainflops/duration.h"
#include "trainflops/estimate.h"
#include "trainflops/hardware.h"
#include "trainflops/status.h"
#include "trainflops/uncertain_estimate.h"
#include "trainflops/uncertainty.h"

namespace trainflops {

// Whether NVIDIA tensor cores reached their peak. kAuto follows Sevilla et al. 2022's
// caveat: use the tensor-core rate but lower the default utilization to 0.30,
// as in its Image GPT example. kYes: the tensor-core rate is attainable (no
// lowering). kNo: the plain (non-tensor) FP16 rate.
enum class TensorCores { kAuto, kYes, kNo };

struct Utilization {
  double value = 0;
  std::string label;   // "0.33 (openai-gpu)"
  std::string source;  // where the number comes from
};

// A number in (0, 1], a percentage ("33%"), or a preset: openai-gpu (0.33)
// and openai-cpu (0.17) from the Amodei & Hernandez 2018 appendix; epoch-llm (0.30) and
// epoch-other (0.40) from Sevilla et al. 2022.
Result<Utilization> ParseUtilization(std::string_view text);

// The default of Sevilla et al. 2022: 0.30 for large language models, 0.40 otherwise, and
// 0.30 when an NVIDIA tensor-core peak is used under TensorCores::kAuto.
Utilization DefaultUtilization(bool llm, bool tensor_caveat);

// An input of a phase written as a range or a distribution. The phase's
// point field (count, time, chip_time, utilization, peak_flops) holds the
// distribution's median, so the point estimate stays a plain Method 2.
struct InputRange {
  std::string option;  // "--time", "--utilization", ... as the user wrote it
  // In the field's unit: chips, seconds (time and chip-time), a fraction,
  // FLOP/s per chip.
  Uncertain value;
  // Written before the first --chip: one quantity shared by every phase (one
  // draw per sample), not an independent one per phase.
  bool all_phases = false;
};

// One period of training on one kind of hardware.
struct Phase {
  std::string chip;  // as written; empty or "unknown": imputed from the year
  std::optional<double> count;
  std::optional<Duration> time;       // wall-clock, with count
  std::optional<Duration> chip_time;  // or the total chip-time ("2500 days" = 2500 chip-days)
  std::optional<Precision> precision;
  TensorCores tensor_cores = TensorCores::kAuto;
  std::optional<Utilization> utilization;
  std::optional<double> peak_flops;           // overrides the table (FLOP/s per chip)
  std::optional<double> tdp_w;                // overrides the table (W per chip)
  std::optional<double> price_per_chip_hour;  // USD
  std::vector<InputRange> ranges;             // the inputs above that are uncertain
};

struct Method2Options {
  std::vector<Phase> phases;
  std::optional<int> year;       // training year: precision rule and imputation
  std::optional<bool> llm;       // large language model: utilization 0.30
  std::optional<bool> industry;  // large industry model: FP16/BF16 (default: as llm)
  bool energy = false;           // report energy (also implied by pue)
  std::optional<double> pue;     // data-centre power usage effectiveness, >= 1
  // The Monte Carlo runs when a phase has ranges or default_ranges is set.
  UncertaintyOptions uncertainty;
};

struct PhaseResult {
  std::string chip;         // canonical row name, or how the peak was obtained
  std::optional<Chip> row;  // the table row, when one was used
  std::string lookup;       // which row and why, or how the peak was imputed
  bool imputed = false;
  double count = 0;             // 0 when only the chip-time was given
  std::string time_text;        // "10 days", "2500 chip-days"
  bool from_chip_time = false;  // given as chip-time (--chip-hours/--chip-days)
  double seconds = 0;           // wall-clock, 0 when unknown
  double chip_seconds = 0;
  std::string precision;  // "fp16", or "as given" with --peak-flops
  std::string rate;       // the table column used, e.g. "fp16 (tensor cores, ...)"
  std::string precision_rule;
  double peak = 0;  // FLOP/s per chip
  std::string peak_source;
  Utilization utilization;
  double training_flop = 0;
  std::optional<double> tdp_w;
  std::optional<double> energy_kwh;
  std::optional<double> price_per_chip_hour;
  std::optional<double> cost_usd;
};

struct Method2Result {
  Estimate estimate;  // method "method2_hardware"
  std::vector<PhaseResult> phases;
  double chip_seconds = 0;
  double capacity_flop = 0;    // sum of chip-seconds x peak: the FLOP at utilization 1
  double peak_flop_per_s = 0;  // chip-time weighted mean peak: capacity / chip_seconds
  double utilization = 0;      // effective: training_flop / capacity
  bool energy = false;
  double pue = 1.0;
  std::optional<double> energy_kwh;
  std::optional<double> cost_usd;
  // The median and 90% interval when an input is a range or --uncertainty is
  // asked: utilization (when assumed), a guessed precision and an imputed
  // peak take their default ranges (DefaultRanges()).
  std::optional<UncertaintyReport> uncertainty;
};

// Errors name the phase ("phase 2 (--chip K80)"), the option and what is accepted.
Result<Method2Result> EstimateMethod2(const Method2Options& options, const HardwareDb& db);

}  // namespace trainflops

#endif  // TRAINFLOPS_METHOD2_H_
