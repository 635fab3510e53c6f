// Recurrent layers: simple RNN, GRU and LSTM, costed per token.
//
// Input [N] (one token's features), output [M] ([2M] bidirectional). The
// three rows of Sevilla et al. 2022, Table 1 share one shape: G gate blocks, each a
// "dense layer" over the concatenated input and state (N + M -> M), plus a
// gate-combination term of C·M:
//   params = G·[(N+M)·M + M (bias)]                                   ≈ G·(N+M)·M
//   FLOP   = G·[2·(N+M)·M + M (bias) + M (non-linearity)] + C·M       ≈ G·2·(N+M)·M
// RNN: G=1, C=0.  GRU: G=3 (update, reset, candidate), C=5.
// LSTM: G=4 (forget, input, candidate, output), C=5.
#include <string>

#include "kinds.h"

namespace trainflops::catalogue {
namespace {

struct Cell {
  double gates;    // G
  double combine;  // C: FLOP per unit to combine the gates
  const char* table_row;
};

constexpr Cell kRnn = {1, 0, "RNN"};
constexpr Cell kGru = {3, 5, "GRU"};
constexpr Cell kLstm = {4, 5, "LSTM"};

Result<LayerCost> Recurrent(const Shape& input, const LayerArgs& args, const Cell& cell) {
  if (input.size() != 1) {
    return Status::InvalidArgument("expected one token's features [N] but got " +
                                   ShapeToString(input) + "; add a flatten layer");
  }
  TF_ASSIGN_OR_RETURN(const int64_t units, args.PositiveInt("units"));
  TF_ASSIGN_OR_RETURN(const bool bias, args.Bool("bias", true));
  TF_ASSIGN_OR_RETURN(const bool bidirectional, args.Bool("bidirectional", false));
  // DeepSpeech2 sums the two directions (Amodei et al. 2015, section 3.2)
  // instead of concatenating them: output M, plus M additions per token.
  TF_ASSIGN_OR_RETURN(const std::string merge, args.Choice("merge", {"concat", "sum"}, "concat"));
  if (merge == "sum" && !bidirectional) {
    return Status::InvalidArgument("field 'merge': sum needs bidirectional=true");
  }
  const bool summed = bidirectional && merge == "sum";
  const double n = static_cast<double>(input[0]), m = static_cast<double>(units);
  const double g = cell.gates, directions = bidirectional ? 2 : 1;
  const double bias_terms = bias ? m : 0;

  LayerCost cost;
  cost.params = directions * g * ((n + m) * m + bias_terms);
  cost.params_approx = directions * g * (n + m) * m;
  cost.forward_flop = directions * (g * (2 * (n + m) * m + bias_terms + m) + cell.combine * m) +
                      (summed ? m : 0);
  cost.forward_flop_approx = directions * g * 2 * (n + m) * m;
  cost.output_shape = {bidirectional && !summed ? 2 * units : units};
  cost.formula = (g == 1 ? std::string() : Num(g) + "·[") + "2·(N+M)·M" +
                 (bias ? " + M (bias)" : "") + " + M (non-linearity)" + (g == 1 ? "" : "]") +
                 (cell.combine > 0 ? " + " + Num(cell.combine) + "·M (gate combination)" : "") +
                 " with N=" + Num(n) + ", M=" + Num(m);
  if (bidirectional) cost.formula = "2 directions x (" + cost.formula + ")";
  if (summed) cost.formula += " + M (sum of the directions)";
  cost.source = std::string("Sevilla et al. 2022, Table 1 (") + cell.table_row + "), per token";
  return cost;
}

Result<LayerCost> Rnn(const Shape& input, const LayerArgs& args) {
  return Recurrent(input, args, kRnn);
}
Result<LayerCost> Gru(const Shape& input, const LayerArgs& args) {
  return Recurrent(input, args, kGru);
}
Result<LayerCost> Lstm(const Shape& input, const LayerArgs& args) {
  return Recurrent(input, args, kLstm);
}

std::vector<ParamSpec> Params() {
  return {{"units", "output size M (hidden state)", ""},
          {"bias", "bias vector per gate (true/false)", "true"},
          {"bidirectional", "run a second layer backwards; output 2M (true/false)", "false"},
          {"merge", "bidirectional outputs: concat (2M) or sum (M, as DeepSpeech2)", "concat"}};
}

}  // namespace

std::vector<LayerKind> RecurrentKinds() {
  return {
      {"rnn",
       {"simple_rnn", "vanilla_rnn"},
       "simple RNN N -> M, per token (Sevilla et al. 2022, Table 1)",
       {"n"},
       Params(),
       Rnn},
      {"gru", {}, "fully gated GRU N -> M, per token (Sevilla et al. 2022, Table 1)", {"n"}, Params(), Gru},
      {"lstm", {}, "LSTM N -> M, per token (Sevilla et al. 2022, Table 1)", {"n"}, Params(), Lstm},
  };
}

}  // namespace trainflops::catalogue
