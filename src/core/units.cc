// Parsing and printing of counts and amounts of compute.
//
// Numbers go through std::from_chars / std::to_chars so that results never
// depend on the process's locale (a German locale would otherwise turn
// "1.5" into 15 or print "7,864e18").
#include "trainflops/units.h"

#include <charconv>
#include <cmath>
#include <optional>
#include <system_error>

#include "core/text.h"

namespace trainflops {
namespace {

// What each parser accepts, quoted at the end of its error messages.
struct Grammar {
  std::string_view noun;
  std::string_view examples;
};
constexpr Grammar kNumberGrammar{
    "a number", "12, 1.2M, 3.5e12, 300B, 1,000,000; suffixes k, M, B or G, T, P, E, Z, Y"};
constexpr Grammar kComputeGrammar{
    "an amount of compute", "3.1e23, 3.1e23 FLOP, 2.5 GMAC, 0.38G multiply-adds, 22 pfs-days"};

// Error messages quote what the user wrote, but a pasted paragraph would
// drown the message, so long text is cut.
std::string Quote(std::string_view text) {
  constexpr size_t kMax = 64;
  if (text.size() <= kMax) return "'" + std::string(text) + "'";
  return "'" + std::string(text.substr(0, kMax)) + "...'";
}

Status Malformed(std::string_view text, std::string_view why, const Grammar& grammar) {
  std::string msg = Quote(text) + " is not " + std::string(grammar.noun);
  if (!why.empty()) msg += ": " + std::string(why);
  return Status::InvalidArgument(msg + " (accepted: " + std::string(grammar.examples) + ")");
}

std::optional<double> SuffixScale(char c) {
  switch (c) {
    case 'k':
    case 'K':
      return 1e3;
    case 'M':
      return 1e6;
    case 'B':
    case 'G':
      return 1e9;
    case 'T':
      return 1e12;
    case 'P':
      return 1e15;
    case 'E':
      return 1e18;
    case 'Z':
      return 1e21;
    case 'Y':
      return 1e24;
    default:
      return std::nullopt;
  }
}

// A hint for a letter that is a suffix only in the other case ("300b", "1.2m").
std::string CaseHint(char c) {
  if (c == 'm') return "lower-case 'm' is refused as ambiguous with milli; write 'M' for million";
  if (c >= 'a' && c <= 'z') {
    const char upper = static_cast<char>(c - 'a' + 'A');
    if (SuffixScale(upper)) {
      return "suffixes are case-sensitive; write '" + std::string(1, upper) + "', not '" +
             std::string(1, c) + "'";
    }
  }
  return "";
}

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

size_t ScanNumber(std::string_view s) {
  size_t i = 0;
  size_t mantissa_digits = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  for (; i < s.size() && (IsDigit(s[i]) || s[i] == ','); ++i) mantissa_digits += IsDigit(s[i]);
  if (i < s.size() && s[i] == '.') {
    for (++i; i < s.size() && IsDigit(s[i]); ++i) ++mantissa_digits;
  }
  if (mantissa_digits == 0) return 0;
  // 'e' is an exponent only when digits follow: "2E FLOP" is 2 exa-FLOP.
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    size_t j = i + 1;
    if (j < s.size() && (s[j] == '+' || s[j] == '-')) ++j;
    if (j < s.size() && IsDigit(s[j])) {
      while (j < s.size() && IsDigit(s[j])) ++j;
      i = j;
    }
  }
  return i;
}

// Commas are thousands separators, so they may only split the integer part
// into groups of three: "1,000,000" but not "1,00" or "10,00,000".
bool ValidThousands(std::string_view integer_part) {
  size_t comma = integer_part.find(',');
  if (comma == std::string_view::npos) return true;
  if (comma == 0 || comma > 3) return false;
  while (comma != std::string_view::npos) {
    const size_t next = integer_part.find(',', comma + 1);
    const size_t end = next == std::string_view::npos ? integer_part.size() : next;
    if (end - comma - 1 != 3) return false;
    comma = next;
  }
  return true;
}

bool LooksLikeNanOrInf(std::string_view t) {
  if (!t.empty() && (t.front() == '+' || t.front() == '-')) t.remove_prefix(1);
  const std::string lower = ToLower(t.substr(0, 3));
  return lower == "nan" || lower == "inf";
}

struct Leading {
  double value;
  std::string_view rest;  // what follows the number, untrimmed
};

// Parses the number at the start of trimmed text `t`; `text` is quoted in errors.
Result<Leading> ParseLeadingNumber(std::string_view t, std::string_view text, const Grammar& g) {
  const size_t length = ScanNumber(t);
  if (length == 0) {
    return Malformed(text, LooksLikeNanOrInf(t) ? "NaN and infinities are not accepted" : "", g);
  }
  std::string_view body = t.substr(0, length);
  const bool negative = body.front() == '-';
  if (body.front() == '+' || body.front() == '-') body.remove_prefix(1);  // from_chars refuses '+'
  if (!ValidThousands(body.substr(0, body.find_first_of(".eE")))) {
    return Malformed(text, "commas must separate groups of 3 digits, as in 1,000,000", g);
  }
  std::string digits;
  for (char c : body) {
    if (c != ',') digits += c;
  }
  double value = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  // A subnormal value (1e-320) has lost its digits, and prints as 0 once
  // multiplied or converted: refused like one past the range.
  if (ec == std::errc::result_out_of_range || (value != 0 && !std::isnormal(value))) {
    return Malformed(text, "outside the range of a double (about 2.2e-308 to 1.8e308)", g);
  }
  if (ec != std::errc() || end != digits.data() + digits.size()) return Malformed(text, "", g);
  return Leading{negative ? -value : value, t.substr(length)};
}

// value * scale, refusing overflow; also turns -0 into 0 so it prints as "0".
Result<double> Scaled(double value, double scale, std::string_view text, const Grammar& g) {
  const double result = value * scale;
  if (!std::isfinite(result)) {
    return Malformed(text, "too large (the largest accepted magnitude is about 1.8e308)", g);
  }
  if (result != 0 && !std::isnormal(result)) {
    return Malformed(text, "too small (the smallest accepted magnitude is about 2.2e-308)", g);
  }
  return result + 0.0;
}

struct UnitSpelling {
  std::string_view name;
  ComputeUnit unit;
};
constexpr UnitSpelling kUnitSpellings[] = {
    {"flop", ComputeUnit::kFlop},
    {"flops", ComputeUnit::kFlop},
    {"mac", ComputeUnit::kMultiplyAdd},
    {"macs", ComputeUnit::kMultiplyAdd},
    {"multiply-add", ComputeUnit::kMultiplyAdd},
    {"multiply-adds", ComputeUnit::kMultiplyAdd},
    {"multadd", ComputeUnit::kMultiplyAdd},
    {"fma", ComputeUnit::kMultiplyAdd},
    {"pfs-day", ComputeUnit::kPetaflopSDay},
    {"pfs-days", ComputeUnit::kPetaflopSDay},
    {"pf-day", ComputeUnit::kPetaflopSDay},
    {"pf-days", ComputeUnit::kPetaflopSDay},
    {"petaflop/s-day", ComputeUnit::kPetaflopSDay},
    {"petaflop/s-days", ComputeUnit::kPetaflopSDay},
};

std::optional<ComputeUnit> LookupUnit(std::string_view name) {
  const std::string lower = ToLower(Trim(name));
  for (const UnitSpelling& s : kUnitSpellings) {
    if (s.name == lower) return s.unit;
  }
  return std::nullopt;
}

std::vector<std::string> UnitSpellings() {
  std::vector<std::string> names;
  for (const UnitSpelling& s : kUnitSpellings) names.emplace_back(s.name);
  return names;
}

Status UnknownUnit(std::string_view text, std::string_view unit) {
  const std::vector<std::string> names = UnitSpellings();
  std::string msg = "unknown compute unit " + Quote(unit);
  if (unit != text) msg += " in " + Quote(text);
  return Status::NotFound(msg + DidYouMean(unit, names) + " (accepted: " + JoinNames(names) +
                          ", optionally after an SI prefix such as G or T)");
}

struct ScaledUnit {
  double scale;
  ComputeUnit unit;
};

// The part of a compute amount after the number: "", "FLOP", "GMAC",
// "G MAC", "pfs-days". A whole unit name wins over a prefix reading, so
// "PF-days" is petaflop/s-days, not peta-"F-days".
Result<ScaledUnit> ParseUnitWithPrefix(std::string_view rest, std::string_view text) {
  if (rest.empty()) return ScaledUnit{1.0, ComputeUnit::kFlop};
  if (const auto unit = LookupUnit(rest)) return ScaledUnit{1.0, *unit};
  const char prefix = rest.front();
  const std::string_view after = Trim(rest.substr(1));
  if (const auto scale = SuffixScale(prefix)) {
    if (after.empty()) return ScaledUnit{*scale, ComputeUnit::kFlop};
    if (const auto unit = LookupUnit(after)) return ScaledUnit{*scale, *unit};
    return UnknownUnit(text, after);
  }
  const std::string hint = CaseHint(prefix);
  if (!hint.empty() && (after.empty() || LookupUnit(after))) {
    return Malformed(text, hint, kComputeGrammar);
  }
  return UnknownUnit(text, rest);
}

}  // namespace

std::string_view UnitName(ComputeUnit unit) {
  switch (unit) {
    case ComputeUnit::kFlop:
      return "FLOP";
    case ComputeUnit::kMultiplyAdd:
      return "multiply-adds";
    case ComputeUnit::kPetaflopSDay:
      return "pfs-days";
  }
  return "FLOP";  // unreachable for valid enumerators
}

double FlopPerUnit(ComputeUnit unit) {
  switch (unit) {
    case ComputeUnit::kFlop:
      return 1.0;
    case ComputeUnit::kMultiplyAdd:
      return kFlopPerMultiplyAdd;
    case ComputeUnit::kPetaflopSDay:
      return kFlopPerPetaflopSDay;
  }
  return 1.0;  // unreachable for valid enumerators
}

Result<ComputeUnit> ParseComputeUnit(std::string_view text) {
  if (const auto unit = LookupUnit(text)) return *unit;
  return UnknownUnit(Trim(text), Trim(text));
}

Result<double> ParseNumber(std::string_view text) {
  const std::string_view t = Trim(text);
  if (t.empty()) return Malformed(text, "the text is empty", kNumberGrammar);
  TF_ASSIGN_OR_RETURN(const Leading number, ParseLeadingNumber(t, text, kNumberGrammar));
  const std::string_view suffix = Trim(number.rest);
  if (suffix.empty()) return number.value + 0.0;
  const std::optional<double> scale =
      suffix.size() == 1 ? SuffixScale(suffix.front()) : std::nullopt;
  if (!scale) {
    return Malformed(text, suffix.size() == 1 ? CaseHint(suffix.front()) : "", kNumberGrammar);
  }
  return Scaled(number.value, *scale, text, kNumberGrammar);
}

Result<double> ParsePositive(std::string_view text) {
  TF_ASSIGN_OR_RETURN(const double value, ParseNumber(text));
  if (value <= 0) {
    return Status::InvalidArgument(Quote(Trim(text)) + " must be greater than zero");
  }
  return value;
}

Result<double> ParseCompute(std::string_view text) {
  const std::string_view t = Trim(text);
  if (t.empty()) return Malformed(text, "the text is empty", kComputeGrammar);
  TF_ASSIGN_OR_RETURN(const Leading number, ParseLeadingNumber(t, text, kComputeGrammar));
  TF_ASSIGN_OR_RETURN(const ScaledUnit unit, ParseUnitWithPrefix(Trim(number.rest), t));
  TF_ASSIGN_OR_RETURN(const double flop, Scaled(number.value, unit.scale * FlopPerUnit(unit.unit),
                                                text, kComputeGrammar));
  // Compute is an amount of work done: "-5 pfs-days" or "0" is no answer, and
  // 1e-300 FLOP underflows to 0 once scaled.
  if (!(flop > 0))
    return Malformed(text, "an amount of compute must be greater than zero", kComputeGrammar);
  // Every report prints compute in pfs-days too: 1e-300 FLOP would print as 0.
  if (!std::isnormal(flop / FlopPerUnit(ComputeUnit::kPetaflopSDay))) {
    return Malformed(text, "too small (the smallest accepted amount is about 2e-288 FLOP)",
                     kComputeGrammar);
  }
  return flop;
}

// ---------------------------------------------------------------------------
// Formatting

namespace {

// A finite non-zero value rounded to a number of significant digits:
// (-1)^negative x d.ddd x 10^exponent, with trailing zeros dropped from `digits`.
struct Rounded {
  bool negative = false;
  std::string digits;
  int exponent = 0;
};

// Rounds with to_chars, which is locale-independent and rounds correctly
// (so 9.9996e18 at 4 digits becomes 1e19, with the exponent carried).
Rounded Round(double value, int significant) {
  char buf[64];
  const auto result =
      std::to_chars(buf, buf + sizeof buf, value, std::chars_format::scientific, significant - 1);
  std::string_view s(buf, static_cast<size_t>(result.ptr - buf));  // e.g. "-7.864e+18"
  Rounded r;
  r.negative = s.front() == '-';
  const size_t e = s.find('e');
  for (char c : s.substr(0, e)) {
    if (IsDigit(c)) r.digits += c;
  }
  while (r.digits.size() > 1 && r.digits.back() == '0') r.digits.pop_back();
  std::string_view exp = s.substr(e + 1);
  if (exp.front() == '+') exp.remove_prefix(1);  // from_chars refuses '+'
  std::from_chars(exp.data(), exp.data() + exp.size(), r.exponent);
  return r;
}

int ClampDigits(int digits) { return digits < 1 ? 1 : (digits > 17 ? 17 : digits); }

// `digits` with the decimal point after `integer_digits` of them, padding
// with zeros either side: ("1234", 2) -> "12.34", ("5", -1) -> "0.05".
std::string PlaceDecimalPoint(const std::string& digits, int integer_digits) {
  const int n = static_cast<int>(digits.size());
  if (integer_digits <= 0) {
    return "0." + std::string(static_cast<size_t>(-integer_digits), '0') + digits;
  }
  if (integer_digits >= n)
    return digits + std::string(static_cast<size_t>(integer_digits - n), '0');
  const size_t split = static_cast<size_t>(integer_digits);
  return digits.substr(0, split) + "." + digits.substr(split);
}

// Spellings for values that are not finite non-zero numbers; nullopt otherwise.
std::optional<std::string> SpecialValue(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value < 0 ? "-inf" : "inf";
  if (value == 0) return "0";
  return std::nullopt;
}

}  // namespace

std::string FormatScientific(double value, int digits) {
  if (auto special = SpecialValue(value)) return *special;
  const Rounded r = Round(value, ClampDigits(digits));
  const std::string sign = r.negative ? "-" : "";
  // Plain for 0.001 <= |rounded| < 1e4, where plain digits are easy to read.
  if (r.exponent >= -3 && r.exponent <= 3) {
    return sign + PlaceDecimalPoint(r.digits, r.exponent + 1);
  }
  return sign + PlaceDecimalPoint(r.digits, 1) + "e" + std::to_string(r.exponent);
}

std::string FormatCount(double value) {
  if (auto special = SpecialValue(value)) return *special;
  const Rounded r = Round(value, 4);
  // Below 1e3 nothing needs grouping; from 1e15 up, SI letters (P, E, ...)
  // are less familiar than scientific notation.
  if (r.exponent < 3 || r.exponent >= 15) return FormatScientific(value, 4);
  const std::string sign = r.negative ? "-" : "";
  if (r.exponent == 3) {  // four integer digits: "1,234"
    const std::string plain = PlaceDecimalPoint(r.digits, 4);
    return sign + plain.substr(0, 1) + "," + plain.substr(1);
  }
  constexpr std::string_view kSuffixes[] = {"k", "M", "B", "T"};
  const int group = r.exponent / 3;  // 1 = thousands ... 4 = trillions
  return sign + PlaceDecimalPoint(r.digits, r.exponent - 3 * group + 1) +
         std::string(kSuffixes[group - 1]);
}

std::string FormatCompute(double flop, ComputeUnit unit, int digits) {
  const std::string number = FormatScientific(flop / FlopPerUnit(unit), digits);
  std::string_view name = UnitName(unit);
  // "1 pfs-day", "1 multiply-add"; FLOP is its own singular.
  if (number == "1" && name.back() == 's') name.remove_suffix(1);
  return number + " " + std::string(name);
}

size_t NumberPrefixLength(std::string_view text) { return ScanNumber(text); }

}  // namespace trainflops
