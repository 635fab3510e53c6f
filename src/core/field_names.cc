#include "trainflops/field_names.h"

#include <algorithm>
#include <cctype>

namespace trainflops {

// Appended rather than "`" + std::string(name): GCC 12 at -O3 warns
// falsely (-Wrestrict, GCC bug 105329) on a literal + temporary string.
std::string FieldRef(std::string_view name) { return std::string("`").append(name).append("`"); }

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
