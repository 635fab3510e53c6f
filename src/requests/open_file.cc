// The file edge that every front end shares: a file named by a path,
// opened with the limits on hostile input (input_limits.h).
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>

#include "trainflops/request.h"

namespace trainflops {
namespace {

// Owns a descriptor: closes it unless released.
class Fd {
 public:
  explicit Fd(int fd) : fd_(fd) {}
  ~Fd() {
    if (fd_ >= 0) close(fd_);
  }
  Fd(Fd&& other) noexcept : fd_(other.release()) {}
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  int get() const { return fd_; }
  int release() { return std::exchange(fd_, -1); }

 private:
  int fd_;
};

// Files read piece by piece (ONNX, checkpoints) word it as their reader does.
Status CannotOpen(const std::string& path, InputKind kind, int error) {
  if (kind == InputKind::kOnnx || kind == InputKind::kCheckpoint) {
    return Status::IoError(path + ": cannot open: " + std::strerror(error));
  }
  return Status::IoError("cannot open '" + path + "': " + std::strerror(error));
}

struct OpenedFile {
  Fd fd;
  uint64_t size;
};

// Opens a regular file within the cap of its kind. O_NONBLOCK: opening a pipe
// with no writer (or a terminal, a device) must not hang before fstat refuses
// it; a regular file reads the same with or without it.
Result<OpenedFile> OpenRegularFile(const std::string& path, InputKind kind) {
  Fd fd(open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC));
  if (fd.get() < 0) return CannotOpen(path, kind, errno);
  struct stat st {};
  if (fstat(fd.get(), &st) != 0) {
    return Status::IoError("cannot read '" + path + "': " + std::strerror(errno));
  }
  if (!S_ISREG(st.st_mode)) {
    return Status::InvalidArgument("'" + path + "' is " + NonRegularFileName(st.st_mode) +
                                   ", not a file; give the path of " +
                                   std::string(LimitOf(kind).what));
  }
  const uint64_t size = static_cast<uint64_t>(st.st_size);
  TF_RETURN_IF_ERROR(CheckInputSize(size, kind, path));
  return OpenedFile{std::move(fd), size};
}

// Reads a whole file (the only place the command line reads input whole):
// refuses what is not a regular file and a file over the cap of its kind
// before reading a byte, and never reads more than one byte past the cap.
Result<std::string> ReadFile(const std::string& path, InputKind kind) {
  TF_ASSIGN_OR_RETURN(const OpenedFile file, OpenRegularFile(path, kind));
  const uint64_t cap = LimitOf(kind).max_bytes;
  // One byte more than stat said, so that the end is seen without growing
  // the buffer (growing would briefly double the memory).
  std::string text;
  text.resize(static_cast<size_t>(file.size) + 1);
  size_t used = 0;
  while (true) {
    if (used == text.size()) {
      if (used > cap) break;  // the file grew past the cap meanwhile
      text.resize(std::min<uint64_t>(cap + 1, used + 65536));
    }
    const ssize_t n = read(file.fd.get(), text.data() + used, text.size() - used);
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

std::string NonRegularFileName(unsigned mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISCHR(mode)) return "a character device (such as /dev/zero)";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISFIFO(mode)) return "a pipe";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

Result<InputFile> OpenInputFile(const std::string& path, InputKind kind) {
  if (kind == InputKind::kOnnx || kind == InputKind::kCheckpoint) {
    TF_ASSIGN_OR_RETURN(OpenedFile file, OpenRegularFile(path, kind));
    std::shared_ptr<const ByteSource> source =
        FileByteSourceFromDescriptor(file.fd.release(), file.size, path);
    return InputFile::Source(path, std::move(source));
  }
  TF_ASSIGN_OR_RETURN(std::string bytes, ReadFile(path, kind));
  return InputFile::Owned(path, std::move(bytes));
}

}  // namespace trainflops
