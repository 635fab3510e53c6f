// Internal: which number format (and so which peak) a run used, by the
// the rules of Sevilla et al. 2022 when the paper does not say (Sevilla et al. 2022, "which number
// format").
#ifndef TRAINFLOPS_SRC_HARDWARE_PRECISION_RULE_H_
#define TRAINFLOPS_SRC_HARDWARE_PRECISION_RULE_H_

#include <optional>
#include <string>

#include "trainflops/hardware.h"
#include "trainflops/method2.h"

namespace trainflops::hardware {

struct RunContext {
  std::optional<int> year;
  bool industry = false;
  std::string industry_origin;  // "`industry` yes", "`llm` yes", "" when neither is given
  double chips = 0;             // the phase's chip count; 0 when not given (chip-hours)
};

struct PeakChoice {
  Precision precision = Precision::kFp32;
  RateColumn column = RateColumn::kFp32;
  double peak = 0;
  std::string rule;            // why this precision, with its source
  bool tensor_caveat = false;  // an NVIDIA tensor-core rate under TensorCores::kAuto
};

// The format the rules of Sevilla et al. 2022 give when --precision is absent:
//  1. a run before 2019 -> FP32 (FP16 was rare before 2019);
//  2. a large industry model (--industry yes, or --llm yes) -> FP16/BF16;
//  3. otherwise -> FP32, the frameworks' default (small academic runs),
// with two revisions (ChoosePeak) for chips with 16-bit tensor/matrix units:
// a run on kLargeRunChips or more chips, after 2018 or of unknown year and
// not marked `industry` no, is a large model's run -> its 16-bit tensor rate;
// and a run from kSixteenBitYear on -> the same, academic or not (measured on
// the record's format column: docs/hardware.md).
// `why` receives the rule in words.
Precision RulePrecision(const RunContext& context, std::string* why);

// The peak of `chip` for the requested precision, or by the rules above.
// Errors when the chip lacks the precision, listing those it has.
Result<PeakChoice> ChoosePeak(const Chip& chip, std::optional<Precision> requested,
                              TensorCores tensor_cores, const RunContext& context);

// "fp32 1.06e13, fp16 (plain) 2.12e13" for error messages.
std::string AvailableRates(const Chip& chip);

}  // namespace trainflops::hardware

#endif  // TRAINFLOPS_SRC_HARDWARE_PRECISION_RULE_H_
