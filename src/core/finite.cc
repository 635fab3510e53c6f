// The finiteness gate of finite.h.
#include "core/finite.h"

#include <algorithm>
#include <cmath>

#include "trainflops/units.h"

namespace trainflops {
namespace {

// "epochs = 1e+308 (--epochs)" for the inputs most likely at fault: the
// largest when the result overflowed, the smallest when it underflowed.
std::string Culprits(std::vector<Input> inputs, bool largest) {
  std::sort(inputs.begin(), inputs.end(), [&](const Input& a, const Input& b) {
    const double x = std::fabs(a.value), y = std::fabs(b.value);
    return largest ? x > y : x < y;
  });
  std::string out;
  for (size_t i = 0; i < inputs.size() && i < 3; ++i) {
    out += (i ? ", " : "") + inputs[i].name + " = " + FormatScientific(inputs[i].value) +
           (inputs[i].origin.empty() ? "" : " (" + inputs[i].origin + ")");
  }
  return out;
}

}  // namespace

namespace {

// A figure past the smallest normal double (2.2e-308) has lost its digits and
// soon prints as 0; a FLOP figure is also printed in pfs-days, 8.64e19 times
// smaller, where it must not underflow either.
bool Underflows(const Figure& f) {
  if (f.value == 0) return false;
  if (!std::isnormal(f.value)) return true;
  return f.unit == "FLOP" && !std::isnormal(f.value / FlopPerUnit(ComputeUnit::kPetaflopSDay));
}

std::string WhatIsWrong(double value, bool underflow) {
  if (std::isinf(value)) {
    return "overflows: it would exceed 1.8e308, the largest number a double holds";
  }
  if (std::isnan(value)) return "is not a number (an overflowing input was multiplied by zero)";
  if (value == 0) return "is 0: an input is zero, or so small that the product underflows";
  if (value < 0) return "is negative (" + FormatScientific(value) + ")";
  if (underflow) {
    return "underflows: " + FormatScientific(value) +
           " is below 2.2e-308 (in FLOP or in pfs-days), the smallest normal number a double "
           "holds, and would print as 0";
  }
  return "";
}

Status RequireFinite(const std::vector<Figure>& figures, const std::vector<Input>& inputs,
                     bool allow_zero) {
  for (const Figure& f : figures) {
    const bool underflow = Underflows(f);
    if (std::isfinite(f.value) && (f.value > 0 || (allow_zero && f.value == 0)) && !underflow) {
      continue;
    }
    const bool overflow = !std::isfinite(f.value);
    const std::string culprits = Culprits(inputs, overflow);
    return Status::InvalidArgument(
        "the " + f.name + (f.unit.empty() ? "" : " (" + f.unit + ")") + " " +
        WhatIsWrong(f.value, underflow) +
        (culprits.empty() ? std::string("; check the inputs")
                          : "; check the " + std::string(overflow ? "largest" : "smallest") +
                                " inputs: " + culprits) +
        " (every figure printed must be a finite " +
        std::string(allow_zero ? "non-negative" : "positive") + " number)");
  }
  return Status::Ok();
}

}  // namespace

Status RequireFinitePositive(const std::vector<Figure>& figures, const std::vector<Input>& inputs) {
  return RequireFinite(figures, inputs, false);
}

Status RequireFiniteNonNegative(const std::vector<Figure>& figures,
                                const std::vector<Input>& inputs) {
  return RequireFinite(figures, inputs, true);
}

Status RequireFinitePositive(const Estimate& estimate) {
  return RequireFinitePositive({{"training compute", estimate.training_flop, "FLOP"}},
                               estimate.inputs);
}

}  // namespace trainflops
