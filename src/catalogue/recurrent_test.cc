// RNN, GRU and LSTM (Sevilla et al. 2022, Table 1), per token. Expected values are
// worked out by hand in the comments.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "catalogue_test_util.h"
#include "trainflops/catalogue.h"

namespace trainflops::cattest {

namespace {

// Seed 002, CNN-LSTM-FCN example: N = 200·200·16 = 640,000, M = 256.
// (N+M)·M = 640,256·256 = 163,905,536.
// params 4·(163,905,536 + 256) = 655,623,168 ≈ 4·163,905,536 = 655,622,144
// FLOP   approx 8·640,256·256 = 1,311,244,288;
//        exact  1,311,244,288 + 4·(256 + 256) + 5·256 = 1,311,247,616
TEST(Lstm, SeedExample) {
  const Result<LayerCost> got = RunLayer("lstm", {{"n", "640000"}, {"units", "256"}});
  ExpectCost(got, {256}, 655623168, 655622144, 1311247616, 1311244288);
  ASSERT_TRUE(got.ok());
  EXPECT_NE(got->formula.find("N=640000"), std::string::npos) << got->formula;
  EXPECT_NE(got->formula.find("M=256"), std::string::npos) << got->formula;
  EXPECT_NE(got->source.find("LSTM"), std::string::npos) << got->source;
}

struct Case {
  std::string type;
  std::map<std::string, std::string> args;
  Shape output;
  double params, params_approx, flop, flop_approx;
};

TEST(Recurrent, TableOfCases) {
  // N = 10, M = 20 throughout: (N+M)·M = 600, 2·(N+M)·M = 1,200.
  const std::vector<Case> cases = {
      // RNN: params 600 + 20 = 620 ≈ 600; FLOP 1,200 + 20 + 20 = 1,240 ≈ 1,200.
      {"rnn", {{"n", "10"}, {"units", "20"}}, {20}, 620, 600, 1240, 1200},
      // RNN without bias: params 600; FLOP 1,200 + 20 = 1,220.
      {"rnn", {{"n", "10"}, {"units", "20"}, {"bias", "false"}}, {20}, 600, 600, 1220, 1200},
      // GRU: params 3·620 = 1,860 ≈ 1,800; FLOP 3·1,240 + 5·20 = 3,820 ≈ 3·1,200 = 3,600.
      {"gru", {{"n", "10"}, {"units", "20"}}, {20}, 1860, 1800, 3820, 3600},
      // Bidirectional GRU doubles everything: 3,720 ≈ 3,600; 7,640 ≈ 7,200; output 2M = 40.
      {"gru",
       {{"n", "10"}, {"units", "20"}, {"bidirectional", "true"}},
       {40},
       3720,
       3600,
       7640,
       7200},
      // LSTM: params 4·620 = 2,480 ≈ 2,400; FLOP 4·1,240 + 5·20 = 5,060 ≈ 4,800.
      {"lstm", {{"n", "10"}, {"units", "20"}}, {20}, 2480, 2400, 5060, 4800},
      // LSTM without bias: params 2,400; FLOP 4·(1,200 + 20) + 100 = 4,980.
      {"lstm", {{"n", "10"}, {"units", "20"}, {"bias", "no"}}, {20}, 2400, 2400, 4980, 4800},
      // Bidirectional LSTM: 4,960 ≈ 4,800; 10,120 ≈ 9,600; output 40.
      {"lstm",
       {{"n", "10"}, {"units", "20"}, {"bidirectional", "yes"}},
       {40},
       4960,
       4800,
       10120,
       9600},
      // Bidirectional RNN with the directions summed (DeepSpeech2): params 2·620 = 1,240
      // ≈ 1,200; FLOP 2·1,240 + 20 (the sum) = 2,500 ≈ 2,400; output M = 20.
      {"rnn",
       {{"n", "10"}, {"units", "20"}, {"bidirectional", "true"}, {"merge", "sum"}},
       {20},
       1240,
       1200,
       2500,
       2400},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.type + (c.args.count("bias") ? " no bias" : "") +
                 (c.args.count("bidirectional") ? " bidirectional" : ""));
    ExpectCost(RunLayer(c.type, c.args), c.output, c.params, c.params_approx, c.flop,
               c.flop_approx);
  }
}

TEST(Recurrent, Errors) {
  EXPECT_TRUE(ErrorContains(RunLayer("lstm", {{"n", "10"}}), {"missing field 'units'"}));
  EXPECT_TRUE(ErrorContains(RunLayer("gru", {{"n", "10"}, {"units", "20"}, {"bidirectional", "2"}}),
                            {"'bidirectional'"}));
  // A per-token layer given an image: the catalogue asks for a flatten layer.
  Result<const LayerKind*> kind = FindLayerKind("lstm");
  ASSERT_TRUE(kind.ok());
  LayerArgs args;
  args.Set("units", "256");
  EXPECT_TRUE(ErrorContains(ComputeLayer(**kind, {200, 200, 16}, args), {"flatten"}));
}

TEST(Recurrent, SumMergeNeedsBidirectional) {
  EXPECT_TRUE(ErrorContains(RunLayer("rnn", {{"n", "4"}, {"units", "2"}, {"merge", "sum"}}),
                            {"merge", "bidirectional"}));
}

}  // namespace
}  // namespace trainflops::cattest
