// Loads the HTTP server module (server_module.cc) from beside the running
// executable: TRAINFLOPS_HTTP_MODULE is its path relative to the directory
// of the executable, the same in the build tree and once installed
// (src/web/CMakeLists.txt).
#include <dlfcn.h>
#include <unistd.h>

#include <array>
#include <climits>

#include "server.h"

namespace trainflops::web {
namespace {

using Factory = Server* (*)(ServerOptions*, ServerHandlers*);
constexpr const char* kFactory = "trainflops_new_http_server";

// The directory of the running executable, with its final '/'.
Result<std::string> ExecutableDirectory() {
  std::array<char, PATH_MAX> path{};
  const ssize_t n = readlink("/proc/self/exe", path.data(), path.size() - 1);
  // A path that fills the buffer may have been cut: refused rather than guessed.
  if (n <= 0 || static_cast<size_t>(n) >= path.size() - 1) {
    return Status::IoError("cannot find the running executable (/proc/self/exe)");
  }
  const std::string exe(path.data(), static_cast<size_t>(n));
  return exe.substr(0, exe.rfind('/') + 1);
}

}  // namespace

Result<std::unique_ptr<Server>> LoadHttpServer(ServerOptions options, ServerHandlers handlers) {
  TF_ASSIGN_OR_RETURN(const std::string directory, ExecutableDirectory());
  const std::string path = directory + TRAINFLOPS_HTTP_MODULE;
  const auto missing = [&path](const std::string& what) {
    const char* why = dlerror();
    return Status::IoError("serving needs the HTTP module " + path + ", built and installed with " +
                           "the trainflops command, but " + what +
                           (why != nullptr ? std::string(": ") + why : std::string()));
  };
  void* module = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (module == nullptr) return missing("it could not be loaded");
  // POSIX dlsym returns function addresses as void*: the cast is its documented use.
  const auto make = reinterpret_cast<Factory>(dlsym(module, kFactory));
  if (make == nullptr) return missing(std::string("it has no ") + kFactory);
  return std::unique_ptr<Server>(make(&options, &handlers));
}

}  // namespace trainflops::web
