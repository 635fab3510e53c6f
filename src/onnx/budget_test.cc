// The memory budget of an analysis: items charged at their size in memory,
// refused past 20 bytes per byte of the file (at least 64 MiB), and the
// upload count (CountOnnxNodes) weighing what items cost, not only nodes.
#include "budget.h"

#include <gtest/gtest.h>

#include "analyzer.h"
#include "testing/analyze_util.h"

namespace trainflops::onnx::testing {
namespace {

bool Has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// A chain of `nodes` Relu nodes [1, 4] -> [1, 4], each carrying
// `attributes` empty attributes: each is the 2 bytes 0x2a 0x00 (NodeProto
// field 5, length 0).
std::string ReluWithEmptyAttributes(size_t attributes, int nodes = 1) {
  Graph g;
  g.inputs.push_back(ValueInfo("x", S({1, 4})));
  std::string last = "x";
  for (int i = 0; i < nodes; ++i) {
    const std::string out = "y" + std::to_string(i);
    Proto node = Node("Relu", {last}, {out});
    for (size_t k = 0; k < attributes; ++k) node.Raw(std::string("\x2a\x00", 2));
    g.nodes.push_back(node);
    last = out;
  }
  g.outputs.push_back(ValueInfo(last, S({1, 4})));
  return Model(g);
}

// AttributeProto g = 6, type GRAPH = 5.
Proto GraphAttr(std::string_view name, const Graph& g) {
  return Proto().Bytes(1, name).Message(6, g.Build()).Varint(20, 5);
}

// An If named `name` whose condition is a graph input (unknown), each branch
// a chain of `nodes` Identity nodes over the outer x [1, 4].
std::string IfWithChains(const std::string& name, int nodes) {
  const auto branch = [&](const std::string& tag) {
    Graph b;
    std::string last = "x";
    for (int i = 0; i < nodes; ++i) {
      const std::string out = tag + std::to_string(i);
      b.nodes.push_back(Node("Identity", {last}, {out}));
      last = out;
    }
    b.outputs.push_back(ValueInfo(last, S({1, 4})));
    return b;
  };
  Graph g;
  g.inputs = {ValueInfo("cond", {}, 9), ValueInfo("x", S({1, 4}))};
  g.nodes.push_back(
      Node("If", {"cond"}, {"y"},
           {GraphAttr("then_branch", branch("t")), GraphAttr("else_branch", branch("e"))}, name));
  g.outputs.push_back(ValueInfo("y", S({1, 4})));
  return Model(g);
}

TEST(OnnxBudget, LimitIsTwentyBytesPerInputByteWithA64MiBFloor) {
  EXPECT_EQ(MemoryBudget::LimitFor(0), uint64_t{64} << 20);
  EXPECT_EQ(MemoryBudget::LimitFor(1'000'000), uint64_t{64} << 20);  // 20 MB < 64 MiB
  // 10 MB x 20 = 200 MB, above the floor.
  EXPECT_EQ(MemoryBudget::LimitFor(10'000'000), 200'000'000u);
  EXPECT_EQ(MemoryBudget::LimitFor(UINT64_MAX), UINT64_MAX);  // no overflow
}

// 4 nodes of 100,000 empty attributes (the most one node may hold) are
// 800,000 bytes of file (budget: the 64 MiB floor, 67,108,864 bytes) but
// 400,000 x sizeof(Attribute) in memory, over 67 MB for any Attribute of
// 168 bytes or more (it holds two strings, three vectors and a tensor's
// metadata): refused, each node's before they are allocated.
TEST(OnnxBudget, EmptyAttributesAreChargedAndRefusedPastTheBudget) {
  static_assert(sizeof(Attribute) >= 168);
  const std::string bytes = ReluWithEmptyAttributes(100'000, 4);
  const auto a = Analyze(bytes);
  ASSERT_FALSE(a.ok());
  const std::string& message = a.status().message();
  EXPECT_TRUE(Has(message, "more than 64 MiB of memory")) << message;
  EXPECT_TRUE(Has(message, "at its attributes")) << message;
  EXPECT_TRUE(Has(message, "accepted: 20 bytes of memory per byte of the file (")) << message;
  EXPECT_TRUE(Has(message, "at least 64 MiB")) << message;
  // A few attributes are nothing: the same nodes with 1,000 each are analysed.
  EXPECT_TRUE(Analyze(ReluWithEmptyAttributes(1'000, 4)).ok());
}

// What the analysis of `bytes` is charged (it must succeed).
uint64_t Charged(const std::string& bytes) {
  const MemoryByteSource source(bytes);
  MemoryBudget budget(bytes.size());
  const auto a = AnalyzeWithin(source, {}, &budget);
  EXPECT_TRUE(a.ok()) << a.status().message().substr(0, 300);
  return budget.used();
}

// Each subgraph node's reported name starts with its If's name, but the name
// is held once, not copied into every branch node (800 copies of 100 kB,
// 80 MB from a 110 kB file, were refused at the 64 MiB floor). By hand, a
// name of L = 100,000 characters costs over "gate" (4 characters, within a
// string's own buffer: no heap), whatever the branches' length k:
//   the parsed node's name                                     L + 1
//   the If's OnnxNode's own name                               L + 1
//   its scope (OnnxScope), which its branch nodes refer to     L + 1
//   the lower-bound reason "If '<name>': ... (then) is counted", charged
//   twice (it is kept twice) at its capacity, which lies between its
//   length, L + 71, and twice that (a concatenation may double it)
//                                                 2 (L + 72) to 4 (L + 72)
// so from 5 L to 7 L and a few hundred bytes, the same for k = 1 and 400.
TEST(OnnxBudget, LongIfNameIsHeldOnceNotCopiedIntoBranchNodes) {
  const std::string name(100'000, 'n');
  const uint64_t length = name.size();
  const uint64_t one = Charged(IfWithChains(name, 1)) - Charged(IfWithChains("gate", 1));
  const uint64_t many = Charged(IfWithChains(name, 400)) - Charged(IfWithChains("gate", 400));
  EXPECT_EQ(many, one);
  EXPECT_GE(many, 5 * length);
  EXPECT_LE(many, 7 * length + 1'000);
  // Analysed; the reports name a branch node by its enclosing path, here
  // over 1 KiB (kMaxScopePathBytes), so shortened to its first 120 bytes and
  // its size (100,000 + "/" + "then" + "/" = 100,006 bytes), then its name.
  const auto a = Analyze(IfWithChains(name, 400));
  ASSERT_TRUE(a.ok()) << a.status().message().substr(0, 300);
  const std::string shortened = name.substr(0, 120) + "... (100006 bytes)/";
  EXPECT_NE(FindNode(*a, shortened + "Identity_0"), nullptr);
  EXPECT_NE(FindNode(*a, shortened + "Identity_399"), nullptr);
  const auto gate = Analyze(IfWithChains("gate", 400));
  ASSERT_TRUE(gate.ok()) << gate.status().message();
  EXPECT_NE(FindNode(*gate, "gate/then/Identity_0"), nullptr);
}

// The budget counts what the parse and the analysis make: a graph of one
// Relu is charged more than its node and attributes' sizes and far less
// than the floor; with a limit below that charge it is refused.
TEST(OnnxBudget, ChargesAreTheItemsSizesAndAnExplicitLimitIsObeyed) {
  const std::string bytes = ReluWithEmptyAttributes(10);
  const MemoryByteSource source(bytes);
  MemoryBudget roomy(bytes.size());
  ASSERT_TRUE(AnalyzeWithin(source, {}, &roomy).ok());
  EXPECT_GE(roomy.used(), sizeof(NodeProtoData) + 10 * sizeof(Attribute) + sizeof(OnnxNode));
  EXPECT_LT(roomy.used(), 100'000u);
  MemoryBudget tight(bytes.size(), roomy.used() - 1);
  const auto refused = AnalyzeWithin(source, {}, &tight);
  ASSERT_FALSE(refused.ok());
  EXPECT_TRUE(Has(refused.status().message(), "more than 1 MiB")) << refused.status().message();
}

// Initializers are indexed by name and each gets a tensor in the analysis:
// 1,000 more unused ones are charged at least their parsed metadata, a name
// and a tensor each (the names, "initializer_0000" on, are 16 characters
// or more: heap-allocated, 17 bytes and up).
TEST(OnnxBudget, InitializersAreChargedForTheirIndexAndTensor) {
  const auto used = [](int initializers) {
    Graph g;
    g.inputs.push_back(ValueInfo("x", S({1, 4})));
    g.outputs.push_back(ValueInfo("y", S({1, 4})));
    g.nodes.push_back(Node("Relu", {"x"}, {"y"}));
    for (int i = 0; i < initializers; ++i) {
      g.initializers.push_back(WeightTensor("initializer_" + std::to_string(10'000 + i), {1}));
    }
    const std::string bytes = Model(g);
    MemoryBudget budget(bytes.size());
    EXPECT_TRUE(AnalyzeWithin(MemoryByteSource(bytes), {}, &budget).ok());
    return budget.used();
  };
  const uint64_t per_initializer =
      sizeof(TensorMeta) + 17 + sizeof(std::string) + 17 + sizeof(TensorInfo);
  EXPECT_GE(used(1'000) - used(0), 1'000 * per_initializer);
}

// A constant of 1,024 int64 values (their values are read, as for any
// small integer tensor) passed down a chain of `nodes` Identity nodes, each
// output a copy of the 1,024 values (40 bytes each as dimensions). With an
// If in the graph every value is kept (subgraphs read outer values by name);
// without, each is let go once read.
std::string IntsThroughIdentities(int nodes, bool with_if) {
  Graph g;
  std::vector<int64_t> values(1024);
  for (size_t i = 0; i < values.size(); ++i) values[i] = static_cast<int64_t>(i);
  g.initializers.push_back(IntTensor("c", values));
  std::string last = "c";
  for (int i = 0; i < nodes; ++i) {
    const std::string out = "i" + std::to_string(i);
    g.nodes.push_back(Node("Identity", {last}, {out}));
    last = out;
  }
  g.outputs.push_back(ValueInfo(last, S({1024}), 7));
  if (with_if) {
    Graph branch;
    branch.nodes.push_back(Node("Identity", {"x"}, {"t"}));
    branch.outputs.push_back(ValueInfo("t", S({1})));
    Graph other = branch;
    other.nodes[0] = Node("Identity", {"x"}, {"e"});
    other.outputs[0] = ValueInfo("e", S({1}));
    g.inputs = {ValueInfo("cond", {}, 9), ValueInfo("x", S({1}))};
    g.nodes.push_back(Node("If", {"cond"}, {"z"},
                           {GraphAttr("then_branch", branch), GraphAttr("else_branch", other)}));
  }
  return Model(g);
}

TEST(OnnxBudget, TensorValuesKeptAreChargedAndReleasedOnesReturned) {
  const auto used = [](int nodes, bool with_if) {
    const std::string bytes = IntsThroughIdentities(nodes, with_if);
    MemoryBudget budget(bytes.size());
    const auto a = AnalyzeWithin(MemoryByteSource(bytes), {}, &budget);
    EXPECT_TRUE(a.ok()) << a.status().message();
    return budget.used();
  };
  // 100 copies kept: at least 100 x 1,024 x sizeof(Dim) (40) = 4,096,000 more.
  EXPECT_GE(used(100, true) - used(0, true), 100 * 1024 * sizeof(Dim));
  // Let go as the chain goes: 100 more nodes cost their descriptions (a few
  // hundred bytes each), not the values they held.
  EXPECT_LT(used(100, false) - used(0, false), 100 * 1024u);
}

// 60,000 value_info entries, each with its own dimension name d0 ... d59999
// and the shared "batch": every name is collected once, in order of first
// use, and a --dim naming none of them lists 20 and counts the rest rather
// than quoting 60,001 names.
TEST(OnnxBudget, ManyDimensionNamesAreCollectedOnceEach) {
  Graph g;
  g.inputs.push_back(ValueInfo("x", {std::string("batch"), int64_t{4}}));
  g.outputs.push_back(ValueInfo("y", {std::string("batch"), int64_t{4}}));
  g.nodes.push_back(Node("Relu", {"x"}, {"y"}, {}, "relu"));
  for (int i = 0; i < 60'000; ++i) {
    g.value_info.push_back(ValueInfo("v" + std::to_string(i),
                                     {std::string("batch"), std::string("d") + std::to_string(i)}));
  }
  const std::string bytes = Model(g);
  const auto a = Analyze(bytes, {{"batch", 2}});
  ASSERT_TRUE(a.ok()) << a.status().message();
  EXPECT_EQ(a->dims.size(), 60'001u);  // batch and d0 ... d59999
  EXPECT_EQ(a->dims.at("batch"), 2);
  EXPECT_EQ(a->dims.at("d59999"), -1);
  const auto wrong = Analyze(bytes, {{"nope", 1}});
  ASSERT_FALSE(wrong.ok());
  // The first 20 in order of first use: batch, d0 ... d18; 60,001 - 20 more.
  EXPECT_TRUE(Has(wrong.status().message(), "batch, d0, d1,")) << wrong.status().message();
  EXPECT_TRUE(Has(wrong.status().message(), "d18 and 59981 more"))
      << wrong.status().message().substr(0, 400);
}

// The web API's count: nodes, or the memory of the items in 4 KiB units.
TEST(OnnxBudget, CountOnnxNodesWeighsAttributesAndNamesOnce) {
  // Items of an ordinary node cost less than 4 KiB: the count is the nodes.
  EXPECT_EQ(*CountOnnxNodes(MemoryByteSource(IfWithChains("gate", 400))), 801);
  // 100,000 empty attributes: at least 100,000 x sizeof(Attribute) bytes,
  // so at least that / 4096 (about 8,000) where the nodes alone are 1.
  const std::string attrs = ReluWithEmptyAttributes(100'000);
  const Result<int64_t> weighed = CountOnnxNodes(MemoryByteSource(attrs));
  ASSERT_TRUE(weighed.ok());
  EXPECT_GE(*weighed, static_cast<int64_t>(100'000 * sizeof(Attribute) / 4096));
  // A 100,000-character If name is held twice (the If's own name and the
  // scope its branch nodes refer to), not once per branch node: 2 x 100,001
  // bytes, 48 units of 4 KiB, under the 801 nodes whatever their number.
  const std::string name(100'000, 'n');
  const Result<int64_t> long_name = CountOnnxNodes(MemoryByteSource(IfWithChains(name, 400)));
  ASSERT_TRUE(long_name.ok());
  EXPECT_EQ(*long_name, 801);
  // With one node to a branch, the name weighs more than the 3 nodes: at
  // least 48; the nodes with their other names add under 1 KiB each.
  const Result<int64_t> short_branches = CountOnnxNodes(MemoryByteSource(IfWithChains(name, 1)));
  ASSERT_TRUE(short_branches.ok());
  EXPECT_GE(*short_branches, 48);
  EXPECT_LE(*short_branches, 48 + 1);
}

}  // namespace
}  // namespace trainflops::onnx::testing
