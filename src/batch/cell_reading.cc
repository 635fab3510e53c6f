// Number cells with lists and ranges: read, not refused.
#include "cell_reading.h"

#include <algorithm>
#include <vector>

#include "core/text.h"
#include "trainflops/input_limits.h"
#include "trainflops/units.h"

namespace trainflops::batch {
namespace {

// Splits "a,b;c" into items; one item when there is no separator.
std::vector<std::string_view> SplitList(std::string_view text) {
  std::vector<std::string_view> items;
  for (std::string_view rest = text;;) {
    const size_t at = rest.find_first_of(",;");
    items.push_back(Trim(rest.substr(0, at)));
    if (at == std::string_view::npos) return items;
    rest = rest.substr(at + 1);
  }
}

// The two ends of "a-b", "a to b", "a..b" or "a–b" (en dash); a '-' right
// after an exponent's 'e' or at the start is a sign, not a range.
std::vector<std::string_view> SplitRange(std::string_view text) {
  for (std::string_view sep : {" to ", "..", "\xE2\x80\x93"}) {
    if (const size_t at = text.find(sep); at != std::string_view::npos) {
      return {Trim(text.substr(0, at)), Trim(text.substr(at + sep.size()))};
    }
  }
  for (size_t i = 1; i < text.size(); ++i) {
    const char before = text[i - 1];
    if (text[i] == '-' && before != 'e' && before != 'E') {
      return {Trim(text.substr(0, i)), Trim(text.substr(i + 1))};
    }
  }
  return {text};
}

Quantity Interval(double low, double high, std::string note) {
  Quantity q;
  Result<Distribution> d = high / low <= kLogUniformRangeRatio
                               ? Distribution::Uniform(low, high)
                               : Distribution::LogUniform(low, high);
  if (!d.ok()) {
    q.problem = d.status().message();
    return q;
  }
  q.value = d->Median();
  q.note = std::move(note) + ": " + d->Describe() + ", median " + FormatScientific(*q.value);
  q.range = *d;
  return q;
}

// Items that all read as positive numbers, or nothing.
std::optional<std::vector<double>> Numbers(const std::vector<std::string_view>& items) {
  std::vector<double> out;
  for (std::string_view item : items) {
    Result<double> v = ParsePositive(item);
    if (!v.ok()) return std::nullopt;
    out.push_back(*v);
  }
  return out;
}

}  // namespace

Quantity ReadQuantity(std::string_view text, bool lists_and_ranges) {
  text = Trim(text);
  Quantity q;
  if (text.empty()) return q;
  Result<double> v = ParsePositive(text);
  if (v.ok()) {
    q.value = *v;
    return q;
  }
  q.problem = "'" + Abbreviate(text) + "' is not a positive number";
  if (!lists_and_ranges) return q;
  const std::vector<std::string_view> list = SplitList(text);
  const std::vector<std::string_view> items = list.size() > 1 ? list : SplitRange(text);
  const std::optional<std::vector<double>> numbers =
      items.size() > 1 ? Numbers(items) : std::nullopt;
  if (!numbers) return q;
  const auto [low, high] = std::minmax_element(numbers->begin(), numbers->end());
  if (*high <= *low * (1 + 1e-12)) {
    q.problem.clear();
    q.value = *low;
    q.note = "'" + Abbreviate(text) + "' lists one value " + FormatScientific(*low);
    return q;
  }
  return Interval(*low, *high,
                  "'" + Abbreviate(text) + "' read as the " +
                      (list.size() > 1 ? "spread of its items" : "range"));
}

}  // namespace trainflops::batch
