// Method 1 against Method 2: ratio, reconciling utilization, agreement.
#include "trainflops/compare.h"

#include <algorithm>
#include <cmath>

#include "core/finite.h"
#include "trainflops/units.h"

namespace trainflops {

Result<Estimate> EstimateSixND(double params, double tokens) {
  if (!(params > 0 && std::isfinite(params)) || !(tokens > 0 && std::isfinite(tokens))) {
    return Status::InvalidArgument("`params` and `tokens` must be finite and greater than zero");
  }
  Estimate e;
  e.method = "method1_6nd";
  e.training_flop = 6 * params * tokens;
  if (!std::isfinite(e.training_flop)) return Status::InvalidArgument("6 x N x D overflows");
  e.inputs = {{"params", params, "parameters", "`params`"},
              {"tokens", tokens, "tokens", "`tokens`"}};
  e.formula = {"6 x N x D = 6 x " + FormatScientific(params) + " x " + FormatScientific(tokens) +
               " = " + FormatCompute(e.training_flop)};
  e.assumptions = {{"FLOP per parameter per token", "6 = 2 forward + 4 backward",
                    "forward ≈ 2 x parameters FLOP per token and a 2:1 backward/forward ratio "
                    "(Sevilla et al. 2022, "
                    "Method 1); C ≈ 6ND (Kaplan et al. 2020)"}};
  e.notes = {
      "6ND ignores attention over the context and embeddings; the attention-aware "
      "conventions (`convention` kaplan, palm, chinchilla or megatron) count them"};
  return e;
}

Result<Estimate> GivenMethod1(double training_flop, const std::string& origin) {
  if (!(training_flop > 0 && std::isfinite(training_flop))) {
    return Status::InvalidArgument("the Method 1 figure must be finite and greater than zero");
  }
  Estimate e;
  e.method = "method1_given";
  e.training_flop = training_flop;
  e.inputs = {{"training_flop", training_flop, "FLOP", origin}};
  e.formula = {"given: " + FormatCompute(training_flop)};
  e.assumptions = {{"Method 1 figure", FormatCompute(training_flop), "given (" + origin + ")"}};
  return e;
}

Result<Comparison> Compare(Estimate method1, std::string method1_source, Method2Result method2) {
  const double m1 = method1.training_flop;
  const double m2 = method2.estimate.training_flop;
  if (!(m1 > 0) || !(m2 > 0)) {
    return Status::InvalidArgument("cannot compare: Method 1 gives " + FormatCompute(m1) +
                                   " and Method 2 " + FormatCompute(m2) +
                                   " (both must be greater than zero; does the spec have a "
                                   "training section?)");
  }
  std::vector<Input> inputs = method1.inputs;
  inputs.insert(inputs.end(), method2.estimate.inputs.begin(), method2.estimate.inputs.end());
  TF_RETURN_IF_ERROR(RequireFinitePositive(
      {{"Method 1 training compute", m1, "FLOP"}, {"Method 2 training compute", m2, "FLOP"}},
      inputs));
  Comparison c;
  c.ratio = m1 / m2;
  c.factor = std::max(c.ratio, 1 / c.ratio);
  c.reconciling_utilization = m1 / method2.capacity_flop;
  TF_RETURN_IF_ERROR(
      RequireFinitePositive({{"ratio Method 1 / Method 2", c.ratio, ""},
                             {"ratio Method 2 / Method 1", 1 / c.ratio, ""},
                             {"reconciling utilization", c.reconciling_utilization, ""}},
                            inputs));
  c.within_usual = c.factor <= kAgreementUsual;
  c.within_tolerance = c.factor <= kAgreementTolerance;
  const std::string by = "they differ by " + FormatScientific(c.factor) + "x";
  if (c.within_usual) {
    c.verdict =
        "the estimates agree within 2x, as the two methods usually do (Sevilla et al. 2022, "
        "Appendix B: at most 1.7x apart)";
  } else if (c.within_tolerance) {
    c.verdict = by +
                ": within the articles' 3x tolerance (Amodei & Hernandez 2018: 'accurate to within "
                "2-3x') but "
                "beyond the 2x that Sevilla et al. 2022 usually see (Appendix B)";
  } else {
    c.verdict = by +
                ", more than the articles' 3x tolerance (Amodei & Hernandez 2018: 'accurate to "
                "within 2-3x')";
    c.warning = "the two methods differ by " + FormatScientific(c.factor) +
                "x: check the inputs (chip count, training time, precision, utilization, epochs, "
                "dataset size)";
  }
  if (c.reconciling_utilization > 1) {
    c.warning = (c.warning ? *c.warning + "; " : std::string()) + "the reconciling utilization " +
                FormatScientific(c.reconciling_utilization) +
                " is above 1: Method 1 exceeds what the hardware can do at its peak";
  }
  c.method1 = std::move(method1);
  c.method1_source = std::move(method1_source);
  c.method2 = std::move(method2);
  return c;
}

}  // namespace trainflops
