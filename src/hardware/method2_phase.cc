// One phase of Method 2: chips x time x peak x utilization.
#include <cmath>

#include "method2_internal.h"
#include "imputation.h"
#include "trainflops/units.h"

namespace trainflops::hardware {
namespace {

bool IsUnknownChip(const std::string& chip) {
  const std::string key = NormalizeChipName(chip);
  return key.empty() || key == "unknown";
}

std::string RowSource(const Chip& chip, const HardwareDb& db, RateColumn column) {
  return "hardware table " + db.file() + " line " + std::to_string(chip.line) + ", column " +
         std::string(RateColumnName(column)) + (chip.source.empty() ? "" : "; " + chip.source);
}

// --peak-flops: the user's number replaces the table's.
Status GivenPeak(const Phase& phase, const HardwareDb& db, PhaseResult& r) {
  r.peak = *phase.peak_flops;
  r.peak_source = "given (`peak_flops`)";
  if (!IsUnknownChip(phase.chip)) {
    TF_ASSIGN_OR_RETURN(const ChipMatch match, db.Find(phase.chip));
    r.row = *match.chip;
    r.chip = match.chip->name;
    r.lookup = match.explanation + "; its table peak is replaced by `peak_flops`";
  } else {
    r.chip = "unspecified chip (peak given)";
    r.lookup = "no chip: the peak is given with `peak_flops`";
  }
  r.precision = phase.precision ? std::string(PrecisionName(*phase.precision)) : "as given";
  r.rate = (phase.precision ? r.precision : "unspecified") + std::string(" (peak given)");
  r.precision_rule = phase.precision ? "`precision` (given; the peak is `peak_flops`)"
                                     : "not applied: the peak was given with `peak_flops`";
  return Status::Ok();
}

// Unknown hardware: the Sevilla et al. 2022 year-average table, or its extension.
Status ImputedPeakFor(const Phase& phase, const RunContext& context, const HardwareDb& db,
                      PhaseResult& r) {
  if (!context.year) {
    return Status::InvalidArgument(
        "no chip given: give `chip` NAME, `peak_flops` F, or `year` Y to impute the peak from the "
        "training year (the Sevilla et al. 2022 year-average table)");
  }
  std::string why = "`precision` (given)";
  const Precision wanted = phase.precision ? *phase.precision : RulePrecision(context, &why);
  Result<ImputedPeak> imputed = ImputePeak(*context.year, wanted, db);
  if (!imputed.ok() && !phase.precision && wanted == Precision::kFp16) {
    imputed = ImputePeak(*context.year, Precision::kFp32, db);
    why +=
        "; but no FP16 average exists for " + std::to_string(*context.year) + ", so FP32 is used";
  }
  if (!imputed.ok()) return imputed.status();
  r.imputed = true;
  r.chip = "unknown (imputed " + std::to_string(*context.year) + " average)";
  r.lookup = "hardware unknown: peak imputed from the training year, " + imputed->explanation;
  r.peak = imputed->flop_per_s;
  r.peak_source = imputed->method;
  r.precision = std::string(PrecisionName(imputed->precision));
  r.rate = r.precision + " (year average)";
  r.precision_rule = why;
  return Status::Ok();
}

Status TablePeak(const Phase& phase, const RunContext& context, const HardwareDb& db,
                 PhaseResult& r, bool& caveat) {
  TF_ASSIGN_OR_RETURN(const ChipMatch match, db.Find(phase.chip));
  RunContext run = context;
  run.chips = phase.count.value_or(0);
  TF_ASSIGN_OR_RETURN(const PeakChoice choice,
                      ChoosePeak(*match.chip, phase.precision, phase.tensor_cores, run));
  r.row = *match.chip;
  r.chip = match.chip->name;
  r.lookup = match.explanation;
  r.peak = choice.peak;
  r.peak_source = RowSource(*match.chip, db, choice.column);
  r.precision = std::string(PrecisionName(choice.precision));
  r.rate = RateColumnLabel(choice.column);
  r.precision_rule = choice.rule;
  caveat = choice.tensor_caveat;
  return Status::Ok();
}

Status ChipTime(const Phase& phase, PhaseResult& r) {
  if (phase.time && phase.chip_time) {
    return Status::InvalidArgument(
        "give either `time` DURATION (with `count` N) or `chip_hours` H / `chip_days` D, not both");
  }
  if (phase.count && !(*phase.count > 0 && std::isfinite(*phase.count))) {
    return Status::InvalidArgument("`count` must be a number of chips greater than zero");
  }
  if (phase.time) {
    if (!phase.count) {
      return Status::InvalidArgument("`time` needs `count` N: how many chips ran for " +
                                     phase.time->ToString());
    }
    r.count = *phase.count;
    r.seconds = phase.time->seconds;
    r.chip_seconds = r.count * r.seconds;
    r.time_text = phase.time->ToString();
    return Status::Ok();
  }
  if (phase.chip_time) {
    r.from_chip_time = true;
    r.chip_seconds = phase.chip_time->seconds;
    r.count = phase.count.value_or(0);
    r.seconds = phase.count ? r.chip_seconds / r.count : 0;
    r.time_text = FormatScientific(phase.chip_time->amount) + " chip-" + phase.chip_time->unit;
    return Status::Ok();
  }
  return Status::InvalidArgument(
      "give the training time: `time` DURATION with `count` N, or `chip_hours` H / `chip_days` D");
}

}  // namespace

Result<PhaseResult> ResolvePhase(const Phase& phase, const RunContext& context, bool llm,
                                 const HardwareDb& db) {
  PhaseResult r;
  bool caveat = false;
  if (phase.peak_flops) {
    TF_RETURN_IF_ERROR(GivenPeak(phase, db, r));
  } else if (IsUnknownChip(phase.chip)) {
    TF_RETURN_IF_ERROR(ImputedPeakFor(phase, context, db, r));
  } else {
    TF_RETURN_IF_ERROR(TablePeak(phase, context, db, r, caveat));
  }
  TF_RETURN_IF_ERROR(ChipTime(phase, r));
  r.utilization = phase.utilization ? *phase.utilization : DefaultUtilization(llm, caveat);
  r.training_flop = r.chip_seconds * r.peak * r.utilization.value;
  if (!std::isfinite(r.training_flop)) {
    return Status::InvalidArgument("the estimate overflows (chips x time x peak is too large)");
  }
  r.tdp_w = phase.tdp_w ? phase.tdp_w : (r.row ? r.row->tdp_w : std::nullopt);
  r.price_per_chip_hour = phase.price_per_chip_hour;
  if (r.price_per_chip_hour) r.cost_usd = *r.price_per_chip_hour * r.chip_seconds / kSecondsPerHour;
  return r;
}

}  // namespace trainflops::hardware
