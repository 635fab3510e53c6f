// The statement: every phase estimated once, then totalled under each
// regime's counting rules, compared with its threshold, and the form's fields.
#include <cmath>

#include "core/text.h"
#include "internal.h"
#include "trainflops/transformer.h"
#include "trainflops/trend.h"
#include "trainflops/units.h"

namespace trainflops::ledger {
namespace {

// The rule that decides a phase under a regime, with the record's reading.
RegimePhase RuleFor(const Regime& g, const LedgerRecord& record, const LedgerPhase& p,
                    bool& count) {
  const bool public_data = p.kind == PhaseKind::kSyntheticData && p.public_data.value_or(false);
  const RegimeRule& rule = public_data && g.public_synthetic ? *g.public_synthetic
                                                             : g.rules[static_cast<size_t>(p.kind)];
  RegimePhase out{p.name, rule.rule, rule.open, ""};
  count = rule.count;
  for (const LedgerReading& r : record.readings) {
    if (r.regime == g.id && r.kind == p.kind && r.count != count) {
      count = r.count;
      out.override_reason = r.reason;
    }
  }
  return out;
}

// A date checked by the record's parser, as a decimal year; 0 when empty.
double YearOf(const std::string& date) {
  if (date.empty()) return 0;
  Result<double> y = DecimalYear(date);
  return y.ok() ? *y : 0;
}

Part OriginalPart(const LedgerOriginal& o) {
  const Distribution& d = o.flop->distribution;
  return {"original model '" + o.model + "'", d.Median(), d.Median(), d.Quantile(0.05),
          d.Quantile(0.95)};
}

void SetThreshold(const Regime& g, const LedgerRecord& record, RegimeStatement& s) {
  if (g.test == "threshold") {
    s.threshold = g.flop;
    s.threshold_rule = "greater than " + TwoFigures(g.flop) + " FLOP (" + g.source + ")";
    return;
  }
  const LedgerOriginal& o = *record.original;
  if (o.flop) {
    s.original_flop = o.flop->distribution.Median();
    s.threshold = *s.original_flop / 3;
    s.threshold_rule = "greater than one third of the original's " +
                       FormatScientific(*s.original_flop, 3) +
                       " FLOP = " + FormatScientific(s.threshold, 3) + " FLOP (" + g.source + ")";
    return;
  }
  const double base = o.systemic_risk ? g.fallback_systemic : g.fallback_gpai;
  s.threshold = base / 3;
  s.threshold_rule = "the original's compute is unknown: one third of " + TwoFigures(base) +
                     " FLOP (" + (o.systemic_risk ? "a systemic-risk original" : "otherwise") +
                     ") = " + FormatScientific(s.threshold, 3) + " FLOP (" + g.source + ")";
}

// Where the plan's counted compute crosses the threshold, phases taken in the
// record's order.
std::string Crossing(const std::vector<Part>& counted, double threshold, double so_far) {
  if (so_far > threshold) return "already crossed by the progress so far";
  double before = 0, plan = 0;
  for (const Part& p : counted) plan += p.point;
  for (const Part& p : counted) {
    if (before + p.point > threshold && p.point > 0) {
      const double within = (threshold - before) / p.point;
      const std::string when = p.end > p.start
                                   ? ", around " + DateOf(p.start + within * (p.end - p.start)) +
                                         " (the phase's schedule, at a steady rate)"
                                   : "";
      return "the plan crosses in phase '" + p.name + "' at " + FormatScientific(100 * within, 2) +
             "% of that phase" + when + " (" + FormatScientific(100 * threshold / plan, 2) +
             "% of the plan's counted compute; phases in the record's order)";
    }
    before += p.point;
  }
  return "the plan does not cross";
}

// The part that dominates a total's width and, for a phase, its own input
// that dominates the phase's width.
std::string Dominant(const WidthShare& part, const std::vector<LedgerPhaseResult>& phases) {
  std::string out = part.name + " (" + FormatScientific(100 * part.share, 2) + "% of the width";
  for (const LedgerPhaseResult& p : phases) {
    if (p.name == part.name && !p.width_shares.empty()) {
      out += "; within it, " + FormatWidthShares({p.width_shares.front()});
    }
  }
  return out + ")";
}

Result<RegimeStatement> StateRegime(const Regime& g, const LedgerRecord& record,
                                    const std::vector<LedgerPhaseResult>& phases, bool forecast) {
  RegimeStatement s;
  s.regime = g;
  std::vector<Part> parts;
  double so_far = 0;
  for (size_t i = 0; i < phases.size(); ++i) {
    const LedgerPhaseResult& r = phases[i];
    bool count = false;
    RegimePhase rp = RuleFor(g, record, record.phases[i], count);
    (count ? s.counted : s.left_out).push_back(rp);
    if (!count) continue;
    const double scale = std::max(1.0, r.done);  // an allowed overrun raises the plan
    parts.push_back({r.name, r.point * scale, r.median * scale, r.low * scale, r.high * scale,
                     YearOf(record.phases[i].start), YearOf(record.phases[i].end)});
    so_far += r.point * r.done;
  }
  if (g.includes_original && record.original && record.original->flop) {
    parts.insert(parts.begin(), OriginalPart(*record.original));
    so_far += parts.front().point;
  }
  SetThreshold(g, record, s);
  TF_ASSIGN_OR_RETURN(const Sum sum, SumParts(parts, record.uncertainty));
  s.total = sum.point;
  s.rounded = std::stod(TwoFigures(sum.point));
  s.median = sum.median;
  s.low = sum.low;
  s.high = sum.high;
  if (s.total > 0) s.probability_over = ProbabilityOver(s.median, {s.low, s.high}, s.threshold);
  if (g.error_margin) {
    // Nothing counted: nothing to be inaccurate about.
    if (s.total > 0) {
      s.margin = CheckMargin(s.total, {s.low, s.high}, g.error_margin->fraction);
    } else {
      s.margin = MarginCheck{g.error_margin->fraction, 0, 0, true};
    }
    if (!s.margin->within && !sum.shares.empty()) {
      s.dominant = Dominant(sum.shares.front(), phases);
    }
  }
  if (forecast) {
    s.so_far = so_far;
    s.crossing = Crossing(parts, s.threshold, so_far);
  }
  return s;
}

Result<std::vector<Regime>> SelectRegimes(const LedgerRecord& record) {
  std::vector<Regime> out;
  for (const Regime& g : RegimesOf(record)) {
    const bool listed =
        std::find(record.regimes.begin(), record.regimes.end(), g.id) != record.regimes.end();
    if (!record.regimes.empty() && !listed) continue;
    if (g.test == "one_third" && !record.original) {
      if (!listed) continue;  // every regime by default: the test needs an original
      return Status::InvalidArgument(
          "key 'regimes': '" + g.id +
          "' is a modification test and the record has no 'original' (accepted: original: "
          "{model: NAME, flop: 3e24} or {model: NAME, unknown: gpai | systemic_risk})");
    }
    out.push_back(g);
  }
  return out;
}

void FormFields(LedgerStatement& s) {
  double chip_hours = 0, days = 0, energy = 0, all = 0;
  bool any_hours = false, any_days = false, any_energy = false;
  for (const LedgerPhaseResult& p : s.phases) {
    all += p.point;
    if (p.chip_hours) chip_hours += *p.chip_hours, any_hours = true;
    if (p.wall_clock_days) days += *p.wall_clock_days, any_days = true;
    if (p.energy_mwh) energy += *p.energy_mwh, any_energy = true;
    if (!p.energy_method.empty()) s.energy_method = p.energy_method;
  }
  double basis = all;
  for (const RegimeStatement& r : s.regimes) {
    if (r.regime.id == "eu_cumulative") basis = r.total;
  }
  s.order_of_magnitude = basis > 0 ? static_cast<int>(std::floor(std::log10(basis))) : 0;
  if (any_hours) s.hardware_days = chip_hours / 24;
  if (any_days) s.wall_clock_days = days;
  if (any_energy) s.energy_mwh = energy;
}

// The form's inference task: 2 x active parameters x tokens, by the
// language-model path's forward-only stage.
Status InferenceTask(LedgerStatement& s) {
  const LedgerInferenceTask& t = *s.record.inference_task;
  TransformerDims dims;
  dims.params = t.parameters.distribution.Median();
  TF_ASSIGN_OR_RETURN(const TransformerModel model, ModelFromDims(dims, Convention::k6ND));
  const LlmStage stage{t.name, t.tokens.distribution.Median(), true};
  TF_ASSIGN_OR_RETURN(const LlmEstimate e, EstimateLlm(model, Convention::k6ND, {}, {stage}));
  s.inference_flop = e.estimate.training_flop;
  s.inference_formula = "2 x " + FormatScientific(*dims.params) + " active parameters x " +
                        FormatScientific(stage.tokens) +
                        " tokens = " + FormatCompute(*s.inference_flop);
  return Status::Ok();
}

}  // namespace
}  // namespace trainflops::ledger

namespace trainflops {

void AddAssumptions(std::vector<Assumption>& to, const std::vector<Assumption>& from) {
  for (const Assumption& a : from) {
    bool seen = false;
    for (const Assumption& b : to) seen = seen || (a.name == b.name && a.value == b.value);
    if (!seen) to.push_back(a);
  }
}

Result<LedgerStatement> BuildLedgerStatement(const LedgerRecord& record) {
  using namespace ledger;
  LedgerStatement s;
  s.record = record;
  TF_ASSIGN_OR_RETURN(const std::vector<Regime> regimes, SelectRegimes(record));
  for (const LedgerPhase& p : record.phases) {
    TF_ASSIGN_OR_RETURN(LedgerPhaseResult r, EstimatePhase(p, record));
    s.forecast = s.forecast || p.planned;
    AddAssumptions(s.assumptions, r.estimate.assumptions);
    s.phases.push_back(std::move(r));
  }
  for (const Regime& g : regimes) {
    TF_ASSIGN_OR_RETURN(RegimeStatement r, StateRegime(g, record, s.phases, s.forecast));
    s.regimes.push_back(std::move(r));
  }
  FormFields(s);
  if (record.inference_task) TF_RETURN_IF_ERROR(InferenceTask(s));
  s.approach = DescribeApproach(s);
  return s;
}

}  // namespace trainflops
