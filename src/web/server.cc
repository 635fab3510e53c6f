#include "server.h"

#include <httplib.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <thread>

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

// Run()'s progress, for a Stop() that may come before, during or after it.
enum class RunState { kIdle, kStarting, kDone };

class HttplibServer : public Server {
 public:
  HttplibServer(ServerOptions options, ServerHandlers handlers);
  ~HttplibServer() override { HttplibServer::Stop(); }
  HttplibServer(const HttplibServer&) = delete;
  HttplibServer& operator=(const HttplibServer&) = delete;

  Status Bind() override;
  int port() const override { return port_; }
  std::string Url() const override;
  void Run() override;
  void Stop() override;

 private:
  void Answer(const HttpRequest& request, httplib::Response& res) const {
    ToHttplib(handlers_.handle(request), res);
  }

  ServerOptions options_;
  ServerHandlers handlers_;
  httplib::Server http_;
  int port_ = -1;
  socket_t listening_ = INVALID_SOCKET;  // the socket httplib created, for the backlog
  std::atomic<bool> stop_requested_{false};
  std::atomic<RunState> state_{RunState::kIdle};
};

HttplibServer::HttplibServer(ServerOptions options, ServerHandlers handlers)
    : options_(std::move(options)), handlers_(std::move(handlers)) {
  const httplib::Server::Handler handler = [this](const httplib::Request& req,
                                                  httplib::Response& res) {
    Answer(FromHttplib(req), res);
  };
  // Every method and path goes to the one handler, which routes itself.
  http_.Get(".*", handler);
  http_.Post(".*", [this](const httplib::Request& req, httplib::Response& res,
                          const httplib::ContentReader& read) {
    HttpRequest request = FromHttplib(req);
    if (!ReadBody(req, read, request)) {
      // httplib set the status (413 over the limit, 400 malformed); the
      // error handler words it. What is left of the body is not read.
      if (res.status < 400) res.status = 400;
      res.set_header("Connection", "close");
      return;
    }
    Answer(request, res);
  });
  http_.Put(".*", handler);
  http_.Patch(".*", handler);
  http_.Delete(".*", handler);
  http_.Options(".*", handler);
  // httplib's default also sets SO_REUSEPORT, with which a second server binds
  // a busy port and silently shares it; SO_REUSEADDR alone still allows a
  // restart while old connections are in TIME_WAIT.
  http_.set_socket_options([this](socket_t sock) {
    const int yes = 1;
    setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    listening_ = sock;
  });
  // Answers go out at once: with Nagle's algorithm, a keep-alive client
  // waits for the delayed ACK, about 40 ms per request.
  http_.set_tcp_nodelay(true);
  http_.set_payload_max_length(options_.max_body);
  http_.set_keep_alive_max_count(1000);
  // Errors httplib answers itself, before the handler sees the request: a
  // body over the limit (413), a request line over its limit (414), a
  // request it cannot parse or an unknown method (400).
  http_.set_error_handler([this](const httplib::Request& req, httplib::Response& res) {
    if (!res.body.empty()) return;  // the handler's own error
    ToHttplib(handlers_.refuse(res.status, req.method, CPPHTTPLIB_REQUEST_URI_MAX_LENGTH), res);
  });
  // Slow clients: each connection holds a worker while it trickles its
  // headers (httplib has no deadline for a whole request), so there are many
  // workers; an idle keep-alive connection is let go after a second, which is
  // also how long Stop() may wait for one.
  http_.new_task_queue = [] { return new httplib::ThreadPool(kWorkerThreads); };
  http_.set_keep_alive_timeout(1);
  if (options_.log) {
    http_.set_logger([this](const httplib::Request& req, const httplib::Response& res) {
      options_.log(req.method + " " + req.path + " " + std::to_string(res.status));
    });
  }
}

Status HttplibServer::Bind() {
  const std::string& host = options_.host;
  errno = 0;
  if (options_.port == 0) {
    port_ = http_.bind_to_any_port(host);
  } else if (http_.bind_to_port(host, options_.port)) {
    port_ = options_.port;
  }
  if (port_ > 0 && listening_ != INVALID_SOCKET) {
    ::listen(listening_, kListenBacklog);  // best effort: 5 still works
  }
  if (port_ <= 0) {
    const int error = errno;
    return Status::IoError("cannot listen on " + host + " port " + std::to_string(options_.port) +
                           (error != 0 ? std::string(": ") + std::strerror(error)
                                       : std::string(": not an address of this machine")) +
                           " (accepted: --host an address of this machine such as 127.0.0.1, "
                           "--port a free port, or 0 for any)");
  }
  return Status::Ok();
}

std::string HttplibServer::Url() const {
  const std::string& host = options_.host;
  const bool ipv6 = host.find(':') != std::string::npos && host.front() != '[';
  return "http://" + (ipv6 ? "[" + host + "]" : host) + ":" + std::to_string(port_) + "/";
}

void HttplibServer::Run() {
  // Dekker-style handshake with Stop(): publish kStarting, then look at the
  // flag; Stop() sets the flag, then looks at the state (both seq_cst).
  state_ = RunState::kStarting;
  if (!stop_requested_) http_.listen_after_bind();
  state_ = RunState::kDone;
}

void HttplibServer::Stop() {
  stop_requested_ = true;
  if (state_ != RunState::kStarting) return;  // not started (Run will not) or done
  // httplib's stop() only acts once the accept loop runs: wait for it.
  while (state_ == RunState::kStarting && !http_.is_running()) std::this_thread::yield();
  http_.stop();
}

}  // namespace

std::unique_ptr<Server> NewHttpServer(ServerOptions options, ServerHandlers handlers) {
  return std::make_unique<HttplibServer>(std::move(options), std::move(handlers));
}

}  // namespace trainflops::web
