// HfFields (hf_fields.h): reading a config.json's fields, remembering which
// were read, which were missing and which took a configuration class's
// defaults, so that one error names every problem and the report every origin.
#include "hf_fields.h"

#include <algorithm>
#include <cmath>

#include "core/text.h"
#include "llm_internal.h"
#include "trainflops/input_limits.h"

namespace trainflops {
namespace llm {

using nlohmann::json;

namespace {
// A config value quoted in an error: shortened, as a value may be megabytes.
std::string Shown(const json& v) {
  return Abbreviate(v.dump(-1, ' ', false, json::error_handler_t::replace));
}
}  // namespace

HfFields::HfFields(const json& config, HfModel& out)
    : HfFields(config, out, std::make_shared<Shared>(), "") {}

HfFields::HfFields(const json& config, HfModel& out, std::shared_ptr<Shared> shared,
                   std::string prefix)
    : config_(config), out_(out), shared_(std::move(shared)), prefix_(std::move(prefix)) {
  shared_->objects.emplace_back(prefix_, &config_);
}

HfFields HfFields::Sub(const char* key) {
  static const json kEmpty = json::object();
  const std::string name = prefix_ + key;
  shared_->seen.insert(name);
  auto it = config_.find(key);
  const json* sub = &kEmpty;
  if (it != config_.end() && it->is_object()) {
    sub = &*it;
  } else if (it != config_.end() && !it->is_null()) {
    shared_->bad.push_back("'" + name + "' must be an object, got " + Shown(*it));
  }
  return HfFields(*sub, out_, shared_, name + ".");
}

HfFields HfFields::SubWithDefaults(const char* key, const json& defaults,
                                   const std::string& class_name) {
  const std::string name = prefix_ + key;
  shared_->seen.insert(name);
  auto it = config_.find(key);
  json merged = it != config_.end() && it->is_object() ? *it : json::object();
  if (it != config_.end() && !it->is_null() && !it->is_object()) {
    shared_->bad.push_back("'" + name + "' must be an object, got " + Shown(*it));
  }
  for (auto d = defaults.begin(); d != defaults.end(); ++d) {
    if (merged.contains(d.key()) && !merged[d.key()].is_null()) continue;
    merged[d.key()] = d.value();
    shared_->class_defaults[name + "." + d.key()] = class_name;
  }
  shared_->completed.push_back(std::move(merged));
  return HfFields(shared_->completed.back(), out_, shared_, name + ".");
}

HfFields HfFields::WithDefaults(const json& defaults, const std::string& class_name) {
  json merged = config_;
  for (auto d = defaults.begin(); d != defaults.end(); ++d) {
    if (merged.contains(d.key()) && !merged[d.key()].is_null()) continue;
    merged[d.key()] = d.value();
    shared_->class_defaults[prefix_ + d.key()] = class_name;
  }
  shared_->completed.push_back(std::move(merged));
  return HfFields(shared_->completed.back(), out_, shared_, prefix_);
}

std::vector<double> HfFields::PerLayer(const char* key, double fallback, double layers) {
  std::string name;
  const json* v = Find({key}, &name);
  if (v == nullptr || !v->is_array()) {
    return std::vector<double>(static_cast<size_t>(layers), Get({key}, fallback));
  }
  std::vector<double> values;
  for (const json& e : *v) {
    if (!e.is_number() || !(e.get<double>() >= 0)) {
      shared_->bad.push_back("'" + name + "' must list non-negative numbers, got " + Shown(e));
      return std::vector<double>(static_cast<size_t>(layers), fallback);
    }
    if (!IsCount(name, e, kMaxCount))
      return std::vector<double>(static_cast<size_t>(layers), fallback);
    values.push_back(e.get<double>());
  }
  if (static_cast<double>(values.size()) < layers) {
    shared_->bad.push_back("'" + name + "' lists " + std::to_string(values.size()) +
                           " values, but the model has " + Num(layers) +
                           " layers (accepted: one per layer, or a single number)");
    return std::vector<double>(static_cast<size_t>(layers), fallback);
  }
  values.resize(static_cast<size_t>(layers));
  Record(name, values.front(), false);
  return values;
}

double HfFields::Whole(const char* key, double fallback) {
  std::string name;
  const json* v = Find({key}, &name);
  if (v == nullptr) {
    Record(name, fallback, true);
    return fallback;
  }
  if (!v->is_number() || !std::isfinite(v->get<double>()) ||
      std::fabs(v->get<double>()) > kMaxCount || v->get<double>() != std::floor(v->get<double>())) {
    shared_->bad.push_back("'" + name + "' must be a whole number, got " + Shown(*v));
    return fallback;
  }
  Record(name, v->get<double>(), false);
  return v->get<double>();
}

double HfFields::Real(const char* key, double fallback) {
  std::string name;
  const json* v = Find({key}, &name);
  if (v == nullptr) {
    Record(name, fallback, true);
    return fallback;
  }
  if (!v->is_number() || !(v->get<double>() > 0) || !(v->get<double>() <= kMaxCount)) {
    shared_->bad.push_back("'" + name + "' must be a positive number, got " + Shown(*v));
    return fallback;
  }
  Record(name, v->get<double>(), false);
  return v->get<double>();
}

double HfFields::Length(const char* key, double fallback) {
  std::string name;
  const json* v = Find({key}, &name);
  if (v == nullptr) {
    Record(name, fallback, true);
    return fallback;
  }
  if (v->is_number()) {
    Record(name, 1, false);
    return 1;
  }
  if (!v->is_array() || v->empty()) {
    shared_->bad.push_back("'" + name + "' must be a number or a non-empty list, got " + Shown(*v));
    return fallback;
  }
  Record(name, static_cast<double>(v->size()), false);
  return static_cast<double>(v->size());
}

const json* HfFields::Find(std::initializer_list<const char*> keys, std::string* name) const {
  for (const char* k : keys) {
    shared_->seen.insert(prefix_ + k);
    auto it = config_.find(k);
    if (it != config_.end() && !it->is_null()) {
      *name = prefix_ + k;
      return &*it;
    }
  }
  *name = prefix_ + *keys.begin();
  return nullptr;
}

void HfFields::MarkRead(std::initializer_list<const char*> keys) {
  for (const char* k : keys) shared_->seen.insert(prefix_ + k);
}

void HfFields::Bad(const std::string& message) { shared_->bad.push_back(message); }

std::vector<std::string> HfFields::Keys(bool read) const {
  std::vector<std::string> keys;
  for (const auto& [prefix, object] : shared_->objects) {
    for (auto it = object->begin(); it != object->end(); ++it) {
      const std::string name = prefix + it.key();
      if (shared_->class_defaults.count(name) > 0) continue;  // not in the file
      // An object opened twice (as read, and completed with defaults) lists its keys once.
      if (std::find(keys.begin(), keys.end(), name) != keys.end()) continue;
      if ((shared_->seen.count(name) > 0) == read) keys.push_back(name);
    }
  }
  return keys;
}

void HfFields::Record(const std::string& name, double value, bool defaulted) {
  for (const Input& i : out_.fields) {
    if (i.name == name) return;
  }
  const auto class_default = shared_->class_defaults.find(name);
  const std::string origin = class_default != shared_->class_defaults.end()
                                 ? class_default->second + " default (absent from config)"
                             : defaulted ? "default (absent from config)"
                                         : out_.file;
  out_.fields.push_back({name, value, "", origin});
}

// Every field read counts something (layers, heads, widths, experts, tokens):
// a fraction would be counted silently (2.5 layers), and an absurd size
// would overflow the products or loop over its layers. Found by
// fuzz/hf_config_fuzzer; see hf_config_test.cc, "Fuzz findings".
bool HfFields::IsCount(const std::string& name, const json& v, double at_most) {
  const double value = v.get<double>();
  if (value != std::floor(value)) {
    shared_->bad.push_back("'" + name + "' must be a whole number, got " + Shown(v));
    return false;
  }
  if (value > at_most) {
    shared_->bad.push_back("'" + name + "' is " + Shown(v) + ", implausibly large (at most " +
                           Num(at_most) + ")");
    return false;
  }
  return true;
}

double HfFields::Need(std::initializer_list<const char*> keys, double at_most) {
  std::string name;
  const json* v = Find(keys, &name);
  if (v == nullptr) {
    shared_->missing.push_back(name);
    return 0;
  }
  if (!v->is_number() || !(v->get<double>() > 0) || !std::isfinite(v->get<double>())) {
    shared_->bad.push_back("'" + name + "' must be a positive number, got " + Shown(*v));
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
    shared_->bad.push_back("'" + name + "' must be a non-negative number, got " + Shown(*v));
    return fallback;
  }
  if (!IsCount(name, *v, at_most)) return fallback;
  Record(name, v->get<double>(), false);
  return v->get<double>();
}

double HfFields::Divisor(std::initializer_list<const char*> keys, double fallback,
                         const char* use) {
  std::string name;
  const json* v = Find(keys, &name);
  if (v != nullptr && v->is_number() && v->get<double>() == 0) {
    shared_->bad.push_back("'" + name + "' is 0, but " + use +
                           " (accepted: a positive whole number)");
    return fallback;
  }
  return Get(keys, fallback);
}

std::string HfFields::Name(std::initializer_list<const char*> keys) const {
  std::string name;
  Find(keys, &name);
  return name;
}

void HfFields::CheckGroups(std::initializer_list<const char*> group_keys, double groups,
                           const std::string& heads_name, double heads) {
  std::string group_name;
  if (Find(group_keys, &group_name) == nullptr || !(heads > 0)) return;  // default, or reported
  const std::string groups_text = "'" + group_name + "' " + Num(groups);
  const std::string heads_text = "'" + heads_name + "' " + Num(heads);
  // Each key-value head serves heads / groups attention heads.
  const std::string accepted = " (accepted: a divisor of " + heads_text + ")";
  if (groups == 0) {
    shared_->bad.push_back("'" + group_name + "' is 0, but the model divides " + heads_text +
                           " by it" + accepted);
  } else if (groups > heads) {
    shared_->bad.push_back(groups_text + " exceeds " + heads_text + accepted);
  } else if (std::fmod(heads, groups) != 0) {
    shared_->bad.push_back(groups_text + " does not divide " + heads_text + accepted);
  }
}

double HfFields::GetAuto(const char* key, double auto_value) {
  std::string name;
  const json* v = Find({key}, &name);
  if (v == nullptr || (v->is_string() && *v == "auto")) {
    Record(name, auto_value, v == nullptr);
    return auto_value;
  }
  return Get({key}, auto_value);
}

bool HfFields::Flag(const char* key, bool fallback) {
  std::string name;
  const json* v = Find({key}, &name);
  if (v == nullptr) {
    Record(name, fallback ? 1 : 0, true);
    return fallback;
  }
  if (!v->is_boolean()) {
    shared_->bad.push_back("'" + name + "' must be true or false, got " + Shown(*v));
    return fallback;
  }
  Record(name, v->get<bool>() ? 1 : 0, false);
  return v->get<bool>();
}

std::string HfFields::Text(const char* key, const std::string& fallback) {
  std::string name;
  const json* v = Find({key}, &name);
  if (v == nullptr || !v->is_string()) return fallback;
  return v->get<std::string>();
}

std::vector<std::string> HfFields::Texts(const char* key) {
  std::vector<std::string> out;
  std::string name;
  const json* v = Find({key}, &name);
  if (v == nullptr || !v->is_array()) return out;
  for (const json& e : *v) {
    if (!e.is_string()) {
      shared_->bad.push_back("'" + name + "' must list strings, got " + Shown(e));
      return {};
    }
    out.push_back(e.get<std::string>());
  }
  return out;
}

std::vector<double> HfFields::List(const char* key) {
  std::vector<double> out;
  std::string name;
  const json* v = Find({key}, &name);
  if (v == nullptr || !v->is_array()) return out;
  for (const json& e : *v) {
    if (e.is_number()) out.push_back(e.get<double>());
  }
  return out;
}

bool HfFields::Has(const char* key) const {
  auto it = config_.find(key);
  return it != config_.end() && !it->is_null();
}

Status HfFields::Check() const {
  std::string what = out_.fallback ? "the " + out_.family + " (model_type '" + out_.model_type +
                                         "' is not a known family)"
                                   : "model_type '" + out_.model_type + "'";
  std::vector<std::string> problems;
  if (!shared_->missing.empty()) {
    std::vector<std::string> quoted;
    for (const std::string& m : shared_->missing) quoted.push_back("'" + m + "'");
    problems.push_back("needs field(s) " + JoinNames(quoted) + " (missing)");
  }
  if (!shared_->bad.empty()) problems.push_back(JoinNames(shared_->bad, "; "));
  if (problems.empty()) return Status::Ok();
  return Status::InvalidArgument(out_.file + ": " + what + (shared_->missing.empty() ? ": " : " ") +
                                 JoinNames(problems, "; "));
}

}  // namespace llm

}  // namespace trainflops
