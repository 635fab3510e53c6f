// `trainflops trend`: TrendRequest; the growth of training compute over time (doubling
// time, growth per year, bootstrap interval, eras, figure).
#include "args.h"
#include "commands.h"
#include "request_options.h"
#include "trainflops/request_fields.h"
#include "trainflops/trend_request.h"

namespace trainflops::cli {
namespace {

// TrendFields, then the command line's figure file, --json and --help.
const std::vector<OptionSpec>& TrendOptionSpecs() {
  static const std::vector<OptionSpec> specs =
      AroundOptionsOf({}, TrendFields(), {},
                      {{"--plot", "FILE", "write the figure to FILE (.svg, or .png)"},
                       {"--json", "", "print one JSON object instead of the report"},
                       {"--help", "", "show this help"}});
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
  TF_RETURN_IF_ERROR(SetFromOptions(TrendFields(), args, open, r));
  r.plot = args.Get("--plot");
  call.plot = r.plot;
  call.json = args.Has("--json");
  call.run = LibraryCall(std::move(r));
  return call;
}

}  // namespace trainflops::cli
