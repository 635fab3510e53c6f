// Self-attention and multi-head attention (Sevilla et al. 2022, Table 1), per token.
// Expected values are worked out by hand in the comments.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "catalogue_test_util.h"
#include "trainflops/catalogue.h"

namespace trainflops::cattest {

namespace {

// Seed 002, Transformer example: W = 64, D = N = 64, H = 16, M = 1024, L = 20.
// approx 2·16·(64·192 + 20·128 + 64·1024) = 32·(12,288 + 2,560 + 65,536) = 2,572,288
// exact, one head: (2·64·64 + 2·64) = 8,320 for each of Q, K, V -> 24,960
//                  + 20·129 = 2,580 + 20 + 2·20·64 = 2,560 -> 30,120
//        16 heads: 481,920 + 2·16·64·1024 = 2,097,152 + 1,024 + 1,024 -> 2,581,120
// params one head 3·(64·64 + 64) = 12,480; 16 heads 199,680 + 16·64·1024 + 1024
//        = 199,680 + 1,049,600 = 1,249,280 ≈ 16·(64·192 + 64·1024) = 1,245,184
TEST(MultiHeadAttention, SeedTransformerExample) {
  ExpectCost(RunLayer("mha", {{"w", "64"},
                              {"key_size", "64"},
                              {"head_size", "64"},
                              {"heads", "16"},
                              {"output_size", "1024"},
                              {"seq_len", "20"}}),
             {1024}, 1249280, 1245184, 2581120, 2572288);
}

struct Case {
  std::string label;
  std::string type;
  std::map<std::string, std::string> args;
  Shape output;
  double params, params_approx, flop, flop_approx;
};

TEST(Attention, TableOfCases) {
  const std::vector<Case> cases = {
      // W=8, D=4, N=6, L=10. params (32+4) + (32+4) + (48+6) = 126 ≈ 8·(8+6) = 112.
      // FLOP (64+8) + (64+8) + (96+12) + 10·9 + 10 + 2·10·6 = 472;
      // approx 2·8·14 + 2·10·10 = 424.
      {"self",
       "self_attention",
       {{"w", "8"}, {"key_size", "4"}, {"output_size", "6"}, {"seq_len", "10"}},
       {6},
       126,
       112,
       472,
       424},
      // causal: L -> (10+1)/2 = 5.5. FLOP 252 + 5.5·9 + 5.5 + 2·5.5·6 = 252 + 49.5 + 5.5 + 66
      // = 373; approx 224 + 2·5.5·10 = 334. Params unchanged.
      {"causal",
       "attention",
       {{"w", "8"}, {"key_size", "4"}, {"output_size", "6"}, {"seq_len", "10"}, {"causal", "true"}},
       {6},
       126,
       112,
       373,
       334},
      // defaults: N = D = 8, M = W = 32; H = 4, L = 16.
      // params one head 3·(32·8 + 8) = 792; 4·792 + 4·8·32 + 32 = 3,168 + 1,056 = 4,224
      //        ≈ 4·(32·24 + 8·32) = 4,096.
      // FLOP one head 2·(512+16) + (512+16) + 16·17 + 16 + 2·16·8 = 2,128;
      //      4·2,128 + 2·4·8·32 + 32 + 32 = 8,512 + 2,112 = 10,624
      //      ≈ 2·4·(32·24 + 16·16 + 8·32) = 10,240.
      {"mha_defaults",
       "multi_head_attention",
       {{"w", "32"}, {"key_size", "8"}, {"heads", "4"}, {"seq_len", "16"}},
       {32},
       4224,
       4096,
       10624,
       10240},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.label);
    ExpectCost(RunLayer(c.type, c.args), c.output, c.params, c.params_approx, c.flop,
               c.flop_approx);
  }
}

TEST(Attention, CausalIsStatedInFormula) {
  const Result<LayerCost> got =
      RunLayer("attention", {{"w", "8"}, {"key_size", "4"}, {"seq_len", "10"}, {"causal", "yes"}});
  ASSERT_TRUE(got.ok()) << got.status().message();
  EXPECT_NE(got->formula.find("causal"), std::string::npos) << got->formula;
}

TEST(Attention, Errors) {
  EXPECT_TRUE(ErrorContains(RunLayer("mha", {{"w", "64"}, {"key_size", "64"}, {"heads", "16"}}),
                            {"missing field 'seq_len'"}));
  EXPECT_TRUE(ErrorContains(RunLayer("mha", {{"w", "64"}, {"key_size", "64"}, {"seq_len", "20"}}),
                            {"missing field 'heads'"}));
  EXPECT_TRUE(ErrorContains(RunLayer("attention", {{"w", "64"}, {"seq_len", "20"}}),
                            {"missing field 'key_size'"}));
  EXPECT_TRUE(ErrorContains(
      RunLayer("attention", {{"w", "64"}, {"seq_len", "20"}, {"key_size", "64"}, {"heads", "2"}}),
      {"unknown field 'heads'"}));
}

}  // namespace
}  // namespace trainflops::cattest
