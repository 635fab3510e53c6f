// Internal pieces of Method 2: one phase, and the explanation of the result.
#ifndef TRAINFLOPS_SRC_HARDWARE_METHOD2_INTERNAL_H_
#define TRAINFLOPS_SRC_HARDWARE_METHOD2_INTERNAL_H_

#include "precision_rule.h"
#include "trainflops/method2.h"

namespace trainflops::hardware {

// Resolves the hardware, chip-time, precision, peak and utilization of one
// phase and its FLOP. Energy and cost are left to the caller.
Result<PhaseResult> ResolvePhase(const Phase& phase, const RunContext& context, bool llm,
                                 const HardwareDb& db);

// "$1234.50"; below half a cent in significant digits ("$1.92e-297"), as
// "$0.00" would read as free.
std::string Usd(double v);

// Fills result.estimate (inputs, assumptions, formula, notes) from the phases.
void ExplainMethod2(const Method2Options& options, Method2Result& result);

// Sets result.uncertainty when a phase has ranges or default ranges are asked
// (method2_uncertainty.cc).
Status AddMethod2Uncertainty(const Method2Options& options, Method2Result& result);

}  // namespace trainflops::hardware

#endif  // TRAINFLOPS_SRC_HARDWARE_METHOD2_INTERNAL_H_
