#include "commands.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "trainflops/text.h"

namespace trainflops::cli {

const std::vector<Command>& Commands() {
  static const std::vector<Command> commands = {
      {"estimate", "Method 1: count a model's operations from a spec file", RunEstimate},
      {"layer", "one layer's parameters and forward FLOP (Table 1 of Sevilla et al. 2022)", RunLayer},
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
      {"serve", "the local web page and HTTP API (http://127.0.0.1:8080/)", RunServe},
  };
  return commands;
}

namespace {

// The uploads of the web request this thread is serving (UploadScope), or
// null when the file system is used.
thread_local const std::map<std::string, std::string>* active_uploads = nullptr;

Result<const std::string*> FindUpload(const std::string& path) {
  const auto it = active_uploads->find(path);
  if (it != active_uploads->end()) return &it->second;
  std::vector<std::string> names;
  for (const auto& [name, bytes] : *active_uploads) names.push_back(name);
  return Status::InvalidArgument(
      "'" + path +
      "' is not an uploaded file; the web API reads only the files sent with the request" +
      (names.empty() ? std::string(" (none were sent)")
                     : DidYouMean(path, names) + " (uploaded: " + JoinNames(names) + ")"));
}

}  // namespace

UploadScope::UploadScope(const std::map<std::string, std::string>& uploads)
    : previous_(active_uploads) {
  active_uploads = &uploads;
}

UploadScope::~UploadScope() { active_uploads = previous_; }

Result<std::unique_ptr<ByteSource>> OpenInput(const std::string& path) {
  if (active_uploads == nullptr) return OpenFileByteSource(path);
  TF_ASSIGN_OR_RETURN(const std::string* bytes, FindUpload(path));
  return std::unique_ptr<ByteSource>(std::make_unique<MemoryByteSource>(*bytes));
}

Result<std::string> ReadFile(const std::string& path) {
  if (active_uploads != nullptr) {
    TF_ASSIGN_OR_RETURN(const std::string* bytes, FindUpload(path));
    return *bytes;
  }
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
