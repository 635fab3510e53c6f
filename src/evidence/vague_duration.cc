// Durations as announcements write them, vague ones included, read as
// documented ranges. This table is the one place the readings are set
// (docs/evidence.md repeats it):
//
//   phrase (UNIT: any unit of ParseDuration)   reading, in UNITs       median
//   "a UNIT", "an UNIT", "one UNIT"            1                       1
//   "a couple of UNITs"                        2                       2
//   "a few UNITs"                              loguniform(2, 4)        2.83
//   "several UNITs"                            loguniform(2, 4.5)      3
//   "about X" (around, roughly, approximately, ~), X one of the points above or a number:
//                                              X x loguniform(0.8, 1.25)   X
//   "N-M UNITs", "N to M UNITs"                the range N..M UNITs (uniform; log-uniform beyond
//   10x)
//
// Sources: "several" has median 3 because Epoch AI reads "several weeks" as 3
// weeks (Epoch AI, Notable AI Models, training compute notes of MegaScale
// (Production): '"several" = 3'). The ends of "several" and "a few", and the
// factor 1.25 of "about", are trainflops conventions: "several" is more than
// two, and from about 4.5 on a writer would name the next unit ("a month");
// "about" allows a quarter either way. Every reading is log-uniform, whose
// median is the geometric mean of its ends, so the point estimate uses that
// median.
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "core/text.h"
#include "lines.h"
#include "trainflops/duration.h"
#include "trainflops/units.h"

namespace trainflops::evidence {
namespace {

struct VagueQuantity {
  std::string phrase;        // lower case, with its trailing space
  double low = 1, high = 1;  // in UNITs; equal for a point
  std::string source;
};

constexpr std::string_view kDurationConvention = "trainflops convention (docs/evidence.md)";
constexpr std::string_view kSeveralSource =
    "median 3: Epoch AI reads \"several weeks\" as 3 weeks (Epoch AI, Notable AI Models, "
    "training compute notes of MegaScale (Production)); ends 2 and 4.5: ";

const std::vector<VagueQuantity>& VagueQuantities() {
  static const std::vector<VagueQuantity> table = {
      {"a couple of ", 2, 2, "\"a couple\" = two"},
      {"couple of ", 2, 2, "\"a couple\" = two"},
      {"a few ", 2, 4, std::string(kDurationConvention)},
      {"few ", 2, 4, std::string(kDurationConvention)},
      {"several ", 2, 4.5, std::string(kSeveralSource) + std::string(kDurationConvention)},
      {"an ", 1, 1, "one unit"},
      {"a ", 1, 1, "one unit"},
      {"one ", 1, 1, "one unit"},
  };
  return table;
}

constexpr std::string_view kApproximately[] = {"about ",         "around ",  "roughly ",
                                               "approximately ", "approx. ", "~"};
constexpr double kAboutFactor = 1.25;

constexpr std::string_view kDurationPhrases =
    "a duration such as '3 weeks', a range '2..4 weeks' or '2-4 weeks' or '2 to 4 weeks', a "
    "distribution such as 'lognormal(3, 1.5) weeks', or a phrase: 'a week', 'three weeks', 'a "
    "couple of weeks', 'a few weeks', 'several weeks', 'about a month', 'about 3 weeks'";

Status NotADuration(std::string_view text, const std::string& why) {
  return Status::InvalidArgument("'" + std::string(text) + "' is not a duration: " + why +
                                 " (accepted: " + std::string(kDurationPhrases) + ")");
}

Result<double> DurationSeconds(std::string_view text) {
  TF_ASSIGN_OR_RETURN(const Duration d, ParseDuration(text));
  return d.seconds;
}

// "weeks" -> seconds per week; the word alone, singular or plural.
Result<double> UnitSeconds(std::string_view text, std::string_view word) {
  if (word.empty() || word.find_first_of("0123456789 ") != std::string_view::npos) {
    return NotADuration(text, "'" + std::string(word) + "' is not a unit of time");
  }
  Result<double> seconds = DurationSeconds("1 " + std::string(word));
  if (!seconds.ok()) return NotADuration(text, "'" + std::string(word) + "' is not a unit of time");
  return seconds;
}

// "three weeks" as "3 weeks": announcements spell small numbers out.
std::string WithDigits(const std::string& text) {
  static constexpr std::string_view kWords[] = {
      "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"};
  for (size_t i = 0; i < std::size(kWords); ++i) {
    const std::string word = std::string(kWords[i]) + " ";
    if (text.rfind(word, 0) == 0) return std::to_string(i + 2) + text.substr(word.size() - 1);
  }
  return text;
}

// "2-3 weeks" or "2 to 3 weeks" as "2..3 weeks"; other text unchanged.
std::string AsRange(const std::string& text) {
  const size_t first = NumberPrefixLength(text);
  if (first == 0) return text;
  size_t at = first;
  while (at < text.size() && text[at] == ' ') ++at;
  size_t rest = std::string::npos;
  if (text.compare(at, 1, "-") == 0) rest = at + 1;
  if (text.compare(at, 3, "to ") == 0) rest = at + 3;
  if (rest == std::string::npos) return text;
  return text.substr(0, first) + ".." + std::string(Trim(std::string_view(text).substr(rest)));
}

std::string UnitAmount(double amount, const std::string& word) {
  return FormatScientific(amount) + " " + word;
}

// One of VagueQuantities() followed by a unit, as a distribution in seconds.
Result<std::optional<Uncertain>> VaguePhrase(std::string_view original, const std::string& text) {
  for (const VagueQuantity& q : VagueQuantities()) {
    if (text.rfind(q.phrase, 0) != 0) continue;
    const std::string word(Trim(std::string_view(text).substr(q.phrase.size())));
    TF_ASSIGN_OR_RETURN(const double unit, UnitSeconds(original, word));
    Uncertain u{Distribution::Point(q.low * unit), std::string(Trim(original)), ""};
    if (q.high > q.low) {
      TF_ASSIGN_OR_RETURN(u.distribution, Distribution::LogUniform(q.low * unit, q.high * unit));
      u.note = "'" + std::string(Trim(q.phrase)) + "' read as loguniform(" +
               UnitAmount(q.low, word) + ", " + UnitAmount(q.high, word) + "), median " +
               UnitAmount(std::sqrt(q.low * q.high), word) + " (" + q.source + ")";
    }
    return std::optional<Uncertain>(std::move(u));
  }
  return std::optional<Uncertain>();
}

// "about X": X's point widened to X x loguniform(0.8, 1.25).
Result<Uncertain> About(std::string_view original, const std::string& inner, const Uncertain& x) {
  if (!x.distribution.is_point()) {
    return NotADuration(original, "'about' widens one duration, and '" + inner +
                                      "' is already a range: drop 'about' or the range");
  }
  const double median = x.distribution.Median();
  TF_ASSIGN_OR_RETURN(Distribution d,
                      Distribution::LogUniform(median / kAboutFactor, median * kAboutFactor));
  return Uncertain{std::move(d), std::string(Trim(original)),
                   "'about' read as '" + inner + "' x loguniform(0.8, 1.25): within a quarter " +
                       "either way (" + std::string(kDurationConvention) + ")"};
}

}  // namespace

Result<Uncertain> ParseEvidenceDuration(std::string_view original) {
  std::string text = ToLower(Trim(original));
  bool about = false;
  for (std::string_view a : kApproximately) {
    if (text.rfind(a, 0) == 0) {
      about = true;
      text = std::string(Trim(std::string_view(text).substr(a.size())));
      break;
    }
  }
  if (text.empty()) return NotADuration(original, "it is empty");
  text = WithDigits(text);
  TF_ASSIGN_OR_RETURN(std::optional<Uncertain> vague, VaguePhrase(original, text));
  if (!vague) {
    // Neither a number nor a distribution: an unknown phrase.
    if (NumberPrefixLength(text) == 0 && text.find('(') == std::string::npos) {
      return NotADuration(original, "it is neither a number of units nor a phrase of the table");
    }
    TF_ASSIGN_OR_RETURN(Uncertain plain, ParseUncertain(AsRange(text), DurationSeconds,
                                                        UncertainOptions::Positive()));
    plain.text = std::string(Trim(original));
    vague = std::move(plain);
  }
  if (about) return About(original, text, *vague);
  return std::move(*vague);
}

std::string VagueDurationRules() {
  return "\"a UNIT\" = 1 UNIT; \"a couple of UNITs\" = 2; \"a few UNITs\" = loguniform(2, 4), "
         "median 2.83; \"several UNITs\" = loguniform(2, 4.5), median 3; \"about X\" = X x "
         "loguniform(0.8, 1.25); \"N-M UNITs\" = the range N..M. \"several\": " +
         std::string(kSeveralSource) + std::string(kDurationConvention) +
         "; the others: " + std::string(kDurationConvention);
}

}  // namespace trainflops::evidence
