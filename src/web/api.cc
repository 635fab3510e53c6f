#include "api.h"

#include <algorithm>
#include <exception>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string_view>

#include "batch_endpoint.h"
#include "core/estimate_json.h"
#include "core/text.h"
#include "cost.h"
#include "query.h"
#include "request_args.h"
#include "trainflops/citation.h"
#include "trainflops/input_limits.h"
#include "trainflops/units.h"
#include "web_commands.h"

namespace trainflops::embedded {
extern const char web_index_html[];
extern const unsigned long web_index_html_size;
extern const char web_app_js[];
extern const unsigned long web_app_js_size;
extern const char web_style_css[];
extern const unsigned long web_style_css_size;
extern const char web_view_js[];
extern const unsigned long web_view_js_size;
extern const char web_charts_js[];
extern const unsigned long web_charts_js_size;
extern const char web_share_js[];
extern const unsigned long web_share_js_size;
extern const char web_favicon_svg[];
extern const unsigned long web_favicon_svg_size;
extern const char web_presets_json[];
extern const unsigned long web_presets_json_size;
extern const char epoch_notable_models_csv[];  // the evidence engine's record
extern const unsigned long epoch_notable_models_csv_size;
extern const char web_doc_spec_format_md[];
extern const unsigned long web_doc_spec_format_md_size;
extern const char web_doc_evidence_md[];
extern const unsigned long web_doc_evidence_md_size;
extern const char web_doc_ledger_md[];
extern const unsigned long web_doc_ledger_md_size;
extern const char web_ledger_deepseek_v3_yaml[];
extern const unsigned long web_ledger_deepseek_v3_yaml_size;
extern const char web_ledger_synthetic_nonpublic_yaml[];
extern const unsigned long web_ledger_synthetic_nonpublic_yaml_size;
extern const char web_ledger_modifier_above_yaml[];
extern const unsigned long web_ledger_modifier_above_yaml_size;
extern const char web_ledger_forecast_2_yaml[];
extern const unsigned long web_ledger_forecast_2_yaml_size;
extern const char web_doc_trend_md[];
extern const unsigned long web_doc_trend_md_size;
extern const char web_doc_web_md[];
extern const unsigned long web_doc_web_md_size;
extern const char web_doc_batch_md[];
extern const unsigned long web_doc_batch_md_size;
}  // namespace trainflops::embedded

namespace trainflops::web {
namespace {

struct Asset {
  std::string path;
  std::string content_type;
  std::string_view bytes;
};

// Plain text, so that a browser shows a guide rather than downloading it.
constexpr const char* kMarkdown = "text/plain; charset=utf-8";

const std::vector<Asset>& Assets() {
  using namespace embedded;
  static const std::vector<Asset> assets = {
      {"/", "text/html; charset=utf-8", {web_index_html, web_index_html_size}},
      {"/index.html", "text/html; charset=utf-8", {web_index_html, web_index_html_size}},
      {"/app.js", "text/javascript; charset=utf-8", {web_app_js, web_app_js_size}},
      {"/style.css", "text/css; charset=utf-8", {web_style_css, web_style_css_size}},
      {"/view.js", "text/javascript; charset=utf-8", {web_view_js, web_view_js_size}},
      {"/charts.js", "text/javascript; charset=utf-8", {web_charts_js, web_charts_js_size}},
      {"/share.js", "text/javascript; charset=utf-8", {web_share_js, web_share_js_size}},
      {"/favicon.svg", "image/svg+xml", {web_favicon_svg, web_favicon_svg_size}},
      // Data the page places results among; served here, as the page loads
      // nothing from elsewhere.
      {"/presets.json", "application/json", {web_presets_json, web_presets_json_size}},
      {"/data/epoch_notable_models_dev.csv",
       "text/csv; charset=utf-8",
       {epoch_notable_models_csv, epoch_notable_models_csv_size}},
      // The guides the page links to.
      {"/docs/spec-format.md", kMarkdown, {web_doc_spec_format_md, web_doc_spec_format_md_size}},
      {"/docs/evidence.md", kMarkdown, {web_doc_evidence_md, web_doc_evidence_md_size}},
      {"/docs/ledger.md", kMarkdown, {web_doc_ledger_md, web_doc_ledger_md_size}},
      {"/docs/trend.md", kMarkdown, {web_doc_trend_md, web_doc_trend_md_size}},
      {"/docs/batch.md", kMarkdown, {web_doc_batch_md, web_doc_batch_md_size}},
      // The Filing tab's examples (examples/ledger/).
      {"/examples/ledger/deepseek-v3.yaml",
       kMarkdown,
       {web_ledger_deepseek_v3_yaml, web_ledger_deepseek_v3_yaml_size}},
      {"/examples/ledger/synthetic-nonpublic.yaml",
       kMarkdown,
       {web_ledger_synthetic_nonpublic_yaml, web_ledger_synthetic_nonpublic_yaml_size}},
      {"/examples/ledger/modifier-above.yaml",
       kMarkdown,
       {web_ledger_modifier_above_yaml, web_ledger_modifier_above_yaml_size}},
      {"/examples/ledger/forecast-2.yaml",
       kMarkdown,
       {web_ledger_forecast_2_yaml, web_ledger_forecast_2_yaml_size}},
      {"/docs/web.md", kMarkdown, {web_doc_web_md, web_doc_web_md_size}},
  };
  return assets;
}

// The command an /api/NAME path runs (web_commands.h), or nullptr.
const WebCommand* FindApiCommand(const std::string& path) {
  if (!path.starts_with("/api/")) return nullptr;
  return FindWebCommand(std::string_view(path).substr(5));
}

HttpResponse Text(int status, std::string content_type, std::string body) {
  HttpResponse r;
  r.status = status;
  r.content_type = std::move(content_type);
  r.body = std::move(body);
  return r;
}

// "127.0.0.1:8080" -> "127.0.0.1", "[::1]:8080" -> "[::1]", lower-cased.
std::string HostName(const std::string& host) {
  if (!host.empty() && host.front() == '[') return ToLower(host.substr(0, host.find(']') + 1));
  return ToLower(host.substr(0, host.find(':')));
}

bool HostAllowed(const std::string& host, const ApiOptions& options) {
  if (options.allowed_hosts.empty() || host.empty()) return true;
  const std::string name = HostName(host);
  return std::any_of(options.allowed_hosts.begin(), options.allowed_hosts.end(),
                     [&](const std::string& a) { return ToLower(a) == name; });
}

// A page on another site can make the user's browser send requests here (a
// form post, a fetch in no-cors mode, an image). Browsers say who sent them:
// Origin (RFC 6454) and Sec-Fetch-Site (W3C Fetch Metadata). The server
// answers its own page, a typed URL ("none"), and clients that send neither
// (curl, scripts); the reason it refuses anything else, or "".
std::string CrossSiteReason(const HttpRequest& r) {
  const std::string site = ToLower(Trim(r.fetch_site));
  if (!site.empty() && site != "same-origin" && site != "none") {
    return "Sec-Fetch-Site is '" + Abbreviate(r.fetch_site) + "'";
  }
  if (!r.origin.empty() && ToLower(Trim(r.origin)) != "http://" + ToLower(r.host)) {
    return "Origin '" + Abbreviate(r.origin) + "' is not this server's (http://" +
           Abbreviate(r.host) + ")";
  }
  return "";
}

HttpResponse MethodNotAllowed(const HttpRequest& request, const std::vector<std::string>& allowed) {
  HttpResponse r = JsonError(405, "method '" + request.method + "' is not allowed on " +
                                      request.path + " (accepted: " + JoinNames(allowed) + ")");
  r.headers.emplace_back("Allow", JoinNames(allowed));
  return r;
}

HttpResponse NotFound(const std::string& path) {
  const std::vector<std::string> paths = EndpointPaths();
  return JsonError(404, "no endpoint '" + path + "'" + DidYouMean(path, paths) +
                            " (endpoints: " + JoinNames(paths) + ")");
}

HttpResponse ListEndpoints() {
  nlohmann::json list = nlohmann::json::array();
  for (const Asset& a : Assets()) {
    list.push_back({{"path", a.path}, {"methods", {"GET"}}, {"summary", "the web page"}});
  }
  for (const WebCommand& c : WebCommands()) {
    list.push_back({{"path", "/api/" + std::string(c.name)},
                    {"methods", {"GET", "POST"}},
                    {"command", c.name},
                    {"summary", c.summary}});
  }
  list.push_back({{"path", kBatchPath},
                  {"methods", {"POST"}},
                  {"summary",
                   "a dataset of models (CSV, or JSON lines as application/x-ndjson) estimated "
                   "row by row, as `trainflops batch` does"}});
  return Text(200, "application/json", DumpJson({{"endpoints", list}}));
}

// The request's uploads as the only files a command may read; every other
// name (a path on the server's disk included) is refused.
UploadOpener UploadsOnly(const std::map<std::string, std::string>& uploads,
                         int64_t max_onnx_nodes) {
  return [&uploads, max_onnx_nodes](const std::string& name, InputKind kind) -> Result<InputFile> {
    const auto it = uploads.find(name);
    if (it != uploads.end()) {
      TF_RETURN_IF_ERROR(CheckInputSize(it->second.size(), kind, name));
      TF_RETURN_IF_ERROR(CheckUploadCost(name, it->second, kind, max_onnx_nodes));
      return InputFile::View(name, it->second);
    }
    std::vector<std::string> names;
    for (const auto& [upload, bytes] : uploads) names.push_back(upload);
    return Status::InvalidArgument(
        "'" + name +
        "' is not an uploaded file; the web API reads only the files sent with the request" +
        (names.empty() ? std::string(" (none were sent)")
                       : DidYouMean(name, names) + " (uploaded: " + JoinNames(names) + ")"));
  };
}

// The report as the request asks: JSON (with a "citation" member for
// --cite) or the text report, its fields named as the web's words are.
std::string Render(const Report& report, bool text, bool cite, const WebCommand& command) {
  std::string body = text ? WebWording(report.Text(), command.positional) : report.Json();
  const std::optional<Citation> citation = cite ? report.Cite() : std::nullopt;
  if (!citation) return body;
  return text ? body + WebWording(RenderCitationText(*citation), command.positional)
              : AddCitationToJson(body, *citation);
}

// The command's inputs set on its typed request (web_commands.h), which runs
// on the request's uploads and is rendered: JSON unless the request asks
// for the text report.
HttpResponse RunCommand(const WebCommand& command, const HttpRequest& request,
                        const ApiOptions& options) {
  Result<CommandRequest> parsed = CommandRequestFrom(request);
  if (!parsed.ok()) return JsonError(400, parsed.status().message());
  CommandRequest& call = *parsed;
  // The equivalent command line (X-Trainflops-Command), where JSON is not
  // the default: --json is added unless the request says otherwise.
  std::vector<std::string> line = CommandLineWords(call.inputs, command.positional);
  const auto has = [&line](const char* word) {
    return std::find(line.begin(), line.end(), word) != line.end();
  };
  const bool format = std::any_of(line.begin(), line.end(),
                                  [](const std::string& w) { return w.starts_with("--format"); });
  if (!call.text && !has("--json") && !has("--help") && !format) {
    call.inputs.push_back(WebInput::Field("json", std::nullopt));
    line.push_back("--json");
  }
  HttpResponse r;
  const Result<WebCall> web_call =
      command.parse(call.inputs, UploadsOnly(call.uploads, options.max_onnx_nodes), options);
  if (!web_call.ok()) {
    r = JsonError(400, WebWording(web_call.status().message(), command.positional));
  } else if (web_call->help) {
    r = Text(200, "text/plain; charset=utf-8", *web_call->help);
  } else {
    const Result<std::unique_ptr<Report>> report = web_call->run();
    if (!report.ok()) {
      r = JsonError(400, WebWording(report.status().message(), command.positional));
    } else if (web_call->format == "html") {
      // The printable statement, self-contained and without script: its own
      // inline style may apply, nothing else (no script, no fetch).
      r = Text(200, "text/html; charset=utf-8", web_call->html(**report));
      r.headers.emplace_back("Content-Security-Policy",
                             "default-src 'none'; style-src 'unsafe-inline'");
    } else {
      const bool text = web_call->format.empty() ? call.text : web_call->format == "markdown";
      const std::string body = Render(**report, text, web_call->cite, command);
      // `layer --list` prints its table even with --json: say what the body is.
      const bool json = nlohmann::json::accept(body);
      r = Text(200, json ? "application/json" : "text/plain; charset=utf-8", body);
    }
  }
  r.headers.emplace_back("X-Trainflops-Command", CommandLine(command.name, line));
  return r;
}

HttpResponse Dispatch(const HttpRequest& request, const ApiOptions& options) {
  if (!HostAllowed(request.host, options)) {
    return JsonError(403, "Host '" + request.host +
                              "' is not accepted: the server answers only to its own address "
                              "(accepted: " +
                              JoinNames(options.allowed_hosts) +
                              "; start the server with --allow-host NAME to add a name)");
  }
  if (const std::string reason = CrossSiteReason(request); !reason.empty()) {
    return JsonError(403, "cross-site request refused: " + reason +
                              "; the server answers only its own page and clients that are not "
                              "browsers, such as curl");
  }
  if (request.body.size() > options.max_body) {
    return JsonError(413, "the request body has " + std::to_string(request.body.size()) +
                              " bytes, over the limit of " + std::to_string(options.max_body) +
                              " (trainflops serve --max-body)");
  }
  const bool get = request.method == "GET" || request.method == "HEAD";
  for (const Asset& a : Assets()) {
    if (request.path != a.path) continue;
    if (!get) return MethodNotAllowed(request, {"GET", "HEAD"});
    return Text(200, a.content_type, std::string(a.bytes));
  }
  if (request.path == "/api") {
    return get ? ListEndpoints() : MethodNotAllowed(request, {"GET", "HEAD"});
  }
  if (request.path == kBatchPath) {
    return request.method == "POST" ? BatchResponse(request, options)
                                    : MethodNotAllowed(request, {"POST"});
  }
  if (const WebCommand* command = FindApiCommand(request.path)) {
    if (!get && request.method != "POST") return MethodNotAllowed(request, {"GET", "HEAD", "POST"});
    return RunCommand(*command, request, options);
  }
  return NotFound(request.path);
}

}  // namespace

std::vector<std::string> EndpointPaths() {
  std::vector<std::string> paths;
  for (const Asset& a : Assets()) paths.push_back(a.path);
  paths.push_back("/api");
  for (const WebCommand& c : WebCommands()) paths.push_back("/api/" + std::string(c.name));
  paths.push_back(kBatchPath);
  return paths;
}

HttpResponse JsonError(int status, const std::string& message) {
  // A last guard, as on the command line: one error is at most a few lines.
  return Text(status, "application/json",
              DumpJson({{"error", Abbreviate(message, kMaxErrorMessageChars)}}));
}

HttpResponse Handle(const HttpRequest& request, const ApiOptions& options) {
  HttpResponse response;
  try {
    response = Dispatch(request, options);
  } catch (const std::exception& e) {
    // Bad input is a 400 from the command; this is a bug, kept off the socket.
    response = JsonError(500, std::string("internal error: ") + e.what());
  }
  // The page loads only its own script and style (no inline code), and no
  // response is sniffed as another type.
  response.headers.emplace_back("X-Content-Type-Options", "nosniff");
  // blob: images: the page draws a chart's SVG onto a canvas for its PNG.
  // A response with a policy of its own (the printable statement) keeps it.
  const bool has_policy =
      std::any_of(response.headers.begin(), response.headers.end(),
                  [](const auto& h) { return h.first == "Content-Security-Policy"; });
  if (!has_policy) {
    response.headers.emplace_back("Content-Security-Policy",
                                  "default-src 'self'; img-src 'self' blob:");
  }
  return response;
}

}  // namespace trainflops::web
