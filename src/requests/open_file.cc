// The file edge that every front end shares: a file named by a path,
// opened with the limits on hostile input (input_limits.h).
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "trainflops/request.h"

namespace trainflops {
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

Result<InputFile> OpenInputFile(const std::string& path, InputKind kind) {
  if (kind == InputKind::kOnnx || kind == InputKind::kCheckpoint) {
    TF_ASSIGN_OR_RETURN(std::unique_ptr<ByteSource> source, OpenFileByteSource(path));
    TF_RETURN_IF_ERROR(CheckInputSize(source->size(), kind, path));
    return InputFile::Source(path, std::shared_ptr<const ByteSource>(std::move(source)));
  }
  TF_ASSIGN_OR_RETURN(std::string bytes, ReadFile(path, kind));
  return InputFile::Owned(path, std::move(bytes));
}

}  // namespace trainflops
