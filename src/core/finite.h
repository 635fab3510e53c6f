// The finiteness gate: every figure trainflops prints as an answer (FLOP,
// ratios, costs, energy, interval bounds) is a finite positive number, or the
// estimate is refused with a message naming the inputs that overflowed. A
// double holds at most about 1.8e308; inputs such as `--epochs 1e308` or a
// tensor of 18 dimensions of 1e18 elements go past it, and "inf FLOP",
// "$inf" or "(1 + nan)" must never be printed as a result.
#ifndef TRAINFLOPS_SRC_CORE_FINITE_H_
#define TRAINFLOPS_SRC_CORE_FINITE_H_

#include <string>
#include <vector>

#include "trainflops/estimate.h"
#include "trainflops/status.h"

namespace trainflops {

// One printed figure: "training compute", 3.1e23, "FLOP".
struct Figure {
  std::string name;
  double value = 0;
  std::string unit;
};

// OK when every figure is finite and above zero. Otherwise InvalidArgument
// naming the first bad figure, what went wrong (overflow past 1.8e308, not a
// number, zero or negative) and the inputs most likely responsible: the
// largest of `inputs` for an overflow, the smallest for an underflow to 0.
Status RequireFinitePositive(const std::vector<Figure>& figures, const std::vector<Input>& inputs);

// The same, but zero is accepted: the cost of one layer (a flatten layer
// costs 0 FLOP), where only an overflow is wrong.
Status RequireFiniteNonNegative(const std::vector<Figure>& figures,
                                const std::vector<Input>& inputs);

// The gate on an estimate's training compute, with its own inputs.
Status RequireFinitePositive(const Estimate& estimate);

}  // namespace trainflops

#endif  // TRAINFLOPS_SRC_CORE_FINITE_H_
