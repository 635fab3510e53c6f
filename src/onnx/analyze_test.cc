// Whole-graph analysis: shape propagation through shape operators,
// symbolic dimensions, parameters and constants, gradients, operators
// without a rule, and graph-level errors.
#include <gtest/gtest.h>

#include "testing/analyze_util.h"

namespace trainflops::onnx::testing {
namespace {

using I = std::vector<int64_t>;

const OnnxNode& Find(const OnnxAnalysis& a, const std::string& name) {
  for (const OnnxNode& n : a.nodes) {
    if (NodePath(a, n) == name) return n;
  }
  static const OnnxNode none;
  ADD_FAILURE() << "no node " << name;
  return none;
}

// x [batch, 3, 4] -> Shape -> Gather(0) -> Unsqueeze -> Concat([-1]) -> Reshape
// -> [batch, 12] -> MatMul with w [12, 5]: the exporters' dynamic flatten.
std::string DynamicFlatten(int64_t opset = 13) {
  Graph g;
  g.inputs.push_back(ValueInfo("x", {std::string("batch"), int64_t{3}, int64_t{4}}));
  g.initializers.push_back(IntTensor("zero", {0}, true));
  g.initializers.push_back(IntTensor("axes", {0}));
  g.initializers.push_back(IntTensor("minus_one", {-1}));
  g.initializers.push_back(WeightTensor("w", {12, 5}));
  g.nodes.push_back(Node("Shape", {"x"}, {"s"}, {}, "shape"));
  g.nodes.push_back(Node("Gather", {"s", "zero"}, {"b"}, {}, "gather"));
  g.nodes.push_back(Node("Unsqueeze", {"b", "axes"}, {"b1"}, {}, "unsqueeze"));
  g.nodes.push_back(
      Node("Concat", {"b1", "minus_one"}, {"target"}, {AttrInt("axis", 0)}, "concat"));
  g.nodes.push_back(Node("Reshape", {"x", "target"}, {"flat"}, {}, "reshape"));
  g.nodes.push_back(Node("MatMul", {"flat", "w"}, {"y"}, {}, "fc"));
  g.outputs.push_back(ValueInfo("y", {std::string("batch"), int64_t{5}}));
  return Model(g, opset);
}

TEST(OnnxAnalyze, SymbolicDimensionFlowsThroughShapeOperators) {
  const auto a = Analyze(DynamicFlatten(), {{"batch", 2}});
  ASSERT_TRUE(a.ok()) << a.status().message();
  EXPECT_EQ(OutputShape(*a, "reshape", 0), "2x12");
  // 2·batch·12·5 with batch = 2: 240.
  EXPECT_DOUBLE_EQ(a->forward_flop, 240);
  EXPECT_DOUBLE_EQ(a->params, 60);            // w only
  EXPECT_DOUBLE_EQ(a->constant_elements, 3);  // zero, axes, minus_one
  EXPECT_EQ(a->dims.at("batch"), 2);
}

// The analysis lets go of a node's output once its last reader is done: a
// value read long after it was made (a skip connection), a graph output
// that nodes also read, and an output nobody reads must all still be right.
TEST(OnnxAnalyze, ValuesReadLongAfterTheyAreMadeKeepTheirShapes) {
  Graph g;
  g.inputs.push_back(ValueInfo("x", S({2, 8})));
  g.initializers.push_back(WeightTensor("w", {8, 8}));
  g.nodes.push_back(Node("MatMul", {"x", "w"}, {"y"}, {}, "fc"));
  g.nodes.push_back(Node("Relu", {"y"}, {"z1"}, {}, "r1"));
  g.nodes.push_back(Node("Relu", {"z1"}, {"unread"}, {}, "dead_end"));
  g.nodes.push_back(Node("Relu", {"z1"}, {"z2"}, {}, "r2"));
  g.nodes.push_back(Node("Relu", {"z2"}, {"z3"}, {}, "r3"));
  g.nodes.push_back(Node("Add", {"y", "z3"}, {"sum"}, {}, "skip"));
  g.nodes.push_back(Node("Relu", {"sum"}, {"out"}, {}, "tail"));
  g.outputs.push_back(ValueInfo("out", S({2, 8})));
  g.outputs.push_back(ValueInfo("y", S({2, 8})));
  const auto a = Analyze(Model(g));
  ASSERT_TRUE(a.ok()) << a.status().message();
  // fc: 2·2·8·8 = 256; six element-wise nodes of 2x8: 16 each.
  EXPECT_DOUBLE_EQ(a->forward_flop, 256 + 6 * 16);
  EXPECT_EQ(OutputShape(*a, "skip", 0), "2x8");
  ASSERT_EQ(a->graph_outputs.size(), 2u);
  EXPECT_EQ(a->graph_outputs[1].name, "y");
  EXPECT_EQ(a->graph_outputs[1].shape, "2x8");
}

TEST(OnnxAnalyze, UnsetDimensionNeededByAFlopCountIsNamed) {
  const auto a = Analyze(DynamicFlatten());
  ASSERT_FALSE(a.ok());
  EXPECT_EQ(a.status().message(),
            "node 'fc' (MatMul): dimension 'batch' of 'flat' (shape batch x 12) is not set; "
            "pass `dims` batch=N");
}

TEST(OnnxAnalyze, UnknownDimNameGetsDidYouMean) {
  const auto a = Analyze(DynamicFlatten(), {{"btch", 2}});
  ASSERT_FALSE(a.ok());
  EXPECT_EQ(a.status().message(),
            "`dims` btch: the model has no dimension named 'btch' (its symbolic dimensions: "
            "batch); did you mean 'batch'?");
}

TEST(OnnxAnalyze, SharedWeightsCountOnceAndGradientsFollowTheWeights) {
  Graph g;
  g.inputs.push_back(ValueInfo("x", S({2, 4})));
  g.initializers.push_back(WeightTensor("w", {4, 4}));
  g.initializers.push_back(IntTensor("shape", {8}));
  g.nodes.push_back(Node("MatMul", {"x", "w"}, {"h"}, {}, "first"));
  g.nodes.push_back(Node("Relu", {"h"}, {"r"}, {}, "relu"));
  g.nodes.push_back(Node("MatMul", {"r", "w"}, {"y"}, {}, "second"));
  g.nodes.push_back(Node("Reshape", {"y", "shape"}, {"z"}, {}, "reshape"));
  g.nodes.push_back(Node("Neg", {"x"}, {"n"}, {}, "data_only"));
  const auto a = Analyze(Model(g));
  ASSERT_TRUE(a.ok()) << a.status().message();
  EXPECT_DOUBLE_EQ(a->params, 16);  // w once, though two nodes read it
  EXPECT_EQ(a->shared_initializers, 1);
  EXPECT_DOUBLE_EQ(a->constant_elements, 1);  // the Reshape target
  EXPECT_DOUBLE_EQ(Find(*a, "first").params, 16);
  EXPECT_DOUBLE_EQ(Find(*a, "second").params, 0);
  // first: weights, fed by a graph input only -> no input gradient.
  EXPECT_TRUE(Find(*a, "first").weight_gradient);
  EXPECT_FALSE(Find(*a, "first").input_gradient);
  EXPECT_FALSE(Find(*a, "relu").weight_gradient);
  EXPECT_TRUE(Find(*a, "relu").input_gradient);
  EXPECT_TRUE(Find(*a, "second").weight_gradient);
  EXPECT_TRUE(Find(*a, "second").input_gradient);
  EXPECT_FALSE(Find(*a, "data_only").input_gradient);
  EXPECT_EQ(OutputShape(*a, "reshape", 0), "8");
  EXPECT_EQ(Find(*a, "reshape").rule, OnnxRule::kZero);
}

// x -> MatMul(w) -> h -> MatMul(w) -> y: four tensors, each described once;
// the two MatMuls (same shapes) share one formula text and one source.
Graph TwoEqualProducts() {
  Graph g;
  g.inputs.push_back(ValueInfo("x", S({2, 4})));
  g.initializers.push_back(WeightTensor("w", {4, 4}));
  g.nodes.push_back(Node("MatMul", {"x", "w"}, {"h"}, {}, "first"));
  g.nodes.push_back(Node("MatMul", {"h", "w"}, {"y"}, {}, "second"));
  g.outputs.push_back(ValueInfo("y", S({2, 4})));
  return g;
}

TEST(OnnxAnalyze, EachTensorIsDescribedOnceWhateverReadsIt) {
  const auto a = Analyze(Model(TwoEqualProducts()));
  ASSERT_TRUE(a.ok()) << a.status().message();
  ASSERT_EQ(a->tensors.size(), 4u);  // x, w, h, y
  const OnnxNode& first = Find(*a, "first");
  const OnnxNode& second = Find(*a, "second");
  ASSERT_EQ(first.inputs.size(), 2u);
  ASSERT_EQ(second.inputs.size(), 2u);
  EXPECT_EQ(first.outputs[0], second.inputs[0]);  // h: written by one, read by the other
  EXPECT_EQ(first.inputs[1], second.inputs[1]);   // w, read twice
  EXPECT_EQ(a->Input(second, 0).name, "h");
  EXPECT_EQ(a->Input(second, 0).shape, "2x4");
  EXPECT_EQ(a->Output(second, 0).name, "y");
}

TEST(OnnxAnalyze, FormulasAreHeldOnceAndOutliveTheOriginalInACopy) {
  OnnxAnalysis copy;
  {
    const auto a = Analyze(Model(TwoEqualProducts()));
    ASSERT_TRUE(a.ok()) << a.status().message();
    copy = *a;
  }  // the original is gone; the copy shares the texts
  const OnnxNode& first = Find(copy, "first");
  const OnnxNode& second = Find(copy, "second");
  // 2·batch·N·K·M with N=2, K=4, M=4: 2·2·4·4 = 64 FLOP each.
  EXPECT_DOUBLE_EQ(first.forward_flop, 64);
  EXPECT_NE(first.formula.find("N=2, K=4, M=4"), std::string_view::npos) << first.formula;
  EXPECT_EQ(first.formula.data(), second.formula.data());  // one text, two views
  EXPECT_EQ(first.source.data(), second.source.data());
  EXPECT_NE(first.source.find("Sevilla et al. 2022"), std::string_view::npos);
}

TEST(OnnxAnalyze, OperatorWithoutRuleIsListedWithItsOutputs) {
  Graph g;
  g.inputs.push_back(ValueInfo("x", S({2, 8})));
  g.nodes.push_back(Node("Unique", {"x", "k"}, {"v", "i"}, {}, "unique"));
  g.nodes.push_back(Node("Relu", {"v"}, {"y"}, {}, "relu"));
  g.initializers.push_back(IntTensor("k", {3}));
  g.value_info.push_back(ValueInfo("v", S({2, 3})));
  const auto a = Analyze(Model(g));
  ASSERT_TRUE(a.ok()) << a.status().message();
  ASSERT_EQ(a->unsupported.size(), 1u);
  EXPECT_EQ(a->unsupported[0].op_type, "Unique");
  EXPECT_EQ(a->unsupported[0].count, 1);
  EXPECT_TRUE(a->lower_bound());
  EXPECT_EQ(OutputShape(*a, "unique", 0), "2x3");  // from value_info
  EXPECT_EQ(OutputShape(*a, "unique", 1), "unknown");
  EXPECT_DOUBLE_EQ(a->forward_flop, 6);  // the Relu on 2x3
}

TEST(OnnxAnalyze, ShapeOperatorsFollowTheSpecification) {
  Graph g;
  g.inputs.push_back(ValueInfo("x", S({2, 3, 4})));
  g.initializers.push_back(IntTensor("starts", {1}));
  g.initializers.push_back(IntTensor("ends", {100}));
  g.initializers.push_back(IntTensor("axes", {2}));
  g.initializers.push_back(IntTensor("split", {1, 2}));
  g.initializers.push_back(IntTensor("expand", {5, 1, 1, 1}));
  g.nodes.push_back(Node("Transpose", {"x"}, {"t"}, {AttrInts("perm", {2, 0, 1})}, "transpose"));
  g.nodes.push_back(Node("Slice", {"x", "starts", "ends", "axes"}, {"s"}, {}, "slice"));
  g.nodes.push_back(Node("Split", {"x", "split"}, {"a", "b"}, {AttrInt("axis", 1)}, "split"));
  g.nodes.push_back(Node("Flatten", {"x"}, {"f"}, {AttrInt("axis", 2)}, "flatten"));
  g.nodes.push_back(Node("Unsqueeze", {"x", "axes"}, {"u"}, {}, "unsqueeze"));
  g.nodes.push_back(Node("Concat", {"x", "x"}, {"c"}, {AttrInt("axis", -1)}, "concat"));
  g.nodes.push_back(Node("Expand", {"x", "expand"}, {"e"}, {}, "expand"));
  g.nodes.push_back(Node("Pad", {"x"}, {"p"}, {AttrInts("pads", {0, 1, 2, 0, 1, 2})}, "pad"));
  const auto a = Analyze(Model(g, 13));
  ASSERT_TRUE(a.ok()) << a.status().message();
  EXPECT_EQ(OutputShape(*a, "transpose", 0), "4x2x3");
  EXPECT_EQ(OutputShape(*a, "slice", 0), "2x3x3");  // [1, min(100, 4)) on axis 2
  EXPECT_EQ(OutputShape(*a, "split", 0), "2x1x4");
  EXPECT_EQ(OutputShape(*a, "split", 1), "2x2x4");
  EXPECT_EQ(OutputShape(*a, "flatten", 0), "6x4");
  EXPECT_EQ(OutputShape(*a, "unsqueeze", 0), "2x3x1x4");
  EXPECT_EQ(OutputShape(*a, "concat", 0), "2x3x8");
  EXPECT_EQ(OutputShape(*a, "expand", 0), "5x2x3x4");
  EXPECT_EQ(OutputShape(*a, "pad", 0), "2x5x8");
  EXPECT_DOUBLE_EQ(a->forward_flop, 0);
}

TEST(OnnxAnalyze, SqueezeTakesAxesAsAttributeBeforeOpset13) {
  OneNode g{{{"x", S({1, 3, 1})}}, {}, {}, Node("Squeeze", {"x"}, {"y"}, {AttrInts("axes", {0})})};
  g.opset = 11;
  const auto a = Analyze(g.Bytes());
  ASSERT_TRUE(a.ok()) << a.status().message();
  EXPECT_EQ(a->Output(a->nodes[0], 0).shape, "3x1");
}

TEST(OnnxAnalyze, NodesOutOfOrderAreSorted) {
  Graph g;
  g.inputs.push_back(ValueInfo("x", S({4})));
  g.nodes.push_back(Node("Relu", {"h"}, {"y"}, {}, "second"));
  g.nodes.push_back(Node("Neg", {"x"}, {"h"}, {}, "first"));
  const auto a = Analyze(Model(g));
  ASSERT_TRUE(a.ok()) << a.status().message();
  EXPECT_EQ(a->nodes[0].name, "first");
  EXPECT_EQ(a->nodes[1].name, "second");
}

struct ErrorCase {
  std::string name;
  std::string bytes;
  std::string message;
};

void PrintTo(const ErrorCase& c, std::ostream* os) { *os << c.name; }

class OnnxGraphErrors : public ::testing::TestWithParam<ErrorCase> {};

TEST_P(OnnxGraphErrors, GiveAClearMessage) {
  const auto a = Analyze(GetParam().bytes);
  ASSERT_FALSE(a.ok());
  EXPECT_EQ(a.status().message(), GetParam().message);
}

Graph Cycle() {
  Graph g;
  g.inputs.push_back(ValueInfo("x", S({4})));
  g.nodes.push_back(Node("Add", {"x", "b"}, {"a"}, {}, "n1"));
  g.nodes.push_back(Node("Relu", {"a"}, {"b"}, {}, "n2"));
  return g;
}

Graph WithInit(Proto tensor) {
  Graph g;
  g.inputs.push_back(ValueInfo("x", S({4})));
  g.initializers.push_back(std::move(tensor));
  g.nodes.push_back(Node("MatMul", {"x", "w"}, {"y"}));
  return g;
}

Graph Nodes(std::vector<Proto> nodes) {
  Graph g;
  g.inputs.push_back(ValueInfo("x", S({4})));
  g.nodes = std::move(nodes);
  return g;
}

Graph WritesInitializer() {
  Graph g = WithInit(WeightTensor("w", {4, 2}));
  g.nodes.push_back(Node("Neg", {"y"}, {"w"}, {}, "n"));
  return g;
}

std::string NoOpset() { return Proto().Varint(1, 8).Message(7, Nodes({}).Build()).str(); }

INSTANTIATE_TEST_SUITE_P(
    Onnx, OnnxGraphErrors,
    ::testing::Values(
        ErrorCase{"cycle", Model(Cycle()),
                  "the graph has a cycle: node 'n1' (Add) depends on its own output (through 2 "
                  "node(s) on or after the cycle)"},
        ErrorCase{"missing_input", Model(Nodes({Node("Relu", {"nowhere"}, {"y"}, {}, "r")})),
                  "node 'r' (Relu): input 'nowhere' is not a graph input, an initializer or the "
                  "output of any node"},
        ErrorCase{"two_producers",
                  Model(Nodes({Node("Relu", {"x"}, {"y"}, {}, "a"), Node("Neg", {"x"}, {"y"}, {}, "b")})),
                  "tensor 'y' is produced by both node 'a' (Relu) and node 'b' (Neg)"},
        // A node may not redefine what exists before any node runs.
        ErrorCase{"writes_graph_input", Model(Nodes({Node("Relu", {"x"}, {"x"}, {}, "r")})),
                  "node 'r' (Relu) writes 'x', which is already a graph input or initializer"},
        ErrorCase{"writes_initializer",
                  Model(WritesInitializer()),
                  "node 'n' (Neg) writes 'w', which is already a graph input or initializer"},
        // A 1e12-element shape over 4 bytes of raw_data.
        ErrorCase{"huge_initializer_raw",
                  Model(WithInit(Tensor("w", {1000000, 1000000}).Bytes(9, "abcd"))),
                  "initializer 'w' declares shape 1000000x1000000 (1T elements of float) = "
                  "4,000,000,000,000 bytes, but holds 4 bytes of data"},
        ErrorCase{"huge_initializer_no_data", Model(WithInit(Tensor("w", {1000000, 1000000}))),
                  "initializer 'w' declares shape 1000000x1000000 (1T elements of float) but "
                  "holds no data (no raw_data, typed data or external_data location)"},
        ErrorCase{"external_length_mismatch", Model(WithInit(ExternalTensor("w", {4, 4}, "12"))),
                  "initializer 'w' declares shape 4x4 (16 elements of float) = 64 bytes, but its "
                  "external_data length is 12"},
        ErrorCase{"duplicate_initializer",
                  [] {
                    Graph g = WithInit(WeightTensor("w", {4, 2}));
                    g.initializers.push_back(WeightTensor("w", {4, 2}));
                    return Model(g);
                  }(),
                  "initializer 'w' is defined twice"},
        ErrorCase{"value_info_disagrees",
                  [] {
                    Graph g = Nodes({Node("Relu", {"x"}, {"y"}, {}, "r")});
                    g.value_info.push_back(ValueInfo("y", S({5})));
                    return Model(g);
                  }(),
                  "node 'r' (Relu): output 'y' is inferred as 4 but value_info declares 5"},
        ErrorCase{"old_opset", Model(Nodes({}), 6),
                  "opset 6 is not supported (accepted: 7 to 24); convert it with "
                  "onnx.version_converter"},
        ErrorCase{"no_opset", NoOpset(),
                  "no opset_import for the default ONNX domain (ModelProto field 8); is this an "
                  "ONNX model?"},
        ErrorCase{"no_graph", "", "not an ONNX model: no graph (ModelProto field 7)"}),
    [](const ::testing::TestParamInfo<ErrorCase>& p) { return p.param.name; });

// A declared 1e12-element tensor stored externally is only counted: nothing
// is allocated by its declared size.
TEST(OnnxAnalyze, HugeExternalWeightIsCountedNotLoaded) {
  const auto a = Analyze(Model(WithInit(ExternalTensor("w", {4, 250000000000}))));
  ASSERT_TRUE(a.ok()) << a.status().message();
  EXPECT_DOUBLE_EQ(a->params, 1e12);
  EXPECT_DOUBLE_EQ(a->forward_flop, 2e12);  // [4] x [4, 2.5e11]: 2·4·2.5e11
  EXPECT_EQ(a->external_initializers, 1);
}

}  // namespace
}  // namespace trainflops::onnx::testing
