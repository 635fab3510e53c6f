// The generated plain-language description of the estimation approach that a
// notification accompanies its figure with (guidelines C(2025) 7719 ¶123:
// method, assumptions and uncertainties documented).
#include <sstream>

#include "internal.h"
#include "trainflops/units.h"

namespace trainflops::ledger {

std::string DescribeApproach(const LedgerStatement& s) {
  std::ostringstream o;
  o << "The training compute of " << s.record.model << " is estimated phase by phase, each "
    << "phase by the one method its evidence allows. ";
  for (const LedgerPhaseResult& p : s.phases) {
    o << "Phase '" << p.name << "' (" << PhaseKindName(p.kind) << "): " << p.method << ", "
      << FormatScientific(p.point, 3) << " FLOP, 90% interval " << FormatScientific(p.low, 3)
      << " to " << FormatScientific(p.high, 3) << " FLOP" << (p.planned ? ", planned" : "") << ". ";
  }
  o << "Assumptions: ";
  bool first = true;
  for (const Assumption& a : s.assumptions) {
    o << (first ? "" : "; ") << a.name << " " << a.value << " (" << a.source << ")";
    first = false;
  }
  o << (first ? "none beyond the given figures. " : ". ");
  o << "Each phase keeps its own interval; a regime's total adds the phases it counts by "
       "Monte Carlo, each phase read as a lognormal with its median and 90% interval, the "
       "phases independent. All operations count equally whatever their precision "
       "(guidelines C(2025) 7719 ¶125); activation recomputation is not counted (¶122). "
       "Figures are given to two significant figures.";
  return o.str();
}

}  // namespace trainflops::ledger
