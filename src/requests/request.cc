#include "trainflops/request.h"

#include <algorithm>
#include <cctype>

namespace trainflops {

InputFile InputFile::Owned(std::string name, std::string bytes) {
  InputFile f;
  f.name_ = std::move(name);
  f.owned_ = std::make_shared<const std::string>(std::move(bytes));
  f.view_ = *f.owned_;
  f.source_ = std::make_shared<MemoryByteSource>(f.view_);
  return f;
}

InputFile InputFile::View(std::string name, std::string_view bytes) {
  InputFile f;
  f.name_ = std::move(name);
  f.view_ = bytes;
  f.source_ = std::make_shared<MemoryByteSource>(bytes);
  return f;
}

InputFile InputFile::Source(std::string name, std::shared_ptr<const ByteSource> source) {
  InputFile f;
  f.name_ = std::move(name);
  f.source_ = std::move(source);
  return f;
}

Result<std::string> InputFile::Text() const {
  if (source_ == nullptr) return Status::InvalidArgument("no file given");
  if (owned_ != nullptr || view_.data() != nullptr) return std::string(view_);
  std::string bytes(source_->size(), '\0');
  TF_RETURN_IF_ERROR(source_->Read(0, bytes));
  return bytes;
}

Result<std::string_view> InputFile::TextView(std::string& storage) const {
  if (source_ == nullptr) return Status::InvalidArgument("no file given");
  if (owned_ != nullptr || view_.data() != nullptr) return view_;
  TF_ASSIGN_OR_RETURN(storage, Text());
  return std::string_view(storage);
}

std::string InputFile::Head(std::size_t n) const {
  if (source_ == nullptr) return "";
  std::string bytes(std::min<uint64_t>(n, source_->size()), '\0');
  if (!source_->Read(0, bytes).ok()) return "";
  return bytes;
}

}  // namespace trainflops
