// trainflops: estimate the compute used to train a deep-learning model.
// A thin main: pick the subcommand from the table, run it, map the Status to
// an exit code and a one-line message on stderr.
#include <iostream>
#include <sstream>

#include "commands.h"
#include "trainflops/text.h"

namespace {

using trainflops::cli::Commands;

std::string Usage() {
  std::string out =
      "usage: trainflops COMMAND [options]   (trainflops COMMAND --help for details)\n\n"
      "commands:\n";
  for (const auto& c : Commands()) out += "  " + std::string(c.name) + std::string(12 - std::string(c.name).size(), ' ') + c.summary + "\n";
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace trainflops::cli;
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
  std::vector<std::string> names;
  for (const Command& c : Commands()) {
    names.push_back(c.name);
    if (name != c.name) continue;
    std::ostringstream out;
    const trainflops::Status status = c.run(std::vector<std::string>(argv + 2, argv + argc), out);
    if (IsHelpShown(status)) {
      std::cout << out.str();
      return kExitOk;
    }
    if (!status.ok()) {
      // A last guard: whatever a message quotes, one error is at most a few lines.
      std::cerr << "trainflops " << name
                << ": error: " << trainflops::Abbreviate(status.message(), 2000) << "\n";
      return status.code() == trainflops::StatusCode::kOk ? kExitOk : kExitUsage;
    }
    std::cout << out.str();
    return kExitOk;
  }
  std::cerr << "trainflops: error: unknown command '" << name << "'"
            << trainflops::DidYouMean(name, names) << " (accepted: " << trainflops::JoinNames(names)
            << ")\n";
  return kExitUsage;
}
