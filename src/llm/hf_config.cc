// config.json: JSON parsing with line numbers, field access, and the
// model_type -> family dispatch.
#include "trainflops/hf_config.h"

#include <algorithm>
#include <cmath>

#include "hf_fields.h"
#include "llm_internal.h"
#include "trainflops/input_limits.h"
#include "trainflops/text.h"

namespace trainflops {
namespace llm {

using nlohmann::json;

namespace {
// A config value quoted in an error: shortened, as a value may be megabytes.
std::string Shown(const json& v) {
  return Abbreviate(v.dump(-1, ' ', false, json::error_handler_t::replace));
}
}  // namespace

const json* HfFields::Find(std::initializer_list<const char*> keys, std::string* name) const {
  for (const char* k : keys) {
    auto it = config_.find(k);
    if (it != config_.end() && !it->is_null()) {
      *name = k;
      return &*it;
    }
  }
  *name = *keys.begin();
  return nullptr;
}

void HfFields::Record(const std::string& name, double value, bool defaulted) {
  for (const Input& i : out_.fields) {
    if (i.name == name) return;
  }
  out_.fields.push_back({name, value, "", defaulted ? "default (absent from config)" : out_.file});
}

// Every field read counts something (layers, heads, widths, experts, tokens):
// a fraction would be counted silently (2.5 layers), and an absurd size
// would overflow the products or loop over its layers. Found by
// fuzz/hf_config_fuzzer; see hf_config_test.cc, "Fuzz findings".
bool HfFields::IsCount(const std::string& name, const json& v, double at_most) {
  const double value = v.get<double>();
  if (value != std::floor(value)) {
    bad_.push_back("'" + name + "' must be a whole number, got " + Shown(v));
    return false;
  }
  if (value > at_most) {
    bad_.push_back("'" + name + "' is " + Shown(v) + ", implausibly large (at most " +
                   Num(at_most) + ")");
    return false;
  }
  return true;
}

double HfFields::Need(std::initializer_list<const char*> keys, double at_most) {
  std::string name;
  const json* v = Find(keys, &name);
  if (v == nullptr) {
    missing_.push_back(name);
    return 0;
  }
  if (!v->is_number() || !(v->get<double>() > 0) || !std::isfinite(v->get<double>())) {
    bad_.push_back("'" + name + "' must be a positive number, got " + Shown(*v));
    return 0;
  }
  if (!IsCount(name, *v, at_most)) return 0;
  Record(name, v->get<double>(), false);
  return v->get<double>();
}

double HfFields::Get(std::initializer_list<const char*> keys, double fallback, double at_most) {
  std::string name;
  const json* v = Find(keys, &name);
  if (v == nullptr) {
    Record(name, fallback, true);
    return fallback;
  }
  if (!v->is_number() || v->get<double>() < 0 || !std::isfinite(v->get<double>())) {
    bad_.push_back("'" + name + "' must be a non-negative number, got " + Shown(*v));
    return fallback;
  }
  if (!IsCount(name, *v, at_most)) return fallback;
  Record(name, v->get<double>(), false);
  return v->get<double>();
}

bool HfFields::Flag(const char* key, bool fallback) {
  auto it = config_.find(key);
  if (it == config_.end() || it->is_null()) {
    Record(key, fallback ? 1 : 0, true);
    return fallback;
  }
  if (!it->is_boolean()) {
    bad_.push_back("'" + std::string(key) + "' must be true or false, got " + Shown(*it));
    return fallback;
  }
  Record(key, it->get<bool>() ? 1 : 0, false);
  return it->get<bool>();
}

std::string HfFields::Text(const char* key, const std::string& fallback) {
  auto it = config_.find(key);
  if (it == config_.end() || !it->is_string()) return fallback;
  return it->get<std::string>();
}

std::vector<double> HfFields::List(const char* key) {
  std::vector<double> out;
  auto it = config_.find(key);
  if (it == config_.end() || !it->is_array()) return out;
  for (const json& v : *it) {
    if (v.is_number()) out.push_back(v.get<double>());
  }
  return out;
}

bool HfFields::Has(const char* key) const {
  auto it = config_.find(key);
  return it != config_.end() && !it->is_null();
}

Status HfFields::Check() const {
  std::string what = out_.fallback ? "the generic decoder (model_type '" + out_.model_type +
                                         "' is not a known family)"
                                   : "model_type '" + out_.model_type + "'";
  if (!missing_.empty()) {
    std::vector<std::string> quoted;
    for (const std::string& m : missing_) quoted.push_back("'" + m + "'");
    return Status::InvalidArgument(out_.file + ": " + what + " needs field(s) " +
                                   JoinNames(quoted) + " (missing)");
  }
  if (!bad_.empty()) {
    return Status::InvalidArgument(out_.file + ": " + what + ": " + JoinNames(bad_, "; "));
  }
  return Status::Ok();
}

}  // namespace llm

namespace {

using llm::HfFields;
using nlohmann::json;

struct Family {
  const char* model_type;
  const char* name;
  Status (*build)(HfFields&, HfModel&);
};

const std::vector<Family>& Families() {
  static const std::vector<Family> families = {
      {"gpt2", "GPT-2", llm::BuildGpt2},
      {"gpt_neox", "GPT-NeoX / Pythia", llm::BuildGptNeox},
      {"bert", "BERT", llm::BuildBert},
      {"t5", "T5 (encoder-decoder)", llm::BuildT5},
      {"llama", "Llama 1/2/3", llm::BuildLlamaLike},
      {"mistral", "Mistral", llm::BuildLlamaLike},
      {"qwen2", "Qwen2", llm::BuildLlamaLike},
      {"gemma", "Gemma", llm::BuildLlamaLike},
      {"phi3", "Phi-3", llm::BuildLlamaLike},
      {"mixtral", "Mixtral (mixture of experts)", llm::BuildMoe},
      {"qwen2_moe", "Qwen2-MoE (mixture of experts)", llm::BuildMoe},
      {"falcon", "Falcon", llm::BuildFalcon},
      {"RefinedWebModel", "Falcon (RefinedWebModel)", llm::BuildFalcon},
      {"RefinedWeb", "Falcon (RefinedWeb)", llm::BuildFalcon},
      {"deepseek_v2", "DeepSeek-V2 (MLA + MoE)", llm::BuildDeepSeek},
      {"deepseek_v3", "DeepSeek-V3 (MLA + MoE)", llm::BuildDeepSeek},
  };
  return families;
}

Status MalformedJson(std::string_view text, const std::string& file, size_t byte,
                     const std::string& what) {
  size_t line = 1, column = 1;
  for (size_t i = 0; i + 1 < byte && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  return Status::ParseError(file + ":" + std::to_string(line) + ":" + std::to_string(column) +
                            ": malformed JSON: " + Abbreviate(what, 160));
}

}  // namespace

const std::vector<std::string>& SupportedModelTypes() {
  static const std::vector<std::string> types = [] {
    std::vector<std::string> t;
    for (const Family& f : Families()) t.push_back(f.model_type);
    return t;
  }();
  return types;
}

Result<HfModel> ParseHfConfig(std::string_view json_text, const std::string& file, double seq_len) {
  TF_RETURN_IF_ERROR(CheckNestingDepth(json_text, file));
  json config;
  try {
    config = json::parse(json_text);
  } catch (const json::parse_error& e) {
    std::string what = e.what();
    if (const size_t at = what.find("syntax error"); at != std::string::npos)
      what = what.substr(at);
    return MalformedJson(json_text, file, e.byte, what);
  } catch (const json::exception& e) {
    // A number beyond a double ("1E1643") is out_of_range 406, not a
    // parse_error, and carries no position. Found by fuzz/hf_config_fuzzer.
    std::string what = e.what();
    if (const size_t at = what.find("] "); at != std::string::npos) what = what.substr(at + 2);
    return Status::ParseError(file + ": malformed JSON: " + what);
  }
  if (!config.is_object()) return Status::ParseError(file + ": expected a JSON object");
  HfModel out;
  out.file = file;
  out.model.seq_len = seq_len;
  auto type = config.find("model_type");
  out.model_type =
      type != config.end() && type->is_string() ? Abbreviate(type->get<std::string>()) : "";
  HfFields fields(config, out);
  out.max_position_embeddings = fields.Get({"max_position_embeddings", "n_positions"}, 0);
  for (const Family& f : Families()) {
    if (out.model_type != f.model_type) continue;
    out.family = f.name;
    TF_RETURN_IF_ERROR(f.build(fields, out));
    out.model.name = out.model_type;
    return out;
  }
  // Unknown: a Llama-style decoder if the fields allow it, and say so.
  out.fallback = true;
  out.family = "generic decoder (Llama-style)";
  if (out.model_type.empty()) out.model_type = "(none)";
  Status built = llm::BuildLlamaLike(fields, out);
  if (!built.ok()) {
    return Status::InvalidArgument(built.message() +
                                   "; known model types: " + JoinNames(SupportedModelTypes()) +
                                   DidYouMean(out.model_type, SupportedModelTypes()));
  }
  out.model.name = out.model_type;
  out.model.notes.insert(
      out.model.notes.begin(),
      "model_type '" + out.model_type +
          "' is not a known family: counted as a generic Llama-style decoder (gated MLP of three "
          "matrices, RMSNorm, no biases unless attention_bias/mlp_bias) - check the total "
          "against the checkpoint");
  return out;
}

}  // namespace trainflops
