// Internal: reading a config.json's fields, remembering which were read and
// which required ones were missing, so that one error names them all.
#ifndef TRAINFLOPS_SRC_LLM_HF_FIELDS_H_
#define TRAINFLOPS_SRC_LLM_HF_FIELDS_H_

#include <deque>
#include <initializer_list>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "trainflops/hf_config.h"

namespace trainflops::llm {

// Limits on a config's counts, far above any published model (the largest
// have ~10^2 layers, ~10^5-10^6 vocabulary entries and widths, ~10^7
// context tokens) yet small enough that no product of them overflows a
// double and a loop over the layers stays short.
inline constexpr double kMaxCount = 1e12;
inline constexpr double kMaxLayers = 1e5;

// What Divisor() says of a step or period that is 0.
inline constexpr const char* kModuloUse = "the model takes layer numbers modulo it";

class HfFields {
 public:
  HfFields(const nlohmann::json& config, HfModel& out);

  // A nested object (Llama 4's text_config, DBRX's ffn_config): its fields
  // are named "text_config.hidden_size" in the report and in errors. An
  // absent key gives an empty object, so its required fields are reported
  // missing under their nested names.
  HfFields Sub(const char* key);
  // A nested object completed with the defaults of its configuration class:
  // Hugging Face writes only the fields that differ from them (llava-1.5's
  // text_config gives vocab_size but not hidden_size, LlamaConfig's 4096). A
  // field taken from `defaults` is reported as "`class_name` default".
  HfFields SubWithDefaults(const char* key, const nlohmann::json& defaults,
                           const std::string& class_name);
  // This object completed with its configuration class's defaults (a
  // family's own config.json may leave out any field its class defines):
  // a field taken from `defaults` is reported as "`class_name` default".
  HfFields WithDefaults(const nlohmann::json& defaults, const std::string& class_name);

  // A required positive whole number up to `at_most`; the first of `keys`
  // present is used (aliases such as n_layer / num_hidden_layers).
  double Need(std::initializer_list<const char*> keys, double at_most = kMaxCount);
  // An optional non-negative whole number (null counts as absent).
  double Get(std::initializer_list<const char*> keys, double fallback, double at_most = kMaxCount);
  // An optional positive whole number that the model divides by or takes
  // layer numbers modulo (a period, a step, a head size, a group count):
  // like Get, but 0 is refused naming `use` ("layer numbers are taken
  // modulo it").
  double Divisor(std::initializer_list<const char*> keys, double fallback, const char* use);
  // Grouped heads: `groups` (key-value heads, from `group_keys`) must be
  // positive, at most `heads` (the field `heads_name`) and divide it, as the
  // model shares each key-value head with heads / groups query heads. Also
  // for attention heads that split a width (groups = heads, heads = width).
  void CheckGroups(std::initializer_list<const char*> group_keys, double groups,
                   const std::string& heads_name, double heads);
  // The full name of the first of `keys` present ("text_config.n_head"),
  // else of the first.
  std::string Name(std::initializer_list<const char*> keys) const;
  // An optional count that may also be "auto" (Mamba's time_step_rank):
  // "auto" or absent gives `auto_value`.
  double GetAuto(const char* key, double auto_value);
  // An optional positive number that need not be whole (Qwen2-VL's mlp_ratio).
  double Real(const char* key, double fallback);
  // The number of entries of an optional list (Mllama's supported_aspect_ratios);
  // a single number counts as one (LLaVA's vision_feature_layer: -2 or [-2, -5]).
  double Length(const char* key, double fallback);
  bool Flag(const char* key, bool fallback);
  std::string Text(const char* key, const std::string& fallback);
  // An optional list of strings (Qwen3-Next's layer_types); empty when absent.
  std::vector<std::string> Texts(const char* key);
  std::vector<double> List(const char* key);
  // A positive whole number, or a list of them with one entry per layer
  // (Hunyuan's moe_topk: 8 or [8, 8, ...]): `layers` values either way.
  std::vector<double> PerLayer(const char* key, double fallback, double layers);
  // An optional whole number that may be negative (ERNIE's
  // moe_layer_end_index: -1 means the last layer).
  double Whole(const char* key, double fallback);
  bool Has(const char* key) const;
  // Marks fields as read without a value (names the builder consulted, such
  // as model_type or a layer-type string).
  void MarkRead(std::initializer_list<const char*> keys);
  // A malformed value found by a builder's own check.
  void Bad(const std::string& message);

  // Error naming every missing or malformed field, or OK.
  Status Check() const;
  // The keys of this object and of the nested objects opened with Sub()
  // that a builder read (`read`) or did not, for the report ("fields read",
  // "fields ignored").
  std::vector<std::string> Keys(bool read) const;

 private:
  struct Shared {
    std::vector<std::string> missing, bad;
    std::set<std::string> seen;  // full names ("text_config.hidden_size")
    std::vector<std::pair<std::string, const nlohmann::json*>> objects;  // prefix, object
    std::deque<nlohmann::json> completed;                                // SubWithDefaults' objects
    std::map<std::string, std::string> class_defaults;  // full name -> configuration class
  };
  HfFields(const nlohmann::json& config, HfModel& out, std::shared_ptr<Shared> shared,
           std::string prefix);
  const nlohmann::json* Find(std::initializer_list<const char*> keys, std::string* name) const;
  void Record(const std::string& name, double value, bool defaulted);
  bool IsCount(const std::string& name, const nlohmann::json& v, double at_most);

  const nlohmann::json& config_;
  HfModel& out_;
  std::shared_ptr<Shared> shared_;
  std::string prefix_;  // "" or "text_config."
};

// hf_guard.cc: a key that describes experts ("num_experts",
// "moe_intermediate_size", ...), the keys of `config` that do with a value
// (not null, 0 or false), and those that describe a structure other than a
// decoder of attention and MLP blocks (state-space layers, encoder-decoder
// stacks, nested sub-models, latent attention).
bool IsMoeKey(const std::string& key);
std::vector<std::string> MoeKeys(const nlohmann::json& config);
std::vector<std::string> StructuralKeys(const nlohmann::json& config);

// Family builders (hf_families.cc, hf_decoders.cc). Each fills out.model
// from the fields; errors come from HfFields::Check.
Status BuildGpt2(HfFields& f, HfModel& out);
Status BuildGptNeox(HfFields& f, HfModel& out);
Status BuildBert(HfFields& f, HfModel& out);
Status BuildT5(HfFields& f, HfModel& out);
Status BuildFalcon(HfFields& f, HfModel& out);
Status BuildLlamaLike(HfFields& f, HfModel& out);  // llama, mistral, qwen2, gemma, phi3, generic
Status BuildMoe(HfFields& f, HfModel& out);        // mixtral, qwen2_moe
Status BuildDeepSeek(HfFields& f, HfModel& out);   // deepseek_v2, deepseek_v3
// An unknown model_type with mixture-of-experts fields (hf_moe.cc).
Status BuildGenericMoe(HfFields& f, HfModel& out);

struct FamilyRow {
  const char* model_type;
  const char* name;
  Status (*build)(HfFields&, HfModel&);
  const char* rule;  // what is counted, after which modelling code
};
// The families added after the first ones: recent dense decoders
// (hf_recent.cc), mixtures of experts (hf_moe.cc), state-space and hybrid
// models (hf_ssm.cc), multimodal wrappers (hf_multimodal.cc).
const std::vector<FamilyRow>& RecentFamilies();
const std::vector<FamilyRow>& MoeFamilies();
const std::vector<FamilyRow>& SsmFamilies();
const std::vector<FamilyRow>& MultimodalFamilies();
// The families described as data, one row each (hf_table.cc): SmolLM3,
// GLM-4.5, ERNIE 4.5, Hunyuan, GLM-4, OLMo 3, EXAONE 4, Seed-OSS, Apertus,
// Arcee, dots.llm1.
const std::vector<FamilyRow>& TableFamilies();
// Linear + full attention hybrids (hf_hybrid.cc): Qwen3-Next, Granite 4.0
// hybrids, LFM2 (its builder in hf_lfm2.cc).
const std::vector<FamilyRow>& HybridFamilies();
Status BuildLfm2(HfFields& f, HfModel& out);
// The family of a model_type (hf_config.cc's table), or null.
const FamilyRow* FindFamilyRow(const std::string& model_type);

}  // namespace trainflops::llm

#endif  // TRAINFLOPS_SRC_LLM_HF_FIELDS_H_
