// If, Loop and Scan: subgraphs analysed and counted per run, unknown
// conditions and counts as lower bounds with their reason, and hostile trip
// counts bounded.
#include <gtest/gtest.h>

#include <map>

#include "testing/analyze_util.h"

namespace trainflops::onnx::testing {
namespace {

// AttributeProto g = 6, type GRAPH = 5.
Proto GraphAttr(std::string_view name, const Graph& g) {
  return Proto().Bytes(1, name).Message(6, g.Build()).Varint(20, 5);
}

constexpr int32_t kBoolType = 9, kInt64Type = 7;

// A loop body: h [1, 4] -> MatMul with the outer weight w [4, 4] -> Relu;
// the condition passes through. 2·1·4·4 + 4 = 36 FLOP per iteration.
Graph LoopBody() {
  Graph b;
  b.inputs = {ValueInfo("iter", {}, kInt64Type), ValueInfo("cond_in", {}, kBoolType),
              ValueInfo("h", S({1, 4}))};
  b.nodes = {Node("Identity", {"cond_in"}, {"cond_out"}, {}, "keep_going"),
             Node("MatMul", {"h", "w"}, {"m"}, {}, "mm"),
             Node("Relu", {"m"}, {"h_next"}, {}, "act")};
  b.outputs = {ValueInfo("cond_out", {}, kBoolType), ValueInfo("h_next", S({1, 4}))};
  return b;
}

Graph WithLoop(Proto trips_initializer, std::string trips_input = "M") {
  Graph g;
  g.inputs.push_back(ValueInfo("h0", S({1, 4})));
  g.initializers = {WeightTensor("w", {4, 4}), std::move(trips_initializer)};
  g.nodes = {
      Node("Loop", {trips_input, "", "h0"}, {"h_final"}, {GraphAttr("body", LoopBody())}, "loop")};
  return g;
}

TEST(OnnxControlFlow, LoopWithKnownTripCountCountsTheBodyEachTrip) {
  const auto a = Analyze(Model(WithLoop(IntTensor("M", {5}, true))));
  ASSERT_TRUE(a.ok()) << a.status().message();
  // 5 trips x 36 FLOP = 180.
  EXPECT_DOUBLE_EQ(a->forward_flop, 180);
  EXPECT_DOUBLE_EQ(NodeNamed(*a, "loop/mm").forward_flop, 160);  // 5 x 2·4·4
  EXPECT_DOUBLE_EQ(a->params, 16);  // w, read inside the body, is a weight
  EXPECT_TRUE(NodeNamed(*a, "loop/mm").weight_gradient);
  EXPECT_FALSE(a->lower_bound());
  EXPECT_EQ(OutputShape(*a, "loop", 0), "1x4");
}

TEST(OnnxControlFlow, LoopWithUnknownTripCountIsALowerBoundWithItsReason) {
  Graph g = WithLoop(WeightTensor("unused", {1}), "n");
  g.inputs.push_back(ValueInfo("n", {}, kInt64Type));
  const auto a = Analyze(Model(g));
  ASSERT_TRUE(a.ok()) << a.status().message();
  EXPECT_DOUBLE_EQ(a->forward_flop, 36);  // the body once
  EXPECT_TRUE(a->lower_bound());
  ASSERT_EQ(a->lower_bound_reasons.size(), 1u);
  EXPECT_EQ(a->lower_bound_reasons[0],
            "Loop 'loop': the trip count is not known (M, 'n', is computed at run time); the body "
            "is counted once");
}

// 1e18 trips: counted in double at once (32·1e18 + 4·1e18 FLOP), never
// unrolled; the same loop nested in another of 1e18 trips is refused.
TEST(OnnxControlFlow, HostileTripCountsAreBounded) {
  const auto a = Analyze(Model(WithLoop(IntTensor("M", {1'000'000'000'000'000'000}, true))));
  ASSERT_TRUE(a.ok()) << a.status().message();
  EXPECT_DOUBLE_EQ(a->forward_flop, 36e18);

  Graph outer_body;
  outer_body.inputs = {ValueInfo("i2", {}, kInt64Type), ValueInfo("c2", {}, kBoolType),
                       ValueInfo("g", S({1, 4}))};
  outer_body.nodes = {
      Node("Identity", {"c2"}, {"c2_out"}),
      Node("Loop", {"M", "", "g"}, {"g_next"}, {GraphAttr("body", LoopBody())}, "inner")};
  outer_body.outputs = {ValueInfo("c2_out", {}, kBoolType), ValueInfo("g_next", S({1, 4}))};
  Graph g;
  g.inputs.push_back(ValueInfo("h0", S({1, 4})));
  g.initializers = {WeightTensor("w", {4, 4}), IntTensor("M", {1'000'000'000'000'000'000}, true)};
  g.nodes = {Node("Loop", {"M", "", "h0"}, {"out"}, {GraphAttr("body", outer_body)}, "outer")};
  const auto nested = Analyze(Model(g));
  ASSERT_FALSE(nested.ok());
  EXPECT_EQ(nested.status().message(),
            "node 'outer' (Loop): node 'outer/inner' (Loop): the subgraph would run 1e36 times "
            "per run of the model (trip counts multiplied through nesting); at most 1e30 are "
            "accepted");
}

Graph Branch(const std::string& op, const std::string& out) {
  Graph b;
  b.nodes = {Node(op, {"x"}, {out}, {}, op == "Relu" ? "cheap" : "dear")};
  b.outputs = {ValueInfo(out, S({2, 3}))};
  return b;
}

// then: Relu (6 FLOP); else: Softmax (3 per element, 18 FLOP).
Graph WithIf(Proto cond_initializer, std::string cond = "c") {
  Graph g;
  g.inputs.push_back(ValueInfo("x", S({2, 3})));
  g.initializers = {std::move(cond_initializer)};
  g.nodes = {Node("If", {cond}, {"y"},
                  {GraphAttr("then_branch", Branch("Relu", "t")),
                   GraphAttr("else_branch", Branch("Softmax", "e"))},
                  "branch")};
  return g;
}

TEST(OnnxControlFlow, IfWithKnownConditionAnalysesTheBranchTaken) {
  const auto taken_else =
      Analyze(Model(WithIf(Tensor("c", {}, kBoolType).Bytes(9, std::string(1, '\0')))));
  ASSERT_TRUE(taken_else.ok()) << taken_else.status().message();
  EXPECT_DOUBLE_EQ(taken_else->forward_flop, 18);
  EXPECT_NE(FindNode(*taken_else, "branch/dear"), nullptr);
  EXPECT_FALSE(taken_else->lower_bound());
  const auto taken_then =
      Analyze(Model(WithIf(Tensor("c", {}, kBoolType).Bytes(9, std::string(1, '\1')))));
  ASSERT_TRUE(taken_then.ok()) << taken_then.status().message();
  EXPECT_DOUBLE_EQ(taken_then->forward_flop, 6);
}

// Each node keeps its own name; its enclosing nodes' are segments of a scope,
// held once (OnnxAnalysis::scopes), from which the full name is written.
TEST(OnnxControlFlow, SubgraphNodesKeepTheirOwnNameAndReferToTheirScope) {
  Graph g = WithIf(WeightTensor("unused", {1}), "flag");
  g.inputs.push_back(ValueInfo("flag", {}, kBoolType));
  const auto a = Analyze(Model(g));
  ASSERT_TRUE(a.ok()) << a.status().message();
  const OnnxNode* cheap = FindNode(*a, "branch/then/cheap");
  ASSERT_NE(cheap, nullptr);
  EXPECT_EQ(cheap->name, "cheap");
  // Scopes: the main graph, "branch", then "then" and "else" inside it.
  ASSERT_EQ(a->scopes.size(), 4u);
  EXPECT_EQ(a->scopes[1].name, "branch");
  EXPECT_EQ(a->scopes[1].parent, 0u);
  EXPECT_EQ(a->scopes[cheap->scope].name, "then");
  EXPECT_EQ(a->scopes[cheap->scope].parent, 1u);
  std::string pieces;
  WriteNodePath(*a, *cheap,
                [&](std::string_view piece) { pieces += "[" + std::string(piece) + "]"; });
  EXPECT_EQ(pieces, "[branch][/][then][/][cheap]");
  const OnnxNode* gate = FindNode(*a, "branch");
  ASSERT_NE(gate, nullptr);
  EXPECT_EQ(gate->scope, 0u);
  EXPECT_EQ(NodePath(*a, *gate), "branch");
}

// Nesting: a Loop's body holding an If whose condition is known, nodes
// without names named by their operator and position in their graph.
TEST(OnnxControlFlow, NestedSubgraphNodesPrintTheirFullPath) {
  Graph inner;
  inner.nodes = {Node("Relu", {"h"}, {"r"})};
  inner.outputs = {ValueInfo("r", S({1, 4}))};
  Graph body;
  body.inputs = {ValueInfo("iter", {}, kInt64Type), ValueInfo("cond_in", {}, kBoolType),
                 ValueInfo("h", S({1, 4}))};
  body.initializers = {Tensor("yes", {}, kBoolType).Bytes(9, std::string(1, '\1'))};
  body.nodes = {Node("Identity", {"cond_in"}, {"cond_out"}),
                Node("If", {"yes"}, {"h_next"},
                     {GraphAttr("then_branch", inner), GraphAttr("else_branch", inner)})};
  body.outputs = {ValueInfo("cond_out", {}, kBoolType), ValueInfo("h_next", S({1, 4}))};
  Graph g;
  g.inputs.push_back(ValueInfo("h0", S({1, 4})));
  g.initializers = {IntTensor("M", {3}, true)};
  g.nodes = {Node("Loop", {"M", "", "h0"}, {"h_final"}, {GraphAttr("body", body)}, "outer")};
  const auto a = Analyze(Model(g));
  ASSERT_TRUE(a.ok()) << a.status().message();
  const OnnxNode* relu = FindNode(*a, "outer/If_1/Relu_0");
  ASSERT_NE(relu, nullptr);
  EXPECT_EQ(relu->name, "Relu_0");
  EXPECT_DOUBLE_EQ(relu->forward_flop, 12);  // 3 trips x 4
  EXPECT_NE(FindNode(*a, "outer/If_1"), nullptr);
  EXPECT_NE(FindNode(*a, "outer/Identity_0"), nullptr);
}

TEST(OnnxControlFlow, IfWithUnknownConditionKeepsTheCheaperBranch) {
  Graph g = WithIf(WeightTensor("unused", {1}), "flag");
  g.inputs.push_back(ValueInfo("flag", {}, kBoolType));
  const auto a = Analyze(Model(g));
  ASSERT_TRUE(a.ok()) << a.status().message();
  EXPECT_DOUBLE_EQ(a->forward_flop, 6);
  EXPECT_NE(FindNode(*a, "branch/then/cheap"), nullptr);
  EXPECT_EQ(FindNode(*a, "branch/else/dear"), nullptr);
  ASSERT_EQ(a->lower_bound_reasons.size(), 1u);
  EXPECT_EQ(a->lower_bound_reasons[0],
            "If 'branch': the condition is not known; the cheaper branch (then) is counted");
}

// Scan over x [6, 1, 4] (6 steps): state s [1, 4]; body s' = Relu(x_t·w + s),
// output s' per step. Per step 2·4·4 (MatMul) + 4 (Add) + 4 (Relu) = 40.
TEST(OnnxControlFlow, ScanCountsTheBodyPerSequenceElement) {
  Graph b;
  b.inputs = {ValueInfo("s", S({1, 4})), ValueInfo("xt", S({1, 4}))};
  b.nodes = {Node("MatMul", {"xt", "w"}, {"m"}), Node("Add", {"m", "s"}, {"a"}),
             Node("Relu", {"a"}, {"s_next"}), Node("Identity", {"s_next"}, {"y_t"})};
  b.outputs = {ValueInfo("s_next", S({1, 4})), ValueInfo("y_t", S({1, 4}))};
  Graph g;
  g.inputs = {ValueInfo("s0", S({1, 4})), ValueInfo("x", S({6, 1, 4}))};
  g.initializers = {WeightTensor("w", {4, 4})};
  g.nodes = {Node("Scan", {"s0", "x"}, {"s_final", "ys"},
                  {GraphAttr("body", b), AttrInt("num_scan_inputs", 1)}, "scan")};
  const auto a = Analyze(Model(g));
  ASSERT_TRUE(a.ok()) << a.status().message();
  EXPECT_DOUBLE_EQ(a->forward_flop, 240);  // 6 x 40
  EXPECT_EQ(OutputShape(*a, "scan", 1), "6x1x4");
  EXPECT_FALSE(a->lower_bound());
}

// A scripted loop appending to a list (PyTorch's export of `for t in
// range(x.shape[0]): outs.append(tanh(x[t] @ w))`): SequenceEmpty -> Loop
// (Gather row t, MatMul, Tanh, SequenceInsert; a scan output of the row
// too) -> ConcatFromSequence. x is [seq, 4]; the trip count is Shape(x)[0].
// Per iteration: MatMul [4] x [4, 4] = 2·4·4 = 32, Tanh 4: 36 FLOP.
Graph AppendingLoop() {
  Graph b;
  b.inputs = {ValueInfo("t", {}, kInt64Type), ValueInfo("c", {}, kBoolType), ValueInfo("outs", {})};
  b.nodes = {
      Node("Gather", {"x", "t"}, {"row"}), Node("MatMul", {"row", "w"}, {"m"}, {}, "mm"),
      Node("Tanh", {"m"}, {"h"}),          Node("SequenceInsert", {"outs", "h"}, {"outs_next"}),
      Node("Identity", {"c"}, {"c_next"}), Node("Identity", {"h"}, {"h_scan"})};
  b.outputs = {ValueInfo("c_next", {}, kBoolType), ValueInfo("outs_next", {}),
               ValueInfo("h_scan", S({4}))};
  Graph g;
  g.inputs = {ValueInfo("x", {std::string("seq"), int64_t{4}})};
  g.initializers = {WeightTensor("w", {4, 4}), IntTensor("zero", {0}, true),
                    Tensor("yes", {}, kBoolType).Bytes(9, std::string(1, '\1'))};
  g.nodes = {Node("Shape", {"x"}, {"shape"}), Node("Gather", {"shape", "zero"}, {"n"}),
             Node("SequenceEmpty", {}, {"empty"}),
             Node("Loop", {"n", "yes", "empty"}, {"outs_final", "scanned"}, {GraphAttr("body", b)},
                  "loop"),
             Node("ConcatFromSequence", {"outs_final"}, {"stacked"},
                  {AttrInt("axis", 0), AttrInt("new_axis", 1)}, "stack")};
  return g;
}

// --dim seq=5: 5 trips x 36 = 180 FLOP; the list holds 5 rows of 4,
// stacked 5x4; the scan output is 5x4 too.
TEST(OnnxControlFlow, LoopOverASequenceWithATripCountFromDim) {
  const auto a = Analyze(Model(AppendingLoop()), {{"seq", 5}});
  ASSERT_TRUE(a.ok()) << a.status().message();
  EXPECT_DOUBLE_EQ(a->forward_flop, 180);
  EXPECT_FALSE(a->lower_bound());
  EXPECT_EQ(OutputShape(*a, "loop", 0), "sequence[5] of 4");
  EXPECT_EQ(OutputShape(*a, "loop", 1), "5x4");
  EXPECT_EQ(OutputShape(*a, "stack", 0), "5x4");
  EXPECT_EQ(NodeNamed(*a, "loop").formula, "the body (36 FLOP per trip) x M = 5 trips");
}

// The body makes the list from xw = x·w, an outer value that needs a
// gradient, read by name (not a Loop input) and with no weight in the body:
// what the loop returns needs a gradient, so a node after it counts its
// input gradient.
TEST(OnnxControlFlow, LoopResultsMadeFromOuterGradientsNeedOne) {
  Graph b;
  b.inputs = {ValueInfo("t", {}, kInt64Type), ValueInfo("c", {}, kBoolType), ValueInfo("outs", {})};
  b.nodes = {Node("Gather", {"xw", "t"}, {"row"}), Node("Tanh", {"row"}, {"h"}),
             Node("SequenceInsert", {"outs", "h"}, {"outs_next"}),
             Node("Identity", {"c"}, {"c_next"})};
  b.outputs = {ValueInfo("c_next", {}, kBoolType), ValueInfo("outs_next", {})};
  Graph g;
  g.inputs = {ValueInfo("x", S({3, 4}))};
  g.initializers = {WeightTensor("w", {4, 4}), IntTensor("n", {3}, true),
                    Tensor("yes", {}, kBoolType).Bytes(9, std::string(1, '\1'))};
  g.nodes = {Node("MatMul", {"x", "w"}, {"xw"}), Node("SequenceEmpty", {}, {"empty"}),
             Node("Loop", {"n", "yes", "empty"}, {"outs_final"}, {GraphAttr("body", b)}, "loop"),
             Node("ConcatFromSequence", {"outs_final"}, {"stacked"}, {AttrInt("axis", 0)}, "stack"),
             Node("Relu", {"stacked"}, {"r"}, {}, "after")};
  const auto a = Analyze(Model(g));
  ASSERT_TRUE(a.ok()) << a.status().message();
  EXPECT_EQ(OutputShape(*a, "stack", 0), "12");  // 3 rows of 4, joined on axis 0
  EXPECT_TRUE(NodeNamed(*a, "stack").input_gradient);
  EXPECT_TRUE(NodeNamed(*a, "after").input_gradient);
}

// PyTorch 1.13's export of k.repeat_interleave(4, dim=1) for k [batch, 2,
// seq, 32] whose dimension 1 its tracer does not know
// (symbolic_opset13.repeat_interleave): SplitToSequence of the repeats
// [4, 4] and of k on axis 1 (split [1, 1]), then a Loop of 2 trips whose
// body takes piece i [batch, 1, seq, 32], unsqueezes it on axis 2
// ([batch, 1, 1, seq, 32]), expands it to [batch, 1, 4, seq, 32] (the
// exporter's Concat/Where chain gives [1, 1, 4, 1, 1]) and reshapes it to
// `target`, inserting the result; ConcatFromSequence joins on axis 1.
Graph RepeatInterleaveLoop(const std::vector<int64_t>& target) {
  Graph b;
  b.inputs = {ValueInfo("i", {}, kInt64Type), ValueInfo("c", {}, kBoolType), ValueInfo("outs", {})};
  b.nodes = {Node("SequenceAt", {"r_splits", "i"}, {"r"}),
             Node("SequenceAt", {"k_splits", "i"}, {"piece"}, {}, "at"),
             Node("Unsqueeze", {"piece", "two"}, {"u"}),
             Node("Concat", {"ones2", "r", "ones2"}, {"expanded_shape"}, {AttrInt("axis", 0)}),
             Node("Expand", {"u", "expanded_shape"}, {"e"}, {}, "expand"),
             Node("Reshape", {"e", "target"}, {"rows"}, {}, "reshape"),
             Node("SequenceInsert", {"outs", "rows"}, {"outs_next"}),
             Node("Identity", {"c"}, {"c_next"})};
  b.outputs = {ValueInfo("c_next", {}, kBoolType), ValueInfo("outs_next", {})};
  Graph g;
  g.inputs = {ValueInfo("k", {std::string("batch"), int64_t{2}, std::string("seq"), int64_t{32}})};
  g.initializers = {IntTensor("reps", {4, 4}),
                    IntTensor("split", {1, 1}),
                    IntTensor("M", {2}),
                    IntTensor("two", {2}),
                    IntTensor("ones2", {1, 1}),
                    IntTensor("target", target),
                    Tensor("yes", {}, kBoolType).Bytes(9, std::string(1, '\1'))};
  g.nodes = {
      Node("SplitToSequence", {"reps", "split"}, {"r_splits"}, {AttrInt("axis", 0)}),
      Node("SplitToSequence", {"k", "split"}, {"k_splits"}, {AttrInt("axis", 1)}, "split"),
      Node("SequenceEmpty", {}, {"empty"}),
      Node("Loop", {"M", "yes", "empty"}, {"outs_final"}, {GraphAttr("body", b)}, "loop"),
      Node("ConcatFromSequence", {"outs_final"}, {"repeated"}, {AttrInt("axis", 1)}, "join")};
  return g;
}

// The sequence rules and Loop give what the ONNX operator specification
// computes for this export, not what repeat_interleave means: the exporter
// writes the target [0, -1, 0, 0] (0 for each dimension it does not know)
// as if its zeros copied k's dimensions, but Reshape's 0 copies the
// dimension of the same index of its input (onnx/docs/Operators.md,
// Reshape, allowzero = 0), here the 5-D [batch, 1, 4, seq, 32]: with
// batch = 2, seq = 16 each piece becomes [2, ?, 4, 16] with ? = 2·4·16·32 /
// (2·4·16) = 32, and two pieces joined on axis 1 are 2x64x4x16 (a runtime
// computes the same; a MatMul with q [2, 8, 16, 32] then fails). A target
// that names the dimensions after the repeated one, [0, -1, 16, 32], gives
// repeat_interleave's [2, 4, 16, 32] per piece and 2x8x16x32 joined.
TEST(OnnxControlFlow, RepeatInterleaveLoopFollowsReshapeZeroCopyingByIndex) {
  const std::map<std::string, int64_t> dims = {{"batch", 2}, {"seq", 16}};
  const auto exported = Analyze(Model(RepeatInterleaveLoop({0, -1, 0, 0})), dims);
  ASSERT_TRUE(exported.ok()) << exported.status().message();
  EXPECT_EQ(OutputShape(*exported, "split", 0), "sequence[2] of 2x1x16x32");
  EXPECT_EQ(OutputShape(*exported, "loop/at", 0), "2x1x16x32");
  EXPECT_EQ(OutputShape(*exported, "loop/expand", 0), "2x1x4x16x32");
  EXPECT_EQ(OutputShape(*exported, "loop/reshape", 0), "2x32x4x16");
  EXPECT_EQ(OutputShape(*exported, "loop", 0), "sequence[2] of 2x32x4x16");
  EXPECT_EQ(OutputShape(*exported, "join", 0), "2x64x4x16");
  const auto named = Analyze(Model(RepeatInterleaveLoop({0, -1, 16, 32})), dims);
  ASSERT_TRUE(named.ok()) << named.status().message();
  EXPECT_EQ(OutputShape(*named, "loop/reshape", 0), "2x4x16x32");
  EXPECT_EQ(OutputShape(*named, "join", 0), "2x8x16x32");
}

// A body that erases one element per trip from a list of 2, run 5 times,
// would fail at run time (2 - 5 < 0): the length is left unknown, never
// a negative dimension.
TEST(OnnxControlFlow, ALoopErasingPastEmptyLeavesTheLengthUnknown) {
  Graph b;
  b.inputs = {ValueInfo("t", {}, kInt64Type), ValueInfo("c", {}, kBoolType), ValueInfo("s", {})};
  b.nodes = {Node("SequenceErase", {"s"}, {"s_next"}), Node("Identity", {"c"}, {"c_next"})};
  b.outputs = {ValueInfo("c_next", {}, kBoolType), ValueInfo("s_next", {})};
  Graph g;
  g.inputs = {ValueInfo("x", S({4}))};
  g.initializers = {IntTensor("M", {5}, true)};
  g.nodes = {Node("SequenceConstruct", {"x", "x"}, {"two"}),
             Node("Loop", {"M", "", "two"}, {"left"}, {GraphAttr("body", b)}, "loop")};
  const auto a = Analyze(Model(g));
  ASSERT_TRUE(a.ok()) << a.status().message();
  EXPECT_EQ(OutputShape(*a, "loop", 0), "sequence[?] of 4");
}

// Without --dim the trip count is the symbol `seq`: the body is counted
// once (36 FLOP, a lower bound whose reason names the --dim to pass), and
// the results are `seq` long, so that a later count asks for it.
TEST(OnnxControlFlow, LoopWithASymbolicTripCountNamesItsDimension) {
  const auto a = Analyze(Model(AppendingLoop()));
  ASSERT_TRUE(a.ok()) << a.status().message();
  EXPECT_DOUBLE_EQ(a->forward_flop, 36);
  ASSERT_EQ(a->lower_bound_reasons.size(), 1u);
  EXPECT_EQ(a->lower_bound_reasons[0],
            "Loop 'loop': the trip count is not known (M, 'n', is seq; pass `dims` seq=N); the "
            "body is counted once");
  EXPECT_EQ(OutputShape(*a, "loop", 0), "sequence[seq] of 4");
  EXPECT_EQ(OutputShape(*a, "loop", 1), "seq x 4");
  EXPECT_EQ(OutputShape(*a, "stack", 0), "seq x 4");
  EXPECT_EQ(NodeNamed(*a, "loop").formula,
            "the body (36 FLOP per trip) x M = seq trips, counted once: pass `dims` seq=N");
}

// CountOnnxNodes counts the nodes of subgraphs too: the outer Loop (1) and
// its body's Identity, MatMul and Relu (3) are 4, whatever the trip count.
TEST(OnnxControlFlow, NodeCountIncludesSubgraphs) {
  const std::string bytes = Model(WithLoop(IntTensor("M", {5}, true)));
  const Result<int64_t> n = CountOnnxNodes(MemoryByteSource(bytes));
  ASSERT_TRUE(n.ok()) << n.status().message();
  EXPECT_EQ(*n, 4);
  // A truncated file is malformed protobuf, named by its byte offset.
  const std::string cut = bytes.substr(0, bytes.size() - 3);
  const Result<int64_t> bad = CountOnnxNodes(MemoryByteSource(cut));
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("byte "), std::string::npos) << bad.status().message();
}

// An enclosing path over 1,024 bytes (kMaxScopePathBytes) is written as its
// first 120 bytes and its size, then the node's own name: a 1 MB name on an
// If node once made every branch node's row, label and JSON name 1 MB long
// (2.25 GB of JSON from a 1 MB file). By hand: the scope "x" + 1,000 x "é"
// (2 bytes each) is 2,001 bytes, plus "/" = 2,002; its first 120 bytes end
// inside the 60th "é", so 119 bytes are kept ("x" + 59 x "é").
TEST(OnnxNodePath, AnEnclosingPathOverItsCapIsShortenedOwnNameKept) {
  std::string accents;
  for (int i = 0; i < 1000; ++i) accents += "\xc3\xa9";
  OnnxAnalysis a;
  a.scopes = {OnnxScope{0, ""}, OnnxScope{0, "x" + accents}, OnnxScope{0, "gate"}};
  OnnxNode deep, shallow;
  deep.scope = 1;
  deep.name = "fc";
  shallow.scope = 2;
  shallow.name = "fc";
  EXPECT_EQ(NodePath(a, deep), "x" + accents.substr(0, 118) + "... (2002 bytes)/fc");
  EXPECT_EQ(NodePath(a, shallow), "gate/fc");
  // At the cap exactly (1,023 + "/" = 1,024 bytes) the path is whole.
  a.scopes[2].name = std::string(1023, 'g');
  EXPECT_EQ(NodePath(a, shallow), std::string(1023, 'g') + "/fc");
}

}  // namespace
}  // namespace trainflops::onnx::testing
