#include "commands.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "trainflops/text.h"

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
  std::unique_ptr<ByteSource> source;
  if (active_uploads == nullptr) {
    TF_ASSIGN_OR_RETURN(source, OpenFileByteSource(path));
  } else {
    TF_ASSIGN_OR_RETURN(const std::string* bytes, FindUpload(path));
    source = std::make_unique<MemoryByteSource>(*bytes);
  }
  TF_RETURN_IF_ERROR(CheckInputSize(source->size(), InputKind::kOnnx, path));
  return source;
}

namespace {

// What a non-regular file is, for the error message.
std::string FileTypeName(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISCHR(mode)) return "a character device (such as /dev/zero)";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISFIFO(mode)) return "a pipe";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

// Closes the descriptor however the read ends.
class Fd {
 public:
  explicit Fd(int fd) : fd_(fd) {}
  ~Fd() {
    if (fd_ >= 0) close(fd_);
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  int get() const { return fd_; }

 private:
  int fd_;
};

}  // namespace

Result<std::string> ReadFile(const std::string& path, InputKind kind) {
  if (active_uploads != nullptr) {
    TF_ASSIGN_OR_RETURN(const std::string* bytes, FindUpload(path));
    TF_RETURN_IF_ERROR(CheckInputSize(bytes->size(), kind, path));
    return *bytes;
  }
  // O_NONBLOCK: opening a pipe with no writer must not hang before fstat.
  const Fd fd(open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC));
  if (fd.get() < 0) return Status::IoError("cannot open '" + path + "': " + std::strerror(errno));
  struct stat st {};
  if (fstat(fd.get(), &st) != 0) {
    return Status::IoError("cannot read '" + path + "': " + std::strerror(errno));
  }
  if (!S_ISREG(st.st_mode)) {
    return Status::InvalidArgument("'" + path + "' is " + FileTypeName(st.st_mode) +
                                   ", not a file; give the path of " +
                                   std::string(LimitOf(kind).what));
  }
  const uint64_t size = static_cast<uint64_t>(st.st_size);
  TF_RETURN_IF_ERROR(CheckInputSize(size, kind, path));
  // Read at most one byte past the cap, in case the file grows meanwhile.
  const uint64_t cap = LimitOf(kind).max_bytes;
  // One byte more than stat said, so that the end is seen without growing
  // the buffer (growing would briefly double the memory).
  std::string text;
  text.resize(static_cast<size_t>(size) + 1);
  size_t used = 0;
  while (true) {
    if (used == text.size()) {
      if (used > cap) break;
      text.resize(std::min<uint64_t>(cap + 1, used + 65536));
    }
    const ssize_t n = read(fd.get(), text.data() + used, text.size() - used);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return Status::IoError("cannot read '" + path + "': " + std::strerror(errno));
    if (n == 0) break;
    used += static_cast<size_t>(n);
  }
  text.resize(used);
  TF_RETURN_IF_ERROR(CheckInputSize(used, kind, path));
  return text;
}

namespace {
const char kHelpShown[] = "\x01help";
}

Status HelpShown() { return Status::NotFound(kHelpShown); }
bool IsHelpShown(const Status& status) {
  return status.code() == StatusCode::kNotFound && status.message() == kHelpShown;
}

}  // namespace trainflops::cli
