// The socket side of the web API: a cpp-httplib server that turns each HTTP
// request into an HttpRequest, calls its handler (Handle, api.h) and writes
// the response back. Nothing else happens here; httplib stays out of this
// header.
#ifndef TRAINFLOPS_SRC_WEB_SERVER_H_
#define TRAINFLOPS_SRC_WEB_SERVER_H_

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "api.h"
#include "trainflops/status.h"

namespace trainflops::web {

struct ServerOptions {
  std::string host = "127.0.0.1";
  int port = 8080;  // 0: any free port (see Server::port())
  size_t max_body = kDefaultMaxBody;
  // The time a request (its request line, headers and body) may take to
  // arrive, from the connection's accept (or, on a kept-alive connection,
  // from the end of the previous answer): a client that trickles it frees
  // its worker then, so no number of slow clients holds the others for
  // longer (docs/reliability.md).
  std::chrono::milliseconds request_deadline = std::chrono::seconds(10);
  // Host names the server answers to besides its loopback names and its own
  // address (`serve --allow-host`): the names other machines reach it by when
  // it listens on 0.0.0.0. "*" accepts any name.
  std::vector<std::string> allow_hosts;
  // Called once per request with "METHOD PATH STATUS" when set (`serve --log`);
  // from the server's threads, so it must be thread-safe.
  std::function<void(const std::string&)> log;
};

// What a server answers with. The transport knows HTTP, not the API: it
// turns each request into an HttpRequest for `handle`, and words the
// requests it refuses itself, before `handle` could see them, with `refuse`.
struct ServerHandlers {
  std::function<HttpResponse(const HttpRequest&)> handle;
  // `status` is 413 (a body over the limit), 414 (a request line over
  // `max_uri_length` bytes) or 400 (a malformed request, or an unknown
  // `method`).
  std::function<HttpResponse(int status, const std::string& method, size_t max_uri_length)> refuse;
};

// The web API (api.h) as a server's handlers: Handle, with the body limit
// and the Host names of `options`, and its JSON errors for refused requests.
ServerHandlers ApiHandlers(const ServerOptions& options);

// True for 127.0.0.0/8, ::1 and "localhost".
bool IsLoopback(const std::string& host);
// The Host names a server bound to `host` answers to: the loopback names, the
// address itself, and `extra`; an empty list (any name) only when `extra`
// holds "*".
std::vector<std::string> AllowedHostsFor(const std::string& host,
                                         const std::vector<std::string>& extra = {});

// An HTTP server (cpp-httplib's, server.cc).
class Server {
 public:
  virtual ~Server() = default;
  // Binds the listening socket; the error names the address.
  virtual Status Bind() = 0;
  virtual int port() const = 0;
  virtual std::string Url() const = 0;  // "http://127.0.0.1:8080/"
  // Serves until Stop(), on a pool of threads; call after Bind() succeeded.
  virtual void Run() = 0;
  // Ends Run() from any thread (also before Run() started). Idempotent.
  virtual void Stop() = 0;
};

// The server, linked in (tests and benchmarks: the trainflops_web_server
// library).
std::unique_ptr<Server> NewHttpServer(ServerOptions options, ServerHandlers handlers);

// The same server from the module the command line loads when `serve`
// starts (server_module.cc says why); the error names the module's file.
Result<std::unique_ptr<Server>> LoadHttpServer(ServerOptions options, ServerHandlers handlers);

// A server with the API's handlers, bound and running on a thread of its
// own until destroyed, for tests and benchmarks (port 0 in the options: a
// free port).
class BackgroundServer {
 public:
  explicit BackgroundServer(ServerOptions options);
  ~BackgroundServer();
  BackgroundServer(const BackgroundServer&) = delete;
  BackgroundServer& operator=(const BackgroundServer&) = delete;
  const Status& status() const { return status_; }  // of Bind()
  int port() const { return server_->port(); }

 private:
  std::unique_ptr<Server> server_;
  Status status_;
  std::thread thread_;
};

}  // namespace trainflops::web

#endif  // TRAINFLOPS_SRC_WEB_SERVER_H_
