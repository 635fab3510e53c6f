#include "cli_test_util.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>

namespace trainflops::testing {
namespace {

std::string Slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Unique per process and call: ctest runs tests in parallel.
std::string UniqueTempPath(const std::string& name) {
  static int calls = 0;
  return ::testing::TempDir() + "trainflops_" + std::to_string(getpid()) + "_" +
         std::to_string(++calls) + "_" + name;
}

}  // namespace

CliOutput RunCli(const std::string& args) {
  return RunShell(std::string(TRAINFLOPS_CLI) + " " + args);
}

CliOutput RunShell(const std::string& script) {
  const std::string err_path = UniqueTempPath("stderr.txt");
  const std::string cmd = "{ " + script + "\n} 2>" + err_path;
  CliOutput o;
  FILE* pipe = popen(cmd.c_str(), "r");
  if (pipe == nullptr) return o;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, pipe)) > 0) o.out.append(buf, n);
  const int status = pclose(pipe);
  o.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  o.err = Slurp(err_path);
  std::remove(err_path.c_str());
  return o;
}

std::string SourcePath(const std::string& relative) {
  return std::string(TRAINFLOPS_SOURCE_DIR) + "/" + relative;
}

std::string WriteTempFile(const std::string& name, const std::string& text) {
  const std::string path = UniqueTempPath(name);
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string OnnxRelu(const std::vector<onnx::testing::D>& dims) {
  namespace w = onnx::testing;
  w::Graph g;
  g.inputs.push_back(w::ValueInfo("x", dims));
  g.nodes.push_back(w::Node("Relu", {"x"}, {"y"}, {}, "relu"));
  g.outputs.push_back(w::ValueInfo("y", dims));
  return w::Model(g);
}

std::string AliasBombSpec() {
  std::string yaml = "input: [4]\nlayers:\n  - &l0 {type: relu}\n";
  for (int level = 1; level <= 9; ++level) {
    yaml += "  - &l" + std::to_string(level) + " {repeat: 10, layers: [";
    for (int i = 0; i < 10; ++i) yaml += (i ? ", *l" : "*l") + std::to_string(level - 1);
    yaml += "]}\n";
  }
  return yaml + "training: {examples: 1}\n";
}

}  // namespace trainflops::testing
