// The `tokens` command's model: an opaque parameter count (6ND, Kaplan,
// PaLM) plus, when the dimensions are given, the attention-score term; or a
// generic decoder built from the dimensions (Chinchilla, Megatron-LM).
#include <cmath>
#include <tuple>

#include "blocks.h"
#include "core/text.h"
#include "llm_internal.h"

namespace trainflops {
namespace {

using Field = std::pair<const char*, const std::optional<double>*>;

Status RequireDims(Convention conv, const std::vector<Field>& fields, const std::string& why) {
  std::vector<std::string> missing;
  for (const auto& [name, value] : fields) {
    if (!value->has_value()) missing.push_back(name);
  }
  if (missing.empty()) return Status::Ok();
  return Status::InvalidArgument("convention '" + ConventionName(conv) + "' needs " +
                                 JoinNames(missing) + " (" + why + ")");
}

// Heads and head width for the attention-score term: --heads with
// --head-dim, or --d-model split over the heads (one head of d_model when
// --heads is absent: only heads x head_dim matters there).
std::pair<double, double> HeadShape(const TransformerDims& d) {
  const double heads = d.heads.value_or(1);
  if (d.head_dim) return {heads, *d.head_dim};
  return {heads, d.d_model.value_or(0) / heads};
}

Result<TransformerModel> Opaque(const TransformerDims& d, Convention conv) {
  TransformerModel m;
  m.name = "parameters x tokens";
  Component p;
  p.name = d.active_params ? "active parameters (`active_params`)" : "parameters (`params`)";
  p.type = "parameters";
  p.role = ComponentRole::kParams;
  p.params = *d.params;
  p.active_params = p.matmul_params = d.active_params.value_or(*d.params);
  if (d.param_groups.empty() || d.active_params) {
    m.components.push_back(p);
  } else {
    // Counted from checkpoint headers: one component per tensor group, all
    // active (6ND: 2 FLOP per parameter per token, whatever the group).
    for (const TensorGroup& g : d.param_groups) {
      p.name = g.name + " (" + llm::Num(g.tensors) + (g.tensors == 1 ? " tensor)" : " tensors)");
      p.type = "tensor_group";
      p.params = p.active_params = p.matmul_params = g.params;
      m.components.push_back(p);
    }
  }
  if (conv == Convention::k6ND) return m;
  TF_RETURN_IF_ERROR(RequireDims(conv, {{"`layers`", &d.layers}, {"`seq_len`", &d.seq_len}},
                                 "for the attention term"));
  if (!d.d_model && !d.head_dim) {
    return Status::InvalidArgument("convention '" + ConventionName(conv) +
                                   "' needs `d_model`, or `heads` with `head_dim` (for d_attn)");
  }
  m.layers = *d.layers;
  m.seq_len = *d.seq_len;
  m.d_model = d.d_model.value_or(0);
  Component core;
  core.name = "attention scores (all layers)";
  core.type = "attention_scores";
  core.role = ComponentRole::kAttentionCore;
  core.count = *d.layers;
  std::tie(core.heads, core.qk_dim) = HeadShape(d);
  core.v_dim = core.qk_dim;
  core.output_shape = llm::SeqShape(m.seq_len, core.heads * core.v_dim);
  m.components.push_back(core);
  return m;
}

// A generic decoder from the dimensions: tied embeddings, multi-head
// attention of heads x head_dim, an MLP of d_ff (default 4·d_model), no
// biases or norms (neither convention counts them).
Result<TransformerModel> Structural(const TransformerDims& d, Convention conv) {
  std::vector<Field> fields = {{"`layers`", &d.layers},
                               {"`d_model`", &d.d_model},
                               {"`seq_len`", &d.seq_len},
                               {"`vocab`", &d.vocab}};
  if (conv == Convention::kChinchilla) fields.push_back({"`heads`", &d.heads});
  TF_RETURN_IF_ERROR(RequireDims(conv, fields, "it counts the architecture term by term"));
  TransformerModel m;
  m.name = "generic decoder from the dimensions";
  m.layers = *d.layers;
  m.d_model = *d.d_model;
  m.vocab = *d.vocab;
  m.seq_len = *d.seq_len;
  llm::AddEmbedding(m, "embedding", m.vocab, m.d_model);
  llm::BlockGroup g;
  g.label = llm::RangeLabel("layers", 0, m.layers);
  g.count = m.layers;
  std::tie(g.attention.heads, g.attention.head_dim) = HeadShape(d);
  g.attention.kv_heads = g.attention.heads;
  g.mlp.d_ff = d.d_ff.value_or(4 * m.d_model);
  g.mlp.gated = d.gated_mlp;
  g.norms = 0;
  llm::AddBlocks(m, g);
  llm::AddLogits(m, m.vocab, m.d_model, /*tied=*/true);
  m.notes.push_back(
      "generic decoder built from the dimensions: tied embeddings, no biases or "
      "norms, d_ff = " +
      llm::Num(g.mlp.d_ff) + (d.d_ff ? "" : " (4 x d_model, the default)"));
  if (d.params) {
    m.notes.push_back("`params` " + llm::Exact(*d.params) + " is reported but '" +
                      ConventionName(conv) + "' counts from the dimensions");
  }
  return m;
}

}  // namespace

Result<TransformerModel> ModelFromDims(const TransformerDims& dims, Convention convention) {
  for (const auto* v : {&dims.params, &dims.active_params, &dims.layers, &dims.d_model, &dims.heads,
                        &dims.head_dim, &dims.seq_len, &dims.vocab, &dims.d_ff}) {
    if (v->has_value() && !(**v > 0)) return Status::InvalidArgument("dimensions must be positive");
  }
  // Counts of blocks, heads and widths are whole numbers: 32.5 layers would be
  // counted silently as a fraction of a block.
  const std::pair<const char*, const std::optional<double>*> counts[] = {
      {"`layers`", &dims.layers},     {"`d_model`", &dims.d_model}, {"`heads`", &dims.heads},
      {"`head_dim`", &dims.head_dim}, {"`vocab`", &dims.vocab},     {"`d_ff`", &dims.d_ff}};
  for (const auto& [name, v] : counts) {
    if (v->has_value() && **v != std::floor(**v)) {
      return Status::InvalidArgument(std::string(name) +
                                     " must be a whole number (a count of blocks, heads or "
                                     "units), not a fraction");
    }
  }
  if (dims.active_params && !dims.params) {
    return Status::InvalidArgument("`active_params` needs `params` (the total)");
  }
  if (dims.active_params && dims.params && *dims.active_params > *dims.params) {
    return Status::InvalidArgument("`active_params` " + llm::Exact(*dims.active_params) +
                                   " exceeds `params` " + llm::Exact(*dims.params));
  }
  const bool structural =
      convention == Convention::kChinchilla || convention == Convention::kMegatron;
  if (structural) return Structural(dims, convention);
  if (!dims.params) {
    return Status::InvalidArgument("convention '" + ConventionName(convention) +
                                   "' needs `params` N (the parameter count)");
  }
  return Opaque(dims, convention);
}

}  // namespace trainflops
