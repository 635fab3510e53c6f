// Runs the trainflops binary and captures exit code, stdout and stderr.
#ifndef TRAINFLOPS_TESTS_CLI_TEST_UTIL_H_
#define TRAINFLOPS_TESTS_CLI_TEST_UTIL_H_

#include <string>
#include <vector>

#include "../src/onnx/testing/onnx_writer.h"

namespace trainflops::testing {

struct CliOutput {
  int code = -1;
  std::string out, err;
};

// Runs `trainflops ARGS` through the shell (ARGS is shell text).
CliOutput RunCli(const std::string& args);
// Runs the shell text `script` (several commands, redirections) the same way.
CliOutput RunShell(const std::string& script);
// Absolute path of a file in the source tree, e.g. SourcePath("examples/dqn.yaml").
std::string SourcePath(const std::string& relative);
// The bytes of the file at `path`.
std::string ReadFile(const std::string& path);
// Writes `text` to a fresh file in the test temp directory and returns its path.
std::string WriteTempFile(const std::string& name, const std::string& text);
// A spec whose layers are nine levels of repeat blocks, each holding ten
// aliases of the level below: 10^18 layers in about 550 bytes (hostile input).
std::string AliasBombSpec();
// A graph of one Relu over `dims` (fixed sizes or symbols), as ONNX bytes.
std::string OnnxRelu(const std::vector<onnx::testing::D>& dims);

}  // namespace trainflops::testing

#endif  // TRAINFLOPS_TESTS_CLI_TEST_UTIL_H_
