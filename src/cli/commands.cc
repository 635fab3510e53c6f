#include "commands.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace trainflops::cli {

const std::vector<Command>& Commands() {
  static const std::vector<Command> commands = {
      {"estimate", "Method 1: count a model's operations from a spec file", RunEstimate},
      {"layer", "one layer's parameters and forward FLOP (the seeds' Table 1)", RunLayer},
      {"hardware", "Method 2: chips x time x peak FLOP/s x utilization", RunHardware},
      {"compare", "both methods side by side, their ratio and the reconciling utilization",
       RunCompare},
      {"chips", "the hardware table: list, filter, show one chip", RunChips},
      {"tokens", "language models: 6ND and attention-aware per-token formulas", RunTokens},
      {"thresholds", "compare a compute figure with legal thresholds (EU AI Act, SB 53)",
       RunThresholds},
      {"units", "convert between FLOP, multiply-adds and petaflop/s-days", RunUnits},
      {"trend", "fit the growth of training compute over time (doubling time)", RunTrend},
      {"batch", "estimate a whole dataset of models (CSV or JSON lines)", RunBatch},
  };
  return commands;
}

Result<std::string> ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return Status::IoError("cannot open '" + path + "': " + std::strerror(errno));
  }
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) return Status::IoError("cannot read '" + path + "'");
  return buffer.str();
}

namespace {
const char kHelpShown[] = "\x01help";
}

Status HelpShown() { return Status::NotFound(kHelpShown); }
bool IsHelpShown(const Status& status) {
  return status.code() == StatusCode::kNotFound && status.message() == kHelpShown;
}

}  // namespace trainflops::cli
