// ONNX files whose items cost far more memory than their bytes (empty
// attributes): the command line exits 2 with one line naming the file, the
// limit and what is accepted. A long name over subgraph nodes is held once:
// analysed. Memory and time are measured in scripts/hostile_bounds.sh.
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

// An If named with 100,000 characters over two branches of 400 nodes, the
// first `first_op`, then Relu: each branch node's reported name starts with
// the If's, which was copied 800 times (80 MB from a 110 kB file).
std::string LongIfName(const std::string& first_op = "Relu") {
  const auto branch = [&](const std::string& tag) {
    w::Graph b;
    std::string last = "x";
    for (int i = 0; i < 400; ++i) {
      b.nodes.push_back(w::Node(i == 0 ? first_op : "Relu", {last}, {tag + std::to_string(i)}));
      last = tag + std::to_string(i);
    }
    b.outputs.push_back(w::ValueInfo(last, w::S({1, 4})));
    return w::Proto().Bytes(1, tag == "t" ? "then_branch" : "else_branch").Message(6, b.Build());
  };
  w::Graph g;
  g.inputs = {w::ValueInfo("cond", {}, 9), w::ValueInfo("x", w::S({1, 4}))};
  g.nodes.push_back(
      w::Node("If", {"cond"}, {"y"}, {branch("t"), branch("e")}, std::string(100'000, 'n')));
  g.outputs.push_back(w::ValueInfo("y", w::S({1, 4})));
  return w::Model(g);
}

// Held once (the budget charges a few copies, not 800): analysed, and each
// of the 400 branch nodes kept is named by a shortened path in the table and
// the JSON: the If's first 120 bytes, then "... (100006 bytes)/" (its
// 100,000-byte name + "/" + "then" or "else" + "/"), then its own name (its
// operator and position, the nodes being unnamed). The whole
// name in each node made the JSON 400 x 100 kB = 40 MB; now it is about
// 400 x 160 bytes, plus the rest of the report.
TEST(HostileOnnx, LongIfNameOverBranchesIsAnalysed) {
  const std::string path = WriteTempFile("long_if_name.onnx", LongIfName());
  const CliOutput o = RunCli("estimate " + path + " --examples 1");
  EXPECT_EQ(o.code, 0) << o.err.substr(0, 600);
  EXPECT_NE(o.out.find("If 'nnnn"), std::string::npos) << o.out.substr(0, 600);
  const CliOutput j = RunCli("estimate " + path + " --examples 1 --json");
  EXPECT_EQ(j.code, 0) << j.err.substr(0, 600);
  EXPECT_NE(j.out.find("\"" + std::string(120, 'n') + "... (100006 bytes)/Relu_399\""),
            std::string::npos);
  EXPECT_LT(j.out.size(), 1'000'000u);
}

// An error in a branch quotes the If and the branch node by their full names,
// each abbreviated to its first 200 characters and its length. (--strict:
// without it the node after NoSuchOp is left uncounted, not an error.)
TEST(HostileOnnx, ErrorInABranchUnderALongIfNameQuotesItAbbreviated) {
  const std::string path = WriteTempFile("long_if_name.onnx", LongIfName("NoSuchOp"));
  const CliOutput o = RunCli("estimate " + path + " --examples 1 --strict");
  EXPECT_EQ(o.code, 2) << o.err.substr(0, 600);
  EXPECT_NE(o.err.find("long_if_name.onnx: node 'nnnn"), std::string::npos) << o.err.substr(0, 600);
  EXPECT_NE(o.err.find("n... (100000 bytes)' (If): node 'nnnn"), std::string::npos)
      << o.err.substr(0, 900);
  EXPECT_NE(o.err.find("n... (100012 bytes)' (Relu)"), std::string::npos) << o.err.substr(0, 900);
  EXPECT_LT(o.err.size(), 900u);
}

}  // namespace
