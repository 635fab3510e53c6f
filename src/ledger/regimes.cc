// The phase kinds of a run record and the regimes (data/regimes.yaml,
// compiled in) that decide which kinds count.
#include <yaml-cpp/yaml.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/text.h"
#include "internal.h"
#include "trainflops/ledger.h"
#include "trainflops/units.h"

namespace trainflops {
namespace embedded {
extern const char trainflops_regimes_yaml[];
extern const unsigned long trainflops_regimes_yaml_size;
}  // namespace embedded

const std::vector<std::string>& PhaseKindNames() {
  static const std::vector<std::string> names = {
      "pre_training",   "mid_training",         "sft",          "rl_policy",  "rl_rollouts",
      "synthetic_data", "distillation_teacher", "reward_model", "evaluation", "exploratory",
      "merge_or_init"};
  return names;
}

std::string_view PhaseKindName(PhaseKind kind) {
  return PhaseKindNames()[static_cast<size_t>(kind)];
}

bool IsForwardOnly(PhaseKind kind) {
  return kind == PhaseKind::kRlRollouts || kind == PhaseKind::kSyntheticData ||
         kind == PhaseKind::kDistillationTeacher || kind == PhaseKind::kEvaluation;
}

namespace {

Status RegimeError(const std::string& file, const YAML::Node& node, const std::string& what) {
  return Status::ParseError(file + ":" + std::to_string(node.Mark().line + 1) + ": " + what);
}

Result<double> FlopOf(const std::string& file, const YAML::Node& n, const std::string& key) {
  if (!n[key]) return 0.0;
  Result<double> v = ParseCompute(n[key].as<std::string>());
  if (!v.ok()) return RegimeError(file, n[key], "key '" + key + "': " + v.status().message());
  return *v;
}

Result<std::vector<RegimeRule>> RulesOf(const std::string& file, const YAML::Node& n,
                                        const std::string& id) {
  std::vector<RegimeRule> rules;
  for (size_t k = 0; k < PhaseKindNames().size(); ++k) {
    const YAML::Node r = n["rules"][PhaseKindNames()[k]];
    if (!r || !r["count"] || !r["rule"]) {
      return RegimeError(file, n,
                         "regime '" + id + "' has no rule (count and rule) for kind '" +
                             PhaseKindNames()[k] + "'");
    }
    rules.push_back({static_cast<PhaseKind>(k), r["count"].as<bool>(), r["rule"].as<std::string>(),
                     r["open"] && r["open"].as<bool>()});
  }
  return rules;
}

// `error_margin: {fraction: 0.30, source: "..."}`, or none.
Result<std::optional<RegimeMargin>> MarginOf(const std::string& file, const YAML::Node& n,
                                             const std::string& id) {
  const YAML::Node m = n["error_margin"];
  if (!m) return std::optional<RegimeMargin>();
  RegimeMargin margin;
  const bool fraction = m.IsMap() && m["fraction"] && m["fraction"].IsScalar() &&
                        YAML::convert<double>::decode(m["fraction"], margin.fraction) &&
                        margin.fraction > 0 && margin.fraction < 1;
  if (m.IsMap() && m["source"] && m["source"].IsScalar()) margin.source = m["source"].Scalar();
  if (!fraction || margin.source.empty()) {
    return RegimeError(file, m,
                       "regime '" + id +
                           "': key 'error_margin' must be {fraction: F, source: TEXT}, F between "
                           "0 and 1 (e.g. {fraction: 0.30, source: \"guidelines C(2025) 7719 "
                           "¶123\"})");
  }
  return std::optional<RegimeMargin>(std::move(margin));
}

}  // namespace

namespace ledger {
Result<Regime> ParseRegimeNode(const std::string& file, const YAML::Node& n) {
  Regime g;
  g.id = n["id"].as<std::string>("");
  g.name = n["name"].as<std::string>("");
  g.test = n["test"].as<std::string>("");
  if (g.id.empty() || g.name.empty() || (g.test != "threshold" && g.test != "one_third")) {
    return RegimeError(file, n, "a regime needs 'id', 'name' and 'test' (threshold or one_third)");
  }
  TF_ASSIGN_OR_RETURN(g.flop, FlopOf(file, n, "flop"));
  TF_ASSIGN_OR_RETURN(g.fallback_systemic, FlopOf(file, n, "fallback_systemic"));
  TF_ASSIGN_OR_RETURN(g.fallback_gpai, FlopOf(file, n, "fallback_gpai"));
  if ((g.test == "threshold") != (g.flop > 0) ||
      (g.test == "one_third" && !(g.fallback_systemic > 0 && g.fallback_gpai > 0))) {
    return RegimeError(file, n,
                       "regime '" + g.id +
                           "': a threshold regime takes 'flop', a one_third regime "
                           "'fallback_systemic' and 'fallback_gpai'");
  }
  g.includes_original = n["includes_original"].as<bool>(false);
  g.status = n["status"].as<std::string>("");
  g.source = n["source"].as<std::string>("");
  TF_ASSIGN_OR_RETURN(g.rules, RulesOf(file, n, g.id));
  TF_ASSIGN_OR_RETURN(g.error_margin, MarginOf(file, n, g.id));
  if (const YAML::Node p = n["public_synthetic_data"]; p && p["count"] && p["rule"]) {
    g.public_synthetic = RegimeRule{PhaseKind::kSyntheticData, p["count"].as<bool>(),
                                    p["rule"].as<std::string>(), p["open"] && p["open"].as<bool>()};
  }
  return g;
}

std::vector<Regime> RegimesOf(const LedgerRecord& record) {
  std::vector<Regime> all = BundledRegimes();
  all.insert(all.end(), record.added_regimes.begin(), record.added_regimes.end());
  return all;
}
}  // namespace ledger

Result<std::vector<Regime>> ParseRegimes(std::string_view yaml, const std::string& file) {
  try {
    const YAML::Node root = YAML::Load(std::string(yaml));
    if (!root["regimes"] || !root["regimes"].IsSequence()) {
      return Status::ParseError(file + ": 'regimes' must be a list");
    }
    std::vector<Regime> out;
    for (const YAML::Node& n : root["regimes"]) {
      TF_ASSIGN_OR_RETURN(Regime g, ledger::ParseRegimeNode(file, n));
      out.push_back(std::move(g));
    }
    return out;
  } catch (const YAML::Exception& e) {
    return Status::ParseError(file + ":" + std::to_string(e.mark.line + 1) + ": " + e.msg);
  }
}

const std::vector<Regime>& BundledRegimes() {
  static const std::vector<Regime> regimes = [] {
    Result<std::vector<Regime>> r = ParseRegimes(
        std::string_view(embedded::trainflops_regimes_yaml, embedded::trainflops_regimes_yaml_size),
        "data/regimes.yaml");
    // The unit tests parse the bundled file; an error here leaves no regime.
    return r.ok() ? std::move(r).value() : std::vector<Regime>();
  }();
  return regimes;
}

}  // namespace trainflops
