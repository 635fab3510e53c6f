#include "uncertainty_options.h"

#include <cmath>

#include "trainflops/units.h"

namespace trainflops::cli {

const std::vector<OptionSpec>& UncertaintyOptionSpecs() {
  static const std::vector<OptionSpec> specs = {
      {"--uncertainty", "",
       "give assumptions their default ranges (utilization, backward/forward ratio, guessed "
       "precision, imputed peak; docs/uncertainty.md) and report a 90% interval"},
      {"--samples", "N", "Monte Carlo samples (default 100,000; at most 1e8)"},
      {"--seed", "S", "Monte Carlo seed (default 20260101; printed with every result)"},
      {"--quantile", "P", "also report the P quantile, P in (0, 1); repeatable", true},
  };
  return specs;
}

namespace {

Result<std::uint64_t> Seed(const std::string& text) {
  Result<double> v = ParseNumber(text);
  // Seeds are integers a double holds exactly (below 2^53).
  if (!v.ok() || *v < 0 || *v != std::floor(*v) || *v > 9007199254740992.0) {
    return Status::InvalidArgument("--seed: '" + text +
                                   "' is not accepted (accepted: a whole number from 0 to 2^53)");
  }
  return static_cast<std::uint64_t>(*v);
}

Result<std::size_t> Samples(const std::string& text) {
  Result<double> v = ParseNumber(text);
  if (!v.ok() || *v < 1 || *v != std::floor(*v) || *v > static_cast<double>(kMaxSamples)) {
    return Status::InvalidArgument("--samples: '" + text +
                                   "' is not accepted (accepted: a whole number from 1 to " +
                                   FormatScientific(static_cast<double>(kMaxSamples)) + ")");
  }
  return static_cast<std::size_t>(*v);
}

}  // namespace

Result<UncertaintyOptions> ReadUncertaintyOptions(const ParsedArgs& args) {
  UncertaintyOptions o;
  o.default_ranges = args.Has("--uncertainty");
  if (auto s = args.Get("--samples")) {
    TF_ASSIGN_OR_RETURN(o.monte_carlo.samples, Samples(*s));
  }
  if (auto s = args.Get("--seed")) {
    TF_ASSIGN_OR_RETURN(o.monte_carlo.seed, Seed(*s));
  }
  if (args.Has("--quantile")) {
    for (const std::string& text : args.options.at("--quantile")) {
      Result<double> p = ParseNumber(text);
      if (!p.ok() || !(*p > 0 && *p < 1)) {
        return Status::InvalidArgument("--quantile: '" + text +
                                       "' is not accepted (accepted: a probability strictly "
                                       "between 0 and 1, e.g. 0.25)");
      }
      o.monte_carlo.quantiles.push_back(*p);
    }
  }
  return o;
}

Result<std::optional<Uncertain>> UncertainOption(const ParsedArgs& args, const std::string& name,
                                                 const PointParser& parse_point,
                                                 UncertainOptions options) {
  const std::optional<std::string> text = args.Get(name);
  if (!text) return std::optional<Uncertain>();
  Result<Uncertain> u = ParseUncertain(*text, parse_point, options);
  if (!u.ok()) return u.status().WithContext(name);
  return std::optional<Uncertain>(std::move(u).value());
}

Result<std::optional<Uncertain>> UncertainCount(const ParsedArgs& args, const std::string& name) {
  return UncertainOption(args, name, ParsePositive);
}

std::string RangeHelp() {
  return "Numeric inputs marked [range] also take a range or a distribution: '0.3..0.5', "
         "'5..6 days', '1e12..2e12', 'lognormal(70B, 1.5)', 'triangular(0.2, 0.3, 0.5)' "
         "(docs/uncertainty.md); the result then has a median and a 90% interval.\n";
}

}  // namespace trainflops::cli
