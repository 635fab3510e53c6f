// The thresholds file and the check: strict "greater than", ranges that
// straddle a threshold, stages a threshold does not count.
#include "trainflops/thresholds.h"

#include <gtest/gtest.h>

#include <cmath>

#include "report/llm_report.h"

namespace trainflops {
namespace {

const ThresholdCheck& Find(const std::vector<ThresholdCheck>& checks, const std::string& id) {
  for (const ThresholdCheck& c : checks) {
    if (c.threshold.id == id) return c;
  }
  static const ThresholdCheck none;
  ADD_FAILURE() << "no threshold " << id;
  return none;
}

TEST(Thresholds, BundledFileHasTheLegalFigures) {
  const std::vector<Threshold>& t = BundledThresholds();
  ASSERT_EQ(t.size(), 4u);
  // EU AI Act Art. 51(2): 10^25; guidelines ¶17: 10^23; SB 53 §22757.11(i): 10^26;
  // EO 14110 §4.2(b): 10^26 (revoked).
  EXPECT_EQ(t[0].id, "eu_ai_act_art51");
  EXPECT_EQ(t[0].flop, 1e25);
  EXPECT_EQ(t[1].flop, 1e23);
  EXPECT_EQ(t[1].counts, "parameter_updates");
  EXPECT_EQ(t[2].id, "ca_sb53_frontier");
  EXPECT_EQ(t[2].flop, 1e26);
  EXPECT_NE(t[2].wording.find("reinforcement learning"), std::string::npos);
  EXPECT_FALSE(t[3].in_force);
}

// One source decides a status: data/thresholds.yaml's `status`. The table's
// column used to print "in force" for the Commission's guidelines (their
// `in_force` flag) while the detail line said "guidance".
TEST(Thresholds, TableStatusIsTheFilesStatus) {
  Result<std::vector<ThresholdCheck>> checks = CheckThresholds(2e25, std::nullopt, {});
  ASSERT_TRUE(checks.ok());
  const std::string text = RenderThresholdsText(*checks);
  const size_t row = text.find("  eu_gpai_indicative ");
  ASSERT_NE(row, std::string::npos) << text;
  const std::string line = text.substr(row, text.find('\n', row) - row);
  EXPECT_NE(line.find("guidance"), std::string::npos) << line;
  EXPECT_EQ(line.find("in force"), std::string::npos) << line;
  const size_t eo = text.find("  us_eo14110 ");
  EXPECT_NE(text.substr(eo, text.find('\n', eo) - eo).find("revoked"), std::string::npos) << text;
}

TEST(Thresholds, StrictlyGreaterThan) {
  Result<std::vector<ThresholdCheck>> at = CheckThresholds(1e25, std::nullopt, {});
  ASSERT_TRUE(at.ok());
  EXPECT_EQ(Find(*at, "eu_ai_act_art51").exceeds, Exceeds::kNo);  // exactly 1e25 is not > 1e25
  EXPECT_EQ(Find(*at, "eu_gpai_indicative").exceeds, Exceeds::kYes);
  Result<std::vector<ThresholdCheck>> above = CheckThresholds(3e25, std::nullopt, {});
  const ThresholdCheck& eu = Find(*above, "eu_ai_act_art51");
  EXPECT_EQ(eu.exceeds, Exceeds::kYes);
  EXPECT_DOUBLE_EQ(eu.ratio, 3.0);
  EXPECT_NEAR(eu.orders_of_magnitude, std::log10(3.0), 1e-12);  // 0.477
  EXPECT_NEAR(Find(*above, "ca_sb53_frontier").orders_of_magnitude, std::log10(0.3), 1e-12);
}

TEST(Thresholds, RangeThatStraddlesIsUncertain) {
  // 8e24 with a range 4e24..2e25: below 1e25 at the point, but the range reaches above.
  Result<std::vector<ThresholdCheck>> r = CheckThresholds(8e24, ComputeRange{4e24, 2e25}, {});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(Find(*r, "eu_ai_act_art51").exceeds, Exceeds::kUncertain);
  EXPECT_EQ(Find(*r, "eu_gpai_indicative").exceeds, Exceeds::kYes);  // low end 4e24 > 1e23
  EXPECT_EQ(Find(*r, "ca_sb53_frontier").exceeds, Exceeds::kNo);     // high end 2e25 <= 1e26
}

TEST(Thresholds, ForwardOnlyStagesLeftOutWhereOnlyUpdatesCount) {
  // 8e22 of updates + 4e22 of forward-only synthetic data generation = 1.2e23.
  const std::vector<StageCompute> stages = {{"pre-training", 8e22, true},
                                            {"synthetic data", 4e22, false}};
  Result<std::vector<ThresholdCheck>> r =
      CheckThresholds(1.2e23, ComputeRange{0.6e23, 2.4e23}, stages);
  ASSERT_TRUE(r.ok());
  const ThresholdCheck& gpai = Find(*r, "eu_gpai_indicative");
  EXPECT_EQ(gpai.counted_flop, 8e22);
  ASSERT_EQ(gpai.excluded.size(), 1u);
  EXPECT_EQ(gpai.excluded[0], "synthetic data");
  // The range is scaled by 8e22 / 1.2e23 = 2/3: 4e22..1.6e23, which straddles 1e23.
  EXPECT_NEAR(gpai.counted_range->high, 1.6e23, 1e8);
  EXPECT_EQ(gpai.exceeds, Exceeds::kUncertain);
  EXPECT_EQ(Find(*r, "eu_ai_act_art51").counted_flop, 1.2e23);  // cumulative: all stages
}

// P(over) for a lognormal worked by hand. Median 1e25 with the 90% interval
// 1e24..1e26 is symmetric in log space: ln X ~ N(ln 1e25, s) with
// s = ln(10) / 1.6449 = 1.3998. Then
//   P(X > 1e25) = 0.5 (the median);
//   P(X > 1e26) = 0.05 (the 95th percentile, by construction);
//   P(X > 1e23) = Phi(ln(100) / s) = Phi(2 x 1.6449) = Phi(3.2897) = 0.999499;
//   P(X > 3e25) = 1 - Phi(ln 3 / s) = 1 - Phi(0.78482) = 0.21628.
TEST(Thresholds, ProbabilityOverOnASymmetricLognormal) {
  const ComputeRange interval{1e24, 1e26};
  EXPECT_NEAR(ProbabilityOver(1e25, interval, 1e25), 0.5, 1e-12);
  EXPECT_NEAR(ProbabilityOver(1e25, interval, 1e26), 0.05, 1e-9);
  EXPECT_NEAR(ProbabilityOver(1e25, interval, 1e23), 0.999499, 1e-6);
  EXPECT_NEAR(ProbabilityOver(1e25, interval, 3e25), 0.21628, 1e-5);
}

// An asymmetric interval: each side of the median has its own spread.
// Median 1e25, 90% interval 5e24..4e25. Above: s = ln 4 / 1.6449 = 0.84278, so
// P(X > 2e25) = 1 - Phi(ln 2 / 0.84278) = 1 - Phi(0.82245) = 0.20541.
// Below: s = ln 2 / 1.6449 = 0.42139, so P(X > 5e24) = 0.95 (its 5th
// percentile) and P(X > 7.5e24) = Phi(ln(4/3) / 0.42139) = Phi(0.68269) = 0.75260.
TEST(Thresholds, ProbabilityOverOnATwoPieceLognormal) {
  const ComputeRange interval{5e24, 4e25};
  EXPECT_NEAR(ProbabilityOver(1e25, interval, 2e25), 0.20541, 1e-5);
  EXPECT_NEAR(ProbabilityOver(1e25, interval, 5e24), 0.95, 1e-9);
  EXPECT_NEAR(ProbabilityOver(1e25, interval, 7.5e24), 0.75260, 1e-5);
  // A point (no spread): over exactly when the figure is over (strictly).
  EXPECT_EQ(ProbabilityOver(2e25, ComputeRange{2e25, 2e25}, 1e25), 1.0);
  EXPECT_EQ(ProbabilityOver(1e25, ComputeRange{1e25, 1e25}, 1e25), 0.0);
  // Extremes: no overflow or NaN at 1e27 against 1e-300.
  const double tiny = ProbabilityOver(1e-300, ComputeRange{1e-301, 1e-299}, 1e25);
  EXPECT_EQ(tiny, 0.0);
  EXPECT_EQ(ProbabilityOver(1e27, ComputeRange{5e26, 2e27}, 1e-300), 1.0);
}

// As printed: the worked values above to three figures; the tails as bounds,
// never "5.8e-8%" or "100%" (both ends of the lognormal are read from a 90%
// interval and say nothing about odds of one in a thousand).
TEST(Thresholds, ProbabilitiesPrintWithTheirTailsAsBounds) {
  EXPECT_EQ(FormatProbability(0.21628), "21.6%");
  EXPECT_EQ(FormatProbability(0.5), "50%");
  EXPECT_EQ(FormatProbability(5.8e-10), "< 0.1%");
  EXPECT_EQ(FormatProbability(0.0), "< 0.1%");
  EXPECT_EQ(FormatProbability(0.999499), "> 99.9%");
  EXPECT_EQ(FormatProbability(1.0), "> 99.9%");
}

// The checks carry it for every threshold: 8e24 with 4e24..2e25 against the
// EU's 1e25. Above the median: s = ln(2e25/8e24) / 1.6449 = 0.55705, so
// P(X > 1e25) = 1 - Phi(ln(1.25) / 0.55705) = 1 - Phi(0.40058) = 0.34436.
// The margin: 1 - 4e24/8e24 = 50% below, 2e25/8e24 - 1 = 150% above: not
// within 30%; 1e25 with 8e24..1.2e25 is (20% each side).
TEST(Thresholds, ChecksCarryTheProbabilityAndTheMargin) {
  Result<std::vector<ThresholdCheck>> checks = CheckThresholds(8e24, ComputeRange{4e24, 2e25}, {});
  ASSERT_TRUE(checks.ok()) << checks.status().message();
  const ThresholdCheck& eu = Find(*checks, "eu_ai_act_art51");
  ASSERT_TRUE(eu.probability_over.has_value());
  EXPECT_NEAR(*eu.probability_over, 0.34436, 1e-5);
  const MarginCheck wide = CheckMargin(8e24, ComputeRange{4e24, 2e25});
  EXPECT_DOUBLE_EQ(wide.below, 0.5);
  EXPECT_DOUBLE_EQ(wide.above, 1.5);
  EXPECT_FALSE(wide.within);
  const MarginCheck narrow = CheckMargin(1e25, ComputeRange{8e24, 1.2e25});
  EXPECT_NEAR(narrow.below, 0.2, 1e-12);
  EXPECT_NEAR(narrow.above, 0.2, 1e-12);
  EXPECT_TRUE(narrow.within);
  // Without a range there is no probability to give.
  Result<std::vector<ThresholdCheck>> point = CheckThresholds(8e24, std::nullopt, {});
  ASSERT_TRUE(point.ok());
  EXPECT_FALSE(Find(*point, "eu_ai_act_art51").probability_over.has_value());
}

TEST(Thresholds, BadInput) {
  EXPECT_FALSE(CheckThresholds(-1, std::nullopt, {}).ok());
  // A range must contain its figure: 2e25 with 2e26..1e27 once answered
  // "exceeds: yes" beside "x limit 0.2".
  Result<std::vector<ThresholdCheck>> outside = CheckThresholds(2e25, ComputeRange{2e26, 1e27}, {});
  ASSERT_FALSE(outside.ok());
  EXPECT_NE(outside.status().message().find("the range 2e26..1e27 FLOP does not contain the figure "
                                            "2e25 FLOP"),
            std::string::npos)
      << outside.status().message();
  EXPECT_TRUE(CheckThresholds(2e25, ComputeRange{2e25, 2e25}, {}).ok());
  Result<ComputeRange> r = ParseComputeRange("2e25..1e24");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("LOW <= HIGH"), std::string::npos);
  EXPECT_FALSE(ParseComputeRange("1e24").ok());
  EXPECT_FALSE(ParseComputeRange("1e24..lots").ok());
  Result<ComputeRange> units = ParseComputeRange("1e23..5e5 pfs-days");
  ASSERT_TRUE(units.ok());
  EXPECT_DOUBLE_EQ(units->high, 5e5 * 8.64e19);
  Result<std::vector<Threshold>> bad = ParseThresholds("thresholds:\n  - id: x\n", "t.yaml");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("t.yaml:2 (x): missing field 'name'"), std::string::npos)
      << bad.status().message();
  EXPECT_NE(ParseThresholds("thresholds: [", "t.yaml").status().message().find("t.yaml:"),
            std::string::npos);
}

}  // namespace
}  // namespace trainflops
