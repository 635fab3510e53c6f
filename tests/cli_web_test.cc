// Command-line tests of `trainflops serve`: option errors (exit 2, one line),
// and the real process: it prints its URL once listening, answers HTTP, and
// exits 0 on SIGTERM and on SIGINT.
#include <gtest/gtest.h>
#include <httplib.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <nlohmann/json.hpp>

#include "cli_test_util.h"

namespace {

using trainflops::testing::CliOutput;
using trainflops::testing::RunCli;

struct BadServe {
  const char* args;
  const char* message;
};

TEST(CliWeb, BadOptionsExitTwoWithOneLine) {
  const BadServe cases[] = {
      {"--port 70000", "--port: '70000' is not accepted (accepted: a whole number from 0 to 65535"},
      {"--port 80.5", "--port: '80.5' is not accepted"},
      {"--port x", "--port: 'x' is not accepted"},
      {"--max-body 12XB",
       "--max-body: '12XB' is not accepted (accepted: a size from 1 byte to 16GiB"},
      {"--max-body 0", "--max-body: '0' is not accepted"},
      {"--max-body 17GiB", "--max-body: '17GiB' is not accepted"},
      {"--host ''", "--host: empty"},
      {"--prot 1", "unknown option '--prot'; did you mean '--port'?"},
      {"now", "unexpected argument 'now'"},
      {"--host 192.0.2.1 --port 0", "cannot listen on 192.0.2.1 port 0"},  // TEST-NET-1, not ours
  };
  for (const BadServe& c : cases) {
    const CliOutput o = RunCli(std::string("serve ") + c.args);
    EXPECT_EQ(o.code, 2) << c.args;
    EXPECT_EQ(o.out, "") << c.args;
    EXPECT_NE(o.err.find("trainflops serve: error: " + std::string(c.message)), std::string::npos)
        << c.args << "\n"
        << o.err;
    EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
  }
}

TEST(CliWeb, HelpListsTheOptions) {
  const CliOutput o = RunCli("serve --help");
  EXPECT_EQ(o.code, 0);
  for (const char* part : {"usage: trainflops serve", "--host", "--port", "--max-body", "--log"}) {
    EXPECT_NE(o.out.find(part), std::string::npos) << part;
  }
}

// `trainflops serve --port 0 ...` as a child process whose standard output
// we read (popen cannot signal its child).
class ServeProcess {
 public:
  explicit ServeProcess(const std::string& extra_args) {
    int fds[2];
    if (pipe(fds) != 0) return;
    pid_ = fork();
    if (pid_ == 0) {
      signal(SIGINT, SIG_DFL);  // as a terminal would deliver them, whatever ctest ignores
      signal(SIGTERM, SIG_DFL);
      dup2(fds[1], STDOUT_FILENO);
      close(fds[0]);
      close(fds[1]);
      execl("/bin/sh", "sh", "-c",
            (std::string("exec ") + TRAINFLOPS_CLI + " serve --port 0 " + extra_args).c_str(),
            static_cast<char*>(nullptr));
      _exit(127);
    }
    close(fds[1]);
    out_ = fdopen(fds[0], "r");
  }
  ~ServeProcess() {
    if (pid_ > 0 && !waited_) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    if (out_ != nullptr) fclose(out_);
  }
  ServeProcess(const ServeProcess&) = delete;
  ServeProcess& operator=(const ServeProcess&) = delete;

  std::string FirstLine() {
    char line[512] = {};
    return out_ != nullptr && fgets(line, sizeof line, out_) != nullptr ? line : "";
  }
  // Sends `signal` and returns the exit code (-1 if killed by a signal).
  int StopWith(int signal) {
    kill(pid_, signal);
    int status = 0;
    waitpid(pid_, &status, 0);
    waited_ = true;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

 private:
  pid_t pid_ = -1;
  FILE* out_ = nullptr;
  bool waited_ = false;
};

int PortOf(const std::string& line) {
  const std::string prefix = "trainflops serve: http://127.0.0.1:";
  if (line.rfind(prefix, 0) != 0) return -1;
  return std::stoi(line.substr(prefix.size()));
}

TEST(CliWeb, ServesUntilSignalledAndExitsZero) {
  for (int signal : {SIGTERM, SIGINT}) {
    ServeProcess serve("--max-body 1KiB");
    const std::string line = serve.FirstLine();
    const int port = PortOf(line);
    ASSERT_GT(port, 0) << line;
    EXPECT_NE(line.find("/ (Ctrl-C stops)"), std::string::npos) << line;
    httplib::Client client("127.0.0.1", port);
    httplib::Result units = client.Get("/api/units?arg=1%20pfs-day");
    ASSERT_TRUE(units);
    EXPECT_EQ(units->status, 200);
    // 1 pfs-day = 1e15 FLOP/s x 86,400 s.
    EXPECT_DOUBLE_EQ(nlohmann::json::parse(units->body)["flop"].get<double>(), 8.64e19);
    // --max-body 1KiB = 1024 bytes.
    httplib::Result big = client.Post("/api/units", std::string(1025, 'x'), "text/plain");
    ASSERT_TRUE(big);
    EXPECT_EQ(big->status, 413);
    EXPECT_EQ(serve.StopWith(signal), 0) << signal;
  }
}

// The real process: hostile uploads each get a 400 naming the problem, and
// the server then still answers (a config nested 80,000 deep once killed it
// with a stack overflow while its value was quoted into the error).
TEST(CliWeb, SurvivesHostileUploads) {
  ServeProcess serve("");
  const int port = PortOf(serve.FirstLine());
  ASSERT_GT(port, 0);
  httplib::Client client("127.0.0.1", port);
  const std::string deep = std::string(80000, '[') + std::string(80000, ']');
  const std::pair<std::string, std::string> uploads[] = {
      {"/api/estimate?file=config.json&tokens=1T",
       R"({"model_type": "llama", "hidden_size": )" + deep + "}"},
      {"/api/estimate?file=bomb.yaml", trainflops::testing::AliasBombSpec()},
      {"/api/estimate?file=big.yaml&epochs=1e308",
       "input: [4]\nlayers: [{type: dense, units: 4}]\ntraining: {examples: 10}\n"},
      {"/api/thresholds?arg=2e25&range=2e26..1e27", ""},
  };
  for (const auto& [target, body] : uploads) {
    httplib::Result r = client.Post(target, body, "application/octet-stream");
    ASSERT_TRUE(r) << target << ": the server did not answer";
    EXPECT_EQ(r->status, 400) << target << ": " << r->body.substr(0, 300);
  }
  httplib::Result units = client.Get("/api/units?arg=1%20pfs-day");
  ASSERT_TRUE(units);
  EXPECT_EQ(units->status, 200);
  // 1 pfs-day = 1e15 FLOP/s x 86,400 s.
  EXPECT_DOUBLE_EQ(nlohmann::json::parse(units->body)["flop"].get<double>(), 8.64e19);
  EXPECT_EQ(serve.StopWith(SIGTERM), 0);
}

}  // namespace
