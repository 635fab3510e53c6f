// Internal: reading a config.json's fields, remembering which were read and
// which required ones were missing, so that one error names them all.
#ifndef TRAINFLOPS_SRC_LLM_HF_FIELDS_H_
#define TRAINFLOPS_SRC_LLM_HF_FIELDS_H_

#include <initializer_list>
#include <nlohmann/json.hpp>
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

class HfFields {
 public:
  HfFields(const nlohmann::json& config, HfModel& out) : config_(config), out_(out) {}

  // A required positive whole number up to `at_most`; the first of `keys`
  // present is used (aliases such as n_layer / num_hidden_layers).
  double Need(std::initializer_list<const char*> keys, double at_most = kMaxCount);
  // An optional non-negative whole number (null counts as absent).
  double Get(std::initializer_list<const char*> keys, double fallback, double at_most = kMaxCount);
  bool Flag(const char* key, bool fallback);
  std::string Text(const char* key, const std::string& fallback);
  std::vector<double> List(const char* key);
  bool Has(const char* key) const;

  // Error naming every missing or malformed field, or OK.
  Status Check() const;

 private:
  const nlohmann::json* Find(std::initializer_list<const char*> keys, std::string* name) const;
  void Record(const std::string& name, double value, bool defaulted);
  bool IsCount(const std::string& name, const nlohmann::json& v, double at_most);

  const nlohmann::json& config_;
  HfModel& out_;
  std::vector<std::string> missing_, bad_;
};

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

}  // namespace trainflops::llm

#endif  // TRAINFLOPS_SRC_LLM_HF_FIELDS_H_
