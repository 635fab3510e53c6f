// The bundled worked examples (examples/*.yaml) against independent hand
// arithmetic. Every expected value below is derived in
// docs/worked-examples-derivation.md from the articles' formulas; the article's
// printed figure is quoted where it differs, with the reason.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "trainflops/method1.h"

namespace trainflops {
namespace {

Method1Result RunExample(const std::string& name, FormulaForm form = FormulaForm::kExact) {
  const std::string path = std::string(TRAINFLOPS_SOURCE_DIR) + "/examples/" + name;
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  Result<ModelSpec> spec = ParseModelSpec(text.str(), path);
  EXPECT_TRUE(spec.ok()) << spec.status().message();
  Method1Options options;
  options.form = form;
  Result<Method1Result> r = EstimateMethod1(*spec, options);
  EXPECT_TRUE(r.ok()) << r.status().message();
  return r.ok() ? *r : Method1Result{};
}

void ExpectRel(double actual, double expected, double tol = 1e-12) {
  EXPECT_NEAR(actual / expected, 1.0, tol) << "actual " << actual << " expected " << expected;
}

TEST(WorkedExamples, CnnLstmFcn) {
  // Article (Sevilla et al. 2022) printed 7.86432e18 = 1.024e12 x 3 x 10 x 100 x 128 x 20:
  // wrong CNN term (H²W² for K²HW) and no LSTM. Hand count, exact Table 1 terms:
  //   conv: 2·5·5·5·16·200·200 + 2·200·200·16 = 161,280,000
  //   lstm: 4·(2·640,256·256 + 2·256) + 5·256 = 1,311,247,616
  //   fc:   2·256·10 + 10 + 10 = 5,140
  const double recurrent = (161280000.0 + 1311247616.0) * 3 * 10 * 12800 * 20;
  const double head = 5140.0 * 3 * 10 * 12800;
  const Method1Result r = RunExample("cnn_lstm_fcn.yaml");
  ExpectRel(r.estimate.training_flop, recurrent + head);  // 1.13090e16
  EXPECT_LT(r.estimate.training_flop, 7.86432e18 / 600);  // ~696x below the article
  // Approximate form: conv 2·K²·C·H·W·D/S² = 1.6e8, lstm 8·640,256·256, fc 5,120.
  const Method1Result approx = RunExample("cnn_lstm_fcn.yaml", FormulaForm::kApprox);
  ExpectRel(approx.estimate.training_flop,
            (160000000.0 + 1311244288.0) * 3 * 10 * 12800 * 20 + 5120.0 * 3 * 128000);
}

TEST(WorkedExamples, TransformerArticleInputs) {
  // Article printed 6.97e18 from rounded 3.1e8 FLOP/token; unrounded approx
  // 309,067,776 x 3 x 7.5e9 = 6.95402e18 (0.23% apart: rounding only).
  ExpectRel(RunExample("transformer.yaml", FormulaForm::kApprox).estimate.training_flop,
            309067776.0 * 3 * 7.5e9);
  const Method1Result r = RunExample("transformer.yaml");
  // Exact: MHA 2,581,120; FCN pair 16,787,456; final 61,500,000:
  // 6·(3·2,581,120 + 16,787,456) + 61,500,000 = 309,409,632 per token.
  ExpectRel(r.forward_flop, 309409632.0);
  ExpectRel(r.estimate.training_flop, 309409632.0 * 3 * 7.5e9);  // 6.96172e18
  EXPECT_EQ(r.forward_basis, "per_token");
  EXPECT_DOUBLE_EQ(r.params, 153961776.0 + 30720000.0);  // stack + final + embedding
}

TEST(WorkedExamples, TransformerCorrected) {
  // W = 1024: MHA exact 8,479,360 -> 415,577,952 FLOP per token.
  const Method1Result r = RunExample("transformer_corrected.yaml");
  ExpectRel(r.estimate.training_flop, 415577952.0 * 3 * 7.5e9);  // 9.35050e18
  ExpectRel(RunExample("transformer_corrected.yaml", FormulaForm::kApprox).estimate.training_flop,
            415236096.0 * 3 * 7.5e9);  // 9.34281e18
  EXPECT_DOUBLE_EQ(r.params, 207045936.0 + 30720000.0);
}

TEST(WorkedExamples, Dqn) {
  // Article printed 2.3 PF; 2.5e6 x 5e6 x 32 x 2 x 3 = 2.4e15 and the unrounded
  // 2,555,904 multiply-adds give 2.45367e15. Exact Table 1 terms (bias + ReLU):
  // conv1 2,457,600 + 12,800; conv2 1,327,104 + 5,184; fc 1,327,104 + 512 = 5,130,304.
  const Method1Result r = RunExample("dqn.yaml");
  ExpectRel(r.forward_flop, 5130304.0);
  ExpectRel(r.estimate.training_flop, 5130304.0 * 3 * 5e6 * 32);
  EXPECT_DOUBLE_EQ(r.params, 675120.0);
  // Weight terms alone are the article's multiply-adds: 20·20·3·16·8·8 = 1,228,800 for conv1.
  ASSERT_GE(r.layers.size(), 1u);
  EXPECT_DOUBLE_EQ(r.layers[0].cost.forward_flop, 2 * 1228800.0 + 2 * 20 * 20 * 16);
}

TEST(WorkedExamples, DqnCorrected) {
  // 4 input channels + 256->18 output: 5,958,756 FLOP exact, 680,770 params.
  const Method1Result r = RunExample("dqn_corrected.yaml");
  ExpectRel(r.estimate.training_flop, 5958756.0 * 4.8e8);  // 2.86020e15
  EXPECT_DOUBLE_EQ(r.params, 680770.0);
  // Table 1's literal approximation 2·K²·C·H·W·D/S² (input H, W) for convs:
  // 3,612,672 + 1,638,400 + 1,327,104 + 9,216 = 6,587,392.
  ExpectRel(RunExample("dqn_corrected.yaml", FormulaForm::kApprox).forward_flop, 6587392.0);
}

TEST(WorkedExamples, Vgg16) {
  // torchvision's vgg16 has 138,357,544 parameters and 15.47 G multiply-adds
  // (15,470,264,320 by hand). Exact adds bias + ReLU terms (1 each per output)
  // and 3 comparisons per 2x2 max-pool output: 30,972,233,168 FLOP per image.
  const Method1Result r = RunExample("vgg16.yaml");
  EXPECT_DOUBLE_EQ(r.params, 138357544.0);
  ExpectRel(r.forward_flop, 30972233168.0);
  ExpectRel(r.estimate.training_flop, 30972233168.0 * 3 * 1.2e6 * 74);  // 8.25100e18
  // Approximate form: 2 x multiply-adds (same padding, stride 1) + pool comparisons.
  ExpectRel(RunExample("vgg16.yaml", FormulaForm::kApprox).forward_flop,
            2 * 15470264320.0 + 4591104.0);
  // Article: 8524 PF from 16 G (rounded 15.47 G): within 4%, rounding only.
  EXPECT_NEAR(r.estimate.training_flop / 8.524e18, 0.968, 0.01);
}

TEST(WorkedExamples, Seq2SeqArticleInputs) {
  // Article printed 7,300 PF; its factors give 652e6 x 0.38e9 x 2 x 3 x 7.5 = 1.11492e19.
  ExpectRel(RunExample("seq2seq.yaml").estimate.training_flop, 652e6 * 0.38e9 * 2 * 3 * 7.5);
}

TEST(WorkedExamples, Seq2SeqArchitecture) {
  // Encoder 4 LSTM(1000): 64,052,000/token; decoder 4 LSTM + 1000->80,000 output:
  // 224,212,000/token (Appendix D: encoder x source + decoder x target tokens).
  const Method1Result r = RunExample("seq2seq_architecture.yaml");
  ExpectRel(r.estimate.training_flop, (64052000.0 * 304e6 + 224212000.0 * 348e6) * 3 * 7.5);
  EXPECT_DOUBLE_EQ(r.params, 384112000.0);  // the paper: 384M
}

TEST(WorkedExamples, DeepSpeech2) {
  // Article: 20 x 12,000 h x 3600 x 50 x 98 M x 2 x 3 = 2.54016e19 (printed 26,000 PF).
  ExpectRel(RunExample("deepspeech2.yaml").estimate.training_flop, 20 * 2.16e9 * 98e6 * 2 * 3);
  // Layers, approximate form: 30 x 1280² multiply-adds = 98,304,000 FLOP per step.
  ExpectRel(RunExample("deepspeech2_architecture.yaml", FormulaForm::kApprox).estimate.training_flop,
            98304000.0 * 3 * 20 * 2.16e9);  // 1.27402e19
  // Exact: per bidirectional layer 2·(2·2560·1280 + 2·1280) + 1280 (sum of the two
  // directions) = 13,113,600; dense 1280->1280: 3,279,360.
  ExpectRel(RunExample("deepspeech2_architecture.yaml").forward_flop, 7 * 13113600.0 + 2 * 3279360.0);
}

TEST(WorkedExamples, Nas) {
  // Article: 50 x 50,000 x 10 G x 12,800 x 2 x 3 = 1.9e6 PF (correct: 1.92e21).
  const Method1Result r = RunExample("nas.yaml");
  ExpectRel(r.estimate.training_flop, 1.92e21);
  EXPECT_NEAR(r.estimate.training_flop / 8.64e19, 22.2222, 1e-3);  // pfs-days
}

TEST(WorkedExamples, PretrainingPlusFineTuning) {
  // 814,100 FLOP/example: 20 x 60,000 + 3 x 500 x 32 examples, x3.
  const Method1Result r = RunExample("mlp_pretrain_finetune.yaml");
  ASSERT_EQ(r.stages.size(), 2u);
  ExpectRel(r.stages[0].training_flop, 814100.0 * 3 * 20 * 60000);
  ExpectRel(r.stages[1].training_flop, 814100.0 * 3 * 3 * 500 * 32);
  ExpectRel(r.estimate.training_flop, 3.04799e12, 1e-6);
}

}  // namespace
}  // namespace trainflops
