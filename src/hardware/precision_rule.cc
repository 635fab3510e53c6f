// Sevilla et al. 2022, "which number format": the precision a run used, and its peak.
#include "precision_rule.h"

#include <optional>
#include <vector>

#include "core/text.h"
#include "trainflops/defaults.h"
#include "trainflops/units.h"

namespace trainflops::hardware {
namespace {

std::string ShortLabel(RateColumn c) {
  if (c == RateColumn::kFp16) return "fp16 (plain)";
  if (c == RateColumn::kFp16Tensor) return "fp16 (tensor cores)";
  return std::string(RateColumnName(c));
}

// The format of each rate column; both FP16 columns are fp16.
Precision PrecisionOf(RateColumn c) {
  static const std::pair<RateColumn, Precision> kFormats[] = {
      {RateColumn::kFp64, Precision::kFp64},       {RateColumn::kFp32, Precision::kFp32},
      {RateColumn::kTf32, Precision::kTf32},       {RateColumn::kFp16, Precision::kFp16},
      {RateColumn::kFp16Tensor, Precision::kFp16}, {RateColumn::kBf16, Precision::kBf16},
      {RateColumn::kFp8, Precision::kFp8},         {RateColumn::kInt8, Precision::kInt8}};
  for (const auto& [column, precision] : kFormats) {
    if (column == c) return precision;
  }
  return Precision::kFp32;
}

// The columns that hold `p`, in order of preference: fp16 has a tensor-core
// and a plain column, which --tensor-cores chooses between.
std::vector<RateColumn> ColumnsOf(Precision p, TensorCores tc) {
  std::vector<RateColumn> out;
  for (RateColumn c : AllRateColumns()) {
    if (PrecisionOf(c) != p) continue;
    if (c == RateColumn::kFp16Tensor && tc == TensorCores::kNo) continue;
    if (c == RateColumn::kFp16 && tc == TensorCores::kYes) continue;
    out.push_back(c);
  }
  if (out.size() == 2) std::swap(out[0], out[1]);  // fp16: tensor before plain
  return out;
}

// The fastest of `columns` the chip has (the first on a tie).
std::optional<RateColumn> Fastest(const Chip& chip, const std::vector<RateColumn>& columns) {
  std::optional<RateColumn> best;
  for (RateColumn c : columns) {
    if (chip.Rate(c) && (!best || *chip.Rate(c) > *chip.Rate(*best))) best = c;
  }
  return best;
}

// The chip's 16-bit training rate: tensor/matrix FP16 or BF16, else plain FP16.
std::optional<RateColumn> Sixteen(const Chip& chip, TensorCores tc) {
  if (tc == TensorCores::kNo) return Fastest(chip, {RateColumn::kFp16});
  const auto tensor = Fastest(chip, {RateColumn::kFp16Tensor, RateColumn::kBf16});
  if (tensor || tc == TensorCores::kYes) return tensor;
  return Fastest(chip, {RateColumn::kFp16});
}

PeakChoice Make(const Chip& chip, RateColumn column, std::string rule, TensorCores tc) {
  PeakChoice c;
  c.column = column;
  c.precision = PrecisionOf(column);
  c.peak = *chip.Rate(column);
  c.rule = std::move(rule);
  c.tensor_caveat =
      ToLower(chip.vendor) == "nvidia" && IsTensorColumn(column) && tc == TensorCores::kAuto;
  return c;
}

Status Lacks(const Chip& chip, const std::string& what, const std::string& advice) {
  return Status::InvalidArgument("'" + chip.name + "' has no " + what +
                                 " rate in the hardware table (it has: " + AvailableRates(chip) +
                                 "); " + advice);
}

// A format the chip's row lacks: the nearest one it runs, same width first.
// BF16 and FP16 are both 16-bit (V100: no bf16, its fp16 tensor rate); TF32
// and FP32 both carry FP32 data; TPU matrix units multiply FP32 work in bf16
// (Google Cloud TPU docs, "bfloat16: the secret to high performance").
std::vector<Precision> Fallbacks(Precision p) {
  switch (p) {
    case Precision::kBf16:
      return {Precision::kFp16};
    case Precision::kFp16:
      return {Precision::kBf16};
    case Precision::kFp32:
      return {Precision::kTf32, Precision::kBf16};
    case Precision::kTf32:
      return {Precision::kFp32};
    default:
      return {};
  }
}

std::optional<PeakChoice> Fallback(const Chip& chip, Precision p, TensorCores tc) {
  if (tc != TensorCores::kAuto) return std::nullopt;
  for (Precision other : Fallbacks(p)) {
    for (RateColumn c : ColumnsOf(other, tc)) {
      if (!chip.Rate(c)) continue;
      return Make(chip, c,
                  "`precision` " + std::string(PrecisionName(p)) + " (given), but '" + chip.name +
                      "' has no " + std::string(PrecisionName(p)) +
                      " rate in the hardware table: the nearest format it runs, " +
                      RateColumnLabel(c) + ", is used",
                  tc);
    }
  }
  return std::nullopt;
}

Result<PeakChoice> Explicit(const Chip& chip, Precision p, TensorCores tc) {
  const std::string name(PrecisionName(p));
  const bool tensor_only = p == Precision::kTf32 || p == Precision::kBf16 || p == Precision::kFp8;
  const bool no_tensor = p == Precision::kFp64 || p == Precision::kFp32 || p == Precision::kInt8;
  if (tc == TensorCores::kYes && no_tensor) {
    return Status::InvalidArgument("`tensor_cores` yes: the table has no tensor-core " + name +
                                   " rate (FP32 work on tensor cores is `precision` tf32)");
  }
  if (tc == TensorCores::kNo && tensor_only) {
    return Status::InvalidArgument("`tensor_cores` no: the table's " + name +
                                   " rates are tensor/matrix-unit rates; `tensor_cores` no "
                                   "applies to fp16 (the plain FP16 rate)");
  }
  const std::vector<RateColumn> columns = ColumnsOf(p, tc);
  for (RateColumn c : columns) {  // in order of preference, not speed
    if (!chip.Rate(c)) continue;
    std::string rule = "`precision` " + name + " (given)";
    if (c == RateColumn::kFp16Tensor && tc == TensorCores::kAuto) {
      rule += "; the tensor-core rate (`tensor_cores` no for the plain FP16 rate)";
    }
    return Make(chip, c, rule, tc);
  }
  if (std::optional<PeakChoice> nearest = Fallback(chip, p, tc)) return *nearest;
  const std::string what = p != Precision::kFp16     ? name
                           : tc == TensorCores::kNo  ? "plain (non-tensor) fp16"
                           : tc == TensorCores::kYes ? "tensor-core fp16"
                                                     : "fp16";
  return Lacks(chip, what, "choose one of those with `precision`, or give `peak_flops`");
}

// The revision of rule 2 for large runs (defaults.h, kLargeRunChips): since
// 2018, large-scale training uses 16-bit mixed precision on tensor/matrix
// units (Micikevicius et al. 2018, "Mixed Precision Training"; the defaults of
// Megatron-LM, DeepSpeed and TPU training). Rule 1 (before 2019) and an
// explicit `industry` no keep FP32.
std::optional<std::string> LargeRunRule(const RunContext& context,
                                        std::optional<RateColumn> sixteen) {
  const bool industry_said_no = !context.industry && !context.industry_origin.empty();
  const bool recent = !context.year || *context.year >= 2019;
  if (industry_said_no || !recent || context.chips < kLargeRunChips || !sixteen ||
      !IsTensorColumn(*sixteen)) {
    return std::nullopt;
  }
  return "FP16/BF16: a run on " + FormatCount(context.chips) + " chips (at least " +
         FormatCount(kLargeRunChips) + ") " +
         (context.year ? "from " + std::to_string(*context.year) : "of unknown year") +
         " is a large model's run, and large runs on tensor/matrix units have trained in 16-bit "
         "mixed precision since 2018 (Micikevicius et al. 2018; this revises Sevilla et al. "
         "2022, 'which number format', rule 2, which asks whether the model is a large industry "
         "one; `precision` fp32 or `industry` no to override)";
}

// The revision of rule 3 for recent runs (defaults.h, kSixteenBitYear): the
// record's format column shows 16-bit mixed precision as the norm from 2021
// for academic runs too (PyTorch's automatic mixed precision, torch.cuda.amp,
// made it one line in 2020). A known year is needed: the record says nothing
// about runs of unknown year.
std::optional<std::string> RecentRunRule(const RunContext& context,
                                         std::optional<RateColumn> sixteen) {
  if (!context.year || *context.year < kSixteenBitYear || !sixteen || !IsTensorColumn(*sixteen)) {
    return std::nullopt;
  }
  return "FP16/BF16: a run from " + std::to_string(*context.year) +
         " on a chip with 16-bit tensor/matrix units; from " + std::to_string(kSixteenBitYear) +
         " on, 73 of the 76 runs of Epoch AI's Notable AI Models (development half) that state "
         "their number format trained in 16 or 8 bits, academic runs included (this revises "
         "Sevilla et al. 2022, 'which number format', rule 3; `precision` fp32 to override)";
}

}  // namespace

std::string AvailableRates(const Chip& chip) {
  std::vector<std::string> out;
  for (RateColumn c : AllRateColumns()) {
    if (auto r = chip.Rate(c))
      out.push_back(ShortLabel(c) + " " + FormatScientific(*r) + " FLOP/s");
  }
  return out.empty() ? "no peak FLOP/s at all" : JoinNames(out);
}

Precision RulePrecision(const RunContext& context, std::string* why) {
  // Both year rules stay silent without a year: rule 1 (FP32 before 2019)
  // and the recent-run revision of rule 3 (RecentRunRule).
  const std::string unknown_year =
      context.year ? ""
                   : "; training year unknown: give `year` to apply the rules that depend on it "
                     "(FP32 before 2019; 16-bit on a chip with 16-bit tensor/matrix units from " +
                         std::to_string(kSixteenBitYear) + " on)";
  if (context.year && *context.year < 2019) {
    *why = "FP32: the run is from " + std::to_string(*context.year) +
           ", before 2019, when FP16 training was rare (Sevilla et al. 2022, 'which number "
           "format', rule 1)";
    return Precision::kFp32;
  }
  if (context.industry) {
    *why = "FP16/BF16: a large industry model (" + context.industry_origin +
           ") is assumed to use the fastest format, FP16 or bfloat16 (Sevilla et al. 2022, 'which "
           "number "
           "format', rule 2)" +
           unknown_year;
    return Precision::kFp16;
  }
  *why =
      "FP32: not marked as a large industry model (`industry` yes), so the frameworks' "
      "default FP32 is assumed, as for small academic runs (Sevilla et al. 2022, 'which number "
      "format', "
      "rule 2)" +
      unknown_year;
  return Precision::kFp32;
}

Result<PeakChoice> ChoosePeak(const Chip& chip, std::optional<Precision> requested, TensorCores tc,
                              const RunContext& context) {
  if (requested) return Explicit(chip, *requested, tc);
  if (tc == TensorCores::kYes) {
    if (auto c = Sixteen(chip, tc)) {
      return Make(chip, *c, "FP16/BF16 on tensor cores: `tensor_cores` yes says the run used them",
                  tc);
    }
    return Lacks(chip, "tensor-core", "drop `tensor_cores` yes or give `peak_flops`");
  }
  std::string why;
  const Precision wanted = RulePrecision(context, &why);
  const std::optional<RateColumn> sixteen = Sixteen(chip, tc);
  if (wanted == Precision::kFp32 && !context.industry && tc == TensorCores::kAuto) {
    if (std::optional<std::string> large = LargeRunRule(context, sixteen)) {
      return Make(chip, *sixteen, *large, tc);
    }
    if (std::optional<std::string> recent = RecentRunRule(context, sixteen)) {
      return Make(chip, *sixteen, *recent, tc);
    }
  }
  if (wanted == Precision::kFp32 && chip.Rate(RateColumn::kFp32)) {
    return Make(chip, RateColumn::kFp32, why, tc);
  }
  if (wanted == Precision::kFp16 && sixteen) return Make(chip, *sixteen, why, tc);
  // The wanted format is missing: fall back to the other training format.
  if (wanted == Precision::kFp32 && sixteen) {
    return Make(chip, *sixteen,
                why +
                    "; but the table has no FP32 rate for this chip, so its "
                    "16-bit rate is used",
                tc);
  }
  if (wanted == Precision::kFp16 && chip.Rate(RateColumn::kFp32)) {
    return Make(chip, RateColumn::kFp32,
                why +
                    "; but the table has no FP16/BF16 rate for this "
                    "chip, so FP32 is used",
                tc);
  }
  if (!chip.HasAnyRate()) {
    return Status::InvalidArgument("the hardware table has no peak FLOP/s for '" + chip.name +
                                   "'; give `peak_flops` F");
  }
  return Lacks(chip, "FP32 or FP16/BF16", "give `precision` with one of those, or `peak_flops`");
}

}  // namespace trainflops::hardware
