// A server with the API's handlers on a thread of its own, for tests and
// benchmarks (server.h).
#include "server.h"

namespace trainflops::web {

BackgroundServer::BackgroundServer(ServerOptions options) {
  ServerHandlers handlers = ApiHandlers(options);
  server_ = NewHttpServer(std::move(options), std::move(handlers));
  status_ = server_->Bind();
  if (status_.ok()) thread_ = std::thread([this] { server_->Run(); });
}

BackgroundServer::~BackgroundServer() {
  server_->Stop();
  if (thread_.joinable()) thread_.join();
}

}  // namespace trainflops::web
