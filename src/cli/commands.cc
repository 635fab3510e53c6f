#include "commands.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

#include "trainflops/text.h"

namespace trainflops::cli {

const std::vector<Command>& Commands() {
  static const std::vector<Command> commands = {
      {"estimate", "Method 1: count a model's operations from a spec file", ParseEstimate},
      {"layer", "one layer's parameters and forward FLOP (Table 1 of Sevilla et al. 2022)", ParseLayer},
      {"hardware", "Method 2: chips x time x peak FLOP/s x utilization", ParseHardware},
      {"compare", "both methods side by side, their ratio and the reconciling utilization",
       ParseCompare},
      {"chips", "the hardware table: list, filter, show one chip", ParseChips},
      {"tokens", "language models: 6ND and attention-aware per-token formulas", ParseTokens},
      {"thresholds", "compare a compute figure with legal thresholds (EU AI Act, SB 53)",
       ParseThresholds},
      {"units", "convert between FLOP, multiply-adds and petaflop/s-days", ParseUnits},
      {"trend", "fit the growth of training compute over time (doubling time)", ParseTrend},
      {"batch", "estimate a whole dataset of models (CSV or JSON lines)", ParseBatch},
      {"serve", "the local web page and HTTP API (http://127.0.0.1:8080/)", ParseServe},
  };
  return commands;
}

std::string OptionWording(std::string_view message) {
  // Fields whose option is spelled otherwise (repeatable options are
  // singular) or that are positional words.
  static const std::map<std::string, std::string, std::less<>> kSpelling = {
      {"dims", "--dim"},     {"stages", "--stage"},
      {"breaks", "--break"}, {"quantiles", "--quantile"},
      {"model", "FILE"},     {"amount", "AMOUNT"},
      {"flop", "FLOP"},      {"type", "TYPE"},
      {"filter", "FILTER"},  {"show", "show NAME"},
  };
  return RenameFields(message, [](std::string_view field) {
    if (const auto it = kSpelling.find(field); it != kSpelling.end()) return it->second;
    std::string option = "--" + std::string(field);
    for (char& c : option) {
      if (c == '_') c = '-';
    }
    return option;
  });
}

namespace {

bool EndsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

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

// Reads a whole file (the only place the command line reads input whole):
// refuses what is not a regular file and a file over the cap of its kind
// before reading a byte, and never reads more than one byte past the cap.
Result<std::string> ReadFile(const std::string& path, InputKind kind) {
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
  const uint64_t cap = LimitOf(kind).max_bytes;
  // One byte more than stat said, so that the end is seen without growing
  // the buffer (growing would briefly double the memory).
  std::string text;
  text.resize(static_cast<size_t>(size) + 1);
  size_t used = 0;
  while (true) {
    if (used == text.size()) {
      if (used > cap) break;  // the file grew past the cap meanwhile
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

}  // namespace

InputKind ModelInputKind(const std::string& name) {
  const std::string lower = ToLower(name);
  if (EndsWith(lower, ".onnx")) return InputKind::kOnnx;
  if (EndsWith(lower, ".json")) return InputKind::kJsonConfig;
  return InputKind::kSpec;
}

Result<InputFile> OpenFromDisk(const std::string& path, InputKind kind) {
  if (kind == InputKind::kOnnx) {
    TF_ASSIGN_OR_RETURN(std::unique_ptr<ByteSource> source, OpenFileByteSource(path));
    TF_RETURN_IF_ERROR(CheckInputSize(source->size(), kind, path));
    return InputFile::Source(path, std::shared_ptr<const ByteSource>(std::move(source)));
  }
  TF_ASSIGN_OR_RETURN(std::string bytes, ReadFile(path, kind));
  return InputFile::Owned(path, std::move(bytes));
}

Status WriteFileAtomically(const std::string& path, const std::string& bytes) {
  const std::string temp = path + ".tmp." + std::to_string(getpid());
  std::ofstream out(temp, std::ios::binary | std::ios::trunc);
  if (!out) return Status::IoError("cannot write '" + path + "': " + std::strerror(errno));
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) {
    std::remove(temp.c_str());
    return Status::IoError("cannot write '" + path + "'");
  }
  if (std::rename(temp.c_str(), path.c_str()) != 0) {
    const int error = errno;
    std::remove(temp.c_str());
    return Status::IoError("cannot write '" + path + "': " + std::strerror(error));
  }
  return Status::Ok();
}

}  // namespace trainflops::cli
