// The finiteness gate of finite.h.
#include "trainflops/finite.h"

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

Status RequireFinite(const std::vector<Figure>& figures, const std::vector<Input>& inputs,
                     bool allow_zero) {
  for (const Figure& f : figures) {
    if (std::isfinite(f.value) && (f.value > 0 || (allow_zero && f.value == 0))) continue;
    const bool overflow = !std::isfinite(f.value);
    std::string what;
    if (std::isinf(f.value)) {
      what = "overflows: it would exceed 1.8e308, the largest number a double holds";
    } else if (std::isnan(f.value)) {
      what = "is not a number (an overflowing input was multiplied by zero)";
    } else if (f.value == 0) {
      what = "is 0: an input is zero, or so small that the product underflows";
    } else {
      what = "is negative (" + FormatScientific(f.value) + ")";
    }
    const std::string culprits = Culprits(inputs, overflow);
    return Status::InvalidArgument(
        "the " + f.name + (f.unit.empty() ? "" : " (" + f.unit + ")") + " " + what +
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
