// Small text helpers shared by the parsers: edit distance for "did you mean"
// suggestions and case-insensitive comparison.
#ifndef TRAINFLOPS_TEXT_H_
#define TRAINFLOPS_TEXT_H_

#include <string>
#include <string_view>
#include <vector>

namespace trainflops {

std::string ToLower(std::string_view text);
std::string_view Trim(std::string_view text);

// Levenshtein distance, case-insensitive.
int EditDistance(std::string_view a, std::string_view b);

// |len(a) - len(b)|: a lower bound of EditDistance(a, b) that costs nothing.
size_t LengthGap(std::string_view a, std::string_view b);

// The candidates closest to `name` (at most `max_results`, distance no more
// than max(2, len/3)), best first. Empty when nothing is close.
std::vector<std::string> ClosestMatches(std::string_view name,
                                        const std::vector<std::string>& candidates,
                                        size_t max_results = 3);

// "; did you mean 'x'?" or "; did you mean 'x' or 'y'?", or "" when no
// candidate is close. Appended to "unknown ..." error messages.
std::string DidYouMean(std::string_view name, const std::vector<std::string>& candidates);

// "a, b, c" for error messages that list what is accepted.
std::string JoinNames(const std::vector<std::string>& names, std::string_view sep = ", ");

}  // namespace trainflops

#endif  // TRAINFLOPS_TEXT_H_
