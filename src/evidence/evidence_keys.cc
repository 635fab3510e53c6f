// The keys of an evidence file and their values, with errors that say where
// (file, line, column, line of evidence, key) and what is accepted.
#include "evidence_keys.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <set>

#include "core/text.h"
#include "trainflops/input_limits.h"
#include "trainflops/units.h"

namespace trainflops::evidence {
namespace {

const std::vector<std::string> kHardwareKeys = {"chip", "precision", "utilization", "tensor_cores"};

std::vector<std::string> WithHardware(std::vector<std::string> keys) {
  keys.insert(keys.end(), kHardwareKeys.begin(), kHardwareKeys.end());
  return keys;
}

std::vector<std::string> KindNames() {
  std::vector<std::string> names;
  for (EvidenceKind k : AllEvidenceKinds()) names.emplace_back(EvidenceKindName(k));
  return names;
}

}  // namespace

const std::vector<EvidenceKind>& AllEvidenceKinds() {
  static const std::vector<EvidenceKind> kinds = {
      EvidenceKind::kCost,      EvidenceKind::kPower,      EvidenceKind::kCluster,
      EvidenceKind::kReference, EvidenceKind::kStageShare, EvidenceKind::kFigure};
  return kinds;
}

const std::vector<std::string>& KindKeys(EvidenceKind kind) {
  static const std::vector<std::vector<std::string>> keys = {
      WithHardware({"amount", "currency", "money_year", "basis", "rate", "price_per_chip_hour",
                    "training_time", "life_years"}),
      WithHardware({"power", "duration", "energy", "facility", "server_overhead", "pue", "tdp"}),
      WithHardware(
          {"chips", "chip_hours", "aggregate_flops", "duration", "flops_per_chip", "achieved"}),
      {"ratio", "reference", "reference_flop", "reference_confidence"},
      {"reference", "reference_flop", "reference_confidence", "share", "include_reference"},
      {"method", "flop", "parameters", "tokens", "confidence"},
  };
  return keys[static_cast<size_t>(kind)];
}

KeyReader KeyReader::Within(const std::string& context) const {
  KeyReader r(file_);
  r.context_ = context_.empty() ? context : context_ + ", " + context;
  return r;
}

int KeyReader::LineOf(const YAML::Node& node) {
  return node.Mark().is_null() ? 0 : node.Mark().line + 1;
}

Status KeyReader::Error(const YAML::Node& node, const std::string& what) const {
  std::string where = file_ + ":";
  if (!node.Mark().is_null()) {
    where +=
        std::to_string(node.Mark().line + 1) + ":" + std::to_string(node.Mark().column + 1) + ":";
  }
  return Status::InvalidArgument(where + " " + (context_.empty() ? "" : context_ + ": ") + what);
}

Status KeyReader::CheckKeys(const YAML::Node& map, const std::vector<std::string>& accepted,
                            const std::string& where) const {
  const std::set<std::string> known(accepted.begin(), accepted.end());
  for (const auto& kv : map) {
    const std::string key = kv.first.Scalar();
    if (known.count(key) == 0) {
      return Error(kv.first, "unknown key '" + Abbreviate(key) + "' in " + where +
                                 DidYouMean(key, accepted) + " (accepted: " + JoinNames(accepted) +
                                 ")");
    }
  }
  return Status::Ok();
}

Status KeyReader::CheckLineKeys(const YAML::Node& map, EvidenceKind kind) const {
  std::vector<std::string> accepted = {"name", "kind", "source"};
  const std::vector<std::string>& own = KindKeys(kind);
  accepted.insert(accepted.end(), own.begin(), own.end());
  const std::set<std::string> known(accepted.begin(), accepted.end());
  const std::string kind_name(EvidenceKindName(kind));
  for (const auto& kv : map) {
    const std::string key = kv.first.Scalar();
    if (known.count(key) > 0) continue;
    for (EvidenceKind other : AllEvidenceKinds()) {
      const std::vector<std::string>& keys = KindKeys(other);
      if (std::find(keys.begin(), keys.end(), key) != keys.end()) {
        return Error(kv.first, "key '" + key + "' is a key of " +
                                   std::string(EvidenceKindName(other)) + " lines, not of " +
                                   kind_name + " lines (accepted: " + JoinNames(accepted) + ")");
      }
    }
    return CheckKeys(map, accepted, "a " + kind_name + " line");
  }
  return Status::Ok();
}

Result<EvidenceKind> KeyReader::Kind(const YAML::Node& map) const {
  TF_ASSIGN_OR_RETURN(const std::string text, Text(map, "kind"));
  const std::vector<std::string> names = KindNames();
  const std::string word = ToLower(Trim(text));
  for (size_t i = 0; i < names.size(); ++i) {
    if (names[i] == word) return AllEvidenceKinds()[i];
  }
  const YAML::Node at = text.empty() ? map : map["kind"];
  return Error(at, "key 'kind': " +
                       (text.empty() ? std::string("missing")
                                     : "'" + Abbreviate(text) + "' is not a kind of line" +
                                           DidYouMean(word, names)) +
                       " (accepted: " + JoinNames(names) + ")");
}

Result<std::string> KeyReader::Text(const YAML::Node& map, const std::string& key) const {
  const YAML::Node node = map[key];
  if (!node || node.IsNull()) return std::string();
  if (!node.IsScalar()) return Error(node, "key '" + key + "' must be a single value");
  return node.Scalar();
}

Result<std::optional<Uncertain>> KeyReader::Optional(const YAML::Node& map, const std::string& key,
                                                     const PointParser& parse_point) const {
  TF_ASSIGN_OR_RETURN(const std::string text, Text(map, key));
  if (text.empty()) return std::optional<Uncertain>();
  Result<Uncertain> u = ParseUncertain(text, parse_point, UncertainOptions::Positive());
  if (!u.ok()) return Error(map[key], "key '" + key + "': " + u.status().message());
  return std::optional<Uncertain>(std::move(u).value());
}

Result<Uncertain> KeyReader::Required(const YAML::Node& map, const std::string& key,
                                      const PointParser& parse_point) const {
  TF_ASSIGN_OR_RETURN(std::optional<Uncertain> u, Optional(map, key, parse_point));
  if (!u) return Error(map, "key '" + key + "' is missing (see docs/evidence.md for its form)");
  return std::move(*u);
}

Result<std::optional<int>> KeyReader::Choice(const YAML::Node& map, const std::string& key,
                                             const std::vector<std::string>& options) const {
  TF_ASSIGN_OR_RETURN(const std::string text, Text(map, key));
  if (text.empty()) return std::optional<int>();
  const std::string word = ToLower(Trim(text));
  for (size_t i = 0; i < options.size(); ++i) {
    if (ToLower(options[i]) == word) return std::optional<int>(static_cast<int>(i));
  }
  return Error(map[key], "key '" + key + "': '" + Abbreviate(text) + "' is not accepted" +
                             DidYouMean(word, options) + " (accepted: " + JoinNames(options) + ")");
}

Result<std::optional<bool>> KeyReader::YesNo(const YAML::Node& map, const std::string& key) const {
  TF_ASSIGN_OR_RETURN(const std::optional<int> v,
                      Choice(map, key, {"yes", "no", "true", "false", "on", "off"}));
  if (!v) return std::optional<bool>();
  return std::optional<bool>(*v % 2 == 0);
}

Result<std::optional<double>> KeyReader::WholeNumber(const YAML::Node& map, const std::string& key,
                                                     double min, double max) const {
  TF_ASSIGN_OR_RETURN(const std::string text, Text(map, key));
  if (text.empty()) return std::optional<double>();
  Result<double> v = ParseNumber(text);
  if (!v.ok() || *v < min || *v > max || *v != std::floor(*v)) {
    return Error(map[key], "key '" + key + "': '" + Abbreviate(text) +
                               "' is not accepted (accepted: a whole number from " +
                               FormatScientific(min) + " to " + FormatScientific(max) + ")");
  }
  return std::optional<double>(*v);
}

Result<std::optional<int>> KeyReader::Year(const YAML::Node& map, const std::string& key) const {
  TF_ASSIGN_OR_RETURN(const std::optional<double> y, WholeNumber(map, key, 1950, 2100));
  if (!y) return std::optional<int>();
  return std::optional<int>(static_cast<int>(*y));
}

Status KeyReader::MonteCarlo(const YAML::Node& map, double min_samples, double max_samples,
                             MonteCarloOptions& mc) const {
  TF_ASSIGN_OR_RETURN(const std::optional<double> samples,
                      WholeNumber(map, "samples", min_samples, max_samples));
  if (samples) mc.samples = static_cast<std::size_t>(*samples);
  TF_ASSIGN_OR_RETURN(const std::optional<double> seed,
                      WholeNumber(map, "seed", 0, 9007199254740992.0));
  if (seed) mc.seed = static_cast<std::uint64_t>(*seed);
  return Status::Ok();
}

Result<ShareRange> KeyReader::Share(const YAML::Node& map, const std::string& key) const {
  const YAML::Node node = map[key];
  std::string text;
  if (node && node.IsSequence() && node.size() == 2 && node[0].IsScalar() && node[1].IsScalar()) {
    text = node[0].Scalar() + ".." + node[1].Scalar();
  } else {
    TF_ASSIGN_OR_RETURN(text, Text(map, key));
  }
  if (text.empty()) {
    return Error(map, "key '" + key + "' is missing (accepted: a range such as 10%..20%)");
  }
  Result<ShareRange> share = ParseShareRange(text);
  if (!share.ok()) return Error(node, "key '" + key + "': " + share.status().message());
  return *share;
}

Result<std::string> KeyReader::CurrencyCode(const YAML::Node& node) const {
  std::string code(Trim(node.Scalar()));
  bool letters = code.size() == 3;
  for (char& c : code) {
    letters = letters && std::isalpha(static_cast<unsigned char>(c)) != 0;
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  }
  if (!letters) {
    return Error(node, "key 'currency': '" + Abbreviate(node.Scalar()) +
                           "' is not a currency code (accepted: an ISO 4217 code such as USD, "
                           "EUR, GBP, CNY)");
  }
  return code;
}

}  // namespace trainflops::evidence
