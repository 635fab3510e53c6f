// Chips and training time read from free text, word by word (notes_words.h):
// a number, a few words naming the chips, then a unit ("GPUs", "V100-days").
// Words that end a clause or join another quantity ("of", "per", "FLOP",
// "/") end the phrase, so "123 teraFLOPS / TPU" or "512 GB of RAM. No GPUs"
// count nothing.
#include "notes_hardware.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <utility>
#include <vector>

#include "core/text.h"
#include "notes_words.h"
#include "trainflops/duration.h"
#include "trainflops/input_limits.h"
#include "trainflops/units.h"

namespace trainflops::batch {
namespace {

using notes::HoursPerUnit;
using notes::IsPlainNumber;
using notes::Token;

// The number at tokens i..last is not a count or a chip-time of this run:
// part of a model's name ("RTX 3090"), a memory size ("80 GB"), a year ("in
// 2023"), a bound ("up to 512", "less than 100", "<0.5k") or an end of a
// range ("100 - 200", "between 64 and 128").
bool IsNotAValue(const std::vector<Token>& t, size_t i, size_t last, double value) {
  const std::string_view prev = i > 0 ? std::string_view(t[i - 1].word) : "";
  const std::string_view before = i > 1 ? std::string_view(t[i - 2].word) : "";
  static constexpr std::array<std::string_view, 8> kBounds = {"<",     ">",    "than", "under",
                                                              "least", "most", "over", "between"};
  if (notes::IsModelFamily(prev) ||
      std::find(kBounds.begin(), kBounds.end(), prev) != kBounds.end() ||
      (prev == "to" && before == "up")) {
    return true;
  }
  const auto joins_range = [&](size_t at) {
    return t[at].word == "-" || t[at].word == "to" || t[at].raw == "\u2013";
  };
  if (i > 1 && joins_range(i - 1) && IsPlainNumber(before)) return true;
  if (prev == "and" && i > 2 && t[i - 3].word == "between") return true;
  if (last + 2 < t.size() && joins_range(last + 1) && IsPlainNumber(t[last + 2].word)) return true;
  if (last + 1 < t.size()) {
    const std::string& next = t[last + 1].word;
    if (next == "gb" || next == "gib" || next == "tb" || next == "mb") return true;
  }
  const bool year = value >= 1900 && value <= 2100 && value == std::floor(value);
  return year && (prev == "in" || prev == "since" || prev == "until" || prev == "during");
}

// "24 hours per epoch", "12 GPU-hours for each step": a time per unit of work.
bool IsPerUnitOfWork(const std::vector<Token>& t, size_t end) {
  if (t[end].ends_clause) return false;
  size_t j = end + 1;
  if (j < t.size() && t[j].word == "for") ++j;
  if (j + 1 >= t.size()) return false;
  const std::string& w = t[j].word;
  return (w == "per" || w == "each" || w == "every" || w == "a" || w == "an") &&
         notes::IsUnitOfWork(t[j + 1].word);
}

// "each epoch takes 2 hours": a unit of work in the clause before token i.
bool UnitOfWorkBefore(const std::vector<Token>& t, size_t i) {
  for (size_t k = i; k > 0 && k + 4 > i; --k) {
    if (t[k - 1].ends_clause) return false;
    if (notes::IsUnitOfWork(t[k - 1].word)) return true;
  }
  return false;
}

// A word that ends a phrase, unless it is part of a model's name ("GTX 580",
// "TITAN X").
bool EndsPhrase(const std::vector<Token>& t, size_t j) {
  if (notes::IsModelFamily(t[j - 1].word)) return false;
  return notes::IsStop(t[j].word) || IsPlainNumber(t[j].word) || HoursPerUnit(t[j].word);
}

// "1914 V100-days", "6.4M GPU-hours", "10m H100 hours", "20.1K TPU-v3
// core-days", "6435 GPU seconds": the number n at tokens i..last, then chip
// words, then a unit of time.
std::optional<double> ChipHoursAt(const std::vector<Token>& t, size_t last, double n,
                                  int cores_per_chip, size_t& end) {
  if (t[last].ends_clause) return std::nullopt;
  bool chips_named = false, cores = false;
  for (size_t j = last + 1; j < t.size() && j <= last + 6; ++j) {
    const std::string& w = t[j].word;
    std::optional<double> unit;
    if (const size_t dash = w.rfind('-'); dash != std::string::npos && dash > 0) {
      const std::string_view prefix(w.data(), dash);
      unit = HoursPerUnit(std::string_view(w).substr(dash + 1));
      if (unit && (prefix.starts_with("core") || notes::NamesChips(prefix))) {
        cores = cores || prefix.starts_with("core");
        chips_named = true;
      } else {
        unit.reset();
      }
    } else if (chips_named) {
      unit = HoursPerUnit(w);
    }
    if (unit && w != "h") {
      if ((cores && cores_per_chip == 0) || IsPerUnitOfWork(t, j)) return std::nullopt;
      end = j;
      return n * *unit / (cores ? cores_per_chip : 1);
    }
    if (EndsPhrase(t, j) || t[j].ends_clause) return std::nullopt;
    if (notes::NamesChips(w)) chips_named = true;
    if (notes::IsCoreWord(w)) cores = true;
  }
  return std::nullopt;
}

// "8 NVIDIA A6000 GPUs", "a single GTX 580 GPU", "128 TPU v3 cores": the
// number n at tokens i..last, then up to five words of which the last chip
// word is the unit.
std::optional<double> ChipsAt(const std::vector<Token>& t, size_t i, size_t last, double n,
                              int cores_per_chip, size_t& end) {
  if (n != std::floor(n) || t[last].ends_clause) return std::nullopt;
  // "4 nodes of 8 GPUs", "each node has 8 GPUs": the chips of one group.
  for (size_t k = i; k > 0 && k + 2 >= i && !t[k - 1].ends_clause; --k) {
    if (notes::IsGroupOfChips(t[k - 1].word)) return std::nullopt;
  }
  std::optional<size_t> unit;
  bool cores = false;
  // Only words that describe chips may stand between the number and its unit
  // ("8 16GB V100 GPUs", "32 Google Cloud TPU chips"); a number after a product
  // line is its model ("GTX 580").
  for (size_t j = last + 1; j < t.size() && j <= last + 5 && !EndsPhrase(t, j); ++j) {
    if (!notes::DescribesChips(t[j].word) && !notes::IsModelFamily(t[j - 1].word)) break;
    if (notes::IsAcceleratorWord(t[j].word) || notes::IsCoreWord(t[j].word)) {
      unit = j;
      cores = notes::IsCoreWord(t[j].word);
    }
    if (t[j].ends_clause) break;
  }
  if (!unit || (cores && cores_per_chip == 0)) return std::nullopt;
  // "two cores per chip", "8 GPUs each", "6.4 million GPU hours", "16 GPU
  // nodes": a ratio, a chip-time or a count of groups, not a count of chips.
  if (*unit + 1 < t.size() && !t[*unit].ends_clause) {
    const std::string& next = t[*unit + 1].word;
    if (next == "per" || next == "each" || HoursPerUnit(next) || notes::IsGroupOfChips(next)) {
      return std::nullopt;
    }
  }
  end = *unit;
  return n / (cores ? cores_per_chip : 1);
}

// A duration at token i: a number, then a unit of time, not per unit of work
// ("24 hours per epoch", "each epoch takes 2 hours"). `end` is its unit.
std::optional<double> DurationAt(const std::vector<Token>& t, size_t i, size_t& end) {
  size_t last = i;
  const std::optional<double> n = notes::NumberAt(t, i, last);
  if (!n || last + 1 >= t.size() || UnitOfWorkBefore(t, i)) return std::nullopt;
  const std::optional<double> unit = HoursPerUnit(t[last + 1].word);
  if (!unit || IsPerUnitOfWork(t, last + 1)) return std::nullopt;
  end = last + 1;
  return *n * *unit;
}

// "... GPUs for (about) 24 days" after the count, or "8 days on ..." before it.
std::optional<double> DurationNear(const std::vector<Token>& t, size_t first, size_t end,
                                   std::string& quote) {
  static constexpr std::array<std::string_view, 9> kQualifiers = {
      "about", "approximately", "around", "roughly", "nearly", "almost", "approx", "~", "over"};
  size_t unit = 0;
  if (!t[end].ends_clause && end + 1 < t.size()) {
    const std::string& link = t[end + 1].word;
    if (link == "for" || link == "in" || link == "over" || link == "during" || link == "within") {
      size_t k = end + 2;
      while (k < t.size() &&
             std::find(kQualifiers.begin(), kQualifiers.end(), t[k].word) != kQualifiers.end()) {
        ++k;
      }
      if (k < t.size()) {
        if (std::optional<double> h = DurationAt(t, k, unit)) {
          quote = notes::Quote(t, first, unit);
          return h;
        }
      }
    }
  }
  // "took 8 days on 8 GPUs", "2 weeks using 16 GPUs"
  if (first >= 3 && (t[first - 1].word == "on" || t[first - 1].word == "using") &&
      !t[first - 2].ends_clause) {
    if (std::optional<double> h = DurationAt(t, first - 3, unit); h && unit == first - 2) {
      quote = notes::Quote(t, first - 3, end);
      return h;
    }
  }
  return std::nullopt;
}

// "gpt-oss-120b required 2.1 million H100-hours, with gpt-oss-20b needing
// almost 10x fewer": the figure is another run's, the reference of a
// comparison later in its sentence ("10x fewer", "3 times less").
bool IsComparisonReference(const std::vector<Token>& t, size_t end) {
  for (size_t j = end + 1; j < t.size() && j <= end + 30 && !notes::EndsSentence(t[j - 1]); ++j) {
    if ((t[j].word == "fewer" || t[j].word == "less") && notes::IsMultiple(t[j - 1].word)) {
      return true;
    }
  }
  return false;
}

}  // namespace

NotesHardware ReadNotesHardware(std::string_view text, int cores_per_chip) {
  NotesHardware out;
  const std::vector<Token> t = notes::Tokenize(text);
  for (size_t i = 0; i < t.size() && !(out.chips && out.chip_hours); ++i) {
    size_t last = i, end = i;
    const std::optional<double> n = notes::NumberAt(t, i, last);
    if (!n || IsNotAValue(t, i, last, *n)) continue;
    if (std::optional<double> ch = ChipHoursAt(t, last, *n, cores_per_chip, end)) {
      if (!out.chip_hours && !IsComparisonReference(t, end) && !UnitOfWorkBefore(t, i)) {
        out.chip_hours = ch;
        out.chip_hours_quote = notes::Quote(t, i, end);
      }
      continue;
    }
    if (out.chips) continue;
    if (std::optional<double> chips = ChipsAt(t, i, last, *n, cores_per_chip, end)) {
      if (IsComparisonReference(t, end)) continue;
      out.chips = chips;
      out.chips_quote = notes::Quote(t, i, end);
      out.hours = DurationNear(t, i, end, out.hours_quote);
    }
  }
  return out;
}

namespace {

// "Hardware quantity 8 from Training compute notes: '8 NVIDIA A6000 GPUs'";
// a month or a year read states its length (duration.h's convention).
std::string FromNotes(const RowCells& row, Key key, double value, std::string_view what,
                      const std::string& quote) {
  return std::string(what) + " " + FormatScientific(value) + " from " + row.names[key] + ": '" +
         Abbreviate(quote) + "'" +
         (notes::UsesCalendarUnit(quote) ? " (" + CalendarConvention() + ")" : "");
}

}  // namespace

bool FillHardwareFromNotes(const RowCells& row, Quantity& q, Quantity& h) {
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
  if ((q.value && h.value) || !n.chip_hours) return false;
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
    return true;
  }
  return false;
}

}  // namespace trainflops::batch
