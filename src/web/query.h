// Query strings and the small encodings the API accepts: percent-decoding
// (RFC 3986 section 2.1, with '+' as a space as HTML forms send it), base64
// for binary uploads in a JSON body (RFC 4648 section 4), and the shell
// quoting of the equivalent command line.
#ifndef TRAINFLOPS_SRC_WEB_QUERY_H_
#define TRAINFLOPS_SRC_WEB_QUERY_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "trainflops/status.h"

namespace trainflops::web {

struct QueryParam {
  std::string name;
  std::optional<std::string> value;  // nullopt for "?json" (no '=')
};

// "a=1&b&c=x%20y" -> (a, 1), (b, -), (c, "x y"), in order; empty pieces
// ("a=1&&b") are skipped. A bad escape ("%zz", "%4") is an error naming it.
Result<std::vector<QueryParam>> ParseQuery(std::string_view query);
Result<std::string> PercentDecode(std::string_view text);

// Standard base64 with '=' padding; whitespace is ignored.
Result<std::string> DecodeBase64(std::string_view text);

// One word as a POSIX shell reads it back: plain when safe, else in single
// quotes, or as $'...' with \xNN escapes when it holds control or non-ASCII
// bytes (so that the result is also a valid HTTP header value).
std::string ShellQuote(std::string_view word);
// "trainflops COMMAND ARG..." with every word quoted as needed. A line over
// `max_bytes` (a response header: clients refuse header lines over 8 KiB)
// has its long words shortened, as error messages quote them; it then no
// longer reproduces the run, which such words could not on a shell anyway.
std::string CommandLine(std::string_view command, const std::vector<std::string>& args,
                        size_t max_bytes = 4096);

}  // namespace trainflops::web

#endif  // TRAINFLOPS_SRC_WEB_QUERY_H_
