// Unit tests of the batch library: column mapping, CSV escaping, record
// splitting with quoted line breaks, and the per-row arithmetic.
#include "trainflops/batch.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>

#include "active_parameters.h"
#include "cell_reading.h"
#include "trainflops/calibration.h"

namespace trainflops {
namespace {

std::vector<std::string> RunCsv(std::string_view csv, BatchSummary* summary = nullptr) {
  std::vector<std::string> lines;
  BatchOptions options;
  Result<BatchSummary> s =
      RunBatchCsv(csv, options, [&](const std::string& l) { lines.push_back(l); });
  EXPECT_TRUE(s.ok()) << s.status().message();
  if (summary != nullptr && s.ok()) *summary = *s;
  return lines;
}

// One row with only parameters and dataset size (no Domain column: 6ND applies).
RowEstimate SixND(const std::string& n, const std::string& d,
                  const BatchOptions& options = BatchOptions()) {
  Result<BatchEstimator> e =
      BatchEstimator::Create({"Parameters", "Training dataset size (total)"}, options);
  return e.ok() ? e->Estimate({n, d}) : RowEstimate();
}

// A row with neither 6ND nor chips x hours takes the record's cost, read as
// Epoch AI's amortised hardware + energy (Cottier et al. 2024). The H100's
// cost per chip-hour in 2023 is derived by hand in src/evidence/cost_test.cc
// (EvidenceCost.AmortisedPurchase): $1.46325 of hardware + $0.082784 of
// energy. $1M then buys 1e6 / 1.546034 = 646,817 chip-hours; x 3600 s x
// 989.5e12 FLOP/s (H100 SXM, 16-bit tensor cores) x 0.3 = 6.9128e23 FLOP (0.3,
// not the 0.4 of other networks: Sevilla et al. 2022's caveat for NVIDIA
// tensor-core peaks). Without a cost, the power draw with the training time:
// 1 MW for 24 h, at 700 W x 1.665 (server overhead, the middle of 1.25..2.08)
// x 1.175 (PUE 2023, the middle of 1.10..1.25) per chip = 730.21 chips;
// x 86,400 s x 989.5e12 x 0.3 = 1.8728e22 FLOP.
TEST(BatchEvidence, CostThenPowerWhenNothingBetterApplies) {
  const std::vector<std::string> header = {"Model",
                                           "Domain",
                                           "Publication date",
                                           "Training hardware",
                                           "Training time (hours)",
                                           "Training compute cost (2023 USD)",
                                           "Training power draw (W)"};
  Result<BatchEstimator> e = BatchEstimator::Create(header, BatchOptions());
  ASSERT_TRUE(e.ok()) << e.status().message();
  const RowEstimate cost =
      e->Estimate({"a", "Vision", "2023-06-01", "NVIDIA H100 SXM5 80GB", "", "1e6", ""});
  ASSERT_TRUE(cost.flop.has_value()) << cost.note;
  EXPECT_EQ(cost.method, "cost");
  EXPECT_EQ(cost.confidence, "low");
  EXPECT_NEAR(*cost.flop / 6.9128e23, 1, 1e-3) << cost.note;
  ASSERT_TRUE(cost.low && cost.high);
  EXPECT_LT(*cost.low, *cost.flop);
  EXPECT_GT(*cost.high, *cost.flop);
  // The line is linear in the amount: ten times the money, ten times the FLOP.
  const RowEstimate ten =
      e->Estimate({"b", "Vision", "2023-06-01", "NVIDIA H100 SXM5 80GB", "", "1e7", ""});
  ASSERT_TRUE(ten.flop.has_value());
  EXPECT_NEAR(*ten.flop / *cost.flop, 10, 1e-9);
  const RowEstimate power =
      e->Estimate({"c", "Vision", "2023-06-01", "NVIDIA H100 SXM5 80GB", "24", "", "1e6"});
  ASSERT_TRUE(power.flop.has_value()) << power.note;
  EXPECT_EQ(power.method, "power");
  EXPECT_NEAR(*power.flop / 1.8728e22, 1, 1e-3) << power.note;
  // Power without a training time is not estimated, and says why.
  const RowEstimate no_time =
      e->Estimate({"d", "Vision", "2023-06-01", "NVIDIA H100 SXM5 80GB", "", "", "1e6"});
  EXPECT_FALSE(no_time.flop.has_value());
  EXPECT_NE(no_time.note.find("power: needs a positive Training power draw (W) and Training "
                              "time (hours)"),
            std::string::npos)
      << no_time.note;
  // Switched off, the evidence columns are not read.
  BatchOptions off;
  off.rules_off = {BatchRule::kEvidence};
  Result<BatchEstimator> e_off = BatchEstimator::Create(header, off);
  ASSERT_TRUE(e_off.ok());
  EXPECT_FALSE(
      e_off->Estimate({"a", "Vision", "2023-06-01", "NVIDIA H100 SXM5 80GB", "", "1e6", ""})
          .flop.has_value());
}

TEST(BatchColumns, MappingSetsNamesAndRejectsUnknownKeys) {
  BatchColumns c;
  std::vector<std::string> named;
  ASSERT_TRUE(ApplyColumnMapping("parameters=N, dataset = Tokens", c, &named).ok());
  EXPECT_EQ(c.parameters, "N");
  EXPECT_EQ(c.dataset, "Tokens");
  EXPECT_EQ(named, (std::vector<std::string>{"parameters", "dataset"}));
  Status bad = ApplyColumnMapping("paramters=N", c);
  EXPECT_FALSE(bad.ok());
  EXPECT_NE(bad.message().find("did you mean 'parameters'"), std::string::npos) << bad.message();
  EXPECT_FALSE(ApplyColumnMapping("parameters", c).ok());
}

TEST(BatchCsv, EscapesOnlyWhenNeeded) {
  EXPECT_EQ(CsvEscape("plain"), "plain");
  EXPECT_EQ(CsvEscape("a,b"), "\"a,b\"");
  EXPECT_EQ(CsvEscape("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(CsvEscape("two\nlines"), "\"two\nlines\"");
}

TEST(BatchCsv, QuotedLineBreaksStayInOneRecord) {
  // 6 x 1e9 x 2e10 x 1 = 1.2e20 FLOP.
  const auto lines = RunCsv(
      "Model,Parameters,Training dataset size (total)\n"
      "\"A\nB\",1e9,2e10\r\n\n");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[1].substr(0, 20), "\"A\nB\",1e9,2e10,1.2e2");
}

// With csv_as_json_lines a CSV record comes out as the JSON-lines writer's
// object: its cells as strings, then the added keys typed (6ND = 6 x 1e9 x
// 2e10 = 1.2e20 as a number, no hardware figure as null), with no header line.
TEST(BatchCsv, AsJsonLinesTypesTheAddedKeys) {
  BatchOptions options;
  options.csv_as_json_lines = true;
  std::vector<std::string> lines;
  const Result<BatchSummary> s =
      RunBatchCsv("Model,Parameters,Training dataset size (total)\nA,1e9,2e10\n", options,
                  [&](const std::string& l) { lines.push_back(l); });
  ASSERT_TRUE(s.ok()) << s.status().message();
  ASSERT_EQ(lines.size(), 1u);
  const nlohmann::json row = nlohmann::json::parse(lines[0]);
  EXPECT_EQ(row["Model"], "A");
  EXPECT_EQ(row["Parameters"], "1e9");
  EXPECT_DOUBLE_EQ(row["estimated_training_flop"].get<double>(), 6 * 1e9 * 2e10);
  EXPECT_EQ(row["estimate_method"], "6ND");
  EXPECT_TRUE(row["estimate_hardware"].is_null());
  EXPECT_TRUE(row["estimate_note"].is_string());
  for (const std::string& key : BatchOutputColumns()) EXPECT_TRUE(row.contains(key)) << key;
}

TEST(BatchEstimate, SixNDIntervalFromTheTrainingFactorRange) {
  // 2 N D = 2 x 1e9 x 1e10 = 2e19; training_factor triangular(2, 3, 4):
  // 5% quantile 2 + sqrt(0.05 x 2 x 1) = 2.31623, 95% 4 - sqrt(0.05 x 2) = 3.68377
  // (the interval as estimated: the calibration rule off).
  BatchOptions raw;
  raw.rules_off = {BatchRule::kCalibration};
  const RowEstimate r = SixND("1e9", "1e10", raw);
  ASSERT_TRUE(r.flop);
  EXPECT_DOUBLE_EQ(*r.flop, 6e19);
  EXPECT_NEAR(*r.low, 2e19 * 2.31623, 2e19 * 1e-5);
  EXPECT_NEAR(*r.high, 2e19 * 3.68377, 2e19 * 1e-5);
  EXPECT_EQ(r.method, "6ND");
  EXPECT_NE(r.note.find("epochs not given: 1 assumed"), std::string::npos) << r.note;
  // Calibrated (the default): each end's log distance from 6e19 times the
  // bundled factor f of 6ND, medium: 6e19 x (2.31623 / 3)^f .. 6e19 x (3.68377 / 3)^f.
  const CalibrationEntry* f = FindWidening(DefaultCalibration(), "6ND", "medium", 0.9);
  ASSERT_NE(f, nullptr);
  const RowEstimate c = SixND("1e9", "1e10");
  EXPECT_NEAR(*c.low / (6e19 * std::pow(2.31623 / 3, f->factor)), 1, 1e-4);
  EXPECT_NEAR(*c.high / (6e19 * std::pow(3.68377 / 3, f->factor)), 1, 1e-4);
  EXPECT_NE(c.note.find("widened x"), std::string::npos) << c.note;
  EXPECT_NE(c.note.find("confidence medium: 90% of such estimates were within"), std::string::npos)
      << c.note;
}

// P(> threshold) from the row's 5%-95% interval read as a two-piece
// lognormal (thresholds.h). 6ND = 6 x 1.5e12 x 1e12 = 9e24; with the
// calibration rule off its interval is 3e24 x (2 + sqrt(0.1)) = 6.948683e24 ..
// 3e24 x (4 - sqrt(0.1)) = 1.105132e25 (the triangular training factor, as
// above). Above the median sigma = ln(1.105132e25 / 9e24) / 1.6448536 =
// 0.1248287, so P(> 1e25) = 1 - Phi(ln(1e25 / 9e24) / 0.1248287) =
// 1 - Phi(0.8440405) = 0.1993234, and P(> 1e26) = 1 - Phi(19.29) ~ 0. Both
// sides are 22.8% from the figure: within the EU's 30% margin.
TEST(BatchThresholds, ProbabilityOverEachThresholdInForce) {
  BatchOptions raw;
  raw.rules_off = {BatchRule::kCalibration};
  const RowEstimate r = SixND("1.5e12", "1e12", raw);
  ASSERT_TRUE(r.flop);
  const std::vector<std::string>& columns = BatchOutputColumns();
  const auto at = [&](const std::string& name) {
    return std::find(columns.begin(), columns.end(), name) - columns.begin();
  };
  // data/thresholds.yaml, in its order: the EU AI Act's 1e25 (Art. 51(2)),
  // the Commission guidelines' 1e23 indicator (guidance, in force) and
  // California SB 53's 1e26; the revoked US order has no column.
  ASSERT_LT(at("p_over_eu_ai_act_art51"), at("p_over_eu_gpai_indicative"));
  ASSERT_LT(at("p_over_eu_gpai_indicative"), at("p_over_ca_sb53_frontier"));
  EXPECT_EQ(at("p_over_us_eo14110"), static_cast<long>(columns.size()));
  ASSERT_EQ(r.probability_over.size(), 3u);
  EXPECT_NEAR(*r.probability_over[0], 0.1993234, 1e-4);
  // 1e23 lies ln(9e24 / 1e23) / (ln(9e24 / 6.948683e24) / 1.6448536) = 28.6
  // sigmas below the median.
  EXPECT_GT(*r.probability_over[1], 1 - 1e-12);
  EXPECT_LT(*r.probability_over[2], 1e-12);
  EXPECT_EQ(r.within_eu_margin, true);
  EXPECT_FALSE(r.label_error_factor) << "measured meanings come with the calibration rule";
  const std::vector<std::string> cells = r.Cells();
  ASSERT_EQ(cells.size(), columns.size());
  EXPECT_EQ(cells[at("within_eu_30pct_margin")], "yes");
  EXPECT_NEAR(std::stod(cells[at("p_over_eu_ai_act_art51")]), 0.1993234, 1e-4);

  // Calibrated (the default): the interval widened by 6ND's factor, about
  // 6x in log space, is no longer within 30%; the label's measured error
  // factor is data/calibration.csv's "error" row for medium.
  const RowEstimate c = SixND("1.5e12", "1e12");
  EXPECT_EQ(c.within_eu_margin, false);
  double medium = 0;
  for (const CalibrationEntry& e : DefaultCalibration()) {
    if (e.kind == "error" && e.label == "medium") medium = e.factor;
  }
  ASSERT_GT(medium, 1);
  EXPECT_EQ(c.label_error_factor, medium);
  EXPECT_GT(*c.probability_over[0], 0.1993234) << "a wider interval reaches further";
}

// A flagged row is not a normal estimate: no probabilities, no margin, no
// measured meaning, and the guards' finding in its own column. 1e12
// parameters on 1e9 tokens is 0.001 tokens per parameter (under 0.2).
TEST(BatchThresholds, FlaggedRowsCarryNoOdds) {
  const RowEstimate r = SixND("1e12", "1e9");
  ASSERT_EQ(r.confidence, "flagged") << r.note;
  EXPECT_NE(r.flags.find("tokens per parameter"), std::string::npos) << r.flags;
  EXPECT_TRUE(r.probability_over.empty());
  EXPECT_FALSE(r.within_eu_margin);
  EXPECT_FALSE(r.label_error_factor);
}

// A fine-tune whose base is not estimated is a lower bound of the model's
// cumulative compute (what the EU counts, AI Act Recital 111): flagged so,
// without reading the record. 6ND of its own: 6 x 1e9 x 1e10 = 6e19.
TEST(BatchThresholds, AFineTuneWithoutItsBaseIsALowerBound) {
  const std::vector<std::string> header = {"Model", "Parameters", "Training dataset size (total)",
                                           "Base model", "Finetune compute (FLOP)"};
  Result<BatchEstimator> e = BatchEstimator::Create(header, BatchOptions());
  ASSERT_TRUE(e.ok()) << e.status().message();
  const RowEstimate own = e->Estimate({"tuned", "1e9", "1e10", "Absent base", ""});
  ASSERT_TRUE(own.flop);
  EXPECT_DOUBLE_EQ(*own.flop, 6e19);
  EXPECT_NE(own.flags.find("a lower bound of the model's cumulative compute: fine-tuned from "
                           "'Absent base'"),
            std::string::npos)
      << own.flags;
  EXPECT_NE(own.confidence, "flagged") << "not an impossible quantity";
  EXPECT_TRUE(own.probability_over.empty());
  // A guard's flag on 6ND (1e12 parameters on 1e9 tokens) goes away when the
  // fine-tune's own compute is given and replaces the estimate.
  const RowEstimate given = e->Estimate({"tuned", "1e12", "1e9", "Absent base", "2e20"});
  ASSERT_TRUE(given.flop);
  EXPECT_DOUBLE_EQ(*given.flop, 2e20);
  EXPECT_EQ(given.confidence, "medium");
  EXPECT_EQ(given.flags.find("tokens per parameter"), std::string::npos) << given.flags;
  EXPECT_EQ(given.note.rfind("estimate not used (the fine-tune's own compute is given)", 0), 0u)
      << given.note;
}

// Nothing usable is an error, with the first row's problem; rows that
// overflow get a note instead of "inf".
TEST(BatchFile, NoUsableRowIsAnError) {
  BatchOptions options;
  options.source = "d.jsonl";
  const LineSink drop = [](const std::string&) {};
  Result<BatchSummary> empty = RunBatchJsonLines("", options, drop);
  ASSERT_FALSE(empty.ok());
  EXPECT_EQ(empty.status().message(),
            "d.jsonl: no usable row: no line is a JSON object; see docs/batch.md for the accepted "
            "formats");
  Result<BatchSummary> junk = RunBatchJsonLines("not json\n[1]\n", options, drop);
  ASSERT_FALSE(junk.ok());
  EXPECT_NE(junk.status().message().find("(first: d.jsonl:1: not a JSON object)"),
            std::string::npos)
      << junk.status().message();
  const std::string deep = std::string(100, '[') + std::string(100, ']');
  Result<BatchSummary> nested = RunBatchJsonLines(deep, options, drop);
  ASSERT_FALSE(nested.ok());
  EXPECT_NE(nested.status().message().find("d.jsonl:1:1: nested more than 64 levels deep"),
            std::string::npos)
      << nested.status().message();
  options.source = "d.csv";
  Result<BatchSummary> header = RunBatchCsv("foo,bar\n1,2\n", options, drop);
  ASSERT_FALSE(header.ok());
  EXPECT_NE(header.status().message().find("d.csv:1: the header names none of the columns"),
            std::string::npos)
      << header.status().message();
  Result<BatchSummary> ragged = RunBatchCsv("Parameters,Epochs\n1,2,3\n", options, drop);
  ASSERT_FALSE(ragged.ok());
  EXPECT_NE(ragged.status().message().find("no record after the header has the header's fields"),
            std::string::npos)
      << ragged.status().message();
}

TEST(BatchEstimate, OverflowIsANoteNotInfinity) {
  // 6 x 1e200 x 1e200 = 6e400 > 1.8e308.
  const RowEstimate r = SixND("1e200", "1e200");
  EXPECT_FALSE(r.flop);
  EXPECT_NE(r.note.find("6ND: the 6ND estimate (FLOP) overflows"), std::string::npos) << r.note;
}

// 6 x 1e-100 x 1 = 6e-100 FLOP over a recorded 1e300 is 6e-400: the ratio
// underflows (the note said it overflows).
TEST(BatchEstimate, ARatioThatUnderflowsSaysSo) {
  Result<BatchEstimator> e = BatchEstimator::Create(
      {"Parameters", "Training dataset size (total)", "Training compute (FLOP)"}, BatchOptions());
  ASSERT_TRUE(e.ok()) << e.status().message();
  const RowEstimate r = e->Estimate({"1e-100", "1", "1e300"});
  EXPECT_FALSE(r.ratio);
  EXPECT_NE(r.note.find("no ratio: the estimate over the recorded compute underflows a double"),
            std::string::npos)
      << r.note;
}

// Batch fuzzer: 6 x 1e200 x 1e100 = 6e300 FLOP printed the interval
// 8e300..4e300 (closed-form quantiles near the top of a double). The
// interval must contain the estimate.
TEST(BatchEstimate, IntervalNearTheTopOfADoubleStaysOrdered) {
  const RowEstimate r = SixND("1e200", "1e100");
  ASSERT_TRUE(r.flop);
  EXPECT_DOUBLE_EQ(*r.flop, 6e300);
  ASSERT_TRUE(r.low && r.high);
  EXPECT_LE(*r.low, *r.flop);
  EXPECT_LE(*r.flop, *r.high);
}

TEST(BatchEstimate, ExtremesDoNotOverflow) {
  // 6 x 1e13 x 1e13 x 1 = 6e26 FLOP, below the 1e27 the standards ask for.
  const RowEstimate r = SixND("1e13", "1e13");
  ASSERT_TRUE(r.flop);
  EXPECT_DOUBLE_EQ(*r.flop, 6e26);
  EXPECT_TRUE(std::isfinite(*r.high));
}

TEST(BatchCells, ListsCollapseAndRangesBecomeIntervals) {
  struct Case {
    const char* text;
    double value;      // 0: not read
    double low, high;  // 0: a point
  };
  const Case kCases[] = {
      {"1.5e9", 1.5e9, 0, 0},
      {"14180000,14180000", 1.418e7, 0, 0},
      {"2e9; 2e9", 2e9, 0, 0},
      // Different items: uniform(1e9, 3e9) (3 <= 10), median 2e9.
      {"1e9,3e9", 2e9, 1e9, 3e9},
      {"1e9-3e9", 2e9, 1e9, 3e9},
      {"1e9 to 3e9", 2e9, 1e9, 3e9},
      // 1e8..1e10 spans 100x: log-uniform, median sqrt(1e8 x 1e10) = 1e9.
      {"1e8..1e10", 1e9, 1e8, 1e10},
      {"2e-5-4e-5", 3e-5, 2e-5, 4e-5},  // exponents' minus signs are not ranges
      {"abc", 0, 0, 0},
      {"1e9,abc", 0, 0, 0},
  };
  for (const Case& c : kCases) {
    const batch::Quantity q = batch::ReadQuantity(c.text, true);
    if (c.value == 0) {
      EXPECT_FALSE(q.value) << c.text;
      EXPECT_FALSE(q.problem.empty()) << c.text;
      continue;
    }
    ASSERT_TRUE(q.value) << c.text << ": " << q.problem;
    EXPECT_NEAR(*q.value, c.value, c.value * 1e-12) << c.text;
    EXPECT_EQ(q.range.has_value(), c.low != 0) << c.text;
    if (q.range) {
      EXPECT_DOUBLE_EQ(q.range->SupportLow(), c.low) << c.text;
      EXPECT_DOUBLE_EQ(q.range->SupportHigh(), c.high) << c.text;
    }
  }
  EXPECT_FALSE(batch::ReadQuantity("14180000,14180000", false).value);  // rule off
}

TEST(BatchActiveParameters, FromNamesAndNotes) {
  struct Case {
    const char* name;
    const char* notes;
    double count, share;  // 0: none
    bool moe;
  };
  const Case kCases[] = {
      {"Qwen3-235B-A22B", "", 22e9, 0, true},
      {"Qwen3-Omni-30B-A3B", "", 3e9, 0, true},
      {"NVIDIA A100 run", "", 0, 0, false},  // 'A100' has no B or M after the number
      {"DeepSeek-R1", "671B total 37B activated", 37e9, 0, true},
      {"Hunyuan", "56B activated parameters and 560B total", 56e9, 0, true},
      {"Scout", "17 billion active parameters, 16 experts", 17e9, 0, true},
      {"DBRX", "132B mixture of experts. 36B parameters active per inference", 36e9, 0, true},
      {"VAETKI", "Total parameters: 100B (Sparse), Active parameters: 10B per token", 10e9, 0,
       true},
      {"ERNIE", "MoE: total parameters - 424B active parameters - 47B", 47e9, 0, true},
      {"Q", "25% of the weights active", 0, 0.25, true},
      {"E", "equivalent to a 32B dense model", 32e9, 0, true},
      {"NLLB", "FLOPs similar to that of a 3.3B dense model", 3.3e9, 0, true},
      {"GLM", "scales to 256 experts, 744B parameters", 0, 0, true},
      {"PaLM", "a 540-billion parameter, densely activated Transformer", 0, 0, false},
      {"Plain", "7 billion parameters", 0, 0, false},
  };
  for (const Case& c : kCases) {
    const batch::ActiveParameters a = batch::FindActiveParameters(c.name, c.notes);
    EXPECT_EQ(a.moe, c.moe) << c.name;
    EXPECT_EQ(a.count.value_or(0), c.count) << c.name;
    EXPECT_EQ(a.share.value_or(0), c.share) << c.name;
  }
}

}  // namespace
}  // namespace trainflops

namespace trainflops {
namespace {

// Each output object of a JSON lines run, by its Model.
std::map<std::string, nlohmann::json> RunJsonRows(const std::string& lines) {
  std::map<std::string, nlohmann::json> rows;
  Result<BatchSummary> s = RunBatchJsonLines(lines, BatchOptions(), [&](const std::string& l) {
    nlohmann::json j = nlohmann::json::parse(l);
    rows[j.value("Model", "")] = j;
  });
  EXPECT_TRUE(s.ok()) << s.status().message();
  return rows;
}

std::string Row(const std::string& name, double params, double data, const std::string& base) {
  return nlohmann::json{{"Model", name},
                        {"Parameters", params},
                        {"Training dataset size (total)", data},
                        {"Base model", base}}
             .dump() +
         "\n";
}

// A row whose base is itself, or A whose base is B whose base is A, was
// counted once per level down to the depth limit (nine times its own 6ND:
// ratio 9). Each row that reaches a cycle is refused with the cycle named;
// the others are estimated as before.
TEST(BatchBaseModels, CyclesAreRefusedWithTheCycleNamed) {
  auto rows =
      RunJsonRows(Row("Self", 1e9, 1e9, "self") + Row("A", 1e9, 1e9, "B") +
                  Row("B", 1e9, 1e9, "A") + Row("C", 1e9, 1e9, "A") + Row("Plain", 1e9, 1e9, ""));
  const std::map<std::string, std::string> cycles = {
      {"Self", "Self -> self"}, {"A", "A -> B -> A"}, {"B", "B -> A -> B"}, {"C", "A -> B -> A"}};
  for (const auto& [name, cycle] : cycles) {
    const nlohmann::json& r = rows[name];
    EXPECT_EQ(r["estimated_training_flop"], nullptr) << r.dump();
    EXPECT_EQ(r["estimated_with_base"], nullptr) << r.dump();
    EXPECT_NE(r["estimate_note"].get<std::string>().find("base model cycle: " + cycle),
              std::string::npos)
        << r["estimate_note"];
  }
  // 6 x 1e9 x 1e9 = 6e18, with no base.
  EXPECT_DOUBLE_EQ(rows["Plain"]["estimated_training_flop"].get<double>(), 6e18);
}

// A cycle past the first names is shown by its first eight and its length.
TEST(BatchBaseModels, ALongCycleIsShownShortened) {
  std::string lines;
  for (int i = 0; i < 20; ++i)
    lines += Row("M" + std::to_string(i), 1e9, 1e9, "M" + std::to_string((i + 1) % 20));
  const std::string note = RunJsonRows(lines)["M0"]["estimate_note"];
  EXPECT_NE(note.find("base model cycle: M0 -> M1 -> M2 -> M3 -> M4 -> M5 -> M6 -> M7 -> ... "
                      "(20 models) -> M0"),
            std::string::npos)
      << note;
}

// docs/batch.md: a list "A,B" sums the bases found. The index of base rows
// kept the whole cell "a, b, missing" as one name, so nothing was found.
TEST(BatchBaseModels, ListsSumTheBasesFoundAndNameTheOthers) {
  auto rows = RunJsonRows(Row("A", 1e9, 1e9, "") + Row("B", 2e9, 1e9, "") +
                          Row("Merge", 1e9, 1e8, "A, B, Missing") + Row("Twice", 1e9, 1e8, "A, a"));
  // A: 6 x 1e9 x 1e9 = 6e18; B: 6 x 2e9 x 1e9 = 1.2e19; Merge's own: 6 x 1e9 x 1e8 = 6e17.
  // 6e18 + 1.2e19 + 6e17 = 1.86e19.
  const nlohmann::json& merge = rows["Merge"];
  EXPECT_DOUBLE_EQ(merge["estimated_with_base"].get<double>(), 1.86e19) << merge.dump();
  EXPECT_NE(merge["estimate_note"].get<std::string>().find("base model 'Missing' not found"),
            std::string::npos)
      << merge["estimate_note"];
  // One base listed twice is one model's compute: 6e18 + 6e17 = 6.6e18.
  EXPECT_DOUBLE_EQ(rows["Twice"]["estimated_with_base"].get<double>(), 6.6e18);
}

// A merge of two fine-tunes of one model: per path, the model was added
// twice, 6e18 + (6e18 + 6e18) + (6e18 + 6e18) = 3e19. Each model once: four
// rows of 6 x 1e9 x 1e9 = 6e18, 2.4e19.
TEST(BatchBaseModels, ABaseReachedByTwoPathsCountsOnce) {
  auto rows = RunJsonRows(Row("Base", 1e9, 1e9, "") + Row("A", 1e9, 1e9, "Base") +
                          Row("B", 1e9, 1e9, "Base") + Row("Merge", 1e9, 1e9, "A, B"));
  EXPECT_DOUBLE_EQ(rows["Merge"]["estimated_with_base"].get<double>(), 2.4e19);
  EXPECT_NE(rows["Merge"]["estimate_note"].get<std::string>().find(
                "the fine-tune 6e18 + 3 models below it, each once ('Base' reached by more than "
                "one path)"),
            std::string::npos)
      << rows["Merge"]["estimate_note"];
  // A tree is summed as before: A = 6e18 + 6e18.
  EXPECT_DOUBLE_EQ(rows["A"]["estimated_with_base"].get<double>(), 1.2e19);
}

// Each base is estimated once per run, yet a chain is cut at 8 levels below
// the row written whatever was estimated before: B (whose base is C) is
// first reached one level below X, then eight levels below Y0, where C is
// past the limit. (Kept by name alone, B's figure with C gave Y0 6e19.)
TEST(BatchBaseModels, TheDepthLimitHoldsForBasesEstimatedBefore) {
  std::string lines = Row("X", 1e9, 1e9, "B") + Row("B", 1e9, 1e9, "C") + Row("C", 1e9, 1e9, "");
  for (int i = 0; i < 8; ++i) {
    lines += Row("Y" + std::to_string(i), 1e9, 1e9, i < 7 ? "Y" + std::to_string(i + 1) : "B");
  }
  auto rows = RunJsonRows(lines);
  // Each row 6 x 1e9 x 1e9 = 6e18. X: 6e18 + B (6e18 + C 6e18) = 1.8e19.
  EXPECT_DOUBLE_EQ(rows["X"]["estimated_with_base"].get<double>(), 1.8e19);
  // Y0 + Y1..Y7 + B, with C cut at the ninth level: 9 x 6e18 = 5.4e19.
  EXPECT_DOUBLE_EQ(rows["Y0"]["estimated_with_base"].get<double>(), 5.4e19);
  // Y1 reaches C at the eighth level: Y1..Y7, B and C, 9 x 6e18 = 5.4e19.
  EXPECT_DOUBLE_EQ(rows["Y1"]["estimated_with_base"].get<double>(), 5.4e19);
}

}  // namespace
}  // namespace trainflops
