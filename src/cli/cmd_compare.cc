// `trainflops compare`: CompareRequest from the command line.
#include "cite_output.h"
#include "commands.h"
#include "request_options.h"
#include "trainflops/compare_request.h"

namespace trainflops::cli {
namespace {

const std::vector<OptionSpec>& CompareOptions() {
  static const std::vector<OptionSpec> specs = [] {
    std::vector<OptionSpec> s = {
        {"--params", "N", "Method 1 as 6 x N x D: parameters (with --tokens)"},
        {"--tokens", "D", "Method 1 as 6 x N x D: training tokens (with --params)"},
        {"--method1-flop", "F", "Method 1 figure taken as given ('1.1e19', '22 pfs-days')"},
    };
    const auto& m1 = Method1OptionSpecs();  // for a spec FILE, as `estimate` takes them
    s.insert(s.end(), m1.begin(), m1.end());
    const auto& hw = HardwareRunOptions();
    s.insert(s.end(), hw.begin(), hw.end());
    s.push_back({"--unit", "flop|mac|pfs-day", "unit of the headline figures"});
    s.push_back({"--json", "", "print one JSON object"});
    s.push_back(CiteOption());
    s.push_back({"--help", "", "show this help"});
    return s;
  }();
  return specs;
}

constexpr char kUsage[] = " (usage: trainflops compare FILE --chip NAME --count N --time DURATION)";

}  // namespace

Result<Call> ParseCompare(const std::vector<std::string>& words, const FileOpener& open) {
  TF_ASSIGN_OR_RETURN(HardwareWords run, ParseHardwareWords(words, CompareOptions(), open));
  const ParsedArgs& a = run.command;
  Call call;
  if (a.Has("--help")) {
    call.help =
        "usage: trainflops compare FILE --chip NAME --count N --time DURATION [options]\n"
        "       trainflops compare --params N --tokens D --chip NAME ... [options]\n"
        "       trainflops compare --method1-flop F --chip NAME ... [options]\n\n"
        "Prints Method 1 and Method 2, their ratio, the utilization that reconciles "
        "them, and warns beyond 3x.\n" +
        HardwareRunHelp() + "\noptions:\n" + OptionsHelp(CompareOptions());
    return call;
  }
  if (a.positional.size() > 1) {
    return Status::InvalidArgument(
        "give Method 1 as exactly one of: a model spec FILE, --params N with --tokens D, or "
        "--method1-flop F" +
        std::string(kUsage));
  }
  CompareRequest r;
  TF_RETURN_IF_ERROR(SetFromOptions(TrainingFields(), a, open, r.training));
  r.params = a.Get("--params");
  r.tokens = a.Get("--tokens");
  r.method1_flop = a.Get("--method1-flop");
  r.hardware = std::move(run.request);
  if (!a.positional.empty()) {
    // The checks that need no file come first, as the command always did.
    r.model = InputFile();
    TF_RETURN_IF_ERROR(CheckMethod1Source(r));
    TF_ASSIGN_OR_RETURN(r.model, open(a.positional.front(), ModelInputKind(a.positional.front())));
  }
  call.json = a.Has("--json");
  call.cite = a.Has("--cite");
  call.run = LibraryCall(std::move(r));
  return call;
}

}  // namespace trainflops::cli
