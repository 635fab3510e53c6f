// Method 1 against hand arithmetic on small specs. Layer costs follow
// Sevilla et al. 2022, Table 1 (exact form): dense N->M = 2·N·M + M (bias) + M (non-linearity).
#include "trainflops/method1.h"

#include <gtest/gtest.h>

#include <limits>

namespace trainflops {
namespace {

ModelSpec Parse(const std::string& text) {
  Result<ModelSpec> spec = ParseModelSpec(text, "test.yaml");
  EXPECT_TRUE(spec.ok()) << spec.status().message();
  return spec.ok() ? *spec : ModelSpec{};
}

// dense 100->50: 2·100·50 + 50 + 50 = 10,100; dense 50->10: 2·50·10 + 10 + 10 = 1,020.
const char* kMlp = R"(input: [100]
layers:
  - {type: dense, name: d1, units: 50}
  - {type: dense, name: d2, units: 10}
training: {epochs: 2, examples: 1000}
)";

TEST(Method1, FixedRatioDefaultIsTwo) {
  Result<Method1Result> r = EstimateMethod1(Parse(kMlp), {});
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_DOUBLE_EQ(r->forward_flop, 11120);
  EXPECT_EQ(r->forward_basis, "per_example");
  EXPECT_DOUBLE_EQ(r->params, 100 * 50 + 50 + 50 * 10 + 10);            // 5,560
  EXPECT_DOUBLE_EQ(r->estimate.training_flop, 11120.0 * 3 * 2 * 1000);  // 66,720,000
  EXPECT_EQ(r->estimate.method, "method1_counting");
}

TEST(Method1, ApproxFormUsesTableApproximation) {
  Method1Options options;
  options.form = FormulaForm::kApprox;
  Result<Method1Result> r = EstimateMethod1(Parse(kMlp), options);
  ASSERT_TRUE(r.ok());
  // 2·100·50 + 2·50·10 = 11,000
  EXPECT_DOUBLE_EQ(r->estimate.training_flop, 11000.0 * 3 * 2000);
}

TEST(Method1, PerLayerModeFirstLayerHasNoInputGradient) {
  Method1Options options;
  options.backward = BackwardMode::kPerLayer;
  Result<Method1Result> r = EstimateMethod1(Parse(kMlp), options);
  ASSERT_TRUE(r.ok());
  // d1: forward + 1x backward = 2·10,100; d2: 3·1,020 -> 23,260 per example.
  EXPECT_DOUBLE_EQ(r->estimate.training_flop, 23260.0 * 2000);
  EXPECT_DOUBLE_EQ(r->layers[0].backward_factor, 1);
  EXPECT_DOUBLE_EQ(r->layers[1].backward_factor, 2);
}

TEST(Method1, TableModeFirstLayerDominant) {
  Method1Options options;
  options.backward = BackwardMode::kTable;
  options.batch_regime = "large";
  Result<Method1Result> large = EstimateMethod1(Parse(kMlp), options);
  ASSERT_TRUE(large.ok()) << large.status().message();
  EXPECT_DOUBLE_EQ(large->estimate.training_flop, 11120.0 * 2 * 2000);  // 1:1
  options.batch_regime = "small";
  Result<Method1Result> small = EstimateMethod1(Parse(kMlp), options);
  EXPECT_DOUBLE_EQ(small->estimate.training_flop, 11120.0 * 3 * 2000);  // 2:1
}

TEST(Method1, TableModeOtherLayerDominant) {
  // dense 10->10: 2·10·10 + 20 = 220; dense 10->1000: 2·10·1000 + 2000 = 22,000.
  const char* text = R"(input: [10]
layers: [{type: dense, units: 10}, {type: dense, units: 1000}]
training: {examples: 5, batch_regime: small}
)";
  Method1Options options;
  options.backward = BackwardMode::kTable;
  Result<Method1Result> r = EstimateMethod1(Parse(text), options);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_DOUBLE_EQ(r->estimate.training_flop, 22220.0 * 4 * 5);  // 3:1
}

// Layers given as figures (an importer's nodes): a 100-FLOP layer with a
// weight gradient only, then a 50-FLOP layer with both gradients.
ModelSpec OnePart() {
  ModelSpec spec;
  spec.file = "figures";
  spec.parts.emplace_back();
  spec.parts.back().name = "graph";
  return spec;
}

LayerFigures Figure(double params, double forward, bool input_gradient) {
  LayerFigures f;
  f.params = f.params_approx = params;
  f.forward_flop = f.forward_flop_approx = forward;
  f.input_gradient = input_gradient;
  return f;
}

std::vector<LayerFigures> TwoFigures() { return {Figure(10, 100, false), Figure(5, 50, true)}; }

LayerLabel Label(size_t i) { return {i == 0 ? "fc" : "out", "Gemm"}; }

TEST(Method1, FiguresAreSummedAsLayersAre) {
  Method1Options options;
  options.backward = BackwardMode::kPerLayer;
  TrainingOverrides three;
  three.examples = 3;
  std::vector<double> factors;
  const Result<Method1Result> r =
      EstimateFromFigures(TwoFigures(), Label, OnePart(), options, three, &factors);
  ASSERT_TRUE(r.ok()) << r.status().message();
  // Backward: 1 x 100 (weights only) + 2 x 50 = 200; forward 150; 3 examples.
  EXPECT_EQ(factors, (std::vector<double>{1, 2}));
  EXPECT_DOUBLE_EQ(r->estimate.training_flop, (150.0 + 200.0) * 3);
  EXPECT_DOUBLE_EQ(r->params, 15);
  EXPECT_DOUBLE_EQ(r->backward_ratio, 200.0 / 150.0);
  EXPECT_TRUE(r->layers.empty());
}

TEST(Method1, FiguresNameTheMostExpensiveLayerByItsLabel) {
  Method1Options options;
  options.backward = BackwardMode::kTable;
  options.batch_regime = "small";
  TrainingOverrides one;
  one.examples = 1;
  const Result<Method1Result> r = EstimateFromFigures(TwoFigures(), Label, OnePart(), options, one);
  ASSERT_TRUE(r.ok()) << r.status().message();
  // The first layer dominates, small batches: r = 2 (the table of Sevilla et al. 2022).
  EXPECT_DOUBLE_EQ(r->estimate.training_flop, 150.0 * 3);
  bool named = false;
  for (const Assumption& a : r->estimate.assumptions) {
    named = named || (a.name == "most expensive layer" && a.value == "fc (the first layer)");
  }
  EXPECT_TRUE(named);
}

TEST(Method1, AFigureOutsideTheSpecsPartsIsRefused) {
  std::vector<LayerFigures> layers = TwoFigures();
  layers[1].part = 1;
  TrainingOverrides one;
  one.examples = 1;
  const Result<Method1Result> r = EstimateFromFigures(layers, Label, OnePart(), {}, one);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(), "layer 'out' is in part 1; the spec has 1 part(s)");
}

// An importer's figure that overflowed or went negative is refused with the
// layer's name, not summed into the totals.
TEST(Method1, AFigureThatIsNotAFiniteCountIsRefused) {
  TrainingOverrides one;
  one.examples = 1;
  std::vector<LayerFigures> negative = TwoFigures();
  negative[1].forward_flop = -50;
  Result<Method1Result> r = EstimateFromFigures(negative, Label, OnePart(), {}, one);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(),
            "layer 'out': the forward compute (FLOP) is negative (-50); check the inputs "
            "(every figure printed must be a finite non-negative number)");
  std::vector<LayerFigures> overflow = TwoFigures();
  overflow[0].params = std::numeric_limits<double>::infinity();
  r = EstimateFromFigures(overflow, Label, OnePart(), {}, one);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("layer 'fc': the parameters (parameters) overflows"),
            std::string::npos)
      << r.status().message();
  r = EstimateFromFigures(TwoFigures(), LayerLabeler{}, OnePart(), {}, one);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(), "EstimateFromFigures needs a layer labeler");
}

TEST(Method1, TableModeNeedsBatchRegimeUnlessConvDominates) {
  Method1Options options;
  options.backward = BackwardMode::kTable;
  Result<Method1Result> r = EstimateMethod1(Parse(kMlp), options);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("`batch_regime`"), std::string::npos);
}

TEST(Method1, OverridesReplaceTraining) {
  TrainingOverrides o;
  o.epochs = 5;
  o.batches = 10;
  o.batch_size = 8;
  Result<Method1Result> r = EstimateMethod1(Parse(kMlp), {}, o);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_DOUBLE_EQ(r->estimate.training_flop, 11120.0 * 3 * 5 * 80);
}

TEST(Method1, RecurrentAndNonRecurrentParts) {
  // Sevilla et al. 2022, Appendix D: recurrent part x tokens per sequence + the rest once.
  const char* text = R"(parts:
  - name: rec
    recurrent: true
    input: [4]
    layers: [{type: rnn, units: 2}]
  - name: head
    layers: [{type: dense, units: 1}]
training: {epochs: 3, examples: 7, tokens_per_sequence: 11}
)";
  Result<Method1Result> r = EstimateMethod1(Parse(text), {});
  ASSERT_TRUE(r.ok()) << r.status().message();
  // rnn N=4, M=2: 2·(4+2)·2 + 2 + 2 = 28 per token; dense 2->1: 2·2·1 + 1 + 1 = 6.
  const double expected = 28.0 * 3 * 3 * 7 * 11 + 6.0 * 3 * 3 * 7;
  EXPECT_DOUBLE_EQ(r->estimate.training_flop, expected);
  EXPECT_NE(r->forward_basis.find("mixed"), std::string::npos);
}

TEST(Method1, StagesAreSummedWithBreakdown) {
  const char* text = R"(input: [100]
layers: [{type: dense, units: 50}, {type: dense, units: 10}]
stages:
  - {name: pre, epochs: 2, examples: 1000}
  - {name: fine, epochs: 1, batches: 4, batch_size: 8}
)";
  Result<Method1Result> r = EstimateMethod1(Parse(text), {});
  ASSERT_TRUE(r.ok()) << r.status().message();
  ASSERT_EQ(r->stages.size(), 2u);
  EXPECT_DOUBLE_EQ(r->stages[0].training_flop, 11120.0 * 3 * 2000);
  EXPECT_DOUBLE_EQ(r->stages[1].training_flop, 11120.0 * 3 * 32);
  EXPECT_DOUBLE_EQ(r->estimate.training_flop, 11120.0 * 3 * 2032);
  TrainingOverrides o;
  o.epochs = 1;
  EXPECT_FALSE(EstimateMethod1(Parse(text), {}, o).ok());  // ambiguous with two stages
}

TEST(Method1, BranchIsCountedButDoesNotChangeTheMainShape) {
  const char* text = R"(input: [8]
layers:
  - {type: dense, units: 8}
  - branch: shortcut
    layers: [{type: dense, units: 8}]
  - {type: add}
training: {examples: 1}
)";
  Result<Method1Result> r = EstimateMethod1(Parse(text), {});
  ASSERT_TRUE(r.ok()) << r.status().message();
  // two dense 8->8 of 2·64 + 16 = 144 each, add over 8 elements = 8.
  EXPECT_DOUBLE_EQ(r->forward_flop, 144 + 144 + 8);
  EXPECT_TRUE(r->layers[1].on_branch);
}

TEST(Method1, ExtremesDoNotOverflow) {
  // dense 1e7 -> 1e7: 2e14 + 2e7 FLOP per example; 1e12 examples -> ~6e26 FLOP.
  const char* text = R"(input: [10000000]
layers: [{type: dense, units: 10000000}]
training: {epochs: 1, examples: 1e12}
)";
  Result<Method1Result> r = EstimateMethod1(Parse(text), {});
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_DOUBLE_EQ(r->params, 1e14 + 1e7);
  EXPECT_NEAR(r->estimate.training_flop / 6.0000006e26, 1.0, 1e-12);
}

struct BadRun {
  const char* name;
  const char* text;
  const char* expected;
};
// Test output names the case, not its bytes.
void PrintTo(const BadRun& c, std::ostream* os) { *os << c.name; }

class Method1Errors : public ::testing::TestWithParam<BadRun> {};

TEST_P(Method1Errors, ExplainsTheProblem) {
  Result<ModelSpec> spec = ParseModelSpec(GetParam().text, "m.yaml");
  ASSERT_TRUE(spec.ok()) << spec.status().message();
  Result<Method1Result> r = EstimateMethod1(*spec, {});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find(GetParam().expected), std::string::npos)
      << r.status().message();
}

INSTANTIATE_TEST_SUITE_P(
    All, Method1Errors,
    ::testing::Values(
        BadRun{"unknown_type",
               "input: [3]\nlayers:\n  - {type: lstn, units: 2}\ntraining: {examples: 1}\n",
               "m.yaml:3: layer 'lstn_1': unknown layer type 'lstn'; did you mean 'lstm'"},
        BadRun{"shape_mismatch",
               "input: [8, 8, 3]\nlayers:\n  - {type: conv2d, name: c1, filters: 4, kernel: 3}\n"
               "  - {type: dense, name: fc, units: 2}\ntraining: {examples: 1}\n",
               "layer 'fc'"},
        BadRun{"kernel_too_big",
               "input: [4, 4, 3]\nlayers:\n  - {type: conv2d, name: c1, filters: 4, kernel: "
               "7}\ntraining: {examples: 1}\n",
               "layer 'c1'"},
        BadRun{"unknown_field",
               "input: [3]\nlayers:\n  - {type: dense, unit: 2}\ntraining: {examples: 1}\n",
               "did you mean 'units'"},
        BadRun{"missing_field", "input: [3]\nlayers:\n  - {type: dense}\ntraining: {examples: 1}\n",
               "missing field 'units'"},
        BadRun{"no_training", "input: [3]\nlayers: [{type: dense, units: 2}]\n",
               "no training section"},
        BadRun{"per_token_without_tokens",
               "recurrent: true\ninput: [3]\nlayers: [{type: lstm, units: 2}]\ntraining: "
               "{examples: 5}\n",
               "runs once per token"},
        BadRun{"examples_and_batches",
               "input: [3]\nlayers: [{type: dense, units: 2}]\ntraining: {examples: 5, batches: 2, "
               "batch_size: 3}\n",
               "either examples or batches"},
        BadRun{"batches_without_size",
               "input: [3]\nlayers: [{type: dense, units: 2}]\ntraining: {batches: 2}\n",
               "batches needs batch_size"}),
    [](const ::testing::TestParamInfo<BadRun>& p) { return p.param.name; });

}  // namespace
}  // namespace trainflops
