// Chips and training time read from free text, word by word: a number, a few
// words naming the chips, then a unit ("GPUs", "V100-days"). Words that
// end a clause or join another quantity ("of", "per", "FLOP", "/") end the
// phrase, so "123 teraFLOPS / TPU" or "512 GB of RAM. No GPUs" count nothing.
#include "notes_hardware.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstddef>
#include <utility>
#include <vector>

#include "core/text.h"
#include "trainflops/input_limits.h"
#include "trainflops/units.h"

namespace trainflops::batch {
namespace {

struct Token {
  std::string_view raw;
  std::string word;          // lower case, without surrounding punctuation
  bool ends_clause = false;  // followed by , ; : . ! ? or a closing bracket
};

std::vector<Token> Tokenize(std::string_view text) {
  std::vector<Token> tokens;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    const size_t start = i;
    while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    if (start == i) break;
    Token t{text.substr(start, i - start), "", false};
    std::string_view w = t.raw;
    while (!w.empty() && std::string_view("(\"'[").find(w.front()) != std::string_view::npos) {
      w.remove_prefix(1);
    }
    while (!w.empty() && std::string_view(",;:.!?)\"']").find(w.back()) != std::string_view::npos) {
      t.ends_clause = true;
      w.remove_suffix(1);
    }
    t.word = ToLower(w);
    tokens.push_back(std::move(t));
  }
  return tokens;
}

bool IsDigit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }
bool IsLetter(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }

// After a comma: exactly three digits, then the end, another group or a point.
bool IsThousandsGroup(std::string_view rest) {
  return rest.size() >= 3 && std::all_of(rest.begin(), rest.begin() + 3, IsDigit) &&
         (rest.size() == 3 || rest[3] == ',' || rest[3] == '.');
}

// "2,560", "20.1k", "6.4m", "~300": digits with thousands groups, one
// decimal point and a k (thousand) or m (million) suffix. Bounds ("<0.5k"),
// ranges ("100-200") and other text are not numbers here.
std::optional<double> Digits(std::string_view w) {
  if (!w.empty() && w.front() == '~') w.remove_prefix(1);
  double scale = 1;
  if (!w.empty() && (w.back() == 'k' || w.back() == 'm')) {
    scale = w.back() == 'k' ? 1e3 : 1e6;
    w.remove_suffix(1);
  }
  if (w.empty() || !IsDigit(w.front())) return std::nullopt;
  std::string plain;
  bool point = false;
  for (size_t i = 0; i < w.size(); ++i) {
    const char c = w[i];
    if (IsDigit(c)) {
      plain += c;
    } else if (c == '.' && !point) {
      point = true;
      plain += c;
    } else if (c == ',' && !point && IsThousandsGroup(w.substr(i + 1))) {
      continue;  // a thousands separator: exactly three digits follow
    } else {
      return std::nullopt;
    }
  }
  if (plain.size() > 15) return std::nullopt;  // no chip count or duration is this long
  const double v = std::stod(plain) * scale;
  return v > 0 ? std::optional<double>(v) : std::nullopt;
}

std::optional<double> WordNumber(std::string_view w) {
  static constexpr std::array<std::pair<std::string_view, double>, 15> kWords = {{
      {"single", 1},
      {"one", 1},
      {"two", 2},
      {"three", 3},
      {"four", 4},
      {"five", 5},
      {"six", 6},
      {"seven", 7},
      {"eight", 8},
      {"nine", 9},
      {"ten", 10},
      {"twelve", 12},
      {"sixteen", 16},
      {"thirty-two", 32},
      {"sixty-four", 64},
  }};
  for (const auto& [word, value] : kWords) {
    if (w == word) return value;
  }
  return std::nullopt;
}

// The number starting at token i, with "thousand" or "million" after it;
// `last` is the last token it used.
std::optional<double> NumberAt(const std::vector<Token>& t, size_t i, size_t& last) {
  last = i;
  std::optional<double> v = Digits(t[i].word);
  if (!v) return WordNumber(t[i].word);
  if (i + 1 < t.size() && !t[i].ends_clause) {
    static constexpr std::array<std::pair<std::string_view, double>, 3> kScales = {
        {{"thousand", 1e3}, {"million", 1e6}, {"billion", 1e9}}};
    for (const auto& [word, scale] : kScales) {
      if (t[i + 1].word == word) {
        last = i + 1;
        return *v * scale;
      }
    }
  }
  return v;
}

bool IsPlainNumber(std::string_view w) { return Digits(w) || WordNumber(w); }

// What holds several chips: a count of these multiplies the chips per each.
bool IsGroupOfChips(std::string_view w) {
  static constexpr std::array<std::string_view, 12> kGroups = {
      "node",    "nodes",    "host",   "hosts",   "server", "servers",
      "machine", "machines", "worker", "workers", "pod",    "pods"};
  return std::find(kGroups.begin(), kGroups.end(), w) != kGroups.end();
}

// A word that ends the phrase: it joins another quantity or another clause.
bool IsStop(std::string_view w) {
  static constexpr std::array<std::string_view, 16> kStops = {
      "for", "on", "in", "with", "of", "per",  "and",    "or",
      "x",   "at", "to", "from", "by", "each", "slices", "times"};
  if (w.empty() || w.find_first_of("/*=+") != std::string_view::npos) return true;
  if (IsGroupOfChips(w)) return true;
  if (w.find("flop") != std::string_view::npos) return true;
  return std::find(kStops.begin(), kStops.end(), w) != kStops.end();
}

bool IsAcceleratorWord(std::string_view w) {
  static constexpr std::array<std::string_view, 8> kWords = {
      "gpu", "gpus", "tpu", "tpus", "chip", "chips", "accelerator", "accelerators"};
  return std::find(kWords.begin(), kWords.end(), w) != kWords.end();
}

bool IsCoreWord(std::string_view w) { return w == "core" || w == "cores"; }

// "v100", "a6000", "tpuv3", "tpu-v3", "k40": letters and digits, not a
// memory size ("32gb", "80g").
bool IsChipModel(std::string_view w) {
  if (w.size() > 10 || !std::any_of(w.begin(), w.end(), IsDigit) ||
      !std::any_of(w.begin(), w.end(), IsLetter)) {
    return false;
  }
  return !(w.ends_with("gb") || w.ends_with("g")) || !IsDigit(w.front());
}

bool NamesChips(std::string_view w) {
  return IsAcceleratorWord(w) || IsCoreWord(w) || IsChipModel(w);
}

std::optional<double> HoursPerUnit(std::string_view w) {
  if (w == "hour" || w == "hours" || w == "hr" || w == "hrs" || w == "h") return 1.0;
  if (w == "day" || w == "days") return 24.0;
  if (w == "week" || w == "weeks") return 24.0 * 7;
  if (w == "month" || w == "months") return 24.0 * 30.44;  // the mean month, 365.25 / 12 days
  return std::nullopt;
}

std::string Quote(const std::vector<Token>& t, size_t first, size_t last) {
  std::string out;
  for (size_t i = first; i <= last; ++i) out += (i > first ? " " : "") + std::string(t[i].raw);
  while (!out.empty() && std::string_view(",;:.!?)\"'(").find(out.back()) != std::string::npos) {
    out.pop_back();
  }
  return out;
}

// "1914 V100-days", "6.4M GPU-hours", "10m H100 hours", "20.1K TPU-v3 core-days".
std::optional<double> ChipHoursAt(const std::vector<Token>& t, size_t i, int cores_per_chip,
                                  size_t& end) {
  size_t last = i;
  const std::optional<double> n = NumberAt(t, i, last);
  if (!n || t[last].ends_clause) return std::nullopt;
  bool chips_named = false, cores = false;
  for (size_t j = last + 1; j < t.size() && j <= last + 6; ++j) {
    const std::string& w = t[j].word;
    std::optional<double> unit;
    if (const size_t dash = w.rfind('-'); dash != std::string::npos && dash > 0) {
      const std::string_view prefix(w.data(), dash);
      unit = HoursPerUnit(std::string_view(w).substr(dash + 1));
      if (unit && (prefix.starts_with("core") || NamesChips(prefix))) {
        cores = cores || prefix.starts_with("core");
        chips_named = true;
      } else {
        unit.reset();
      }
    } else if (chips_named) {
      unit = HoursPerUnit(w);
    }
    if (unit && w != "h") {
      if (cores && cores_per_chip == 0) return std::nullopt;
      end = j;
      return *n * *unit / (cores ? cores_per_chip : 1);
    }
    if (IsStop(w) || IsPlainNumber(w) || t[j].ends_clause) return std::nullopt;
    if (NamesChips(w)) chips_named = true;
    if (IsCoreWord(w)) cores = true;
  }
  return std::nullopt;
}

// "8 NVIDIA A6000 GPUs", "a single GTX 580 GPU", "128 TPU v3 cores": the
// last chip word of the phrase is its unit.
std::optional<double> ChipsAt(const std::vector<Token>& t, size_t i, int cores_per_chip,
                              size_t& end) {
  size_t last = i;
  const std::optional<double> n = NumberAt(t, i, last);
  if (!n || *n != std::floor(*n) || t[last].ends_clause) return std::nullopt;
  // "4 nodes of 8 GPUs": a factor of the count, not the count.
  if (i >= 2 && (t[i - 1].word == "of" || t[i - 1].word == "with") &&
      IsGroupOfChips(t[i - 2].word)) {
    return std::nullopt;
  }
  std::optional<size_t> unit;
  bool cores = false;
  for (size_t j = last + 1; j < t.size() && j <= last + 5; ++j) {
    const std::string& w = t[j].word;
    if (IsStop(w)) break;  // a number may be a model's ("GTX 580", "RTX 8000")
    if (IsAcceleratorWord(w) || IsCoreWord(w)) {
      unit = j;
      cores = IsCoreWord(w);
    }
    if (t[j].ends_clause) break;
  }
  if (!unit || (cores && cores_per_chip == 0)) return std::nullopt;
  // "two cores per chip", "8 GPUs each", "6.4 million GPU hours": a ratio or
  // a chip-time, not a count.
  if (*unit + 1 < t.size() && !t[*unit].ends_clause) {
    const std::string& next = t[*unit + 1].word;
    if (next == "per" || next == "each" || HoursPerUnit(next)) return std::nullopt;
  }
  end = *unit;
  return *n / (cores ? cores_per_chip : 1);
}

// A duration at token i: a number, then a unit of time.
std::optional<double> DurationAt(const std::vector<Token>& t, size_t i) {
  size_t last = i;
  const std::optional<double> n = NumberAt(t, i, last);
  if (!n || last + 1 >= t.size()) return std::nullopt;
  const std::optional<double> unit = HoursPerUnit(t[last + 1].word);
  return unit ? std::optional<double>(*n * *unit) : std::nullopt;
}

// "... GPUs for (about) 24 days" after the count, or "8 days on ..." before it.
std::optional<double> DurationNear(const std::vector<Token>& t, size_t first, size_t end,
                                   std::string& quote) {
  static constexpr std::array<std::string_view, 9> kQualifiers = {
      "about", "approximately", "around", "roughly", "nearly", "almost", "approx", "~", "over"};
  if (!t[end].ends_clause && end + 1 < t.size()) {
    const std::string& link = t[end + 1].word;
    if (link == "for" || link == "in" || link == "over" || link == "during" || link == "within") {
      size_t k = end + 2;
      while (k < t.size() &&
             std::find(kQualifiers.begin(), kQualifiers.end(), t[k].word) != kQualifiers.end()) {
        ++k;
      }
      if (k < t.size()) {
        if (std::optional<double> h = DurationAt(t, k)) {
          quote = Quote(t, first, k + 1);
          return h;
        }
      }
    }
  }
  if (first >= 3 && (t[first - 1].word == "on" || t[first - 1].word == "using") &&
      !t[first - 2].ends_clause) {
    if (std::optional<double> h = DurationAt(t, first - 3)) {
      quote = Quote(t, first - 3, end);
      return h;
    }
  }
  return std::nullopt;
}

bool EndsSentence(const Token& t) {
  return !t.raw.empty() && std::string_view(".!?").find(t.raw.back()) != std::string_view::npos;
}

// "10x", "3 times": a multiple.
bool IsMultiple(std::string_view w) {
  return w == "times" ||
         (w.size() > 1 && w.back() == 'x' && IsPlainNumber(w.substr(0, w.size() - 1)));
}

// "gpt-oss-120b required 2.1 million H100-hours, with gpt-oss-20b needing
// almost 10x fewer": the figure is another run's, the reference of a
// comparison later in its sentence ("fewer", "10x less", "3 times less").
bool IsComparisonReference(const std::vector<Token>& t, size_t end) {
  for (size_t j = end + 1; j < t.size() && j <= end + 30 && !EndsSentence(t[j - 1]); ++j) {
    if (t[j].word == "fewer" || (t[j].word == "less" && IsMultiple(t[j - 1].word))) return true;
  }
  return false;
}

}  // namespace

NotesHardware ReadNotesHardware(std::string_view text, int cores_per_chip) {
  NotesHardware out;
  const std::vector<Token> t = Tokenize(text);
  for (size_t i = 0; i < t.size() && !(out.chips && out.chip_hours); ++i) {
    // A bound or the end of a range ("< 500", "100 - 200", "100 to 200") is not a value.
    if (i > 0 && (t[i - 1].word == "<" || t[i - 1].word == ">")) continue;
    if (i > 1 && (t[i - 1].word == "-" || t[i - 1].word == "to" || t[i - 1].raw == "\u2013") &&
        IsPlainNumber(t[i - 2].word)) {
      continue;
    }
    size_t end = i;
    if (std::optional<double> ch = ChipHoursAt(t, i, cores_per_chip, end)) {
      if (!out.chip_hours && !IsComparisonReference(t, end)) {
        out.chip_hours = ch;
        out.chip_hours_quote = Quote(t, i, end);
      }
      continue;
    }
    if (out.chips) continue;
    if (std::optional<double> n = ChipsAt(t, i, cores_per_chip, end)) {
      if (IsComparisonReference(t, end)) continue;
      out.chips = n;
      out.chips_quote = Quote(t, i, end);
      out.hours = DurationNear(t, i, end, out.hours_quote);
    }
  }
  return out;
}

namespace {

// "Hardware quantity 8 from Training compute notes: '8 NVIDIA A6000 GPUs'".
std::string FromNotes(const RowCells& row, Key key, double value, std::string_view what,
                      const std::string& quote) {
  return std::string(what) + " " + FormatScientific(value) + " from " + row.names[key] + ": '" +
         Abbreviate(quote) + "'";
}

}  // namespace

void FillHardwareFromNotes(const RowCells& row, Quantity& q, Quantity& h) {
  const std::string chip = ToLower(row.values[kHardware]);
  const int cores =
      chip.find("tpu v2") != std::string::npos || chip.find("tpu v3") != std::string::npos
          ? kTpuCoresPerChip
          : 0;
  NotesHardware n;
  Key chips_key = kComputeNotes, chip_hours_key = kComputeNotes;
  for (const Key key : {kComputeNotes, kTimeNotes}) {
    NotesHardware r =
        ReadNotesHardware(std::string_view(row.values[key]).substr(0, kMaxNotesChars), cores);
    if (!n.chips && r.chips) {
      chips_key = key;
      n.chips = r.chips;
      n.hours = r.hours;
      n.chips_quote = std::move(r.chips_quote);
      n.hours_quote = std::move(r.hours_quote);
    }
    if (!n.chip_hours && r.chip_hours) {
      chip_hours_key = key;
      n.chip_hours = r.chip_hours;
      n.chip_hours_quote = std::move(r.chip_hours_quote);
    }
  }
  // A duration belongs to its count: it is used with the count, or with a
  // quantity cell that says the same.
  const bool same_chips = n.chips && (!q.value || *q.value == *n.chips);
  if (!q.value && n.chips) {
    q.value = n.chips;
    q.note = FromNotes(row, chips_key, *n.chips, row.names[kQuantity], n.chips_quote);
  }
  if (!h.value && n.hours && same_chips) {
    h.value = n.hours;
    h.note = FromNotes(row, chips_key, *n.hours, row.names[kHours], n.hours_quote);
  }
  if ((q.value && h.value) || !n.chip_hours) return;
  const std::string note =
      FromNotes(row, chip_hours_key, *n.chip_hours, "chip-hours", n.chip_hours_quote);
  if (q.value) {
    h.value = *n.chip_hours / *q.value;
    h.note = note + " over the " + FormatScientific(*q.value) + " chips";
  } else if (h.value) {
    q.value = *n.chip_hours / *h.value;
    q.note = note + " over the " + FormatScientific(*h.value) + " h";
  } else {
    q.value = *n.chip_hours;
    h.value = 1;
    q.note = note + " (counted as chips x 1 h)";
  }
}

}  // namespace trainflops::batch
