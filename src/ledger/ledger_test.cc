// The run record, the regimes and the statement: the EU guidelines' own
// worked examples, the counting rules, the readings a record overrides, and
// the errors a bad record gets.
#include "trainflops/ledger.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "internal.h"

namespace trainflops {
namespace {

Result<LedgerStatement> StatementOf(const std::string& yaml) {
  TF_ASSIGN_OR_RETURN(const LedgerRecord record, ParseLedgerRecord(yaml, "run.yaml"));
  return BuildLedgerStatement(record);
}

const RegimeStatement* Find(const LedgerStatement& s, const std::string& id) {
  for (const RegimeStatement& r : s.regimes) {
    if (r.regime.id == id) return &r;
  }
  return nullptr;
}

std::string ErrorOf(const std::string& yaml) {
  const Result<LedgerStatement> s = StatementOf(yaml);
  return s.ok() ? "" : s.status().message();
}

constexpr char kHead[] = "model: M\nyear: 2025\nseed: 1\n";

// ---- The guidelines' worked examples (C(2025) 7719, Annex A.3) -------------

TEST(LedgerAnnexA3, ArchitectureExample) {
  // 6 x 3.8e9 parameters x 3.3e12 tokens = 22.8e9 x 3.3e12 = 7.524e22 FLOP;
  // two significant figures: 7.5e22, the guidelines' printed figure.
  const auto s = StatementOf(std::string(kHead) +
                             "phases:\n  - {name: p, kind: pre_training, parameters: 3.8B, "
                             "tokens: 3.3T}\n");
  ASSERT_TRUE(s.ok()) << s.status().message();
  const RegimeStatement* r = Find(*s, "eu_parameter_updates");
  ASSERT_NE(r, nullptr);
  EXPECT_DOUBLE_EQ(r->total, 7.524e22);
  EXPECT_EQ(ledger::TwoFigures(r->total), "7.5e22");
  EXPECT_DOUBLE_EQ(r->rounded, 7.5e22);
}

TEST(LedgerAnnexA3, A100HardwareExample) {
  // 200,000 A100-hours x 3600 s x 300e12 FLOP/s x 0.5 = 7.2e8 x 1.5e14 =
  // 1.08e23 FLOP. Two significant figures give 1.1e23; the guidelines print
  // the figure to one, 1e23.
  const auto s = StatementOf(std::string(kHead) +
                             "phases:\n  - name: p\n    kind: pre_training\n    hardware:\n"
                             "      - {chip: A100, chip_hours: 200000, flops_per_chip: 300e12, "
                             "utilization: 0.5}\n");
  ASSERT_TRUE(s.ok()) << s.status().message();
  const RegimeStatement* r = Find(*s, "eu_cumulative");
  ASSERT_NE(r, nullptr);
  EXPECT_NEAR(r->total, 1.08e23, 1e23 * 1e-12);
  EXPECT_EQ(ledger::TwoFigures(r->total), "1.1e23");
  char one_figure[16];
  std::snprintf(one_figure, sizeof one_figure, "%.0e", r->total);
  EXPECT_EQ(std::string(one_figure), "1e+23");  // the guidelines' "1e23"
}

TEST(LedgerAnnexA3, H100HardwareExample) {
  // 370,000 H100-hours x 3600 s x 989e12 FLOP/s x 0.5 = 1.332e9 x 4.945e14 =
  // 6.58674e23 FLOP: 6.6e23 to two significant figures. The guidelines print
  // 6.5e23, which is the arithmetic truncated rather than rounded.
  const auto s = StatementOf(std::string(kHead) +
                             "phases:\n  - name: p\n    kind: pre_training\n    hardware:\n"
                             "      - {chip: H100, chip_hours: 370000, flops_per_chip: 989e12, "
                             "utilization: 0.5}\n");
  ASSERT_TRUE(s.ok()) << s.status().message();
  const RegimeStatement* r = Find(*s, "eu_cumulative");
  ASSERT_NE(r, nullptr);
  EXPECT_NEAR(r->total, 6.58674e23, 6.6e23 * 1e-12);
  EXPECT_EQ(ledger::TwoFigures(r->total), "6.6e23");
}

// ---- Regimes -------------------------------------------------------------------

TEST(LedgerRegimes, BundledFileParsesWithARuleForEveryKind) {
  std::ifstream in(std::string(TRAINFLOPS_SOURCE_DIR) + "/data/regimes.yaml");
  std::stringstream text;
  text << in.rdbuf();
  const auto regimes = ParseRegimes(text.str(), "data/regimes.yaml");
  ASSERT_TRUE(regimes.ok()) << regimes.status().message();
  ASSERT_EQ(regimes->size(), 5u);  // EU x 3, California, New York
  EXPECT_EQ(BundledRegimes().size(), 5u);
  for (const Regime& g : *regimes) EXPECT_EQ(g.rules.size(), PhaseKindNames().size()) << g.id;
}

TEST(LedgerRegimes, ParameterUpdatesLeaveForwardPassesOutAndCumulativeCountsThem) {
  // Pre-training 6 x 1e9 x 1e12 = 6e21; rollouts 2 x 1e9 x 1e12 = 2e21
  // (forward only). Cumulative (EU ¶119, read to include rollouts): 8e21;
  // parameter updates (¶118): 6e21.
  const auto s = StatementOf(std::string(kHead) +
                             "phases:\n"
                             "  - {name: pt, kind: pre_training, parameters: 1B, tokens: 1T}\n"
                             "  - {name: roll, kind: rl_rollouts, parameters: 1B, tokens: 1T}\n");
  ASSERT_TRUE(s.ok()) << s.status().message();
  EXPECT_DOUBLE_EQ(Find(*s, "eu_cumulative")->total, 8e21);
  EXPECT_DOUBLE_EQ(Find(*s, "eu_parameter_updates")->total, 6e21);
  const RegimeStatement* updates = Find(*s, "eu_parameter_updates");
  ASSERT_EQ(updates->left_out.size(), 1u);
  EXPECT_EQ(updates->left_out[0].name, "roll");
  EXPECT_NE(updates->left_out[0].rule.find("¶118"), std::string::npos);
  EXPECT_TRUE(Find(*s, "eu_cumulative")->counted[1].open);  // rollouts: an open reading
}

TEST(LedgerRegimes, ARecordsReadingOverridesTheRuleAndSaysSo) {
  // The same record, rollouts counted under the parameter-update rule by the
  // record's own reading: 6e21 + 2e21 = 8e21.
  const auto s = StatementOf(std::string(kHead) +
                             "readings:\n  - {regime: eu_parameter_updates, kind: rl_rollouts, "
                             "count: true, reason: counted to be safe}\n"
                             "phases:\n"
                             "  - {name: pt, kind: pre_training, parameters: 1B, tokens: 1T}\n"
                             "  - {name: roll, kind: rl_rollouts, parameters: 1B, tokens: 1T}\n");
  ASSERT_TRUE(s.ok()) << s.status().message();
  const RegimeStatement* r = Find(*s, "eu_parameter_updates");
  EXPECT_DOUBLE_EQ(r->total, 8e21);
  ASSERT_EQ(r->counted.size(), 2u);
  EXPECT_EQ(r->counted[1].override_reason, "counted to be safe");
  EXPECT_NE(RenderLedgerMarkdown(*s).find("The record's own reading: counted to be safe"),
            std::string::npos);
}

TEST(LedgerRegimes, ARecordMayAddARegime) {
  // A regime of its own: 1e21, counting pre-training only. 6 x 1e9 x 1e12 =
  // 6e21 > 1e21; the rollouts' 2e21 are left out.
  std::string kinds;
  for (const std::string& k : PhaseKindNames()) {
    kinds += "        " + k + ": {count: " + (k == "pre_training" ? "true" : "false") +
             ", rule: \"internal policy 1\"}\n";
  }
  const auto s = StatementOf(std::string(kHead) +
                             "add_regimes:\n  - id: own\n    name: Our policy\n"
                             "    test: threshold\n    flop: 1e21\n    rules:\n" +
                             kinds + "regimes: [own]\n" +
                             "phases:\n"
                             "  - {name: pt, kind: pre_training, parameters: 1B, tokens: 1T}\n"
                             "  - {name: roll, kind: rl_rollouts, parameters: 1B, tokens: 1T}\n");
  ASSERT_TRUE(s.ok()) << s.status().message();
  ASSERT_EQ(s->regimes.size(), 1u);
  EXPECT_DOUBLE_EQ(s->regimes[0].total, 6e21);
  EXPECT_EQ(s->regimes[0].left_out.size(), 1u);
  EXPECT_NE(ErrorOf(std::string(kHead) +
                    "add_regimes:\n  - {id: ca_sb53, name: x, test: threshold, flop: 1e20}\n"
                    "phases:\n  - {name: p, kind: sft, flop: 1e22}\n")
                .find("a bundled regime's id"),
            std::string::npos);
}

// An added regime states an error margin only when it gives one. 6 x 1e9 x
// 1e12 = 6e21 FLOP, exact (a given figure's inputs): the interval is the
// point, 0% below and above, within any margin.
TEST(LedgerRegimes, AnAddedRegimeStatesAMarginOnlyWhenItGivesOne) {
  std::string kinds;
  for (const std::string& k : PhaseKindNames()) {
    kinds += "        " + k + ": {count: true, rule: \"internal policy 1\"}\n";
  }
  const auto with = [&](const std::string& margin) {
    return std::string(kHead) + "default_ranges: false\n" +
           "add_regimes:\n  - id: own\n    name: Our policy\n    test: threshold\n"
           "    flop: 1e21\n" +
           margin + "    rules:\n" + kinds + "regimes: [own]\n" +
           "phases:\n  - {name: pt, kind: pre_training, parameters: 1B, tokens: 1T}\n";
  };
  const auto none = StatementOf(with(""));
  ASSERT_TRUE(none.ok()) << none.status().message();
  EXPECT_FALSE(none->regimes[0].margin.has_value());
  EXPECT_EQ(RenderLedgerMarkdown(*none).find("margin"), std::string::npos);
  EXPECT_EQ(RenderLedgerJson(*none).find("\"margin\""), std::string::npos);
  const auto ten = StatementOf(with("    error_margin: {fraction: 0.1, source: \"policy 2\"}\n"));
  ASSERT_TRUE(ten.ok()) << ten.status().message();
  ASSERT_TRUE(ten->regimes[0].margin.has_value());
  EXPECT_DOUBLE_EQ(ten->regimes[0].margin->margin, 0.1);
  EXPECT_TRUE(ten->regimes[0].margin->within);
  EXPECT_NE(RenderLedgerMarkdown(*ten).find("- 10% margin (policy 2): met (interval 0% below"),
            std::string::npos)
      << RenderLedgerMarkdown(*ten);
  EXPECT_NE(ErrorOf(with("    error_margin: 0.3\n")).find("key 'error_margin' must be"),
            std::string::npos);
  EXPECT_NE(ErrorOf(with("    error_margin: {fraction: 30, source: x}\n")).find("between 0 and 1"),
            std::string::npos);
  EXPECT_NE(
      ErrorOf(with("    error_margin: {fraction: 0.3}\n")).find("{fraction: F, source: TEXT}"),
      std::string::npos);
}

// The HTML statement takes a record's text literally: a phase named "*a*
// <b>" and a reading's reason with the same text are printed as written,
// escaped, never as emphasis or an element; the statement's own emphasis
// (the reading in bold) is still markup.
TEST(LedgerStatementHtml, PrintsTheRecordsTextLiterally) {
  const auto s = StatementOf(std::string(kHead) +
                             "readings:\n  - {regime: eu_parameter_updates, kind: rl_rollouts, "
                             "count: true, reason: \"*a* <b>\"}\n"
                             "phases:\n"
                             "  - {name: \"*a* <b>\", kind: rl_rollouts, parameters: 1B, "
                             "tokens: 1T}\n");
  ASSERT_TRUE(s.ok()) << s.status().message();
  const std::string html = RenderLedgerHtml(*s);
  EXPECT_NE(html.find("<h3>*a* &lt;b&gt; (rl_rollouts)</h3>"), std::string::npos) << html;
  EXPECT_NE(html.find("<li>*a* &lt;b&gt;: reading of guidelines ¶119"), std::string::npos) << html;
  EXPECT_NE(html.find("<strong>The record's own reading: *a* &lt;b&gt;</strong>"),
            std::string::npos)
      << html;
  EXPECT_EQ(html.find("<em>a</em>"), std::string::npos) << html;
  EXPECT_EQ(html.find("<b>"), std::string::npos) << html;
  // The Markdown statement prints the same text as written.
  EXPECT_NE(RenderLedgerMarkdown(*s).find("### *a* <b> (rl_rollouts)"), std::string::npos);
}

TEST(LedgerStatementJson, KeepsTheUnroundedTotalBesideTheTwoFigureOne) {
  const auto s = StatementOf(std::string(kHead) +
                             "phases:\n  - {name: p, kind: pre_training, parameters: 3.8B, "
                             "tokens: 3.3T}\n");
  ASSERT_TRUE(s.ok());
  const std::string json = RenderLedgerJson(*s);
  EXPECT_NE(json.find("\"total_2sf\": \"7.5e22\""), std::string::npos);
  EXPECT_NE(json.find("7.524e+22"), std::string::npos);  // unrounded
}

TEST(LedgerPhases, HardwareProgressInChipHoursAndPeriodsSummed) {
  // Two periods at 1e15 FLOP/s per chip, utilization 0.5 (given, so exact):
  // 1e6 chip-hours x 3600 x 1e15 x 0.5 = 1.8e24, and 5e5 chip-hours: 9e23;
  // the plan 2.7e24. Progress 7.5e5 of the 1.5e6 chip-hours: half done,
  // 1.35e24 so far.
  const auto s = StatementOf(
      std::string(kHead) +
      "phases:\n  - name: pt\n    kind: pre_training\n    planned: true\n"
      "    progress: {hours: 750000}\n    hardware:\n"
      "      - {chip: H100, chip_hours: 1M, flops_per_chip: 1e15, utilization: 0.5}\n"
      "      - {chip: H100, chip_hours: 500K, flops_per_chip: 1e15, utilization: 0.5}\n");
  ASSERT_TRUE(s.ok()) << s.status().message();
  EXPECT_NEAR(s->phases[0].point, 2.7e24, 2.7e24 * 1e-12);
  EXPECT_DOUBLE_EQ(s->phases[0].done, 0.5);
  EXPECT_NEAR(*s->phases[0].chip_hours, 1.5e6, 1e-6);
  const RegimeStatement* r = Find(*s, "eu_cumulative");
  EXPECT_NEAR(*r->so_far, 1.35e24, 1.35e24 * 1e-12);
  // 1e25 > 2.7e24: the plan does not cross the EU's systemic-risk line.
  EXPECT_EQ(*r->crossing, "the plan does not cross");
}

TEST(LedgerPhases, EvidenceLinesAreCombined) {
  // One reported figure of 3e24 FLOP, exact: the combination of one line is
  // the line itself.
  const auto s = StatementOf(std::string(kHead) +
                             "phases:\n  - name: pt\n    kind: pre_training\n    evidence:\n"
                             "      - {name: card, kind: figure, flop: 3e24, source: a card}\n");
  ASSERT_TRUE(s.ok()) << s.status().message();
  EXPECT_DOUBLE_EQ(s->phases[0].point, 3e24);
  EXPECT_DOUBLE_EQ(Find(*s, "eu_cumulative")->total, 3e24);
}

// ---- Errors: the phase and the field named ------------------------------------

TEST(LedgerErrors, UnknownPhaseKindSuggestsTheNearest) {
  const std::string e =
      ErrorOf(std::string(kHead) + "phases:\n  - {name: p, kind: pre_trainng, flop: 1e24}\n");
  EXPECT_NE(e.find("phase 'p'"), std::string::npos) << e;
  EXPECT_NE(e.find("key 'kind'"), std::string::npos) << e;
  EXPECT_NE(e.find("did you mean 'pre_training'"), std::string::npos) << e;
}

TEST(LedgerErrors, UnknownRegimeSuggestsTheNearest) {
  const std::string e = ErrorOf(std::string(kHead) + "regimes: [eu_cumulatve]\n" +
                                "phases:\n  - {name: p, kind: pre_training, flop: 1e24}\n");
  EXPECT_NE(e.find("key 'regimes'"), std::string::npos) << e;
  EXPECT_NE(e.find("did you mean 'eu_cumulative'"), std::string::npos) << e;
}

TEST(LedgerErrors, APhaseWithNoMethod) {
  const std::string e =
      ErrorOf(std::string(kHead) + "phases:\n  - {name: sft, kind: sft, tokens: 1T}\n");
  EXPECT_NE(e.find("phase 'sft'"), std::string::npos) << e;
  EXPECT_NE(e.find("'parameters' with 'tokens'"), std::string::npos) << e;
  const std::string none = ErrorOf(std::string(kHead) + "phases:\n  - {name: sft, kind: sft}\n");
  EXPECT_NE(none.find("phase 'sft': no method"), std::string::npos) << none;
}

TEST(LedgerErrors, AModelFileIsOneMethodWithItsOwnKeys) {
  struct Case {
    const char* phase;
    const char* error;
  };
  for (const Case& c : {
           // Two methods: a file and a figure, or two files.
           Case{"architecture: m.yaml, flop: 1e22", "more than one method"},
           Case{"architecture: m.yaml, hf_config: c.json, tokens: 1T", "more than one method"},
           // A config without the tokens it was trained on is no method.
           Case{"hf_config: c.json", "no method"},
           // Each file's estimator keys go with that file only.
           Case{"hf_config: c.json, tokens: 1T, epochs: 2",
                "key 'epochs' goes with 'architecture'"},
           Case{"architecture: m.yaml, convention: kaplan",
                "key 'convention' goes with 'hf_config'"},
       }) {
    const std::string e = ErrorOf(std::string(kHead) +
                                  "phases:\n  - {name: pt, kind: pre_training, " + c.phase + "}\n");
    EXPECT_NE(e.find("phase 'pt': " + std::string(c.error)), std::string::npos)
        << c.phase << ": " << e;
  }
}

TEST(LedgerErrors, AModelFileNotReadByTheRequestLayerIsRefused) {
  // The library opens no file: a record built without the request layer's
  // estimate of its model file says so, naming the phase, key and path.
  const std::string e = ErrorOf(std::string(kHead) +
                                "phases:\n  - {name: pt, kind: pre_training, architecture: "
                                "m.yaml, epochs: 2}\n");
  EXPECT_NE(e.find("phase 'pt': key 'architecture': the file 'm.yaml' was not read"),
            std::string::npos)
      << e;
  // Parsed, the phase keeps the path and its keys as written.
  const Result<LedgerRecord> r = ParseLedgerRecord(
      std::string(kHead) +
          "phases:\n  - {name: pt, kind: pre_training, hf_config: c.json, tokens: 1T..2T}\n",
      "run.yaml");
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->phases[0].hf_config, "c.json");
  ASSERT_EQ(r->phases[0].file_options.size(), 1u);
  EXPECT_EQ(r->phases[0].file_options[0].second, "1T..2T");
}

TEST(LedgerErrors, AModificationTestWithNoOriginal) {
  const std::string e = ErrorOf(std::string(kHead) + "regimes: [eu_modification]\n" +
                                "phases:\n  - {name: p, kind: sft, flop: 1e22}\n");
  EXPECT_NE(e.find("'eu_modification'"), std::string::npos) << e;
  EXPECT_NE(e.find("no 'original'"), std::string::npos) << e;
}

constexpr char kPlanned[] =
    "phases:\n  - name: pt\n    kind: pre_training\n    parameters: 1B\n    tokens: 30T\n"
    "    planned: true\n";

TEST(LedgerErrors, NegativeProgress) {
  const std::string e = ErrorOf(std::string(kHead) + kPlanned + "    progress: {tokens: -1T}\n");
  EXPECT_NE(e.find("phase 'pt'"), std::string::npos) << e;
  EXPECT_NE(e.find("key 'progress'"), std::string::npos) << e;
  EXPECT_NE(e.find("key 'tokens'"), std::string::npos) << e;
}

TEST(LedgerErrors, AScheduleNeedsBothDatesInOrder) {
  std::string e = ErrorOf(std::string(kHead) + kPlanned + "    start: 2026-01-01\n");
  EXPECT_NE(e.find("phase 'pt'"), std::string::npos) << e;
  EXPECT_NE(e.find("both given"), std::string::npos) << e;
  e = ErrorOf(std::string(kHead) + kPlanned + "    start: 2026-02-01\n    end: 2026-01-01\n");
  EXPECT_NE(e.find("key 'end': not after 'start'"), std::string::npos) << e;
}

TEST(LedgerErrors, ProgressBeyondThePlanNeedsTheFlag) {
  const std::string e = ErrorOf(std::string(kHead) + kPlanned + "    progress: {tokens: 40T}\n");
  EXPECT_NE(e.find("phase 'pt'"), std::string::npos) << e;
  EXPECT_NE(e.find("beyond the plan"), std::string::npos) << e;
  EXPECT_NE(e.find("allow_overrun"), std::string::npos) << e;
  // With the flag the plan is raised to the progress: 6 x 1e9 x 40e12 = 2.4e23.
  const auto s = StatementOf(std::string(kHead) + kPlanned +
                             "    allow_overrun: true\n    progress: {tokens: 40T}\n");
  ASSERT_TRUE(s.ok()) << s.status().message();
  EXPECT_NEAR(Find(*s, "eu_cumulative")->total, 2.4e23, 2.4e23 * 1e-12);
  EXPECT_NEAR(*Find(*s, "eu_cumulative")->so_far, 2.4e23, 2.4e23 * 1e-12);
}

}  // namespace
}  // namespace trainflops
