// The statement's layout (per regime the two-figure total, its interval, the
// threshold test, the error margin where the regime has one, and the phases
// counted and left out with their rules; the phases; the form's fields; the
// approach) and its Markdown, one line of the layout a line.
#include <string>
#include <utility>
#include <vector>

#include "ledger/internal.h"
#include "trainflops/thresholds.h"
#include "trainflops/units.h"

namespace trainflops {
namespace ledger {

StatementLine& StatementLine::Add(TextSpan::Style style, std::string text) {
  spans.push_back({style, std::move(text)});
  return *this;
}
StatementLine& StatementLine::Plain(std::string text) {
  return Add(TextSpan::Style::kPlain, std::move(text));
}
StatementLine& StatementLine::Emphasis(std::string text) {
  return Add(TextSpan::Style::kEmphasis, std::move(text));
}
StatementLine& StatementLine::Strong(std::string text) {
  return Add(TextSpan::Style::kStrong, std::move(text));
}
StatementLine& StatementLine::Code(std::string text) {
  return Add(TextSpan::Style::kCode, std::move(text));
}

namespace {

using Kind = StatementLine::Kind;
using Lines = std::vector<StatementLine>;

StatementLine& Add(Lines& out, Kind kind) {
  out.push_back({kind, {}});
  return out.back();
}

void Blank(Lines& out) { Add(out, Kind::kBlank); }

std::string Percent(double p) { return FormatScientific(100 * p, 2) + "%"; }

// "= 37.2%", or a bound for the tails ("< 0.1%").
std::string ProbabilityText(double p) {
  const std::string text = FormatProbability(p);
  return text[0] == '<' || text[0] == '>' ? text : "= " + text;
}

void RegimePhases(Lines& out, const char* title, const std::vector<RegimePhase>& ps) {
  if (ps.empty()) return;
  Blank(out);
  Add(out, Kind::kParagraph).Plain(std::string(title) + ":");
  Blank(out);
  for (const RegimePhase& p : ps) {
    StatementLine& line = Add(out, Kind::kItem).Plain(p.name + ": " + p.rule);
    if (p.open) line.Plain(" ").Emphasis("(an open reading)");
    if (!p.override_reason.empty()) {
      line.Plain(" ").Strong("The record's own reading: " + p.override_reason);
    }
  }
}

// The regime's error margin (its own rule, e.g. the EU guidelines' 30%), met
// or not, and what dominates the width when it is not.
void MarginLine(Lines& out, const RegimeMargin& rule, const RegimeStatement& r) {
  StatementLine& line =
      Add(out, Kind::kItem).Plain(Percent(rule.fraction) + " margin (" + rule.source + "): ");
  if (r.margin->within) {
    line.Plain("met");
  } else {
    line.Strong("not met");
  }
  line.Plain(" (interval " + Percent(r.margin->below) + " below, " + Percent(r.margin->above) +
             " above)" + (r.dominant.empty() ? "" : "; the width comes mostly from " + r.dominant));
}

void RegimeSection(Lines& out, const RegimeStatement& r) {
  const std::string total = r.so_far ? "Projected total (the plan)" : "Total";
  Blank(out);
  Add(out, Kind::kSection).Plain(r.regime.name);
  Blank(out);
  Add(out, Kind::kParagraph).Emphasis(r.regime.status + "; " + r.regime.source);
  Blank(out);
  Add(out, Kind::kItem)
      .Strong(total + ": " + TwoFigures(r.total) + " FLOP")
      .Plain(" (unrounded " + FormatScientific(r.total, 6) + "); 90% interval " +
             TwoFigures(r.low) + " to " + TwoFigures(r.high) + " FLOP, median " +
             TwoFigures(r.median));
  Add(out, Kind::kItem).Plain("Threshold: " + r.threshold_rule);
  const bool over = r.total > r.threshold;
  const std::string verdict =
      r.so_far ? (over ? "The plan is over the threshold" : "The plan is not over the threshold")
               : (over ? "Over the threshold" : "Not over the threshold");
  StatementLine& test = Add(out, Kind::kItem);
  if (over) {
    test.Strong(verdict);
  } else {
    test.Plain(verdict);
  }
  test.Plain("; P(over) " + ProbabilityText(r.probability_over));
  if (r.regime.error_margin && r.margin) MarginLine(out, *r.regime.error_margin, r);
  if (r.so_far) {
    Add(out, Kind::kItem)
        .Plain("Forecast: " + TwoFigures(*r.so_far) + " FLOP counted so far; " + *r.crossing);
  }
  RegimePhases(out, "Counted", r.counted);
  RegimePhases(out, "Left out", r.left_out);
}

void PhaseSection(Lines& out, const LedgerPhaseResult& p) {
  Blank(out);
  Add(out, Kind::kSubsection).Plain(p.name + " (" + std::string(PhaseKindName(p.kind)) + ")");
  Blank(out);
  Add(out, Kind::kItem).Plain("Method: " + p.method);
  Add(out, Kind::kItem)
      .Plain(TwoFigures(p.point) + " FLOP; 90% interval " + TwoFigures(p.low) + " to " +
             TwoFigures(p.high) + " FLOP");
  if (p.planned) Add(out, Kind::kItem).Plain("Planned; done so far: " + Percent(p.done));
  if (!p.source.url.empty() || !p.source.quote.empty()) {
    Add(out, Kind::kItem)
        .Plain("Source: " + p.source.url +
               (p.source.quote.empty() ? "" : " \"" + p.source.quote + "\""));
  }
  for (const std::string& f : p.estimate.formula) Add(out, Kind::kItem).Code(f);
  for (const Assumption& a : p.estimate.assumptions) {
    Add(out, Kind::kItem).Plain("Assumption: " + a.name + " " + a.value + " (" + a.source + ")");
  }
  for (const std::string& n : p.notes) Add(out, Kind::kItem).Plain("Note: " + n);
}

void FormSection(Lines& out, const LedgerStatement& s) {
  Blank(out);
  Add(out, Kind::kSection).Plain("Model documentation form");
  Blank(out);
  Add(out, Kind::kItem)
      .Plain("Order of magnitude: 10^" + std::to_string(s.order_of_magnitude) + " FLOP");
  if (s.hardware_days) {
    Add(out, Kind::kItem).Plain("Hardware-days: " + TwoFigures(*s.hardware_days) + " chip-days");
  }
  if (s.wall_clock_days) {
    Add(out, Kind::kItem).Plain("Wall-clock: " + FormatScientific(*s.wall_clock_days, 3) + " days");
  }
  if (s.energy_mwh) {
    Add(out, Kind::kItem)
        .Plain("Energy: " + TwoFigures(*s.energy_mwh) + " MWh (" + s.energy_method + ")");
  }
  if (s.inference_flop) Add(out, Kind::kItem).Plain("Inference task: " + s.inference_formula);
}

// A line as Markdown: its prefix, then each span in its markers.
std::string MarkdownOf(const StatementLine& line) {
  static constexpr const char* kPrefix[] = {"", "# ", "## ", "### ", "- ", ""};
  static constexpr const char* kMarker[] = {"", "*", "**", "`"};
  std::string out = kPrefix[static_cast<size_t>(line.kind)];
  for (const TextSpan& s : line.spans) {
    const char* marker = kMarker[static_cast<size_t>(s.style)];
    out += marker + s.text + marker;
  }
  return out;
}

}  // namespace

std::vector<StatementLine> LayOutStatement(const LedgerStatement& s) {
  Lines out;
  Add(out, Kind::kTitle).Plain("Compute statement: " + s.record.model);
  Blank(out);
  if (!s.record.provider.empty()) {
    Add(out, Kind::kParagraph).Plain("Provider: " + s.record.provider);
    Blank(out);
  }
  if (s.forecast) {
    Add(out, Kind::kParagraph)
        .Strong("Forecast")
        .Plain(": the record plans phases not yet (fully) run.");
    Blank(out);
  }
  if (s.record.original) {
    const LedgerOriginal& o = *s.record.original;
    Add(out, Kind::kParagraph)
        .Plain("Modifies: " + o.model + " (" +
               (o.flop ? FormatScientific(o.flop->distribution.Median(), 3) + " FLOP"
                       : std::string("compute unknown")) +
               ")");
  }
  for (const RegimeStatement& r : s.regimes) RegimeSection(out, r);
  Blank(out);
  Add(out, Kind::kSection).Plain("Phases");
  for (const LedgerPhaseResult& p : s.phases) PhaseSection(out, p);
  FormSection(out, s);
  Blank(out);
  Add(out, Kind::kSection).Plain("Approach");
  Blank(out);
  Add(out, Kind::kParagraph).Plain(s.approach);
  return out;
}

}  // namespace ledger

std::string RenderLedgerMarkdown(const LedgerStatement& statement) {
  std::string out;
  for (const ledger::StatementLine& line : ledger::LayOutStatement(statement)) {
    out += ledger::MarkdownOf(line) + "\n";
  }
  return out;
}

}  // namespace trainflops
