// The combination of lines of evidence on hand-built line results: every
// expected value is worked out in the comments from the rule of
// docs/evidence.md (lognormal lines, sigma = ln(high / low) / (2 x 1.645),
// precision weights, the Particle Data Group's scale factor).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "combine_internal.h"
#include "lines.h"

namespace trainflops::evidence {
namespace {

constexpr double kZ = 1.6448536269514722;

// A line whose 90% interval is median /x exp(kZ x sigma).
EvidenceLineResult Line(const std::string& name, double median, double sigma,
                        EvidenceKind kind = EvidenceKind::kFigure) {
  EvidenceLineResult l;
  l.name = name;
  l.kind = kind;
  l.estimate.training_flop = median;
  l.uncertainty.point = median;
  l.uncertainty.summary.median = median;
  l.uncertainty.summary.low = median * std::exp(-kZ * sigma);
  l.uncertainty.summary.high = median * std::exp(kZ * sigma);
  return l;
}

// A point: no Monte Carlo summary, only the estimate's figure.
EvidenceLineResult PointLine(const std::string& name, double flop) {
  EvidenceLineResult l;
  l.name = name;
  l.estimate.training_flop = flop;
  return l;
}

TEST(EvidenceCombine, OneLineReproducesItsOwnMedianAndInterval) {
  // An asymmetric interval (/5 .. x8) stays as it is: one line is not
  // re-read as a symmetric lognormal.
  EvidenceLineResult l = Line("spend", 1e24, 1);
  l.uncertainty.summary.low = 2e23;
  l.uncertainty.summary.high = 8e24;
  Result<EvidenceResult> r = CombineLines("M", {l});
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->median, 1e24);
  EXPECT_EQ(r->low, 2e23);
  EXPECT_EQ(r->high, 8e24);
  // Spread max(8e24 / 1e24, 1e24 / 2e23) = 8: Likely (within 10x), so two
  // significant figures: 1.0e24.
  EXPECT_EQ(r->label, ConfidenceLabel::kLikely);
  EXPECT_DOUBLE_EQ(r->rounded, 1e24);
  EXPECT_EQ(r->rounding_rule, "two significant figures (Likely)");
  EXPECT_TRUE(r->disagreements.empty());
  ASSERT_EQ(r->lines.size(), 1u);
}

TEST(EvidenceCombine, OnePointLineIsItselfAndSaysItHasNoWidth) {
  Result<EvidenceResult> r = CombineLines("M", {PointLine("reported", 3.8e25)});
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->low, 3.8e25);
  EXPECT_EQ(r->high, 3.8e25);
  const bool noted = std::any_of(r->notes.begin(), r->notes.end(), [](const std::string& n) {
    return n.find("the interval has no width") != std::string::npos;
  });
  EXPECT_TRUE(noted);
}

TEST(EvidenceCombine, TwoAgreeingLinesOfEqualWidthNarrowTheInterval) {
  // sigma 1 each, medians 1e24 and 2e24: equal weights, so
  // ln median = (ln 1e24 + ln 2e24) / 2, median = sqrt(2) x 1e24 = 1.4142e24;
  // sigma = 1 / sqrt(1 + 1) = 0.70711; chi^2 = 2 x (ln 2 / 2)^2 = 0.2402,
  // S = sqrt(0.2402 / 1) = 0.49 <= 1: not widened. The interval is
  // median /x exp(1.64485 x 0.70711 = 1.16309) = /x 3.1998: 4.420e23 .. 4.525e24,
  // narrower than either line's /x exp(1.645) = /x 5.18.
  Result<EvidenceResult> r = CombineLines("M", {Line("a", 1e24, 1), Line("b", 2e24, 1)});
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_NEAR(r->median / 1.4142136e24, 1, 1e-7);
  EXPECT_NEAR(r->high / r->median, 3.1998, 1e-4);
  EXPECT_NEAR(r->median / r->low, 3.1998, 1e-4);
  EXPECT_NEAR(r->scale_factor, 0.4901, 1e-4);
  EXPECT_TRUE(r->disagreements.empty());
  // Spread 3.1998: Likely (over 3); two significant figures: 1.4e24.
  EXPECT_EQ(r->label, ConfidenceLabel::kLikely);
  EXPECT_DOUBLE_EQ(r->rounded, 1.4e24);
}

TEST(EvidenceCombine, NarrowerLinesWeighMore) {
  // sigma 0.5 and 1: weights 1/0.25 = 4 and 1. Medians 1e24 and 1e24 x e:
  // ln median = ln 1e24 + (4 x 0 + 1 x 1) / 5 = ln 1e24 + 0.2, median
  // = 1e24 x e^0.2 = 1.2214e24; sigma = 1 / sqrt(5) = 0.44721;
  // chi^2 = 4 x 0.2^2 + 0.8^2 = 0.8, S = 0.894: not widened.
  Result<EvidenceResult> r =
      CombineLines("M", {Line("narrow", 1e24, 0.5), Line("wide", 1e24 * std::exp(1.0), 1)});
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_NEAR(r->median / 1.2214028e24, 1, 1e-7);
  EXPECT_NEAR(std::log(r->high / r->median), kZ * 0.4472136, 1e-6);
  EXPECT_NEAR(r->scale_factor, std::sqrt(0.8), 1e-9);
}

TEST(EvidenceCombine, DisagreeingLinesAreNamedAndWidenTheInterval) {
  // 1e24 /x exp(0.1645) = 8.48e23 .. 1.18e24 and 1e25 /x the same =
  // 8.48e24 .. 1.18e25: no overlap, ratio 10. Equal weights: median
  // sqrt(1e24 x 1e25) = 3.1623e24; sigma = 0.1 / sqrt(2); chi^2 =
  // 2 x (ln 10 / 2 / 0.1)^2 = 265.09, S = sqrt(265.09) = 16.28 > 1, so
  // sigma x S = (0.1 / sqrt 2) x ln 10 / (0.1 sqrt 2) = ln 10 / 2 = 1.1513;
  // the interval is median /x exp(1.645 x 1.1513) = /x 6.64.
  Result<EvidenceResult> r =
      CombineLines("M", {Line("spend", 1e24, 0.1), Line("hours", 1e25, 0.1)});
  ASSERT_TRUE(r.ok()) << r.status().message();
  ASSERT_EQ(r->disagreements.size(), 1u);
  EXPECT_EQ(r->disagreements[0].line_a, "hours");  // the higher line first
  EXPECT_EQ(r->disagreements[0].line_b, "spend");
  EXPECT_NEAR(r->disagreements[0].ratio, 10, 1e-9);
  EXPECT_NEAR(r->median / 3.1622777e24, 1, 1e-7);
  EXPECT_NEAR(r->scale_factor, 16.2817, 1e-3);
  EXPECT_NEAR(std::log(r->high / r->median), kZ * std::log(10.0) / 2, 1e-9);
  EXPECT_NE(r->combination_rule.find("scale factor"), std::string::npos);
  const bool noted = std::any_of(r->notes.begin(), r->notes.end(), [](const std::string& n) {
    return n.find("'hours' and 'spend' disagree") != std::string::npos;
  });
  EXPECT_TRUE(noted);
  // Spread 6.64: Likely, 3.2e24.
  EXPECT_DOUBLE_EQ(r->rounded, 3.2e24);
}

TEST(EvidenceCombine, TouchingIntervalsAreNotADisagreement) {
  // a: 1e24 /x exp(0.1645) reaches 1.1788e24; b's low end is placed there.
  EvidenceLineResult a = Line("a", 1e24, 0.1);
  EvidenceLineResult b = Line("b", 5e24, 1);
  b.uncertainty.summary.low = a.uncertainty.summary.high;
  Result<EvidenceResult> r = CombineLines("M", {a, b});
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_TRUE(r->disagreements.empty());
}

TEST(EvidenceCombine, APointIsReadAsTenPercent) {
  // The point's sigma = ln(1.1) / 1.645 = 0.05794, weight 297.9; the other
  // line sigma 1, weight 1, same median: median 1e24, sigma =
  // 1 / sqrt(297.9 + 1) = 0.05784.
  Result<EvidenceResult> r = CombineLines("M", {PointLine("reported", 1e24), Line("b", 1e24, 1)});
  ASSERT_TRUE(r.ok()) << r.status().message();
  const double sigma_point = std::log(1.1) / kZ;
  const double sigma = 1 / std::sqrt(1 / (sigma_point * sigma_point) + 1);
  EXPECT_NEAR(r->median, 1e24, 1e10);
  EXPECT_NEAR(std::log(r->high / r->median), kZ * sigma, 1e-9);
  const bool noted = std::any_of(r->notes.begin(), r->notes.end(), [](const std::string& n) {
    return n.find("'reported' is a point") != std::string::npos;
  });
  EXPECT_TRUE(noted);
}

TEST(EvidenceCombine, ImpliedUtilizationAndPrice) {
  // Llama 4 Scout: 6 x 17e9 x 40e12 = 4.08e24 FLOP; 5.0e6 H100-hours x
  // 3600 s x 989e12 FLOP/s (dense BF16) = 1.78e25 FLOP at utilization 1:
  // implied utilization 4.08e24 / 1.7802e25 = 0.2292. A cost line of 1e7
  // USD over the same chip-hours: 1e7 / 5e6 = 2 USD per chip-hour.
  EvidenceLineResult figure = Line("6ND", 4.08e24, 0.2);
  EvidenceLineResult hours = Line("hours", 5.3e24, 0.3, EvidenceKind::kCluster);
  hours.capacity_flop = 5.0e6 * 3600 * 989e12;
  hours.chip_hours = 5.0e6;
  EvidenceLineResult cost = Line("spend", 5e24, 0.5, EvidenceKind::kCost);
  cost.cost_usd = 1e7;
  Result<EvidenceResult> r = CombineLines("Llama 4 Scout", {figure, hours, cost});
  ASSERT_TRUE(r.ok()) << r.status().message();
  ASSERT_EQ(r->implied.size(), 2u);
  EXPECT_EQ(r->implied[0].name, "implied price per chip-hour");
  EXPECT_EQ(r->implied[0].lines, (std::vector<std::string>{"spend", "hours"}));
  EXPECT_NEAR(r->implied[0].value, 2, 1e-12);
  EXPECT_EQ(r->implied[0].unit, "USD of 2023 per chip-hour");  // the tables' base year
  EXPECT_EQ(r->implied[1].name, "implied utilization");
  EXPECT_NEAR(r->implied[1].value, 0.2292, 1e-4);
}

TEST(EvidenceCombine, AnImpliedUtilizationAboveOneIsNoted) {
  EvidenceLineResult figure = Line("6ND", 1e25, 0.2);
  EvidenceLineResult hours = Line("hours", 3e24, 0.3, EvidenceKind::kCluster);
  hours.capacity_flop = 5e24;  // 1e25 / 5e24 = 2
  Result<EvidenceResult> r = CombineLines("M", {figure, hours});
  ASSERT_TRUE(r.ok()) << r.status().message();
  const bool noted = std::any_of(r->notes.begin(), r->notes.end(), [](const std::string& n) {
    return n.find("is above 1") != std::string::npos;
  });
  EXPECT_TRUE(noted);
}

TEST(EvidenceCombine, TheResultDoesNotDependOnTheOrderOfLines) {
  std::vector<EvidenceLineResult> lines = {Line("a", 1e24, 0.3), Line("b", 3e24, 0.8),
                                           Line("c", 2e25, 0.2, EvidenceKind::kCluster),
                                           PointLine("d", 1.5e24)};
  lines[2].capacity_flop = 6e25;
  std::sort(
      lines.begin(), lines.end(),
      [](const EvidenceLineResult& x, const EvidenceLineResult& y) { return x.name < y.name; });
  Result<EvidenceResult> first = CombineLines("M", lines);
  ASSERT_TRUE(first.ok()) << first.status().message();
  ASSERT_FALSE(first->disagreements.empty());  // c is far above a and d
  int permutations = 0;
  do {
    Result<EvidenceResult> r = CombineLines("M", lines);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->median, first->median);
    EXPECT_EQ(r->low, first->low);
    EXPECT_EQ(r->high, first->high);
    EXPECT_EQ(r->rounded, first->rounded);
    EXPECT_EQ(r->combination_rule, first->combination_rule);
    EXPECT_EQ(r->notes, first->notes);
    ASSERT_EQ(r->disagreements.size(), first->disagreements.size());
    for (size_t i = 0; i < r->disagreements.size(); ++i) {
      EXPECT_EQ(r->disagreements[i].line_a, first->disagreements[i].line_a);
      EXPECT_EQ(r->disagreements[i].line_b, first->disagreements[i].line_b);
    }
    ASSERT_EQ(r->implied.size(), first->implied.size());
    for (size_t i = 0; i < r->implied.size(); ++i) {
      EXPECT_EQ(r->implied[i].value, first->implied[i].value);
    }
    ++permutations;
  } while (std::next_permutation(
      lines.begin(), lines.end(),
      [](const EvidenceLineResult& x, const EvidenceLineResult& y) { return x.name < y.name; }));
  EXPECT_EQ(permutations, 24);  // 4!
}

TEST(EvidenceCombine, NoLinesAndDuplicateNamesAreErrors) {
  Result<EvidenceResult> none = CombineLines("M", {});
  ASSERT_FALSE(none.ok());
  EXPECT_NE(none.status().message().find("no lines of evidence"), std::string::npos);
  Result<EvidenceResult> twice =
      CombineLines("M", {Line("spend", 1e24, 1), Line("spend", 2e24, 1)});
  ASSERT_FALSE(twice.ok());
  EXPECT_EQ(twice.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(twice.status().message().find("two lines are named 'spend'"), std::string::npos);
}

TEST(EvidenceCombine, ALineWithABrokenIntervalIsRefusedByName) {
  EvidenceLineResult l = Line("hours", 1e24, 1);
  l.uncertainty.summary.low = 2e24;  // above the median
  Result<EvidenceResult> r = CombineLines("M", {l});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("line 'hours'"), std::string::npos);
}

TEST(EvidenceCombine, RoundingFollowsTheLabel) {
  // 1.12e25 to one figure: 1e25; 9.96e24 to two: 10e24 = 1.0e25;
  // 1.149e25 to two: 1.1e25.
  EXPECT_DOUBLE_EQ(RoundToSignificant(1.12e25, 1), 1e25);
  EXPECT_DOUBLE_EQ(RoundToSignificant(9.96e24, 2), 1e25);
  EXPECT_DOUBLE_EQ(RoundToSignificant(1.149e25, 2), 1.1e25);
  // Exactly the double written 4.4e24 (44 x 1e23 would be 4.4000000000000006e24).
  EXPECT_EQ(RoundToSignificant(4.4246e24, 2), 4.4e24);
  EXPECT_EQ(RoundToSignificant(3.14159e-3, 3), 3.14e-3);
  EXPECT_EQ(RoundForLabel(1.12e25, ConfidenceLabel::kSpeculative).rule,
            "one significant figure (Speculative)");
  EXPECT_DOUBLE_EQ(RoundForLabel(1.12e25, ConfidenceLabel::kConfident).value, 1.1e25);
}

TEST(EvidenceCombine, EstimateEvidenceChecksNamesBeforeRunningLines) {
  EvidenceRequest request;
  request.model = "M";
  Result<EvidenceResult> none = EstimateEvidence(request, DefaultHardwareDb());
  ASSERT_FALSE(none.ok());
  EXPECT_NE(none.status().message().find("no lines of evidence"), std::string::npos);
  EvidenceLine line;
  line.name = "spend";
  request.lines = {line, line};
  Result<EvidenceResult> twice = EstimateEvidence(request, DefaultHardwareDb());
  ASSERT_FALSE(twice.ok());
  EXPECT_NE(twice.status().message().find("two lines are named 'spend'"), std::string::npos);
}

TEST(EvidenceReports, TextAndJsonCarryEveryPart) {
  EvidenceLineResult spend = Line("spend", 1e24, 0.1, EvidenceKind::kCost);
  spend.source = {"https://example.org/spend", "spent <20 million euro"};
  spend.estimate.formula = {"20e6 EUR / 1.9 EUR per chip-hour = 1.05e7 chip-hours"};
  spend.estimate.inputs = {{"amount", 2e7, "EUR", "'amount'"}};
  spend.estimate.assumptions = {{"utilization", "0.3", "Sevilla et al. 2022, Method 2"}};
  spend.uncertainty.summary.samples = 1000;
  EvidenceLineResult hours = Line("hours", 1e25, 0.1, EvidenceKind::kCluster);
  hours.capacity_flop = 4e25;
  EvidenceLineResult figure = PointLine("6ND", 5e24);
  Result<EvidenceResult> r = CombineLines("M", {spend, hours, figure});
  ASSERT_TRUE(r.ok()) << r.status().message();
  const std::string text = RenderEvidenceText(*r);
  for (const char* part :
       {"Line 1: 'spend' (cost)", "\"spent <20 million euro\" (https://example.org/spend)",
        "20e6 EUR / 1.9 EUR per chip-hour", "- amount: 2e7 EUR ('amount')",
        "- utilization: 0.3 (Sevilla et al. 2022, Method 2)", "Combination of 3 lines:",
        "rounded: ", "Disagreements:", "Implied quantities:", "implied utilization",
        "(a point: no interval", "FLOP"}) {
    EXPECT_NE(text.find(part), std::string::npos) << part << "\n" << text;
  }
  const nlohmann::json j = nlohmann::json::parse(RenderEvidenceJson(*r));
  EXPECT_EQ(j["model"], "M");
  ASSERT_EQ(j["lines"].size(), 3u);
  EXPECT_EQ(j["lines"][0]["kind"], "cost");
  EXPECT_EQ(j["lines"][0]["source"]["quote"], "spent <20 million euro");
  EXPECT_EQ(j["lines"][0]["estimate"]["assumptions"][0]["reference"], "sevilla2022");
  EXPECT_EQ(j["lines"][1]["capacity_flop"], 4e25);
  EXPECT_TRUE(j["lines"][2]["result"]["point"].get<bool>());
  EXPECT_EQ(j["combination"]["unit"], "FLOP");
  EXPECT_EQ(j["combination"]["median"].get<double>(), r->median);
  EXPECT_EQ(j["combination"]["rounded"].get<double>(), r->rounded);
  EXPECT_EQ(j["disagreements"].size(), r->disagreements.size());
  EXPECT_EQ(j["implied"][0]["name"], "implied utilization");
}

// The combined figure against the thresholds (P(over) read from the 90%
// interval as a two-piece lognormal, thresholds.h) and what to pin down first
// when the interval misses the EU's 30% margin.
TEST(EvidenceThresholds, OneLineNamesTheInputThatDominatesItsWidth) {
  // Median 5e24, sigma ln 2: 1e25 lies ln(1e25 / 5e24) / ln 2 = 1 sigma above
  // the median, so P(> 1e25) = 1 - Phi(1) = 0.1586553; the interval reaches
  // 2^1.645 = 3.13x, far outside 30%.
  EvidenceLineResult l = Line("spend", 5e24, std::log(2.0), EvidenceKind::kCost);
  l.uncertainty.width_shares = {{"utilization", 0.7}, {"price per chip-hour", 0.3}};
  Result<EvidenceResult> r = CombineLines("M", {l});
  ASSERT_TRUE(r.ok()) << r.status().message();
  const auto art51 = std::find_if(r->thresholds.begin(), r->thresholds.end(),
                                  [](const ThresholdCheck& c) { return c.threshold.flop == 1e25; });
  ASSERT_NE(art51, r->thresholds.end());
  ASSERT_TRUE(art51->probability_over);
  EXPECT_NEAR(*art51->probability_over, 0.1586553, 1e-6);
  EXPECT_EQ(r->narrowing, "pin down utilization in the line 'spend' first (70% of its width)");
  const std::string text = RenderEvidenceText(*r);
  EXPECT_NE(text.find("not within the 30% error margin"), std::string::npos) << text;
  EXPECT_NE(text.find("to narrow it: pin down utilization"), std::string::npos) << text;
  const nlohmann::json j = nlohmann::json::parse(RenderEvidenceJson(*r));
  EXPECT_EQ(j["thresholds"]["error_margin"]["within"], false);
  EXPECT_EQ(j["thresholds"]["narrowing"], r->narrowing);
  EXPECT_NEAR(j["thresholds"]["thresholds"][0]["probability_over"].get<double>(), 0.1586553, 1e-6);
}

TEST(EvidenceThresholds, AgreeingLinesNameTheWeightiestLine) {
  // Weights 1 / 0.1^2 = 100 and 1 / 0.2^2 = 25: 'A' carries 100 / 125 = 80%.
  // Combined sigma 1 / sqrt(125) = 0.08944: the interval is 1e25 /x
  // exp(1.645 x 0.08944) = 1.1585, -13.7% .. +15.8%, within 30%; 1e25 is the
  // median itself, so P(> 1e25) = 0.5.
  Result<EvidenceResult> r = CombineLines("M", {Line("A", 1e25, 0.1), Line("B", 1e25, 0.2)});
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->narrowing,
            "narrow the line 'A' first: it carries 80% of the weight, so its range sets most of "
            "the combined width");
  EXPECT_NEAR(*r->thresholds.front().probability_over, 0.5, 1e-9);
  EXPECT_NE(RenderEvidenceText(*r).find("within the 30% error margin"), std::string::npos);
}

TEST(EvidenceThresholds, DisagreeingLinesAskForTheDisagreementFirst) {
  // ln(10) / sqrt(0.1^2 + 0.1^2) = 16 sigma apart: S > 1 widens the interval.
  Result<EvidenceResult> r = CombineLines("M", {Line("A", 1e24, 0.1), Line("B", 1e25, 0.1)});
  ASSERT_TRUE(r.ok()) << r.status().message();
  ASSERT_GT(r->scale_factor, 1);
  // The pair is the first of the disagreements, named in their order.
  ASSERT_EQ(r->disagreements.size(), 1u);
  EXPECT_EQ(r->narrowing.rfind("settle the disagreement between '" + r->disagreements[0].line_a +
                                   "' and '" + r->disagreements[0].line_b + "' first",
                               0),
            0u)
      << r->narrowing;
  EXPECT_NE(r->narrowing.find("multiplies the combined sigma by"), std::string::npos);
}

}  // namespace
}  // namespace trainflops::evidence
