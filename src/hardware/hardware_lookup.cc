// Finding a chip by the name people write: "V100", "a100 80gb", "TPUv4".
#include <algorithm>
#include <set>

#include "core/text.h"
#include "trainflops/hardware.h"
#include "trainflops/input_limits.h"

namespace trainflops {

namespace embedded {
extern const char hardware_csv[];
extern const unsigned long hardware_csv_size;
}  // namespace embedded

namespace {

bool StartsWith(const std::string& s, const std::string& prefix) {
  return s.size() >= prefix.size() && s.compare(0, prefix.size(), prefix) == 0;
}

// Names echoed in messages and explanations stay on their line.
std::string Quoted(std::string_view s) { return "'" + EscapeControlCharacters(s) + "'"; }

// The row's names as index keys: the canonical name and every alias.
std::vector<std::string> WrittenNames(const Chip& chip) {
  std::vector<std::string> names = {chip.name};
  names.insert(names.end(), chip.aliases.begin(), chip.aliases.end());
  return names;
}

// Sevilla et al. 2022, "step 2": for a GPU sold in several versions, assume the NVLink
// (SXM) version, as models are usually trained on server clusters.
bool IsDataCentreVariant(const Chip& chip) {
  const std::string v = ToLower(chip.variant + " " + chip.name);
  return v.find("sxm") != std::string::npos || v.find("nvlink") != std::string::npos;
}

}  // namespace

std::string NormalizeChipName(std::string_view name) {
  std::string out;
  for (const char c : name) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x80 || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z')) {
      out += c;
    } else if (c >= 'A' && c <= 'Z') {
      out += static_cast<char>(c - 'A' + 'a');
    }
  }
  return out;
}

bool Chip::HasAnyRate() const {
  return std::any_of(rates.begin(), rates.end(), [](const auto& r) { return r.has_value(); });
}

Status HardwareDb::Index(std::vector<Chip> rows, std::string_view file) {
  rows_ = std::move(rows);
  file_ = std::string(file);
  const auto where = [&](const Chip& c, const char* field) {
    return file_ + ":" + std::to_string(c.line) + ": field '" + field + "': ";
  };
  for (size_t i = 0; i < rows_.size(); ++i) {
    const Chip& chip = rows_[i];
    for (const std::string& written : WrittenNames(chip)) {
      const std::string key = NormalizeChipName(written);
      const char* field = written == chip.name ? "name" : "aliases";
      if (key.empty()) {
        return Status::ParseError(where(chip, field) + Quoted(written) + " has no letter or digit");
      }
      const auto [it, inserted] = index_.emplace(key, i);
      if (!inserted && it->second != i) {
        const Chip& other = rows_[it->second];
        return Status::ParseError(where(chip, field) + Quoted(written) + " already names " +
                                  Quoted(other.name) + " (line " + std::to_string(other.line) +
                                  "); a name or alias may name only one row");
      }
    }
    for (const std::string& d : chip.default_for) {
      const auto it = index_.find(NormalizeChipName(d));
      if (it == index_.end() || it->second != i) {
        return Status::ParseError(where(chip, "default_for") + Quoted(d) +
                                  " is not a name or alias of this row (list it in 'aliases' too)");
      }
    }
  }
  // Names without the vendor ("nvidia v100" -> "v100"), unless that would
  // name two rows or clash with a written name.
  std::set<std::string> clashes;
  for (size_t i = 0; i < rows_.size(); ++i) {
    const std::string vendor = NormalizeChipName(rows_[i].vendor);
    if (vendor.empty()) continue;
    for (const std::string& written : WrittenNames(rows_[i])) {
      const std::string key = NormalizeChipName(written);
      if (!StartsWith(key, vendor) || key.size() == vendor.size()) continue;
      const std::string rest = key.substr(vendor.size());
      if (index_.count(rest) > 0) continue;
      const auto [it, inserted] = derived_.emplace(rest, i);
      if (!inserted && it->second != i) clashes.insert(rest);
    }
  }
  for (const std::string& c : clashes) derived_.erase(c);
  return Status::Ok();
}

Result<ChipMatch> HardwareDb::Find(std::string_view name) const {
  if (rows_.empty()) {
    return Status::NotFound(problem_.empty() ? "the hardware table has no rows" : problem_);
  }
  const std::string key = NormalizeChipName(name);
  if (key.empty()) {
    return Status::InvalidArgument(
        "the chip name " + Quoted(name) +
        " is empty (accepted: a name or alias of the hardware table, e.g. 'A100')");
  }
  std::optional<size_t> row;
  std::set<std::string> vendors;
  for (const Chip& c : rows_) vendors.insert(NormalizeChipName(c.vendor));
  std::vector<std::string> tries = {key};
  for (const std::string& v : vendors) {
    if (!v.empty() && StartsWith(key, v) && key.size() > v.size())
      tries.push_back(key.substr(v.size()));
  }
  for (const std::string& t : tries) {
    if (row) break;
    if (auto it = index_.find(t); it != index_.end())
      row = it->second;
    else if (auto d = derived_.find(t); d != derived_.end())
      row = d->second;
  }
  if (!row) {
    std::vector<std::string> names;
    for (const Chip* c : FindClosest(name)) names.push_back(c->name);
    std::string hint;
    if (!names.empty()) {
      hint = "; did you mean " + Quoted(names[0]);
      for (size_t i = 1; i < names.size(); ++i) {
        hint += (i + 1 == names.size() ? " or " : ", ") + Quoted(names[i]);
      }
      hint += "?";
    }
    return Status::NotFound(
        "unknown chip '" + Abbreviate(name) + "'" + hint +
        " (accepted: a name or alias of the hardware table, or `peak_flops` instead of `chip`)");
  }
  ChipMatch match;
  match.chip = &rows_[*row];
  match.query = std::string(name);
  // Other rows the name is a prefix of: "V100" also starts "V100 PCIe 16 GB".
  for (const auto* map : {&index_, &derived_}) {
    for (const auto& [k, r] : *map) {
      const std::string& other = rows_[r].name;
      // "k40" -> "k4000" is another model number, not a variant of the K40.
      const bool variant = k.size() > key.size() && !(k[key.size()] >= '0' && k[key.size()] <= '9');
      if (r != *row && StartsWith(k, key) && variant &&
          std::find(match.other_rows.begin(), match.other_rows.end(), other) ==
              match.other_rows.end()) {
        match.other_rows.push_back(other);
      }
    }
  }
  const Chip& chip = *match.chip;
  const bool is_default =
      std::any_of(chip.default_for.begin(), chip.default_for.end(),
                  [&](const std::string& d) { return NormalizeChipName(d) == key; });
  if (key == NormalizeChipName(chip.name)) {
    match.explanation = Quoted(name) + " is the row's name";
  } else if (is_default) {
    match.explanation =
        Quoted(name) + " names several rows (" + JoinNames(match.other_rows) + "); used " +
        Quoted(chip.name) + ", the table's default for it" +
        (IsDataCentreVariant(chip)
             ? ": the data-centre SXM/NVLink variant (Sevilla et al. 2022: assume the NVLink "
               "version, as models are trained on server clusters)"
             : "");
  } else {
    match.explanation =
        Quoted(name) + " is an alias of " + Quoted(chip.name) +
        (match.other_rows.empty()
             ? ""
             : " (different rows with longer names: " + JoinNames(match.other_rows) + ")");
  }
  return match;
}

namespace {

// The letters before a chip name's model number: "h" of "h1000", "mi" of
// "mi300x", "teslat" of "teslat10". Names of one series share them.
std::string_view Series(std::string_view key) {
  return key.substr(0, std::min(key.size(), key.find_first_of("0123456789")));
}

}  // namespace

std::vector<const Chip*> HardwareDb::FindClosest(std::string_view name, size_t max_results) const {
  const std::string key = NormalizeChipName(name);
  // A name longer than any real one is a typo of none (and would cost its
  // length times the threshold per key).
  if (key.empty() || key.size() > kMaxSuggestedNameChars) return {};
  const int limit = std::max(2, static_cast<int>(key.size() / 3));
  struct Best {
    double distance;
    bool same_series;
  };
  std::vector<Best> best(rows_.size(), Best{limit + 1.0, false});
  for (const auto* map : {&index_, &derived_}) {
    for (const auto& [k, r] : *map) {
      // A name the query is part of ("mi300" in "mi300x") beats a typo; the
      // key is short, so finding it costs the name's length at most 64 times.
      const bool part = k.find(key) != std::string::npos;
      const double d = part ? 0.5 : BoundedEditDistance(key, k, limit);
      if (d < best[r].distance) best[r] = {d, Series(k) == Series(key)};
    }
  }
  std::vector<size_t> order;
  for (size_t i = 0; i < rows_.size(); ++i) {
    if (best[i].distance <= limit) order.push_back(i);
  }
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return best[a].distance < best[b].distance; });
  std::vector<const Chip*> out;
  // Only near-best suggestions: a clearly closer name is more helpful alone,
  // and a farther one must be of the query's series: for "H1000" the H100
  // and H800, not "S1070" or "K4000", each two edits away too.
  for (size_t i = 0; i < order.size() && out.size() < max_results; ++i) {
    const Best& b = best[order[i]];
    const double first = best[order.front()].distance;
    if (b.distance > first + 1) break;
    if (i > 0 && b.distance > first && !b.same_series) continue;
    out.push_back(&rows_[order[i]]);
  }
  return out;
}

std::vector<const Chip*> HardwareDb::Filter(std::string_view text) const {
  const std::string key = NormalizeChipName(text);
  std::vector<const Chip*> out;
  for (const Chip& chip : rows_) {
    std::vector<std::string> fields = WrittenNames(chip);
    fields.push_back(chip.vendor);
    fields.push_back(chip.type);
    if (std::any_of(fields.begin(), fields.end(), [&](const std::string& f) {
          return NormalizeChipName(f).find(key) != std::string::npos;
        })) {
      out.push_back(&chip);
    }
  }
  return out;
}

std::string_view EmbeddedHardwareCsv() {
  return std::string_view(embedded::hardware_csv, embedded::hardware_csv_size);
}

const HardwareDb& DefaultHardwareDb() {
  static const HardwareDb db = [] {
    Result<HardwareDb> parsed = ParseHardwareCsv(EmbeddedHardwareCsv(), "data/hardware.csv");
    if (parsed.ok()) return std::move(parsed).value();
    HardwareDb empty;
    empty.problem_ = "the bundled hardware table is broken: " + parsed.status().message();
    return empty;
  }();
  return db;
}

}  // namespace trainflops
