// The socket side of the web API: a cpp-httplib server that turns each HTTP
// request into an HttpRequest, calls Handle (api.h) and writes the response
// back. Nothing else happens here; httplib stays out of this header.
#ifndef TRAINFLOPS_SRC_WEB_SERVER_H_
#define TRAINFLOPS_SRC_WEB_SERVER_H_

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
  // Host names the server answers to besides its loopback names and its own
  // address (`serve --allow-host`): the names other machines reach it by when
  // it listens on 0.0.0.0. "*" accepts any name.
  std::vector<std::string> allow_hosts;
  // Called once per request with "METHOD PATH STATUS" when set (`serve --log`);
  // from the server's threads, so it must be thread-safe.
  std::function<void(const std::string&)> log;
};

// True for 127.0.0.0/8, ::1 and "localhost".
bool IsLoopback(const std::string& host);
// The Host names a server bound to `host` answers to: the loopback names, the
// address itself, and `extra`; an empty list (any name) only when `extra`
// holds "*".
std::vector<std::string> AllowedHostsFor(const std::string& host,
                                         const std::vector<std::string>& extra = {});

class Server {
 public:
  explicit Server(ServerOptions options);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Binds the listening socket; the error names the address.
  Status Bind();
  int port() const;
  std::string Url() const;  // "http://127.0.0.1:8080/"
  // Serves until Stop(), on a pool of threads; call after Bind() succeeded.
  void Run();
  // Ends Run() from any thread (also before Run() started). Idempotent.
  void Stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// A Server bound and running on a thread of its own until destroyed, for
// tests and benchmarks (port 0 in the options: a free port).
class BackgroundServer {
 public:
  explicit BackgroundServer(ServerOptions options);
  ~BackgroundServer();
  BackgroundServer(const BackgroundServer&) = delete;
  BackgroundServer& operator=(const BackgroundServer&) = delete;
  const Status& status() const { return status_; }  // of Bind()
  int port() const { return server_.port(); }

 private:
  Server server_;
  Status status_;
  std::thread thread_;
};

}  // namespace trainflops::web

#endif  // TRAINFLOPS_SRC_WEB_SERVER_H_
