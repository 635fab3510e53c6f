// The HTTP request and response the web API works on: plain values, with no
// sockets, so that the API is a pure function (api.h) that tests and the
// fuzzer call directly and the server (server.h) only adapts.
#ifndef TRAINFLOPS_SRC_WEB_HTTP_H_
#define TRAINFLOPS_SRC_WEB_HTTP_H_

#include <string>
#include <utility>
#include <vector>

namespace trainflops::web {

// One part of a multipart/form-data body (an HTML form, `curl -F`): a file
// when it has a file name, else a field.
struct FormPart {
  std::string name;      // the form field's name: "file", "epochs"
  std::string filename;  // "" for a plain field
  std::string content;
};

struct HttpRequest {
  std::string method;           // "GET", "POST", ...
  std::string path;             // decoded path without the query: "/api/hardware"
  std::string query;            // raw query string, still percent-encoded: "chip=V100&count=8"
  std::string content_type;     // the Content-Type header, "" when absent
  std::string host;             // the Host header, "" when absent
  std::string body;             // the body, unless it was multipart
  std::string origin;           // the Origin header, "" when absent
  std::string fetch_site;       // the Sec-Fetch-Site header: "same-origin", "cross-site", ...
  std::vector<FormPart> parts;  // a multipart/form-data body, in order
};

struct HttpResponse {
  int status = 200;
  std::string content_type;
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;  // Allow, X-Trainflops-Command
};

}  // namespace trainflops::web

#endif  // TRAINFLOPS_SRC_WEB_HTTP_H_
