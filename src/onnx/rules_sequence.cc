// Recurrent layers (RNN, GRU, LSTM) and attention (ONNX Attention, opset 23;
// com.microsoft Attention and MultiHeadAttention), plus the other
// com.microsoft contrib operators that have a rule.
#include <cmath>

#include "graph.h"

namespace trainflops::onnx {

Rule SkipLayerNormRule();  // rules_elementwise.cc
Rule SkipSimplifiedLayerNormRule();
Rule SimplifiedLayerNormRule();

namespace {

struct Cell {
  int64_t gates;   // G: weight blocks in W and R
  double combine;  // C: FLOP per hidden unit to combine the gates
  const char* name;
};
// Catalogue (src/catalogue/recurrent.cc, Sevilla et al. 2022, Table 1): RNN G=1 C=0,
// GRU G=3 C=5, LSTM G=4 C=5.
constexpr Cell kRnn = {1, 0, "RNN"}, kGru = {3, 5, "GRU"}, kLstm = {4, 5, "LSTM"};

// RNN/GRU/LSTM(X, W, R, B?, sequence_lens?, initial_h?, [initial_c?, P?]).
// X is [seq, batch, I] (layout 0) or [batch, seq, I] (layout 1); W is
// [dirs, G·H, I], R [dirs, G·H, H], B [dirs, 2·G·H] (input and recurrence
// biases). Per time step, direction and sequence, as the catalogue's row:
//   G·[2·(I + H)·H + b·H (biases) + H (gate non-linearity)] + C·H
// with b = 2 when B is given (ONNX adds both bias vectors), plus 6·H for
// LSTM peepholes (P: 3 multiplies and 3 adds).
template <const Cell& kCell>
Status Recurrent(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const std::vector<int64_t> x, ctx.Concrete(0));
  TF_ASSIGN_OR_RETURN(const std::vector<int64_t> w, ctx.Concrete(1));
  if (x.size() != 3 || w.size() != 3) {
    return Status::InvalidArgument("X and W must be 3-D but are " + Shape(x) + " and " + Shape(w));
  }
  const std::string direction = ctx.Str("direction", "forward");
  if (direction != "forward" && direction != "reverse" && direction != "bidirectional") {
    return Status::InvalidArgument("direction '" + direction +
                                   "' is not accepted (accepted: forward, reverse, bidirectional)");
  }
  const int64_t dirs = direction == "bidirectional" ? 2 : 1;
  const int64_t hidden = ctx.Int("hidden_size", w[1] / kCell.gates);
  if (hidden <= 0 || w[0] != dirs || w[1] / kCell.gates != hidden || w[1] % kCell.gates != 0 ||
      w[2] != x[2]) {
    return Status::InvalidArgument("W " + Shape(w) + " does not match " + std::to_string(dirs) +
                                   " direction(s) x " + std::to_string(kCell.gates) + "·" +
                                   std::to_string(hidden) + " x input size " +
                                   std::to_string(x[2]));
  }
  const bool batch_first = ctx.Int("layout", 0) != 0;
  const int64_t seq = batch_first ? x[1] : x[0], batch = batch_first ? x[0] : x[1];
  const double i = static_cast<double>(x[2]), h = static_cast<double>(hidden);
  const double g = static_cast<double>(kCell.gates), b = ctx.has_input(3) ? 2 : 0;
  const bool peephole = kCell.gates == 4 && ctx.has_input(7);
  const double step =
      g * (2 * (i + h) * h + b * h + h) + kCell.combine * h + (peephole ? 6 * h : 0);
  const double runs =
      static_cast<double>(seq) * static_cast<double>(batch) * static_cast<double>(dirs);
  eval->flop = runs * step;
  eval->multiply_adds = runs * g * (i + h) * h;
  const std::vector<int64_t> y = batch_first ? std::vector<int64_t>{batch, seq, dirs, hidden}
                                             : std::vector<int64_t>{seq, dirs, batch, hidden};
  const std::vector<int64_t> yh = batch_first ? std::vector<int64_t>{batch, dirs, hidden}
                                              : std::vector<int64_t>{dirs, batch, hidden};
  eval->outputs.assign(ctx.num_outputs(), TensorInfo::Shaped(ToDims(yh), ctx.type(0)));
  if (!eval->outputs.empty()) eval->outputs[0] = TensorInfo::Shaped(ToDims(y), ctx.type(0));
  eval->formula = "seq·batch·dirs x (" + std::string(kCell.gates > 1 ? Num(g) + "·" : "") +
                  "[2·(I+H)·H" + (b > 0 ? " + 2·H (biases)" : "") + " + H (non-linearity)]" +
                  (kCell.combine > 0 ? " + " + Num(kCell.combine) + "·H (gate combination)" : "") +
                  (peephole ? " + 6·H (peepholes)" : "") + ") with seq=" + std::to_string(seq) +
                  ", batch=" + std::to_string(batch) + ", dirs=" + std::to_string(dirs) +
                  ", I=" + Num(i) + ", H=" + Num(h);
  eval->source = std::string("Sevilla et al. 2022, Table 1 (") + kCell.name +
                 "), as the catalogue's row, with ONNX's two bias vectors";
  if (ctx.has_input(4)) {
    eval->notes.push_back("sequence_lens is ignored: every sequence is counted at full length");
  }
  return Status::Ok();
}

// The score part shared by every attention: for S = batch·heads·Sq·L scores
// with key size dk and value size dv,
//   2·S·dk (Q·K^T) + S (scale) [+ S (mask or bias)] + 3·S (softmax) + 2·S·dv (weights·V)
// L is the attended length: the key length, or with a causal mask the
// average over the queries, L - (Sq - 1)/2 (the catalogue's (L + 1)/2 when
// Sq = L).
struct Scores {
  double batch_heads = 0, sq = 0, l = 0, dk = 0, dv = 0;
  bool causal = false, mask = false;
};

void AddScores(const Scores& s, NodeEval* eval) {
  const double attended = s.causal ? s.l - (s.sq - 1) / 2 : s.l;
  const double n = s.batch_heads * s.sq * attended;
  eval->multiply_adds += n * (s.dk + s.dv);
  eval->flop += 2 * n * s.dk + n + (s.mask ? n : 0) + 3 * n + 2 * n * s.dv;
  eval->formula += std::string(eval->formula.empty() ? "" : " + ") + "2·S·dk + S (scale)" +
                   (s.mask ? " + S (mask)" : "") +
                   " + 3·S (softmax) + 2·S·dv with S=batch·heads·Sq·L=" + Num(s.batch_heads) + "·" +
                   Num(s.sq) + "·" + Num(attended) +
                   (s.causal ? " (causal: average attended length)" : "") + ", dk=" + Num(s.dk) +
                   ", dv=" + Num(s.dv);
}

constexpr const char* kAttentionSource =
    "one multiply-add (2 FLOP) per term of Q·K^T and weights·V; softmax 3 per score as the "
    "catalogue's softmax; scale 1 per score (Sevilla et al. 2022, Table 1's L·(2D + 1))";

// Heads and per-head size of a 3-D [B, S, hidden] or 4-D [B, heads, S, size] input.
struct Heads {
  int64_t batch = 0, heads = 0, seq = 0, size = 0;
};

Result<Heads> HeadsOf(const NodeContext& ctx, size_t i, int64_t heads_attr) {
  TF_ASSIGN_OR_RETURN(const std::vector<int64_t> t, ctx.Concrete(i));
  if (t.size() == 4) return Heads{t[0], t[1], t[2], t[3]};
  if (t.size() != 3 || heads_attr <= 0 || t[2] % heads_attr != 0) {
    return ctx.InputError(i,
                          "expected [batch, seq, hidden] with hidden divisible by the number "
                          "of heads, or [batch, heads, seq, size], but got " +
                              Shape(t));
  }
  return Heads{t[0], heads_attr, t[1], t[2] / heads_attr};
}

// Attention (ONNX opset 23): Q, K, V, attn_mask?, past_key?, past_value?.
Status Attention(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const Heads q, HeadsOf(ctx, 0, ctx.Int("q_num_heads", 0)));
  TF_ASSIGN_OR_RETURN(const Heads k, HeadsOf(ctx, 1, ctx.Int("kv_num_heads", 0)));
  TF_ASSIGN_OR_RETURN(const Heads v, HeadsOf(ctx, 2, ctx.Int("kv_num_heads", 0)));
  int64_t past = 0;
  if (ctx.has_input(4)) {
    TF_ASSIGN_OR_RETURN(const std::vector<int64_t> p, ctx.Concrete(4));
    if (p.size() == 4) past = p[2];
  }
  const Dim l = AddDim(past, k.seq);
  AddScores({AsCount(q.batch) * AsCount(q.heads), AsCount(q.seq), AsCount(past) + AsCount(k.seq),
             static_cast<double>(q.size), static_cast<double>(v.size), ctx.Int("is_causal", 0) != 0,
             ctx.has_input(3)},
            eval);
  const bool three_d = ctx.rank(0) == 3;
  const int32_t type = ctx.type(0);
  eval->outputs.assign(ctx.num_outputs(), TensorInfo());
  eval->outputs[0] =
      TensorInfo::Shaped(three_d ? Dims{Dim::Of(q.batch), Dim::Of(q.seq), MulDim(q.heads, v.size)}
                                 : ToDims({q.batch, q.heads, q.seq, v.size}),
                         type);
  if (eval->outputs.size() > 1)
    eval->outputs[1] =
        TensorInfo::Shaped(Dims{Dim::Of(k.batch), Dim::Of(k.heads), l, Dim::Of(k.size)}, type);
  if (eval->outputs.size() > 2)
    eval->outputs[2] =
        TensorInfo::Shaped(Dims{Dim::Of(v.batch), Dim::Of(v.heads), l, Dim::Of(v.size)}, type);
  if (eval->outputs.size() > 3)
    eval->outputs[3] =
        TensorInfo::Shaped(Dims{Dim::Of(q.batch), Dim::Of(q.heads), Dim::Of(q.seq), l}, type);
  eval->source = kAttentionSource;
  return Status::Ok();
}

// com.microsoft Attention(input [B, S, I], weights [I, Hq + Hk + Hv], bias?,
// mask_index?, past [2, B, heads, P, size]?, attention_bias?): the fused
// Q/K/V projection, 2·B·S·I·(Hq + Hk + Hv) + B·S·(Hq + Hk + Hv) (bias), then
// the scores. Output [B, S, Hv].
Status MsAttention(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const std::vector<int64_t> x, ctx.Concrete(0));
  TF_ASSIGN_OR_RETURN(const std::vector<int64_t> w, ctx.Concrete(1));
  const int64_t heads = ctx.Int("num_heads", 0);
  if (x.size() != 3 || w.size() != 2 || w[0] != x[2] || heads <= 0) {
    return Status::InvalidArgument("expected input [B, S, I], weights [I, 3·hidden] and num_heads");
  }
  std::vector<int64_t> sizes = ctx.Ints("qkv_hidden_sizes").value_or(std::vector<int64_t>());
  if (sizes.empty()) sizes = {w[1] / 3, w[1] / 3, w[1] / 3};
  if (sizes.size() != 3 ||
      AsCount(sizes[0]) + AsCount(sizes[1]) + AsCount(sizes[2]) != AsCount(w[1]) ||
      sizes[0] % heads || sizes[2] % heads) {
    return Status::InvalidArgument("qkv_hidden_sizes do not split the weights " + Shape(w) +
                                   " over " + std::to_string(heads) + " heads");
  }
  int64_t past = 0;
  if (ctx.has_input(4)) {
    TF_ASSIGN_OR_RETURN(const std::vector<int64_t> p, ctx.Concrete(4));
    if (p.size() == 5) past = p[3];
  }
  const double tokens = AsCount(x[0]) * AsCount(x[1]), proj = static_cast<double>(w[1]);
  eval->multiply_adds = tokens * static_cast<double>(x[2]) * proj;
  eval->flop = 2 * eval->multiply_adds + (ctx.has_input(2) ? tokens * proj : 0);
  eval->formula =
      "2·B·S·I·(Hq+Hk+Hv)" + std::string(ctx.has_input(2) ? " + B·S·(Hq+Hk+Hv) (bias)" : "") +
      " with B·S=" + Num(tokens) + ", I=" + std::to_string(x[2]) + ", Hq+Hk+Hv=" + Num(proj);
  AddScores({AsCount(x[0]) * AsCount(heads), AsCount(x[1]), AsCount(past) + AsCount(x[1]),
             static_cast<double>(sizes[0] / heads), static_cast<double>(sizes[2] / heads),
             ctx.Int("unidirectional", 0) != 0, ctx.has_input(3) || ctx.has_input(5)},
            eval);
  eval->outputs.assign(ctx.num_outputs(), TensorInfo());
  eval->outputs[0] = TensorInfo::Shaped(ToDims({x[0], x[1], sizes[2]}), ctx.type(0));
  if (eval->outputs.size() > 1) {
    eval->outputs[1] = TensorInfo::Shaped(Dims{Dim::Of(2), Dim::Of(x[0]), Dim::Of(heads),
                                               AddDim(past, x[1]), Dim::Of(sizes[0] / heads)},
                                          ctx.type(0));
  }
  eval->source =
      std::string(kAttentionSource) + "; projection: Sevilla et al. 2022, Table 1 (dense)";
  return Status::Ok();
}

// com.microsoft MultiHeadAttention(query, key?, value?, bias?,
// key_padding_mask?, attention_bias?, past_key?, past_value?): query
// [B, Sq, D], key and value [B, L, D] or [B, heads, L, size]; packed KV as
// key [B, L, heads, 2, size] (no value); packed QKV as query
// [B, Sq, heads, 3, size] (no key, no value). The bias additions of the
// 3-D inputs (D + D + Dv values), then the scores. Output [B, Sq, Dv].
Status MsMultiHeadAttention(const NodeContext& ctx, NodeEval* eval) {
  const int64_t heads = ctx.Int("num_heads", 0);
  if (heads <= 0) return Status::InvalidArgument("num_heads is required");
  Heads q, k, v;
  bool projected_k = false, projected_v = false;  // 3-D inputs get the bias
  TF_ASSIGN_OR_RETURN(const std::vector<int64_t> query, ctx.Concrete(0));
  if (!ctx.has_input(1)) {
    if (query.size() != 5 || query[3] != 3 || query[2] != heads) {
      return ctx.InputError(0,
                            "packed QKV (no key input) must be [batch, seq, num_heads, 3, size], "
                            "but is " +
                                Shape(query));
    }
    q = k = v = Heads{query[0], heads, query[1], query[4]};
    projected_k = projected_v = true;
  } else {
    TF_ASSIGN_OR_RETURN(q, HeadsOf(ctx, 0, heads));
    TF_ASSIGN_OR_RETURN(const std::vector<int64_t> key, ctx.Concrete(1));
    if (key.size() == 5) {
      if (key[3] != 2 || key[2] != heads) {
        return ctx.InputError(
            1, "packed KV must be [batch, L, num_heads, 2, size], but is " + Shape(key));
      }
      k = v = Heads{key[0], heads, key[1], key[4]};
      projected_k = projected_v = true;
    } else {
      TF_ASSIGN_OR_RETURN(k, HeadsOf(ctx, 1, heads));
      TF_ASSIGN_OR_RETURN(v, HeadsOf(ctx, 2, heads));
      projected_k = ctx.rank(1) == 3;
      projected_v = ctx.rank(2) == 3;
    }
  }
  int64_t past = 0;
  if (ctx.has_input(6)) {
    TF_ASSIGN_OR_RETURN(const std::vector<int64_t> p, ctx.Concrete(6));
    if (p.size() == 4) past = p[2];
  }
  if (ctx.has_input(3)) {
    double adds = AsCount(q.batch) * AsCount(q.seq) * AsCount(heads) * AsCount(q.size);
    if (projected_k) adds += AsCount(k.batch) * AsCount(k.seq) * AsCount(heads) * AsCount(k.size);
    if (projected_v) adds += AsCount(v.batch) * AsCount(v.seq) * AsCount(heads) * AsCount(v.size);
    eval->flop += adds;
    eval->formula = Num(adds) + " (bias additions)";
  }
  AddScores({AsCount(q.batch) * AsCount(heads), AsCount(q.seq), AsCount(past) + AsCount(k.seq),
             AsCount(q.size), AsCount(v.size), ctx.Int("unidirectional", 0) != 0,
             ctx.has_input(4) || ctx.has_input(5)},
            eval);
  eval->outputs.assign(ctx.num_outputs(), TensorInfo());
  eval->outputs[0] = TensorInfo::Shaped(
      Dims{Dim::Of(q.batch), Dim::Of(q.seq), MulDim(heads, v.size)}, ctx.type(0));
  for (size_t i = 1; i < eval->outputs.size() && i < 3; ++i) {
    const Heads& h = i == 1 ? k : v;
    eval->outputs[i] = TensorInfo::Shaped(
        Dims{Dim::Of(h.batch), Dim::Of(heads), AddDim(past, h.seq), Dim::Of(h.size)}, ctx.type(0));
  }
  eval->source = kAttentionSource;
  return Status::Ok();
}

// Rotating q and k by position (rotary embeddings, Su et al. 2021, eq. 34):
// x·cos + rotate(x)·sin, 2 multiplies and 1 add per rotated element.
constexpr double kRotaryPerElement = 3;

// com.microsoft GroupQueryAttention(query, key?, value?, past_key?,
// past_value?, seqlens_k, total_sequence_length, cos_cache?, sin_cache?):
// query [B, S, num_heads·H] (or packed [B, S, (num_heads + 2·kv_num_heads)·H]
// with no key), key/value [B, S, kv_num_heads·H], past [B, kv_num_heads, P,
// H]. Each query head attends over the total length T (total_sequence_length
// when known, else P + S), causally: the scores of num_heads heads (grouped
// heads share K and V, which saves memory, not FLOP). do_rotary adds the
// rotation of q and k. Outputs [B, S, num_heads·H], present K/V
// [B, kv_num_heads, T, H].
Status GroupQueryAttention(const NodeContext& ctx, NodeEval* eval) {
  const int64_t heads = ctx.Int("num_heads", 0), kv_heads = ctx.Int("kv_num_heads", 0);
  if (heads <= 0 || kv_heads <= 0 || heads % kv_heads != 0) {
    return Status::InvalidArgument(
        "num_heads and kv_num_heads must be positive, with num_heads a "
        "multiple of kv_num_heads");
  }
  TF_ASSIGN_OR_RETURN(const std::vector<int64_t> query, ctx.Concrete(0));
  const int64_t packed = ctx.has_input(1) ? heads : heads + 2 * kv_heads;
  if (query.size() != 3 || query[2] % packed != 0) {
    return ctx.InputError(0, "expected [batch, seq, hidden] with hidden divisible by " +
                                 std::to_string(packed) + " heads, but got " + Shape(query));
  }
  const int64_t batch = query[0], seq = query[1], size = query[2] / packed;
  int64_t total = seq;
  if (ctx.has_input(3)) {
    TF_ASSIGN_OR_RETURN(const std::vector<int64_t> p, ctx.Concrete(3));
    if (p.size() == 4) total = p[2] + seq;
  }
  if (const TensorInfo* t = ctx.input(6);
      t && t->has_int_values && t->int_values.size() == 1 && t->int_values[0].known()) {
    total = t->int_values[0].value;  // the attended length, when the graph gives it
  }
  if (total < seq) return ctx.InputError(6, "the total sequence length is below the new tokens");
  AddScores({AsCount(batch) * AsCount(heads), AsCount(seq), AsCount(total), AsCount(size),
             AsCount(size), true, false},
            eval);
  if (ctx.Int("do_rotary", 0) != 0) {
    const double rotated =
        AsCount(batch) * AsCount(seq) * AsCount(heads + kv_heads) * AsCount(size);
    eval->flop += kRotaryPerElement * rotated;
    eval->formula +=
        " + 3·B·S·(heads + kv_heads)·H (rotary on q and k) = " + Num(kRotaryPerElement * rotated);
  }
  eval->outputs.assign(ctx.num_outputs(), TensorInfo());
  eval->outputs[0] =
      TensorInfo::Shaped(Dims{Dim::Of(batch), Dim::Of(seq), MulDim(heads, size)}, ctx.type(0));
  for (size_t i = 1; i < eval->outputs.size(); ++i) {
    eval->outputs[i] = TensorInfo::Shaped(ToDims({batch, kv_heads, total, size}), ctx.type(0));
  }
  eval->source = std::string(kAttentionSource) +
                 "; causal over the total length (onnxruntime contrib GroupQueryAttention)";
  return Status::Ok();
}

// com.microsoft RotaryEmbedding(input, position_ids, cos_cache, sin_cache):
// input [B, S, hidden] (num_heads heads) or [B, heads, S, H]; the first
// rotary_embedding_dim (default H) values of each head are rotated, 3 FLOP
// each. Output: the input's shape.
Status RotaryEmbedding(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const std::vector<int64_t> x, ctx.Concrete(0));
  int64_t heads = ctx.Int("num_heads", 0);
  double head_size = 0, tokens_heads = 0;
  if (x.size() == 4) {
    heads = x[1];
    head_size = AsCount(x[3]);
    tokens_heads = AsCount(x[0]) * AsCount(x[1]) * AsCount(x[2]);
  } else if (x.size() == 3) {
    heads = heads > 0 ? heads : 1;
    if (x[2] % heads != 0) return ctx.InputError(0, "hidden is not divisible by num_heads");
    head_size = AsCount(x[2] / heads);
    tokens_heads = AsCount(x[0]) * AsCount(x[1]) * AsCount(heads);
  } else {
    return ctx.InputError(
        0, "expected [batch, seq, hidden] or [batch, heads, seq, size], got " + Shape(x));
  }
  const double rot = AsCount(ctx.Int("rotary_embedding_dim", 0));
  const double rotated = tokens_heads * (rot > 0 && rot < head_size ? rot : head_size);
  eval->flop = kRotaryPerElement * rotated;
  eval->formula = "3 (x·cos + rotate(x)·sin) per rotated element x " + Num(rotated);
  eval->source = "Su et al. 2021 (RoFormer), eq. 34: 2 multiplies and 1 add per element";
  eval->outputs = {TensorInfo::Shaped(ToDims(x), ctx.type(0))};
  return Status::Ok();
}

// com.microsoft element-wise fusions: FLOP per element = the unfused ops.
template <int kPerElement>
Status Fused(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const TensorInfo* x, ctx.Required(0));
  Dims shape = x->shape;
  for (size_t i = 1; i < ctx.num_inputs(); ++i) {
    if (!ctx.has_input(i)) continue;
    TF_ASSIGN_OR_RETURN(const TensorInfo* in, ctx.Required(i));
    TF_ASSIGN_OR_RETURN(shape, Broadcast(shape, in->shape));
  }
  eval->outputs = {TensorInfo::Shaped(shape, x->elem_type)};
  TF_ASSIGN_OR_RETURN(const std::vector<int64_t> dims, ConcreteDims(eval->outputs[0], "output"));
  const double per = kPerElement + (ctx.num_inputs() > 1 && ctx.has_input(1) ? 1 : 0);
  eval->flop = per * Product(dims);
  eval->formula = Num(per) + " per element (bias add if any + activation) x " + Num(Product(dims));
  eval->source = "the unfused operators' counts (1 per add, 1 per activation)";
  return Status::Ok();
}

}  // namespace

const std::vector<OpRule>& SequenceOpRules() {
  static const std::vector<OpRule> rules = {
      {"RNN", Recurrent<kRnn>, {4}},
      {"GRU", Recurrent<kGru>, {4}},
      {"LSTM", Recurrent<kLstm>, {4}},
      {"Attention", Attention, {}},
  };
  return rules;
}

const std::vector<OpRule>& ContribOpRules() {
  static const std::vector<OpRule> rules = {
      {"Attention", MsAttention, {3, 7}},
      {"MultiHeadAttention", MsMultiHeadAttention, {4}},
      {"GroupQueryAttention", GroupQueryAttention, {5, 6, 7, 8}},
      {"RotaryEmbedding", RotaryEmbedding, {1, 2, 3}},
      {"SkipLayerNormalization", SkipLayerNormRule(), {}},
      {"SkipSimplifiedLayerNormalization", SkipSimplifiedLayerNormRule(), {}},
      {"SimplifiedLayerNormalization", SimplifiedLayerNormRule(), {}},
      {"Gelu", Fused<1>, {}},
      {"FastGelu", Fused<1>, {}},
      {"BiasGelu", Fused<1>, {}},
      {"QuickGelu", Fused<1>, {}},
  };
  return rules;
}

}  // namespace trainflops::onnx
