// Self-attention and multi-head attention, costed per token.
//
// Input [W] (one token), sequence length L. Seed 002, Table 1:
//  self-attention (key size D, output size N):
//    params = W·D + D (query) + W·D + D (key) + W·N + N (value)   ≈ W·(2D + N)
//    FLOP   = (2WD + 2D) + (2WD + 2D) + (2WN + 2N)    query, key, value
//           + L·(2D + 1)                                attention scores
//           + L                                         softmax
//           + 2·L·N                                     weighted sum (output)
//           ≈ 2·W·(2D + N) + 2·L·(D + N)
//  multi-head attention (H heads of the above with value size N, output M):
//    params = H·(one head) + (H·N·M + M)              ≈ H·(W·(2D + N) + N·M)
//    FLOP   = H·(one head) + (2·H·N·M + M + M)        ≈ 2·H·(W·(2D + N) + L·(D + N) + N·M)
// With causal=true a token attends on average to (L + 1)/2 positions, which
// replaces L in the score, softmax and weighted-sum terms (our extension).
#include <string>

#include "kinds.h"

namespace trainflops::catalogue {
namespace {

struct Head {
  double w = 0, d = 0, n = 0;
  double attended = 0;  // L, or (L + 1)/2 when causal
  std::string values;   // "W=64, D=64, N=64, L=20" for the formula
};

constexpr const char* kHeadTerms = "(2·W·D + 2·D)·2 + (2·W·N + 2·N) + L·(2·D + 1) + L + 2·L·N";

struct Cost {
  double params = 0, params_approx = 0, flop = 0, flop_approx = 0;
};

// One head of Sevilla et al. 2022, Table 1's self-attention row.
Cost HeadCost(const Head& h) {
  const double l = h.attended;
  Cost c;
  c.params = (h.w * h.d + h.d) + (h.w * h.d + h.d) + (h.w * h.n + h.n);
  c.params_approx = h.w * (2 * h.d + h.n);
  c.flop = (2 * h.w * h.d + 2 * h.d) + (2 * h.w * h.d + 2 * h.d) + (2 * h.w * h.n + 2 * h.n) +
           l * (2 * h.d + 1) + l + 2 * l * h.n;
  c.flop_approx = 2 * h.w * (2 * h.d + h.n) + 2 * l * (h.d + h.n);
  return c;
}

// Reads W from the input, L, causal and the key/value sizes.
Result<Head> ParseHead(const Shape& input, const LayerArgs& args, const char* value_key) {
  if (input.size() != 1) {
    return Status::InvalidArgument("expected one token's features [W] but got " +
                                   ShapeToString(input));
  }
  TF_ASSIGN_OR_RETURN(const int64_t seq_len, args.PositiveInt("seq_len"));
  TF_ASSIGN_OR_RETURN(const int64_t key_size, args.PositiveInt("key_size"));
  TF_ASSIGN_OR_RETURN(const int64_t value_size, args.PositiveInt(value_key, key_size));
  TF_ASSIGN_OR_RETURN(const bool causal, args.Bool("causal", false));
  Head h;
  h.w = static_cast<double>(input[0]);
  h.d = static_cast<double>(key_size);
  h.n = static_cast<double>(value_size);
  const double l = static_cast<double>(seq_len);
  h.attended = causal ? (l + 1) / 2 : l;
  h.values =
      "W=" + Num(h.w) + ", D=" + Num(h.d) + ", N=" + Num(h.n) + ", L=" +
      (causal ? "(" + Num(l) + " + 1)/2 = " + Num(h.attended) + " (causal: average attended length)"
              : Num(l));
  return h;
}

Result<LayerCost> SelfAttention(const Shape& input, const LayerArgs& args) {
  TF_ASSIGN_OR_RETURN(const Head head, ParseHead(input, args, "output_size"));
  const Cost c = HeadCost(head);
  LayerCost cost;
  cost.params = c.params;
  cost.params_approx = c.params_approx;
  cost.forward_flop = c.flop;
  cost.forward_flop_approx = c.flop_approx;
  cost.output_shape = {static_cast<int64_t>(head.n)};
  cost.formula = std::string(kHeadTerms) + " with " + head.values;
  cost.source = "Sevilla et al. 2022, Table 1 (self-attention), per token";
  return cost;
}

Result<LayerCost> MultiHeadAttention(const Shape& input, const LayerArgs& args) {
  TF_ASSIGN_OR_RETURN(const Head head, ParseHead(input, args, "head_size"));
  TF_ASSIGN_OR_RETURN(const int64_t heads, args.PositiveInt("heads"));
  TF_ASSIGN_OR_RETURN(const int64_t output_size, args.PositiveInt("output_size", input[0]));
  const double h = static_cast<double>(heads), m = static_cast<double>(output_size);
  const double n = head.n;
  const Cost c = HeadCost(head);
  LayerCost cost;
  cost.params = h * c.params + (h * n * m + m);
  cost.params_approx = h * (c.params_approx + n * m);
  cost.forward_flop = h * c.flop + (2 * h * n * m + m + m);
  cost.forward_flop_approx = h * (c.flop_approx + 2 * n * m);
  cost.output_shape = {output_size};
  cost.formula = "H·[" + std::string(kHeadTerms) + "] + (2·H·N·M + M + M) with " + head.values +
                 ", H=" + Num(h) + ", M=" + Num(m);
  cost.source = "Sevilla et al. 2022, Table 1 (multi-head attention), per token";
  return cost;
}

}  // namespace

std::vector<LayerKind> AttentionKinds() {
  const ParamSpec seq_len = {"seq_len", "sequence length L (tokens attended to)", ""};
  const ParamSpec key_size = {"key_size", "query/key size D (per head)", ""};
  const ParamSpec causal = {"causal", "decoder mask: attend to (L+1)/2 tokens on average", "false"};
  return {
      {"self_attention",
       {"attention"},
       "single-head self-attention, per token (Sevilla et al. 2022, Table 1)",
       {"w"},
       {seq_len, key_size, {"output_size", "value/output size N", "key_size"}, causal},
       SelfAttention},
      {"multi_head_attention",
       {"mha", "multihead_attention"},
       "multi-head attention, per token (Sevilla et al. 2022, Table 1)",
       {"w"},
       {seq_len,
        {"heads", "number of heads H", ""},
        key_size,
        {"head_size", "value size per head N", "key_size"},
        {"output_size", "output size M", "input width W"},
        causal},
       MultiHeadAttention},
  };
}

}  // namespace trainflops::catalogue
