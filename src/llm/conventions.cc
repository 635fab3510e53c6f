// The per-token FLOP conventions of transformer.h, one function each.
//
// Every convention reads the same component list; what differs is which
// components count and how. Training = 3 x forward throughout.
#include <cmath>

#include "attention_span.h"
#include "core/text.h"
#include "llm_internal.h"
#include "trainflops/units.h"

namespace trainflops {
namespace {

using llm::Num;
using llm::SpanGroup;

// Whether a convention counts the keys a causal query sees (the triangle)
// or every key of its span: `--attention` decides, and "as published"
// follows the paper. Bidirectional cores are never halved (KeysPerQuery).
bool Causal(Convention conv, AttentionMode mode) {
  switch (mode) {
    case AttentionMode::kCausal:
      return true;
    case AttentionMode::kFull:
      return false;
    case AttentionMode::kAsPublished:
      break;
  }
  return conv == Convention::kKaplan;
}

std::string AttentionText(Convention conv, AttentionMode mode) {
  switch (mode) {
    case AttentionMode::kCausal:
      return "causal (attention-score terms halved)";
    case AttentionMode::kFull:
      return "full (attention-score terms not halved)";
    case AttentionMode::kAsPublished:
      break;
  }
  if (conv == Convention::kKaplan) {
    return "as published: causal in effect (Kaplan's 2·n_layer·n_ctx·d_attn is half the full "
           "Q·Kᵀ + softmax·V work)";
  }
  if (conv == Convention::k6ND) return "not counted (6ND has no attention-score term)";
  return "as published: full (the paper counts the whole T x T score matrix)";
}

// The three parts of one core component's forward FLOP per token with K
// keys per query (KeysPerQuery: T/2 or T for full attention, about w for a
// window of w): logits 2·K·H·d_qk, softmax 3·H·K (Chinchilla's count),
// softmax·V 2·K·H·d_v; times the number of blocks.
struct CoreParts {
  double logits = 0, softmax = 0, values = 0;
};
CoreParts CoreFlop(const Component& c, double keys) {
  CoreParts p;
  p.logits = 2 * keys * c.heads * c.qk_dim * c.count;
  p.softmax = 3 * c.heads * keys * c.count;
  p.values = 2 * keys * c.heads * c.v_dim * c.count;
  return p;
}

bool HasCore(const TransformerModel& m) {
  for (const Component& c : m.components) {
    if (c.role == ComponentRole::kAttentionCore) return true;
  }
  return false;
}

bool HasStateSpace(const TransformerModel& m) {
  for (const Component& c : m.components) {
    if (c.role == ComponentRole::kStateSpace) return true;
  }
  return false;
}

bool HasOpaqueParams(const TransformerModel& m) {
  for (const Component& c : m.components) {
    if (c.role == ComponentRole::kParams) return true;
  }
  return false;
}

// Kaplan, PaLM, Chinchilla and Megatron-LM have an attention-score term:
// they need its dimensions and the sequence length.
Status NeedSeqLen(const TransformerModel& m, Convention conv) {
  if (!HasCore(m) && HasStateSpace(m)) return Status::Ok();  // no attention: no T term
  if (!HasCore(m)) {
    return Status::InvalidArgument("convention '" + ConventionName(conv) +
                                   "' needs the attention dimensions (`layers`, `seq_len` and "
                                   "`d_model` or `heads` with `head_dim`)");
  }
  if (m.seq_len <= 0) {
    return Status::InvalidArgument("convention '" + ConventionName(conv) +
                                   "' needs the training sequence length (`seq_len` T)");
  }
  return Status::Ok();
}

Status NeedStructure(const TransformerModel& m, Convention conv) {
  if (HasOpaqueParams(m)) {
    return Status::InvalidArgument("convention '" + ConventionName(conv) +
                                   "' counts the architecture term by term and needs its "
                                   "dimensions, not only a parameter count");
  }
  return Status::Ok();
}

// The Megatron-LM formula is a transformer's: refused for state-space layers.
Status NeedAttentionOnly(const TransformerModel& m, Convention conv) {
  if (!HasStateSpace(m)) return Status::Ok();
  return Status::InvalidArgument("convention '" + ConventionName(conv) +
                                 "' is a formula for transformers (24·l·h² per token for "
                                 "attention and MLP); this model has state-space (Mamba) layers: "
                                 "use 6nd, kaplan, palm or chinchilla");
}

// The selective scans' forward FLOP per token (state-space layers in place
// of attention), charged to their components; 0 without state-space layers.
double SumScan(const TransformerModel& m, ConventionResult& r) {
  double total = 0;
  for (size_t i = 0; i < m.components.size(); ++i) {
    if (m.components[i].role != ComponentRole::kStateSpaceScan) continue;
    r.component_forward[i] = m.components[i].scan_flop;
    total += m.components[i].scan_flop;
  }
  return total;
}

// Each kind of recurrent layer's per-token formula and its source, by the
// scan component's type (blocks.cc, hf_hybrid.cc).
struct ScanKind {
  const char* type;
  const char* formula;
  const char* source;
};
constexpr ScanKind kScanKinds[] = {
    {"selective_scan", "9 x d_inner x d_state + 2 x d_inner per Mamba layer",
     "Gu, state-spaces/mamba GitHub thread 110, 'How to compute MACs or FLOPs of mamba': 9·L·D·N "
     "per selective scan, plus D·L for the D skip and D·L for the z gate"},
    {"ssd_recurrence", "5 x d_inner x d_state + 3 x d_inner per Mamba-2 layer",
     "the recurrent form of Mamba-2's scalar-decay SSM (Dao & Gu 2024, 'Transformers are SSMs', "
     "section 3): decay, input and state sum 3·P·N, read-out 2·P·N, Δ·x and the D skip 3·P per "
     "head of P channels"},
    {"gated_delta_rule", "7 x d_k x d_v + 2 x d_v per value head of a Gated DeltaNet layer",
     "the gated delta rule's recurrent form (Yang et al. 2025, 'Gated Delta "
     "Networks: Improving Mamba2 with Delta Rule', section 3): decay, memory read, update and "
     "output on the d_k x d_v state"},
};

// The state-space term of the attention-aware conventions (Kaplan, PaLM,
// Chinchilla): the recurrences, in place of attention's T-dependent terms,
// one line per kind present. `formula`: add formula lines (Chinchilla's sums
// its terms instead).
void AddScanTerm(const TransformerModel& m, ConventionResult& r, bool formula = true) {
  if (SumScan(m, r) <= 0) return;
  for (const ScanKind& kind : kScanKinds) {
    double flop = 0;
    for (const Component& c : m.components) {
      if (c.role == ComponentRole::kStateSpaceScan && c.type == kind.type) flop += c.scan_flop;
    }
    if (flop <= 0) continue;
    r.terms.push_back(
        {"state-space scan (recurrent layers, in place of attention)", kind.formula, flop});
    if (formula) {
      r.formula.push_back("+ state-space scan " + Num(flop) + " FLOP per token (" + kind.formula +
                          "; " + kind.source + ")");
    }
  }
}

bool IsEmbeddingRole(ComponentRole r) {
  return r == ComponentRole::kEmbedding || r == ComponentRole::kPosition ||
         r == ComponentRole::kLogits;
}

// Fills the totals, the recomputation and the common assumptions.
void Finish(const TransformerModel& m, const ConventionOptions& o, ConventionResult& r) {
  r.recompute = o.recompute;
  r.forward_flop = 0;
  for (double f : r.component_forward) r.forward_flop += f;
  r.training_flop = 3 * r.forward_flop;
  double core = 0, blocks = 0;
  for (size_t i = 0; i < m.components.size(); ++i) {
    const Component& c = m.components[i];
    if (c.role == ComponentRole::kAttentionCore) core += r.component_forward[i];
    if (c.in_blocks) blocks += r.component_forward[i];
  }
  if (o.recompute == Recompute::kSelective) r.recompute_flop = core;
  if (o.recompute == Recompute::kFull) r.recompute_flop = blocks;
  r.hardware_flop = r.training_flop + r.recompute_flop;
  r.formula.push_back("training per token = 3 x forward = 3 x " + Num(r.forward_flop) + " = " +
                      Num(r.training_flop) + " FLOP (backward = 2 x forward)");
  r.assumptions.push_back(
      {"convention", ConventionName(r.convention), ConventionSource(r.convention)});
  r.assumptions.push_back(
      {"backward/forward ratio", "2",
       "backward computes gradients for weights and inputs, each about one "
       "forward (Sevilla et al. 2022, Method 1; Kaplan et al. 2020 section 2.1)"});
  if (r.convention != Convention::k6ND) {
    r.assumptions.push_back({"attention", r.attention,
                             "causal masking halves the T x T terms (a sliding window of w "
                             "counts w - w²/2T keys per query, a chunk of c about c/2); PaLM, "
                             "Chinchilla and Megatron-LM count them in full, Kaplan et al. in "
                             "effect halve them; each layer's span follows the config "
                             "(docs/llm.md, \"Attention per layer\")"});
  }
  if (o.recompute != Recompute::kNone) {
    r.formula.push_back("recomputation (" + RecomputeName(o.recompute) + ") adds " +
                        Num(r.recompute_flop) +
                        " FLOP per token of hardware FLOP: " + Num(r.training_flop) + " + " +
                        Num(r.recompute_flop) + " = " + Num(r.hardware_flop));
    r.assumptions.push_back(
        {"activation recomputation", RecomputeName(o.recompute),
         o.recompute == Recompute::kFull
             ? "one more forward of every transformer block (Narayanan et al. 2021: 96 instead of "
               "72 B·s·l·h²); hardware FLOP only, not model FLOP (EU Commission guidelines "
               "C(2025) 7719 ¶122 exclude it)"
             : "the attention-score part is recomputed (Korthikanti et al. 2022, selective "
               "recomputation); hardware FLOP only, not model FLOP (guidelines ¶122)"});
  }
}

ConventionResult Start(const TransformerModel& m, Convention conv, const ConventionOptions& o) {
  ConventionResult r;
  r.convention = conv;
  r.attention = AttentionText(conv, o.attention);
  r.component_forward.assign(m.components.size(), 0.0);
  return r;
}

// The head width Q of the published formulas; MLA's query/key and value
// widths differ, and Q·K and softmax·V each use their own, so Q is their mean.
std::string HeadWidth(const Component& c) {
  if (c.qk_dim == c.v_dim) return Num(c.qk_dim);
  return "(" + Num(c.qk_dim) + "+" + Num(c.v_dim) + ")/2";
}

// The core parts of each span's cores (full, sliding window, chunked), with
// the keys per query the convention counts; `softmax` is only used by
// Chinchilla.
struct SpanCore {
  SpanGroup group;
  CoreParts flop;
};
std::vector<SpanCore> SumCore(const TransformerModel& m, const ConventionOptions& o,
                              Convention conv, bool with_softmax, ConventionResult& r) {
  std::vector<SpanCore> out;
  for (SpanGroup& g : llm::SpanGroups(m, Causal(conv, o.attention))) {
    SpanCore s{std::move(g), {}};
    for (size_t i : s.group.members) {
      const Component& c = m.components[i];
      const CoreParts p = CoreFlop(c, KeysPerQuery(c, m.seq_len, Causal(conv, o.attention)));
      s.flop.logits += p.logits;
      s.flop.values += p.values;
      if (with_softmax) s.flop.softmax += p.softmax;
      r.component_forward[i] = p.logits + p.values + (with_softmax ? p.softmax : 0);
    }
    out.push_back(std::move(s));
  }
  return out;
}

double ScoresAndValues(const std::vector<SpanCore>& cores) {
  double sum = 0;
  for (const SpanCore& s : cores) sum += s.flop.logits + s.flop.values;
  return sum;
}

// One term per span: `name` + the span, 4·L·H·Q·K with K its keys per query.
void AddCoreTerms(const std::vector<SpanCore>& cores, const std::string& name,
                  std::vector<FlopTerm>& terms) {
  for (const SpanCore& s : cores) {
    const Component& c = *s.group.first;
    terms.push_back({name + llm::SpanSuffix(s.group, cores.size()),
                     "4 x L=" + Num(s.group.layers) + " x H=" + Num(c.heads) +
                         " x Q=" + HeadWidth(c) + " x K, K = " + s.group.keys_text,
                     s.flop.logits + s.flop.values});
  }
}

// Charges 2 FLOP per parameter a token uses to every component but the
// attention core (and, without `embeddings`, the embedding tables and the
// head); returns N.
double TwoN(const TransformerModel& m, bool embeddings, ConventionResult& r) {
  double n = 0;
  for (size_t i = 0; i < m.components.size(); ++i) {
    const Component& c = m.components[i];
    if (c.role == ComponentRole::kAttentionCore) continue;
    if (!embeddings && IsEmbeddingRole(c.role)) continue;
    r.component_forward[i] = 2 * c.active_params;
    n += c.active_params;
  }
  return n;
}

}  // namespace

// 6·N per token (forward 2·N): every parameter a token uses is one
// multiply-add forward and two backward. N is the total parameter count
// including embeddings (active parameters for a mixture of experts), as in
// Hoffmann et al. 2022 (Chinchilla's C ≈ 6ND with N = 70B) and the EU
// Commission guidelines (C(2025) 7719, Annex A: C ≈ 6·P·D).
Result<ConventionResult> Flop6ND(const TransformerModel& m, const ConventionOptions& o) {
  ConventionResult r = Start(m, Convention::k6ND, o);
  const double n = TwoN(m, /*embeddings=*/true, r);
  r.terms.push_back(
      {"2·N (N = parameters used per token, embeddings included)", "2 x " + Num(n), 2 * n});
  r.formula.push_back("forward per token = 2 x N = 2 x " + Num(n) + " = " + Num(2 * n) + " FLOP");
  if (HasCore(m)) r.notes.push_back("6ND leaves out the attention-score terms (Q·Kᵀ, softmax·V)");
  Finish(m, o, r);
  return r;
}

// Kaplan et al. 2020, "Scaling Laws for Neural Language Models", table 1
// and section 2.1: C_forward ≈ 2N + 2·n_layer·n_ctx·d_attn with N the
// non-embedding parameters; training ≈ 6N + 6·n_layer·n_ctx·d_attn.
Result<ConventionResult> FlopKaplan(const TransformerModel& m, const ConventionOptions& o) {
  TF_RETURN_IF_ERROR(NeedSeqLen(m, Convention::kKaplan));
  ConventionResult r = Start(m, Convention::kKaplan, o);
  const double n = TwoN(m, /*embeddings=*/false, r);
  const std::vector<SpanCore> cores = SumCore(m, o, Convention::kKaplan, false, r);
  const double core = ScoresAndValues(cores);
  r.terms.push_back({"2·N (N = non-embedding parameters)", "2 x " + Num(n), 2 * n});
  if (cores.empty()) {
    r.terms.push_back(
        {"2·n_layer·n_ctx·d_attn",
         HasStateSpace(m) ? "0 (no attention layers)" : "0 (no attention dimensions given)", 0});
  }
  AddCoreTerms(cores, "2·n_layer·n_ctx·d_attn", r.terms);
  r.formula.push_back("forward per token = 2 x N + 2·n_layer·n_ctx·d_attn = 2 x " + Num(n) + " + " +
                      Num(core) + " = " + Num(2 * n + core) + " FLOP");
  if (HasOpaqueParams(m)) r.notes.push_back("`params` is taken as Kaplan's non-embedding N");
  AddScanTerm(m, r);
  Finish(m, o, r);
  return r;
}

// Chowdhery et al. 2022, "PaLM", appendix B (model FLOPs utilization):
// training FLOP per token 6N + 12·L·H·Q·T, i.e. forward 2N + 4·L·H·Q·T
// (Q·Kᵀ and softmax·V over the full T x T matrix). N = parameter count.
Result<ConventionResult> FlopPalm(const TransformerModel& m, const ConventionOptions& o) {
  TF_RETURN_IF_ERROR(NeedSeqLen(m, Convention::kPalm));
  ConventionResult r = Start(m, Convention::kPalm, o);
  const double n = TwoN(m, /*embeddings=*/true, r);
  const std::vector<SpanCore> cores = SumCore(m, o, Convention::kPalm, false, r);
  const double core = ScoresAndValues(cores);
  r.terms.push_back({"2·N (N = parameters used per token)", "2 x " + Num(n), 2 * n});
  if (cores.empty()) r.terms.push_back({"4·L·H·Q·T (a third of 12·L·H·Q·T)", "0", 0});
  AddCoreTerms(cores, "4·L·H·Q·T (a third of 12·L·H·Q·T)", r.terms);
  r.formula.push_back("forward per token = 2N + 4·L·H·Q·T = " + Num(2 * n) + " + " + Num(core) +
                      " = " + Num(2 * n + core) + " FLOP");
  AddScanTerm(m, r);
  Finish(m, o, r);
  return r;
}

// Hoffmann et al. 2022, "Training Compute-Optimal Large Language Models",
// appendix F, term by term per sequence (divided here by seq_len):
// embeddings 2·V·d; per layer Q/K/V projections, K@Q logits 2·T·(key·heads),
// softmax 3·heads·T, softmax@V 2·T·(key·heads), final linear; dense block;
// final logits 2·d·V. Backward = 2 x forward. Gated MLPs and experts are
// counted by the weights a token multiplies by.
Result<ConventionResult> FlopChinchilla(const TransformerModel& m, const ConventionOptions& o) {
  TF_RETURN_IF_ERROR(NeedStructure(m, Convention::kChinchilla));
  TF_RETURN_IF_ERROR(NeedSeqLen(m, Convention::kChinchilla));
  ConventionResult r = Start(m, Convention::kChinchilla, o);
  double embed = 0, proj = 0, dense = 0, logits = 0, other = 0, ssm = 0;
  for (size_t i = 0; i < m.components.size(); ++i) {
    const Component& c = m.components[i];
    const double f = 2 * c.matmul_params;
    switch (c.role) {
      case ComponentRole::kEmbedding:
        embed += f;
        break;
      case ComponentRole::kAttention:
        proj += f;
        break;
      case ComponentRole::kMlp:
        dense += f;
        break;
      case ComponentRole::kLogits:
        logits += f;
        break;
      case ComponentRole::kOther:
        other += f;
        break;
      case ComponentRole::kStateSpace:
        ssm += f;
        break;
      default:
        continue;  // positions, norms: not counted; the core below
    }
    r.component_forward[i] = f;
  }
  const std::vector<SpanCore> cores = SumCore(m, o, Convention::kChinchilla, true, r);
  r.terms = {{"embeddings", "2 x V x d = 2 x " + Num(m.vocab) + " x " + Num(m.d_model), embed},
             {"attention: Q, K, V and output projections", "2 x projection weights", proj}};
  if (cores.empty()) {
    for (const char* name :
         {"attention: K @ Q logits", "attention: softmax", "attention: softmax @ V"}) {
      r.terms.push_back({name, "0", 0});
    }
  }
  for (const SpanCore& s : cores) {
    const std::string span = llm::SpanSuffix(s.group, cores.size());
    const std::string k = " x layers, K = " + s.group.keys_text;
    r.terms.push_back(
        {"attention: K @ Q logits" + span, "2 x K x (key_size x heads)" + k, s.flop.logits});
    r.terms.push_back({"attention: softmax" + span, "3 x heads x K" + k, s.flop.softmax});
    r.terms.push_back(
        {"attention: softmax @ V" + span, "2 x K x (value_size x heads)" + k, s.flop.values});
  }
  r.terms.push_back({"dense blocks", "2 x MLP weights used per token", dense});
  r.terms.push_back({"final logits", "2 x d x V", logits});
  if (other > 0) r.terms.push_back({"other projections (pooler, ...)", "2 x weights", other});
  if (ssm > 0) {
    r.terms.push_back({"state-space projections (in_proj, conv1d, x_proj, dt_proj, out_proj)",
                       "2 x weights", ssm});
  }
  AddScanTerm(m, r, /*formula=*/false);
  double sum = 0;
  std::string parts;
  for (const FlopTerm& t : r.terms) {
    sum += t.forward_flop;
    parts += (parts.empty() ? "" : " + ") + Num(t.forward_flop);
  }
  r.formula.push_back("forward per token = " + parts + " = " + Num(sum) + " FLOP");
  Finish(m, o, r);
  return r;
}

namespace {

// Megatron-LM's 4·l·s·h (scores and values of multi-head attention of
// width h) for each span, with s the keys a query attends to; returns the sum.
double MegatronCore(const TransformerModel& m, const ConventionOptions& o, ConventionResult& r,
                    std::vector<FlopTerm>& terms) {
  const bool causal = Causal(Convention::kMegatron, o.attention);
  const std::vector<SpanGroup> groups = llm::SpanGroups(m, causal);
  double sum = 0;
  for (const SpanGroup& g : groups) {
    double flop = 0;
    for (size_t i : g.members) {
      const Component& c = m.components[i];
      r.component_forward[i] = 4 * KeysPerQuery(c, m.seq_len, causal) * m.d_model * c.count;
      flop += r.component_forward[i];
    }
    terms.push_back({"4·l·s·h (attention scores and values)" + llm::SpanSuffix(g, groups.size()),
                     "4 x " + Num(g.layers) + " x s x " + Num(m.d_model) + ", s = " + g.keys_text,
                     flop});
    sum += flop;
  }
  return sum;
}

}  // namespace

// Narayanan et al. 2021, "Efficient Large-Scale Language Model Training on
// GPU Clusters Using Megatron-LM", section 5.1: per iteration
// 72·B·s·l·h²·(1 + s/(6h) + V/(12·l·h)) model FLOP (96 and V/(16lh) with
// full recomputation). Per token: divide by B·s, so forward = 24·l·h² +
// 4·l·s·h + 2·h·V. Assumes multi-head attention with d_attn = h and an MLP
// of 4h; the figure follows the formula, not the model's exact shapes.
Result<ConventionResult> FlopMegatron(const TransformerModel& m, const ConventionOptions& o) {
  TF_RETURN_IF_ERROR(NeedStructure(m, Convention::kMegatron));
  TF_RETURN_IF_ERROR(NeedAttentionOnly(m, Convention::kMegatron));
  TF_RETURN_IF_ERROR(NeedSeqLen(m, Convention::kMegatron));
  ConventionResult r = Start(m, Convention::kMegatron, o);
  const double h = m.d_model, s = m.seq_len;
  double attn = 0, mlp = 0, logits = 0;
  std::vector<FlopTerm> core_terms;
  const double core = MegatronCore(m, o, r, core_terms);
  for (size_t i = 0; i < m.components.size(); ++i) {
    const Component& c = m.components[i];
    double f = 0;
    if (c.role == ComponentRole::kAttention) {
      f = 8 * h * h * c.count;
      attn += f;
    } else if (c.role == ComponentRole::kMlp) {
      f = 16 * h * h * c.count;
      mlp += f;
    } else if (c.role == ComponentRole::kLogits) {
      f = 2 * h * m.vocab;
      logits += f;
    }
    if (c.role != ComponentRole::kAttentionCore) r.component_forward[i] = f;
  }
  const double l = m.layers;
  r.terms = {{"24·l·h² (attention projections 8·l·h² + MLP 16·l·h²)",
              "24 x " + Num(l) + " x " + Num(h) + "²", attn + mlp}};
  r.terms.insert(r.terms.end(), core_terms.begin(), core_terms.end());
  r.terms.push_back({"2·h·V (logits)", "2 x " + Num(h) + " x " + Num(m.vocab), logits});
  const double full = 72 * l * h * h * (1 + s / (6 * h) + m.vocab / (12 * l * h));
  r.formula.push_back("per token (B·s = 1): 72·l·h²·(1 + s/(6h) + V/(12·l·h)) = 72 x " + Num(l) +
                      " x " + Num(h) + "² x (1 + " + Num(s) + "/" + Num(6 * h) + " + " +
                      Num(m.vocab) + "/" + Num(12 * l * h) + ") = " + Num(full) +
                      " FLOP training with full attention");
  r.formula.push_back("forward per token = 24·l·h² + 4·l·s·h + 2·h·V = " + Num(attn + mlp) + " + " +
                      Num(core) + " + " + Num(logits) + " = " + Num(attn + mlp + core + logits) +
                      " FLOP");
  r.notes.push_back(
      "Megatron-LM's formula assumes multi-head attention with d_attn = h and a 4h MLP; for "
      "other shapes (GQA, gated or MoE MLPs) it is the published convention, not this model");
  Finish(m, o, r);
  return r;
}

Result<ConventionResult> ApplyConvention(Convention c, const TransformerModel& m,
                                         const ConventionOptions& o) {
  switch (c) {
    case Convention::k6ND:
      return Flop6ND(m, o);
    case Convention::kKaplan:
      return FlopKaplan(m, o);
    case Convention::kPalm:
      return FlopPalm(m, o);
    case Convention::kChinchilla:
      return FlopChinchilla(m, o);
    case Convention::kMegatron:
      return FlopMegatron(m, o);
  }
  return Status::InvalidArgument("unknown convention");
}

}  // namespace trainflops
