// `trainflops thresholds FLOP [--range LOW..HIGH]`: a compute figure against
// the legal thresholds of data/thresholds.yaml.
#include <ostream>

#include "args.h"
#include "commands.h"
#include "trainflops/llm_report.h"
#include "trainflops/units.h"

namespace trainflops::cli {

Status RunThresholds(const std::vector<std::string>& argv, std::ostream& out) {
  static const std::vector<OptionSpec> specs = {
      {"--range", "LOW..HIGH", "uncertainty range of the figure (e.g. 4e24..2e25)"},
      {"--json", "", "print one JSON object"},
      {"--help", "", "show this help"},
  };
  TF_ASSIGN_OR_RETURN(const ParsedArgs args, ParseArgs(argv, specs));
  if (args.Has("--help")) {
    out << "usage: trainflops thresholds FLOP [--range LOW..HIGH] [--json]\n\n"
           "Compares training compute with the EU AI Act (Art. 51: > 1e25 FLOP; guidelines\n"
           "¶17: > 1e23), California SB 53 (> 1e26) and others, strictly greater than.\n\n"
           "options:\n"
        << OptionsHelp(specs);
    return HelpShown();
  }
  if (args.positional.empty()) {
    return Status::InvalidArgument("expected a compute figure such as 3e25 or \"2e5 pfs-days\"");
  }
  std::string text;
  for (const std::string& p : args.positional) text += (text.empty() ? "" : " ") + p;
  TF_ASSIGN_OR_RETURN(const double flop, ParseCompute(text));
  std::optional<ComputeRange> range;
  if (auto r = args.Get("--range")) {
    TF_ASSIGN_OR_RETURN(range, ParseComputeRange(*r));
  }
  TF_ASSIGN_OR_RETURN(const std::vector<ThresholdCheck> checks, CheckThresholds(flop, range, {}));
  if (args.Has("--json")) {
    out << RenderThresholdsJson(flop, range, checks);
  } else {
    out << "compute: " << FormatCompute(flop);
    if (range)
      out << " (range " << FormatScientific(range->low) << ".." << FormatScientific(range->high)
          << ")";
    out << "\n" << RenderThresholdsText(checks);
  }
  return Status::Ok();
}

}  // namespace trainflops::cli
