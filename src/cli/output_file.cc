#include "output_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <streambuf>
#include <utility>
#include <vector>

#include "trainflops/request.h"

namespace trainflops::cli {

DescriptorBuffer::DescriptorBuffer(int fd, bool owned) : fd_(fd), owned_(owned), bytes_(65536) {
  setp(bytes_.data(), bytes_.data() + bytes_.size());
}

DescriptorBuffer::~DescriptorBuffer() {
  if (owned_ && fd_ >= 0) ::close(fd_);
}

int DescriptorBuffer::Close() {
  if (Drain() && owned_ && ::close(std::exchange(fd_, -1)) != 0 && error_ == 0) error_ = errno;
  return error_;
}

DescriptorBuffer::int_type DescriptorBuffer::overflow(int_type c) {
  if (!Drain()) return traits_type::eof();
  if (!traits_type::eq_int_type(c, traits_type::eof())) sputc(traits_type::to_char_type(c));
  return traits_type::not_eof(c);
}

int DescriptorBuffer::sync() { return Drain() ? 0 : -1; }

// After a failure the bytes are dropped: the output is lost either way, and
// the first error is the one reported.
bool DescriptorBuffer::Drain() {
  const char* at = pbase();
  while (error_ == 0 && at < pptr()) {
    const ssize_t n = ::write(fd_, at, static_cast<size_t>(pptr() - at));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) error_ = errno;
    if (n > 0) at += n;
  }
  setp(bytes_.data(), bytes_.data() + bytes_.size());
  return error_ == 0;
}

namespace {

Status CannotWrite(const std::string& path, int error) {
  return Status::IoError("cannot write '" + path + "': " + std::strerror(error));
}

// OK when `path` is free or names a regular file (through any symlinks):
// the rename must not replace a directory, device, pipe or socket.
Status CheckReplaceable(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    if (errno == ENOENT) return Status::Ok();  // a new name (or a dangling symlink, replaced)
    return CannotWrite(path, errno);
  }
  if (S_ISREG(st.st_mode)) return Status::Ok();
  return Status::InvalidArgument("'" + path + "' is " + NonRegularFileName(st.st_mode) +
                                 ": an output file replaces only a regular file; give a new "
                                 "name or a regular file's path");
}

std::string DirectoryOf(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

std::string BaseOf(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// The permissions a new file gets (0666 less the umask), which mkstemp's
// 0600 would otherwise narrow.
mode_t NewFileMode() {
  const mode_t mask = ::umask(022);
  ::umask(mask);
  return 0666 & ~mask;
}

}  // namespace

OutputFile::OutputFile(std::string path, std::string temp, int fd)
    : path_(std::move(path)),
      temp_(std::move(temp)),
      buffer_(std::make_unique<DescriptorBuffer>(fd, /*owned=*/true)),
      stream_(std::make_unique<std::ostream>(buffer_.get())) {}

OutputFile::~OutputFile() {
  if (!committed_) ::unlink(temp_.c_str());
}

Result<std::unique_ptr<OutputFile>> OutputFile::Create(const std::string& path) {
  TF_RETURN_IF_ERROR(CheckReplaceable(path));
  std::string temp = DirectoryOf(path) + "/." + BaseOf(path) + ".XXXXXX";
  const int fd = ::mkostemp(temp.data(), O_CLOEXEC);
  if (fd < 0) return CannotWrite(path, errno);
  if (::fchmod(fd, NewFileMode()) != 0) {
    const int error = errno;
    ::close(fd);
    ::unlink(temp.c_str());
    return CannotWrite(path, error);
  }
  return std::unique_ptr<OutputFile>(new OutputFile(path, std::move(temp), fd));
}

std::ostream& OutputFile::stream() { return *stream_; }

Status OutputFile::Commit() {
  stream_->flush();
  if (const int error = buffer_->Close(); error != 0) return CannotWrite(path_, error);
  TF_RETURN_IF_ERROR(CheckReplaceable(path_));
  if (::rename(temp_.c_str(), path_.c_str()) != 0) return CannotWrite(path_, errno);
  committed_ = true;
  return Status::Ok();
}

Status WriteFileAtomically(const std::string& path, const std::string& bytes) {
  TF_ASSIGN_OR_RETURN(std::unique_ptr<OutputFile> file, OutputFile::Create(path));
  file->stream().write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  return file->Commit();
}

}  // namespace trainflops::cli
