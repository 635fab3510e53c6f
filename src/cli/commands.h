// The subcommands, as a table (ninja style): name, summary, entry point.
#ifndef TRAINFLOPS_SRC_CLI_COMMANDS_H_
#define TRAINFLOPS_SRC_CLI_COMMANDS_H_

#include <iosfwd>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "trainflops/byte_source.h"
#include "trainflops/input_limits.h"
#include "trainflops/status.h"

namespace trainflops::cli {

// Exit codes: 0 success, 2 bad usage or bad input, 1 internal failure.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;
inline constexpr int kExitUsage = 2;

struct Command {
  const char* name;
  const char* summary;
  // Writes the result to `out` only when the whole command succeeded.
  Status (*run)(const std::vector<std::string>& args, std::ostream& out);
};

const std::vector<Command>& Commands();

Status RunEstimate(const std::vector<std::string>& args, std::ostream& out);
Status RunLayer(const std::vector<std::string>& args, std::ostream& out);
Status RunUnits(const std::vector<std::string>& args, std::ostream& out);
// Method 2 and the cross-check (hardware subsystem).
Status RunChips(const std::vector<std::string>& args, std::ostream& out);
Status RunHardware(const std::vector<std::string>& args, std::ostream& out);
Status RunCompare(const std::vector<std::string>& args, std::ostream& out);
// Language models (llm subsystem).
Status RunTokens(const std::vector<std::string>& args, std::ostream& out);
Status RunThresholds(const std::vector<std::string>& args, std::ostream& out);
// `estimate` on other inputs: RunEstimate dispatches here for a Hugging Face
// config.json or an .onnx file, passing its whole argument list.
Status RunEstimateHfConfig(const std::vector<std::string>& args, std::ostream& out);
Status RunEstimateOnnx(const std::vector<std::string>& args, std::ostream& out);
// `trainflops serve`: the local web page and HTTP API (src/web).
Status RunServe(const std::vector<std::string>& args, std::ostream& out);
// Compute trends (trend subsystem).
Status RunTrend(const std::vector<std::string>& args, std::ostream& out);
// Whole datasets of models (batch subsystem).
Status RunBatch(const std::vector<std::string>& args, std::ostream& out);
// True when `text` looks like a Hugging Face config (a JSON object with
// "model_type" or "architectures").
bool LooksLikeHfConfig(const std::string& text);

// Reads a whole file (the only place the CLI touches the file system for input).
// Refuses what is not a regular file (a directory, /dev/zero, a pipe) and a
// file over the size cap of its kind (LimitOf), before reading a byte.
Result<std::string> ReadFile(const std::string& path, InputKind kind);
// Opens a file for random access (ONNX graphs): a file-backed ByteSource, with
// the ONNX size cap.
Result<std::unique_ptr<ByteSource>> OpenInput(const std::string& path);

// While an UploadScope is alive on the calling thread, ReadFile and OpenInput
// serve the named uploads (name -> bytes) instead of the file system and
// refuse every other path, so that a command run for a web request can read
// what the request carried and nothing else on the server's disk (src/web).
// `uploads` must outlive the scope.
class UploadScope {
 public:
  explicit UploadScope(const std::map<std::string, std::string>& uploads);
  ~UploadScope();
  UploadScope(const UploadScope&) = delete;
  UploadScope& operator=(const UploadScope&) = delete;

 private:
  const std::map<std::string, std::string>* previous_;
};

// Status a command returns after printing its --help text.
Status HelpShown();
bool IsHelpShown(const Status& status);

}  // namespace trainflops::cli

#endif  // TRAINFLOPS_SRC_CLI_COMMANDS_H_
