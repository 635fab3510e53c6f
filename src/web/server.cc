#include "server.h"

#include <arpa/inet.h>
#include <httplib.h>
#include <netdb.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <optional>
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

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// The most a request line and its headers may take: 64 KiB, eight times
// httplib's limit on one header line and twice what common servers accept
// (nginx's default is four buffers of 8 KiB). A request past it is refused.
constexpr size_t kMaxRequestHeadBytes = 64 * 1024;

// How often a wait looks whether Stop() closed the listening socket.
constexpr milliseconds kStopCheck{50};

// When the connection a worker runs was accepted (TimedQueue sets it): a
// request's deadline counts from there, time in the queue included, so
// that a connection that waited behind slow ones cannot be held past it.
thread_local std::optional<Clock::time_point> accepted_at;

// httplib's thread pool, noting when each connection was accepted and how
// many wait for a worker.
class TimedQueue : public httplib::TaskQueue {
 public:
  TimedQueue(size_t threads, std::atomic<size_t>& waiting) : pool_(threads), waiting_(waiting) {}
  void enqueue(std::function<void()> fn) override {
    ++waiting_;
    pool_.enqueue([this, fn = std::move(fn), accepted = Clock::now()] {
      --waiting_;
      accepted_at = accepted;
      fn();
    });
  }
  void shutdown() override { pool_.shutdown(); }

 private:
  httplib::ThreadPool pool_;
  std::atomic<size_t>& waiting_;
};

std::string NumericAddress(const sockaddr_storage& address, socklen_t size, int& port) {
  char host[NI_MAXHOST] = "", service[NI_MAXSERV] = "";
  if (getnameinfo(reinterpret_cast<const sockaddr*>(&address), size, host, sizeof host, service,
                  sizeof service, NI_NUMERICHOST | NI_NUMERICSERV) != 0) {
    return "";
  }
  port = std::atoi(service);
  return host;
}

// A connection's socket as httplib reads it, with a deadline for the whole
// request on top of httplib's timeout per read: each read waits at most
// until the deadline, and none after it. Reads are buffered, since httplib
// reads the request line and headers a byte at a time.
class DeadlineStream : public httplib::Stream {
 public:
  DeadlineStream(socket_t sock, const std::atomic<socket_t>& listening, milliseconds read_timeout,
                 milliseconds write_timeout)
      : sock_(sock),
        listening_(listening),
        read_timeout_(read_timeout),
        write_timeout_(write_timeout) {}

  // The next request's deadline, and how many bytes may still be read past
  // it: those that had arrived when the connection got its worker.
  void set_deadline(Clock::time_point deadline, size_t arrived) {
    deadline_ = deadline;
    arrived_ = arrived;
    head_ = HeadScan{};
  }
  // Waits for the first byte of a request, at most `idle` (keep-alive).
  bool WaitForRequest(milliseconds idle) const { return Buffered() || Wait(POLLIN, idle); }

  bool is_readable() const override { return Buffered() || Wait(POLLIN, read_timeout_); }
  bool is_writable() const override { return Poll(POLLOUT, write_timeout_) > 0; }
  ssize_t read(char* ptr, size_t size) override;
  ssize_t write(const char* ptr, size_t size) override;
  void get_remote_ip_and_port(std::string& ip, int& port) const override {
    Address(getpeername, ip, port);
  }
  void get_local_ip_and_port(std::string& ip, int& port) const override {
    Address(getsockname, ip, port);
  }
  socket_t socket() const override { return sock_; }

 private:
  bool Buffered() const { return begin_ < end_; }
  int Poll(short events, milliseconds timeout) const {
    pollfd p{sock_, events, 0};
    int n = 0;
    do {
      n = ::poll(&p, 1, static_cast<int>(timeout.count()));
    } while (n < 0 && errno == EINTR);
    return n;
  }
  // Readiness within `timeout`, the deadline and the server's running. The
  // bytes that had arrived when the connection got its worker are read even
  // past the deadline: a request that waited in the queue behind a burst is
  // answered, while a client that trickles is cut at the deadline.
  bool Wait(short events, milliseconds timeout) const {
    if (listening_ == INVALID_SOCKET) return false;  // stopping
    if (arrived_ > 0 && Poll(events, milliseconds(0)) > 0) return true;
    const Clock::time_point end = std::min(Clock::now() + timeout, deadline_);
    for (Clock::time_point now = Clock::now(); now < end; now = Clock::now()) {
      if (listening_ == INVALID_SOCKET) return false;  // stopping
      const auto left = std::chrono::duration_cast<milliseconds>(end - now) + milliseconds(1);
      const int n = Poll(events, std::min(left, kStopCheck));
      if (n != 0) return n > 0;
    }
    return false;
  }
  template <typename Get>
  void Address(Get get, std::string& ip, int& port) const {
    sockaddr_storage address{};
    socklen_t size = sizeof address;
    if (get(sock_, reinterpret_cast<sockaddr*>(&address), &size) == 0) {
      ip = NumericAddress(address, size, port);
    }
  }

  // The request line and headers, as they are read: httplib bounds each
  // line but not their number, so a client could send headers fast, within
  // the deadline, until the server's memory runs out. Their bytes are
  // counted up to the empty line that ends them (RFC 9112, section 2.1).
  struct HeadScan {
    bool done = false;
    size_t bytes = 0;
    size_t line = 0;  // characters of the current line, CR not counted
  };
  // False once the head passes kMaxRequestHeadBytes.
  bool ScanHead(const char* data, size_t size);

  socket_t sock_;
  HeadScan head_;
  const std::atomic<socket_t>& listening_;
  milliseconds read_timeout_, write_timeout_;
  Clock::time_point deadline_ = Clock::time_point::max();
  size_t arrived_ = 0;
  char buffer_[4096];
  size_t begin_ = 0, end_ = 0;
};

ssize_t DeadlineStream::read(char* ptr, size_t size) {
  if (!Buffered()) {
    if (!Wait(POLLIN, read_timeout_)) return -1;
    ssize_t n = 0;
    do {
      n = ::recv(sock_, buffer_, sizeof buffer_, 0);
    } while (n < 0 && errno == EINTR);
    if (n <= 0) return n;
    begin_ = 0;
    end_ = static_cast<size_t>(n);
    arrived_ -= std::min(arrived_, end_);
  }
  const size_t n = std::min(size, end_ - begin_);
  if (!head_.done && !ScanHead(buffer_ + begin_, n)) return -1;
  std::memcpy(ptr, buffer_ + begin_, n);
  begin_ += n;
  return static_cast<ssize_t>(n);
}

bool DeadlineStream::ScanHead(const char* data, size_t size) {
  for (size_t i = 0; i < size && !head_.done; ++i) {
    if (++head_.bytes > kMaxRequestHeadBytes) return false;
    if (data[i] == '\n') {
      head_.done = head_.line == 0 && head_.bytes > 2;
      head_.line = 0;
    } else if (data[i] != '\r') {
      ++head_.line;
    }
  }
  return true;
}

ssize_t DeadlineStream::write(const char* ptr, size_t size) {
  if (!is_writable()) return -1;
  ssize_t n = 0;
  do {
    n = ::send(sock_, ptr, size, MSG_NOSIGNAL);  // a closed peer is an error, not SIGPIPE
  } while (n < 0 && errno == EINTR);
  return n;
}

// The bytes waiting to be read on a connection.
size_t Arrived(socket_t sock) {
  int bytes = 0;
  return ::ioctl(sock, FIONREAD, &bytes) == 0 && bytes > 0 ? static_cast<size_t>(bytes) : 0;
}

milliseconds Duration(time_t sec, time_t usec) { return milliseconds(sec * 1000 + usec / 1000); }

// httplib's server with a deadline per request: its connection loop
// (process_and_close_socket, virtual for its TLS server) read through a
// DeadlineStream. A kept-alive connection is closed after an answer while
// other connections wait for a worker, so that a client sending request
// after request cannot hold a worker either.
class DeadlineServer : public httplib::Server {
 public:
  DeadlineServer(milliseconds deadline, const std::atomic<size_t>& waiting)
      : deadline_(deadline), waiting_(waiting) {}

 private:
  bool process_and_close_socket(socket_t sock) override {
    DeadlineStream stream(sock, svr_sock_, Duration(read_timeout_sec_, read_timeout_usec_),
                          Duration(write_timeout_sec_, write_timeout_usec_));
    Clock::time_point start = accepted_at.value_or(Clock::now());
    bool ok = false;
    for (size_t left = keep_alive_max_count_; left > 0; --left) {
      const Clock::time_point deadline = start + deadline_;
      stream.set_deadline(deadline, left == keep_alive_max_count_ ? Arrived(sock) : 0);
      if (!stream.WaitForRequest(milliseconds(keep_alive_timeout_sec_ * 1000))) break;
      bool closed = false;
      ok = process_request(stream, left == 1 || waiting_ > 0, closed, nullptr);
      // A request cut at its deadline is answered 400 by httplib, which would
      // then read what the client trickles next as another request.
      start = Clock::now();
      if (!ok || closed || start >= deadline) break;
    }
    ::shutdown(sock, SHUT_RDWR);
    ::close(sock);
    return ok;
  }

  milliseconds deadline_;
  const std::atomic<size_t>& waiting_;
};

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
  std::atomic<size_t> waiting_{0};  // connections accepted, waiting for a worker
  DeadlineServer http_;
  int port_ = -1;
  socket_t listening_ = INVALID_SOCKET;  // the socket httplib created, for the backlog
  std::atomic<bool> stop_requested_{false};
  std::atomic<RunState> state_{RunState::kIdle};
};

HttplibServer::HttplibServer(ServerOptions options, ServerHandlers handlers)
    : options_(std::move(options)),
      handlers_(std::move(handlers)),
      http_(options_.request_deadline, waiting_) {
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
  // Slow clients: a connection holds a worker while it trickles its request,
  // until the request deadline (DeadlineServer); an idle keep-alive
  // connection is let go after a second. Stop() ends every wait within
  // kStopCheck.
  http_.new_task_queue = [this] { return new TimedQueue(kWorkerThreads, waiting_); };
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
