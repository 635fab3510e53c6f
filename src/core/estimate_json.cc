#include "estimate_json.h"

#include "trainflops/references.h"
#include "trainflops/units.h"

namespace trainflops {

nlohmann::json ReferenceOf(std::string_view source) {
  std::string key = PrimaryKey(source);
  return key.empty() ? nlohmann::json(nullptr) : nlohmann::json(key);
}

std::string MethodSource(std::string_view method) {
  struct Row {
    std::string_view prefix, source;
  };
  static constexpr Row kRows[] = {
      {"method1_6nd", "Kaplan et al. 2020, section 2.1; Sevilla et al. 2022, Method 1"},
      {"llm_6nd", "Kaplan et al. 2020, section 2.1; Sevilla et al. 2022, Method 1"},
      {"method1_", "Sevilla et al. 2022, Method 1"},
      {"llm_", "Sevilla et al. 2022, Method 1"},
      {"layer_catalogue", "Sevilla et al. 2022, Table 1 and Method 1"},
      {"method2_", "Sevilla et al. 2022, Method 2"},
      {"ledger_",
       "Sevilla et al. 2022, Methods 1 and 2; Commission guidelines C(2025) 7719, Annex A"},
  };
  for (const Row& r : kRows) {
    if (method.starts_with(r.prefix)) return std::string(r.source);
  }
  return "";
}

nlohmann::json EstimateJson(const Estimate& e, std::string_view source) {
  return {{"method", e.method},
          {"source", source},
          {"reference", ReferenceOf(source)},
          {"training_flop", e.training_flop},
          {"training_pfs_days", e.training_flop / kFlopPerPetaflopSDay},
          {"unit", "FLOP"},
          {"inputs", InputsJson(e.inputs)},
          {"assumptions", AssumptionsJson(e.assumptions)},
          {"formula", e.formula},
          {"notes", e.notes}};
}

nlohmann::json EstimateJson(const Estimate& e) { return EstimateJson(e, MethodSource(e.method)); }

std::string DumpJson(const nlohmann::json& j) {
  return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
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
