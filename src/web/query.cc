#include "query.h"

#include <algorithm>
#include <array>

#include "trainflops/input_limits.h"

namespace trainflops::web {
namespace {

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// 0-63 for a base64 digit, -1 otherwise (RFC 4648, table 1).
int Base64Value(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

bool IsShellSafe(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         std::string_view("_@%+=:,./-").find(c) != std::string_view::npos;
}

bool NeedsEscapes(std::string_view word) {
  for (char c : word) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte >= 0x7f) return true;
  }
  return false;
}

}  // namespace

Result<std::string> PercentDecode(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '+') {
      out += ' ';
    } else if (text[i] != '%') {
      out += text[i];
    } else {
      const int high = i + 1 < text.size() ? HexValue(text[i + 1]) : -1;
      const int low = i + 2 < text.size() ? HexValue(text[i + 2]) : -1;
      if (high < 0 || low < 0) {
        return Status::InvalidArgument("query string: '" + std::string(text.substr(i, 3)) +
                                       "' is not a percent-escape (accepted: %XX, X hexadecimal)");
      }
      out += static_cast<char>(high * 16 + low);
      i += 2;
    }
  }
  return out;
}

Result<std::vector<QueryParam>> ParseQuery(std::string_view query) {
  std::vector<QueryParam> params;
  while (!query.empty()) {
    const size_t amp = query.find('&');
    const std::string_view piece = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
    if (piece.empty()) continue;
    const size_t eq = piece.find('=');
    QueryParam param;
    TF_ASSIGN_OR_RETURN(param.name, PercentDecode(piece.substr(0, eq)));
    if (eq != std::string_view::npos) {
      TF_ASSIGN_OR_RETURN(param.value, PercentDecode(piece.substr(eq + 1)));
    }
    params.push_back(std::move(param));
  }
  return params;
}

Result<std::string> DecodeBase64(std::string_view text) {
  std::string out;
  unsigned bits = 0;
  int count = 0;
  size_t padding = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == ' ' || c == '\n' || c == '\r' || c == '\t') continue;
    if (c == '=') {
      ++padding;
      continue;
    }
    const int value = Base64Value(c);
    if (value < 0 || padding > 0) {
      return Status::InvalidArgument("not base64: unexpected '" + std::string(1, c) +
                                     "' at offset " + std::to_string(i) +
                                     " (accepted: A-Z a-z 0-9 + / and '=' padding at the end)");
    }
    bits = (bits << 6) | static_cast<unsigned>(value);
    count += 6;
    if (count >= 8) {
      count -= 8;
      out += static_cast<char>((bits >> count) & 0xffu);
    }
  }
  // Leftover bits must be the zero padding of a whole final group.
  if (count >= 6 || padding > 2) {
    return Status::InvalidArgument("not base64: the text stops in the middle of a group");
  }
  return out;
}

std::string ShellQuote(std::string_view word) {
  if (!word.empty() && std::all_of(word.begin(), word.end(), IsShellSafe)) {
    return std::string(word);
  }
  if (!NeedsEscapes(word)) {
    std::string out = "'";
    for (char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
  }
  static constexpr std::array<char, 16> kHex = {'0', '1', '2', '3', '4', '5', '6', '7',
                                                '8', '9', 'a', 'b', 'c', 'd', 'e', 'f'};
  std::string out = "$'";
  for (char c : word) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte >= 0x7f || c == '\'' || c == '\\') {
      out += "\\x";
      out += kHex[byte >> 4];
      out += kHex[byte & 0xf];
    } else {
      out += c;
    }
  }
  return out + "'";
}

std::string CommandLine(std::string_view command, const std::vector<std::string>& args,
                        size_t max_bytes) {
  std::string out = "trainflops " + ShellQuote(command);
  for (const std::string& a : args) out.append(" ").append(ShellQuote(a));
  if (out.size() <= max_bytes) return out;
  out = "trainflops " + ShellQuote(Abbreviate(command));
  for (const std::string& a : args) out.append(" ").append(ShellQuote(Abbreviate(a)));
  // Abbreviate appends "... (N bytes)": leave room for it.
  return out.size() <= max_bytes ? out : Abbreviate(out, max_bytes > 64 ? max_bytes - 64 : 0);
}

}  // namespace trainflops::web
