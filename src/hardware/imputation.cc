// Imputing the peak FLOP/s of unknown hardware from the training year.
#include "imputation.h"

#include <algorithm>
#include <cmath>

#include "trainflops/units.h"

namespace trainflops {
namespace {

constexpr const char* kSeedTable =
    "Sevilla et al. 2022 year-average table (mean peak of the GPUs used by 35 papers of that year)";

// The value of `chip` that the extension averages for `precision`.
std::optional<double> RateFor(const Chip& chip, Precision precision) {
  switch (precision) {
    case Precision::kFp64:
      return chip.Rate(RateColumn::kFp64);
    case Precision::kFp32:
      return chip.Rate(RateColumn::kFp32);
    case Precision::kTf32:
      return chip.Rate(RateColumn::kTf32);
    case Precision::kFp16:
    case Precision::kBf16: {  // the fastest 16-bit rate, as the FP16 column of Sevilla et al. 2022
      std::optional<double> best;
      for (RateColumn c : {RateColumn::kFp16Tensor, RateColumn::kBf16, RateColumn::kFp16}) {
        if (auto r = chip.Rate(c); r && (!best || *r > *best)) best = r;
      }
      return best;
    }
    case Precision::kFp8:
      return chip.Rate(RateColumn::kFp8);
    case Precision::kInt8:
      return chip.Rate(RateColumn::kInt8);
  }
  return std::nullopt;
}

std::string Name(Precision p) { return std::string(PrecisionName(p)); }

}  // namespace

const std::vector<YearAverage>& SeedYearAverages() {
  // Sevilla et al. 2022, "imputing GPU performance when the hardware model is unknown".
  static const std::vector<YearAverage> table = {
      {2012, 1.98e11, 1.58e12, std::nullopt}, {2013, 1.98e11, 1.58e12, std::nullopt},
      {2014, 9.54e11, 3.35e12, std::nullopt}, {2015, 5.08e11, 4.96e12, 9.43e12},
      {2016, 2.81e12, 6.83e12, std::nullopt}, {2017, 2.26e12, 5.82e12, 1.87e13},
      {2018, 2.91e12, 9.37e12, 1.10e14},      {2019, 3.89e12, 6.79e13, 4.20e14},
      {2020, 7.45e12, 5.81e13, 4.20e14},      {2021, 1.05e13, 6.47e13, 3.66e14},
  };
  return table;
}

Result<ImputedPeak> ExtendedYearPeak(int year, Precision precision, const HardwareDb& db) {
  const int first = year - kExtensionWindowYears;
  const int last = year - 1;
  double log_sum = 0;
  ImputedPeak out;
  out.precision = precision;
  for (const Chip& chip : db.Rows()) {
    if (chip.release_year < first || chip.release_year > last) continue;
    const std::optional<double> rate = RateFor(chip, precision);
    if (!rate) continue;
    log_sum += std::log(*rate);
    out.chips.push_back(chip.name);
  }
  const std::string window = std::to_string(first) + "-" + std::to_string(last);
  if (out.chips.empty()) {
    return Status::InvalidArgument("cannot impute a " + Name(precision) + " peak for " +
                                   std::to_string(year) + ": no row of " + db.file() +
                                   " released in " + window + " has a " + Name(precision) +
                                   " rate");
  }
  const double n = static_cast<double>(out.chips.size());
  out.flop_per_s = std::exp(log_sum / n);
  out.method = "extension of the Sevilla et al. 2022 table: geometric mean of the " +
               Name(precision) + " peaks of the rows released in " + window + " (" + db.file() +
               ")";
  out.explanation = "geometric mean of " + std::to_string(out.chips.size()) + " rows released in " +
                    window + " = " + FormatScientific(out.flop_per_s) + " FLOP/s";
  return out;
}

Result<ImputedPeak> ImputePeak(int year, Precision precision, const HardwareDb& db) {
  if (year > kLastSeedYear) return ExtendedYearPeak(year, precision, db);
  if (year < kFirstSeedYear) {
    return Status::InvalidArgument(
        "cannot impute a peak for " + std::to_string(year) +
        ": the Sevilla et al. 2022 year-average table starts in 2012 (accepted: "
        "2012 and later; or give `chip` or `peak_flops`)");
  }
  const auto& table = SeedYearAverages();
  const auto it = std::find_if(table.begin(), table.end(),
                               [&](const YearAverage& y) { return y.year == year; });
  std::optional<double> value;
  if (precision == Precision::kFp64) value = it->fp64;
  if (precision == Precision::kFp32) value = it->fp32;
  if (precision == Precision::kFp16 || precision == Precision::kBf16) value = it->fp16;
  if (!value) {
    const bool column = precision == Precision::kFp64 || precision == Precision::kFp32 ||
                        precision == Precision::kFp16 || precision == Precision::kBf16;
    std::string has = "fp64, fp32";
    if (it->fp16) has += ", fp16";
    return Status::InvalidArgument(
        "cannot impute a " + Name(precision) + " peak for " + std::to_string(year) + ": " +
        (column ? "the Sevilla et al. 2022 table gives 'na' for that year"
                : "the Sevilla et al. 2022 table has only FP64, FP32 and FP16 columns") +
        " (available for " + std::to_string(year) + ": " + has + ")");
  }
  ImputedPeak out;
  out.flop_per_s = *value;
  out.precision = precision;
  out.method = kSeedTable;
  out.explanation =
      std::to_string(year) + " average " +
      (precision == Precision::kBf16 ? std::string("fp16 (used for bf16)") : Name(precision)) +
      " peak = " + FormatScientific(*value, 3) + " FLOP/s";
  return out;
}

}  // namespace trainflops
