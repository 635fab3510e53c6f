// Language-model estimates with ranges, against closed forms by hand
// (tolerance: the exact CDF at the Monte Carlo p-quantile is within
// 5 sqrt(p (1 - p) / 1e5) of p).
#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include "../core/test_util.h"
#include "trainflops/transformer.h"

namespace trainflops {
namespace {

void ExpectCdf(const UncertaintySummary& s, const std::function<double(double)>& cdf) {
  for (const auto& [p, q] : {std::pair{0.05, s.low}, {0.5, s.median}, {0.95, s.high}}) {
    EXPECT_NEAR(cdf(q), p, 5 * std::sqrt(p * (1 - p) / 1e5)) << "p = " << p << ", q = " << q;
  }
}

LlmEstimate SixNd(double params, Convention convention, std::vector<LlmStage> stages) {
  TransformerDims dims;
  dims.params = params;
  dims.layers = 80;
  dims.d_model = 8192;
  dims.seq_len = 2048;
  const TransformerModel model =
      testing::ValueOrFail(ModelFromDims(dims, convention), "ModelFromDims");
  return testing::ValueOrFail(EstimateLlm(model, convention, {}, stages), "EstimateLlm");
}

Uncertain Given(const char* text, Distribution d) { return Uncertain{d, text, ""}; }

// 6 x 70e9 x D with D ~ U(1e12, 2e12): uniform on [4.2e23, 8.4e23]; the point
// uses the median 1.5e12 tokens (6.3e23 FLOP).
TEST(LlmUncertainty, TokenRange) {
  LlmEstimate e = SixNd(70e9, Convention::k6ND, {{"pre-training", 1.5e12, false}});
  LlmUncertainInputs in;
  in.stage_tokens = {Given("1e12..2e12", *Distribution::Uniform(1e12, 2e12))};
  ASSERT_TRUE(AddLlmUncertainty(in, {}, e).ok());
  ASSERT_TRUE(e.uncertainty.has_value());
  EXPECT_DOUBLE_EQ(e.uncertainty->point, 6.3e23);
  ExpectCdf(e.uncertainty->summary, [](double x) { return (x - 4.2e23) / 4.2e23; });
}

// --uncertainty: 2 N D x T with T ~ triangular(2, 3, 4) (the factor 3 = 1 +
// backward/forward). Symmetric, so the median is 6ND; 5% at 2 + sqrt(0.1).
// A forward-only stage (2 N D, no backward pass) is not scaled.
TEST(LlmUncertainty, TrainingFactorRangeSkipsForwardOnlyStages) {
  LlmEstimate e =
      SixNd(1e9, Convention::k6ND, {{"pre-training", 1e12, false}, {"generation", 1e12, true}});
  UncertaintyOptions options;
  options.default_ranges = true;
  ASSERT_TRUE(AddLlmUncertainty({}, options, e).ok());
  const double forward_only = 2 * 1e9 * 1e12;
  ExpectCdf(e.uncertainty->summary, [&](double x) {
    const double t = (x - forward_only) / (2 * 1e9 * 1e12);
    return t <= 3 ? (t - 2) * (t - 2) / 2 : 1 - (4 - t) * (4 - t) / 2;
  });
}

TEST(LlmUncertainty, AParameterRangeNeedsSixNd) {
  LlmEstimate e = SixNd(70e9, Convention::kKaplan, {{"pre-training", 1e12, false}});
  LlmUncertainInputs in;
  in.params = Given("70B..80B", *Distribution::Uniform(70e9, 80e9));
  const Status s = AddLlmUncertainty(in, {}, e);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("needs `convention` 6nd"), std::string::npos) << s.message();
}

// The parameter range is one quantity for every stage: 6 N (D1 + D2) with
// N ~ U(60e9, 80e9), D1 + D2 = 2e12 tokens: uniform on [7.2e23, 9.6e23].
TEST(LlmUncertainty, AParameterRangeIsSharedByTheStages) {
  LlmEstimate e =
      SixNd(70e9, Convention::k6ND, {{"pre-training", 1.5e12, false}, {"sft", 0.5e12, false}});
  LlmUncertainInputs in;
  in.params = Given("60B..80B", *Distribution::Uniform(60e9, 80e9));
  ASSERT_TRUE(AddLlmUncertainty(in, {}, e).ok());
  ExpectCdf(e.uncertainty->summary, [](double x) { return (x - 7.2e23) / 2.4e23; });
}

TEST(ParseUncertainStage, TokensMayBeARange) {
  const Result<UncertainStage> s = ParseUncertainStage("sft:5B..10B");
  ASSERT_TRUE(s.ok()) << s.status().message();
  EXPECT_EQ(s->stage.name, "sft");
  EXPECT_DOUBLE_EQ(s->stage.tokens, 7.5e9);  // the median of U(5e9, 1e10)
  const Result<UncertainStage> f = ParseUncertainStage("rl:lognormal(50B, 2):forward");
  ASSERT_TRUE(f.ok()) << f.status().message();
  EXPECT_TRUE(f->stage.forward_only);
  EXPECT_DOUBLE_EQ(f->stage.tokens, 50e9);
  EXPECT_FALSE(ParseStage("sft:5B..10B").ok());  // the point-only parser says so
}

}  // namespace
}  // namespace trainflops
