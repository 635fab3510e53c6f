// Run(EstimateRequest): a model spec, an ONNX graph or a Hugging Face
// config.json, each through its own importer, then Method 1 (or the
// language-model conventions for a config).
#include "trainflops/estimate_request.h"

#include <cmath>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/estimate_json.h"
#include "core/text.h"
#include "fields.h"
#include "llm_request.h"
#include "report/llm_report.h"
#include "report/method1_json.h"
#include "report/onnx_report.h"
#include "threshold_checks.h"
#include "trainflops/checkpoint_file.h"
#include "trainflops/defaults.h"
#include "trainflops/field_names.h"
#include "trainflops/report.h"
#include "trainflops/request_fields.h"
#include "trainflops/units.h"

namespace trainflops {
namespace {

// "NAME=N", N a positive integer.
Result<std::map<std::string, int64_t>> OnnxDimsFrom(const std::vector<std::string>& texts) {
  std::map<std::string, int64_t> dims;
  for (const std::string& text : texts) {
    const size_t eq = text.find('=');
    const std::string name = eq == std::string::npos ? "" : std::string(Trim(text.substr(0, eq)));
    if (name.empty()) {
      return Status::InvalidArgument("`dims`: '" + text +
                                     "' is not NAME=N (e.g. `dims` batch_size=1)");
    }
    Result<double> value = ParsePositive(text.substr(eq + 1));
    if (!value.ok() || *value > 9e15 || *value != std::floor(*value)) {
      return Status::InvalidArgument("`dims` " + name + ": '" + text.substr(eq + 1) +
                                     "' is not accepted (accepted: a positive whole number)");
    }
    if (!dims.emplace(name, static_cast<int64_t>(*value)).second) {
      return Status::InvalidArgument("`dims` " + name + " given twice");
    }
  }
  return dims;
}

Result<ReportOptions> ReportOptionsFrom(const SpecModel& m) {
  ReportOptions report;
  report.show_layers = m.show_layers;
  if (m.unit) {
    TF_ASSIGN_OR_RETURN(report.unit, ParseComputeUnit(*m.unit));
  }
  return report;
}

// Every stage of a spec trains the model, so all of them count (EU AI Act
// Recital 111; SB 53 counts fine-tuning and RL too); with ranges, the 90%
// interval decides "uncertain" verdicts.
Result<EstimateResult> WithThresholds(EstimateResult::Spec spec, ReportOptions report) {
  std::vector<StageCompute> stages;
  for (const StageResult& s : spec.result.stages) stages.push_back({s.name, s.training_flop, true});
  TF_ASSIGN_OR_RETURN(
      std::vector<ThresholdCheck> checks,
      requests::CheckEstimate(spec.result.estimate.training_flop, spec.result.uncertainty, stages));
  const std::optional<ComputeRange> range = requests::RangeOf(spec.result.uncertainty);
  return EstimateResult(std::move(spec), report, std::move(checks), range);
}

Result<EstimateResult> RunSpec(const EstimateRequest& r, const SpecModel& m) {
  TF_ASSIGN_OR_RETURN(const ReportOptions report, ReportOptionsFrom(m));
  TF_ASSIGN_OR_RETURN(const Method1Options options, Method1OptionsFrom(m.training));
  std::vector<TrainingRange> ranges;
  TF_ASSIGN_OR_RETURN(const TrainingOverrides overrides, TrainingOverridesFrom(m.training, ranges));
  TF_ASSIGN_OR_RETURN(const UncertaintyOptions uncertainty,
                      requests::UncertaintyOptionsFrom(r.uncertainty));
  TF_ASSIGN_OR_RETURN(const std::string text, r.model.Text());
  EstimateResult::Spec spec;
  TF_ASSIGN_OR_RETURN(spec.spec, ParseModelSpec(text, r.model.name()));
  TF_ASSIGN_OR_RETURN(spec.result, EstimateMethod1(spec.spec, options, overrides));
  TF_RETURN_IF_ERROR(AddMethod1Uncertainty(ranges, options, uncertainty, spec.result));
  if (r.thresholds) return WithThresholds(std::move(spec), report);
  return EstimateResult(std::move(spec), report);
}

Result<EstimateResult> RunOnnx(const EstimateRequest& r, const OnnxModel& m) {
  TF_ASSIGN_OR_RETURN(const ReportOptions report, ReportOptionsFrom(m));
  OnnxOptions options;
  TF_ASSIGN_OR_RETURN(options.dims, OnnxDimsFrom(m.dims));
  options.strict = m.strict;
  std::vector<TrainingRange> ranges;
  OnnxEstimateOptions estimate_options;
  TF_ASSIGN_OR_RETURN(estimate_options.method1, Method1OptionsFrom(m.training));
  TF_ASSIGN_OR_RETURN(estimate_options.overrides, TrainingOverridesFrom(m.training, ranges));
  TF_ASSIGN_OR_RETURN(const std::optional<double> per_run,
                      requests::PositiveField("examples_per_run", m.examples_per_run));
  estimate_options.examples_per_run = per_run.value_or(kDefaultExamplesPerRun);
  TF_ASSIGN_OR_RETURN(const UncertaintyOptions uncertainty,
                      requests::UncertaintyOptionsFrom(r.uncertainty));
  Result<OnnxAnalysis> analysis = AnalyzeOnnx(r.model.source(), options);
  if (!analysis.ok()) return analysis.status().WithContext(r.model.name());
  TF_ASSIGN_OR_RETURN(OnnxEstimate estimate,
                      EstimateOnnx(*analysis, r.model.name(), estimate_options));
  TF_RETURN_IF_ERROR(
      AddMethod1Uncertainty(ranges, estimate_options.method1, uncertainty, estimate.result));
  std::optional<std::vector<ThresholdCheck>> checks;
  if (r.thresholds && analysis->lower_bound()) {
    TF_ASSIGN_OR_RETURN(
        checks, requests::CheckEstimate(estimate.result.estimate.training_flop, std::nullopt));
    requests::MarkLowerBound(*checks);
  } else if (r.thresholds) {
    TF_ASSIGN_OR_RETURN(checks, requests::CheckEstimate(estimate.result.estimate.training_flop,
                                                        estimate.result.uncertainty));
  }
  const std::optional<ComputeRange> range = requests::RangeOf(estimate.result.uncertainty);
  return EstimateResult(EstimateResult::Onnx{std::move(analysis).value(), std::move(estimate)},
                        report, std::move(checks), range);
}

// The checkpoint's count beside the config's. One the user named must be
// counted; one found beside the config becomes a note when it cannot be.
Status CrossCheck(const HfConfigModel& m, HfModel& hf) {
  if (m.checkpoint.empty()) return Status::Ok();
  Result<CheckpointCount> count = CountCheckpoint(m.checkpoint, hf.torch_dtype);
  if (!count.ok()) {
    if (!m.checkpoint_found_beside) return count.status().WithContext("`checkpoint`");
    hf.model.notes.push_back("checkpoint beside the config not compared: " +
                             count.status().message());
    return Status::Ok();
  }
  hf.checkpoint = CrossCheckCheckpoint(*count, TotalParams(hf.model));
  if (hf.checkpoint->flagged) hf.model.notes.push_back(hf.checkpoint->explanation);
  return Status::Ok();
}

// The uncertainty options: the request's or the config options' own, never
// one silently over the other.
Result<UncertaintyRequest> UncertaintyFor(const EstimateRequest& r, const HfConfigModel& m) {
  const UncertaintyRequest none;
  if (m.llm.uncertainty == none || m.llm.uncertainty == r.uncertainty) return r.uncertainty;
  if (r.uncertainty == none) return m.llm.uncertainty;
  return Status::InvalidArgument(
      "`uncertainty` is set twice, differently: in the request and in its Hugging Face config "
      "options (`llm`); set it once, in the request");
}

Result<EstimateResult> RunHfConfig(const EstimateRequest& r, const HfConfigModel& m) {
  LlmRequest llm = m.llm;
  TF_ASSIGN_OR_RETURN(llm.uncertainty, UncertaintyFor(r, m));
  llm.thresholds = r.thresholds || m.llm.thresholds;
  TF_ASSIGN_OR_RETURN(const requests::LlmInputs inputs, requests::LlmInputsFrom(llm));
  TF_ASSIGN_OR_RETURN(const std::string text, r.model.Text());
  TF_ASSIGN_OR_RETURN(HfModel hf, ParseHfConfig(text, r.model.name(), inputs.seq_len.value_or(0)));
  TF_RETURN_IF_ERROR(CrossCheck(m, hf));
  Result<LlmEstimate> estimate =
      EstimateLlm(hf.model, inputs.convention, inputs.convention_options, inputs.stages);
  if (!estimate.ok()) return estimate.status().WithContext(r.model.name());
  TF_ASSIGN_OR_RETURN(LlmResult result,
                      requests::LlmResultFrom(std::move(estimate).value(), inputs, std::move(hf)));
  return EstimateResult(std::move(result), ReportOptions{});
}

bool SetsNothing(const SpecModel& m) { return m == SpecModel{}; }
bool OnnxOwnSetNothing(const OnnxModel& m) {
  return m.dims.empty() && !m.examples_per_run && !m.strict;
}
bool SetsNothing(const OnnxModel& m) {
  return SetsNothing(static_cast<const SpecModel&>(m)) && OnnxOwnSetNothing(m);
}
bool LlmSetsNothing(const HfConfigModel& m) {
  const LlmRequest& l = m.llm;
  return !l.tokens && l.stages.empty() && !l.seq_len && !l.convention && !l.attention &&
         !l.recompute && !l.range;
}
// A checkpoint found beside a file is not one the user set.
bool SetsNothing(const HfConfigModel& m) {
  return LlmSetsNothing(m) && (m.checkpoint.empty() || m.checkpoint_found_beside);
}
bool SetsNothing(const ModelOptions& options) {
  return std::visit([](const auto& m) { return SetsNothing(m); }, options);
}

// "`a`, `b` and `c`": the names of `fields` but `except`.
template <typename M>
std::string FieldList(const RequestFields<M>& fields, std::string_view except = {}) {
  std::vector<std::string> names;
  for (const std::string& name : FieldNames(fields)) {
    if (name != except) names.push_back(FieldRef(name));
  }
  const std::string last = names.back();
  names.pop_back();
  return names.empty() ? last : JoinNames(names) + " and " + last;
}

// A config's options given for a spec or a graph: an error naming them.
Status ConfigOptionsOnGraph(const HfConfigModel& m, const std::string& file) {
  if (!LlmSetsNothing(m)) {
    return Status::InvalidArgument(FieldList(HfConfigFields(), "checkpoint") +
                                   " apply to a Hugging Face config.json, not to " + file);
  }
  return Status::InvalidArgument("`checkpoint` applies to a Hugging Face config.json, not to " +
                                 file);
}

// A spec's or a graph's options given for a config: an error naming them.
Status GraphOptionsOnConfig(const SpecModel& m, bool onnx_fields, const std::string& file) {
  if (m.training != TrainingRequest{} || onnx_fields) {
    return Status::InvalidArgument(file +
                                   " is a Hugging Face config: give `tokens` (and `seq_len`), "
                                   "not Method 1's training fields");
  }
  return Status::InvalidArgument(
      "`unit` and `show_layers` apply to a model spec or an ONNX graph, not to a Hugging Face "
      "config.json (" +
      file + ")");
}

// The request's options for a file of `kind`. Options of another kind are
// refused rather than ignored, unless they set nothing.
Result<ModelOptions> OptionsFor(const EstimateRequest& r, ModelFileKind kind) {
  const std::string& file = r.model.name();
  const ModelOptions& o = r.options;
  const auto* config = std::get_if<HfConfigModel>(&o);
  if (kind == ModelFileKind::kHfConfig) {
    if (config) return o;
    if (SetsNothing(o)) return ModelOptions(HfConfigModel{});
    const auto* onnx = std::get_if<OnnxModel>(&o);
    const SpecModel& graph = onnx ? *onnx : std::get<SpecModel>(o);
    return GraphOptionsOnConfig(graph, onnx && !OnnxOwnSetNothing(*onnx), file);
  }
  if (config && !SetsNothing(*config)) return ConfigOptionsOnGraph(*config, file);
  if (config) return kind == ModelFileKind::kOnnx ? ModelOptions(OnnxModel{}) : ModelOptions();
  if (const auto* onnx = std::get_if<OnnxModel>(&o); onnx && kind == ModelFileKind::kSpec) {
    if (!OnnxOwnSetNothing(*onnx)) {
      return Status::InvalidArgument(FieldList(OnnxGraphFields()) +
                                     " apply to ONNX graphs, not to " + file);
    }
    return ModelOptions(static_cast<const SpecModel&>(*onnx));
  }
  if (const auto* spec = std::get_if<SpecModel>(&o); spec && kind == ModelFileKind::kOnnx) {
    OnnxModel onnx;
    static_cast<SpecModel&>(onnx) = *spec;
    return ModelOptions(std::move(onnx));
  }
  return o;
}

// The members a threshold check adds to the report's JSON object.
nlohmann::json ThresholdsMembers(const std::optional<std::vector<ThresholdCheck>>& checks) {
  nlohmann::json members = nlohmann::json::object();
  if (checks) members["thresholds"] = ThresholdChecksJson(*checks);
  return members;
}

// The thresholds block after the text report: a too-wide interval names the
// input whose range dominates it (the uncertainty's width shares). A lower
// bound was checked as a point: no interval, no margin.
std::string ThresholdsText(const std::optional<std::vector<ThresholdCheck>>& checks,
                           const Method1Result& result, bool lower_bound = false) {
  if (!checks) return "";
  return requests::ChecksText("Thresholds", *checks,
                              lower_bound ? std::nullopt : result.uncertainty);
}

}  // namespace

bool LooksLikeHfConfig(std::string_view text) {
  return text.find("\"model_type\"") != std::string_view::npos ||
         text.find("\"architectures\"") != std::string_view::npos;
}

ModelFileKind DetectModelFileKind(const InputFile& file) {
  const std::string name = ToLower(file.name());
  if (name.ends_with(".onnx")) return ModelFileKind::kOnnx;
  if (name.ends_with(".yaml") || name.ends_with(".yml")) return ModelFileKind::kSpec;
  const std::string head = file.Head(4096);
  // An ONNX ModelProto starts with field 1 (ir_version) as a varint: byte
  // 0x08 (onnx.proto); a NUL byte means binary, which only ONNX is.
  if (!name.ends_with(".json") &&
      ((!head.empty() && head.front() == '\x08') || head.find('\0') != std::string::npos)) {
    return ModelFileKind::kOnnx;
  }
  const std::string_view text = Trim(head);
  if (!text.empty() && text.front() == '{') {
    Result<std::string> all = file.Text();
    if (all.ok() && LooksLikeHfConfig(*all)) return ModelFileKind::kHfConfig;
  }
  return ModelFileKind::kSpec;
}

EstimateResult::EstimateResult(Body body, ReportOptions report,
                               std::optional<std::vector<ThresholdCheck>> checks,
                               std::optional<ComputeRange> range)
    : body_(std::move(body)), report_(report), checks_(std::move(checks)), range_(range) {}

const Estimate& EstimateResult::estimate() const {
  if (const auto* s = std::get_if<Spec>(&body_)) return s->result.estimate;
  if (const auto* o = std::get_if<Onnx>(&body_)) return o->estimate.result.estimate;
  return std::get<LlmResult>(body_).estimate().estimate;
}

std::string EstimateResult::Json() const {
  if (std::holds_alternative<Onnx>(body_)) {
    std::ostringstream out;  // --no-layers: the summary only
    WriteJson(out);
    return out.str();
  }
  if (const auto* l = std::get_if<LlmResult>(&body_)) return l->Json();
  const Spec& s = std::get<Spec>(body_);
  nlohmann::json j = Method1Json(s.result, s.spec);
  j.update(ThresholdsMembers(checks_));
  return DumpJson(j);
}

void EstimateResult::WriteJson(std::ostream& out) const {
  if (const auto* o = std::get_if<Onnx>(&body_)) {
    WriteOnnxJson(out, o->analysis, o->estimate, report_, ThresholdsMembers(checks_));
    return;
  }
  out << Json();
}

void EstimateResult::WriteText(std::ostream& out, const Wording& wording) const {
  if (const auto* o = std::get_if<Onnx>(&body_)) {
    WriteOnnxText(out, o->analysis, o->estimate, report_, wording);
    const std::string thresholds =
        ThresholdsText(checks_, o->estimate.result, o->analysis.lower_bound());
    out << (wording ? wording(thresholds) : thresholds);
    return;
  }
  Report::WriteText(out, wording);
}

std::string EstimateResult::Text() const {
  if (const auto* o = std::get_if<Onnx>(&body_)) {
    return RenderOnnxText(o->analysis, o->estimate, report_) +
           ThresholdsText(checks_, o->estimate.result, o->analysis.lower_bound());
  }
  if (const auto* l = std::get_if<LlmResult>(&body_)) return l->Text();
  const Spec& s = std::get<Spec>(body_);
  return RenderMethod1Text(s.result, s.spec, report_) + ThresholdsText(checks_, s.result);
}

std::optional<Citation> EstimateResult::Cite() const {
  if (const auto* l = std::get_if<LlmResult>(&body_)) return l->Cite();
  const auto* s = std::get_if<Spec>(&body_);
  const ModelSpec& spec = s ? s->spec : std::get<Onnx>(body_).estimate.spec;
  const Method1Result& result = s ? s->result : std::get<Onnx>(body_).estimate.result;
  return CiteEstimate(result.estimate, {.subject = spec.name.empty() ? spec.file : spec.name,
                                        .interval = IntervalOf(result.uncertainty)});
}

SpecModel* SpecOptionsOf(EstimateRequest& r) {
  if (auto* spec = std::get_if<SpecModel>(&r.options)) return spec;
  if (auto* onnx = std::get_if<OnnxModel>(&r.options)) return onnx;
  if (!SetsNothing(std::get<HfConfigModel>(r.options))) return nullptr;
  return &r.options.emplace<SpecModel>();
}

OnnxModel* OnnxOptionsOf(EstimateRequest& r) {
  if (auto* onnx = std::get_if<OnnxModel>(&r.options)) return onnx;
  OnnxModel onnx;
  if (const auto* spec = std::get_if<SpecModel>(&r.options)) {
    static_cast<SpecModel&>(onnx) = *spec;
  } else if (!SetsNothing(std::get<HfConfigModel>(r.options))) {
    return nullptr;
  }
  return &r.options.emplace<OnnxModel>(std::move(onnx));
}

HfConfigModel* HfConfigOptionsOf(EstimateRequest& r) {
  if (auto* config = std::get_if<HfConfigModel>(&r.options)) return config;
  if (!SetsNothing(r.options)) return nullptr;
  return &r.options.emplace<HfConfigModel>();
}

Result<EstimateResult> Run(const EstimateRequest& request) {
  if (request.model.empty()) {
    return Status::InvalidArgument(
        "`model`: no model file given (a spec, an ONNX graph or a "
        "Hugging Face config.json)");
  }
  const ModelFileKind kind = DetectModelFileKind(request.model);
  TF_ASSIGN_OR_RETURN(const ModelOptions options, OptionsFor(request, kind));
  switch (kind) {
    case ModelFileKind::kOnnx:
      return RunOnnx(request, std::get<OnnxModel>(options));
    case ModelFileKind::kHfConfig:
      return RunHfConfig(request, std::get<HfConfigModel>(options));
    case ModelFileKind::kSpec:
      break;
  }
  return RunSpec(request, std::get<SpecModel>(options));
}

}  // namespace trainflops
