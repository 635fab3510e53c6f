// trainflops: estimate the compute used to train a deep-learning model.
// A thin main: pick the subcommand from the table, parse its words into a
// library call (files read from disk), run it, and map the outcome to an
// exit code, the output on stdout and a one-line message on stderr.
#include <unistd.h>

#include <cstring>
#include <exception>
#include <iostream>
#include <sstream>

#include "commands.h"
#include "core/text.h"
#include "output_file.h"
#include "trainflops/citation.h"
#include "trainflops/input_limits.h"
#include "trainflops/trend_request.h"

namespace {

using namespace trainflops::cli;

std::string Usage() {
  std::string out =
      "usage: trainflops COMMAND [options]   (trainflops COMMAND --help for details)\n"
      "       trainflops --version\n\n"
      "commands:\n";
  for (const auto& c : Commands()) {
    out += "  " + std::string(c.name) + std::string(12 - std::string(c.name).size(), ' ') +
           c.summary + "\n";
  }
  return out;
}

// Runs the call; the output is written only when the whole command succeeded:
// a streaming command's into a buffer, a report once it is complete (its
// rendering cannot fail, so it goes straight to stdout).
trainflops::Status Execute(const Call& call) {
  if (call.stream) {
    std::ostringstream out;
    TF_RETURN_IF_ERROR(call.stream(out));
    std::cout << out.str();
    return trainflops::Status::Ok();
  }
  auto report = call.run();
  if (!report.ok()) return report.status();
  if (call.plot) {
    const auto* trend = dynamic_cast<const trainflops::TrendAnalysis*>(report->get());
    if (trend != nullptr) TF_RETURN_IF_ERROR(WriteFileAtomically(*call.plot, trend->plot_bytes()));
  }
  WriteCall(call, **report, std::cout);
  return trainflops::Status::Ok();
}

int RunCommand(const Command& command, const std::vector<std::string>& words) {
  const std::string name = command.name;
  auto fail = [&](const trainflops::Status& status) {
    // An internal error is a bug in trainflops, not the user's input.
    const bool internal = status.code() == trainflops::StatusCode::kInternal;
    // A last guard: whatever a message quotes, one error is at most a few lines.
    std::cerr << "trainflops " << name << (internal ? ": internal error: " : ": error: ")
              << trainflops::Abbreviate(OptionWording(status.message()),
                                        trainflops::kMaxErrorMessageChars)
              << "\n";
    return internal ? kExitFailure : kExitUsage;
  };
  trainflops::Result<Call> call = command.parse(words, OpenFromDisk);
  if (!call.ok()) return fail(call.status());
  if (call->help) {
    std::cout << *call->help;
    return kExitOk;
  }
  const trainflops::Status status = Execute(*call);
  if (!status.ok()) return fail(status);
  return kExitOk;
}

int Run(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "trainflops: error: missing COMMAND; usage: trainflops COMMAND [options] "
                 "(trainflops --help lists the commands)\n";
    return kExitUsage;
  }
  const std::string name = argv[1];
  if (name == "--help" || name == "-h" || name == "help") {
    std::cout << Usage();
    return kExitOk;
  }
  if (name == "--version") {
    std::cout << "trainflops " << trainflops::TrainflopsVersion() << "\n";
    return kExitOk;
  }
  std::vector<std::string> names;
  for (const Command& c : Commands()) {
    names.push_back(c.name);
    if (name != c.name) continue;
    try {
      return RunCommand(c, std::vector<std::string>(argv + 2, argv + argc));
    } catch (const std::exception& e) {
      // Bad input is reported as a Status; an exception is a bug in trainflops.
      std::cerr << "trainflops " << name << ": internal error: " << e.what() << "\n";
      return kExitFailure;
    }
  }
  std::cerr << "trainflops: error: unknown command '" << name << "'"
            << trainflops::DidYouMean(name, names) << " (accepted: " << trainflops::JoinNames(names)
            << ")\n";
  return kExitUsage;
}

// Standard output goes through a buffer that keeps the first failed write's
// errno (a full disk, a closed descriptor): output that was not all written
// is a failure (exit 1), whatever the command.
int RunWithCheckedOutput(int argc, char** argv) {
  DescriptorBuffer out(STDOUT_FILENO, /*owned=*/false);
  std::streambuf* const previous = std::cout.rdbuf(&out);
  int code = Run(argc, argv);
  const int error = out.Close();
  std::cout.rdbuf(previous);
  if (error != 0) {
    std::cerr << "trainflops: error writing to standard output: " << std::strerror(error) << "\n";
    if (code == kExitOk) code = kExitFailure;
  }
  return code;
}

}  // namespace

int main(int argc, char** argv) { return RunWithCheckedOutput(argc, argv); }
