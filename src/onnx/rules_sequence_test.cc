// RNN/GRU/LSTM and attention against hand arithmetic (rules_sequence.cc).
#include "rules_test_util.h"

namespace trainflops::onnx::testing {
namespace {

using I = std::vector<int64_t>;

class SequenceRules : public ::testing::TestWithParam<RuleCase> {};
TEST_P(SequenceRules, MatchesHandArithmetic) { CheckRule(GetParam()); }

OneNode Opset(OneNode g, int64_t opset) {
  g.opset = opset;
  return g;
}

INSTANTIATE_TEST_SUITE_P(
    Onnx, SequenceRules,
    ::testing::Values(
        // LSTM, seq 5, batch 2, I 3, H 4, biases: per step 4·[2·7·4 + 2·4 + 4] + 5·4 = 292;
        // 5·2·292 = 2,920. Params W 48 + R 64 + B 32 = 144.
        RuleCase{"lstm",
                 {{{"x", S({5, 2, 3})}},
                  {{"w", I{1, 16, 3}}, {"r", I{1, 16, 4}}, {"b", I{1, 32}}},
                  {},
                  Node("LSTM", {"x", "w", "r", "b"}, {"y"}, {AttrInt("hidden_size", 4)})},
                 2920,
                 "5x1x2x4",
                 144},
        // Bidirectional GRU, no bias: per step 3·[2·5·3 + 3] + 5·3 = 114; 3·1·2·114 = 684.
        RuleCase{"gru_bidirectional",
                 {{{"x", S({3, 1, 2})}},
                  {{"w", I{2, 9, 2}}, {"r", I{2, 9, 3}}},
                  {},
                  Node("GRU", {"x", "w", "r"}, {"y"},
                       {AttrInt("hidden_size", 3), AttrString("direction", "bidirectional")})},
                 684,
                 "3x2x1x3",
                 90},
        // RNN batch-first (layout 1): batch 2, seq 4, I 3, H 5, biases:
        // per step 2·8·5 + 2·5 + 5 = 95; 4·2·95 = 760.
        RuleCase{"rnn_layout1",
                 {{{"x", S({2, 4, 3})}},
                  {{"w", I{1, 5, 3}}, {"r", I{1, 5, 5}}, {"b", I{1, 10}}},
                  {},
                  Node("RNN", {"x", "w", "r", "b"}, {"y"},
                       {AttrInt("hidden_size", 5), AttrInt("layout", 1)})},
                 760,
                 "2x4x1x5",
                 50},
        // Attention (opset 23), 4-D: S = 1·2·3·5 = 30 scores:
        // 2·30·4 + 30 + 3·30 + 2·30·6 = 240 + 30 + 90 + 360 = 720.
        RuleCase{"attention_4d",
                 Opset({{{"q", S({1, 2, 3, 4})}, {"k", S({1, 2, 5, 4})}, {"v", S({1, 2, 5, 6})}},
                        {},
                        {},
                        Node("Attention", {"q", "k", "v"}, {"y"})},
                       23),
                 720, "1x2x3x6"},
        // 3-D with 2 heads of size 4: S = 30: 240 + 30 + 90 + 240 = 600.
        RuleCase{"attention_3d_heads",
                 Opset({{{"q", S({1, 3, 8})}, {"k", S({1, 5, 8})}, {"v", S({1, 5, 8})}},
                        {},
                        {},
                        Node("Attention", {"q", "k", "v"}, {"y"},
                             {AttrInt("q_num_heads", 2), AttrInt("kv_num_heads", 2)})},
                       23),
                 600, "1x3x8"},
        // Causal, L = Sq = 4: average attended (4 + 1)/2 = 2.5, S = 10; with a mask:
        // 2·10·2 + 10 + 10 (mask) + 30 + 2·10·2 = 130.
        RuleCase{"attention_causal_mask",
                 Opset({{{"q", S({1, 1, 4, 2})},
                         {"k", S({1, 1, 4, 2})},
                         {"v", S({1, 1, 4, 2})},
                         {"m", S({4, 4})}},
                        {},
                        {},
                        Node("Attention", {"q", "k", "v", "m"}, {"y"}, {AttrInt("is_causal", 1)})},
                       23),
                 130, "1x1x4x2"},
        // com.microsoft Attention: projection 2·4·6·18 = 864 + bias 72; 2 heads of 3,
        // S = 2·4·4 = 32: 2·32·3 + 32 + 96 + 2·32·3 = 512; total 1,448. Params 108 + 18.
        RuleCase{"ms_attention",
                 Contrib({{{"x", S({1, 4, 6})}},
                          {{"w", I{6, 18}}, {"b", I{18}}},
                          {},
                          Node("Attention", {"x", "w", "b"}, {"y"}, {AttrInt("num_heads", 2)}, "",
                               "com.microsoft")}),
                 1448, "1x4x6", 126},
        // com.microsoft MultiHeadAttention, 2 heads of 4: S = 2·3·5 = 30 -> 600.
        RuleCase{"ms_multi_head_attention",
                 Contrib({{{"q", S({1, 3, 8})}, {"k", S({1, 5, 8})}, {"v", S({1, 5, 8})}},
                          {},
                          {},
                          Node("MultiHeadAttention", {"q", "k", "v"}, {"y"},
                               {AttrInt("num_heads", 2)}, "", "com.microsoft")}),
                 600, "1x3x8"}),
    CaseName);

TEST(OnnxSequence, BadDirectionIsRefused) {
  OneNode g{{{"x", S({3, 1, 2})}},
            {{"w", I{1, 3, 2}}, {"r", I{1, 3, 3}}},
            {},
            Node("RNN", {"x", "w", "r"}, {"y"}, {AttrString("direction", "sideways")}, "rnn")};
  const auto a = Analyze(g.Bytes());
  ASSERT_FALSE(a.ok());
  EXPECT_EQ(a.status().message(),
            "node 'rnn' (RNN): direction 'sideways' is not accepted (accepted: forward, "
            "reverse, bidirectional)");
}

}  // namespace
}  // namespace trainflops::onnx::testing
