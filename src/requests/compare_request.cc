// Run(CompareRequest): Method 1 from exactly one source, Method 2 from the
// hardware request, and the comparison.
#include "trainflops/compare_request.h"

#include <nlohmann/json.hpp>

#include "core/estimate_json.h"
#include "fields.h"
#include "report/hardware_json.h"
#include "report/hardware_report.h"
#include "report/llm_report.h"
#include "threshold_checks.h"
#include "trainflops/estimate_request.h"
#include "trainflops/units.h"

namespace trainflops {
namespace {

// Method 1's figure, where it came from, and whether it is only a lower
// bound (an ONNX graph with nodes left uncounted).
struct Method1Figure {
  Estimate estimate;
  std::string origin;
  bool lower_bound = false;
};

// Method 1 from an ONNX graph or a Hugging Face config, exactly as `estimate`
// counts it (the config with the default convention and `tokens`).
Result<Method1Figure> Method1FromImportedModel(const CompareRequest& r, ModelFileKind kind) {
  EstimateRequest e;
  e.model = *r.model;
  // Training fields given for a config stay, for Run() to refuse by name.
  SpecOptionsOf(e)->training = r.training;
  if (kind == ModelFileKind::kHfConfig) {
    if (!r.tokens) {
      return Status::InvalidArgument(r.model->name() +
                                     " is a Hugging Face config: give `tokens` D (the training "
                                     "tokens) for Method 1");
    }
    if (HfConfigModel* config = HfConfigOptionsOf(e)) config->llm.tokens = r.tokens;
  }
  TF_ASSIGN_OR_RETURN(const EstimateResult result, Run(e));
  const auto* graph = std::get_if<EstimateResult::Onnx>(&result.body());
  return Method1Figure{result.estimate(),
                       (kind == ModelFileKind::kOnnx ? "counting the ONNX graph's operations, "
                                                     : "per-token counting, ") +
                           r.model->name(),
                       graph != nullptr && graph->analysis.lower_bound()};
}

Result<Method1Figure> Method1From(const CompareRequest& r) {
  TF_RETURN_IF_ERROR(CheckMethod1Source(r));
  if (r.method1_flop) {
    Result<double> flop = ParseCompute(*r.method1_flop);
    if (!flop.ok()) return flop.status().WithContext(FieldRef("method1_flop"));
    const std::string origin = requests::ReportName("method1_flop");
    TF_ASSIGN_OR_RETURN(Estimate e, GivenMethod1(*flop, origin));
    return Method1Figure{std::move(e), "given with " + origin};
  }
  if (!r.model) {
    TF_ASSIGN_OR_RETURN(const std::optional<double> n, requests::PositiveField("params", r.params));
    TF_ASSIGN_OR_RETURN(const std::optional<double> d, requests::PositiveField("tokens", r.tokens));
    if (!n || !d) return Status::InvalidArgument("`params` and `tokens` go together");
    TF_ASSIGN_OR_RETURN(Estimate e, EstimateSixND(*n, *d));
    return Method1Figure{std::move(e), "6 x N x D (Kaplan et al. 2020, C = 6ND)"};
  }
  const ModelFileKind kind = DetectModelFileKind(*r.model);
  if (kind != ModelFileKind::kSpec) return Method1FromImportedModel(r, kind);
  if (r.tokens) {
    return Status::InvalidArgument(
        "`tokens` goes with `params`, or with a Hugging Face config as "
        "`model`; a model spec's data is `examples` and `epochs`");
  }
  TF_ASSIGN_OR_RETURN(const Method1Options options, Method1OptionsFrom(r.training));
  std::vector<TrainingRange> ranges;
  TF_ASSIGN_OR_RETURN(const TrainingOverrides overrides, TrainingOverridesFrom(r.training, ranges));
  TF_ASSIGN_OR_RETURN(const std::string text, r.model->Text());
  TF_ASSIGN_OR_RETURN(const ModelSpec spec, ParseModelSpec(text, r.model->name()));
  TF_ASSIGN_OR_RETURN(Method1Result m1, EstimateMethod1(spec, options, overrides));
  return Method1Figure{std::move(m1.estimate), "counting operations, " + r.model->name()};
}

// Method 1 of a language model: `params` with `tokens`, or a Hugging Face
// config. No language model of billions of parameters trains in FP32 at a
// non-language utilization, so Method 2 then assumes what `llm` yes does.
bool IsLanguageModel(const CompareRequest& r) {
  if (r.method1_flop) return false;
  if (!r.model) return r.params.has_value();
  return DetectModelFileKind(*r.model) == ModelFileKind::kHfConfig;
}

}  // namespace

Status CheckMethod1Source(const CompareRequest& r) {
  // `tokens` alone goes with a Hugging Face config as `model`.
  const int sources =
      (r.model ? 1 : 0) + (r.params || (r.tokens && !r.model) ? 1 : 0) + (r.method1_flop ? 1 : 0);
  if (sources != 1) {
    return Status::InvalidArgument(
        "give Method 1 as exactly one of: a model spec `model`, `params` N with `tokens` D, or "
        "`method1_flop` F");
  }
  std::vector<TrainingRange> ranges;
  TF_RETURN_IF_ERROR(TrainingOverridesFrom(r.training, ranges).status());
  if (!ranges.empty()) {
    return Status::InvalidArgument(
        ranges.front().option +
        ": compare takes Method 1's inputs as single numbers (Method 2's inputs may be ranges); "
        "estimate gives Method 1's interval");
  }
  return Status::Ok();
}

// Each method's checks go in its own object, where `estimate` and `hardware`
// put theirs.
std::string CompareResult::Json() const {
  if (!checks_) return RenderComparisonJson(comparison_);
  nlohmann::json j = hardware::ComparisonJson(comparison_);
  j["method1"]["thresholds"] = ThresholdChecksJson(checks_->method1);
  j["method2"]["thresholds"] = ThresholdChecksJson(checks_->method2);
  return DumpJson(j);
}

std::string CompareResult::Text() const {
  std::string out = RenderComparisonText(comparison_, unit_);
  if (!checks_) return out;
  return out +
         requests::ChecksText("Thresholds, Method 1 (" + comparison_.method1_source + ")",
                              checks_->method1, std::nullopt) +
         requests::ChecksText("Thresholds, Method 2 (hardware)", checks_->method2,
                              comparison_.method2.uncertainty);
}

std::optional<Citation> CompareResult::Cite() const {
  return CiteComparison(comparison_.method1, comparison_.method2.estimate, comparison_.ratio);
}

Result<CompareResult> Run(const CompareRequest& request) {
  TF_ASSIGN_OR_RETURN(Method2Options options, Method2OptionsFrom(request.hardware));
  TF_ASSIGN_OR_RETURN(const HardwareDb db, HardwareDbFrom(request.hardware.hardware_db));
  TF_ASSIGN_OR_RETURN(const ComputeUnit unit, UnitFrom(request.hardware.unit));
  TF_ASSIGN_OR_RETURN(auto method1, Method1From(request));
  const bool implied_llm = !options.llm && IsLanguageModel(request);
  if (implied_llm) options.llm = true;
  TF_ASSIGN_OR_RETURN(Method2Result method2, EstimateMethod2(options, db));
  if (implied_llm) {
    method2.estimate.notes.insert(
        method2.estimate.notes.begin(),
        "Method 1 is a language model (" + method1.origin +
            "), so Method 2 uses the language-model defaults, as `llm` yes does: utilization "
            "0.30 (Sevilla et al. 2022, step 3) and the 16-bit format of a large industry model "
            "(Sevilla et al. 2022, 'which number format', rule 2); give `llm` no to use the "
            "others");
  }
  TF_ASSIGN_OR_RETURN(Comparison c,
                      Compare(std::move(method1.estimate), method1.origin, std::move(method2)));
  if (!request.hardware.thresholds) return CompareResult(std::move(c), unit);
  CompareChecks checks;
  TF_ASSIGN_OR_RETURN(checks.method1,
                      requests::CheckEstimate(c.method1.training_flop, std::nullopt));
  if (method1.lower_bound) requests::MarkLowerBound(checks.method1);
  TF_ASSIGN_OR_RETURN(checks.method2, requests::CheckEstimate(c.method2.estimate.training_flop,
                                                              c.method2.uncertainty));
  return CompareResult(std::move(c), unit, std::move(checks));
}

}  // namespace trainflops
