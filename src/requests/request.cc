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

std::string InputFile::Head(std::size_t n) const {
  if (source_ == nullptr) return "";
  std::string bytes(std::min<uint64_t>(n, source_->size()), '\0');
  if (!source_->Read(0, bytes).ok()) return "";
  return bytes;
}

std::string FieldRef(std::string_view name) { return "`" + std::string(name) + "`"; }

std::string RenameFields(std::string_view message,
                         const std::function<std::string(std::string_view)>& rename) {
  std::string out;
  size_t i = 0;
  while (i < message.size()) {
    const size_t open = message.find('`', i);
    if (open == std::string_view::npos) break;
    const size_t close = message.find('`', open + 1);
    if (close == std::string_view::npos) break;
    const std::string_view name = message.substr(open + 1, close - open - 1);
    const bool field = !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
      return std::islower(static_cast<unsigned char>(c)) ||
             std::isdigit(static_cast<unsigned char>(c)) || c == '_';
    });
    out.append(message.substr(i, open - i));
    if (field) {
      out += rename(name);
      i = close + 1;
    } else {
      out += '`';
      i = open + 1;
    }
  }
  out.append(message.substr(i));
  return out;
}

}  // namespace trainflops
