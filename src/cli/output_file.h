// Files the command line writes (batch --output and --summary-json, trend
// --plot): written under an unpredictable name beside the target and renamed
// over it only when complete.
#ifndef TRAINFLOPS_SRC_CLI_OUTPUT_FILE_H_
#define TRAINFLOPS_SRC_CLI_OUTPUT_FILE_H_

#include <memory>
#include <ostream>
#include <streambuf>
#include <string>
#include <vector>

#include "trainflops/status.h"

namespace trainflops::cli {

// A stream buffer over a file descriptor that keeps the errno of the first
// failed write, so that the caller can say why the output was lost.
class DescriptorBuffer final : public std::streambuf {
 public:
  // An owned descriptor is closed by Close() or the destructor.
  DescriptorBuffer(int fd, bool owned);
  ~DescriptorBuffer() override;
  DescriptorBuffer(const DescriptorBuffer&) = delete;
  DescriptorBuffer& operator=(const DescriptorBuffer&) = delete;

  // Writes what is buffered (and closes an owned descriptor): 0, or the
  // errno of the first failure.
  int Close();

 protected:
  int_type overflow(int_type c) override;
  int sync() override;

 private:
  bool Drain();

  int fd_;
  bool owned_;
  std::vector<char> bytes_;
  int error_ = 0;
};

// The temporary file is created by mkstemp in the target's directory, so it
// is new (O_EXCL): a symlink planted at a guessable name is never followed.
// The rename replaces only a regular file (or a symlink to one) or takes a
// new name; a directory, device, pipe or socket at the path is refused
// before anything is written, and again just before the rename. A run that
// fails (or never commits) removes the temporary file.
class OutputFile {
 public:
  static Result<std::unique_ptr<OutputFile>> Create(const std::string& path);
  ~OutputFile();
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  std::ostream& stream();
  // Flushes, checks every write, and renames the file over the path.
  Status Commit();

 private:
  OutputFile(std::string path, std::string temp, int fd);

  std::string path_, temp_;
  std::unique_ptr<DescriptorBuffer> buffer_;
  std::unique_ptr<std::ostream> stream_;
  bool committed_ = false;
};

// Writes `bytes` to `path` through an OutputFile.
Status WriteFileAtomically(const std::string& path, const std::string& bytes);

}  // namespace trainflops::cli

#endif  // TRAINFLOPS_SRC_CLI_OUTPUT_FILE_H_
