// The evidence file: every kind of line and its keys, JSON as well as YAML,
// and the errors, each naming the file, line, column and key and saying
// what is accepted.
#include <gtest/gtest.h>

#include <string>

#include "trainflops/evidence.h"

namespace trainflops {
namespace {

constexpr char kMistral[] = R"(model: Mistral Large
year: 2024
llm: true
lines:
  - name: spend
    kind: cost
    source: {url: https://example.org/mistral, quote: "spent <20 million euro"}
    amount: 20M
    currency: eur
    basis: cloud
    price_per_chip_hour: 1.9
    chip: H100
    precision: bf16
    utilization: 0.30
)";

Result<EvidenceRequest> Parse(const std::string& text) {
  return ParseEvidenceFile(text, "evidence.yaml");
}

// The error message of a file that must be refused.
std::string ErrorOf(const std::string& text) {
  Result<EvidenceRequest> r = Parse(text);
  EXPECT_FALSE(r.ok()) << text;
  return r.ok() ? "" : r.status().message();
}

// kMistral's single line with 'replace' in place of the text 'line'.
std::string MistralWith(const std::string& line, const std::string& replace) {
  std::string text = kMistral;
  const size_t at = text.find(line);
  EXPECT_NE(at, std::string::npos) << line;
  return text.replace(at, line.size(), replace);
}

TEST(EvidenceFile, ReadsACostLine) {
  Result<EvidenceRequest> r = Parse(kMistral);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->model, "Mistral Large");
  EXPECT_EQ(r->year, 2024);
  EXPECT_EQ(r->llm, true);
  EXPECT_TRUE(r->uncertainty.default_ranges);
  ASSERT_EQ(r->lines.size(), 1u);
  const EvidenceLine& line = r->lines[0];
  EXPECT_EQ(line.name, "spend");
  EXPECT_EQ(line.kind(), EvidenceKind::kCost);
  EXPECT_EQ(line.source.url, "https://example.org/mistral");
  EXPECT_EQ(line.source.quote, "spent <20 million euro");
  const auto& cost = std::get<CostEvidence>(line.evidence);
  EXPECT_TRUE(cost.amount.distribution.is_point());
  EXPECT_EQ(cost.amount.distribution.param(0), 20e6);  // 20M
  EXPECT_EQ(cost.amount.text, "20M");
  EXPECT_EQ(cost.currency, "EUR");  // upper-cased
  EXPECT_EQ(cost.basis, CostBasis::kCloud);
  EXPECT_EQ(cost.rate, PriceRate::kOnDemand);  // the default
  ASSERT_TRUE(cost.price_per_chip_hour.has_value());
  EXPECT_EQ(cost.price_per_chip_hour->distribution.param(0), 1.9);
  EXPECT_EQ(cost.hardware.chip, "H100");
  EXPECT_EQ(cost.hardware.precision, Precision::kBf16);
  ASSERT_TRUE(cost.hardware.utilization.has_value());
  EXPECT_EQ(cost.hardware.utilization->value, 0.30);
}

TEST(EvidenceFile, ReadsAPurchaseWithEveryCostKey) {
  Result<EvidenceRequest> r = Parse(R"(model: X
lines:
  - name: bought
    kind: cost
    source: {quote: "a cluster bought for $500M"}
    amount: 400M..600M
    money_year: 2023
    basis: purchase
    rate: committed
    training_time: 3 months
    life_years: 4..5
    chip: A100
    tensor_cores: yes
    utilization: 40%
)");
  ASSERT_TRUE(r.ok()) << r.status().message();
  const auto& c = std::get<CostEvidence>(r->lines[0].evidence);
  EXPECT_EQ(c.currency, "USD");                                         // the default
  EXPECT_EQ(c.amount.distribution.kind(), DistributionKind::kUniform);  // 600M / 400M <= 10
  EXPECT_EQ(c.money_year, 2023);
  EXPECT_EQ(c.basis, CostBasis::kPurchase);
  EXPECT_EQ(c.rate, PriceRate::kCommitted);
  ASSERT_TRUE(c.training_time.has_value());
  EXPECT_DOUBLE_EQ(c.training_time->seconds, 3 * 30.4375 * 86400);  // a month is 30.4375 days
  EXPECT_EQ(c.life_years->distribution.param(1), 5);
  EXPECT_EQ(c.hardware.tensor_cores, TensorCores::kYes);
  EXPECT_EQ(c.hardware.utilization->value, 0.4);
  EXPECT_FALSE(r->year.has_value());
  EXPECT_FALSE(r->llm.has_value());
}

TEST(EvidenceFile, ReadsEveryOtherKind) {
  Result<EvidenceRequest> r = Parse(R"(model: X
samples: 2000
seed: 7
lines:
  - {name: power, kind: power, source: https://example.org/p, power: 25 MW, duration: 90 days,
     facility: no, pue: 1.1..1.3}
  - {name: energy, kind: power, source: "a quotation", energy: 50 GWh}
  - {name: cluster, kind: cluster, source: s, chips: 16000, duration: 4..8 weeks, chip: H100}
  - {name: rate, kind: cluster, source: s, aggregate_flops: 4e18 FLOP/s, duration: 30.5 days}
  - {name: ratio, kind: reference, source: s, ratio: 40%, reference: GPT-4}
  - {name: stage, kind: stage, source: s, share: 10%..20%, reference_flop: 3.8e25,
     include_reference: false}
  - {name: listed, kind: stage, source: s, share: [0.1, 0.2], reference: GPT-4}
  - {name: 6ND, kind: figure, source: s, parameters: 17B, tokens: 40T}
  - {name: reported, kind: figure, source: s, flop: 3.8e25 FLOP}
)");
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->uncertainty.monte_carlo.samples, 2000u);
  EXPECT_EQ(r->uncertainty.monte_carlo.seed, 7u);
  ASSERT_EQ(r->lines.size(), 9u);
  const auto& power = std::get<PowerEvidence>(r->lines[0].evidence);
  EXPECT_EQ(power.power_w->distribution.param(0), 25e6);             // 25 MW
  EXPECT_EQ(power.duration_s->distribution.param(0), 90 * 86400.0);  // 7,776,000 s
  EXPECT_FALSE(power.facility);
  EXPECT_EQ(power.pue->distribution.kind(), DistributionKind::kUniform);
  EXPECT_EQ(r->lines[1].source.quote, "a quotation");
  EXPECT_EQ(std::get<PowerEvidence>(r->lines[1].evidence).energy_wh->distribution.param(0),
            50e9);  // 50 GWh
  const auto& cluster = std::get<ClusterEvidence>(r->lines[2].evidence);
  // 4..8 weeks: uniform over 4 x 604,800 .. 8 x 604,800 s (ratio 2 <= 10).
  EXPECT_EQ(cluster.duration_s->distribution.kind(), DistributionKind::kUniform);
  EXPECT_EQ(cluster.duration_s->distribution.param(0), 4 * 604800.0);
  EXPECT_EQ(cluster.duration_s->distribution.param(1), 8 * 604800.0);
  EXPECT_EQ(std::get<ClusterEvidence>(r->lines[3].evidence).aggregate_flops->distribution.param(0),
            4e18);
  const auto& ratio = std::get<ReferenceEvidence>(r->lines[4].evidence);
  EXPECT_EQ(ratio.ratio.distribution.param(0), 0.4);
  EXPECT_EQ(ratio.reference, "GPT-4");
  const auto& stage = std::get<StageShareEvidence>(r->lines[5].evidence);
  EXPECT_EQ(stage.share_low, 0.1);
  EXPECT_EQ(stage.share_high, 0.2);
  EXPECT_FALSE(stage.include_reference);
  EXPECT_EQ(stage.reference_flop->distribution.param(0), 3.8e25);
  EXPECT_EQ(std::get<StageShareEvidence>(r->lines[6].evidence).share_high, 0.2);
  const auto& six_nd = std::get<FigureEvidence>(r->lines[7].evidence);
  EXPECT_EQ(six_nd.method, "6ND");
  EXPECT_EQ(six_nd.parameters->distribution.param(0), 17e9);
  EXPECT_EQ(six_nd.tokens->distribution.param(0), 40e12);
  const auto& reported = std::get<FigureEvidence>(r->lines[8].evidence);
  EXPECT_EQ(reported.method, "reported");
  ASSERT_TRUE(reported.flop.has_value());
  EXPECT_EQ(reported.flop->distribution.param(0), 3.8e25);
}

TEST(EvidenceFile, ReadsJson) {
  Result<EvidenceRequest> r = Parse(
      R"({"model": "M", "lines": [{"name": "a", "kind": "figure", "source": "s",
          "flop": "1e24..4e24"}]})");
  ASSERT_TRUE(r.ok()) << r.status().message();
  const auto& f = std::get<FigureEvidence>(r->lines[0].evidence);
  EXPECT_EQ(f.flop->distribution.kind(), DistributionKind::kUniform);  // 4e24 / 1e24 = 4 <= 10
}

TEST(EvidenceFile, NoLinesIsAnError) {
  EXPECT_NE(ErrorOf("model: M\nlines: []\n").find("evidence.yaml:2:8: no lines of evidence"),
            std::string::npos);
  EXPECT_NE(ErrorOf("model: M\n").find("no lines of evidence"), std::string::npos);
}

TEST(EvidenceFile, UnknownKindSuggestsTheClosest) {
  const std::string e = ErrorOf(MistralWith("kind: cost", "kind: cots"));
  // The kind is on line 6, column 5 of `kind:` and its value at column 11.
  EXPECT_NE(
      e.find("evidence.yaml:6:11: line 'spend': key 'kind': 'cots' is not a kind of line; did "
             "you mean 'cost'?"),
      std::string::npos)
      << e;
  EXPECT_NE(e.find("accepted: cost, power, cluster, reference, stage, figure"), std::string::npos);
}

TEST(EvidenceFile, UnknownKeySuggestsTheClosest) {
  const std::string e = ErrorOf(MistralWith("amount: 20M", "amout: 20M"));
  EXPECT_NE(e.find("evidence.yaml:8:5: line 'spend': unknown key 'amout' in a cost line; did you "
                   "mean 'amount'?"),
            std::string::npos)
      << e;
}

TEST(EvidenceFile, AKeyOfAnotherKindSaysWhose) {
  const std::string e = ErrorOf(MistralWith("amount: 20M", "amount: 20M\n    chips: 100"));
  EXPECT_NE(e.find("'chips' is a key of cluster lines, not of cost lines"), std::string::npos) << e;
}

TEST(EvidenceFile, ReversedShareIsAnError) {
  const std::string e = ErrorOf(R"(model: M
lines:
  - {name: rl, kind: stage, source: s, reference_flop: 1e25, share: 20%..10%}
)");
  EXPECT_NE(e.find("evidence.yaml:3:69: line 'rl': key 'share': '20%..10%': the ends are reversed"),
            std::string::npos)
      << e;
  EXPECT_NE(e.find("accepted: LOW..HIGH with 0 < LOW <= HIGH"), std::string::npos);
}

TEST(EvidenceFile, ZeroAndNegativeAmountsAreErrors) {
  for (const char* amount : {"0", "-5M", "0..10M"}) {
    const std::string e = ErrorOf(MistralWith("amount: 20M", std::string("amount: ") + amount));
    EXPECT_NE(e.find("evidence.yaml:8:13: line 'spend': key 'amount': "), std::string::npos)
        << amount << ": " << e;
  }
}

TEST(EvidenceFile, DuplicateNamesAreAnError) {
  const std::string e = ErrorOf(R"(model: M
lines:
  - {name: a, kind: figure, source: s, flop: 1e24}
  - {name: a, kind: figure, source: s, flop: 2e24}
)");
  EXPECT_NE(e.find("evidence.yaml:4:12: key 'name': two lines are named 'a' (the first at line 3)"),
            std::string::npos)
      << e;
}

TEST(EvidenceFile, ALineWithoutSourceIsAnError) {
  const std::string e = ErrorOf(R"(model: M
lines:
  - {name: a, kind: figure, flop: 1e24}
)");
  EXPECT_NE(e.find("evidence.yaml:3:5: line 'a': key 'source': every line cites where its evidence "
                   "comes from"),
            std::string::npos)
      << e;
}

TEST(EvidenceFile, IncompleteLinesSayWhatIsAccepted) {
  EXPECT_NE(ErrorOf("model: M\nlines:\n  - {name: p, kind: power, source: s, power: 25 MW}\n")
                .find("give 'power' with 'duration', or 'energy' alone"),
            std::string::npos);
  EXPECT_NE(ErrorOf("model: M\nlines:\n  - {name: f, kind: figure, source: s, parameters: 7B}\n")
                .find("give 'flop' (e.g. 3.8e25), or 'parameters' with 'tokens'"),
            std::string::npos);
  EXPECT_NE(ErrorOf("model: M\nlines:\n  - {name: r, kind: reference, source: s, ratio: 2}\n")
                .find("give 'reference'"),
            std::string::npos);
  EXPECT_NE(ErrorOf(MistralWith("    amount: 20M\n", "")).find("'amount' is missing"),
            std::string::npos);
  EXPECT_NE(ErrorOf(MistralWith("currency: eur", "currency: euro"))
                .find("'euro' is not a currency code (accepted: an ISO 4217 code"),
            std::string::npos);
  EXPECT_NE(ErrorOf(MistralWith("basis: cloud", "basis: clod")).find("did you mean 'cloud'?"),
            std::string::npos);
}

TEST(EvidenceFile, UnitsOfPowerAndEnergyAreChecked) {
  const std::string e = ErrorOf(
      "model: M\nlines:\n  - {name: p, kind: power, source: s, power: 25 mW, "
      "duration: 9 days}\n");
  EXPECT_NE(e.find("'25 mW' is not a power (accepted: a number above 0, with an SI suffix or "
                   "not, followed by one of kW, MW, GW, W"),
            std::string::npos)
      << e;
}

TEST(EvidenceFile, ReadsTheKeysOfChipTimeThroughputAndLabels) {
  Result<EvidenceRequest> r = Parse(R"(model: X
lines:
  - {name: hours, kind: cluster, source: s, chip_hours: 5.0M, chip: H100, precision: fp8}
  - {name: rate, kind: cluster, source: s, chips: 32k, flops_per_chip: 390e12 FLOP/s,
     achieved: yes, duration: several weeks}
  - {name: draw, kind: power, source: s, power: 100 MW, duration: about 3 months, tdp: 700 W}
  - {name: told, kind: figure, source: s, flop: 2e25, confidence: likely}
  - {name: of, kind: reference, source: s, ratio: 2, reference_flop: 1e25,
     reference_confidence: Speculative}
)");
  ASSERT_TRUE(r.ok()) << r.status().message();
  const auto& hours = std::get<ClusterEvidence>(r->lines[0].evidence);
  EXPECT_EQ(hours.chip_hours->distribution.param(0), 5e6);
  EXPECT_FALSE(hours.duration_s.has_value());
  EXPECT_EQ(hours.hardware.precision, Precision::kFp8);
  const auto& rate = std::get<ClusterEvidence>(r->lines[1].evidence);
  EXPECT_EQ(rate.chips->distribution.param(0), 32e3);
  EXPECT_EQ(rate.flops_per_chip->distribution.param(0), 390e12);
  EXPECT_TRUE(rate.achieved);
  // "several weeks" is a range (the vague-duration table), not a point.
  ASSERT_TRUE(rate.duration_s.has_value());
  EXPECT_FALSE(rate.duration_s->distribution.is_point());
  EXPECT_EQ(rate.duration_s->text, "several weeks");
  const auto& draw = std::get<PowerEvidence>(r->lines[2].evidence);
  EXPECT_EQ(draw.tdp_w, 700.0);
  EXPECT_FALSE(draw.duration_s->distribution.is_point());  // "about": x loguniform(0.8, 1.25)
  EXPECT_EQ(std::get<FigureEvidence>(r->lines[3].evidence).confidence, ConfidenceLabel::kLikely);
  EXPECT_EQ(std::get<ReferenceEvidence>(r->lines[4].evidence).reference_confidence,
            ConfidenceLabel::kSpeculative);
}

TEST(EvidenceFile, AnUnknownDurationPhraseIsAnError) {
  const std::string e = ErrorOf(
      "model: M\nlines:\n  - {name: c, kind: cluster, source: s, chips: 8, duration: ages}\n");
  EXPECT_NE(e.find("evidence.yaml:3:61: line 'c': key 'duration': "), std::string::npos) << e;
}

TEST(EvidenceFile, ManyLinesMadeByAliasesAreRefused) {
  // 101 uses of one aliased line: one more than the cap of 100.
  std::string text = "model: M\nlines:\n  - &a {name: a, kind: figure, source: s, flop: 1e24}\n";
  for (int i = 0; i < 100; ++i) text += "  - *a\n";
  EXPECT_NE(ErrorOf(text).find("'lines' has 101 lines; at most 100 are accepted"),
            std::string::npos);
}

TEST(EvidenceFile, MalformedYamlNamesTheLine) {
  EXPECT_NE(ErrorOf("model: M\nlines: [\n").find("evidence.yaml:"), std::string::npos);
  EXPECT_NE(ErrorOf("- a\n- b\n").find("an evidence file is a map"), std::string::npos);
}

}  // namespace
}  // namespace trainflops
