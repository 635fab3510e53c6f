// What the cost and power lines share (method2_line.h).
#include "method2_line.h"

#include <cmath>
#include <utility>

#include "tables.h"
#include "trainflops/uncertainty.h"
#include "trainflops/units.h"

namespace trainflops::evidence {
namespace {

// ln of the geometric standard deviation of a lognormal with the same
// 5%-95% spread as `d`.
double LogSpread(const Distribution& d) {
  const double lo = d.Quantile(0.05), hi = d.Quantile(0.95);
  return std::log(hi / lo) / (2 * kZ95);
}

// A TPU's FP32 rate is its vector unit's, not the training rate: the
// lines read TPUs at bf16 unless told otherwise.
bool IsTpuChip(const std::string& name, const HardwareDb& db) {
  Result<ChipMatch> match = db.Find(name);
  return match.ok() && match.value().chip->type == "TPU";
}

}  // namespace

Result<Distribution> ProductOf(const std::vector<Factor>& factors, std::string* note) {
  Result<Distribution> exact = ExactProduct(factors);
  if (exact.ok()) return exact;
  double median = 1, variance = 0;
  for (const Factor& f : factors) {
    median *= std::pow(f.distribution.Median(), f.exponent);
    if (!f.distribution.is_point()) variance += std::pow(LogSpread(f.distribution), 2);
  }
  if (note) {
    *note =
        "several uncertain factors: read as a lognormal with the product of their medians and "
        "their 5%-95% spreads added in log space";
  }
  return Distribution::LogNormal(median, std::exp(std::sqrt(variance)));
}

Status CheckPositive(const Uncertain& value, const std::string& line, const std::string& field) {
  const Distribution& d = value.distribution;
  if (!(d.Median() > 0) || !(d.SupportLow() > 0 || d.kind() == DistributionKind::kLogNormal)) {
    const std::string shown = value.text.empty() ? d.Describe() : "'" + value.text + "'";
    return Status::InvalidArgument("evidence line '" + line + "': `" + field + "` " + shown +
                                   " must be greater than 0");
  }
  return Status::Ok();
}

Result<LineChip> ChooseChip(const EvidenceHardware& hardware, const EvidenceRequest& request,
                            const HardwareDb& db, const std::string& line) {
  LineChip out;
  std::string name = hardware.chip;
  if (name.empty()) {
    if (!request.year) {
      return Status::InvalidArgument("evidence line '" + line +
                                     "': give `hardware.chip`, or the request's `year` so that "
                                     "the year's typical training chip is assumed");
    }
    TF_ASSIGN_OR_RETURN(Sourced typical, TypicalChipName(*request.year));
    name = typical.explanation;
    out.typical = true;
    out.source = typical.source;
  }
  Result<const Chip*> chip = ResolveChip(name, db);
  if (!chip.ok()) {
    return Status::NotFound("evidence line '" + line + "': " + chip.status().message());
  }
  out.chip = chip.value();
  return out;
}

void AddRange(Phase& phase, const std::string& option, const Distribution& value,
              const std::string& text, const std::string& note) {
  if (value.is_point()) return;
  InputRange r;
  r.option = option;
  r.value.distribution = value;
  r.value.text = text;
  r.value.note = note;
  phase.ranges.push_back(std::move(r));
}

Result<EvidenceLineResult> RunMethod2Line(const EvidenceLine& line, Phase phase,
                                          const EvidenceHardware& hardware,
                                          const EvidenceRequest& request,
                                          const Derivation& derivation, const HardwareDb& db) {
  phase.precision = hardware.precision;
  const bool tpu_bf16 = !hardware.precision && IsTpuChip(phase.chip, db);
  if (tpu_bf16) phase.precision = Precision::kBf16;
  phase.utilization = hardware.utilization;
  phase.tensor_cores = hardware.tensor_cores;
  Method2Options options;
  options.phases.push_back(std::move(phase));
  options.year = request.year;
  options.llm = request.llm;
  // A model known only through indirect evidence (money, power, a cluster)
  // is taken for a large industry model, whose runs use FP16/BF16 (Sevilla
  // et al. 2022, 'which number format', rule 2; rule 1 still gives FP32
  // before 2019).
  options.industry = true;
  options.uncertainty = request.uncertainty;
  options.uncertainty.default_ranges = true;
  Result<Method2Result> m2 = EstimateMethod2(options, db);
  if (!m2.ok())
    return Status::InvalidArgument("evidence line '" + line.name + "': " + m2.status().message());
  EvidenceLineResult out;
  if (tpu_bf16) {
    m2.value().estimate.assumptions.insert(
        m2.value().estimate.assumptions.begin(),
        {"number format", "bf16 (a TPU trains on its bf16 matrix units)",
         "Google Cloud, TPU system architecture: the matrix units multiply in bf16 "
         "(https://cloud.google.com/tpu/docs/system-architecture-tpu-vm); Jouppi et al. 2021 on "
         "bf16 training on TPU v2 and v3; Epoch AI takes a chip's tensor FP16/BF16 rate first "
         "(training-cost-trends, get_flop_per_second)"});
  } else if (!hardware.precision) {
    m2.value().estimate.assumptions.insert(
        m2.value().estimate.assumptions.begin(),
        {"large industry model", "yes (the number format follows rule 2: FP16/BF16)",
         "convention of the evidence lines: a model estimated from indirect evidence is a large "
         "industry model (Sevilla et al. 2022, 'which number format', rule 2)"});
  }
  out.name = line.name;
  out.kind = line.kind();
  out.source = line.source;
  // For the implied quantities where this line meets another (combine.cc).
  out.capacity_flop = m2.value().capacity_flop;
  out.chip_hours = m2.value().chip_seconds / kSecondsPerHour;
  out.estimate = std::move(m2.value().estimate);
  Estimate& e = out.estimate;
  e.formula.insert(e.formula.begin(), derivation.formula.begin(), derivation.formula.end());
  e.inputs.insert(e.inputs.begin(), derivation.inputs.begin(), derivation.inputs.end());
  e.assumptions.insert(e.assumptions.begin(), derivation.assumptions.begin(),
                       derivation.assumptions.end());
  e.notes.insert(e.notes.begin(), derivation.notes.begin(), derivation.notes.end());
  if (!m2.value().uncertainty) {
    return Status::Internal("evidence line '" + line.name + "': Method 2 gave no interval");
  }
  out.uncertainty = std::move(*m2.value().uncertainty);
  return out;
}

}  // namespace trainflops::evidence
