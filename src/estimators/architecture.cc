// Walks a spec's layer tree: resolves each layer in the catalogue, propagates
// shapes, and records per-layer costs. Errors name the file, line and layer.
#include <algorithm>

#include "core/text.h"
#include "internal.h"
#include "trainflops/units.h"

namespace trainflops {
namespace {

constexpr double kMaxLayers = 1000000;

// Layers after expanding `repeat` blocks, computed before walking so that a
// typo (or a hostile file) with nested repeats is refused at once instead of
// expanding into billions of layers. Saturates above kMaxLayers.
double ExpandedLayers(const std::vector<SpecNode>& nodes) {
  double total = 0;
  for (const SpecNode& node : nodes) {
    if (node.kind == SpecNode::Kind::kLayer) {
      total += 1;
    } else {
      const double times =
          node.kind == SpecNode::Kind::kRepeat ? static_cast<double>(node.times) : 1;
      total += times * ExpandedLayers(node.children);
    }
    if (total > kMaxLayers) return kMaxLayers + 1;
  }
  return total;
}

class ArchitectureWalker {
 public:
  ArchitectureWalker(const ModelSpec& spec, std::vector<LayerResult>& out)
      : spec_(spec), out_(out) {}

  Status WalkPart(const PartSpec& part, Shape& shape) {
    part_ = &part;
    const size_t first = out_.size();
    TF_RETURN_IF_ERROR(Walk(part.layers, shape, "", false));
    // The first layer of a part fed by data needs no gradient for its input.
    if (part.input && out_.size() > first) out_[first].input_gradient = false;
    return Status::Ok();
  }

 private:
  std::string Where(const SpecNode& node, const std::string& path) const {
    return spec_.file + ":" + std::to_string(node.line) + ": layer '" + path + "'";
  }

  Status Walk(const std::vector<SpecNode>& nodes, Shape& shape, const std::string& prefix,
              bool on_branch) {
    for (const SpecNode& node : nodes) {
      const std::string path = prefix.empty() ? node.name : prefix + "/" + node.name;
      switch (node.kind) {
        case SpecNode::Kind::kLayer:
          TF_RETURN_IF_ERROR(AddLayer(node, path, shape, on_branch));
          break;
        case SpecNode::Kind::kRepeat:
          for (int64_t i = 1; i <= node.times; ++i) {
            TF_RETURN_IF_ERROR(
                Walk(node.children, shape, path + "." + std::to_string(i), on_branch));
          }
          break;
        case SpecNode::Kind::kBranch: {
          // A side path (e.g. a projection shortcut): its layers are counted,
          // but the main path continues from the shape it had before.
          Shape branch_shape = shape;
          TF_RETURN_IF_ERROR(Walk(node.children, branch_shape, path, true));
          break;
        }
      }
    }
    return Status::Ok();
  }

  // Part-level defaults (e.g. seq_len) fill in parameters a layer accepts
  // but does not set.
  LayerArgs WithDefaults(const LayerKind& kind, const LayerArgs& args) const {
    LayerArgs merged = args;
    for (const auto& entry : part_->defaults) {
      const std::string& key = entry.first;
      const bool accepted = std::any_of(kind.params.begin(), kind.params.end(),
                                        [&](const ParamSpec& p) { return p.name == key; });
      if (accepted && !merged.Has(key)) merged.Set(key, entry.second);
    }
    return merged;
  }

  Status AddLayer(const SpecNode& node, const std::string& path, Shape& shape, bool on_branch) {
    Result<const LayerKind*> kind = FindLayerKind(node.type);
    if (!kind.ok()) return kind.status().WithContext(Where(node, path));
    const Shape input = node.input ? *node.input : shape;
    Result<LayerCost> cost = ComputeLayer(**kind, input, WithDefaults(**kind, node.args));
    if (!cost.ok()) {
      return cost.status().WithContext(Where(node, path) + " (" + (*kind)->name + ", input " +
                                       ShapeToString(input) + ")");
    }
    LayerResult layer;
    layer.name = path;
    layer.type = (*kind)->name;
    layer.part = part_->name;
    layer.line = node.line;
    layer.input_shape = input;
    layer.cost = std::move(*cost);
    layer.on_branch = on_branch;
    shape = layer.cost.output_shape;
    out_.push_back(std::move(layer));
    return Status::Ok();
  }

  const ModelSpec& spec_;
  std::vector<LayerResult>& out_;
  const PartSpec* part_ = nullptr;
};

double Forward(const LayerFigures& layer, FormulaForm form) {
  return form == FormulaForm::kExact ? layer.forward_flop : layer.forward_flop_approx;
}

// Hobbhahn & Sevilla (2021), as tabulated in Sevilla et al. 2022 ("ratio of backward to
// forward operations"): by whether the most expensive layer is the first one
// and whether the weight-update cost is amortised (large batch, or
// compute-heavy convolutions).
Result<double> TableRatio(const std::vector<LayerFigures>& layers, const LayerLabeler& label,
                          const ModelSpec& spec, const Method1Options& options,
                          std::vector<Assumption>& assumptions) {
  const auto most = std::max_element(layers.begin(), layers.end(),
                                     [&](const LayerFigures& a, const LayerFigures& b) {
                                       return Forward(a, options.form) < Forward(b, options.form);
                                     });
  const bool first = most == layers.begin();
  const LayerLabel dominant = label(static_cast<size_t>(most - layers.begin()));
  std::optional<std::string> regime = options.batch_regime;
  std::string regime_source = "`batch_regime`";
  if (!regime && !spec.stages.empty() && spec.stages.front().batch_regime) {
    regime = spec.stages.front().batch_regime;
    regime_source = "the spec's training.batch_regime";
  }
  if (!regime && ToLower(dominant.type).rfind("conv", 0) == 0) {
    regime = "large";
    regime_source = "inferred: the most expensive layer is a convolution (compute-heavy conv)";
  }
  if (!regime) {
    return Status::InvalidArgument(
        "`bp_ratio` table needs the batch regime: pass `batch_regime` large|small or set "
        "training.batch_regime (large = large batches or compute-heavy convolutions)");
  }
  const bool large = *regime == "large";
  const double r = first ? (large ? 1 : 2) : (large ? 2 : 3);
  assumptions.push_back({"most expensive layer",
                         dominant.name + (first ? " (the first layer)" : " (not the first layer)"),
                         "computed from the per-layer forward FLOP"});
  assumptions.push_back({"batch regime", *regime, regime_source});
  assumptions.push_back({"backward/forward ratio", FormatScientific(r),
                         "Hobbhahn & Sevilla (2021) table, Sevilla et al. 2022, Method 1"});
  return r;
}

// Sets each layer's backward factor and returns the assumptions made.
Result<std::vector<Assumption>> AssignBackward(const std::vector<LayerFigures>& layers,
                                               const LayerLabeler& label, const ModelSpec& spec,
                                               const Method1Options& options,
                                               std::vector<double>& factors) {
  std::vector<Assumption> assumptions;
  switch (options.backward) {
    case BackwardMode::kFixedRatio: {
      factors.assign(layers.size(), options.bp_ratio);
      const bool is_default = options.bp_ratio == 2.0;
      assumptions.push_back(
          {"backward/forward ratio", FormatScientific(options.bp_ratio),
           is_default
               ? "Sevilla et al. 2022, Method 1: backward ≈ 2x forward (weight and input gradients)"
               : "given (`bp_ratio`)"});
      break;
    }
    case BackwardMode::kTable: {
      TF_ASSIGN_OR_RETURN(const double r, TableRatio(layers, label, spec, options, assumptions));
      factors.assign(layers.size(), r);
      break;
    }
    case BackwardMode::kPerLayer: {
      // Backward = weight gradient (1x forward) + input gradient (1x forward).
      factors.clear();
      for (const LayerFigures& layer : layers) {
        factors.push_back((layer.weight_gradient ? 1 : 0) + (layer.input_gradient ? 1 : 0));
      }
      assumptions.push_back(
          {"backward/forward ratio",
           "per layer: 1x per gradient computed (weights, inputs); the first "
           "layer fed by data has no input gradient",
           "Sevilla et al. 2022, Method 1: each gradient costs about one forward pass"});
      break;
    }
  }
  return assumptions;
}

}  // namespace

Result<Method1Result> EvaluateArchitecture(const ModelSpec& spec, const Method1Options& options) {
  double layers = 0;
  for (const PartSpec& part : spec.parts) layers += ExpandedLayers(part.layers);
  if (layers > kMaxLayers) {
    return Status::InvalidArgument(spec.file +
                                   ": the spec expands to more than 1,000,000 layers "
                                   "(check nested 'repeat' counts)");
  }
  Method1Result result;
  Shape shape;
  ArchitectureWalker walker(spec, result.layers);
  for (const PartSpec& part : spec.parts) {
    if (part.input) shape = *part.input;
    TF_RETURN_IF_ERROR(walker.WalkPart(part, shape));
  }
  return FinishArchitecture(std::move(result), spec, options);
}

// Backward factors and per-part totals of a spec walk's or an importer's
// LayerResults.
Result<Method1Result> FinishArchitecture(Method1Result result, const ModelSpec& spec,
                                         const Method1Options& options) {
  std::vector<LayerFigures> figures;
  figures.reserve(result.layers.size());
  for (const LayerResult& layer : result.layers) {
    LayerFigures f;
    // A layer of no part of the spec is in no part's total.
    f.part = spec.parts.size();
    for (size_t p = 0; p < spec.parts.size(); ++p) {
      if (spec.parts[p].name == layer.part) {
        f.part = p;
        break;
      }
    }
    f.params = layer.cost.params;
    f.params_approx = layer.cost.params_approx;
    f.forward_flop = layer.cost.forward_flop;
    f.forward_flop_approx = layer.cost.forward_flop_approx;
    f.weight_gradient = layer.weight_gradient;
    f.input_gradient = layer.input_gradient;
    figures.push_back(f);
  }
  const std::vector<LayerResult>& layers = result.layers;
  const LayerLabeler label = [&](size_t i) { return LayerLabel{layers[i].name, layers[i].type}; };
  std::vector<double> factors;
  TF_RETURN_IF_ERROR(FinishFigures(result, figures, label, spec, options, &factors));
  for (size_t i = 0; i < result.layers.size(); ++i) result.layers[i].backward_factor = factors[i];
  return result;
}

Status FinishFigures(Method1Result& result, const std::vector<LayerFigures>& layers,
                     const LayerLabeler& label, const ModelSpec& spec,
                     const Method1Options& options, std::vector<double>* factors) {
  if (!(options.bp_ratio >= 0 && options.bp_ratio <= 100)) {
    return Status::InvalidArgument("`bp_ratio` must be between 0 and 100");
  }
  if (layers.empty()) return Status::InvalidArgument(spec.file + ": the model has no layers");
  std::vector<double> own;
  std::vector<double>& factor = factors != nullptr ? *factors : own;
  TF_ASSIGN_OR_RETURN(result.estimate.assumptions,
                      AssignBackward(layers, label, spec, options, factor));

  double forward_total = 0, backward_total = 0;
  for (size_t p = 0; p < spec.parts.size(); ++p) {
    PartResult part;
    part.name = spec.parts[p].name;
    part.per_token = spec.parts[p].per_token;
    for (size_t i = 0; i < layers.size(); ++i) {
      const LayerFigures& layer = layers[i];
      if (layer.part != p) continue;
      part.params += layer.params;
      part.forward_flop_exact += layer.forward_flop;
      part.forward_flop_approx += layer.forward_flop_approx;
      part.forward_flop += Forward(layer, options.form);
      part.backward_flop += Forward(layer, options.form) * factor[i];
      result.params_approx += layer.params_approx;
    }
    result.params += part.params;
    forward_total += part.forward_flop;
    backward_total += part.backward_flop;
    result.parts.push_back(part);
  }
  result.forward_flop = forward_total;
  result.backward_ratio = forward_total > 0 ? backward_total / forward_total : 0;
  const bool any_token = std::any_of(result.parts.begin(), result.parts.end(),
                                     [](const PartResult& p) { return p.per_token; });
  const bool all_token = std::all_of(result.parts.begin(), result.parts.end(),
                                     [](const PartResult& p) { return p.per_token; });
  result.forward_basis = all_token   ? "per_token"
                         : any_token ? "mixed: per token for per-token parts, per example otherwise"
                                     : "per_example";
  return Status::Ok();
}

}  // namespace trainflops
