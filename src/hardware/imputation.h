// Peak FLOP/s when the paper does not say which hardware it used.
//
// 2012-2021: the Sevilla et al. 2022 year-average table ("imputing GPU performance when the
// hardware model is unknown"): the mean peak of the GPUs used that year by 35
// papers in Epoch's dataset, for FP64, FP32 and FP16. Cells the article marks
// "na" stay unavailable.
//
// After 2021 (the article's table ends there), trainflops extends it from the
// hardware table: the geometric mean, over every row released in the three
// calendar years before the training year (Y-3, Y-2, Y-1), of the row's peak
// in that format. Papers of year Y mostly use chips released a year or more
// earlier, hence the window ends at Y-1. The 16-bit column ("fp16", also used
// for bf16) takes each row's fastest 16-bit rate: max(fp16_tensor, bf16,
// plain fp16), as the article's own FP16 averages from 2017 on are tensor rates.
#ifndef TRAINFLOPS_SRC_HARDWARE_IMPUTATION_H_
#define TRAINFLOPS_SRC_HARDWARE_IMPUTATION_H_

#include <optional>
#include <string>
#include <vector>

#include "trainflops/hardware.h"
#include "trainflops/status.h"

namespace trainflops {

inline constexpr int kFirstSeedYear = 2012;
inline constexpr int kLastSeedYear = 2021;
inline constexpr int kExtensionWindowYears = 3;

struct YearAverage {
  int year = 0;
  std::optional<double> fp64, fp32, fp16;  // FLOP/s; nullopt for the article's "na"
};

// The table of Sevilla et al. 2022, 2012 to 2021.
const std::vector<YearAverage>& SeedYearAverages();

struct ImputedPeak {
  double flop_per_s = 0;
  Precision precision = Precision::kFp32;
  std::string method;              // "Sevilla et al. 2022 year-average table" or "extension ..."
  std::string explanation;         // one sentence with the numbers
  std::vector<std::string> chips;  // rows averaged (extension only)
};

// The imputed peak for a training year: the table of Sevilla et al. 2022 for 2012-2021, the
// extension after 2021. Errors for years before 2012, "na" cells, formats the
// article's table lacks (tf32, fp8, int8 before 2022) and empty windows.
Result<ImputedPeak> ImputePeak(int year, Precision precision, const HardwareDb& db);

// The extension on its own (any year): geometric mean over rows released in
// [year - 3, year - 1] that have a rate for `precision`.
Result<ImputedPeak> ExtendedYearPeak(int year, Precision precision, const HardwareDb& db);

}  // namespace trainflops

#endif  // TRAINFLOPS_SRC_HARDWARE_IMPUTATION_H_
