// Properties that follow from the formulas ("Property tests" in docs/reliability.md),
// across subsystems. Method 1's own (dense/conv width, data linearity) are in
// src/estimators/method1_property_test.cc; these cover the transformer
// conventions, the batch engine, Method 2, the cross-check and the JSON
// reports. Every expected value is hand arithmetic in the comment beside it.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "../src/core/test_util.h"
#include "report/hardware_report.h"
#include "report/llm_report.h"
#include "trainflops/batch.h"
#include "trainflops/compare.h"
#include "trainflops/hf_config.h"
#include "trainflops/method2.h"
#include "trainflops/transformer.h"

namespace trainflops {
namespace {

// A Llama-style config (no biases, untied head, KV heads = heads, head_dim
// = d / 4): attention 4·d² and MLP 3·d·ff parameters per layer.
HfModel Llama(int d, int ff, int layers = 2) {
  const std::string text = R"({"model_type": "llama", "hidden_size": )" + std::to_string(d) +
                           R"(, "num_hidden_layers": )" + std::to_string(layers) +
                           R"(, "num_attention_heads": 4, "intermediate_size": )" +
                           std::to_string(ff) + R"(, "vocab_size": 100})";
  return testing::ValueOrFail(ParseHfConfig(text, "llama.json", 128), "llama.json");
}

// Sum of the parameters of the components with `role`.
double RoleParams(const TransformerModel& m, ComponentRole role) {
  double sum = 0;
  for (const Component& c : m.components) sum += c.role == role ? c.params : 0;
  return sum;
}

double RoleForward(const TransformerModel& m, const ConventionResult& r, ComponentRole role) {
  double sum = 0;
  for (size_t i = 0; i < m.components.size(); ++i) {
    sum += m.components[i].role == role ? r.component_forward[i] : 0;
  }
  return sum;
}

// Widening the MLP (intermediate_size) scales only the MLP, linearly; widening
// the model (hidden_size, heads fixed) scales attention projections as d².
TEST(WidthScaling, TransformerLayersScaleAsTheirFormulas) {
  const HfModel base = Llama(64, 128), wide_mlp = Llama(64, 256), wide_d = Llama(128, 128);
  // 2 layers x 4 x 64² = 32,768; 2 x 3 x 64 x 128 = 49,152.
  EXPECT_EQ(RoleParams(base.model, ComponentRole::kAttention), 32768);
  EXPECT_EQ(RoleParams(base.model, ComponentRole::kMlp), 49152);
  // ff 256: MLP 2 x 3 x 64 x 256 = 98,304; attention unchanged.
  EXPECT_EQ(RoleParams(wide_mlp.model, ComponentRole::kMlp), 98304);
  EXPECT_EQ(RoleParams(wide_mlp.model, ComponentRole::kAttention), 32768);
  // d 128: attention 2 x 4 x 128² = 131,072 (x4); MLP 2 x 3 x 128 x 128 = 98,304 (x2).
  EXPECT_EQ(RoleParams(wide_d.model, ComponentRole::kAttention), 131072);
  EXPECT_EQ(RoleParams(wide_d.model, ComponentRole::kMlp), 98304);
  // Per token: 6ND's training FLOP grows by 6 x 49,152 = 294,912 with the MLP,
  // and the MLP forward FLOP doubles in every convention with a d_ff term.
  const ConventionOptions o;
  EXPECT_EQ(Flop6ND(wide_mlp.model, o)->training_flop - Flop6ND(base.model, o)->training_flop,
            294912);
  for (Convention c : AllConventions()) {
    SCOPED_TRACE(ConventionName(c));
    const Result<ConventionResult> a = ApplyConvention(c, base.model, o);
    const Result<ConventionResult> b = ApplyConvention(c, wide_mlp.model, o);
    ASSERT_TRUE(a.ok() && b.ok());
    const double before = RoleForward(base.model, *a, ComponentRole::kMlp);
    const double after = RoleForward(wide_mlp.model, *b, ComponentRole::kMlp);
    if (c == Convention::kMegatron) {
      // Narayanan et al. 2021 fix the MLP at 4h: 16·h² per layer and token
      // whatever d_ff is; 2 layers x 16 x 64² = 131,072 both times.
      EXPECT_EQ(before, 131072);
      EXPECT_EQ(after, 131072);
    } else {
      EXPECT_DOUBLE_EQ(after, 2 * before);
    }
  }
}

double LlmFlop(const std::vector<LlmStage>& stages) {
  TransformerDims d;
  d.params = 1e9;
  const TransformerModel model =
      testing::ValueOrFail(ModelFromDims(d, Convention::k6ND), "1e9-parameter model");
  return testing::ValueOrFail(EstimateLlm(model, Convention::k6ND, {}, stages), "6ND stages")
      .estimate.training_flop;
}

std::optional<double> Batch6nd(const std::string& params, const std::string& dataset) {
  BatchEstimator e = testing::ValueOrFail(
      BatchEstimator::Create({"Model", "Domain", "Parameters", "Training dataset size (total)"},
                             {}),
      "batch estimator");
  return e.Estimate({"m", "Language", params, dataset}).flop;
}

Method2Result Method2(double chips, double hours, double utilization) {
  Phase p;
  p.count = chips;
  p.time = Duration{hours * 3600, hours, "hours"};
  p.peak_flops = 3.5e12;
  p.utilization = Utilization{utilization, "test", "test"};
  Method2Options o;
  o.phases = {p};
  return testing::ValueOrFail(EstimateMethod2(o, DefaultHardwareDb()), "Method 2");
}

// Half the data, half the compute; two halves add up to the whole.
TEST(DataSplit, HalvesTheCompute) {
  // 6 x 1e9 parameters x 1e12 tokens = 6e21; halves 3e21 each.
  EXPECT_EQ(LlmFlop({{"all", 1e12}}), 6e21);
  EXPECT_EQ(LlmFlop({{"half", 5e11}}), 3e21);
  EXPECT_EQ(LlmFlop({{"first", 5e11}, {"second", 5e11}}), 6e21);
  // Batch 6ND: 6 x 1e9 x 2e10 = 1.2e20; half the dataset 6e19.
  EXPECT_DOUBLE_EQ(*Batch6nd("1e9", "2e10"), 1.2e20);
  EXPECT_DOUBLE_EQ(*Batch6nd("1e9", "1e10"), 6e19);
  // Method 2, the Amodei & Hernandez 2018 seq2seq: 8 x 240 h x 3600 s x 3.5e12 x 0.33 =
  // 7.98336e18; half the time 3.99168e18.
  EXPECT_DOUBLE_EQ(Method2(8, 240, 0.33).estimate.training_flop, 7.98336e18);
  EXPECT_DOUBLE_EQ(Method2(8, 120, 0.33).estimate.training_flop, 3.99168e18);
}

// Sevilla et al. 2022, Appendix B: the utilization that reconciles the methods is
// Method 1 / (chip-seconds x peak); Method 2 run with it equals Method 1.
TEST(MethodsAgree, AtTheImpliedUtilization) {
  struct Case {
    double chips, hours, method1;
  };
  // 8 x 864,000 s x 3.5e12 = 2.4192e19 at utilization 1; the Amodei & Hernandez 2018 Method 1
  // 1.11492e19 implies 1.11492e19 / 2.4192e19 = 0.46086...
  const Case cases[] = {{8, 240, 1.11492e19}, {1, 0.5, 1e15}, {10000, 2160, 1e26}};
  for (const Case& k : cases) {
    SCOPED_TRACE(k.method1);
    const Result<Comparison> first =
        Compare(*GivenMethod1(k.method1, "test"), "test", Method2(k.chips, k.hours, 0.4));
    ASSERT_TRUE(first.ok()) << first.status().message();
    const double capacity = k.chips * k.hours * 3600 * 3.5e12;
    EXPECT_NEAR(first->reconciling_utilization, k.method1 / capacity, 1e-12);
    const Result<Comparison> again =
        Compare(*GivenMethod1(k.method1, "test"), "test",
                Method2(k.chips, k.hours, first->reconciling_utilization));
    ASSERT_TRUE(again.ok());
    EXPECT_NEAR(again->ratio, 1.0, 1e-12);
    EXPECT_NEAR(again->method2.estimate.training_flop / k.method1, 1.0, 1e-12);
    EXPECT_TRUE(again->within_usual);
  }
}

// JSON reports hold every number at full precision: parsed back, they equal
// the estimate's doubles exactly, even for awkward values near 1e27.
TEST(JsonRoundTrip, LlmEstimateKeepsEveryNumber) {
  TransformerDims d;
  d.params = 1e15 / 3;  // 3.333...e14, not a short decimal
  Result<LlmEstimate> e = EstimateLlm(*ModelFromDims(d, Convention::k6ND), Convention::k6ND, {},
                                      {{"pre", 5e11}, {"gen", 1e11, true}});
  ASSERT_TRUE(e.ok());
  // 6 x 3.333e14 x 5e11 + 2 x 3.333e14 x 1e11 = 1e27 + 6.667e25 ≈ 1.0667e27
  EXPECT_NEAR(e->estimate.training_flop / (1e27 + 2e26 / 3), 1.0, 1e-15);
  const nlohmann::json j = nlohmann::json::parse(RenderLlmJson(*e, {}));
  EXPECT_EQ(j["training_flop"].get<double>(), e->estimate.training_flop);
  EXPECT_EQ(j["params"].get<double>(), e->params);
  EXPECT_EQ(j["training_flop_per_token"].get<double>(), e->per_token.training_flop);
  ASSERT_EQ(j["stages"].size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(j["stages"][i]["training_flop"].get<double>(), e->stages[i].model_flop);
    EXPECT_EQ(j["stages"][i]["tokens"].get<double>(), e->stages[i].stage.tokens);
  }
}

TEST(JsonRoundTrip, Method2AndComparisonKeepEveryNumber) {
  const Method2Result m2 = Method2(3, 1000.0 / 7, 1.0 / 3);  // 3 x 142.857 h x 3.5e12 / 3
  const nlohmann::json j = nlohmann::json::parse(RenderMethod2Json(m2));
  EXPECT_EQ(j["training_flop"].get<double>(), m2.estimate.training_flop);
  EXPECT_EQ(j["chip_seconds"].get<double>(), m2.chip_seconds);
  EXPECT_EQ(j["utilization"].get<double>(), m2.utilization);
  EXPECT_EQ(j["peak_flop_per_s"].get<double>(), m2.peak_flop_per_s);
  // 3 x (1000/7 x 3600) s x 3.5e12 / 3 = 1.8e18 (hand: 3.5e12 x 3.6e6 x 1000/7 = 1.8e21 / 1000)
  EXPECT_NEAR(m2.estimate.training_flop / 1.8e18, 1.0, 1e-15);
  const Result<Comparison> c = Compare(*GivenMethod1(2e18 / 3, "test"), "test", m2);
  ASSERT_TRUE(c.ok());
  const nlohmann::json k = nlohmann::json::parse(RenderComparisonJson(*c));
  EXPECT_EQ(k["ratio_method1_over_method2"].get<double>(), c->ratio);
  EXPECT_EQ(k["method2"]["training_flop"].get<double>(), m2.estimate.training_flop);
  EXPECT_EQ(k["reconciling_utilization"].get<double>(), c->reconciling_utilization);
}

TEST(JsonRoundTrip, BatchJsonLinesKeepTheEstimate) {
  // 6 x 7e9 x 3e11 x 3 epochs = 3.78e22, printed as a JSON number.
  const std::string line =
      R"j({"Model": "m", "Domain": "Language", "Parameters": 7e9, )j"
      R"j("Training dataset size (total)": "3e11", "Epochs": 3, "Training compute (FLOP)": 1e22})j";
  std::vector<std::string> out;
  Result<BatchSummary> s =
      RunBatchJsonLines(line, {}, [&](const std::string& l) { out.push_back(l); });
  ASSERT_TRUE(s.ok());
  ASSERT_EQ(out.size(), 1u);
  const nlohmann::json j = nlohmann::json::parse(out[0]);
  EXPECT_NEAR(j["estimated_training_flop"].get<double>() / 3.78e22, 1.0, 1e-15);
  EXPECT_NEAR(j["ratio_to_recorded"].get<double>() / 3.78, 1.0, 1e-15);  // 3.78e22 / 1e22
  const nlohmann::json summary = nlohmann::json::parse(s->ToJson());
  EXPECT_EQ(summary["rows"], 1);
  EXPECT_EQ(summary["median_abs_log10_ratio"].get<double>(), *s->median_abs_log10_ratio);
}

}  // namespace
}  // namespace trainflops
