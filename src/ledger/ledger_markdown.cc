// The statement as Markdown: per regime the two-figure total, its interval,
// the threshold test and the phases counted and left out with their rules;
// the phases; the form's fields; the approach.
#include <sstream>

#include "internal.h"
#include "trainflops/units.h"

namespace trainflops {
namespace {

using ledger::TwoFigures;

std::string Percent(double p) { return FormatScientific(100 * p, 2) + "%"; }

// "= 37.2%", or a bound for the tails ("< 0.1%").
std::string ProbabilityText(double p) {
  const std::string text = FormatProbability(p);
  return text[0] == '<' || text[0] == '>' ? text : "= " + text;
}

void RegimePhases(std::ostringstream& o, const char* title, const std::vector<RegimePhase>& ps) {
  if (ps.empty()) return;
  o << "\n" << title << ":\n\n";
  for (const RegimePhase& p : ps) {
    o << "- " << p.name << ": " << p.rule << (p.open ? " *(an open reading)*" : "");
    if (!p.override_reason.empty())
      o << " **The record's own reading: " << p.override_reason << "**";
    o << "\n";
  }
}

void RegimeSection(std::ostringstream& o, const RegimeStatement& r) {
  const char* total = r.so_far ? "Projected total (the plan)" : "Total";
  o << "\n## " << r.regime.name << "\n\n";
  o << "*" << r.regime.status << "; " << r.regime.source << "*\n\n";
  o << "- **" << total << ": " << TwoFigures(r.total) << " FLOP** (unrounded "
    << FormatScientific(r.total, 6) << "); 90% interval " << TwoFigures(r.low) << " to "
    << TwoFigures(r.high) << " FLOP, median " << TwoFigures(r.median) << "\n";
  o << "- Threshold: " << r.threshold_rule << "\n";
  const bool over = r.total > r.threshold;
  o << "- "
    << (r.so_far
            ? (over ? "**The plan is over the threshold**" : "The plan is not over the threshold")
            : (over ? "**Over the threshold**" : "Not over the threshold"))
    << "; P(over) " << ProbabilityText(r.probability_over) << "\n";
  o << "- 30% margin (guidelines C(2025) 7719 ¶123): " << (r.margin.within ? "met" : "**not met**")
    << " (interval " << Percent(r.margin.below) << " below, " << Percent(r.margin.above)
    << " above)";
  if (!r.dominant.empty()) o << "; the width comes mostly from " << r.dominant;
  o << "\n";
  if (r.so_far) {
    o << "- Forecast: " << TwoFigures(*r.so_far) << " FLOP counted so far; " << *r.crossing << "\n";
  }
  RegimePhases(o, "Counted", r.counted);
  RegimePhases(o, "Left out", r.left_out);
}

void PhaseSection(std::ostringstream& o, const LedgerPhaseResult& p) {
  o << "\n### " << p.name << " (" << PhaseKindName(p.kind) << ")\n\n";
  o << "- Method: " << p.method << "\n";
  o << "- " << TwoFigures(p.point) << " FLOP; 90% interval " << TwoFigures(p.low) << " to "
    << TwoFigures(p.high) << " FLOP\n";
  if (p.planned) o << "- Planned; done so far: " << Percent(p.done) << "\n";
  if (!p.source.url.empty() || !p.source.quote.empty()) {
    o << "- Source: " << p.source.url
      << (p.source.quote.empty() ? "" : " \"" + p.source.quote + "\"") << "\n";
  }
  for (const std::string& f : p.estimate.formula) o << "- `" << f << "`\n";
  for (const Assumption& a : p.estimate.assumptions) {
    o << "- Assumption: " << a.name << " " << a.value << " (" << a.source << ")\n";
  }
  for (const std::string& n : p.notes) o << "- Note: " << n << "\n";
}

void FormSection(std::ostringstream& o, const LedgerStatement& s) {
  o << "\n## Model documentation form\n\n";
  o << "- Order of magnitude: 10^" << s.order_of_magnitude << " FLOP\n";
  if (s.hardware_days) o << "- Hardware-days: " << TwoFigures(*s.hardware_days) << " chip-days\n";
  if (s.wall_clock_days)
    o << "- Wall-clock: " << FormatScientific(*s.wall_clock_days, 3) << " days\n";
  if (s.energy_mwh) {
    o << "- Energy: " << TwoFigures(*s.energy_mwh) << " MWh (" << s.energy_method << ")\n";
  }
  if (s.inference_flop) o << "- Inference task: " << s.inference_formula << "\n";
}

}  // namespace

std::string RenderLedgerMarkdown(const LedgerStatement& s) {
  std::ostringstream o;
  o << "# Compute statement: " << s.record.model << "\n\n";
  if (!s.record.provider.empty()) o << "Provider: " << s.record.provider << "\n\n";
  if (s.forecast) o << "**Forecast**: the record plans phases not yet (fully) run.\n\n";
  if (s.record.original) {
    o << "Modifies: " << s.record.original->model << " ("
      << (s.record.original->flop
              ? FormatScientific(s.record.original->flop->distribution.Median(), 3) + " FLOP"
              : std::string("compute unknown"))
      << ")\n";
  }
  for (const RegimeStatement& r : s.regimes) RegimeSection(o, r);
  o << "\n## Phases\n";
  for (const LedgerPhaseResult& p : s.phases) PhaseSection(o, p);
  FormSection(o, s);
  o << "\n## Approach\n\n" << s.approach << "\n";
  return o.str();
}

}  // namespace trainflops
