// The cross-check of Method 1 against Method 2.
#include "trainflops/compare.h"

#include <gtest/gtest.h>

#include "../core/test_util.h"

namespace trainflops {
namespace {

Method2Result Seq2SeqMethod2() {
  // Amodei & Hernandez 2018: 10 days x 8 GPUs x 3.5 TFLOPS x 0.33 = 7.98336e18 FLOP.
  Phase p;
  p.count = 8;
  p.time = *ParseDuration("10 days");
  p.peak_flops = 3.5e12;
  p.utilization = *ParseUtilization("openai-gpu");
  Method2Options o;
  o.phases = {p};
  return testing::ValueOrFail(EstimateMethod2(o, DefaultHardwareDb()), "Method 2");
}

TEST(Compare, Seq2Seq) {
  // Amodei & Hernandez 2018's Method 1 inputs: (348M + 304M) words x 0.38 GFLOP x 2 x 3 x 7.5
  // = 1.11492e19 FLOP (docs/worked-examples-derivation.md section 5).
  Result<Estimate> m1 = GivenMethod1(1.11492e19, "Amodei & Hernandez 2018");
  ASSERT_TRUE(m1.ok());
  Result<Comparison> c = Compare(*m1, "Amodei & Hernandez 2018", Seq2SeqMethod2());
  ASSERT_TRUE(c.ok()) << c.status().message();
  // 1.11492e19 / 7.98336e18 = 1.396560... ; u* = 0.33 x that = 0.460865...
  EXPECT_NEAR(c->ratio, 1.11492e19 / 7.98336e18, 1e-12);
  EXPECT_NEAR(c->ratio, 1.3966, 1e-4);
  EXPECT_NEAR(c->reconciling_utilization, 0.46088, 1e-4);
  EXPECT_NEAR(c->reconciling_utilization, 0.33 * c->ratio, 1e-12);
  EXPECT_TRUE(c->within_usual);
  EXPECT_TRUE(c->within_tolerance);
  EXPECT_FALSE(c->warning.has_value());
}

TEST(Compare, WarnsBeyondThreeTimes) {
  const Method2Result m2 = Seq2SeqMethod2();  // 7.98336e18
  struct Case {
    double m1;
    bool usual, tolerance, warning;
  };
  const Case cases[] = {
      {2.0 * 7.98336e18, true, true, false},   // exactly 2x: within 2x
      {2.5 * 7.98336e18, false, true, false},  // 2.5x: within the 3x tolerance
      {7.98336e18 / 3.5, false, false, true},  // 3.5x the other way
      {4.0 * 7.98336e18, false, false, true},
  };
  for (const Case& k : cases) {
    Result<Comparison> c = Compare(*GivenMethod1(k.m1, "test"), "test", m2);
    ASSERT_TRUE(c.ok());
    EXPECT_EQ(c->within_usual, k.usual) << k.m1;
    EXPECT_EQ(c->within_tolerance, k.tolerance) << k.m1;
    EXPECT_EQ(c->warning.has_value(), k.warning) << k.m1;
  }
  // 4x: the reconciling utilization is 4 x 0.33 = 1.32, above 1: said too.
  Result<Comparison> c = Compare(*GivenMethod1(4 * 7.98336e18, "test"), "test", m2);
  EXPECT_NEAR(c->reconciling_utilization, 1.32, 1e-12);
  EXPECT_NE(c->warning->find("above 1"), std::string::npos) << *c->warning;
  EXPECT_NE(c->warning->find("differ by 4x"), std::string::npos) << *c->warning;
}

TEST(Compare, SixND) {
  // GPT-3 (Brown et al. 2020): 175e9 parameters x 300e9 tokens x 6 = 3.15e23 FLOP.
  Result<Estimate> e = EstimateSixND(175e9, 300e9);
  ASSERT_TRUE(e.ok());
  EXPECT_NEAR(e->training_flop / 3.15e23, 1.0, 1e-12);
  EXPECT_EQ(e->method, "method1_6nd");
  EXPECT_FALSE(EstimateSixND(0, 1e9).ok());
  EXPECT_FALSE(EstimateSixND(1e200, 1e200).ok());  // overflow
  EXPECT_FALSE(GivenMethod1(-1, "x").ok());
}

}  // namespace
}  // namespace trainflops
