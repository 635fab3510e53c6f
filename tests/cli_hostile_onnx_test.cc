// ONNX files whose items cost far more memory than their bytes (empty
// attributes, a long name copied into subgraph nodes): the command line
// exits 2 with one line naming the file, the limit and what is accepted.
// Memory and time are measured in scripts/hostile_bounds.sh.
#include <gtest/gtest.h>

#include "cli_test_util.h"

namespace {

using namespace trainflops::testing;  // RunCli, CliOutput, WriteTempFile
namespace w = trainflops::onnx::testing;

// 4 chained Relu [1, 4], each with 100,000 empty attributes (the most a
// node may hold; 2 bytes each, 800 kB in all): hundreds of bytes each in
// memory, over the 64 MiB floor of the budget.
std::string EmptyAttributes() {
  w::Graph g;
  g.inputs.push_back(w::ValueInfo("x", w::S({1, 4})));
  std::string last = "x";
  for (int i = 0; i < 4; ++i) {
    const std::string out = "y" + std::to_string(i);
    w::Proto node = w::Node("Relu", {last}, {out});
    for (int k = 0; k < 100'000; ++k) node.Raw(std::string("\x2a\x00", 2));
    g.nodes.push_back(node);
    last = out;
  }
  g.outputs.push_back(w::ValueInfo(last, w::S({1, 4})));
  return w::Model(g);
}

TEST(HostileOnnx, EmptyAttributesPastTheBudgetExitTwoNamingTheFile) {
  const std::string path = WriteTempFile("empty_attributes.onnx", EmptyAttributes());
  const CliOutput o = RunCli("estimate " + path + " --examples 1");
  EXPECT_EQ(o.code, 2) << o.err;
  EXPECT_NE(o.err.find("empty_attributes.onnx"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("more than 64 MiB of memory (the limit was passed at its attributes)"),
            std::string::npos)
      << o.err;
  EXPECT_NE(o.err.find("accepted: 20 bytes of memory per byte of the file (800,"),
            std::string::npos)
      << o.err;
  // One line, ending the message.
  EXPECT_EQ(o.err.find('\n'), o.err.size() - 1) << o.err;
  EXPECT_TRUE(o.out.empty()) << o.out.substr(0, 200);
}

}  // namespace
