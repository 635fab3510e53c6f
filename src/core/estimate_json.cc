#include "estimate_json.h"

#include "trainflops/references.h"

namespace trainflops {

nlohmann::json ReferenceOf(std::string_view source) {
  std::string key = PrimaryKey(source);
  return key.empty() ? nlohmann::json(nullptr) : nlohmann::json(key);
}

nlohmann::json InputsJson(const std::vector<Input>& inputs) {
  nlohmann::json out = nlohmann::json::object();
  for (const Input& i : inputs) {
    out[i.name] = {{"value", i.value}, {"unit", i.unit}, {"origin", i.origin}};
  }
  return out;
}

nlohmann::json AssumptionsJson(const std::vector<Assumption>& assumptions) {
  nlohmann::json out = nlohmann::json::array();
  for (const Assumption& a : assumptions) {
    out.push_back({{"name", a.name},
                   {"value", a.value},
                   {"source", a.source},
                   {"reference", ReferenceOf(a.source)}});
  }
  return out;
}

}  // namespace trainflops
