// Internal: reading the keys of an evidence file (evidence_file.cc). Every
// error is "FILE:LINE:COLUMN: CONTEXT: key 'KEY': what was wrong (accepted: ...)".
#ifndef TRAINFLOPS_SRC_EVIDENCE_EVIDENCE_KEYS_H_
#define TRAINFLOPS_SRC_EVIDENCE_EVIDENCE_KEYS_H_

#include <yaml-cpp/yaml.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "evidence_values.h"
#include "trainflops/evidence.h"
#include "trainflops/uncertainty.h"

namespace trainflops::evidence {

// The keys a line of each kind accepts, besides name, kind and source.
const std::vector<std::string>& KindKeys(EvidenceKind kind);
// Every kind, in the order of EvidenceKind.
const std::vector<EvidenceKind>& AllEvidenceKinds();

class KeyReader {
 public:
  explicit KeyReader(std::string file) : file_(std::move(file)) {}
  // The same file, its errors prefixed with `context` ("line 'spend'").
  KeyReader Within(const std::string& context) const;

  static int LineOf(const YAML::Node& node);
  Status Error(const YAML::Node& node, const std::string& what) const;

  // Unknown keys of `map` are errors, with a did-you-mean among `accepted`.
  Status CheckKeys(const YAML::Node& map, const std::vector<std::string>& accepted,
                   const std::string& where) const;
  // The same for a line of `kind`; a key of another kind says whose it is.
  Status CheckLineKeys(const YAML::Node& map, EvidenceKind kind) const;
  Result<EvidenceKind> Kind(const YAML::Node& map) const;

  // The key's text, "" when absent; an error when it is not one value.
  Result<std::string> Text(const YAML::Node& map, const std::string& key) const;
  // A point, range or distribution (uncertainty.h) of a positive quantity.
  Result<std::optional<Uncertain>> Optional(const YAML::Node& map, const std::string& key,
                                            const PointParser& parse_point) const;
  Result<Uncertain> Required(const YAML::Node& map, const std::string& key,
                             const PointParser& parse_point) const;
  // The index of the key's value in `options` (case-insensitive), or nullopt.
  Result<std::optional<int>> Choice(const YAML::Node& map, const std::string& key,
                                    const std::vector<std::string>& options) const;
  Result<std::optional<bool>> YesNo(const YAML::Node& map, const std::string& key) const;
  Result<std::optional<int>> Year(const YAML::Node& map, const std::string& key) const;
  // `samples` (a whole number from min_samples to max_samples) and `seed`
  // (0 to 2^53), each set on `mc` when the map gives it.
  Status MonteCarlo(const YAML::Node& map, double min_samples, double max_samples,
                    MonteCarloOptions& mc) const;
  Result<std::optional<double>> WholeNumber(const YAML::Node& map, const std::string& key,
                                            double min, double max) const;
  // A share range: "0.1..0.2", "10%..20%", one value, or a list [low, high].
  Result<ShareRange> Share(const YAML::Node& map, const std::string& key) const;
  // An ISO 4217 code: three letters, upper-cased.
  Result<std::string> CurrencyCode(const YAML::Node& node) const;

  // The key parsed by `parse` (a point value such as a precision), or nullopt.
  template <typename T>
  Result<std::optional<T>> Parsed(const YAML::Node& map, const std::string& key,
                                  Result<T> (*parse)(std::string_view)) const {
    TF_ASSIGN_OR_RETURN(const std::string text, Text(map, key));
    if (text.empty()) return std::optional<T>();
    Result<T> v = parse(text);
    if (!v.ok()) return Error(map[key], "key '" + key + "': " + v.status().message());
    return std::optional<T>(std::move(v).value());
  }

 private:
  std::string file_;
  std::string context_;
};

// One line of evidence (a map with name, kind, source and the kind's keys),
// the `index`-th of its list: what an evidence file's `lines` hold, for other
// files that embed lines (a run record's phases, docs/ledger.md).
Result<EvidenceLine> ParseEvidenceLine(const KeyReader& reader, const YAML::Node& node,
                                       size_t index);

}  // namespace trainflops::evidence

#endif  // TRAINFLOPS_SRC_EVIDENCE_EVIDENCE_KEYS_H_
