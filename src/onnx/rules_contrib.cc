// com.microsoft contrib operators that ONNX Runtime's transformer optimizer
// fuses (onnxruntime/docs/ContribOperators.md): embeddings with layer
// normalisation, bias + residual adds, and matrix products (FusedMatMul,
// MatMulNBits with 4-bit weights). Each counts the unfused operators'
// FLOP with the layer catalogue's conventions. Attention, GroupQuery
// Attention, RotaryEmbedding and the skip norms are in rules_sequence.cc.
#include "graph.h"

namespace trainflops::onnx {
namespace {

// EmbedLayerNormalization(input_ids [B, S], segment_ids?, word_embedding
// [V, H], position_embedding [P, H], segment_embedding?, gamma [H], beta
// [H], mask?, position_ids?): three lookups (0 FLOP), the embeddings added
// (1 add each after the first: 1, or 2 with segments), then a layer norm
// (7 per element, as LayerNormalization with scale and shift).
// Outputs: [B, S, H], mask_index [B], embedding_sum [B, S, H].
Status EmbedLayerNorm(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const std::vector<int64_t> ids, ctx.Concrete(0));
  TF_ASSIGN_OR_RETURN(const std::vector<int64_t> word, ctx.Concrete(2));
  if (ids.size() != 2 || word.size() != 2) {
    return Status::InvalidArgument(
        "expected input_ids [batch, seq] and word_embedding [V, H], got " + Shape(ids) + " and " +
        Shape(word));
  }
  const bool segments = ctx.has_input(1) && ctx.has_input(4);
  const double adds = segments ? 2 : 1, per = adds + 7;
  const double n = AsCount(ids[0]) * AsCount(ids[1]) * AsCount(word[1]);
  eval->flop = per * n;
  eval->formula = Num(adds) + " embedding add(s) + 7 (layer norm) per element x " + Num(n) +
                  " elements (" + Shape({ids[0], ids[1], word[1]}) + ")";
  eval->source = "the unfused operators: Gather 0, Add 1 per element, LayerNormalization 7";
  const Dims out = ToDims({ids[0], ids[1], word[1]});
  eval->outputs.assign(ctx.num_outputs(), TensorInfo::Shaped(out, ctx.type(2)));
  if (eval->outputs.size() > 1) {
    eval->outputs[1] = TensorInfo::Shaped({Dim::Of(ids[0])}, kInt32);
  }
  return Status::Ok();
}

// BiasAdd(X [B, S, C], bias [C], skip [B, S, C]): X + bias + skip, 2 adds
// per element.
Status BiasAdd(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const std::vector<int64_t> x, ctx.Concrete(0));
  const double n = Product(x);
  eval->flop = 2 * n;
  eval->formula = "2 adds (bias, skip) per element x " + Num(n) + " (" + Shape(x) + ")";
  eval->source = "the unfused operators: two Adds, 1 FLOP per element each";
  eval->outputs = {TensorInfo::Shaped(ToDims(x), ctx.type(0))};
  return Status::Ok();
}

// Swaps the last two dimensions (a transposed operand).
std::vector<int64_t> SwapLast(std::vector<int64_t> d) {
  if (d.size() >= 2) std::swap(d[d.size() - 1], d[d.size() - 2]);
  return d;
}

// FusedMatMul(A, B): alpha·op(A)·op(B), op a transpose of the last two
// dimensions when transA/transB (transBatchA/B move the batch axes, which
// leaves the count alone): MatMul's 2·batch·N·K·M, + 1 per output element
// when alpha != 1.
Status FusedMatMul(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(std::vector<int64_t> a, ctx.Concrete(0));
  TF_ASSIGN_OR_RETURN(std::vector<int64_t> b, ctx.Concrete(1));
  if (ctx.Int("transBatchA", 0) != 0 || ctx.Int("transBatchB", 0) != 0) {
    return Status::InvalidArgument("transBatchA/transBatchB are not supported");
  }
  if (ctx.Int("transA", 0) != 0) a = SwapLast(std::move(a));
  if (ctx.Int("transB", 0) != 0) b = SwapLast(std::move(b));
  TF_RETURN_IF_ERROR(CountMatMul(std::move(a), std::move(b), ctx.type(0), eval));
  if (ctx.Float("alpha", 1) != 1) {
    TF_ASSIGN_OR_RETURN(const std::vector<int64_t> out, ConcreteDims(eval->outputs[0], "output"));
    eval->flop += Product(out);
    eval->formula += " + " + Num(Product(out)) + " (alpha)";
  }
  eval->source += "; com.microsoft FusedMatMul = MatMul with transposes and a scale";
  return Status::Ok();
}

// MatMulNBits(A [..., K], B packed [N, blocks, blob], scales, zero_points?,
// g_idx?, bias?) with attributes K, N, bits, block_size: A·B^T with B
// dequantised, 2·M·K·N (+ M·N with a bias), M the product of A's leading
// dimensions. Its parameters are the declared N·K weights, not the bytes
// that hold them (4-bit weights pack two per byte); scales and zero points
// are quantisation constants. Output [..., N].
Status MatMulNBits(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const std::vector<int64_t> a, ctx.Concrete(0));
  const int64_t k = ctx.Int("K", 0), n = ctx.Int("N", 0), bits = ctx.Int("bits", 4);
  if (k <= 0 || n <= 0 || bits < 1 || bits > 8) {
    return Status::InvalidArgument("attributes K and N must be positive and bits in [1, 8]");
  }
  if (a.empty() || a.back() != k) {
    return ctx.InputError(
        0, "the last dimension of A " + Shape(a) + " is not K = " + std::to_string(k));
  }
  const double m = Product(a, 0, a.size() - 1);
  const bool bias = ctx.has_input(5);
  eval->multiply_adds = m * AsCount(k) * AsCount(n);
  eval->flop = 2 * eval->multiply_adds + (bias ? m * AsCount(n) : 0);
  eval->declared_params = AsCount(k) * AsCount(n) + (bias ? AsCount(n) : 0);
  std::vector<int64_t> out = a;
  out.back() = n;
  eval->outputs = {TensorInfo::Shaped(ToDims(out), ctx.type(0))};
  eval->formula = "2·M·K·N" + std::string(bias ? " + M·N (bias)" : "") + " with M=" + Num(m) +
                  ", K=" + std::to_string(k) + ", N=" + std::to_string(n) + "; parameters K·N" +
                  (bias ? " + N" : "") + " = " + Num(eval->declared_params) + " (" +
                  std::to_string(bits) + "-bit weights)";
  eval->source =
      "one multiply-add (2 FLOP) per weight per row, the convention of Sevilla et al. 2022; "
      "parameters from the declared K x N (onnxruntime contrib MatMulNBits)";
  return Status::Ok();
}

}  // namespace

const std::vector<OpRule>& ContribFusedOpRules() {
  static const std::vector<OpRule> rules = {
      {"EmbedLayerNormalization", EmbedLayerNorm, {0, 1, 7, 8}},
      {"BiasAdd", BiasAdd, {}},
      {"FusedMatMul", FusedMatMul, {}, OpRule::kCounted, true, OpRule::kProduct},
      {"MatMulNBits", MatMulNBits, {1, 2, 3, 4}},
  };
  return rules;
}

}  // namespace trainflops::onnx
