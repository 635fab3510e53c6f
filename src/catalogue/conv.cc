// Convolutions (1D/2D/3D, grouped, depthwise, transposed) and pooling.
//
// Shapes are one example, channels-last: conv1d [L, C], conv2d [H, W, C],
// conv3d [D, H, W, C]. Kernel, stride, padding and dilation take one value
// for every spatial dimension ("3") or one per dimension ("3x5").
#include <cmath>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "core/text.h"
#include "kinds.h"

namespace trainflops::catalogue {
namespace {

using Dims = std::vector<int64_t>;

// Names of the input dimensions of a `rank`-D convolution (spatial, then c).
const std::vector<std::string>& DimNames(size_t rank) {
  static const std::vector<std::string> k1 = {"l", "c"}, k2 = {"h", "w", "c"},
                                        k3 = {"d", "h", "w", "c"};
  return rank == 1 ? k1 : rank == 2 ? k2 : k3;
}

double Product(const Dims& dims) {
  double p = 1;
  for (int64_t v : dims) p *= static_cast<double>(v);
  return p;
}

std::string N(int64_t v) { return Num(static_cast<double>(v)); }

std::vector<std::string> SplitOnX(std::string_view text) {
  std::vector<std::string> parts;
  size_t start = 0;
  for (size_t i = 0; i <= text.size(); ++i) {
    if (i == text.size() || text[i] == 'x') {
      parts.emplace_back(Trim(text.substr(start, i - start)));
      start = i + 1;
    }
  }
  return parts;
}

// A per-dimension integer: "3" (every spatial dimension) or "3x5" (one per
// dimension). `fallback` < 0 means required; `min` is 0 or 1.
Result<Dims> PerDim(const LayerArgs& args, const std::string& key, size_t rank, int64_t fallback,
                    int64_t min) {
  if (!args.Has(key)) {
    if (fallback < 0) return Status::InvalidArgument("missing field '" + key + "'");
    return Dims(rank, fallback);
  }
  const std::vector<std::string> parts = SplitOnX(ToLower(args.Text(key)));
  if (parts.size() != 1 && parts.size() != rank) {
    return Status::InvalidArgument("field '" + key + "': '" + args.Text(key) + "' gives " +
                                   std::to_string(parts.size()) + " values; give one or " +
                                   std::to_string(rank) + " (one per dimension)");
  }
  Dims out;
  for (const std::string& part : parts) {
    LayerArgs one;
    one.Set(key, part);
    TF_ASSIGN_OR_RETURN(const int64_t v,
                        min > 0 ? one.PositiveInt(key, 1) : one.NonNegativeInt(key, 0));
    out.push_back(v);
  }
  if (out.size() == 1) out.assign(rank, out[0]);
  return out;
}

// A sliding window over the spatial dimensions.
struct Window {
  Dims kernel, stride, dilation, padding;
  bool same = false;  // padding=same: output = ceil(input / stride), as TensorFlow defines it
};

Result<Dims> ParsePadding(const LayerArgs& args, size_t rank) {
  const std::string text = ToLower(Trim(args.Text("padding")));
  if (text == "same" || text == "valid") return Dims(rank, 0);
  Result<Dims> padding = PerDim(args, "padding", rank, 0, 0);
  if (padding.ok()) return padding;
  return Status::InvalidArgument("field 'padding': '" + args.Text("padding") +
                                 "' is not accepted (accepted: a number such as 2, one per "
                                 "dimension such as 2x1, same, valid)" +
                                 DidYouMean(text, {"same", "valid"}));
}

Result<Window> ParseWindow(const LayerArgs& args, size_t rank, bool stride_defaults_to_kernel) {
  Window w;
  TF_ASSIGN_OR_RETURN(w.kernel, PerDim(args, "kernel", rank, -1, 1));
  if (stride_defaults_to_kernel && !args.Has("stride")) {
    w.stride = w.kernel;
  } else {
    TF_ASSIGN_OR_RETURN(w.stride, PerDim(args, "stride", rank, 1, 1));
  }
  TF_ASSIGN_OR_RETURN(w.dilation, PerDim(args, "dilation", rank, 1, 1));
  TF_ASSIGN_OR_RETURN(w.padding, ParsePadding(args, rank));
  w.same = ToLower(Trim(args.Text("padding"))) == "same";
  return w;
}

// Output size per spatial dimension (Dumoulin & Visin 2016, "A guide to
// convolution arithmetic", eq. 15; PyTorch Conv2d/MaxPool2d):
//   out = floor((H + 2P - dilation·(K-1) - 1) / S) + 1.
// Sevilla et al. 2022, Table 1 writes H' = (H - K + 2P + 1) / S; the two agree whenever
// Table 1's value is a whole number, and a note says so when it is not.
Result<Dims> SlideOutput(const Dims& in, const Window& w, std::vector<std::string>* notes) {
  const std::vector<std::string>& names = DimNames(in.size());
  Dims out;
  for (size_t i = 0; i < in.size(); ++i) {
    const double h = static_cast<double>(in[i]), k = static_cast<double>(w.kernel[i]);
    const double s = static_cast<double>(w.stride[i]), d = static_cast<double>(w.dilation[i]);
    const double padded = h + 2 * static_cast<double>(w.padding[i]), span = d * (k - 1) + 1;
    if (w.same) {
      out.push_back(static_cast<int64_t>(std::ceil(h / s)));
      continue;
    }
    if (span > padded) {
      return Status::InvalidArgument(
          "kernel " + Num(k) +
          (d > 1 ? " (dilation " + Num(d) + ": spans " + Num(span) + ")" : "") +
          " larger than padded input " + Num(padded) + " on " + names[i]);
    }
    const double size = std::floor((padded - span) / s) + 1, table = (padded - k + 1) / s;
    out.push_back(static_cast<int64_t>(size));
    if (notes != nullptr && d == 1 && table != std::floor(table)) {
      notes->push_back("on " + names[i] + ", Table 1's (H - K + 2P + 1)/S = " + Num(table) +
                       " is not a whole number; we use floor((H + 2P - K)/S) + 1 = " + Num(size));
    }
  }
  return out;
}

Status CheckRank(const Shape& input, size_t rank) {
  if (input.size() == rank + 1) return Status::Ok();
  return Status::InvalidArgument("expected an input of " + std::to_string(rank + 1) +
                                 " dimensions (" + JoinNames(DimNames(rank), " x ") + ") but got " +
                                 ShapeToString(input));
}

struct ConvSpec {
  int64_t filters = 0, groups = 1;
  Window window;
  bool bias = true, activation = true;
};

Result<ConvSpec> ParseConvSpec(const LayerArgs& args, size_t rank, int64_t channels,
                               bool depthwise) {
  ConvSpec spec;
  if (depthwise) {
    TF_ASSIGN_OR_RETURN(const int64_t multiplier, args.PositiveInt("multiplier", 1));
    if (static_cast<double>(multiplier) * static_cast<double>(channels) > 1e15) {
      return Status::InvalidArgument("field 'multiplier': " + N(multiplier) + " x " + N(channels) +
                                     " channels is implausibly many filters");
    }
    spec.groups = channels;
    spec.filters = channels * multiplier;
  } else {
    TF_ASSIGN_OR_RETURN(spec.filters, args.PositiveInt("filters"));
    TF_ASSIGN_OR_RETURN(spec.groups, args.PositiveInt("groups", 1));
  }
  TF_ASSIGN_OR_RETURN(spec.window, ParseWindow(args, rank, false));
  TF_ASSIGN_OR_RETURN(spec.bias, args.Bool("bias", true));
  TF_ASSIGN_OR_RETURN(const std::string activation,
                      args.Choice("activation", {"yes", "none"}, "yes"));
  spec.activation = activation != "none";
  return spec;
}

constexpr const char* kBiasErratum =
    "Table 1 prints the bias parameters as K·K·C; one bias per filter is D (an erratum)";

// Sevilla et al. 2022, Table 1, "CNN applying D filters of shape K·K·C with stride S and
// padding P to an H·W·C tensor", generalised to 1D/3D and to groups g (each
// filter sees C/g channels; PyTorch Conv2d `groups`):
//   params = D·k·(C/g) + D (bias)                         ≈ D·k·C/g
//   FLOP   = 2·k·(C/g)·D·P + P·D (bias) + P·D (non-lin.)  ≈ 2·k·(C/g)·H·W·D/S²
// with k the kernel volume (K² in 2D) and P the output positions (H'·W').
Result<LayerCost> ConvCost(const Shape& input, const ConvSpec& spec, std::string source) {
  const Dims spatial(input.begin(), input.end() - 1);
  const int64_t channels = input.back();
  if (channels % spec.groups != 0 || spec.filters % spec.groups != 0) {
    return Status::InvalidArgument("field 'groups': " + N(spec.groups) +
                                   " must divide the input channels (" + N(channels) +
                                   ") and the filters (" + N(spec.filters) + ")");
  }
  LayerCost cost;
  TF_ASSIGN_OR_RETURN(const Dims out, SlideOutput(spatial, spec.window, &cost.notes));
  const double k = Product(spec.window.kernel), d = static_cast<double>(spec.filters);
  const double c = static_cast<double>(channels / spec.groups), p = Product(out);
  cost.params = d * k * c + (spec.bias ? d : 0);
  cost.params_approx = d * k * c;
  cost.forward_flop = 2 * k * c * d * p + (spec.bias ? p * d : 0) + (spec.activation ? p * d : 0);
  cost.forward_flop_approx = 2 * k * c * Product(spatial) * d / Product(spec.window.stride);
  cost.output_shape = out;
  cost.output_shape.push_back(spec.filters);
  cost.formula = "2·k·(C/g)·D·P";
  if (spec.bias) cost.formula += " + P·D (bias)";
  if (spec.activation) cost.formula += " + P·D (non-linearity)";
  cost.formula += " with k=" + ShapeToString(spec.window.kernel) + ", C/g=" + N(channels) + "/" +
                  N(spec.groups) + ", D=" + N(spec.filters) + ", P=" + ShapeToString(out) +
                  " output positions (stride " + ShapeToString(spec.window.stride) + ")";
  cost.source = std::move(source);
  if (spec.bias) cost.notes.push_back(kBiasErratum);
  return cost;
}

template <size_t Rank>
Result<LayerCost> Conv(const Shape& input, const LayerArgs& args) {
  TF_RETURN_IF_ERROR(CheckRank(input, Rank));
  TF_ASSIGN_OR_RETURN(const ConvSpec spec, ParseConvSpec(args, Rank, input.back(), false));
  return ConvCost(input, spec,
                  "Sevilla et al. 2022, Table 1 (CNN)" +
                      std::string(Rank == 2 ? "" : ", extended to " + std::to_string(Rank) + "D") +
                      "; output size: Dumoulin & Visin 2016");
}

// Depthwise convolution (Chollet 2017; PyTorch groups = C): each input
// channel has `multiplier` filters of its own, so D = C·multiplier, g = C.
Result<LayerCost> DepthwiseConv2d(const Shape& input, const LayerArgs& args) {
  TF_RETURN_IF_ERROR(CheckRank(input, 2));
  TF_ASSIGN_OR_RETURN(const ConvSpec spec, ParseConvSpec(args, 2, input.back(), true));
  return ConvCost(input, spec, "Sevilla et al. 2022, Table 1 (CNN) with groups = C (depthwise)");
}

// Sevilla et al. 2022, Table 1, "transposed CNN": H' = S·(H-1) + K - 2P, plus
// output_padding (< S) as PyTorch ConvTranspose2d adds it.
Result<Dims> TransposedOutput(const Dims& in, const Window& w, const Dims& extra) {
  Dims out;
  for (size_t i = 0; i < in.size(); ++i) {
    const std::string& name = DimNames(in.size())[i];
    if (extra[i] >= w.stride[i]) {
      return Status::InvalidArgument("field 'output_padding': " + N(extra[i]) +
                                     " must be smaller than the stride " + N(w.stride[i]) + " on " +
                                     name);
    }
    const double size = static_cast<double>(w.stride[i]) * static_cast<double>(in[i] - 1) +
                        static_cast<double>(w.kernel[i] - 2 * w.padding[i] + extra[i]);
    if (size < 1) {
      return Status::InvalidArgument("padding " + N(w.padding[i]) + " leaves no output on " + name +
                                     " (H' = S·(H-1) + K - 2P = " + Num(size) + ")");
    }
    out.push_back(static_cast<int64_t>(size));
  }
  return out;
}

// Sevilla et al. 2022, Table 1, "transposed CNN". Every input value is scattered through
// the D·K·K weights that see it:
//   params = D·K·K·C + D (bias)   ≈ D·K·K·C
//   FLOP   = 2·H·W·C·K·K·D + D·H'·W' (bias) + D·H'·W' (non-linearity)   ≈ 2·D·H·W·C·K·K
Result<LayerCost> ConvTranspose2d(const Shape& input, const LayerArgs& args) {
  TF_RETURN_IF_ERROR(CheckRank(input, 2));
  TF_ASSIGN_OR_RETURN(const ConvSpec spec, ParseConvSpec(args, 2, input.back(), false));
  const Window& w = spec.window;
  if (w.same) {
    return Status::InvalidArgument("field 'padding': give a number for a transposed conv");
  }
  TF_ASSIGN_OR_RETURN(const Dims extra, PerDim(args, "output_padding", 2, 0, 0));
  const Dims spatial(input.begin(), input.end() - 1);
  TF_ASSIGN_OR_RETURN(const Dims out, TransposedOutput(spatial, w, extra));
  const double k = Product(w.kernel), d = static_cast<double>(spec.filters);
  const double c = static_cast<double>(input.back()), in = Product(spatial), p = Product(out);
  LayerCost cost;
  cost.params = d * k * c + (spec.bias ? d : 0);
  cost.params_approx = d * k * c;
  cost.forward_flop = 2 * in * c * k * d + (spec.bias ? d * p : 0) + (spec.activation ? d * p : 0);
  cost.forward_flop_approx = 2 * d * in * c * k;
  cost.output_shape = out;
  cost.output_shape.push_back(spec.filters);
  cost.formula = "2·H·W·C·k·D" + std::string(spec.bias ? " + D·H'·W' (bias)" : "") +
                 (spec.activation ? " + D·H'·W' (non-linearity)" : "") +
                 " with H·W=" + ShapeToString(spatial) + ", C=" + N(input.back()) +
                 ", k=" + ShapeToString(w.kernel) + ", D=" + N(spec.filters) +
                 ", H'·W'=" + ShapeToString(out);
  cost.source =
      "Sevilla et al. 2022, Table 1 (transposed CNN); output_padding: PyTorch ConvTranspose2d";
  cost.notes.push_back(
      "Table 1 prints the FLOP as 2·D·H·W·C·K·K·C, with a spurious extra factor C, and the bias "
      "and non-linearity terms as D·H·W·C and W'·H' (errata); we count each weight once per "
      "input position and one bias and non-linearity per output value, D·H'·W'");
  if (spec.bias) cost.notes.push_back(kBiasErratum);
  return cost;
}

enum class PoolOp { kMax, kAverage };

// Our convention (one op per comparison/add): a max over a window of k values
// takes k - 1 comparisons; an average takes k - 1 adds and 1 divide.
template <size_t Rank, PoolOp Op>
Result<LayerCost> Pool(const Shape& input, const LayerArgs& args) {
  TF_RETURN_IF_ERROR(CheckRank(input, Rank));
  TF_ASSIGN_OR_RETURN(const Window window, ParseWindow(args, Rank, true));
  const Dims spatial(input.begin(), input.end() - 1);
  TF_ASSIGN_OR_RETURN(const Dims out, SlideOutput(spatial, window, nullptr));
  const double k = Product(window.kernel);
  const double outputs = Product(out) * static_cast<double>(input.back());
  LayerCost cost;
  cost.forward_flop = outputs * (Op == PoolOp::kMax ? k - 1 : k);
  cost.forward_flop_approx = cost.forward_flop;
  cost.output_shape = out;
  cost.output_shape.push_back(input.back());
  cost.formula =
      std::string(Op == PoolOp::kMax ? "(k - 1) comparisons" : "(k - 1) adds + 1 divide") +
      " per output x P·C outputs with k=" + ShapeToString(window.kernel) +
      ", P=" + ShapeToString(out) + ", C=" + N(input.back());
  cost.source = "our convention (one op per comparison/add); output size: Dumoulin & Visin 2016";
  return cost;
}

// Global pooling over every spatial position: [..., C] -> [C]. Average:
// (positions - 1) adds + 1 divide per channel; max: (positions - 1) comparisons.
template <PoolOp Op>
Result<LayerCost> GlobalPool(const Shape& input, const LayerArgs& /*args*/) {
  if (input.size() < 2) {
    return Status::InvalidArgument(
        "global pooling needs spatial dimensions and channels, e.g. "
        "7x7x512, but got " +
        ShapeToString(input));
  }
  TF_ASSIGN_OR_RETURN(const double elements, NumElements(input));
  const double c = static_cast<double>(input.back());
  LayerCost cost;
  cost.forward_flop = Op == PoolOp::kMax ? elements - c : elements;
  cost.forward_flop_approx = cost.forward_flop;
  cost.output_shape = {input.back()};
  cost.formula = std::string(Op == PoolOp::kMax ? "(positions - 1)·C comparisons"
                                                : "(positions - 1)·C adds + C divides = H·W·C") +
                 " with " + ShapeToString(input) + " = " + Num(elements) + " elements, C=" + Num(c);
  cost.source = "our convention (one op per comparison/add)";
  return cost;
}

std::vector<ParamSpec> Params(std::initializer_list<std::vector<ParamSpec>> parts) {
  std::vector<ParamSpec> all;
  for (const auto& part : parts) all.insert(all.end(), part.begin(), part.end());
  return all;
}

std::vector<ParamSpec> WindowParams(const std::string& stride_default) {
  return {{"kernel", "window size K, or one per dimension (3x5)", ""},
          {"stride", "step S, or one per dimension (2x1)", stride_default},
          {"padding", "zero padding P per side (or one per dimension), same or valid", "0"}};
}

// Built on each call (not namespace-scope statics) so that the catalogue can
// be built during another translation unit's static initialisation.
std::vector<ParamSpec> Filters() { return {{"filters", "number of filters D", ""}}; }
std::vector<ParamSpec> Dilation() {
  return {{"dilation", "kernel dilation, or one per dimension", "1"}};
}
std::vector<ParamSpec> BiasActivation() {
  return {{"bias", "one bias per filter (true/false)", "true"},
          {"activation", "count the non-linearity term: yes or none", "yes"}};
}

std::vector<ParamSpec> ConvParams() {
  return Params({Filters(),
                 WindowParams("1"),
                 Dilation(),
                 {{"groups", "channel groups g (divides C and D)", "1"}},
                 BiasActivation()});
}

}  // namespace

std::vector<LayerKind> ConvKinds() {
  const std::vector<ParamSpec> pool = WindowParams("kernel");
  return {
      {"conv2d",
       {"conv", "cnn", "conv_2d"},
       "2D convolution, D filters K x K x C (Sevilla et al. 2022, Table 1)",
       DimNames(2),
       ConvParams(),
       Conv<2>},
      {"conv1d", {"conv_1d"}, "1D convolution over [L, C]", DimNames(1), ConvParams(), Conv<1>},
      {"conv3d",
       {"conv_3d"},
       "3D convolution over [D, H, W, C]",
       DimNames(3),
       ConvParams(),
       Conv<3>},
      {"depthwise_conv2d",
       {"depthwise", "depthwise_conv"},
       "depthwise 2D convolution: groups = C, D = C x multiplier",
       DimNames(2),
       Params({{{"multiplier", "filters per input channel", "1"}},
               WindowParams("1"),
               Dilation(),
               BiasActivation()}),
       DepthwiseConv2d},
      {"conv_transpose2d",
       {"deconv", "transposed_conv", "conv2d_transpose"},
       "transposed 2D convolution (Sevilla et al. 2022, Table 1)",
       DimNames(2),
       Params({Filters(),
               WindowParams("1"),
               {{"output_padding", "extra rows/columns on one side (< stride)", "0"}},
               BiasActivation()}),
       ConvTranspose2d},
      {"maxpool2d",
       {"max_pool", "maxpool", "max_pool2d"},
       "2D max pooling, no parameters",
       DimNames(2),
       pool,
       Pool<2, PoolOp::kMax>},
      {"avgpool2d",
       {"avg_pool", "avgpool", "avg_pool2d", "average_pooling"},
       "2D average pooling, no parameters",
       DimNames(2),
       pool,
       Pool<2, PoolOp::kAverage>},
      {"maxpool1d",
       {"max_pool1d"},
       "1D max pooling over [L, C]",
       DimNames(1),
       pool,
       Pool<1, PoolOp::kMax>},
      {"avgpool1d",
       {"avg_pool1d"},
       "1D average pooling over [L, C]",
       DimNames(1),
       pool,
       Pool<1, PoolOp::kAverage>},
      {"global_avgpool",
       {"global_average_pooling", "gap", "global_avg_pool"},
       "average over all spatial positions: [..., C] -> [C]",
       {},
       {},
       GlobalPool<PoolOp::kAverage>},
      {"global_maxpool",
       {"global_max_pooling", "global_max_pool"},
       "maximum over all spatial positions: [..., C] -> [C]",
       {},
       {},
       GlobalPool<PoolOp::kMax>},
  };
}

}  // namespace trainflops::catalogue
