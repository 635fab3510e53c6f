// Method 1 on an analysed ONNX graph: one layer per node, part "graph".
#include "core/finite.h"
#include "trainflops/onnx.h"
#include "trainflops/units.h"

namespace trainflops {

std::string NodePath(const OnnxAnalysis& analysis, const OnnxNode& node) {
  size_t size = 0;
  WriteNodePath(analysis, node, [&](std::string_view piece) { size += piece.size(); });
  std::string out;
  out.reserve(size);  // one allocation at its size, as the path may be long
  WriteNodePath(analysis, node, [&](std::string_view piece) { out += piece; });
  return out;
}

std::string QualifiedOpType(const std::string& domain, const std::string& op_type) {
  return domain.empty() || domain == "ai.onnx" ? op_type : domain + "." + op_type;
}

Shape KnownShape(const OnnxTensor& tensor) {
  Shape s;
  for (int64_t d : tensor.dims) {
    if (d < 0) return {};
    s.push_back(d);
  }
  return s;
}

namespace {

LayerFigures FiguresOf(const OnnxNode& node, double per_run) {
  LayerFigures f;
  f.params = node.params;
  f.params_approx = node.params;
  f.forward_flop = node.forward_flop / per_run;
  f.forward_flop_approx = f.forward_flop;
  f.weight_gradient = node.weight_gradient;
  f.input_gradient = node.input_gradient;
  return f;
}

}  // namespace

Result<OnnxEstimate> EstimateOnnx(const OnnxAnalysis& analysis, const std::string& file,
                                  const OnnxEstimateOptions& options) {
  if (!(options.examples_per_run >= 1 && options.examples_per_run <= 1e12)) {
    return Status::InvalidArgument("`examples_per_run` must be at least 1");
  }
  const TrainingOverrides& o = options.overrides;
  if (!o.examples && !o.batches) {
    return Status::InvalidArgument(
        "an ONNX graph holds no training data: give `examples` N (examples per epoch) or "
        "`batches` N `batch_size` N, and `epochs` N (default 1)");
  }
  // An empty tensor (a zero-size dimension) is legal ONNX but trains nothing;
  // dimensions of 1e18 overflow the count. Neither is an answer.
  Status counted =
      RequireFinitePositive({{"graph's forward compute", analysis.forward_flop, "FLOP"}}, {});
  if (!counted.ok()) {
    return counted.WithContext(
        file +
        " (check the graph's dimensions: a zero-size dimension, "
        "or sizes whose product exceeds 1.8e308; `dims` sets symbolic ones)");
  }
  OnnxEstimate out;
  out.spec.file = file;
  out.spec.name = analysis.graph_name;
  out.spec.source = analysis.producer.empty() ? "" : "exported by " + analysis.producer;
  PartSpec part;
  part.name = "graph";
  if (!analysis.graph_inputs.empty()) {
    const Shape s = KnownShape(analysis.graph_inputs.front());
    if (!s.empty()) part.input = s;
  }
  out.spec.parts.push_back(part);
  std::vector<LayerFigures> layers;
  layers.reserve(analysis.nodes.size());
  for (const OnnxNode& node : analysis.nodes)
    layers.push_back(FiguresOf(node, options.examples_per_run));
  const LayerLabeler label = [&](size_t i) {
    const OnnxNode& node = analysis.nodes[i];
    return LayerLabel{NodePath(analysis, node), QualifiedOpType(node.domain, node.op_type)};
  };
  out.examples_per_run = options.examples_per_run;
  TF_ASSIGN_OR_RETURN(out.result, EstimateFromFigures(layers, label, out.spec, options.method1, o,
                                                      &out.backward_factors));
  Estimate& e = out.result.estimate;
  e.method = "method1_onnx";
  const double n = options.examples_per_run;
  e.formula.insert(e.formula.begin(),
                   "forward FLOP per example = graph forward FLOP / examples per run = " +
                       FormatCompute(analysis.forward_flop) + " / " + FormatScientific(n) + " = " +
                       FormatCompute(analysis.forward_flop / n) +
                       (analysis.lower_bound() ? " (a lower bound: see the notes)" : ""));
  e.inputs.push_back(
      {"examples_per_run", n, "examples per graph run", n == 1 ? "default" : "`examples_per_run`"});
  e.assumptions.push_back({"examples per graph run", FormatScientific(n),
                           n == 1 ? "default: one run of the graph processes one example "
                                    "(set `examples_per_run` to the graph's batch size)"
                                  : "`examples_per_run`"});
  e.assumptions.push_back(
      {"FLOP conventions",
       "the layer catalogue's: 1 multiply-add = 2 FLOP; activations and "
       "element-wise arithmetic 1 per output element; softmax 3 and "
       "batch/layer norm 7 per element; shape operators 0",
       "Sevilla et al. 2022, Table 1 and the catalogue's conventions (docs/onnx.md)"});
  e.assumptions.push_back({"parameters",
                           "floating-point initializers read as weights, shared ones once; "
                           "shape/index/statistics inputs are constants",
                           "initializer shapes in the ONNX file (docs/onnx.md)"});
  for (const std::string& note : analysis.notes) e.notes.push_back(note);
  return out;
}

}  // namespace trainflops
