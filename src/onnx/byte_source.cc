// The two byte sources: caller-held memory and a file read with pread.
#include "trainflops/byte_source.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace trainflops {
namespace {

Status OutOfRange(uint64_t offset, uint64_t length, uint64_t size) {
  return Status::ParseError("read of " + std::to_string(length) + " bytes at byte " +
                            std::to_string(offset) + " runs past the end of the data (" +
                            std::to_string(size) + " bytes)");
}

bool InRange(uint64_t offset, uint64_t length, uint64_t size) {
  return offset <= size && length <= size - offset;
}

// pread-based source; the descriptor is closed with the object.
class FileByteSource final : public ByteSource {
 public:
  FileByteSource(int fd, uint64_t size, std::string path)
      : fd_(fd), size_(size), path_(std::move(path)) {}
  ~FileByteSource() override { ::close(fd_); }
  FileByteSource(const FileByteSource&) = delete;
  FileByteSource& operator=(const FileByteSource&) = delete;

  uint64_t size() const override { return size_; }

  Status Read(uint64_t offset, std::span<char> out) const override {
    if (!InRange(offset, out.size(), size_)) return OutOfRange(offset, out.size(), size_);
    size_t done = 0;
    while (done < out.size()) {
      const ssize_t n =
          ::pread(fd_, out.data() + done, out.size() - done, static_cast<off_t>(offset + done));
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        return Status::IoError(path_ + ": read failed at byte " + std::to_string(offset + done) +
                               ": " + (n < 0 ? std::strerror(errno) : "unexpected end of file"));
      }
      done += static_cast<size_t>(n);
    }
    return Status::Ok();
  }

 private:
  int fd_;
  uint64_t size_;
  std::string path_;
};

}  // namespace

Status MemoryByteSource::Read(uint64_t offset, std::span<char> out) const {
  if (!InRange(offset, out.size(), bytes_.size())) {
    return OutOfRange(offset, out.size(), bytes_.size());
  }
  if (!out.empty()) std::memcpy(out.data(), bytes_.data() + offset, out.size());
  return Status::Ok();
}

std::unique_ptr<ByteSource> FileByteSourceFromDescriptor(int fd, uint64_t size, std::string path) {
  return std::unique_ptr<ByteSource>(new FileByteSource(fd, size, std::move(path)));
}

Result<std::unique_ptr<ByteSource>> OpenFileByteSource(const std::string& path) {
  // O_NONBLOCK: opening a pipe with no writer must not hang before fstat.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return Status::IoError(path + ": cannot open: " + std::strerror(errno));
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    const std::string why = S_ISDIR(st.st_mode)    ? "is a directory"
                            : S_ISFIFO(st.st_mode) ? "is a pipe, not a regular file"
                                                   : "is not a regular file";
    ::close(fd);
    return Status::IoError(path + ": cannot read: " + why);
  }
  return FileByteSourceFromDescriptor(fd, static_cast<uint64_t>(st.st_size), path);
}

}  // namespace trainflops
