// The HTTP server as a module that the command line loads when `serve`
// starts (server_loader.cc). Debian's cpp-httplib is a shared library built
// with OpenSSL, brotli and zlib; linked into the `trainflops` executable, it
// made every command load them, about 10 ms of each run (half of the 20 ms
// start-up of `trainflops units`), for the one command that serves. The
// module holds the transport only (server.cc): what it answers comes from
// the handlers the command line passes in.
#include "server.h"

// The name server_loader.cc looks up. The pointers stay the caller's; the
// server owns what it moves out of them.
extern "C" __attribute__((visibility("default"))) trainflops::web::Server*
trainflops_new_http_server(trainflops::web::ServerOptions* options,
                           trainflops::web::ServerHandlers* handlers) {
  return trainflops::web::NewHttpServer(std::move(*options), std::move(*handlers)).release();
}
