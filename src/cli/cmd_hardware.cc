// `trainflops hardware`: HardwareRequest from the command line (phases
// split at each --chip, request_options.cc).
#include "commands.h"
#include "cite_output.h"
#include "request_options.h"
#include "trainflops/hardware_request.h"

namespace trainflops::cli {
namespace {

const std::vector<OptionSpec>& HardwareOptions() {
  static const std::vector<OptionSpec> specs = [] {
    std::vector<OptionSpec> s = HardwareRunOptions();
    s.push_back({"--unit", "flop|mac|pfs-day", "unit of the result line (JSON is always in FLOP)"});
    s.push_back({"--json", "", "print one JSON object instead of the report"});
    s.push_back(CiteOption());
    s.push_back({"--help", "", "show this help"});
    return s;
  }();
  return specs;
}

}  // namespace

Result<Call> ParseHardware(const std::vector<std::string>& words, const FileOpener& open) {
  TF_ASSIGN_OR_RETURN(HardwareWords run, ParseHardwareWords(words, HardwareOptions(), open));
  Call call;
  if (run.command.Has("--help")) {
    call.help =
        "usage: trainflops hardware --chip NAME --count N --time DURATION [options]\n"
        "       trainflops hardware --chip NAME --chip-days D [options]\n"
        "       trainflops hardware --chip unknown --year Y --count N --time DURATION\n\n"
        "Method 2 of Sevilla et al. 2022: training FLOP = chips x time x peak FLOP/s x utilization.\n" +
        HardwareRunHelp() + "\noptions:\n" + OptionsHelp(HardwareOptions());
    return call;
  }
  if (!run.command.positional.empty()) {
    return Status::InvalidArgument("unexpected argument '" + run.command.positional.front() +
                                   "' (hardware takes options only; a name with spaces needs "
                                   "quotes: --chip 'A100 80GB')");
  }
  call.json = run.command.Has("--json");
  call.cite = run.command.Has("--cite");
  call.run = LibraryCall(std::move(run.request));
  return call;
}

}  // namespace trainflops::cli
