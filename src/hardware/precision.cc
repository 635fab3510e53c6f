// Number formats and the table's rate columns.
#include <algorithm>

#include "core/text.h"
#include "trainflops/hardware.h"

namespace trainflops {
namespace {

struct PrecisionInfo {
  Precision precision;
  std::string_view name;
  std::vector<std::string> spellings;
};

const std::vector<PrecisionInfo>& PrecisionTable() {
  static const std::vector<PrecisionInfo> table = {
      {Precision::kFp64, "fp64", {"fp64", "float64", "double"}},
      {Precision::kFp32, "fp32", {"fp32", "float32", "single"}},
      {Precision::kTf32, "tf32", {"tf32", "tensorfloat32", "tensorfloat-32"}},
      {Precision::kFp16, "fp16", {"fp16", "float16", "half"}},
      {Precision::kBf16, "bf16", {"bf16", "bfloat16"}},
      {Precision::kFp8, "fp8", {"fp8", "float8"}},
      {Precision::kInt8, "int8", {"int8"}},
  };
  return table;
}

}  // namespace

std::string_view PrecisionName(Precision precision) {
  for (const PrecisionInfo& p : PrecisionTable()) {
    if (p.precision == precision) return p.name;
  }
  return "?";
}

const std::vector<Precision>& AllPrecisions() {
  static const std::vector<Precision> all = {Precision::kFp64, Precision::kFp32, Precision::kTf32,
                                             Precision::kFp16, Precision::kBf16, Precision::kFp8,
                                             Precision::kInt8};
  return all;
}

Result<Precision> ParsePrecision(std::string_view text) {
  const std::string word = ToLower(Trim(text));
  std::vector<std::string> names;
  for (const PrecisionInfo& p : PrecisionTable()) {
    names.emplace_back(p.name);
    if (std::find(p.spellings.begin(), p.spellings.end(), word) != p.spellings.end()) {
      return p.precision;
    }
  }
  return Status::InvalidArgument("unknown precision '" + std::string(Trim(text)) + "'" +
                                 DidYouMean(word, names) + " (accepted: " + JoinNames(names) + ")");
}

std::string_view RateColumnName(RateColumn column) {
  static constexpr std::string_view kNames[] = {"fp64",        "fp32", "tf32", "fp16",
                                                "fp16_tensor", "bf16", "fp8",  "int8"};
  return kNames[static_cast<size_t>(column)];
}

std::string RateColumnLabel(RateColumn column) {
  switch (column) {
    case RateColumn::kFp16:
      return "fp16 (plain, no tensor cores)";
    case RateColumn::kFp16Tensor:
      return "fp16 (tensor cores, FP32 accumulate)";
    case RateColumn::kTf32:
      return "tf32 (tensor cores)";
    default:
      return std::string(RateColumnName(column));
  }
}

const std::vector<RateColumn>& AllRateColumns() {
  static const std::vector<RateColumn> all = {
      RateColumn::kFp64,       RateColumn::kFp32, RateColumn::kTf32, RateColumn::kFp16,
      RateColumn::kFp16Tensor, RateColumn::kBf16, RateColumn::kFp8,  RateColumn::kInt8};
  return all;
}

bool IsTensorColumn(RateColumn column) {
  return column == RateColumn::kFp16Tensor || column == RateColumn::kBf16 ||
         column == RateColumn::kTf32 || column == RateColumn::kFp8;
}

}  // namespace trainflops
