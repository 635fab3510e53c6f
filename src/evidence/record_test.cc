// The bundled record of notable models (data/epoch_notable_models_dev.csv,
// Epoch AI's Notable AI Models, snapshot of 2 May 2026), and the widening of
// a figure by its confidence label.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "../core/test_util.h"
#include "lines.h"

namespace trainflops {
namespace {

using testing::ValueOrFail;

// The CSV's row for Llama 4 Scout (line 71): 4.08e+24 FLOP, Likely.
TEST(EvidenceRecord, FindsAModelWhateverItsCase) {
  const evidence::RecordedModel m =
      ValueOrFail(evidence::FindRecordedModel("  llama 4 SCOUT "), "lookup");
  EXPECT_EQ(m.name, "Llama 4 Scout");
  EXPECT_EQ(m.flop, 4.08e24);
  EXPECT_EQ(m.confidence, ConfidenceLabel::kLikely);
  EXPECT_EQ(m.line, 71);
}

TEST(EvidenceRecord, UnknownNamesGetSuggestions) {
  // "GPT-4" is recorded only with its date: the names it starts are suggested.
  Result<evidence::RecordedModel> r = evidence::FindRecordedModel("GPT-4");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), StatusCode::kNotFound);
  EXPECT_NE(r.status().message().find("'GPT-4 (Mar 2023)'"), std::string::npos)
      << r.status().message();
  r = evidence::FindRecordedModel("Llama 4 Scot");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("did you mean 'Llama 4 Scout'"), std::string::npos)
      << r.status().message();
}

// GPT-5.5 (line 3) is recorded without a training compute figure.
TEST(EvidenceRecord, AModelWithoutAFigureIsNamed) {
  Result<evidence::RecordedModel> r = evidence::FindRecordedModel("GPT-5.5");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("'GPT-5.5'"), std::string::npos);
  EXPECT_NE(r.status().message().find("line 3) without a training compute figure"),
            std::string::npos)
      << r.status().message();
}

// Confident, Likely, Speculative: 90% interval /3..x3, /10..x10, /30..x30,
// i.e. the 5th and 95th percentiles of the lognormal are figure / N and
// figure x N.
TEST(EvidenceRecord, ConfidenceWidensToItsInterval) {
  const std::pair<ConfidenceLabel, double> cases[] = {{ConfidenceLabel::kConfident, 3},
                                                      {ConfidenceLabel::kLikely, 10},
                                                      {ConfidenceLabel::kSpeculative, 30}};
  for (const auto& [label, n] : cases) {
    const Uncertain u = ValueOrFail(evidence::WidenedFigure(1e24, label, "1e24"), "widen");
    EXPECT_EQ(u.distribution.kind(), DistributionKind::kLogNormal);
    EXPECT_NEAR(u.distribution.Median(), 1e24, 1e12);
    EXPECT_NEAR(u.distribution.Quantile(0.05), 1e24 / n, 1e24 / n * 1e-9);
    EXPECT_NEAR(u.distribution.Quantile(0.95), 1e24 * n, 1e24 * n * 1e-9);
    EXPECT_NE(u.note.find("Epoch AI"), std::string::npos);
  }
}

TEST(EvidenceRecord, ParsesConfidenceLabels) {
  EXPECT_EQ(ValueOrFail(evidence::ParseConfidenceLabel(" likely"), "likely"),
            ConfidenceLabel::kLikely);
  EXPECT_EQ(ValueOrFail(evidence::ParseConfidenceLabel("CONFIDENT"), "confident"),
            ConfidenceLabel::kConfident);
  Result<ConfidenceLabel> r = evidence::ParseConfidenceLabel("Speculatve");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("did you mean 'Speculative'"), std::string::npos)
      << r.status().message();
}

}  // namespace
}  // namespace trainflops
