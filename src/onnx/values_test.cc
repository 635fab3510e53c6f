// The small-tensor evaluator: each operator's values (read back through a
// ConstantOfShape probe, whose output shape is the values), the exporters'
// shape-arithmetic patterns, symbols for missing --dim values, and hostile
// graphs (huge Range / ConstantOfShape).
#include <gtest/gtest.h>

#include "testing/analyze_util.h"

namespace trainflops::onnx::testing {
namespace {

using I = std::vector<int64_t>;

Proto Scalar(std::string_view name, int64_t v) { return IntTensor(name, {v}, true); }
Proto Cast(const std::string& in, const std::string& out, int64_t to) {
  return Node("Cast", {in}, {out}, {AttrInt("to", to)});
}
Proto Reshape(const std::string& in, const std::string& shape, const std::string& out) {
  return Node("Reshape", {in, shape}, {out});
}

// Nodes computing int64 tensor "v"; the probe ConstantOfShape(v) has output
// shape v, so its shape string lists the values.
struct ValueCase {
  std::string name;
  std::vector<Proto> initializers, nodes;
  std::string values;  // expected, worked out by hand from the operator's definition
};

void PrintTo(const ValueCase& c, std::ostream* os) { *os << c.name; }

class OnnxValues : public ::testing::TestWithParam<ValueCase> {};

TEST_P(OnnxValues, AreComputedFromKnownInputs) {
  Graph g;
  g.inputs.push_back(ValueInfo("x", S({1})));
  g.initializers = GetParam().initializers;
  g.nodes = GetParam().nodes;
  g.nodes.push_back(Node("ConstantOfShape", {"v"}, {"probe_out"}, {}, "probe"));
  const auto a = Analyze(Model(g, 17));
  ASSERT_TRUE(a.ok()) << a.status().message();
  const OnnxNode* probe = FindNode(*a, "probe");
  ASSERT_NE(probe, nullptr);
  EXPECT_EQ(a->Output(*probe, 0).shape, GetParam().values);
}

const ValueCase kValueCases[] = {
    // Range(2, 11, 3): 2, 5, 8 (11 excluded); Range(10, 4, -2): 10, 8, 6.
    {"range",
     {Scalar("a", 2), Scalar("b", 11), Scalar("c", 3)},
     {Node("Range", {"a", "b", "c"}, {"v"})},
     "2x5x8"},
    {"range_down",
     {Scalar("a", 10), Scalar("b", 4), Scalar("c", -2)},
     {Node("Range", {"a", "b", "c"}, {"v"})},
     "10x8x6"},
    // [10, 20, 30, 40][-1::-2] = 40, 20.
    {"slice_negative_step",
     {IntTensor("d", {10, 20, 30, 40}), IntTensor("s", {-1}), IntTensor("e", {-100}),
      IntTensor("ax", {0}), IntTensor("st", {-2})},
     {Node("Slice", {"d", "s", "e", "ax", "st"}, {"v"})},
     "40x20"},
    // [5, 6, 7] at [2, 0]: 7, 5. GatherElements at [1, 1, 0]: 6, 6, 5.
    {"gather",
     {IntTensor("d", {5, 6, 7}), IntTensor("i", {2, 0})},
     {Node("Gather", {"d", "i"}, {"v"})},
     "7x5"},
    {"gather_elements",
     {IntTensor("d", {5, 6, 7}), IntTensor("i", {1, 1, 0})},
     {Node("GatherElements", {"d", "i"}, {"v"})},
     "6x6x5"},
    // Rows of [[1, 2, 3], [4, 5, 6]] gathered on axis 1 at [2]: [[3], [6]] -> 3, 6.
    {"gather_axis1",
     {IntTensor("d", {1, 2, 3, 4, 5, 6}), IntTensor("shape", {2, 3}), IntTensor("i", {2}),
      IntTensor("flat", {-1})},
     {Reshape("d", "shape", "m"), Node("Gather", {"m", "i"}, {"g"}, {AttrInt("axis", 1)}),
      Reshape("g", "flat", "v")},
     "3x6"},
    // Split [1..5] as [2, 3]: the second part is 3, 4, 5.
    {"split",
     {IntTensor("d", {1, 2, 3, 4, 5}), IntTensor("sizes", {2, 3})},
     {Node("Split", {"d", "sizes"}, {"first", "v"})},
     "3x4x5"},
    // [[1, 2, 3], [4, 5, 6]] transposed: [[1, 4], [2, 5], [3, 6]].
    {"transpose",
     {IntTensor("d", {1, 2, 3, 4, 5, 6}), IntTensor("shape", {2, 3}), IntTensor("flat", {-1})},
     {Reshape("d", "shape", "m"), Node("Transpose", {"m"}, {"t"}),
      Node("Flatten", {"t"}, {"f"}, {AttrInt("axis", 0)}), Reshape("f", "flat", "v")},
     "1x4x2x5x3x6"},
    {"tile",
     {IntTensor("d", {2, 3}), IntTensor("r", {2})},
     {Node("Tile", {"d", "r"}, {"v"})},
     "2x3x2x3"},
    {"expand",
     {IntTensor("d", {4}), IntTensor("s", {3})},
     {Node("Expand", {"d", "s"}, {"v"})},
     "4x4x4"},
    {"concat",
     {IntTensor("a", {1}), IntTensor("b", {2, 3})},
     {Node("Concat", {"a", "b"}, {"v"}, {AttrInt("axis", 0)})},
     "1x2x3"},
    // ConstantOfShape([2]) filled with 7.
    {"constant_of_shape",
     {IntTensor("s", {2})},
     {Node("ConstantOfShape", {"s"}, {"v"},
           {Proto().Bytes(1, "value").Message(5, IntTensor("", {7})).Varint(20, 4)})},
     "7x7"},
    // Where([1, 0, 1], [1, 2, 3], [7, 8, 9]) = 1, 8, 3.
    {"where",
     {IntTensor("c", {1, 0, 1}), IntTensor("a", {1, 2, 3}), IntTensor("b", {7, 8, 9})},
     {Cast("c", "cb", 9), Node("Where", {"cb", "a", "b"}, {"v"})},
     "1x8x3"},
    // Comparisons of [1, 3, 5] with 3 (as 0/1).
    {"equal",
     {IntTensor("a", {1, 3, 5}), Scalar("b", 3)},
     {Node("Equal", {"a", "b"}, {"c"}), Cast("c", "v", 7)},
     "0x1x0"},
    {"less",
     {IntTensor("a", {1, 3, 5}), Scalar("b", 3)},
     {Node("Less", {"a", "b"}, {"c"}), Cast("c", "v", 7)},
     "1x0x0"},
    {"less_or_equal",
     {IntTensor("a", {1, 3, 5}), Scalar("b", 3)},
     {Node("LessOrEqual", {"a", "b"}, {"c"}), Cast("c", "v", 7)},
     "1x1x0"},
    {"greater",
     {IntTensor("a", {1, 3, 5}), Scalar("b", 3)},
     {Node("Greater", {"a", "b"}, {"c"}), Cast("c", "v", 7)},
     "0x0x1"},
    {"greater_or_equal",
     {IntTensor("a", {1, 3, 5}), Scalar("b", 3)},
     {Node("GreaterOrEqual", {"a", "b"}, {"c"}), Cast("c", "v", 7)},
     "0x1x1"},
    // Logic on [1, 1, 0, 0] and [1, 0, 1, 0].
    {"and",
     {IntTensor("a", {1, 1, 0, 0}), IntTensor("b", {1, 0, 1, 0})},
     {Cast("a", "p", 9), Cast("b", "q", 9), Node("And", {"p", "q"}, {"c"}), Cast("c", "v", 7)},
     "1x0x0x0"},
    {"or",
     {IntTensor("a", {1, 1, 0, 0}), IntTensor("b", {1, 0, 1, 0})},
     {Cast("a", "p", 9), Cast("b", "q", 9), Node("Or", {"p", "q"}, {"c"}), Cast("c", "v", 7)},
     "1x1x1x0"},
    {"xor",
     {IntTensor("a", {1, 1, 0, 0}), IntTensor("b", {1, 0, 1, 0})},
     {Cast("a", "p", 9), Cast("b", "q", 9), Node("Xor", {"p", "q"}, {"c"}), Cast("c", "v", 7)},
     "0x1x1x0"},
    {"not",
     {IntTensor("a", {1, 0})},
     {Cast("a", "p", 9), Node("Not", {"p"}, {"c"}), Cast("c", "v", 7)},
     "0x1"},
    // Arithmetic: 7 + 2, 7 - 2, 7·2, 7 / 2 = 3 (integer division truncates).
    {"add", {Scalar("a", 7), IntTensor("b", {2})}, {Node("Add", {"a", "b"}, {"v"})}, "9"},
    {"sub", {Scalar("a", 7), IntTensor("b", {2})}, {Node("Sub", {"a", "b"}, {"v"})}, "5"},
    {"mul", {Scalar("a", 7), IntTensor("b", {2})}, {Node("Mul", {"a", "b"}, {"v"})}, "14"},
    {"div", {Scalar("a", 7), IntTensor("b", {2})}, {Node("Div", {"a", "b"}, {"v"})}, "3"},
    // Mod takes the divisor's sign: -7 mod 3 = 2 (as Python's %); 7 mod 3 = 1.
    {"mod", {IntTensor("a", {-7, 7}), Scalar("b", 3)}, {Node("Mod", {"a", "b"}, {"v"})}, "2x1"},
    {"neg_abs",
     {IntTensor("a", {-4})},
     {Node("Neg", {"a"}, {"n"}), Node("Neg", {"n"}, {"m"}), Node("Abs", {"m"}, {"v"})},
     "4"},
    // Min and Max of three inputs; Pow(2, 10) = 1024.
    {"min",
     {IntTensor("a", {5, 1}), IntTensor("b", {3, 4}), IntTensor("c", {4, 9})},
     {Node("Min", {"a", "b", "c"}, {"v"})},
     "3x1"},
    {"max",
     {IntTensor("a", {5, 1}), IntTensor("b", {3, 4}), IntTensor("c", {4, 9})},
     {Node("Max", {"a", "b", "c"}, {"v"})},
     "5x9"},
    {"pow", {IntTensor("a", {2}), IntTensor("b", {10})}, {Node("Pow", {"a", "b"}, {"v"})}, "1024"},
    // Through floats: 7 / 2 = 3.5; floor 3, ceil 4, round 4 (3.5 to even); 5 / 2 = 2.5 rounds to 2;
    // sqrt(16) = 4.
    {"floor",
     {IntTensor("a", {7}), FloatTensor("two", {2})},
     {Cast("a", "f", 1), Node("Div", {"f", "two"}, {"h"}), Node("Floor", {"h"}, {"r"}),
      Cast("r", "v", 7)},
     "3"},
    {"ceil",
     {IntTensor("a", {7}), FloatTensor("two", {2})},
     {Cast("a", "f", 1), Node("Div", {"f", "two"}, {"h"}), Node("Ceil", {"h"}, {"r"}),
      Cast("r", "v", 7)},
     "4"},
    {"round",
     {IntTensor("a", {7, 5}), FloatTensor("two", {2})},
     {Cast("a", "f", 1), Node("Div", {"f", "two"}, {"h"}), Node("Round", {"h"}, {"r"}),
      Cast("r", "v", 7)},
     "4x2"},
    {"sqrt", {FloatTensor("a", {16})}, {Node("Sqrt", {"a"}, {"r"}), Cast("r", "v", 7)}, "4"},
    // Reductions of [2, 3, 4] to one value (keepdims), ArgMax/ArgMin of [3, 9, 2].
    {"reduce_prod", {IntTensor("a", {2, 3, 4})}, {Node("ReduceProd", {"a"}, {"v"})}, "24"},
    {"reduce_sum", {IntTensor("a", {2, 3, 4})}, {Node("ReduceSum", {"a"}, {"v"})}, "9"},
    {"reduce_min", {IntTensor("a", {2, 3, 4})}, {Node("ReduceMin", {"a"}, {"v"})}, "2"},
    {"reduce_max", {IntTensor("a", {2, 3, 4})}, {Node("ReduceMax", {"a"}, {"v"})}, "4"},
    {"argmax", {IntTensor("a", {3, 9, 2})}, {Node("ArgMax", {"a"}, {"v"})}, "1"},
    {"argmin", {IntTensor("a", {3, 9, 2})}, {Node("ArgMin", {"a"}, {"v"})}, "2"},
    // NonZero([0, 3, 0, 5]) = [[1, 3]] (indices of the non-zero elements).
    {"nonzero",
     {IntTensor("a", {0, 3, 0, 5}), IntTensor("ax", {0})},
     {Node("NonZero", {"a"}, {"n"}), Node("Squeeze", {"n", "ax"}, {"v"})},
     "1x3"},
    // Upper triangle of [[1, 2], [3, 4]]: [[1, 2], [0, 4]].
    {"trilu",
     {IntTensor("a", {1, 2, 3, 4}), IntTensor("shape", {2, 2}), IntTensor("flat", {-1})},
     {Reshape("a", "shape", "m"), Node("Trilu", {"m"}, {"t"}), Reshape("t", "flat", "v")},
     "1x2x0x4"},
    // CumSum([1, 2, 3]) = 1, 3, 6; exclusive and reversed: 5, 3, 0.
    {"cumsum",
     {IntTensor("a", {1, 2, 3}), Scalar("ax", 0)},
     {Node("CumSum", {"a", "ax"}, {"v"})},
     "1x3x6"},
    {"cumsum_exclusive_reverse",
     {IntTensor("a", {1, 2, 3}), Scalar("ax", 0)},
     {Node("CumSum", {"a", "ax"}, {"v"}, {AttrInt("exclusive", 1), AttrInt("reverse", 1)})},
     "5x3x0"},
    // Size of a [2, 3] tensor, CastLike to int64, Identity, Constant.
    {"size",
     {IntTensor("a", {1, 2, 3, 4, 5, 6}), IntTensor("shape", {2, 3}), IntTensor("ax", {0})},
     {Reshape("a", "shape", "m"), Node("Size", {"m"}, {"s"}),
      Node("Unsqueeze", {"s", "ax"}, {"v"})},
     "6"},
    {"castlike_identity",
     {FloatTensor("a", {3}), IntTensor("like", {0})},
     {Node("CastLike", {"a", "like"}, {"c"}), Node("Identity", {"c"}, {"v"})},
     "3"},
    {"constant", {}, {Node("Constant", {}, {"v"}, {AttrInts("value_ints", {6, 1})})}, "6x1"},
};

INSTANTIATE_TEST_SUITE_P(Onnx, OnnxValues, ::testing::ValuesIn(kValueCases),
                         [](const ::testing::TestParamInfo<ValueCase>& p) { return p.param.name; });

// torchvision's ViT class token, cls.expand(n, -1, -1): Shape -> Gather ->
// Unsqueeze -> Concat([n, -1, -1]) -> Equal(-1) -> Where(ones) -> Expand,
// then Concat with the patches and a MatMul [n, 197, 8] x [8, 4].
Graph ClassToken() {
  Graph g;
  g.inputs.push_back(ValueInfo("x", {std::string("batch"), int64_t{196}, int64_t{8}}));
  g.initializers = {
      WeightTensor("cls", {1, 1, 8}), WeightTensor("w", {8, 4}),    Scalar("zero", 0),
      IntTensor("axes", {0}),         IntTensor("minus_one", {-1}), IntTensor("three", {3})};
  g.nodes = {Node("Shape", {"x"}, {"s"}),
             Node("Gather", {"s", "zero"}, {"n"}),
             Node("Unsqueeze", {"n", "axes"}, {"n1"}),
             Node("Concat", {"n1", "minus_one", "minus_one"}, {"target"}, {AttrInt("axis", 0)}),
             Node("Equal", {"target", "minus_one"}, {"is_kept"}),
             Node("ConstantOfShape", {"three"}, {"ones"},
                  {Proto().Bytes(1, "value").Message(5, IntTensor("", {1})).Varint(20, 4)}),
             Node("Where", {"is_kept", "ones", "target"}, {"shape"}),
             Node("Expand", {"cls", "shape"}, {"tokens"}, {}, "expand"),
             Node("Concat", {"tokens", "x"}, {"seq"}, {AttrInt("axis", 1)}, "concat"),
             Node("MatMul", {"seq", "w"}, {"y"}, {}, "head")};
  return g;
}

TEST(OnnxValuePatterns, ClassTokenExpandResolvesWithAndWithoutBatch) {
  const auto with = Analyze(Model(ClassToken(), 13), {{"batch", 2}});
  ASSERT_TRUE(with.ok()) << with.status().message();
  EXPECT_EQ(OutputShape(*with, "concat", 0), "2x197x8");
  // head: 2·2·197·8·4 = 25,216 FLOP.
  EXPECT_DOUBLE_EQ(NodeNamed(*with, "head").forward_flop, 25216);
  // Without --dim batch the shapes stay symbolic; the MatMul, which needs the
  // number, names the missing --dim.
  const auto without = Analyze(Model(ClassToken(), 13));
  ASSERT_FALSE(without.ok());
  EXPECT_EQ(without.status().message(),
            "node 'head' (MatMul): dimension 'batch' of 'seq' (shape batch x 197 x 8) is not "
            "set; pass `dims` batch=N");
}

// Swin's window padding: pad = (7 - H mod 7) mod 7 on H = 10 gives 4, sent
// through Cast (float and back) into Pad's pads: 10 -> 14.
TEST(OnnxValuePatterns, WindowPaddingThroughModAndCast) {
  Graph g;
  g.inputs.push_back(ValueInfo("x", S({1, 10, 10, 8})));
  g.initializers = {Scalar("one", 1), Scalar("seven", 7), IntTensor("axes", {0}),
                    IntTensor("before", {0, 0, 0, 0, 0}), IntTensor("after", {0, 0})};
  g.nodes = {Node("Shape", {"x"}, {"s"}),
             Node("Gather", {"s", "one"}, {"h"}),
             Node("Mod", {"h", "seven"}, {"r"}),
             Node("Sub", {"seven", "r"}, {"p"}),
             Node("Mod", {"p", "seven"}, {"p2"}),
             Cast("p2", "pf", 1),
             Cast("pf", "pi", 7),
             Node("Unsqueeze", {"pi", "axes"}, {"pu"}),
             Node("Concat", {"before", "pu", "after"}, {"pads"}, {AttrInt("axis", 0)}),
             Node("Pad", {"x", "pads"}, {"y"}, {}, "pad")};
  const auto a = Analyze(Model(g, 13));
  ASSERT_TRUE(a.ok()) << a.status().message();
  EXPECT_EQ(OutputShape(*a, "pad", 0), "1x14x10x8");
}

// A KV-cache decoder's total length past + seq: carried as a symbol, and
// the error names both missing --dim values.
TEST(OnnxValuePatterns, SymbolExpressionsNameEachMissingDim) {
  Graph g;
  g.inputs.push_back(ValueInfo("q", {int64_t{1}, std::string("seq"), int64_t{8}}));
  g.inputs.push_back(ValueInfo("past", {int64_t{1}, std::string("past"), int64_t{8}}));
  g.initializers = {Scalar("one", 1), IntTensor("axes", {0}), IntTensor("front", {1}),
                    IntTensor("eight", {8})};
  g.nodes = {Node("Shape", {"q"}, {"qs"}),
             Node("Gather", {"qs", "one"}, {"s"}),
             Node("Shape", {"past"}, {"ps"}),
             Node("Gather", {"ps", "one"}, {"p"}),
             Node("Add", {"p", "s"}, {"total"}),
             Node("Unsqueeze", {"total", "axes"}, {"t1"}),
             Node("Concat", {"front", "t1", "eight"}, {"shape"}, {AttrInt("axis", 0)}),
             Node("ConstantOfShape", {"shape"}, {"k"}, {}, "keys"),
             Node("Transpose", {"k"}, {"kt"}, {AttrInts("perm", {0, 2, 1})}),
             Node("MatMul", {"q", "kt"}, {"scores"}, {}, "scores")};
  const auto symbolic = Analyze(Model(g, 13));
  ASSERT_FALSE(symbolic.ok());
  EXPECT_EQ(symbolic.status().message(),
            "node 'scores' (MatMul): dimension 'seq' of 'q' (shape 1 x seq x 8) is not set; pass "
            "`dims` seq=N");
  const auto partial = Analyze(Model(g, 13), {{"seq", 4}});
  ASSERT_FALSE(partial.ok());
  EXPECT_EQ(partial.status().message(),
            "node 'scores' (MatMul): dimension 'past + 4' of 'kt' (shape 1 x 8 x past + 4) is not "
            "set; pass `dims` past=N");
  const auto both = Analyze(Model(g, 13), {{"seq", 4}, {"past", 6}});
  ASSERT_TRUE(both.ok()) << both.status().message();
  // [1, 4, 8] x [1, 8, 10]: 2·4·8·10 = 640 FLOP.
  EXPECT_DOUBLE_EQ(NodeNamed(*both, "scores").forward_flop, 640);
}

// Hostile shape arithmetic stays bounded: a Range of 1e12 elements and a
// ConstantOfShape of 1e9 x 1e9 get their shapes (counted in double, never
// built); a negative dimension is an error.
TEST(OnnxValuePatterns, HugeTensorsAreShapedNotBuilt) {
  Graph g;
  g.inputs.push_back(ValueInfo("x", S({1})));
  g.initializers = {Scalar("zero", 0), Scalar("limit", 1'000'000'000'000), Scalar("one", 1),
                    IntTensor("huge", {1'000'000'000, 1'000'000'000})};
  g.nodes = {Node("Range", {"zero", "limit", "one"}, {"r"}, {}, "range"),
             Node("ReduceSum", {"r"}, {"sum"}, {}, "sum"),
             Node("ConstantOfShape", {"huge"}, {"c"}, {}, "fill"),
             Node("Relu", {"c"}, {"y"}, {}, "relu")};
  const auto a = Analyze(Model(g, 13));
  ASSERT_TRUE(a.ok()) << a.status().message();
  EXPECT_EQ(OutputShape(*a, "range", 0), "1000000000000");
  EXPECT_DOUBLE_EQ(NodeNamed(*a, "sum").forward_flop, 1e12);   // one add per element
  EXPECT_DOUBLE_EQ(NodeNamed(*a, "relu").forward_flop, 1e18);  // 1e9·1e9 elements
  Graph negative;
  negative.inputs.push_back(ValueInfo("x", S({1})));
  negative.initializers = {IntTensor("shape", {4, -5})};
  negative.nodes = {Node("ConstantOfShape", {"shape"}, {"c"}, {}, "fill")};
  const auto n = Analyze(Model(negative, 13));
  ASSERT_FALSE(n.ok());
  EXPECT_EQ(
      n.status().message(),
      "node 'fill' (ConstantOfShape): input 'shape': the shape 4x-5 has a negative dimension");
}

}  // namespace
}  // namespace trainflops::onnx::testing
