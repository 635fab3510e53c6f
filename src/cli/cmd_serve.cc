// `trainflops serve`: the local web page and HTTP API (src/web, docs/web.md).
//
// Unlike the other commands, serve runs until SIGINT or SIGTERM, so it prints
// the URL on standard output as soon as it listens (and, with --log, one line
// per request on standard error) instead of writing to `out` at the end.
#include <pthread.h>

#include <atomic>
#include <cmath>
#include <csignal>
#include <iostream>
#include <mutex>
#include <thread>

#include "args.h"
#include "commands.h"
#include "core/text.h"
#include "server.h"
#include "trainflops/units.h"

namespace trainflops::cli {
namespace {

const std::vector<OptionSpec>& ServeOptions() {
  static const std::vector<OptionSpec> specs = {
      {"--host", "ADDRESS", "address to listen on (default 127.0.0.1: this machine only)"},
      {"--port", "N", "port (default 8080; 0 picks a free port)"},
      {"--max-body", "SIZE", "largest request body, e.g. 64MiB (default), 1GiB, 500MB"},
      {"--allow-host", "NAME",
       "a Host name to answer to besides the loopback names and --host itself, e.g. the "
       "machine's name with --host 0.0.0.0 (repeatable; * accepts any)",
       true},
      {"--log", "", "print one line per request on standard error"},
      {"--help", "", "show this help"},
  };
  return specs;
}

constexpr char kServeHelp[] =
    "usage: trainflops serve [--host 127.0.0.1] [--port 8080] [--max-body 64MiB]\n"
    "                        [--allow-host NAME] [--log]\n\n"
    "Serves the web page and the HTTP API (docs/web.md) until Ctrl-C (SIGINT) or SIGTERM.\n"
    "The API runs the same commands as the command line, on uploaded files only: it never\n"
    "reads or writes files on this machine.\n\noptions:\n";

Result<int> ParsePort(const std::string& text) {
  Result<double> v = ParseNumber(text);
  if (!v.ok() || *v < 0 || *v > 65535 || *v != std::floor(*v)) {
    return Status::InvalidArgument("--port: '" + text +
                                   "' is not accepted (accepted: a whole number from 0 to 65535; "
                                   "0 picks a free port)");
  }
  return static_cast<int>(*v);
}

// "64MiB", "512KiB", "1GiB" (powers of 1024), "500MB", "10kB" (SI), "1000000"
// (bytes). A trailing "B" means bytes here, not the SI "billion".
Result<size_t> ParseByteSize(const std::string& text) {
  std::string number = std::string(Trim(text));
  double scale = 1;
  static const std::pair<const char*, double> kBinary[] = {
      {"KiB", 1024.0}, {"MiB", 1048576.0}, {"GiB", 1073741824.0}};
  for (const auto& [suffix, factor] : kBinary) {
    const std::string s = suffix;
    if (number.size() > s.size() && number.compare(number.size() - s.size(), s.size(), s) == 0) {
      number.resize(number.size() - s.size());
      scale = factor;
      break;
    }
  }
  if (scale == 1 && !number.empty() && number.back() == 'B') number.pop_back();
  Result<double> v = ParseNumber(Trim(number));
  constexpr double kMax = 16.0 * 1073741824.0;  // 16 GiB: far beyond any model file's graph
  if (!v.ok() || *v * scale < 1 || *v * scale > kMax) {
    return Status::InvalidArgument("--max-body: '" + text +
                                   "' is not accepted (accepted: a size from 1 byte to 16GiB such "
                                   "as 64MiB, 500MB or 1000000)");
  }
  return static_cast<size_t>(*v * scale);
}

Result<web::ServerOptions> ServerOptionsFrom(const ParsedArgs& args) {
  web::ServerOptions o;
  if (auto host = args.Get("--host")) {
    if (Trim(*host).empty()) return Status::InvalidArgument("--host: empty (e.g. 127.0.0.1)");
    o.host = *host;
  }
  if (auto port = args.Get("--port")) {
    TF_ASSIGN_OR_RETURN(o.port, ParsePort(*port));
  }
  if (auto size = args.Get("--max-body")) {
    TF_ASSIGN_OR_RETURN(o.max_body, ParseByteSize(*size));
  }
  if (args.Has("--allow-host")) {
    for (const std::string& name : args.options.at("--allow-host")) {
      if (Trim(name).empty() || name.find_first_of(" /") != std::string::npos) {
        return Status::InvalidArgument("--allow-host: '" + name +
                                       "' is not a host name (accepted: a name or address such "
                                       "as myhost.local or 192.168.1.5, without port; * for any)");
      }
      o.allow_hosts.push_back(name);
    }
  }
  if (args.Has("--log")) {
    o.log = [](const std::string& line) {
      static std::mutex mutex;
      const std::lock_guard<std::mutex> lock(mutex);
      std::cerr << "trainflops serve: " << line << "\n";
    };
  }
  return o;
}

// Serves until SIGINT/SIGTERM. The signals are blocked in this thread before
// the server's threads start (they inherit the mask) and taken by sigwait on
// a thread of ours, which may then call Stop() safely (no signal handler).
Status ServeUntilSignal(web::Server& server) {
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  sigset_t previous;
  pthread_sigmask(SIG_BLOCK, &signals, &previous);
  std::atomic<bool> signalled{false};
  std::thread waiter([&] {
    int signal = 0;
    sigwait(&signals, &signal);
    signalled = true;
    server.Stop();
  });
  server.Run();
  if (!signalled) pthread_kill(waiter.native_handle(), SIGTERM);  // wake the waiter
  waiter.join();
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  return Status::Ok();
}

}  // namespace

Result<Call> ParseServe(const std::vector<std::string>& words, const FileOpener&) {
  TF_ASSIGN_OR_RETURN(const ParsedArgs args, ParseArgs(words, ServeOptions()));
  Call call;
  if (args.Has("--help")) {
    call.help = std::string(kServeHelp) + OptionsHelp(ServeOptions());
    return call;
  }
  if (!args.positional.empty()) {
    return Status::InvalidArgument("unexpected argument '" + args.positional.front() +
                                   "'; usage: trainflops serve [--host H] [--port N]");
  }
  TF_ASSIGN_OR_RETURN(const web::ServerOptions options, ServerOptionsFrom(args));
  call.stream = [options](std::ostream&) -> Status {
    TF_ASSIGN_OR_RETURN(const std::unique_ptr<web::Server> loaded,
                        web::LoadHttpServer(options, web::ApiHandlers(options)));
    web::Server& server = *loaded;
    TF_RETURN_IF_ERROR(server.Bind());
    if (!web::IsLoopback(options.host)) {
      const std::vector<std::string> names =
          web::AllowedHostsFor(options.host, options.allow_hosts);
      std::cerr << "trainflops serve: warning: " << options.host
                << " is reachable from other machines, and the API has no authentication; it "
                << (names.empty() ? "answers to any Host name"
                                  : "answers to the Host names " + JoinNames(names) +
                                        " (add more with --allow-host)")
                << "\n";
    }
    std::cout << "trainflops serve: " << server.Url() << " (Ctrl-C stops)" << std::endl;
    return ServeUntilSignal(server);
  };
  return call;
}

}  // namespace trainflops::cli
