// Command-line tests of `trainflops serve`: option errors (exit 2, one line),
// and the real process: it prints its URL once listening, answers HTTP, and
// exits 0 on SIGTERM and on SIGINT.
#include <gtest/gtest.h>
#include <httplib.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "../src/onnx/testing/onnx_writer.h"
#include "cli_test_util.h"

namespace {

namespace w = trainflops::onnx::testing;
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

// `serve` loads its HTTP server from a module beside the executable: an
// executable without it says which file it looked for, and exits 2.
TEST(CliWeb, AMissingServerModuleIsNamed) {
  const std::string marker = trainflops::testing::WriteTempFile("lonely-bin", "");
  const std::filesystem::path dir = marker + ".d";
  std::filesystem::create_directories(dir / "bin");
  const std::filesystem::path exe = dir / "bin" / "trainflops";
  std::filesystem::copy_file(TRAINFLOPS_CLI, exe);
  const std::string err = (dir / "stderr.txt").string();
  const int status = std::system((exe.string() + " serve --port 0 2>" + err).c_str());
  const std::string message = trainflops::testing::ReadFile(err);
  std::filesystem::remove_all(dir);
  std::filesystem::remove(marker);
  EXPECT_EQ(WIFEXITED(status) ? WEXITSTATUS(status) : -1, 2) << message;
  EXPECT_NE(message.find("serving needs the HTTP module " + (dir / "bin").string()),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("trainflops_http.so"), std::string::npos) << message;
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

struct Upload {
  std::string target, body, part;  // `part` must be in the 400's message
};

// Every hostile case of tests/cli_hostile_test.cc that a request can carry
// (devices, directories and batch files cannot be uploaded; bodies over
// --max-body get 413, ServesUntilSignalledAndExitsZero).
std::vector<Upload> HostileUploads() {
  const std::string deep = std::string(80000, '[') + std::string(80000, ']');
  const std::string dense = "input: [4]\nlayers: [{type: dense, units: 4}]\n";
  std::string safetensors_header =
      R"({"w": {"dtype": "F32", "shape": )" + deep + R"(, "data_offsets": [0, 4]}})";
  std::string safetensors;
  for (int i = 0; i < 8; ++i) {
    safetensors += static_cast<char>((safetensors_header.size() >> (8 * i)) & 0xFF);
  }
  safetensors += safetensors_header + std::string(4, '\0');
  std::string deepseek = trainflops::testing::ReadFile(
      trainflops::testing::SourcePath("tests/fixtures/hf/deepseek-v3.json"));
  const std::string eight = "\"num_experts_per_tok\": 8";
  deepseek.replace(deepseek.find(eight), eight.size(), "\"num_experts_per_tok\": 300");
  const std::string hardware = "chip=V100&count=1e6&time=1000%20days";
  return {
      // 1. Nesting deeper than 64 levels, in every kind of JSON and YAML.
      {"/api/estimate?file=config.json&tokens=1T",
       R"({"model_type": "llama", "hidden_size": )" + deep + "}", "nested more than 64 levels"},
      {"/api/estimate?file=deep.yaml", "input: [4]\nlayers: " + deep.substr(75000, 10000),
       "nested more than 64 levels"},
      {"/api/tokens?file=i.json&params=i.json&tokens=1T",
       R"({"metadata": {"total_size": )" + deep + R"(}, "weight_map": {}})",
       "nested more than 64 levels"},
      {"/api/tokens?file=m.safetensors&params=m.safetensors&tokens=1T", safetensors,
       "nested more than 64 levels"},
      // 2. More experts per token than the model has.
      {"/api/estimate?file=ds.json&tokens=14.8T", deepseek, "num_experts_per_tok"},
      // 3. Alias and repeat bombs.
      {"/api/estimate?file=bomb.yaml", trainflops::testing::AliasBombSpec(),
       "at most 10,000 layers after expanding"},
      {"/api/estimate?file=r.yaml",
       "input: [4]\nlayers: [{repeat: 1000000, layers: [{type: relu}]}]\ntraining: "
       "{examples: 1}\n",
       "must be a whole number of copies"},
      // 5. A CSV line over 1 MiB, a million columns.
      {"/api/trend?file=line.csv&data=line.csv", std::string(2'000'000, 'a'), "line.csv"},
      {"/api/trend?file=wide.csv&data=wide.csv", std::string(1'999'999, ',') + "\n", "wide.csv"},
      // 6. Figures past a double, and past zero.
      {"/api/estimate?file=big.yaml&epochs=1e308", dense + "training: {examples: 10}\n",
       "overflows"},
      {"/api/estimate?file=huge.yaml", dense + "training: {examples: 1e300, epochs: 1e300}\n",
       "overflows"},
      {"/api/estimate?file=huge.onnx&examples=1",
       trainflops::testing::OnnxRelu(std::vector<w::D>(18, int64_t{1'000'000'000'000'000'000})),
       "overflows"},
      {"/api/layer?arg=given&arg=forward=1e308&arg=shape=10", "", "overflows"},
      {"/api/compare?file=big.yaml&epochs=1e308&" + hardware, dense + "training: {examples: 10}\n",
       "overflows"},
      {"/api/hardware?" + hardware + "&price-per-chip-hour=1e300", "", "overflows"},
      {"/api/hardware?" + hardware + "&tdp=1e300&energy", "", "overflows"},
      {"/api/estimate?file=vgg16.yaml&uncertainty&epochs=1e300",
       trainflops::testing::ReadFile(trainflops::testing::SourcePath("examples/vgg16.yaml")),
       "overflows"},
      // 7. Zero, negative and fractional counts.
      {"/api/units?arg=-5%20pfs-days", "", "must be greater than zero"},
      {"/api/tokens?params=1e-300&tokens=1e-300", "", "is 0"},
      {"/api/estimate?file=empty.onnx&examples=1", trainflops::testing::OnnxRelu(w::S({0, 16})),
       "a zero-size dimension"},
      {"/api/tokens?params=7e9&tokens=1T&convention=chinchilla&layers=32.5&d-model=4096&"
       "heads=32&vocab=32000",
       "", "whole number"},
      // 8. A range must contain its figure.
      {"/api/thresholds?arg=2e25&range=2e26..1e27", "", "does not contain the figure"},
      // A 100 kB name is quoted in a few dozen bytes.
      {"/api/layer?arg=" + std::string(7000, 'x'), "", "unknown layer type 'xxxx"},
  };
}

// The real process: every hostile upload gets a 400 naming the problem in a
// short message, and the server then still answers a normal request (a
// config nested 80,000 deep once killed it with a stack overflow while its
// value was quoted into the error; so did a deep checkpoint index).
TEST(CliWeb, SurvivesHostileUploads) {
  ServeProcess serve("");
  const int port = PortOf(serve.FirstLine());
  ASSERT_GT(port, 0);
  for (const Upload& u : HostileUploads()) {
    httplib::Client client("127.0.0.1", port);
    client.set_read_timeout(10);
    httplib::Result r = client.Post(u.target, u.body, "application/octet-stream");
    ASSERT_TRUE(r) << u.target << ": the server did not answer";
    EXPECT_EQ(r->status, 400) << u.target << ": " << r->body.substr(0, 300);
    EXPECT_NE(r->body.find(u.part), std::string::npos)
        << u.target << ": " << r->body.substr(0, 300);
    EXPECT_LT(r->body.size(), 2100u) << u.target;
  }
  httplib::Client client("127.0.0.1", port);
  httplib::Result units = client.Get("/api/units?arg=1%20pfs-day");
  ASSERT_TRUE(units);
  EXPECT_EQ(units->status, 200);
  // 1 pfs-day = 1e15 FLOP/s x 86,400 s.
  EXPECT_DOUBLE_EQ(nlohmann::json::parse(units->body)["flop"].get<double>(), 8.64e19);
  EXPECT_EQ(serve.StopWith(SIGTERM), 0);
}

}  // namespace
