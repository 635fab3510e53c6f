// Transformer language models: per-token FLOP conventions from the
// literature, applied to a model described as a list of components.
//
// A model is a list of components (embedding, attention projections,
// attention core, MLP or mixture-of-experts, norms, logits), each with its
// parameters and, for the attention core, its dimensions. A Hugging Face
// config (hf_config.h) or the `tokens` command's numbers (ModelFromDims)
// produce the list; each convention below reads it its own way and returns
// the forward FLOP per token with a term-by-term breakdown. Training FLOP per
// token is 3 x forward in every convention (backward = 2 x forward, Sevilla et al. 2022
// Method 1; Kaplan et al. 2020 section 2.1; Hoffmann et al. 2022 appendix F).
#ifndef TRAINFLOPS_TRANSFORMER_H_
#define TRAINFLOPS_TRANSFORMER_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "trainflops/checkpoint.h"
#include "trainflops/estimate.h"
#include "trainflops/status.h"
#include "trainflops/uncertain_estimate.h"
#include "trainflops/uncertainty.h"

namespace trainflops {

enum class Convention {
  k6ND,         // 6·N per token (N = total, or active, parameters)
  kKaplan,      // Kaplan et al. 2020, table 1: 6N + 6·n_layer·n_ctx·d_attn
  kPalm,        // Chowdhery et al. 2022 (PaLM), appendix B: 6N + 12·L·H·Q·T
  kChinchilla,  // Hoffmann et al. 2022, appendix F: term by term
  kMegatron,    // Narayanan et al. 2021: 72·B·s·l·h²·(1 + s/6h + V/12lh)
};
// The default everywhere (see docs/llm.md, "Why 6ND by default").
inline constexpr Convention kDefaultConvention = Convention::k6ND;

std::string ConventionName(Convention c);    // "6nd", "kaplan", "palm", ...
std::string ConventionSource(Convention c);  // the paper and section
const std::vector<Convention>& AllConventions();
// Case-insensitive; unknown names get the accepted list and a did-you-mean.
Result<Convention> ParseConvention(std::string_view text);

// How the attention-score terms (those growing with the sequence length:
// Q·Kᵀ logits, softmax, softmax·V) are counted. kAsPublished keeps each
// paper's own choice: full for PaLM, Chinchilla and Megatron-LM, halved
// (causal) in effect for Kaplan et al.
enum class AttentionMode { kAsPublished, kCausal, kFull };
Result<AttentionMode> ParseAttentionMode(std::string_view text);

// Activation recomputation adds forward work that is hardware FLOP, not
// model FLOP (Korthikanti et al. 2022; Chowdhery et al. 2022 appendix B).
enum class Recompute { kNone, kSelective, kFull };
Result<Recompute> ParseRecompute(std::string_view text);
std::string RecomputeName(Recompute r);

enum class ComponentRole {
  kParams,          // an opaque parameter count (the `tokens --params N` case)
  kEmbedding,       // token embedding (a lookup)
  kPosition,        // learned position / token-type / relative-bias tables
  kAttention,       // Q, K, V and output projections
  kAttentionCore,   // logits, softmax, softmax·V (no parameters)
  kMlp,             // dense MLP or mixture of experts (+ router)
  kNorm,            // layer / RMS norms
  kStateSpace,      // a Mamba mixer's weights: in_proj, conv1d, x_proj, dt_proj, A, D, out_proj
  kStateSpaceScan,  // the selective scan (no parameters; scan_flop per token)
  kLogits,          // output projection to the vocabulary
  kOther,           // pooler, projections outside the blocks
};

// The keys one query of a layer attends to: every earlier position (full),
// the last `span_width` positions (a sliding window: Mistral, Gemma 2/3's
// local layers, gpt-oss), or the positions of its own chunk of `span_width`
// (Llama 4's chunked layers). A config's per-layer pattern (layer_types,
// sliding_window_pattern, no_rope_layers) splits the attention cores by span.
enum class AttentionSpan { kFull, kSlidingWindow, kChunked };

struct Component {
  std::string name;  // "layers.0-31/attention"
  std::string type;  // "gqa_attention", "swiglu_mlp", "moe", ...
  ComponentRole role = ComponentRole::kOther;
  double count = 1;          // how many blocks of this kind (params are for all of them)
  double params = 0;         // stored parameters (0 for a tied output head)
  double active_params = 0;  // parameters a token uses (MoE: the routed experts it picks)
  double matmul_params = 0;  // weights a token multiplies by (no biases or norm scales;
                             // a tied head counts its V·d here)
  // Attention core, per block: heads, query/key width and value width per
  // head. Bidirectional attention (encoders, cross-attention) is never halved.
  double heads = 0, qk_dim = 0, v_dim = 0;
  bool bidirectional = false;
  AttentionSpan span = AttentionSpan::kFull;
  double span_width = 0;  // window or chunk, in tokens (kSlidingWindow, kChunked)
  // State-space scan, forward FLOP per token for all `count` blocks:
  // 9·d_inner·d_state + 2·d_inner per block (A. Gu in state-spaces/mamba's
  // GitHub thread 110, "How to compute MACs or FLOPs of mamba": the
  // selective scan is 9·B·L·D·N; D skip and z gating B·L·D each).
  double scan_flop = 0;
  bool in_blocks = true;  // part of the transformer blocks (recomputed by --recompute full)
  std::vector<double> output_shape;  // per sequence, e.g. {T, d}; empty when T is unknown
};

struct TransformerModel {
  std::string name;
  std::vector<Component> components;
  double layers = 0;   // transformer blocks (decoder + encoder)
  double d_model = 0;  // hidden size h
  double vocab = 0;
  double seq_len = 0;  // training sequence length T (0 = unknown)
  std::vector<std::string> notes;
};

// Parameter totals. Non-embedding excludes token, position and type
// embeddings and the output head (Kaplan et al. 2020 section 2.1; the same
// split as Pythia's and Gemma's published non-embedding counts).
double TotalParams(const TransformerModel& m);
double ActiveParams(const TransformerModel& m);
double NonEmbeddingParams(const TransformerModel& m);
double ActiveNonEmbeddingParams(const TransformerModel& m);

// Keys per query, averaged over the T positions of a training sequence, of
// an attention core (docs/llm.md, "Attention per layer"). Causal, continuous
// in the position t: full T/2 (∫min(t, T)), sliding window w - w²/(2T)
// (∫min(t, w)), chunked (k·c² + r²)/(2T) for T = k·c + r; not causal: T, w
// and (k·c² + r²)/T. Bidirectional cores always count T; a window or chunk
// of T or more is full.
double KeysPerQuery(const Component& core, double seq_len, bool causal);
// The same with its formula and numbers, for the report: "w - w²/(2T) =
// 1024 - 1024²/(2 x 131072) = 1020".
std::string KeysPerQueryText(const Component& core, double seq_len, bool causal);
// "full", "sliding window 1024", "chunked 8192", "bidirectional".
std::string SpanName(const Component& core, double seq_len);

struct ConventionOptions {
  AttentionMode attention = AttentionMode::kAsPublished;
  Recompute recompute = Recompute::kNone;
};

struct FlopTerm {
  std::string name;         // "attention: K @ Q logits"
  std::string formula;      // with the numbers substituted
  double forward_flop = 0;  // per token
};

struct ConventionResult {
  Convention convention = kDefaultConvention;
  std::string attention;  // "causal (halved)", "full", "as published: full"
  Recompute recompute = Recompute::kNone;
  double forward_flop = 0;                // model FLOP per token, forward
  double training_flop = 0;               // model FLOP per token, forward + backward = 3 x forward
  double recompute_flop = 0;              // extra forward work per token from recomputation
  double hardware_flop = 0;               // training_flop + recompute_flop
  std::vector<FlopTerm> terms;            // the convention's own terms
  std::vector<double> component_forward;  // per model component, same order
  std::vector<std::string> formula;       // numbers substituted
  std::vector<Assumption> assumptions;
  std::vector<std::string> notes;
};

// The conventions, one function each. Each needs certain inputs (e.g. the
// sequence length); a missing one is an error that names it.
Result<ConventionResult> Flop6ND(const TransformerModel& m, const ConventionOptions& o);
Result<ConventionResult> FlopKaplan(const TransformerModel& m, const ConventionOptions& o);
Result<ConventionResult> FlopPalm(const TransformerModel& m, const ConventionOptions& o);
Result<ConventionResult> FlopChinchilla(const TransformerModel& m, const ConventionOptions& o);
Result<ConventionResult> FlopMegatron(const TransformerModel& m, const ConventionOptions& o);
Result<ConventionResult> ApplyConvention(Convention c, const TransformerModel& m,
                                         const ConventionOptions& o);

// The `tokens` command's numbers. `params` (with `active_params` for a
// mixture of experts) is enough for 6ND; Kaplan and PaLM add the attention
// term from layers, sequence length and heads x head_dim (or d_model);
// Chinchilla and Megatron-LM build a generic decoder from the dimensions.
struct TransformerDims {
  std::optional<double> params, active_params;
  // When `params` was counted from checkpoint headers: its tensor groups,
  // each reported as a component (they sum to `params`).
  std::vector<TensorGroup> param_groups;
  std::optional<double> layers, d_model, heads, head_dim, seq_len, vocab, d_ff;
  bool gated_mlp = false;  // SwiGLU/GeGLU: three d x d_ff matrices
};
Result<TransformerModel> ModelFromDims(const TransformerDims& dims, Convention convention);

// Training stages (pre-training, fine-tuning, RL...). A forward-only stage
// (generation of synthetic data or RL rollouts) costs the forward FLOP per
// token only and updates no parameters.
struct LlmStage {
  std::string name;
  double tokens = 0;
  bool forward_only = false;
};
// "pretraining:2T", "rl:50B:forward".
Result<LlmStage> ParseStage(std::string_view text);
// The same, where TOKENS may also be a range or a distribution
// ("sft:5B..10B", "rl:lognormal(50B, 2):forward"); stage.tokens is its median.
struct UncertainStage {
  LlmStage stage;
  Uncertain tokens;
};
Result<UncertainStage> ParseUncertainStage(std::string_view text);

struct LlmStageResult {
  LlmStage stage;
  double model_flop = 0;
  double hardware_flop = 0;
};

struct LlmEstimate {
  Estimate estimate;  // method "llm_<convention>", training_flop = model FLOP of all stages
  TransformerModel model;
  ConventionResult per_token;
  std::vector<LlmStageResult> stages;
  double hardware_flop = 0;  // all stages, with recomputation
  double params = 0, params_active = 0;
  // Unknown when the model is only a parameter count (`tokens --params`).
  std::optional<double> params_non_embedding;
  // Every convention the model allows, for comparison (per token, training).
  std::vector<ConventionResult> comparison;
  // The median and 90% interval when an input is a range or --uncertainty is
  // asked (AddLlmUncertainty).
  std::optional<UncertaintyReport> uncertainty;
};

Result<LlmEstimate> EstimateLlm(const TransformerModel& model, Convention convention,
                                const ConventionOptions& options,
                                const std::vector<LlmStage>& stages);

// The uncertain inputs of a language-model estimate.
struct LlmUncertainInputs {
  // By stage, in the estimate's order; nullopt (or a point) = exact.
  std::vector<std::optional<Uncertain>> stage_tokens;
  // A range on the parameter count the per-token FLOP is proportional to:
  // only 6ND is (6 x N per token); other conventions add attention terms.
  std::optional<Uncertain> params;
  std::string params_option = "`params`";  // for the report
};

// Sets e.uncertainty: each stage is a term, model FLOP x (tokens / median) x
// (N / median N) x, with default ranges and for training stages,
// training_factor / 3 (the factor 3 = 1 + backward/forward ratio 2, Sevilla et al. 2022;
// DefaultRanges()). Does nothing when no input is a range and no default
// ranges are asked. A params range with another convention is an error.
Status AddLlmUncertainty(const LlmUncertainInputs& inputs, const UncertaintyOptions& options,
                         LlmEstimate& e);

}  // namespace trainflops

#endif  // TRAINFLOPS_TRANSFORMER_H_
