// Internal: the pieces of a compute statement (phase.cc, sum.cc,
// statement.cc, forecast.cc) that the renderers and tests share.
#ifndef TRAINFLOPS_SRC_LEDGER_INTERNAL_H_
#define TRAINFLOPS_SRC_LEDGER_INTERNAL_H_

#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

#include "trainflops/ledger.h"

namespace trainflops::ledger {

// A summand with its point and 90% interval (a phase, or a period of one).
struct Part {
  std::string name;
  double point = 0, median = 0, low = 0, high = 0;
  // A planned phase's schedule in decimal years (DecimalYear), 0 when not given.
  double start = 0, end = 0;
};

// A decimal year as "YYYY-MM-DD" (the day it falls in).
std::string DateOf(double decimal_year);

struct Sum {
  double point = 0, median = 0, low = 0, high = 0;
  std::vector<WidthShare> shares;  // by part name, largest first
};

// The sum of independent parts by Monte Carlo: each part is a lognormal with
// its median and 90% interval (sigma = ln(high / low) / (2 x 1.645), as an
// evidence line is read), an exact part a point. No parts: all zero.
Result<Sum> SumParts(const std::vector<Part>& parts, const UncertaintyOptions& options);

// One regime of a regimes file (data/regimes.yaml's form); errors name
// `file` and the node's line.
Result<Regime> ParseRegimeNode(const std::string& file, const YAML::Node& node);

// The bundled regimes, then the record's own.
std::vector<Regime> RegimesOf(const LedgerRecord& record);

// One phase by its method; errors name the phase and the field.
Result<LedgerPhaseResult> EstimatePhase(const LedgerPhase& phase, const LedgerRecord& record);

// The fraction of a planned phase done by its progress; errors name the phase
// and the field (negative, or beyond the plan without allow_overrun).
Result<double> DoneFraction(const LedgerPhase& phase);

// "2.3e25": two significant figures.
std::string TwoFigures(double value);

// The plain-language description of the approach.
std::string DescribeApproach(const LedgerStatement& statement);

// ---- The statement's layout, shared by the Markdown and HTML renderers -----

// A run of a line's text: the statement's own emphasis around text taken
// literally (a phase name, a rule or a quotation may hold any character).
struct TextSpan {
  enum class Style { kPlain, kEmphasis, kStrong, kCode };
  Style style = Style::kPlain;
  std::string text;
};

// One line of the statement: a heading, a list item, a paragraph, or a blank
// line between blocks.
struct StatementLine {
  enum class Kind { kBlank, kTitle, kSection, kSubsection, kItem, kParagraph };
  Kind kind = Kind::kBlank;
  std::vector<TextSpan> spans;

  StatementLine& Add(TextSpan::Style style, std::string text);
  StatementLine& Plain(std::string text);
  StatementLine& Emphasis(std::string text);
  StatementLine& Strong(std::string text);
  StatementLine& Code(std::string text);
};

// The statement's lines, in the order the Markdown statement prints them.
std::vector<StatementLine> LayOutStatement(const LedgerStatement& statement);

}  // namespace trainflops::ledger

#endif  // TRAINFLOPS_SRC_LEDGER_INTERNAL_H_
