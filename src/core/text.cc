// Small text helpers: case folding, trimming and "did you mean" suggestions.
//
// Everything here is ASCII-only on purpose: the names we compare (units, layer
// types, fields) are ASCII, and <cctype> would make results depend on the
// process's locale.
#include "core/text.h"

#include <algorithm>
#include <unordered_set>
#include <utility>

namespace trainflops {
namespace {

char LowerAscii(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

// The second byte of a C1 control character, U+0080 to U+009F (0xC2 0x80-0x9F).
bool IsC1Second(char c) {
  const auto u = static_cast<unsigned char>(c);
  return u >= 0x80 && u <= 0x9F;
}

bool IsSpaceAscii(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

}  // namespace

std::string ToLower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = LowerAscii(c);
  return out;
}

std::string_view Trim(std::string_view text) {
  while (!text.empty() && IsSpaceAscii(text.front())) text.remove_prefix(1);
  while (!text.empty() && IsSpaceAscii(text.back())) text.remove_suffix(1);
  return text;
}

size_t LengthGap(std::string_view a, std::string_view b) {
  return a.size() > b.size() ? a.size() - b.size() : b.size() - a.size();
}

// Classic two-row dynamic programme: O(|a|*|b|) time, O(|b|) memory.
int EditDistance(std::string_view a, std::string_view b) {
  const std::string x = ToLower(a);
  const std::string y = ToLower(b);
  std::vector<size_t> prev(y.size() + 1);
  std::vector<size_t> cur(y.size() + 1);
  for (size_t j = 0; j <= y.size(); ++j) prev[j] = j;
  for (size_t i = 1; i <= x.size(); ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= y.size(); ++j) {
      const size_t substitute = prev[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1);
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, substitute});
    }
    std::swap(prev, cur);
  }
  return static_cast<int>(prev[y.size()]);
}

int BoundedEditDistance(std::string_view a, std::string_view b, int max_distance) {
  if (a.size() > b.size()) std::swap(a, b);
  const size_t k = static_cast<size_t>(std::max(0, max_distance));
  const size_t over = k + 1;  // any distance beyond the bound
  if (b.size() - a.size() > k) return static_cast<int>(over);
  // Row i holds the distances of a[0..i) to b[0..j) for j within k of i;
  // cells outside the band read as `over`.
  std::vector<size_t> prev(b.size() + 2, over);
  std::vector<size_t> cur(b.size() + 2, over);
  for (size_t j = 0; j <= std::min(b.size(), k); ++j) prev[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    const size_t lo = i > k ? i - k : 1;
    const size_t hi = std::min(b.size(), i + k);
    cur[lo - 1] = lo == 1 ? std::min(i, over) : over;
    size_t row_min = cur[lo - 1];
    for (size_t j = lo; j <= hi; ++j) {
      const size_t substitute =
          prev[j - 1] + (LowerAscii(a[i - 1]) == LowerAscii(b[j - 1]) ? 0 : 1);
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, substitute, over});
      row_min = std::min(row_min, cur[j]);
    }
    cur[hi + 1] = over;
    // Distances never fall from one row to the next: past the bound is final.
    if (row_min >= over) return static_cast<int>(over);
    std::swap(prev, cur);
  }
  return static_cast<int>(std::min(prev[b.size()], over));
}

namespace {

// The candidates within the threshold, closest first, each once (ignoring
// case), with their distances.
std::vector<std::pair<int, std::string>> ScoredMatches(std::string_view name,
                                                       const std::vector<std::string>& candidates) {
  const std::string_view wanted = Trim(name);
  // Nothing typed is not a typo of anything; suggesting "k" for "" would be noise.
  if (wanted.empty() || wanted.size() > kMaxSuggestedNameChars) return {};
  const int limit = std::max(2, static_cast<int>(wanted.size() / 3));

  std::vector<std::pair<int, std::string>> scored;
  std::unordered_set<std::string> seen;
  for (const std::string& candidate : candidates) {
    // The distance is at least the difference in length: skipping those keeps
    // a hostile 100 kB candidate from costing anything but its length.
    if (LengthGap(wanted, candidate) > static_cast<size_t>(limit)) continue;
    const int d = BoundedEditDistance(wanted, candidate, limit);
    if (d > limit) continue;
    // Lists of names and aliases can repeat a name (or differ only in case);
    // suggesting the same word twice would read badly.
    if (seen.insert(ToLower(candidate)).second) scored.emplace_back(d, candidate);
  }
  // Stable: among equally close candidates, keep the caller's order.
  std::stable_sort(scored.begin(), scored.end(),
                   [](const auto& l, const auto& r) { return l.first < r.first; });
  return scored;
}

}  // namespace

std::vector<std::string> ClosestMatches(std::string_view name,
                                        const std::vector<std::string>& candidates,
                                        size_t max_results) {
  if (max_results == 0) return {};
  const std::vector<std::pair<int, std::string>> scored = ScoredMatches(name, candidates);
  std::vector<std::string> out;
  for (size_t i = 0; i < scored.size() && i < max_results; ++i) out.push_back(scored[i].second);
  return out;
}

// Offers a second suggestion only when it is exactly as close as the best
// one: a clearly-closest name is more helpful alone.
std::string DidYouMean(std::string_view name, const std::vector<std::string>& candidates) {
  const std::vector<std::pair<int, std::string>> best = ScoredMatches(name, candidates);
  if (best.empty()) return "";
  std::string out = "; did you mean '" + EscapeControlCharacters(best[0].second) + "'";
  if (best.size() > 1 && best[1].first == best[0].first) {
    out += " or '" + EscapeControlCharacters(best[1].second) + "'";
  }
  return out + "?";
}

bool HasControlCharacters(std::string_view text) {
  for (size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x20 || c == 0x7F) return true;
    if (c == 0xC2 && i + 1 < text.size() && IsC1Second(text[i + 1])) return true;
  }
  return false;
}

std::string EscapeMarkup(std::string_view text) {
  std::string out;
  for (char ch : text) {
    switch (ch) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += ch;
    }
  }
  return out;
}

std::string EscapeControlCharacters(std::string_view text) {
  if (!HasControlCharacters(text)) return std::string(text);
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(text.size() + 16);
  for (size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c < 0x20 || c == 0x7F) {
      out += {'\\', 'x', kHex[c >> 4], kHex[c & 0xF]};
    } else if (c == 0xC2 && i + 1 < text.size() && IsC1Second(text[i + 1])) {
      const auto second = static_cast<unsigned char>(text[++i]);
      out += {'\\', 'u', '0', '0', kHex[second >> 4], kHex[second & 0xF]};
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

std::string JoinNames(const std::vector<std::string>& names, std::string_view sep) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += sep;
    out += names[i];
  }
  return out;
}

}  // namespace trainflops
