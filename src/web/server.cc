#include "server.h"

#include <httplib.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <nlohmann/json.hpp>
#include <thread>

#include "trainflops/input_limits.h"
#include "trainflops/text.h"

namespace trainflops::web {
namespace {

// Connections served at once; more wait in the listen backlog.
constexpr size_t kWorkerThreads = 64;

// Connections waiting for accept(). Debian's httplib is a compiled library
// that listens with a backlog of 5, which turns a burst of clients into
// dropped SYNs and one-second retries; Bind() listens again with this value
// (on Linux a second listen() sets the backlog; the kernel caps it at
// net.core.somaxconn).
constexpr int kListenBacklog = 1024;

HttpRequest FromHttplib(const httplib::Request& req) {
  HttpRequest r;
  r.method = req.method;
  r.path = req.path;
  const size_t q = req.target.find('?');
  if (q != std::string::npos) r.query = req.target.substr(q + 1);
  r.content_type = req.get_header_value("Content-Type");
  r.host = req.get_header_value("Host");
  r.origin = req.get_header_value("Origin");
  r.fetch_site = req.get_header_value("Sec-Fetch-Site");
  r.body = req.body;
  return r;
}

// Reads the body of a POST, whatever its Content-Type: httplib's own reader
// caps application/x-www-form-urlencoded (curl --data-binary's default) at
// 8 KiB, while a model spec is a file, not a form. A multipart body is split
// into its parts. A request with neither Content-Length nor chunked
// Transfer-Encoding has no body (RFC 9112, section 6.3): nothing is read.
bool ReadBody(const httplib::Request& req, const httplib::ContentReader& read, HttpRequest& r) {
  if (!req.has_header("Content-Length") && !req.has_header("Transfer-Encoding")) return true;
  if (req.is_multipart_form_data()) {
    return read(
        [&r](const httplib::MultipartFormData& part) {
          r.parts.push_back({part.name, part.filename, ""});
          return true;
        },
        [&r](const char* data, size_t size) {
          if (r.parts.empty()) return false;
          r.parts.back().content.append(data, size);
          return true;
        });
  }
  return read([&r](const char* data, size_t size) {
    r.body.append(data, size);
    return true;
  });
}

void ToHttplib(const HttpResponse& response, httplib::Response& res) {
  res.status = response.status;
  for (const auto& [name, value] : response.headers) res.set_header(name, value);
  res.set_content(response.body, response.content_type);
}

// Errors httplib answers itself, before the API sees the request: a body
// over the limit (413), a request it cannot parse or an unknown method (400).
std::string ProtocolErrorMessage(const httplib::Request& req, int status, size_t max_body) {
  static const std::vector<std::string> kMethods = {"GET", "HEAD", "POST"};
  switch (status) {
    case 413:
      return "the request body is over the limit of " + WithThousands(max_body) +
             " bytes (the server's --max-body)";
    case 414:
      return "the request line is over " + WithThousands(CPPHTTPLIB_REQUEST_URI_MAX_LENGTH) +
             " bytes: send long inputs in the body instead (a file, a form, or a JSON envelope; "
             "docs/web.md)";
    case 400:
      if (!req.method.empty() &&
          std::find(kMethods.begin(), kMethods.end(), req.method) == kMethods.end()) {
        return "method '" + Abbreviate(req.method) +
               "' is not accepted (accepted: GET, HEAD, POST)";
      }
      return "the server could not read this HTTP request: a malformed request line, header or "
             "chunked body";
    default:
      return "the server could not accept this HTTP request (status " + std::to_string(status) +
             ")";
  }
}

}  // namespace

// Run()'s progress, for a Stop() that may come before, during or after it.
// Outside the anonymous namespace: Server::Impl has external linkage.
enum class RunState { kIdle, kStarting, kDone };

struct Server::Impl {
  ServerOptions options;
  ApiOptions api;
  httplib::Server http;
  int port = -1;
  socket_t listening = INVALID_SOCKET;  // the socket httplib created, for the backlog
  std::atomic<bool> stop_requested{false};
  std::atomic<RunState> state{RunState::kIdle};
};

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

Server::Server(ServerOptions options) : impl_(std::make_unique<Impl>()) {
  impl_->options = std::move(options);
  impl_->api.max_body = impl_->options.max_body;
  impl_->api.allowed_hosts = AllowedHostsFor(impl_->options.host, impl_->options.allow_hosts);
  Impl& impl = *impl_;
  const httplib::Server::Handler handler = [&impl](const httplib::Request& req,
                                                   httplib::Response& res) {
    ToHttplib(Handle(FromHttplib(req), impl.api), res);
  };
  // Every method and path goes to the one handler, which routes itself.
  impl.http.Get(".*", handler);
  impl.http.Post(".*", [&impl](const httplib::Request& req, httplib::Response& res,
                               const httplib::ContentReader& read) {
    HttpRequest request = FromHttplib(req);
    if (!ReadBody(req, read, request)) {
      // httplib set the status (413 over the limit, 400 malformed); the
      // error handler words it. What is left of the body is not read.
      if (res.status < 400) res.status = 400;
      res.set_header("Connection", "close");
      return;
    }
    ToHttplib(Handle(request, impl.api), res);
  });
  impl.http.Put(".*", handler);
  impl.http.Patch(".*", handler);
  impl.http.Delete(".*", handler);
  impl.http.Options(".*", handler);
  // httplib's default also sets SO_REUSEPORT, with which a second server binds
  // a busy port and silently shares it; SO_REUSEADDR alone still allows a
  // restart while old connections are in TIME_WAIT.
  impl.http.set_socket_options([&impl](socket_t sock) {
    const int yes = 1;
    setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    impl.listening = sock;
  });
  // Answers go out at once: with Nagle's algorithm, a keep-alive client
  // waits for the delayed ACK, about 40 ms per request.
  impl.http.set_tcp_nodelay(true);
  impl.http.set_payload_max_length(impl.options.max_body);
  impl.http.set_keep_alive_max_count(1000);
  impl.http.set_error_handler([&impl](const httplib::Request& req, httplib::Response& res) {
    if (!res.body.empty()) return;  // the API's own error
    ToHttplib(JsonError(res.status, ProtocolErrorMessage(req, res.status, impl.options.max_body)),
              res);
  });
  // Slow clients: each connection holds a worker while it trickles its
  // headers (httplib has no deadline for a whole request), so there are many
  // workers; an idle keep-alive connection is let go after a second, which is
  // also how long Stop() may wait for one.
  impl.http.new_task_queue = [] { return new httplib::ThreadPool(kWorkerThreads); };
  impl.http.set_keep_alive_timeout(1);
  if (impl.options.log) {
    impl.http.set_logger([&impl](const httplib::Request& req, const httplib::Response& res) {
      impl.options.log(req.method + " " + req.path + " " + std::to_string(res.status));
    });
  }
}

Server::~Server() { Stop(); }

Status Server::Bind() {
  const std::string& host = impl_->options.host;
  errno = 0;
  if (impl_->options.port == 0) {
    impl_->port = impl_->http.bind_to_any_port(host);
  } else if (impl_->http.bind_to_port(host, impl_->options.port)) {
    impl_->port = impl_->options.port;
  }
  if (impl_->port > 0 && impl_->listening != INVALID_SOCKET) {
    ::listen(impl_->listening, kListenBacklog);  // best effort: 5 still works
  }
  if (impl_->port <= 0) {
    const int error = errno;
    return Status::IoError("cannot listen on " + host + " port " +
                           std::to_string(impl_->options.port) +
                           (error != 0 ? std::string(": ") + std::strerror(error)
                                       : std::string(": not an address of this machine")) +
                           " (accepted: --host an address of this machine such as 127.0.0.1, "
                           "--port a free port, or 0 for any)");
  }
  return Status::Ok();
}

int Server::port() const { return impl_->port; }

std::string Server::Url() const {
  const std::string& host = impl_->options.host;
  const bool ipv6 = host.find(':') != std::string::npos && host.front() != '[';
  return "http://" + (ipv6 ? "[" + host + "]" : host) + ":" + std::to_string(impl_->port) + "/";
}

void Server::Run() {
  // Dekker-style handshake with Stop(): publish kStarting, then look at the
  // flag; Stop() sets the flag, then looks at the state (both seq_cst).
  impl_->state = RunState::kStarting;
  if (!impl_->stop_requested) impl_->http.listen_after_bind();
  impl_->state = RunState::kDone;
}

void Server::Stop() {
  impl_->stop_requested = true;
  if (impl_->state != RunState::kStarting) return;  // not started (Run will not) or done
  // httplib's stop() only acts once the accept loop runs: wait for it.
  while (impl_->state == RunState::kStarting && !impl_->http.is_running()) {
    std::this_thread::yield();
  }
  impl_->http.stop();
}

BackgroundServer::BackgroundServer(ServerOptions options)
    : server_(std::move(options)), status_(server_.Bind()) {
  if (status_.ok()) thread_ = std::thread([this] { server_.Run(); });
}

BackgroundServer::~BackgroundServer() {
  server_.Stop();
  if (thread_.joinable()) thread_.join();
}

}  // namespace trainflops::web
