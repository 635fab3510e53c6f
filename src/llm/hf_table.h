// Internal: the row of a family described as data (hf_table.cc builds any
// row into blocks; hf_table_rows.cc holds the rows). CONTRIBUTING.md, "Adding
// a Hugging Face model family", describes each field.
#ifndef TRAINFLOPS_SRC_LLM_HF_TABLE_H_
#define TRAINFLOPS_SRC_LLM_HF_TABLE_H_

#include <nlohmann/json.hpp>
#include <vector>

namespace trainflops::llm {

// kPerHead: an RMSNorm of head_dim on q and one on k; kFullWidth: one over
// all heads on q (heads x head_dim) and on k (kv heads x head_dim), OLMo's.
enum class QkNorms { kNone, kPerHead, kFullWidth };
enum class AttnBias { kAll, kQkvOnly };  // the projections the bias field switches on
// A shared expert's width: a multiple of the routed expert's (GLM, ERNIE) or
// of intermediate_size (Hunyuan).
enum class SharedUnit { kExpertWidth, kDenseWidth };

struct FamilySpec {
  const char* model_type;
  const char* name;
  const char* rule;          // the modelling file and what it counts
  const char* config_class;  // names the defaults in the report
  nlohmann::json defaults;   // the class's defaults for the fields read below
  // Attention: Llama's q/k/v/o of num_attention_heads x head_dim.
  const char* head_dim = "head_dim";
  const char* bias = "attention_bias";  // nullptr: no biases
  AttnBias bias_on = AttnBias::kAll;
  const char* out_bias = nullptr;  // o_proj's own switch (Seed-OSS); nullptr: as bias_on says
  QkNorms qk = QkNorms::kNone;
  const char* qk_switch = nullptr;  // nullptr: always
  const char* mlp_bias = nullptr;   // the dense MLP's bias switch
  // The layer: its norms of d (input and post-attention: 2; GLM-4 adds one
  // after attention and one after the MLP) and whether the MLP is gated
  // (gate, up, down) or up and down only (NemotronMLP: Apertus, Arcee).
  double norms = 2;
  bool gated = true;
  // A learned activation (`learned_act` in hidden_act) with `act_params`
  // scalars per layer (Apertus's xIELU: alpha_p and alpha_n).
  const char* learned_act = nullptr;
  double act_params = 0;
  // Experts; nullptr: a dense model. Each may be a number or a list per layer.
  const char* experts = nullptr;
  const char* top_k = nullptr;
  const char* expert_width = nullptr;  // absent: intermediate_size
  const char* shared = nullptr;        // shared experts per layer
  bool one_shared = false;             // no field: always one shared expert
  SharedUnit shared_unit = SharedUnit::kExpertWidth;
  const char* shared_switch = nullptr;  // a flag that must be true for them (Hunyuan)
  bool router_bias = false;             // e_score_correction_bias, E per layer
  // Layer i has experts when first <= i <= last and (i + 1) % interval == 0.
  const char* first_sparse = nullptr;
  const char* last_sparse = nullptr;  // -1: the last layer
  const char* interval = nullptr;
  bool one_expert_is_dense = false;  // Hunyuan: num_experts 1 is a dense MLP
  // Multi-token-prediction modules in the checkpoint that transformers does
  // not build: reported, not counted.
  const char* mtp = nullptr;
  bool mtp_shape_known = false;        // each module: one block, eh_proj 2d x d, 3 norms
  bool mtp_copies_embeddings = false;  // each also stores embed_tokens and a head
  // Flags whose structure no row counts (cross-layer attention, biases on
  // shared experts): refused when true.
  std::vector<const char*> refused_flags = {};
};

// Every row, in the order the families were added.
const std::vector<FamilySpec>& FamilySpecs();

}  // namespace trainflops::llm

#endif  // TRAINFLOPS_SRC_LLM_HF_TABLE_H_
