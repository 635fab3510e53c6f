// Convolutions and pooling over [N, C, D1, ..., Dn] (1D, 2D, 3D alike).
//
// Output size per spatial axis (ONNX Conv/MaxPool specification; Dumoulin &
// Visin 2016, "A guide to convolution arithmetic", eq. 15):
//   NOTSET: floor((in + pad_begin + pad_end - dilation·(k - 1) - 1) / stride) + 1
//   SAME_UPPER / SAME_LOWER: ceil(in / stride);  VALID: pads of 0.
// FLOP conventions are the layer catalogue's (src/catalogue/conv.cc): a
// multiply-add is 2 FLOP, a bias 1 per output; max pooling k - 1 comparisons
// and average pooling k - 1 adds + 1 divide per output.
#include <cmath>

#include "graph.h"

namespace trainflops::onnx {
namespace {

struct Window {
  std::vector<int64_t> kernel, strides, dilations, pads;  // pads: begins then ends
  std::string auto_pad;
  bool ceil_mode = false;
};

Result<std::vector<int64_t>> PerAxis(const NodeContext& ctx, const char* name, size_t n,
                                     int64_t fallback, int64_t min) {
  std::vector<int64_t> v = ctx.Ints(name).value_or(std::vector<int64_t>(n, fallback));
  if (v.size() != n) {
    return Status::InvalidArgument(
        std::string(name) + " has " + std::to_string(v.size()) + " values for " +
        std::to_string(n / (std::string(name) == "pads" ? 2 : 1)) + " spatial axes");
  }
  for (int64_t x : v) {
    if (x < min)
      return Status::InvalidArgument(std::string(name) + " value " + std::to_string(x) +
                                     " is below " + std::to_string(min));
  }
  return v;
}

Result<Window> ParseWindow(const NodeContext& ctx, const std::vector<int64_t>& kernel) {
  const size_t n = kernel.size();
  Window w;
  w.kernel = kernel;
  TF_ASSIGN_OR_RETURN(w.strides, PerAxis(ctx, "strides", n, 1, 1));
  TF_ASSIGN_OR_RETURN(w.dilations, PerAxis(ctx, "dilations", n, 1, 1));
  TF_ASSIGN_OR_RETURN(w.pads, PerAxis(ctx, "pads", 2 * n, 0, 0));
  w.auto_pad = ctx.Str("auto_pad", "NOTSET");
  if (w.auto_pad != "NOTSET" && w.auto_pad != "SAME_UPPER" && w.auto_pad != "SAME_LOWER" &&
      w.auto_pad != "VALID") {
    return Status::InvalidArgument(
        "auto_pad '" + w.auto_pad +
        "' is not accepted (accepted: NOTSET, SAME_UPPER, SAME_LOWER, VALID)");
  }
  w.ceil_mode = ctx.Int("ceil_mode", 0) != 0;
  return w;
}

// Output positions per spatial axis of a sliding window.
Result<std::vector<int64_t>> Slide(const std::vector<int64_t>& in, const Window& w) {
  const size_t n = in.size();
  std::vector<int64_t> out;
  for (size_t i = 0; i < n; ++i) {
    const double s = static_cast<double>(w.strides[i]);
    if (w.auto_pad == "SAME_UPPER" || w.auto_pad == "SAME_LOWER") {
      out.push_back(static_cast<int64_t>(std::ceil(static_cast<double>(in[i]) / s)));
      continue;
    }
    const bool valid = w.auto_pad == "VALID";
    const double pb = valid ? 0 : static_cast<double>(w.pads[i]);
    const double padded =
        static_cast<double>(in[i]) + pb + (valid ? 0 : static_cast<double>(w.pads[i + n]));
    const double span =
        static_cast<double>(w.dilations[i]) * static_cast<double>(w.kernel[i] - 1) + 1;
    if (span > padded) {
      return Status::InvalidArgument("kernel " + std::to_string(w.kernel[i]) + " (spanning " +
                                     Num(span) + ") is larger than the padded input " +
                                     Num(padded) + " on spatial axis " + std::to_string(i));
    }
    double size =
        (w.ceil_mode ? std::ceil((padded - span) / s) : std::floor((padded - span) / s)) + 1;
    // With ceil_mode the last window must start inside the input or the
    // left padding (PyTorch's rule, adopted by the ONNX reference).
    if (w.ceil_mode && (size - 1) * s >= static_cast<double>(in[i]) + pb) size -= 1;
    TF_ASSIGN_OR_RETURN(const int64_t dim, ToDim(size, "output size"));
    out.push_back(dim);
  }
  return out;
}

std::vector<int64_t> Spatial(const std::vector<int64_t>& x) { return {x.begin() + 2, x.end()}; }

Result<std::vector<int64_t>> NeedRank(const NodeContext& ctx, size_t i, size_t min_rank) {
  TF_ASSIGN_OR_RETURN(std::vector<int64_t> x, ctx.Concrete(i));
  if (x.size() < min_rank) {
    return ctx.InputError(i, "expected at least " + std::to_string(min_rank) +
                                 " dimensions (N, C, spatial...) but got " + Shape(x));
  }
  return x;
}

// Conv(X [N, C, D...], W [M, C/g, k...], B [M]?):
//   FLOP = 2·N·M·P·(C/g)·k + N·M·P (bias)
// with P output positions and k the kernel volume (Sevilla et al. 2022, Table 1, CNN row,
// extended to groups and 1D/3D as the catalogue does).
Status Conv(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const std::vector<int64_t> x, NeedRank(ctx, 0, 3));
  TF_ASSIGN_OR_RETURN(const std::vector<int64_t> w, NeedRank(ctx, 1, 3));
  const int64_t group = ctx.Int("group", 1);
  if (w.size() != x.size() || group < 1 || x[1] % group != 0 || w[0] % group != 0 ||
      w[1] != x[1] / group) {
    return Status::InvalidArgument("weights " + Shape(w) + " do not fit input " + Shape(x) +
                                   " with group " + std::to_string(group) +
                                   " (expected M x C/group x kernel)");
  }
  const std::vector<int64_t> kernel = ctx.Ints("kernel_shape").value_or(Spatial(w));
  if (kernel != Spatial(w)) return Status::InvalidArgument("kernel_shape differs from the weights");
  TF_ASSIGN_OR_RETURN(const Window window, ParseWindow(ctx, kernel));
  TF_ASSIGN_OR_RETURN(const std::vector<int64_t> positions, Slide(Spatial(x), window));
  const double n = static_cast<double>(x[0]), m = static_cast<double>(w[0]);
  const double cg = static_cast<double>(w[1]), k = Product(kernel), p = Product(positions);
  const bool bias = ctx.has_input(2);
  eval->multiply_adds = n * m * p * cg * k;
  eval->flop = 2 * eval->multiply_adds + (bias ? n * m * p : 0);
  std::vector<int64_t> y = {x[0], w[0]};
  y.insert(y.end(), positions.begin(), positions.end());
  eval->outputs = {TensorInfo::Shaped(ToDims(y), ctx.type(0))};
  eval->formula = "2·N·M·P·(C/g)·k" + std::string(bias ? " + N·M·P (bias)" : "") +
                  " with N=" + Num(n) + ", M=" + Num(m) + ", P=" + Shape(positions) + "=" + Num(p) +
                  ", C/g=" + Num(cg) + ", k=" + Shape(kernel) + "=" + Num(k);
  eval->source =
      "Sevilla et al. 2022, Table 1 (CNN), with groups and 1D/3D as in the catalogue; output "
      "size: ONNX Conv, Dumoulin & Visin 2016";
  return Status::Ok();
}

// ConvTranspose(X [N, C, D...], W [C, M/g, k...], B [M]?): every input value
// is scattered through the (M/g)·k weights that see it:
//   FLOP = 2·N·C·P_in·(M/g)·k + N·M·P_out (bias)
// (Sevilla et al. 2022, Table 1, transposed CNN, without its spurious extra factor C;
// the catalogue's conv_transpose2d). Output size (ONNX ConvTranspose):
//   stride·(in - 1) + output_padding + dilation·(k - 1) + 1 - pad_begin - pad_end.
Status ConvTranspose(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const std::vector<int64_t> x, NeedRank(ctx, 0, 3));
  TF_ASSIGN_OR_RETURN(const std::vector<int64_t> w, NeedRank(ctx, 1, 3));
  const int64_t group = ctx.Int("group", 1);
  if (w.size() != x.size() || group < 1 || w[0] != x[1] || x[1] % group != 0) {
    return Status::InvalidArgument("weights " + Shape(w) + " do not fit input " + Shape(x) +
                                   " (expected C x M/group x kernel)");
  }
  const std::vector<int64_t> kernel = Spatial(w), in = Spatial(x);
  TF_ASSIGN_OR_RETURN(const Window window, ParseWindow(ctx, kernel));
  TF_ASSIGN_OR_RETURN(const std::vector<int64_t> extra,
                      PerAxis(ctx, "output_padding", in.size(), 0, 0));
  std::vector<int64_t> out = ctx.Ints("output_shape").value_or(std::vector<int64_t>());
  if (out.size() > in.size()) out.erase(out.begin(), out.end() - static_cast<int64_t>(in.size()));
  if (out.empty()) {
    for (size_t i = 0; i < in.size(); ++i) {
      const bool same = window.auto_pad.rfind("SAME", 0) == 0;
      const auto d = [](int64_t v) { return static_cast<double>(v); };
      const double pads =
          window.auto_pad == "NOTSET" ? d(window.pads[i]) + d(window.pads[i + in.size()]) : 0;
      const double size = same ? d(in[i]) * d(window.strides[i])
                               : d(window.strides[i]) * (d(in[i]) - 1) + d(extra[i]) +
                                     d(window.dilations[i]) * (d(kernel[i]) - 1) + 1 - pads;
      if (size < 1) {
        return Status::InvalidArgument("the padding leaves no output on spatial axis " +
                                       std::to_string(i));
      }
      TF_ASSIGN_OR_RETURN(const int64_t dim, ToDim(size, "output size"));
      out.push_back(dim);
    }
  }
  const double n = static_cast<double>(x[0]), c = static_cast<double>(x[1]);
  const double mg = static_cast<double>(w[1]), m = mg * static_cast<double>(group);
  const double k = Product(kernel), p_in = Product(in), p_out = Product(out);
  const bool bias = ctx.has_input(2);
  eval->multiply_adds = n * c * p_in * mg * k;
  eval->flop = 2 * eval->multiply_adds + (bias ? n * m * p_out : 0);
  std::vector<int64_t> y = {x[0], static_cast<int64_t>(m)};
  y.insert(y.end(), out.begin(), out.end());
  eval->outputs = {TensorInfo::Shaped(ToDims(y), ctx.type(0))};
  eval->formula = "2·N·C·P_in·(M/g)·k" + std::string(bias ? " + N·M·P_out (bias)" : "") +
                  " with N=" + Num(n) + ", C=" + Num(c) + ", P_in=" + Shape(in) +
                  ", M/g=" + Num(mg) + ", k=" + Shape(kernel) + ", P_out=" + Shape(out);
  eval->source =
      "Sevilla et al. 2022, Table 1 (transposed CNN; its extra factor C is an erratum), as the "
      "catalogue's conv_transpose2d; output size: ONNX ConvTranspose";
  return Status::Ok();
}

template <bool kMax>
Status Pool(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const std::vector<int64_t> x, NeedRank(ctx, 0, 3));
  const std::optional<std::vector<int64_t>> kernel = ctx.Ints("kernel_shape");
  if (!kernel || kernel->size() != x.size() - 2) {
    return Status::InvalidArgument("kernel_shape needs one value per spatial axis (" +
                                   std::to_string(x.size() - 2) + ")");
  }
  TF_ASSIGN_OR_RETURN(const Window window, ParseWindow(ctx, *kernel));
  TF_ASSIGN_OR_RETURN(const std::vector<int64_t> positions, Slide(Spatial(x), window));
  std::vector<int64_t> y = {x[0], x[1]};
  y.insert(y.end(), positions.begin(), positions.end());
  const double k = Product(*kernel), outputs = Product(y);
  eval->flop = outputs * (kMax ? k - 1 : k);
  eval->outputs.assign(ctx.num_outputs(), TensorInfo::Shaped(ToDims(y), ctx.type(0)));
  if (eval->outputs.size() > 1) eval->outputs[1].elem_type = kInt64;
  eval->formula = std::string(kMax ? "(k - 1) comparisons" : "(k - 1) adds + 1 divide") +
                  " per output x " + Num(outputs) + " outputs (" + Shape(y) +
                  ") with k=" + Shape(*kernel) + "=" + Num(k);
  eval->source =
      "our convention (one op per comparison/add), as the catalogue's pooling; "
      "output size: ONNX " +
      ctx.op_type();
  return Status::Ok();
}

// Global pooling [N, C, D...] -> [N, C, 1, ...]: per channel, positions - 1
// comparisons (max) or positions - 1 adds + 1 divide (average).
template <bool kMax>
Status GlobalPool(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const std::vector<int64_t> x, NeedRank(ctx, 0, 3));
  std::vector<int64_t> y(x.size(), 1);
  y[0] = x[0];
  y[1] = x[1];
  const double channels = Product(x, 0, 2), positions = Product(x, 2);
  eval->flop = channels * (kMax ? positions - 1 : positions);
  eval->outputs = {TensorInfo::Shaped(ToDims(y), ctx.type(0))};
  eval->formula = std::string(kMax ? "(positions - 1)" : "positions") +
                  " x N·C with positions=" + Num(positions) + ", N·C=" + Num(channels);
  eval->source = "our convention (one op per comparison/add), as the catalogue's global pooling";
  return Status::Ok();
}

}  // namespace

const std::vector<OpRule>& ConvOpRules() {
  static const std::vector<OpRule> rules = {
      {"Conv", Conv, {}, OpRule::kCounted, true, OpRule::kProduct},
      {"ConvTranspose", ConvTranspose, {}, OpRule::kCounted, true, OpRule::kProduct},
      {"MaxPool", Pool<true>, {}},
      {"AveragePool", Pool<false>, {}},
      {"GlobalMaxPool", GlobalPool<true>, {}},
      {"GlobalAveragePool", GlobalPool<false>, {}},
  };
  return rules;
}

}  // namespace trainflops::onnx
