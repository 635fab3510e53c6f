// The sum of a statement's parts (phases, or the periods of a phase) with
// its interval, by the uncertainty subsystem's Monte Carlo of a sum of terms.
#include <chrono>
#include <cmath>
#include <cstdio>

#include "../evidence/combine_internal.h"
#include "internal.h"

namespace trainflops::ledger {

Result<Sum> SumParts(const std::vector<Part>& parts, const UncertaintyOptions& options) {
  Sum sum;
  QuantityList list;
  std::vector<UncertainTerm> terms;
  bool exact = true;
  for (const Part& p : parts) {
    sum.point += p.point;
    if (!(p.point > 0)) continue;
    UncertainTerm term{p.name, p.point, {}};
    Distribution ratio = Distribution::Point(p.median / p.point);
    if (p.high > p.low) {
      // The part's median and 90% interval as a lognormal, relative to its point.
      TF_ASSIGN_OR_RETURN(
          ratio,
          Distribution::LogNormal(p.median / p.point, std::exp(evidence::SigmaOf(p.low, p.high))));
      exact = false;
    }
    term.quantities.push_back(
        list.Add("", {p.name, ratio.Describe(), "the part's own 90% interval", std::move(ratio)}));
    terms.push_back(std::move(term));
  }
  if (exact || terms.empty()) {
    sum.median = sum.low = sum.high = sum.point;
    return sum;
  }
  TF_ASSIGN_OR_RETURN(const UncertaintyReport report, PropagateTerms(terms, list, options));
  sum.median = report.summary.median;
  sum.low = report.summary.low;
  sum.high = report.summary.high;
  sum.shares = report.width_shares;
  return sum;
}

std::string DateOf(double decimal_year) {
  using namespace std::chrono;
  const int y = static_cast<int>(std::floor(decimal_year));
  const sys_days first = year_month_day{year{y}, January, day{1}};
  const int length = year{y}.is_leap() ? 366 : 365;
  const auto offset = static_cast<int>(std::floor((decimal_year - y) * length));
  const year_month_day date{first + days{offset}};
  char text[16];
  std::snprintf(text, sizeof text, "%04d-%02u-%02u", static_cast<int>(date.year()),
                static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()));
  return text;
}

std::string TwoFigures(double value) {
  if (value == 0) return "0";
  char text[32];
  std::snprintf(text, sizeof text, "%.1e", value);
  // "7.5e+22" -> "7.5e22", "1.0e+23" -> "1.0e23".
  std::string s(text);
  const size_t e = s.find("e+");
  if (e != std::string::npos) s.erase(e + 1, 1);
  const size_t z = s.find("e0");
  if (z != std::string::npos) s.erase(z + 1, 1);
  return s;
}

}  // namespace trainflops::ledger
