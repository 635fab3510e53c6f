// Internal: bytes gathered in a buffer and written to a stream every 64 KiB,
// so that a report of 100,000 rows (the text table of an ONNX graph's nodes,
// its JSON layers) is written in pieces and never held whole. Pieces are
// copied with memcpy and memset rather than appended to a string one small
// piece at a time.
#ifndef TRAINFLOPS_SRC_CORE_CHUNKED_WRITER_H_
#define TRAINFLOPS_SRC_CORE_CHUNKED_WRITER_H_

#include <algorithm>
#include <cstring>
#include <ostream>
#include <string>
#include <string_view>

namespace trainflops::report {

class ChunkedWriter {
 public:
  explicit ChunkedWriter(std::ostream& out) : out_(out), buf_(kFlushAt + 4096, ' ') {}
  ~ChunkedWriter() { Flush(); }
  ChunkedWriter(const ChunkedWriter&) = delete;
  ChunkedWriter& operator=(const ChunkedWriter&) = delete;

  void Bytes(std::string_view s) {
    Room(s.size());
    std::memcpy(buf_.data() + used_, s.data(), s.size());
    used_ += s.size();
  }
  void Byte(char c) {
    Room(1);
    buf_[used_++] = c;
  }
  void Spaces(size_t n) {
    Room(n);
    std::memset(buf_.data() + used_, ' ', n);
    used_ += n;
  }
  // Where the next byte goes; valid until the next flush.
  size_t Position() const { return used_; }
  // Drops the spaces that end what was written since `position`.
  void TrimSpacesAfter(size_t position) {
    while (used_ > position && buf_[used_ - 1] == ' ') --used_;
  }
  // Writes the buffer out once it holds 64 KiB or more.
  void FlushIfFull() {
    if (used_ >= kFlushAt) Flush();
  }
  void Flush() {
    out_.write(buf_.data(), static_cast<std::streamsize>(used_));
    used_ = 0;
  }

 private:
  static constexpr size_t kFlushAt = 64 * 1024;
  // A piece longer than the buffer (a 100,000-byte cell) grows it.
  void Room(size_t n) {
    if (used_ + n > buf_.size()) buf_.resize(std::max(2 * buf_.size(), used_ + n));
  }
  std::ostream& out_;
  std::string buf_;
  size_t used_ = 0;
};

}  // namespace trainflops::report

#endif  // TRAINFLOPS_SRC_CORE_CHUNKED_WRITER_H_
