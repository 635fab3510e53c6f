// One phase of a run record, estimated by the library's own estimators: a
// given figure and evidence lines through evidence.h, parameters x tokens
// through the language-model path (transformer.h), periods of chips x time
// through the evidence file's cluster line (Method 2); a model file by the
// request layer's estimate of it (Method 1, or the language-model path on a
// Hugging Face config). Nothing is recomputed
// here but the sum of periods and the energy of the chip-hours.
#include <cmath>

#include "../evidence/combine_internal.h"
#include "../evidence/tables.h"
#include "internal.h"
#include "trainflops/hardware.h"
#include "trainflops/transformer.h"
#include "trainflops/units.h"

namespace trainflops::ledger {
namespace {

EvidenceRequest RequestFor(const LedgerRecord& record, std::vector<EvidenceLine> lines) {
  EvidenceRequest q;
  q.model = record.model;
  q.year = record.year;
  q.llm = true;
  q.lines = std::move(lines);
  q.uncertainty = record.uncertainty;
  q.uncertainty.default_ranges = true;  // evidence lines always carry their default ranges
  return q;
}

void Append(Estimate& to, const Estimate& from, const std::string& prefix) {
  to.inputs.insert(to.inputs.end(), from.inputs.begin(), from.inputs.end());
  for (const std::string& f : from.formula) to.formula.push_back(prefix + f);
  AddAssumptions(to.assumptions, from.assumptions);
  to.notes.insert(to.notes.end(), from.notes.begin(), from.notes.end());
}

void SetInterval(LedgerPhaseResult& r, double point, const evidence::LineInterval& i) {
  r.point = point;
  r.median = i.median;
  r.low = i.low;
  r.high = i.high;
}

// `flop`: a figure line of evidence.h ("reported").
Status GivenFigure(const LedgerPhase& p, const LedgerRecord& record, LedgerPhaseResult& r) {
  EvidenceLine line{p.name, p.source, FigureEvidence{"reported", p.flop, {}, {}, {}}};
  const EvidenceRequest q = RequestFor(record, {line});
  TF_ASSIGN_OR_RETURN(EvidenceLineResult l, EstimateEvidenceLine(line, q, DefaultHardwareDb()));
  TF_ASSIGN_OR_RETURN(const evidence::LineInterval i, evidence::IntervalOf(l));
  r.method = "given figure";
  r.estimate = l.estimate;
  r.width_shares = l.uncertainty.width_shares;
  SetInterval(r, l.estimate.training_flop, i);
  return Status::Ok();
}

// `parameters` x `tokens` through the `tokens` command's path: 6ND, or the
// forward FLOP alone (2ND) for a forward-only phase.
Status ParametersTokens(const LedgerPhase& p, const LedgerRecord& record, LedgerPhaseResult& r) {
  TransformerDims dims;
  dims.params = p.parameters->distribution.Median();
  TF_ASSIGN_OR_RETURN(const TransformerModel model, ModelFromDims(dims, Convention::k6ND));
  const LlmStage stage{p.name, p.tokens->distribution.Median(), IsForwardOnly(p.kind)};
  TF_ASSIGN_OR_RETURN(LlmEstimate e, EstimateLlm(model, Convention::k6ND, {}, {stage}));
  LlmUncertainInputs inputs;
  inputs.stage_tokens = {p.tokens};
  inputs.params = p.parameters;
  inputs.params_option = "`parameters`";
  TF_RETURN_IF_ERROR(AddLlmUncertainty(inputs, record.uncertainty, e));
  r.method = stage.forward_only ? "2ND: forward passes, 2 x active parameters x tokens"
                                : "6ND: 6 x active parameters x tokens";
  r.estimate = e.estimate;
  const double point = e.estimate.training_flop;
  if (e.uncertainty) {
    const UncertaintySummary& s = e.uncertainty->summary;
    SetInterval(r, point, {s.median, s.low, s.high});
    r.width_shares = e.uncertainty->width_shares;
  } else {
    SetInterval(r, point, {point, point, point});
  }
  return Status::Ok();
}

// The energy of a period: chip-hours x the chip's TDP x server overhead x PUE,
// each default the middle of its range (data/evidence/power_defaults.csv).
std::optional<double> PeriodEnergyMwh(const EvidenceLine& line, double chip_hours,
                                      const LedgerRecord& record, std::string& method) {
  const auto& c = std::get<ClusterEvidence>(line.evidence);
  if (c.hardware.chip.empty() || !record.year) return std::nullopt;
  Result<ChipMatch> match = DefaultHardwareDb().Find(c.hardware.chip);
  if (!match.ok()) return std::nullopt;
  Result<evidence::Range> tdp = evidence::ChipPower(*match->chip);
  Result<evidence::Range> overhead = evidence::ServerOverhead(*match->chip);
  Result<evidence::Range> pue = evidence::Pue(*record.year);
  if (!tdp.ok() || !overhead.ok() || !pue.ok()) return std::nullopt;
  method = "chip-hours x TDP (" + tdp->source + ") x server overhead " +
           FormatScientific(overhead->Mid(), 3) + " (" + overhead->source + ") x PUE " +
           FormatScientific(pue->Mid(), 3) + " (" + pue->source + ")";
  return chip_hours * tdp->Mid() * overhead->Mid() * pue->Mid() / 1e6;
}

// `hardware`: each period a cluster line (Method 2), the periods summed.
Status Hardware(const LedgerPhase& p, const LedgerRecord& record, LedgerPhaseResult& r) {
  const EvidenceRequest q = RequestFor(record, p.hardware);
  std::vector<Part> parts;
  double chip_hours = 0, days = 0, energy = 0;
  bool all_days = true, all_energy = true;
  std::vector<WidthShare> line_shares;
  for (const EvidenceLine& line : p.hardware) {
    TF_ASSIGN_OR_RETURN(EvidenceLineResult l, EstimateEvidenceLine(line, q, DefaultHardwareDb()));
    TF_ASSIGN_OR_RETURN(const evidence::LineInterval i, evidence::IntervalOf(l));
    parts.push_back({line.name, l.estimate.training_flop, i.median, i.low, i.high});
    line_shares = l.uncertainty.width_shares;
    Append(r.estimate, l.estimate, p.hardware.size() > 1 ? line.name + ": " : "");
    chip_hours += l.chip_hours.value_or(0);
    const auto& c = std::get<ClusterEvidence>(line.evidence);
    all_days = all_days && c.duration_s.has_value();
    if (c.duration_s) days += c.duration_s->distribution.Median() / 86400;
    const std::optional<double> mwh =
        PeriodEnergyMwh(line, l.chip_hours.value_or(0), record, r.energy_method);
    all_energy = all_energy && mwh.has_value();
    energy += mwh.value_or(0);
  }
  TF_ASSIGN_OR_RETURN(const Sum sum, SumParts(parts, record.uncertainty));
  r.method = "hardware x time (Method 2): chips x hours x peak FLOP/s x utilization" +
             std::string(parts.size() > 1 ? ", periods summed" : "");
  r.estimate.method = "method2_hardware";
  r.estimate.training_flop = sum.point;
  SetInterval(r, sum.point, {sum.median, sum.low, sum.high});
  // One period: its own inputs' shares (utilization, ...); several: the periods'.
  r.width_shares = p.hardware.size() == 1 ? line_shares : sum.shares;
  if (chip_hours > 0) r.chip_hours = chip_hours;
  if (all_days) r.wall_clock_days = days;
  if (all_energy && chip_hours > 0) r.energy_mwh = energy;
  return Status::Ok();
}

// `evidence`: the lines combined by evidence.h (precision-weighted in log space).
Status Evidence(const LedgerPhase& p, const LedgerRecord& record, LedgerPhaseResult& r) {
  const EvidenceRequest q = RequestFor(record, p.evidence);
  TF_ASSIGN_OR_RETURN(const EvidenceResult e, EstimateEvidence(q, DefaultHardwareDb()));
  r.method = "lines of evidence, combined (" + e.combination_rule + ")";
  for (const EvidenceLineResult& l : e.lines) Append(r.estimate, l.estimate, l.name + ": ");
  r.estimate.method = "evidence";
  r.estimate.training_flop = e.median;
  SetInterval(r, e.median, {e.median, e.low, e.high});
  r.notes.insert(r.notes.end(), e.notes.begin(), e.notes.end());
  return Status::Ok();
}

// `architecture` or `hf_config`: the file's estimate, made by the request
// layer (the library reads no file); a record built without it is refused.
Status ModelFile(const LedgerPhase& p, LedgerPhaseResult& r) {
  if (!p.file_estimate) {
    const bool architecture = !p.architecture.empty();
    return Status::InvalidArgument(
        "key '" + std::string(architecture ? "architecture" : "hf_config") + "': the file '" +
        (architecture ? p.architecture : p.hf_config) +
        "' was not read: a record's model files are read beside the record by the command line "
        "(`trainflops ledger RUN.yaml`); elsewhere give the phase by another method");
  }
  const LedgerFileEstimate& f = *p.file_estimate;
  r.method = f.method;
  r.estimate = f.estimate;
  r.width_shares = f.width_shares;
  SetInterval(r, f.estimate.training_flop, {f.median, f.low, f.high});
  return Status::Ok();
}

}  // namespace

Result<LedgerPhaseResult> EstimatePhase(const LedgerPhase& p, const LedgerRecord& record) {
  LedgerPhaseResult r;
  r.name = p.name;
  r.kind = p.kind;
  r.source = p.source;
  r.planned = p.planned;
  Status s = p.flop                ? GivenFigure(p, record, r)
             : p.parameters        ? ParametersTokens(p, record, r)
             : !p.hardware.empty() ? Hardware(p, record, r)
             : !p.evidence.empty() ? Evidence(p, record, r)
                                   : ModelFile(p, r);
  if (!s.ok()) return s.WithContext("phase '" + p.name + "'");
  if (p.kind == PhaseKind::kSyntheticData && p.generated) {
    r.notes.push_back("the compute is that of generating all " + FormatCount(*p.generated) +
                      " samples" +
                      (p.kept ? ", of which " + FormatCount(*p.kept) + " were kept (the " +
                                    FormatCount(*p.generated - *p.kept) +
                                    " discarded count too: guidelines "
                                    "C(2025) 7719 ¶119)"
                              : std::string()));
  }
  TF_ASSIGN_OR_RETURN(r.done, DoneFraction(p));
  return r;
}

}  // namespace trainflops::ledger
