// libFuzzer target for the web API's pure handler (src/web/api.h): arbitrary
// method, path, query, content type, Host and body bytes must give a response
// with a status the API documents, never a crash and never a 500 (an
// exception or internal error on bad input), and every error body must be
// one JSON object {"error": ...}.
//
// Input layout: five fields separated by '\n' (method, path, query,
// content type, host), then the body: the rest of the bytes. When the
// content type starts with "multipart/", the body is instead the form's parts
// (httplib splits real ones): separated by 0x1e, each "name 0x1f filename
// 0x1f content". Seeds are in fuzz/corpus/http/.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "api.h"

namespace {

void Check(bool condition) {
  if (!condition) std::abort();
}

// Cuts the next '\n'-terminated field off `rest` (all of it if none).
std::string NextField(std::string_view& rest) {
  const size_t nl = rest.find('\n');
  const std::string field(rest.substr(0, nl));
  rest = nl == std::string_view::npos ? std::string_view() : rest.substr(nl + 1);
  return field;
}

// "a\x1fb\x1fc\x1e..." -> parts {a, b, c}, ...; missing pieces are empty.
std::vector<trainflops::web::FormPart> Parts(std::string_view body) {
  std::vector<trainflops::web::FormPart> parts;
  while (!body.empty()) {
    const size_t end = body.find('\x1e');
    std::string_view part = body.substr(0, end);
    body = end == std::string_view::npos ? std::string_view() : body.substr(end + 1);
    std::string pieces[3];
    for (int i = 0; i < 2; ++i) {
      const size_t cut = part.find('\x1f');
      pieces[i] = std::string(part.substr(0, cut));
      part = cut == std::string_view::npos ? std::string_view() : part.substr(cut + 1);
    }
    pieces[2] = std::string(part);
    parts.push_back({pieces[0], pieces[1], pieces[2]});
  }
  return parts;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view rest(reinterpret_cast<const char*>(data), size);
  trainflops::web::HttpRequest request;
  request.method = NextField(rest);
  request.path = NextField(rest);
  request.query = NextField(rest);
  request.content_type = NextField(rest);
  request.host = NextField(rest);
  if (request.content_type.rfind("multipart/", 0) == 0) {
    request.parts = Parts(rest);
  } else {
    request.body = std::string(rest);
  }

  trainflops::web::ApiOptions options;
  options.max_body = 1 << 20;
  options.allowed_hosts = {"127.0.0.1", "localhost"};
  const trainflops::web::HttpResponse r = trainflops::web::Handle(request, options);
  const int status = r.status;
  Check(status == 200 || status == 400 || status == 403 || status == 404 || status == 405 ||
        status == 413);
  Check(!r.content_type.empty());
  if (status != 200) {
    Check(r.content_type == "application/json");
    const nlohmann::json j = nlohmann::json::parse(r.body, nullptr, /*allow_exceptions=*/false);
    Check(j.is_object() && j.size() == 1 && j.contains("error") && j["error"].is_string() &&
          !j["error"].get<std::string>().empty());
  } else if (r.content_type == "application/json") {
    Check(nlohmann::json::accept(r.body));
  }
  return 0;
}
