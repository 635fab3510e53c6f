// Small text helpers shared by the parsers: edit distance for "did you mean"
// suggestions and case-insensitive comparison.
#ifndef TRAINFLOPS_SRC_CORE_TEXT_H_
#define TRAINFLOPS_SRC_CORE_TEXT_H_

#include <string>
#include <string_view>
#include <vector>

namespace trainflops {

std::string ToLower(std::string_view text);
std::string_view Trim(std::string_view text);

// Levenshtein distance, case-insensitive.
int EditDistance(std::string_view a, std::string_view b);

// EditDistance(a, b) when it is at most `max_distance`, else max_distance + 1.
// Only the band of cells within max_distance of the diagonal is computed
// (Ukkonen), so the cost is O(min(|a|, |b|) x max_distance), not |a| x |b|.
int BoundedEditDistance(std::string_view a, std::string_view b, int max_distance);

// Names longer than this are never compared for "did you mean": a real name is
// far shorter, and the distance threshold (a third of the length) would let a
// hostile name of 60,000 characters cost 60,000 x 20,000 steps per candidate.
inline constexpr size_t kMaxSuggestedNameChars = 64;

// |len(a) - len(b)|: a lower bound of EditDistance(a, b) that costs nothing.
size_t LengthGap(std::string_view a, std::string_view b);

// The candidates closest to `name` (at most `max_results`, distance no more
// than max(2, len/3)), best first. Empty when nothing is close, and when
// `name` is longer than kMaxSuggestedNameChars.
std::vector<std::string> ClosestMatches(std::string_view name,
                                        const std::vector<std::string>& candidates,
                                        size_t max_results = 3);

// "; did you mean 'x'?" or "; did you mean 'x' or 'y'?", or "" when no
// candidate is close. Appended to "unknown ..." error messages.
std::string DidYouMean(std::string_view name, const std::vector<std::string>& candidates);

// True when `text` holds a control character: an ASCII one (below 0x20, or
// DEL) or a C1 one (U+0080 to U+009F, in UTF-8).
bool HasControlCharacters(std::string_view text);

// `text` with each control character written as an escape, so that a value
// echoed in a message or a report stays on its line and sends no terminal
// sequence: "\n", "\r", "\t", "\x1b" (other ASCII ones and DEL alike), and
// "\u0085" for C1 ones. Every other byte is kept, backslashes too (so that
// ordinary text, paths included, is unchanged and escaping twice changes
// nothing more).
std::string EscapeControlCharacters(std::string_view text);

// `text` for HTML or XML text and attribute values: & < > " as entities.
std::string EscapeMarkup(std::string_view text);

// "a, b, c" for error messages that list what is accepted.
std::string JoinNames(const std::vector<std::string>& names, std::string_view sep = ", ");

}  // namespace trainflops

#endif  // TRAINFLOPS_SRC_CORE_TEXT_H_
