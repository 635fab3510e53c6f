// Word-level reading of notes: tokens, numbers and word classes.
#include "notes_words.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>

#include "core/text.h"
#include "trainflops/duration.h"

namespace trainflops::batch::notes {
namespace {

bool IsDigit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }
bool IsLetter(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }

template <size_t N>
bool OneOf(std::string_view word, const std::array<std::string_view, N>& words) {
  return std::find(words.begin(), words.end(), word) != words.end();
}

// After a comma: exactly three digits, then the end, another group or a point.
bool IsThousandsGroup(std::string_view rest) {
  return rest.size() >= 3 && std::all_of(rest.begin(), rest.begin() + 3, IsDigit) &&
         (rest.size() == 3 || rest[3] == ',' || rest[3] == '.');
}

// Digits with thousands groups, one decimal point and a k or m suffix.
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

// The word classes of notes_words.h.
constexpr std::array<std::string_view, 12> kGroups = {"node",   "nodes",   "host",    "hosts",
                                                      "server", "servers", "machine", "machines",
                                                      "worker", "workers", "pod",     "pods"};
constexpr std::array<std::string_view, 8> kAccelerators = {
    "gpu", "gpus", "tpu", "tpus", "chip", "chips", "accelerator", "accelerators"};
constexpr std::array<std::string_view, 12> kFamilies = {"gtx",      "rtx",     "quadro", "titan",
                                                        "tesla",    "geforce", "radeon", "rx",
                                                        "instinct", "mi",      "xp",     "arc"};

}  // namespace

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

std::optional<double> NumberAt(const std::vector<Token>& t, size_t i, size_t& last) {
  last = i;
  std::optional<double> v = Digits(t[i].word);
  if (!v) v = WordNumber(t[i].word);
  if (!v || i + 1 >= t.size() || t[i].ends_clause) return v;
  static constexpr std::array<std::pair<std::string_view, double>, 3> kScales = {
      {{"thousand", 1e3}, {"million", 1e6}, {"billion", 1e9}}};
  for (const auto& [word, scale] : kScales) {
    if (t[i + 1].word == word) {
      last = i + 1;
      return *v * scale;
    }
  }
  return v;
}

bool IsPlainNumber(std::string_view w) { return Digits(w) || WordNumber(w); }

// The units and lengths of ParseDuration (duration.h), one word at a time.
// A single letter other than "h" is too often something else in prose ("a",
// "x", "s"), so it is not read as a unit here. Words that cannot be a unit
// (over 7 letters, or not starting as one does) skip the parser: most words
// of a note are not units.
std::optional<Duration> UnitOfTime(std::string_view w) {
  if (w.empty() || w.size() > 7 || (w.size() == 1 && w != "h") ||
      std::string_view("smhdwy").find(w.front()) == std::string_view::npos ||
      !std::all_of(w.begin(), w.end(), IsLetter)) {
    return std::nullopt;
  }
  Result<Duration> d = ParseDuration("1 " + std::string(w));
  return d.ok() ? std::optional<Duration>(std::move(d.value())) : std::nullopt;
}

std::optional<double> HoursPerUnit(std::string_view w) {
  const std::optional<Duration> d = UnitOfTime(w);
  return d ? std::optional<double>(d->seconds / kSecondsPerHour) : std::nullopt;
}

bool UsesCalendarUnit(std::string_view quote) {
  for (const Token& t : Tokenize(quote)) {
    // "V100-days", "core-months": the unit after the last hyphen.
    const size_t dash = t.word.rfind('-');
    const std::optional<Duration> d =
        UnitOfTime(dash == std::string::npos ? t.word : t.word.substr(dash + 1));
    if (d && d->UsesCalendarConvention()) return true;
  }
  return false;
}

bool IsGroupOfChips(std::string_view w) { return OneOf(w, kGroups); }

bool IsAcceleratorWord(std::string_view w) { return OneOf(w, kAccelerators); }

bool IsModelFamily(std::string_view w) { return OneOf(w, kFamilies); }

bool DescribesChips(std::string_view w) {
  static constexpr std::array<std::string_view, 12> kMakers = {
      "nvidia", "google", "cloud", "amd",      "intel",     "huawei",
      "ascend", "habana", "gaudi", "cerebras", "graphcore", "apple"};
  const bool memory = !w.empty() && IsDigit(w.front()) && (w.ends_with("gb") || w.ends_with("g"));
  return NamesChips(w) || IsModelFamily(w) || OneOf(w, kMakers) || memory;
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

bool IsStop(std::string_view w) {
  static constexpr std::array<std::string_view, 22> kStops = {
      "for",  "on", "in",   "with",   "of",    "per",   "and",    "or",  "x",    "at",  "to",
      "from", "by", "each", "slices", "times", "using", "across", "via", "than", "cpu", "cpus"};
  if (w.empty() || w.find_first_of("/*=+") != std::string_view::npos) return true;
  if (IsGroupOfChips(w) || w.find("flop") != std::string_view::npos) return true;
  return OneOf(w, kStops);
}

bool IsMultiple(std::string_view w) {
  return w == "times" ||
         (w.size() > 1 && w.back() == 'x' && IsPlainNumber(w.substr(0, w.size() - 1)));
}

bool IsUnitOfWork(std::string_view w) {
  static constexpr std::array<std::string_view, 8> kUnits = {
      "epoch", "epochs", "step", "steps", "iteration", "iterations", "run", "trial"};
  return OneOf(w, kUnits);
}

bool EndsSentence(const Token& t) {
  return !t.raw.empty() && std::string_view(".!?").find(t.raw.back()) != std::string_view::npos;
}

std::string Quote(const std::vector<Token>& t, size_t first, size_t last) {
  std::string out;
  for (size_t i = first; i <= last; ++i) out += (i > first ? " " : "") + std::string(t[i].raw);
  const size_t begin = out.find_first_not_of("(\"'[");
  const size_t end = out.find_last_not_of(",;:.!?)\"']");
  return begin == std::string::npos || end == std::string::npos || end < begin
             ? std::string()
             : out.substr(begin, end - begin + 1);
}

}  // namespace trainflops::batch::notes
