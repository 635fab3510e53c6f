// Method 1 of Sevilla et al. 2022: count the operations of the architecture.
//
//   training FLOP = forward FLOP x (1 + r) x n_passes          (Sevilla et al. 2022, Method 1)
//   n_passes      = epochs x examples  (x tokens per sequence for per-token parts,
//                                       Sevilla et al. 2022, Appendix D)
// with r the backward/forward ratio: 2 by default, Hobbhahn & Sevilla's table,
// or per layer (the first layer needs no input gradient).
#ifndef TRAINFLOPS_METHOD1_H_
#define TRAINFLOPS_METHOD1_H_

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "trainflops/catalogue.h"
#include "trainflops/defaults.h"
#include "trainflops/estimate.h"
#include "trainflops/model_spec.h"
#include "trainflops/status.h"
#include "trainflops/uncertain_estimate.h"
#include "trainflops/uncertainty.h"

namespace trainflops {

enum class BackwardMode {
  kFixedRatio,  // r as given (default 2, Sevilla et al. 2022)
  kTable,       // Hobbhahn & Sevilla (2021) table in Sevilla et al. 2022: 1, 2 or 3
  kPerLayer,    // first layer of a data-fed part 1x its forward, every other layer 2x
};

enum class FormulaForm { kExact, kApprox };

struct Method1Options {
  BackwardMode backward = BackwardMode::kFixedRatio;
  double bp_ratio = kDefaultBpRatio;  // used by kFixedRatio; 2:1 (Sevilla et al. 2022)
  // kTable inputs; when unset they come from the spec or the architecture.
  std::optional<std::string> batch_regime;  // "large" or "small"
  FormulaForm form = FormulaForm::kExact;
};

// Command-line overrides of the spec's training section (single stage only).
struct TrainingOverrides {
  std::optional<double> epochs;
  std::optional<double> examples;
  std::optional<double> batches;
  std::optional<double> batch_size;
  std::optional<double> tokens_per_sequence;
  bool any() const { return epochs || examples || batches || batch_size || tokens_per_sequence; }
};

struct LayerResult {
  std::string name;  // path, e.g. "encoder/block.3/attn"
  std::string type;  // canonical catalogue name
  std::string part;
  int line = 0;
  Shape input_shape;
  LayerCost cost;
  bool on_branch = false;
  // For the per-layer backward mode: which gradients this layer computes.
  // Spec files: every layer has a weight gradient, and all but the first
  // layer of a data-fed part an input gradient. Importers set both from the
  // graph (no weight gradient without trainable weights; no input gradient
  // for nodes fed only by graph inputs).
  bool weight_gradient = true;
  bool input_gradient = true;
  double backward_factor = 2;  // backward FLOP / forward FLOP used for this layer
};

struct PartResult {
  std::string name;
  bool per_token = false;
  double params = 0;
  double forward_flop = 0;  // chosen form, per token or per example
  double forward_flop_exact = 0;
  double forward_flop_approx = 0;
  double backward_flop = 0;  // per token/example, from the layers' factors
};

struct StageResult {
  std::string name;
  double epochs = 1;
  double examples = 0;  // per epoch (0 when only tokens are known)
  double runs = 1;
  std::vector<double> passes;  // per part, same order as parts
  double training_flop = 0;
};

struct Method1Result {
  Estimate estimate;
  std::vector<LayerResult> layers;
  std::vector<PartResult> parts;
  std::vector<StageResult> stages;
  double params = 0;
  double params_approx = 0;
  // Forward FLOP of one example: per-token parts x their tokens per sequence
  // plus the per-example parts; or, when every part is per-token and no
  // sequence length is known, per token. `forward_basis` says which.
  double forward_flop = 0;
  std::string forward_basis;
  double backward_ratio = 2;  // the effective r (total backward / total forward)
  // The median and 90% interval when a training input is a range or
  // --uncertainty is asked (AddMethod1Uncertainty).
  std::optional<UncertaintyReport> uncertainty;
};

// A training input written as a range: "--epochs" and its distribution. The
// overrides hold its median.
struct TrainingRange {
  std::string option;
  Uncertain value;
};

// Sets result.uncertainty. Each range multiplies the training FLOP, which is
// proportional to epochs, examples, batches and batch size (Sevilla et al. 2022,
// Method 1: forward x (1 + r) x epochs x examples); with default ranges and
// the default fixed ratio r = 2, the factor 1 + r = 3 takes the
// training_factor range (DefaultRanges()). A ratio the user chose, or the
// table and per-layer modes, are kept as they are and a note says so. Does
// nothing when there is no range and no default ranges are asked.
Status AddMethod1Uncertainty(const std::vector<TrainingRange>& ranges,
                             const Method1Options& options, const UncertaintyOptions& uncertainty,
                             Method1Result& result);

// Evaluates the architecture: shapes, per-layer costs, per-part totals.
// Needs no training section.
Result<Method1Result> EvaluateArchitecture(const ModelSpec& spec, const Method1Options& options);

// For importers (ONNX graphs, Hugging Face configs) that produce the layers
// themselves: `spec` names the parts (name, per_token, input) and may carry
// training stages; its parts' `layers` are ignored. Each layer's `part` must
// name one of spec.parts.
Result<Method1Result> EstimateFromLayers(std::vector<LayerResult> layers, const ModelSpec& spec,
                                         const Method1Options& options,
                                         const TrainingOverrides& overrides = {});

// What Method 1 sums of one layer: its counts, and which gradients its
// backward pass computes (as LayerResult's). For importers whose layers are
// held elsewhere, so that a graph of 100,000 nodes is not copied into
// LayerResults: 48 bytes a layer rather than about 300 and four strings.
struct LayerFigures {
  size_t part = 0;  // position in the spec's parts
  double params = 0, params_approx = 0;
  double forward_flop = 0, forward_flop_approx = 0;
  bool weight_gradient = true, input_gradient = true;
};
// A layer's name and type, asked for only where the report names a layer
// (the backward-ratio table's most expensive layer).
struct LayerLabel {
  std::string name, type;
};
using LayerLabeler = std::function<LayerLabel(size_t layer)>;

// EstimateFromLayers on figures. The result's `layers` is empty; each
// layer's backward/forward factor goes to `backward_factors` when given.
// Every figure's `part` must be a position in spec.parts.
Result<Method1Result> EstimateFromFigures(const std::vector<LayerFigures>& layers,
                                          const LayerLabeler& label, const ModelSpec& spec,
                                          const Method1Options& options,
                                          const TrainingOverrides& overrides = {},
                                          std::vector<double>* backward_factors = nullptr);

// The full Method 1 estimate: EvaluateArchitecture plus training FLOP for
// every stage. Errors name the spec file and line.
Result<Method1Result> EstimateMethod1(const ModelSpec& spec, const Method1Options& options,
                                      const TrainingOverrides& overrides = {});

}  // namespace trainflops

#endif  // TRAINFLOPS_METHOD1_H_
