// Fully connected layer, word embedding, and a "given" layer whose cost the
// author states (OpenAI's appendix uses published forward-pass counts).
#include <string>

#include "kinds.h"
#include "trainflops/units.h"

namespace trainflops::catalogue {
namespace {

// Seed 002, Table 1, "fully connected layer from N to M neurons":
//   params = N·M (weights) + M (bias)                      ≈ N·M
//   FLOP   = 2·N·M (weights) + M (bias) + M (non-linearity) ≈ 2·N·M
// A dense layer applied to a rank>1 input acts on the last dimension at every
// leading position (positions = product of the other dimensions).
Result<LayerCost> Dense(const Shape& input, const LayerArgs& args) {
  if (input.empty()) return Status::InvalidArgument("dense needs an input of at least one dimension");
  TF_ASSIGN_OR_RETURN(const int64_t units, args.PositiveInt("units"));
  TF_ASSIGN_OR_RETURN(const bool bias, args.Bool("bias", true));
  TF_ASSIGN_OR_RETURN(const std::string activation,
                      args.Choice("activation", {"yes", "none"}, "yes"));
  const double n = static_cast<double>(input.back());
  const double m = static_cast<double>(units);
  double positions = 1;
  for (size_t i = 0; i + 1 < input.size(); ++i) positions *= static_cast<double>(input[i]);
  const double bias_terms = bias ? m : 0;
  const double nonlin_terms = activation == "none" ? 0 : m;

  LayerCost cost;
  cost.params = n * m + bias_terms;
  cost.params_approx = n * m;
  cost.forward_flop = positions * (2 * n * m + bias_terms + nonlin_terms);
  cost.forward_flop_approx = positions * 2 * n * m;
  cost.output_shape = input;
  cost.output_shape.back() = units;
  cost.formula = "2·N·M + M (bias) + M (non-linearity) with N=" + Num(n) + ", M=" + Num(m);
  if (!bias) cost.formula += ", no bias";
  if (activation == "none") cost.formula += ", no non-linearity";
  if (positions != 1) cost.formula += ", at " + Num(positions) + " positions";
  cost.source = "Sevilla et al. 2022, Table 1 (fully connected layer)";
  return cost;
}

// Seed 002, Table 1, "word embedding with vocabulary V and dimension W":
// params = W·V, FLOP = 0 (a table lookup). Input: token ids; the output
// replaces a trailing dimension of 1 (or appends) with W.
Result<LayerCost> Embedding(const Shape& input, const LayerArgs& args) {
  TF_ASSIGN_OR_RETURN(const int64_t vocab, args.PositiveInt("vocab"));
  TF_ASSIGN_OR_RETURN(const int64_t dim, args.PositiveInt("dim"));
  LayerCost cost;
  cost.params = static_cast<double>(vocab) * static_cast<double>(dim);
  cost.params_approx = cost.params;
  cost.output_shape = input;
  if (!cost.output_shape.empty() && cost.output_shape.back() == 1) cost.output_shape.pop_back();
  cost.output_shape.push_back(dim);
  cost.formula = "0 (lookup); params W·V with W=" + Num(static_cast<double>(dim)) +
                 ", V=" + Num(static_cast<double>(vocab));
  cost.source = "Sevilla et al. 2022, Table 1 (word embedding)";
  return cost;
}

// A layer whose forward cost is stated by the authors, e.g. OpenAI's
// "0.380 GF" per word for Seq2Seq or "10.0 GFLOPs" per image for NAS
// (Amodei & Hernandez 2018, appendix). `forward` accepts a unit: "0.38G MAC", "98 MFLOP".
Result<LayerCost> Given(const Shape& input, const LayerArgs& args) {
  if (!args.Has("forward")) {
    return Status::InvalidArgument(
        "missing field 'forward': the stated forward-pass cost, e.g. forward=\"0.38G MAC\" or "
        "forward=\"10 GFLOP\"");
  }
  TF_ASSIGN_OR_RETURN(const double flop, ParseCompute(args.Text("forward")));
  TF_ASSIGN_OR_RETURN(const double params, args.Number("params", 0, 0, 1e18));
  LayerCost cost;
  cost.params = params;
  cost.params_approx = params;
  cost.forward_flop = flop;
  cost.forward_flop_approx = flop;
  cost.output_shape = input;
  if (args.Has("output")) {
    TF_ASSIGN_OR_RETURN(cost.output_shape, ParseShape(args.Text("output")));
  }
  cost.formula = "stated: " + args.Text("forward") + " = " + FormatCompute(flop);
  cost.source = args.Text("source", "stated by the model's authors");
  return cost;
}

}  // namespace

std::vector<LayerKind> DenseKinds() {
  return {
      {"dense",
       {"fc", "fully_connected", "linear", "fcn"},
       "fully connected layer N -> M (Sevilla et al. 2022, Table 1)",
       {"n"},
       {{"units", "output size M", ""},
        {"bias", "add a bias vector (true/false)", "true"},
        {"activation", "count the non-linearity term: yes or none", "yes"}},
       Dense},
      {"embedding",
       {"word_embedding", "embed"},
       "word embedding, vocabulary V x dimension W: no FLOP (Sevilla et al. 2022, Table 1)",
       {},
       {{"vocab", "vocabulary size V", ""}, {"dim", "embedding dimension W", ""}},
       Embedding},
      {"given",
       {"custom", "stated"},
       "a layer whose forward cost the authors state (forward=\"0.38G MAC\")",
       {},
       {{"forward", "forward cost per example/token, with unit (FLOP, MAC, pfs-day)", ""},
        {"params", "parameters, if stated", "0"},
        {"output", "output shape, if it changes (e.g. 1024)", "same as input"},
        {"source", "where the figure comes from", ""}},
       Given},
  };
}

}  // namespace trainflops::catalogue
