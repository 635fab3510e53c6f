// Gemm, MatMul and Einsum against hand arithmetic (1 multiply-add = 2 FLOP).
#include "rules_test_util.h"

namespace trainflops::onnx::testing {
namespace {

using I = std::vector<int64_t>;

class LinearRules : public ::testing::TestWithParam<RuleCase> {};
TEST_P(LinearRules, MatchesHandArithmetic) { CheckRule(GetParam()); }

Proto Einsum(const std::string& eq, std::vector<std::string> in) {
  return Node("Einsum", in, {"y"}, {AttrString("equation", eq)});
}

INSTANTIATE_TEST_SUITE_P(
    Onnx, LinearRules,
    ::testing::Values(
        // transB: A [4,8], B [16,8] -> [4,16]: 2·4·16·8 = 1,024 + C 64 = 1,088.
        RuleCase{"gemm_transb_bias",
                 {{{"a", S({4, 8})}},
                  {{"w", I{16, 8}}, {"c", I{16}}},
                  {},
                  Node("Gemm", {"a", "w", "c"}, {"y"}, {AttrInt("transB", 1)})},
                 1088,
                 "4x16",
                 144},
        // transA with alpha 0.5 and beta 2: 1,024 + 64 (C) + 64 (alpha) + 64 (beta) = 1,216.
        RuleCase{"gemm_transa_alpha_beta",
                 {{{"a", S({8, 4})}},
                  {{"w", I{8, 16}}, {"c", I{4, 16}}},
                  {},
                  Node("Gemm", {"a", "w", "c"}, {"y"},
                       {AttrInt("transA", 1), AttrFloat("alpha", 0.5f), AttrFloat("beta", 2)})},
                 1216,
                 "4x16",
                 192},
        // Batch [2,1] vs [5] broadcast to [2,5]: 2·10·3·4·6 = 1,440.
        RuleCase{"matmul_batched_broadcast",
                 {{{"a", S({2, 1, 3, 4})}, {"b", S({5, 4, 6})}},
                  {},
                  {},
                  Node("MatMul", {"a", "b"}, {"y"})},
                 1440,
                 "2x5x3x6"},
        // 1-D A: [4] x [4,6] -> [6]: 2·4·6 = 48.
        RuleCase{"matmul_vector_matrix",
                 {{{"a", S({4})}}, {{"w", I{4, 6}}}, {}, Node("MatMul", {"a", "w"}, {"y"})},
                 48,
                 "6",
                 24},
        // 1-D B: [3,4] x [4] -> [3]: 2·3·4 = 24.
        RuleCase{"matmul_matrix_vector",
                 {{{"a", S({3, 4})}, {"b", S({4})}}, {}, {}, Node("MatMul", {"a", "b"}, {"y"})},
                 24,
                 "3"},
        // Dot product [4]·[4] -> scalar: 2·4 = 8.
        RuleCase{"matmul_dot",
                 {{{"a", S({4})}, {"b", S({4})}}, {}, {}, Node("MatMul", {"a", "b"}, {"y"})},
                 8,
                 "scalar"},
        // Batched contraction: 2·(b·i·j·k) = 2·(2·3·4·5) = 240.
        RuleCase{"einsum_bmm",
                 {{{"a", S({2, 3, 4})}, {"b", S({2, 4, 5})}},
                  {},
                  {},
                  Einsum("bij,bjk->bik", {"a", "b"})},
                 240,
                 "2x3x5"},
        // Outer product: nothing summed, one multiply per point: 3·4 = 12.
        RuleCase{"einsum_outer",
                 {{{"a", S({3})}, {"b", S({4})}}, {}, {}, Einsum("i,j->ij", {"a", "b"})},
                 12,
                 "3x4"},
        // Transpose: 0. Row sums: one add per input element, 12.
        RuleCase{
            "einsum_transpose", {{{"a", S({3, 4})}}, {}, {}, Einsum("ij->ji", {"a"})}, 0, "4x3"},
        RuleCase{"einsum_sum", {{{"a", S({3, 4})}}, {}, {}, Einsum("ij->i", {"a"})}, 12, "3"},
        // Implicit output (labels used once, alphabetical): "ij,jk" -> "ik": 2·2·3·4 = 48.
        RuleCase{"einsum_implicit",
                 {{{"a", S({2, 3})}, {"b", S({3, 4})}}, {}, {}, Einsum("ij,jk", {"a", "b"})},
                 48,
                 "2x4"},
        // Three operands left to right: (ij,jk) sums j over i·j·k = 2·3·4 -> 48, then
        // (ik,kl) sums k over i·k·l = 2·4·5 -> 80; total 128.
        RuleCase{"einsum_chain",
                 {{{"a", S({2, 3})}, {"b", S({3, 4})}, {"c", S({4, 5})}},
                  {},
                  {},
                  Einsum("ij,jk,kl->il", {"a", "b", "c"})},
                 128,
                 "2x5"},
        // Ellipsis batch 7 on one side only: 2·(7·2·3·4) = 336.
        RuleCase{"einsum_ellipsis",
                 {{{"a", S({7, 2, 3})}, {"b", S({3, 4})}},
                  {},
                  {},
                  Einsum("...ij,jk->...ik", {"a", "b"})},
                 336,
                 "7x2x4"}),
    CaseName);

TEST(OnnxLinear, InnerDimensionMismatchNamesTheNode) {
  OneNode g{
      {{"a", S({3, 4})}, {"b", S({5, 6})}}, {}, {}, Node("MatMul", {"a", "b"}, {"y"}, {}, "mm")};
  const auto a = Analyze(g.Bytes());
  ASSERT_FALSE(a.ok());
  EXPECT_EQ(a.status().message(), "node 'mm' (MatMul): inner dimensions differ: 3x4 x 5x6");
}

TEST(OnnxLinear, EinsumLabelSizeConflict) {
  OneNode g{{{"a", S({2, 3})}, {"b", S({4, 5})}}, {}, {}, Einsum("ij,jk->ik", {"a", "b"})};
  const auto a = Analyze(g.Bytes());
  ASSERT_FALSE(a.ok());
  EXPECT_NE(a.status().message().find("label 'j' is 3 in one input and 4 in another"),
            std::string::npos)
      << a.status().message();
}

}  // namespace
}  // namespace trainflops::onnx::testing
