// Families described as data. Each row (hf_table_rows.cc) names the config
// fields that give a decoder's attention, its experts and which layers have
// them, with the defaults of the family's configuration class; the builder
// here turns any row into blocks. A family whose layers are Llama-style
// attention followed by a dense or mixture-of-experts MLP is one row
// (CONTRIBUTING.md, "Adding a Hugging Face model family"); docs/llm.md's
// coverage table lists them.
#include "hf_table.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "core/text.h"
#include "decoder.h"
#include "hf_layers.h"
#include "llm_internal.h"

namespace trainflops::llm {
namespace {

using nlohmann::json;

const FamilySpec* FindSpec(const std::string& model_type) {
  for (const FamilySpec& s : FamilySpecs()) {
    if (model_type == s.model_type) return &s;
  }
  return nullptr;
}

// The attention of a row: head_dim, biases, q/k norms, the head's tying.
Decoder ReadAttention(const FamilySpec& s, HfFields& f) {
  Decoder dec = ReadShape(f);
  AttentionShape& a = dec.attention;
  if (std::string(s.head_dim) != "head_dim") {
    a.head_dim = f.Divisor({s.head_dim}, a.head_dim,
                           "the attention scales its scores by 1 / sqrt(head_dim)");
  }
  const bool bias = s.bias != nullptr && f.Flag(s.bias, false);
  a.qkv_bias = bias;
  a.out_bias =
      s.out_bias != nullptr ? f.Flag(s.out_bias, false) : bias && s.bias_on == AttnBias::kAll;
  if (s.qk != QkNorms::kNone && (s.qk_switch == nullptr || f.Flag(s.qk_switch, false))) {
    a.extra_params =
        s.qk == QkNorms::kPerHead ? 2 * a.head_dim : (a.heads + a.kv_heads) * a.head_dim;
  }
  // The activation's learned scalars have no component of their own: they
  // are counted with the attention's extra parameters, once per layer.
  if (s.learned_act != nullptr && f.Text("hidden_act", "") == s.learned_act) {
    a.extra_params += s.act_params;
  }
  dec.mlp_bias = s.mlp_bias != nullptr && f.Flag(s.mlp_bias, false);
  dec.tied = f.Flag("tie_word_embeddings", false);
  return dec;
}

// Every layer's MLP, from the row's expert fields.
struct LayerMlps {
  std::vector<MlpShape> mlp;
  double mtp = 0;
};

LayerMlps ReadLayers(const FamilySpec& s, HfFields& f, const Decoder& dec) {
  MlpShape dense;
  dense.gated = s.gated;
  dense.bias = dec.mlp_bias;
  dense.d_ff = f.Need({"intermediate_size"});
  LayerMlps r;
  r.mlp.assign(static_cast<size_t>(dec.layers), dense);
  if (s.experts == nullptr) return r;
  // A count the class leaves as None (Dots1Config's experts, top-k and
  // shared experts) must be in the config: transformers cannot build without it.
  for (const char* field : {s.experts, s.top_k, s.shared}) {
    if (field != nullptr && !f.Has(field)) {
      f.Bad("'" + std::string(field) + "' is absent and " + s.config_class +
            " has no default for it (accepted: the model's count, as its config.json gives it)");
    }
  }
  const double n = dec.layers;
  const std::vector<double> experts = f.PerLayer(s.experts, 0, n);
  const std::vector<double> top_k = f.PerLayer(s.top_k, 0, n);
  const std::vector<double> width =
      f.PerLayer(s.expert_width != nullptr ? s.expert_width : "intermediate_size", dense.d_ff, n);
  std::vector<double> shared(static_cast<size_t>(n), s.one_shared ? 1 : 0);
  if (s.shared != nullptr) shared = f.PerLayer(s.shared, 0, n);
  if (s.shared_switch != nullptr && !f.Flag(s.shared_switch, false))
    shared.assign(shared.size(), 0);
  const double first = s.first_sparse != nullptr ? f.Get({s.first_sparse}, 0) : 0;
  double last = s.last_sparse != nullptr ? f.Whole(s.last_sparse, -1) : -1;
  if (last < 0) last = n - 1;
  const double interval = s.interval != nullptr ? f.Divisor({s.interval}, 1, kModuloUse) : 1;
  r.mtp = s.mtp != nullptr ? f.Get({s.mtp}, 0) : 0;
  for (size_t i = 0; i < r.mlp.size(); ++i) {
    const double at = static_cast<double>(i);
    const bool sparse = at >= first && at <= last && interval > 0 &&
                        static_cast<long long>(i + 1) % static_cast<long long>(interval) == 0 &&
                        experts[i] > (s.one_expert_is_dense ? 1 : 0);
    if (!sparse) continue;
    MlpShape& m = r.mlp[i];
    m.experts = experts[i];
    m.experts_per_tok = top_k[i];
    m.expert_ff = width[i];
    m.shared_ff = shared[i] * (s.shared_unit == SharedUnit::kExpertWidth ? width[i] : dense.d_ff);
    m.router_bias = s.router_bias;
  }
  return r;
}

bool SameMlp(const MlpShape& a, const MlpShape& b) {
  return a.d_ff == b.d_ff && a.bias == b.bias && a.experts == b.experts &&
         a.experts_per_tok == b.experts_per_tok && a.expert_ff == b.expert_ff &&
         a.shared_ff == b.shared_ff && a.router_bias == b.router_bias;
}

// Layers with the same MLP become one block group, named by their range
// when they are contiguous.
void AddLayers(HfModel& out, const Decoder& dec, const std::vector<MlpShape>& mlp, double norms) {
  struct Run {
    MlpShape mlp;
    double first = 0, last = 0, count = 0;
    bool contiguous = true;
  };
  std::vector<Run> runs;
  for (size_t i = 0; i < mlp.size(); ++i) {
    const double at = static_cast<double>(i);
    auto run = std::find_if(runs.begin(), runs.end(),
                            [&](const Run& r) { return SameMlp(r.mlp, mlp[i]); });
    if (run == runs.end()) {
      runs.push_back({mlp[i], at, at, 1, true});
      continue;
    }
    run->contiguous = run->contiguous && run->last == at - 1;
    run->last = at;
    ++run->count;
  }
  for (const Run& r : runs) {
    const std::string label = r.contiguous ? RangeLabel("layers", r.first, r.count)
                                           : "layers (" + Num(r.count) +
                                                 (r.mlp.experts > 0 ? " with experts)" : " dense)");
    BlockGroup g = RmsBlock(dec, label, r.count);
    g.mlp = r.mlp;
    g.norms = norms;
    AddBlocks(out.model, g);
  }
}

// The checkpoint's multi-token-prediction modules (DeepSeek-V3's design:
// enorm, hnorm, eh_proj 2d x d, one decoder block, shared_head.norm; GLM-4.5
// also stores a copy of embed_tokens and of the head in each).
void NoteMtp(const FamilySpec& s, HfModel& out, const Decoder& dec, double modules,
             const MlpShape& block) {
  const std::string what = "multi-token-prediction module(s) (" + std::string(s.mtp) + " = ";
  if (!s.mtp_shape_known) {
    out.model.notes.push_back(what + Num(modules) +
                              "): stored in the checkpoint, not built by transformers and not "
                              "counted; their size is not derived here");
    return;
  }
  const double copies = s.mtp_copies_embeddings ? 2 * dec.vocab * dec.d : 0;
  out.mtp_params = modules * (MtpModuleParams(dec, block) + copies);
  out.model.notes.push_back(
      what + Num(modules) + "): " + Exact(out.mtp_params) +
      " parameters in the checkpoint (one block, eh_proj 2d x d, three norms" +
      (copies > 0 ? ", and copies of the embedding and head" : "") +
      "), not built by transformers and not counted: the total plus these is the checkpoint's");
}

// The fields the config left out that decided the count, with the class
// defaults they took (the JSON report also gives each field's origin).
void NoteDefaults(const FamilySpec& s, HfModel& out) {
  std::vector<std::string> taken;
  for (const Input& i : out.fields) {
    if (i.origin.rfind(s.config_class, 0) != 0) continue;
    const bool flag = s.defaults.contains(i.name) && s.defaults[i.name].is_boolean();
    taken.push_back(i.name + " = " +
                    (flag ? std::string(i.value != 0 ? "true" : "false") : Num(i.value)));
  }
  if (taken.empty()) return;
  out.model.notes.push_back("absent from the config, taken from " + std::string(s.config_class) +
                            "'s defaults: " + JoinNames(taken));
}

Status BuildFromSpec(HfFields& given, HfModel& out) {
  const FamilySpec* spec = FindSpec(out.model_type);
  if (spec == nullptr) return Status::NotFound("no family row for model_type " + out.model_type);
  const FamilySpec& s = *spec;
  HfFields f = given.WithDefaults(s.defaults, s.config_class);
  for (const char* flag : s.refused_flags) {
    if (f.Flag(flag, false)) {
      f.Bad("'" + std::string(flag) + "' is true, a structure the " + s.name +
            " rule does not count (accepted: false, as in the published configs)");
    }
  }
  const Decoder dec = ReadAttention(s, f);
  LayerMlps layers = ReadLayers(s, f, dec);
  TF_RETURN_IF_ERROR(f.Check());
  for (const MlpShape& m : layers.mlp) {
    if (s.experts != nullptr) TF_RETURN_IF_ERROR(CheckTopK(out, m, s.experts, s.top_k));
  }
  Open(out, dec);
  AddLayers(out, dec, layers.mlp, s.norms);
  Close(out, dec);
  if (layers.mtp > 0) NoteMtp(s, out, dec, layers.mtp, layers.mlp.back());
  NoteDefaults(s, out);
  return Status::Ok();
}

}  // namespace

const std::vector<FamilyRow>& TableFamilies() {
  static const std::vector<FamilyRow> rows = [] {
    std::vector<FamilyRow> r;
    for (const FamilySpec& s : FamilySpecs())
      r.push_back({s.model_type, s.name, BuildFromSpec, s.rule});
    return r;
  }();
  return rows;
}

}  // namespace trainflops::llm
