// The API's side of the server: its handlers, and the Host names a server
// answers to. No sockets and no httplib here (server.cc has them).
#include <algorithm>

#include "core/text.h"
#include "server.h"
#include "trainflops/input_limits.h"

namespace trainflops::web {
namespace {

// The requests the server refuses before the API sees them (ServerHandlers::refuse).
std::string RefusalMessage(int status, const std::string& method, size_t max_body,
                           size_t max_uri_length) {
  static const std::vector<std::string> kMethods = {"GET", "HEAD", "POST"};
  switch (status) {
    case 413:
      return "the request body is over the limit of " + WithThousands(max_body) +
             " bytes (the server's --max-body)";
    case 414:
      return "the request line is over " + WithThousands(max_uri_length) +
             " bytes: send long inputs in the body instead (a file, a form, or a JSON envelope; "
             "docs/web.md)";
    case 400:
      if (!method.empty() &&
          std::find(kMethods.begin(), kMethods.end(), method) == kMethods.end()) {
        return "method '" + Abbreviate(method) + "' is not accepted (accepted: GET, HEAD, POST)";
      }
      return "the server could not read this HTTP request: a malformed request line, header or "
             "chunked body";
    default:
      return "the server could not accept this HTTP request (status " + std::to_string(status) +
             ")";
  }
}

}  // namespace

ServerHandlers ApiHandlers(const ServerOptions& options) {
  ApiOptions api;
  api.max_body = options.max_body;
  api.allowed_hosts = AllowedHostsFor(options.host, options.allow_hosts);
  const size_t max_body = options.max_body;
  return {[api](const HttpRequest& request) { return Handle(request, api); },
          [max_body](int status, const std::string& method, size_t max_uri_length) {
            return JsonError(status, RefusalMessage(status, method, max_body, max_uri_length));
          }};
}

bool IsLoopback(const std::string& host) {
  const std::string h = ToLower(host);
  return h == "localhost" || h == "::1" || h == "[::1]" || h.rfind("127.", 0) == 0;
}

std::vector<std::string> AllowedHostsFor(const std::string& host,
                                         const std::vector<std::string>& extra) {
  if (std::find(extra.begin(), extra.end(), "*") != extra.end()) return {};
  std::vector<std::string> hosts = {"127.0.0.1", "localhost", "[::1]"};
  const auto add = [&hosts](const std::string& name) {
    const std::string bracketed =
        name.find(':') != std::string::npos && name.front() != '[' ? "[" + name + "]" : name;
    if (std::find(hosts.begin(), hosts.end(), ToLower(bracketed)) == hosts.end()) {
      hosts.push_back(ToLower(bracketed));
    }
  };
  // Even a wildcard: the printed URL (http://0.0.0.0:8080/) opens with it, and
  // a rebinding attack sends its own name, never this one.
  add(host);
  for (const std::string& name : extra) add(name);
  return hosts;
}

}  // namespace trainflops::web
