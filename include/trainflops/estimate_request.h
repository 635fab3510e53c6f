// `estimate`: Method 1 on a model file, the library's entry point for every
// front end. The file is a model spec (YAML or JSON, docs/spec-format.md), an
// ONNX graph (docs/onnx.md) or a Hugging Face config.json (docs/llm.md),
// recognised by its name (.onnx, .json, .yaml) or else by its bytes.
#ifndef TRAINFLOPS_ESTIMATE_REQUEST_H_
#define TRAINFLOPS_ESTIMATE_REQUEST_H_

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "trainflops/method1.h"
#include "trainflops/model_spec.h"
#include "trainflops/onnx.h"
#include "trainflops/report.h"
#include "trainflops/request.h"
#include "trainflops/thresholds.h"
#include "trainflops/tokens_request.h"

namespace trainflops {

// Method 1's training inputs, overriding the spec's. [range] fields also take
// a range or a distribution.
struct TrainingRequest {
  std::optional<std::string> epochs;      // passes over the data [range]
  std::optional<std::string> examples;    // examples per epoch [range]
  std::optional<std::string> batches;     // batches per epoch, with batch_size [range]
  std::optional<std::string> batch_size;  // examples per batch, with batches [range]
  std::optional<std::string> tokens_per_sequence;
  std::optional<std::string> bp_ratio;      // a number in [0, 100], "table" or "per-layer"
  std::optional<std::string> batch_regime;  // large | small (bp_ratio "table")
  std::optional<std::string> formula;       // exact (default) | approx

  // Equal to TrainingRequest{} when no field is given.
  friend bool operator==(const TrainingRequest&, const TrainingRequest&) = default;
};

enum class ModelFileKind { kSpec, kOnnx, kHfConfig };

// The kind of `file`: by its name's extension, else by its bytes.
ModelFileKind DetectModelFileKind(const InputFile& file);
// True when `text` looks like a Hugging Face config (a JSON object with
// "model_type" or "architectures").
bool LooksLikeHfConfig(std::string_view text);

// A model spec's options: Method 1's training inputs and the text report's.
struct SpecModel {
  TrainingRequest training;
  // The text report: unit (flop, mac, pfs-day) and the per-layer table.
  std::optional<std::string> unit;
  bool show_layers = true;

  friend bool operator==(const SpecModel&, const SpecModel&) = default;
};

// An ONNX graph's options: a spec's, and the graph's own.
struct OnnxModel : SpecModel {
  // Symbolic dimensions "NAME=N", and examples per graph run.
  std::vector<std::string> dims;
  std::optional<std::string> examples_per_run;
  // Stop at the first node whose inputs' shapes or values are not known
  // (OnnxOptions::strict) rather than give a lower bound.
  bool strict = false;

  friend bool operator==(const OnnxModel&, const OnnxModel&) = default;
};

// A Hugging Face config.json's options.
struct HfConfigModel {
  // tokens, stages, seq_len, convention, attention, recompute and range. The
  // thresholds are checked when either llm or EstimateRequest asks; the
  // uncertainty options are EstimateRequest's, or llm's when the request sets
  // none (both set, differently, is an error).
  LlmRequest llm;
  // A checkpoint whose parameter count is reported beside the config's and
  // flagged when they differ by over 1% (checkpoint_file.h); empty for none.
  // A front end that found it beside the config itself (rather than being
  // given it) sets `checkpoint_found_beside`: a checkpoint that cannot be
  // counted is then a note, not an error.
  InputFile checkpoint;
  bool checkpoint_found_beside = false;
};

// The options of one kind of model file: a request sets those of one kind
// only, so a field that does not apply to it cannot be set beside them.
using ModelOptions = std::variant<SpecModel, OnnxModel, HfConfigModel>;

struct EstimateRequest {
  InputFile model;
  // SpecModel{} until other options are set. Run() takes them for the kind
  // the file turns out to be (DetectModelFileKind) when they are that kind's
  // or set nothing: a spec's options for an ONNX graph, empty options for
  // any file; other kinds' options are an error naming their fields.
  ModelOptions options;
  UncertaintyRequest uncertainty;
  bool thresholds = false;  // check the total against the legal thresholds
};

// The options of `request` as `T`, switching them to that kind when they set
// nothing (or, for OnnxModel, only a spec's); nullptr when they are another
// kind's and set something. For front ends that set fields one by one.
SpecModel* SpecOptionsOf(EstimateRequest& request);  // a spec's or a graph's
OnnxModel* OnnxOptionsOf(EstimateRequest& request);
HfConfigModel* HfConfigOptionsOf(EstimateRequest& request);

class EstimateResult final : public Report {
 public:
  struct Spec {
    ModelSpec spec;
    Method1Result result;
  };
  struct Onnx {
    OnnxAnalysis analysis;
    OnnxEstimate estimate;
  };
  using Body = std::variant<Spec, Onnx, LlmResult>;

  EstimateResult(Body body, ReportOptions report,
                 std::optional<std::vector<ThresholdCheck>> checks = std::nullopt,
                 std::optional<ComputeRange> range = std::nullopt);
  const Body& body() const { return body_; }
  // The estimate every kind has: training FLOP, inputs, assumptions, formula.
  const Estimate& estimate() const;
  std::string Json() const override;
  std::string Text() const override;
  void WriteJson(std::ostream& out) const override;
  void WriteText(std::ostream& out, const Wording& wording) const override;
  std::optional<Citation> Cite() const override;

 private:
  Body body_;
  ReportOptions report_;
  std::optional<std::vector<ThresholdCheck>> checks_;  // spec files with thresholds
  std::optional<ComputeRange> range_;
};

Result<EstimateResult> Run(const EstimateRequest& request);

// Parsing shared with compare (errors name TrainingRequest's fields): the
// options, and the overrides with the ranges behind their medians.
Result<Method1Options> Method1OptionsFrom(const TrainingRequest& request);
Result<TrainingOverrides> TrainingOverridesFrom(const TrainingRequest& request,
                                                std::vector<TrainingRange>& ranges);

}  // namespace trainflops

#endif  // TRAINFLOPS_ESTIMATE_REQUEST_H_
