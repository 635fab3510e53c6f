// Parsing of uncertain quantities: "0.4", "0.3..0.5", "5..6 days",
// "lognormal(1e23, 3)". Points go through the caller's own parser, so every
// unit the caller accepts works inside ranges and distributions too.
#include <string>
#include <vector>

#include "core/text.h"
#include "trainflops/uncertainty.h"
#include "trainflops/units.h"

namespace trainflops {
namespace {

constexpr std::string_view kGrammar =
    "a number; a range LOW..HIGH such as 0.3..0.5 or \"5..6 days\" (uniform, or log-uniform when "
    "HIGH/LOW > 10); or uniform(low,high), loguniform(low,high), normal(mean,sd), "
    "lognormal(median,gsd), triangular(low,mode,high), optionally followed by a unit";

std::string Quote(std::string_view text) {
  constexpr size_t kMax = 64;
  if (text.size() <= kMax) return "'" + std::string(text) + "'";
  return "'" + std::string(text.substr(0, kMax)) + "...'";
}

Status Bad(std::string_view text, const std::string& why) {
  return Status::InvalidArgument(Quote(text) + " is not an uncertain value: " + why +
                                 " (accepted: " + std::string(kGrammar) + ")");
}

bool HasSpace(std::string_view s) { return s.find_first_of(" \t") != std::string_view::npos; }

// The low end of LOW..HIGH takes what the high end writes after its number
// and the low end does not write itself: "5" of "5..6 days" -> "5 days",
// "5" of "5..6days" -> "5days", "1.2G" of "1.2G..1.5G MAC" -> "1.2G MAC";
// "12 h" of "12 h..2 days" keeps its own unit.
std::string LowWithUnit(std::string_view low, std::string_view high) {
  const std::string_view low_unit = low.substr(NumberPrefixLength(low));
  const std::string_view high_unit = high.substr(NumberPrefixLength(high));
  if (high_unit.substr(0, low_unit.size()) != low_unit) return std::string(low);
  return std::string(low) + std::string(high_unit.substr(low_unit.size()));
}

// An argument of a distribution written without a unit (no space) takes
// the unit written after ")": ("5", "days") -> "5 days".
std::string WithUnit(std::string_view piece, std::string_view unit) {
  piece = Trim(piece);
  if (unit.empty() || HasSpace(piece)) return std::string(piece);
  return std::string(piece) + " " + std::string(unit);
}

Result<double> ParsePiece(const PointParser& parse, const std::string& piece,
                          const std::string& role) {
  Result<double> v = parse(piece);
  if (!v.ok()) return v.status().WithContext(role);
  return v;
}

std::string RangeRuleNote(const Distribution& d, bool log_scale) {
  return "plain range read as " + d.Describe() +
         (log_scale ? ": it spans more than 10x, and a plain range is log-uniform beyond 10x "
                      "(write uniform(a,b) to override)"
                    : ": a plain range is uniform when it spans at most 10x "
                      "(write loguniform(a,b) to override)");
}

Result<Uncertain> ParseRange(std::string_view text, size_t dots, const PointParser& parse,
                             const UncertainOptions& options) {
  const std::string_view low_text = Trim(text.substr(0, dots));
  const std::string_view high_text = Trim(text.substr(dots + 2));
  if (low_text.empty() || high_text.empty()) return Bad(text, "a range needs both ends");
  TF_ASSIGN_OR_RETURN(const double low, ParsePiece(parse, LowWithUnit(low_text, high_text),
                                                   "low end of " + Quote(text)));
  TF_ASSIGN_OR_RETURN(const double high,
                      ParsePiece(parse, std::string(high_text), "high end of " + Quote(text)));
  if (!(low < high)) {
    return Bad(text, "the low end (" + FormatScientific(low, 6) + ") must be below the high end (" +
                         FormatScientific(high, 6) + ")");
  }
  if (options.positive && !(low > 0)) {
    return Bad(text, "this quantity must be positive, so the range must start above 0");
  }
  const bool log_scale = low > 0 && high / low > kLogUniformRangeRatio;
  TF_ASSIGN_OR_RETURN(const Distribution d, log_scale ? Distribution::LogUniform(low, high)
                                                      : Distribution::Uniform(low, high));
  return Uncertain{d, std::string(text), RangeRuleNote(d, log_scale)};
}

struct NamedDistribution {
  std::string_view name;
  DistributionKind kind;
  std::vector<std::string_view> args;
  std::vector<bool> takes_unit;  // false for ratios such as the gsd
};

const std::vector<NamedDistribution>& Named() {
  static const std::vector<NamedDistribution> named = {
      {"uniform", DistributionKind::kUniform, {"low", "high"}, {true, true}},
      {"loguniform", DistributionKind::kLogUniform, {"low", "high"}, {true, true}},
      {"log-uniform", DistributionKind::kLogUniform, {"low", "high"}, {true, true}},
      {"normal", DistributionKind::kNormal, {"mean", "sd"}, {true, true}},
      {"lognormal", DistributionKind::kLogNormal, {"median", "gsd"}, {true, false}},
      {"log-normal", DistributionKind::kLogNormal, {"median", "gsd"}, {true, false}},
      {"triangular", DistributionKind::kTriangular, {"low", "mode", "high"}, {true, true, true}},
  };
  return named;
}

Result<const NamedDistribution*> FindNamed(std::string_view text, std::string_view name) {
  std::vector<std::string> names;
  for (const NamedDistribution& n : Named()) {
    if (n.name == ToLower(name)) return &n;
    names.emplace_back(n.name);
  }
  return Status::NotFound("unknown distribution " + Quote(name) + " in " + Quote(text) +
                          DidYouMean(name, names) + " (accepted: " + JoinNames(names) + ")");
}

std::vector<std::string_view> SplitArgs(std::string_view inside) {
  std::vector<std::string_view> args;
  size_t start = 0;
  for (size_t comma = inside.find(','); comma != std::string_view::npos;
       comma = inside.find(',', start)) {
    args.push_back(inside.substr(start, comma - start));
    start = comma + 1;
  }
  args.push_back(inside.substr(start));
  return args;
}

Result<Distribution> Build(const NamedDistribution& n, const std::vector<double>& v,
                           const UncertainOptions& options) {
  switch (n.kind) {
    case DistributionKind::kUniform:
      return Distribution::Uniform(v[0], v[1]);
    case DistributionKind::kLogUniform:
      return Distribution::LogUniform(v[0], v[1]);
    case DistributionKind::kNormal:
      return Distribution::Normal(v[0], v[1], options.positive);
    case DistributionKind::kLogNormal:
      return Distribution::LogNormal(v[0], v[1]);
    case DistributionKind::kTriangular:
      return Distribution::Triangular(v[0], v[1], v[2]);
    case DistributionKind::kPoint:
      break;
  }
  return Distribution::Point(v[0]);  // unreachable: no named point
}

Result<Uncertain> ParseNamed(std::string_view text, size_t open, const PointParser& parse,
                             const UncertainOptions& options) {
  const size_t close = text.rfind(')');
  if (close == std::string_view::npos || close < open) return Bad(text, "missing ')'");
  TF_ASSIGN_OR_RETURN(const NamedDistribution* n, FindNamed(text, Trim(text.substr(0, open))));
  const std::string_view unit = Trim(text.substr(close + 1));
  const std::vector<std::string_view> args = SplitArgs(text.substr(open + 1, close - open - 1));
  if (args.size() != n->args.size()) {
    std::string want;
    for (std::string_view a : n->args)
      want += std::string(want.empty() ? "" : ", ") + std::string(a);
    return Bad(text, std::string(n->name) + " takes " + std::to_string(n->args.size()) +
                         " arguments (" + want + "), got " + std::to_string(args.size()) +
                         " (numbers inside parentheses cannot use thousands separators)");
  }
  std::vector<double> values;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string role = "argument '" + std::string(n->args[i]) + "' of " + Quote(text);
    Result<double> v = n->takes_unit[i] ? ParsePiece(parse, WithUnit(args[i], unit), role)
                                        : ParsePiece(ParseNumber, std::string(Trim(args[i])), role);
    if (!v.ok()) return v.status();
    values.push_back(*v);
  }
  Result<Distribution> d = Build(*n, values, options);
  if (!d.ok()) return d.status().WithContext(Quote(text));
  // A normal is truncated instead (Build), and a lognormal is always positive.
  const bool positive_support = d->SupportLow() > 0 || d->kind() == DistributionKind::kNormal ||
                                d->kind() == DistributionKind::kLogNormal;
  if (options.positive && !positive_support) {
    return Bad(text, "this quantity must be positive, so the distribution must start above 0");
  }
  std::string note;
  if (d->truncated_mass() > 1e-6) {
    note = "normal truncated below 0 (the quantity must be positive): " +
           FormatScientific(100 * d->truncated_mass(), 3) + "% of its mass removed";
  }
  return Uncertain{*d, std::string(text), note};
}

Result<Uncertain> ParseUncertainUnbounded(std::string_view text, const PointParser& parse_point,
                                          UncertainOptions options) {
  const std::string_view t = Trim(text);
  if (t.empty()) return Bad(text, "it is empty");
  if (const size_t open = t.find('('); open != std::string_view::npos) {
    return ParseNamed(t, open, parse_point, options);
  }
  if (const size_t dots = t.find(".."); dots != std::string_view::npos) {
    return ParseRange(t, dots, parse_point, options);
  }
  Result<double> v = parse_point(t);
  if (!v.ok()) {
    return Status::InvalidArgument(v.status().message() +
                                   "; a range LOW..HIGH or a distribution such as "
                                   "lognormal(median,gsd) is also accepted");
  }
  if (options.positive && !(*v > 0)) return Bad(text, "this quantity must be positive");
  return Uncertain{Distribution::Point(*v), std::string(t), ""};
}

}  // namespace

std::string_view UncertainGrammar() { return kGrammar; }

Result<Uncertain> ParseUncertain(std::string_view text, const PointParser& parse_point,
                                 UncertainOptions options) {
  TF_ASSIGN_OR_RETURN(Uncertain u, ParseUncertainUnbounded(text, parse_point, options));
  if (options.at_most && u.distribution.SupportHigh() > *options.at_most) {
    return Bad(text, (u.distribution.is_point() ? "it exceeds " : "it can exceed ") +
                         FormatScientific(*options.at_most) +
                         ", the largest value accepted (use a range or a uniform or triangular "
                         "distribution that ends at or below it)");
  }
  return u;
}

}  // namespace trainflops
