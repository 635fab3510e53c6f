// The power line against hand arithmetic, and its input errors.
#include <gtest/gtest.h>

#include "evidence_test_util.h"

namespace trainflops::evidence {
namespace {

using testing::ErrorOf;
using testing::FlopOf;
using testing::Point;

Result<EvidenceLineResult> RunPower(const PowerEvidence& power) {
  return testing::RunAlone(power, 2023, EstimatePower);
}

PowerEvidence H100(double overhead, double pue) {
  PowerEvidence p;
  p.hardware.chip = "H100";
  p.hardware.precision = Precision::kBf16;
  p.hardware.utilization = Utilization{0.4, "0.4", "given"};
  p.server_overhead = Point(overhead);
  p.pue = Point(pue);
  return p;
}

// 1 MW of facility power for a day: chips = 1e6 W / (700 W x 1.8 x 1.25)
// = 634.92; x 86,400 s x 989.5e12 FLOP/s (H100 bf16) x 0.4 = 2.1713e22 FLOP.
TEST(EvidencePower, PowerAndDuration) {
  PowerEvidence p = H100(1.8, 1.25);
  p.power_w = Point(1e6);
  p.duration_s = Point(86400);
  Result<EvidenceLineResult> r = RunPower(p);
  ASSERT_TRUE(r.ok()) << r.status().message();
  const double expected = 1e6 / (700 * 1.8 * 1.25) * 86400 * 989.5e12 * 0.4;
  EXPECT_NEAR(r.value().estimate.training_flop, expected, 1e-6 * expected);
  EXPECT_EQ(r.value().kind, EvidenceKind::kPower);
}

// 1 MWh at the servers (no PUE): chip-hours = 1e6 Wh / (700 W x 1.8)
// = 793.65; x 3600 x 989.5e12 x 0.4 = 1.1309e21 FLOP.
TEST(EvidencePower, EnergyWithoutFacility) {
  PowerEvidence p = H100(1.8, 1.25);
  p.facility = false;
  p.energy_wh = Point(1e6);
  const double expected = 1e6 / (700 * 1.8) * 3600 * 989.5e12 * 0.4;
  EXPECT_NEAR(FlopOf(RunPower(p)), expected, 1e-6 * expected);
}

// The default overhead and PUE are ranges: the 90% interval is wider than a
// point line's and brackets the median.
TEST(EvidencePower, DefaultRangesWidenTheInterval) {
  PowerEvidence p = H100(1.8, 1.25);
  p.server_overhead.reset();
  p.pue.reset();
  p.power_w = Point(1e6);
  p.duration_s = Point(86400);
  Result<EvidenceLineResult> r = RunPower(p);
  ASSERT_TRUE(r.ok()) << r.status().message();
  const UncertaintySummary& s = r.value().uncertainty.summary;
  EXPECT_LT(s.low, s.median);
  EXPECT_GT(s.high, s.median);
  // The middles of the ranges: 1.665 (server, 1.25..2.08) and 1.175 (PUE
  // 2023, 1.10..1.25).
  const double expected = 1e6 / (700 * 1.665 * 1.175) * 86400 * 989.5e12 * 0.4;
  EXPECT_NEAR(r.value().estimate.training_flop, expected, 1e-6 * expected);
}

std::string Error(const PowerEvidence& p) { return ErrorOf(RunPower(p)); }

TEST(EvidencePower, Errors) {
  PowerEvidence p = H100(1.8, 1.25);
  EXPECT_NE(Error(p).find("give `power_w` with `duration_s`, or `energy_wh`"), std::string::npos);
  p.power_w = Point(1e6);
  EXPECT_NE(Error(p).find("needs `duration_s`"), std::string::npos);
  p.power_w = Point(0);
  p.duration_s = Point(86400);
  EXPECT_NE(Error(p).find("`power_w`"), std::string::npos);
  p.power_w.reset();
  p.duration_s.reset();
  p.energy_wh = Point(-1);
  EXPECT_NE(Error(p).find("greater than 0"), std::string::npos);
}

TEST(EvidencePower, ChipWithoutTdp) {
  PowerEvidence p = H100(1.5, 1.1);
  p.hardware.chip = "TPU v5p";  // no TDP, no measured power in the tables
  p.energy_wh = Point(1e6);
  EXPECT_NE(Error(p).find("give `tdp_w`"), std::string::npos);
  p.tdp_w = 192;
  EXPECT_TRUE(RunPower(p).ok());
}

// TPU v4: Google publishes measured power, 170 W mean and 192 W max
// (data/evidence/power_defaults.csv), read as 181 W, the middle. 1 MWh at
// the servers with overhead 1.5: 1e6 / (181 x 1.5) = 3683.2 chip-hours;
// x 3600 x 275e12 (TPU v4 bf16) x 0.4 = 1.4586e21 FLOP.
TEST(EvidencePower, TpuMeasuredPower) {
  PowerEvidence p = H100(1.5, 1.1);
  p.hardware.chip = "TPU v4";
  p.facility = false;
  p.energy_wh = Point(1e6);
  const double expected = 1e6 / (181 * 1.5) * 3600 * 275e12 * 0.4;
  EXPECT_NEAR(FlopOf(RunPower(p)), expected, 1e-6 * expected);
}

}  // namespace
}  // namespace trainflops::evidence
