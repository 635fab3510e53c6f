// `trainflops trend`: TrendRequest; the growth of training compute over time (doubling
// time, growth per year, bootstrap interval, eras, figure).
#include "args.h"
#include "commands.h"
#include "request_options.h"
#include "trainflops/defaults.h"
#include "trainflops/trend_request.h"

namespace trainflops::cli {
namespace {

const std::vector<OptionSpec>& TrendOptionSpecs() {
  static const std::vector<OptionSpec> specs = {
      {"--data", "FILE", "a CSV of models (default: the bundled AI-and-Compute points)"},
      {"--date-column", "NAME", "publication date column, YYYY-MM-DD (default 'Publication date')"},
      {"--compute-column", "NAME", "training compute column (default 'Training compute (FLOP)')"},
      {"--name-column", "NAME", "model name column (default 'Model')"},
      {"--compute-unit", "UNIT", "unit of bare numbers in the compute column: flop, mac, pfs-day"},
      {"--from", "DATE", "keep points on or after DATE (YYYY-MM-DD)"},
      {"--to", "DATE", "keep points on or before DATE (YYYY-MM-DD)"},
      {"--where", "COLUMN=VALUE",
       "keep rows whose cell (or one of its comma-separated items) is VALUE", true},
      {"--exclude", "NAME", "leave out the model NAME", true},
      {"--include-modest", "", "bundled data: keep the post's 'modest compute' results"},
      {"--break", "DATE", "start a new era at DATE and fit each era separately", true},
      {"--bootstrap", "N",
       "bootstrap resamples for the interval (default " + std::to_string(kDefaultBootstrap) +
           "; 0 for none)"},
      {"--level", "P",
       "level of the interval (default " + FormatScientific(kDefaultTrendLevel) + ")"},
      {"--seed", "N",
       "random seed of the bootstrap (default " + std::to_string(kDefaultSeed) + ")"},
      {"--plot", "FILE", "write the figure to FILE (.svg, or .png)"},
      {"--json", "", "print one JSON object instead of the report"},
      {"--help", "", "show this help"},
  };
  return specs;
}

constexpr char kTrendHelp[] =
    "usage: trainflops trend [--data FILE] [filters] [--break DATE]... [--plot FILE] [--json]\n\n"
    "Fits log10(training FLOP) against the publication date by least squares and reports the\n"
    "doubling time (12 x log10(2) / slope months), the growth per year (10^slope) and a\n"
    "percentile-bootstrap interval. Without --data it fits the points of OpenAI's \"AI and\n"
    "Compute\" chart (Amodei & Hernandez 2018), leaving out the results the post lists as using "
    "modest\n"
    "compute, as its 3.4-month headline trend does. Default columns are those of Epoch AI's\n"
    "Notable AI Models CSV.\n\noptions:\n";

}  // namespace

Result<Call> ParseTrend(const std::vector<std::string>& words, const FileOpener& open) {
  TF_ASSIGN_OR_RETURN(const ParsedArgs args, ParseArgs(words, TrendOptionSpecs()));
  Call call;
  if (args.Has("--help")) {
    call.help = kTrendHelp + OptionsHelp(TrendOptionSpecs());
    return call;
  }
  if (!args.positional.empty()) {
    return Status::InvalidArgument("unexpected argument '" + args.positional.front() +
                                   "' (give a dataset with --data FILE)");
  }
  TrendRequest r;
  if (auto path = args.Get("--data")) {
    TF_ASSIGN_OR_RETURN(r.data, open(*path, InputKind::kCsv));
  }
  r.date_column = args.Get("--date-column");
  r.compute_column = args.Get("--compute-column");
  r.name_column = args.Get("--name-column");
  r.compute_unit = args.Get("--compute-unit");
  r.from = args.Get("--from");
  r.to = args.Get("--to");
  r.where = AllValues(args, "--where");
  r.exclude = AllValues(args, "--exclude");
  r.include_modest = args.Has("--include-modest");
  r.breaks = AllValues(args, "--break");
  r.bootstrap = args.Get("--bootstrap");
  r.level = args.Get("--level");
  r.seed = args.Get("--seed");
  r.plot = args.Get("--plot");
  call.plot = r.plot;
  call.json = args.Has("--json");
  call.run = LibraryCall(std::move(r));
  return call;
}

}  // namespace trainflops::cli
