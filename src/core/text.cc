// Small text helpers: case folding, trimming and "did you mean" suggestions.
//
// Everything here is ASCII-only on purpose: the names we compare (units, layer
// types, fields) are ASCII, and <cctype> would make results depend on the
// process's locale.
#include "trainflops/text.h"

#include <algorithm>
#include <utility>

namespace trainflops {
namespace {

char LowerAscii(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

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

std::vector<std::string> ClosestMatches(std::string_view name,
                                        const std::vector<std::string>& candidates,
                                        size_t max_results) {
  const std::string_view wanted = Trim(name);
  // Nothing typed is not a typo of anything; suggesting "k" for "" would be noise.
  if (wanted.empty() || max_results == 0) return {};
  const int limit = std::max(2, static_cast<int>(wanted.size() / 3));

  std::vector<std::pair<int, std::string>> scored;
  for (const std::string& candidate : candidates) {
    // The distance is at least the difference in length: skipping those keeps
    // a hostile 100 kB name from costing |name| x |candidate| per candidate.
    if (LengthGap(wanted, candidate) > static_cast<size_t>(limit)) continue;
    const int d = EditDistance(wanted, candidate);
    if (d > limit) continue;
    // Lists of names and aliases can repeat a name (or differ only in case);
    // suggesting the same word twice would read badly.
    const bool seen = std::any_of(scored.begin(), scored.end(), [&](const auto& s) {
      return ToLower(s.second) == ToLower(candidate);
    });
    if (!seen) scored.emplace_back(d, candidate);
  }
  // Stable: among equally close candidates, keep the caller's order.
  std::stable_sort(scored.begin(), scored.end(),
                   [](const auto& l, const auto& r) { return l.first < r.first; });

  std::vector<std::string> out;
  for (size_t i = 0; i < scored.size() && i < max_results; ++i) out.push_back(scored[i].second);
  return out;
}

// Offers a second suggestion only when it is exactly as close as the best
// one: a clearly-closest name is more helpful alone.
std::string DidYouMean(std::string_view name, const std::vector<std::string>& candidates) {
  const std::vector<std::string> best = ClosestMatches(name, candidates, 2);
  if (best.empty()) return "";
  std::string out = "; did you mean '" + best[0] + "'";
  if (best.size() > 1 && EditDistance(Trim(name), best[1]) == EditDistance(Trim(name), best[0])) {
    out += " or '" + best[1] + "'";
  }
  return out + "?";
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
