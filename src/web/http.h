// The HTTP request and response the web API works on: plain values, with no
// sockets, so that the API is a pure function (api.h) that tests and the
// fuzzer call directly and the server (server.h) only adapts.
#ifndef TRAINFLOPS_SRC_WEB_HTTP_H_
#define TRAINFLOPS_SRC_WEB_HTTP_H_

#include <string>
#include <utility>
#include <vector>

namespace trainflops::web {

struct HttpRequest {
  std::string method;        // "GET", "POST", ...
  std::string path;          // decoded path without the query: "/api/hardware"
  std::string query;         // raw query string, still percent-encoded: "chip=V100&count=8"
  std::string content_type;  // the Content-Type header, "" when absent
  std::string host;          // the Host header, "" when absent
  std::string body;
};

struct HttpResponse {
  int status = 200;
  std::string content_type;
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;  // Allow, X-Trainflops-Command
};

}  // namespace trainflops::web

#endif  // TRAINFLOPS_SRC_WEB_HTTP_H_
