// Internal: the JSON of the parts every estimate shares (inputs, assumptions),
// written the same way by every report.
#ifndef TRAINFLOPS_SRC_CORE_ESTIMATE_JSON_H_
#define TRAINFLOPS_SRC_CORE_ESTIMATE_JSON_H_

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "trainflops/estimate.h"

namespace trainflops {

// The bibliography key of the first work `source` cites (docs/references.md),
// or null when it cites none (a value the user gave, the tool's own rule).
nlohmann::json ReferenceOf(std::string_view source);

// The source of an estimate's method and formula chain, by its `method`
// ("method1_counting" -> "Sevilla et al. 2022, Method 1").
std::string MethodSource(std::string_view method);

// The members every estimate's JSON object starts with, written only here:
// method, source and reference (`source`: the method's, or a convention's
// for a language model), training_flop, training_pfs_days, unit ("FLOP"),
// inputs, assumptions, formula and notes. Each report adds its own members.
nlohmann::json EstimateJson(const Estimate& estimate, std::string_view source);
nlohmann::json EstimateJson(const Estimate& estimate);  // the source of its method

// The printed object: indented, and never throwing on text that is not UTF-8
// (a user's file may hold any bytes): such bytes become U+FFFD.
std::string DumpJson(const nlohmann::json& j);

// {name: {value, unit, origin}, ...}
nlohmann::json InputsJson(const std::vector<Input>& inputs);

// [{name, value, source, reference}, ...]: `source` is the short citation
// with its section ("Sevilla et al. 2022, Method 1"), `reference` its
// ReferenceOf.
nlohmann::json AssumptionsJson(const std::vector<Assumption>& assumptions);

}  // namespace trainflops

#endif  // TRAINFLOPS_SRC_CORE_ESTIMATE_JSON_H_
