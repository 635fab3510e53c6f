// `trainflops compare`: CompareRequest from the command line.
#include "cite_output.h"
#include "commands.h"
#include "request_options.h"
#include "trainflops/compare_request.h"
#include "trainflops/request_fields.h"

namespace trainflops::cli {
namespace {

// The rows of CompareFields that are not Method 1's: the FILE word and the
// hardware run's (ParseHardwareWords).
const std::vector<std::string>& NotMethod1() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> all = FieldNames(HardwareFields());
    all.push_back("model");
    return all;
  }();
  return names;
}

const std::vector<OptionSpec>& CompareOptions() {
  static const std::vector<OptionSpec> specs = [] {
    // Method 1's rows (the training ones for a spec FILE, as `estimate`
    // takes them), then the hardware run's, in phase order.
    std::vector<OptionSpec> s = OptionSpecsOf(CompareFields(), NotMethod1());
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
  TF_RETURN_IF_ERROR(SetFromOptions(CompareFields(), a, open, r, NotMethod1()));
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
