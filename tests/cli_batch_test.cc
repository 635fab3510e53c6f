// `trainflops batch` end to end: tests/fixtures/batch/small.csv and
// tests/fixtures/batch/rules.csv, whose answers are worked out by hand below
// (one or more rows per estimation rule of docs/batch.md), and Epoch AI's
// development file data/epoch_notable_models_dev.csv against the record.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli_test_util.h"
#include "core/text.h"
#include "trainflops/csv.h"
#include "trainflops/units.h"

namespace trainflops::testing {
namespace {

// The written file (cli_test_util keeps its own reader private).
std::string Slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  std::string bytes(static_cast<size_t>(std::max<std::streamoff>(in.tellg(), 0)), '\0');
  in.seekg(0);
  in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  return bytes;
}

// The output of `trainflops batch ARGS` as a table, cells looked up by name.
struct Output {
  CsvTable table;
  std::string Cell(size_t row, const std::string& column) const {
    const auto it = std::find(table.header.begin(), table.header.end(), column);
    EXPECT_NE(it, table.header.end()) << column;
    if (it == table.header.end()) return "";
    return table.rows[row][static_cast<size_t>(it - table.header.begin())];
  }
  std::optional<size_t> Row(const std::string& model) const {
    for (size_t i = 0; i < table.rows.size(); ++i) {
      if (table.rows[i][0] == model) return i;
    }
    return std::nullopt;
  }
};

Output RunBatchCsv(const std::string& args) {
  const std::string out = WriteTempFile("batch_run.csv", "");
  const CliOutput r = RunCli("batch " + args + " --output " + out);
  EXPECT_EQ(r.code, 0) << r.err;
  Result<CsvTable> t = ParseCsv(Slurp(out), "output");
  EXPECT_TRUE(t.ok()) << t.status().message();
  return {t.ok() ? *t : CsvTable()};
}

// kAny: present but not checked (a Monte Carlo bound); 0: empty.
constexpr double kAny = -1;

void ExpectNumber(const std::string& cell, double expected, const std::string& what) {
  if (expected == 0) {
    EXPECT_EQ(cell, "") << what;
    return;
  }
  ASSERT_FALSE(cell.empty()) << what;
  if (expected == kAny) return;
  EXPECT_NEAR(std::stod(cell), expected, std::fabs(expected) * 1e-5) << what;
}

struct Expected {
  const char* model;
  double flop;  // 0: not estimated
  const char* method;
  double low, high, ratio;  // 0: empty
  const char* note_part;
};

// 6ND rows: interval = 2 N D epochs x triangular(2,3,4) quantiles 2.31623, 3.68377
// (2 + sqrt(0.05 x 2), 4 - sqrt(0.05 x 2)).
const Expected kSmallRows[] = {
    // 6 x 1e9 x 2e10 x 2 = 2.4e20; recorded 2.4e20: ratio 1; 2ND x e = 8e19.
    {"Dense LM", 2.4e20, "6ND", 8e19 * 2.31623, 8e19 * 3.68377, 1.0, "6 x 1e9 x 2e10 x 2"},
    // 8 chips x 36,000 s x 15.7e12 FLOP/s (V100 SXM2 FP32, NVIDIA datasheet) x 0.5 = 2.2608e18;
    // every factor given: interval is the point. 2.2608e18 / 2e18 = 1.1304.
    {"Vision HW", 2.2608e18, "hardware", 2.2608e18, 2.2608e18, 1.1304, "utilization 0.5"},
    // 6ND = 6 x 1e8 x 1e9 = 6e17. Hardware: 2019, industry, no format -> FP16 (Sevilla
    // et al. 2022, precision rule), V100 tensor 1.25e14 FLOP/s x 3,600 s x 0.3 (language)
    // = 1.35e17. hardware/6ND = 0.225: disagree beyond 3x, hardware chosen;
    // 1.35e17 / 1.2e18 = 0.1125.
    {"LM both", 1.35e17, "hardware", kAny, kAny, 0.1125, "hardware/6ND = 0.225"},
    {"Bad params", 0, "", 0, 0, 0, "Parameters 'abc' is not a positive number"},
    {"Mystery chip", 0, "", 0, 0, 0, "'Abacus 9000' not in the table"},
    {"Empty", 0, "", 0, 0, 0, "not estimated; 6ND: no Parameters"},
    // 6 x 1e9 x 1e9 = 6e18; its base is not in the file: 6e18 / 1e23 = 6e-5.
    {"Fine-tune", 6e18, "6ND", 2e18 * 2.31623, 2e18 * 3.68377, 6e-5,
     "base model 'Base LM' not found in the file"},
    // 6 x 1e9 x 1e10 = 6e19; 6e19 / 1.8e21 = 1/30.
    {"Off LM, quoted", 6e19, "6ND", 2e19 * 2.31623, 2e19 * 3.68377, 1.0 / 30, "6 x 1e9 x 1e10"},
};

TEST(CliBatch, SmallFixtureEveryAddedColumn) {
  // The intervals as estimated: the calibration rule (which widens them by
  // data/calibration.csv's factors) is tested in src/batch/batch_test.cc.
  const Output o =
      RunBatchCsv(SourcePath("tests/fixtures/batch/small.csv") + " --rules-off calibration");
  ASSERT_EQ(o.table.rows.size(), std::size(kSmallRows));
  EXPECT_EQ(o.table.header.back(), "estimate_note");
  for (size_t i = 0; i < std::size(kSmallRows); ++i) {
    const Expected& e = kSmallRows[i];
    const std::string m = e.model;
    EXPECT_EQ(o.table.rows[i][0], e.model);
    ExpectNumber(o.Cell(i, "estimated_training_flop"), e.flop, m + " flop");
    EXPECT_EQ(o.Cell(i, "estimate_method"), e.method) << m;
    ExpectNumber(o.Cell(i, "estimate_low"), e.low, m + " low");
    ExpectNumber(o.Cell(i, "estimate_high"), e.high, m + " high");
    ExpectNumber(o.Cell(i, "ratio_to_recorded"), e.ratio, m + " ratio");
    EXPECT_NE(o.Cell(i, "estimate_note").find(e.note_part), std::string::npos)
        << o.Cell(i, "estimate_note");
  }
}

// --cite: the summary says how many models each method estimated, with its
// source, and the summary JSON carries the citation object.
TEST(CliBatch, CiteNamesTheMethodsAndTheirWorks) {
  const std::string json = WriteTempFile("batch_cite.json", "");
  const CliOutput r = RunCli("batch " + SourcePath("tests/fixtures/batch/small.csv") +
                             " --cite --summary-json " + json);
  ASSERT_EQ(r.code, 0) << r.err;
  // 5 of 8 rows estimated: 3 by 6ND (Dense LM, Fine-tune, Off LM), 2 from
  // the hardware (Vision HW, LM both); see SummaryJsonNumbers.
  EXPECT_NE(r.err.find("We estimated the training compute of 5 of 8 models: 3 as 6 x parameters "
                       "x tokens (Kaplan et al. 2020"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("2 from the hardware and the training time (Sevilla et al. 2022, Method 2)"),
            std::string::npos);
  EXPECT_NE(r.err.find("@misc{kaplan2020,"), std::string::npos);
  const auto j = nlohmann::json::parse(Slurp(json));
  EXPECT_EQ(j["citation"]["references"],
            (std::vector<std::string>{"kaplan2020", "sevilla2022", "trainflops"}));
  EXPECT_EQ(j["estimated"], 5);
}

TEST(CliBatch, SummaryJsonNumbers) {
  const std::string json = WriteTempFile("batch_summary.json", "");
  const std::string out = WriteTempFile("batch_out.csv", "");
  const CliOutput r = RunCli("batch " + SourcePath("tests/fixtures/batch/small.csv") +
                             " --output " + out + " --summary-json " + json);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("wrote " + out), std::string::npos);
  const auto j = nlohmann::json::parse(Slurp(json));
  EXPECT_EQ(j["rows"], 8);
  EXPECT_EQ(j["estimated"], 5);
  EXPECT_EQ(j["methods"]["6ND"], 3);       // Dense LM, Fine-tune, Off LM
  EXPECT_EQ(j["methods"]["hardware"], 2);  // Vision HW, LM both
  EXPECT_EQ(j["coverage"]["hardware"], 2);
  const auto& other = j["other_rows"];
  // Recorded: Dense LM, Vision HW, LM both, Bad params, Off LM (Fine-tune is a fine-tune).
  EXPECT_EQ(other["rows_with_recorded"], 5);
  EXPECT_EQ(other["estimated"], 4);
  // |log10 ratio|: 0, log10 1.1304 = 0.053232, log10(1/0.1125) = 0.948847,
  // log10 30 = 1.477121; median (0.053232 + 0.948847) / 2 = 0.501040. Within 2x: 2 of 4.
  EXPECT_NEAR(other["median_abs_log10_ratio"].get<double>(), 0.501040, 1e-6);
  EXPECT_DOUBLE_EQ(other["share_within_2x"].get<double>(), 0.5);
  EXPECT_DOUBLE_EQ(other["share_within_3x"].get<double>(), 0.5);
  EXPECT_DOUBLE_EQ(other["coverage"].get<double>(), 0.8);
  EXPECT_EQ(other["misses_by_reason"]["not estimated: unreadable cell"], 1);
  EXPECT_EQ(other["misses_by_reason"]["6ND only, outside 2x"], 1);
  EXPECT_EQ(other["misses_by_reason"]["methods disagree, outside 2x"], 1);
  EXPECT_EQ(other["worst"][0]["name"], "Off LM, quoted");
  EXPECT_EQ(j["fine_tunes"]["rows_with_recorded"], 1);
  EXPECT_EQ(j["fine_tunes"]["misses_by_reason"]["fine-tune alone (base not found), outside 2x"], 1);
  EXPECT_EQ(j["rows_with_ratio"], 4);  // the earlier names: other rows
  EXPECT_EQ(Slurp(out).substr(0, 6), "Model,");
}

// One row (or more) per rule, tests/fixtures/batch/rules.csv. Peaks from
// data/hardware.csv: A100 SXM4 40 GB bf16 3.12e14, fp32 1.95e13; V100 SXM2
// 32 GB fp16 tensor 1.25e14; TPU v3 bf16 1.23e14 (its only rate); 2016
// FP32 year average 6.83e12 (Sevilla et al. 2022, "imputing GPU performance").
struct RuleRow {
  const char* model;
  const char* column;
  double value;  // 0: empty
};

const RuleRow kRuleRows[] = {
    // Active parameters: 6 x 22e9 x 1e12 = 1.32e23 (name A22B); ratio 1.
    {"Sparse-235B-A22B", "estimated_training_flop", 1.32e23},
    {"Sparse-235B-A22B", "ratio_to_recorded", 1.0},
    {"Notes activated", "estimated_training_flop", 6 * 37e9 * 1.48e13},  // 3.2856e24
    {"Quarter active", "estimated_training_flop", 6 * 1e10 * 1e12},      // 25% of 4e10
    {"Dense equivalent", "estimated_training_flop", 6 * 32e9 * 1e12},    // 1.92e23
    // No active count: the default share 0.1 of 1e12: 6 x 1e11 x 1e13 = 6e24.
    {"Unstated MoE", "estimated_training_flop", 6e24},
    {"Densely activated", "estimated_training_flop", 6 * 5.4e11 * 7.8e11},  // not MoE
    // Both methods: 6ND 6e19; hardware 8 x 72,000 s x 3.12e14 x 0.5 = 8.9856e19,
    // ratio 1.4976: geometric mean sqrt(6e19 x 8.9856e19) = 7.342588e19; / 7e19 = 1.048941.
    {"Methods agree", "estimate_6nd", 6e19},
    {"Methods agree", "estimate_hardware", 8.9856e19},
    {"Methods agree", "methods_ratio", 1.4976},
    {"Methods agree", "estimated_training_flop", 7.342588e19},
    {"Methods agree", "ratio_to_recorded", 1.048941},
    // 200 h: hardware 8.9856e20, ratio 14.976: disagree, hardware chosen; / 9e20 = 0.9984.
    {"Methods disagree", "estimated_training_flop", 8.9856e20},
    {"Methods disagree", "methods_ratio", 14.976},
    {"Methods disagree", "ratio_to_recorded", 0.9984},
    // Token data: image-text pairs refuse 6ND; tokens allow it: 6 x 1e9 x 2e12 = 1.2e22.
    {"Image-text pairs", "estimated_training_flop", 0},
    {"Vision tokens", "estimated_training_flop", 1.2e22},
    // Format fallback: 64 x 360,000 s x 1.25e14 x 0.4 = 1.152e21;
    // 128 x 36,000 s x 1.23e14 x 0.5 = 2.83392e20.
    {"V100 in BF16", "estimated_training_flop", 1.152e21},
    {"TPU v3 in FP32", "estimated_training_flop", 2.83392e20},
    // List cells: 6 x 1.418e7 x 1e9 = 8.508e16; range 1e9-3e9 -> uniform, median 2e9.
    {"Equal list", "estimated_training_flop", 8.508e16},
    {"Range data", "estimated_training_flop", 1.7016e17},
    // Unnamed chips: 16 x 360,000 s x 6.83e12 x 0.4 = 1.573632e19; not before 2014.
    {"Unnamed chips", "estimated_training_flop", 1.573632e19},
    {"Unnamed chips 2013", "estimated_training_flop", 0},
    // Base models: 6e20 + 6 x 1e9 x 1e9 = 6.06e20, / 6e20 = 1.01; given 2e19: 6.2e20;
    // a fine-tune of a fine-tune: 6.06e20 + 1e18 = 6.07e20.
    {"Base LM", "estimated_training_flop", 6e20},
    {"Tuned LM", "estimated_training_flop", 6e18},
    {"Tuned LM", "estimated_with_base", 6.06e20},
    {"Tuned LM", "ratio_to_recorded", 1.01},
    {"Tuned given", "estimated_training_flop", 2e19},
    {"Tuned given", "estimated_with_base", 6.2e20},
    {"Tuned given", "ratio_to_recorded", 1.0},
    {"Tuned twice", "estimated_with_base", 6.07e20},
    // Utilization: TPU bf16 (a 16-bit matrix peak) 0.3: 32 x 36,000 s x 1.23e14 x 0.3
    // = 4.25088e19; A100 fp32, not language: 0.4: 8 x 36,000 x 1.95e13 x 0.4 = 2.2464e18.
    {"TPU bf16 vision", "estimated_training_flop", 4.25088e19},
    {"A100 fp32 vision", "estimated_training_flop", 2.2464e18},
    // Notes hardware: "16 NVIDIA A100 GPUs for 2 days": 16 x 172,800 s x 3.12e14 (A100 fp16)
    // x 0.3 = 2.5878528e20. "2,048 TPUv3 core-days": 1,024 chip-days = 88,473,600
    // chip-seconds x 1.23e14 (TPU v3 bf16) x 0.3 = 3.26467584e21.
    {"Chips in notes", "estimated_training_flop", 2.5878528e20},
    {"Chip-days in notes", "estimated_training_flop", 3.26467584e21},
};

void ExpectRuleRows(const Output& o, const RuleRow* rows, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    const std::optional<size_t> at = o.Row(rows[i].model);
    ASSERT_TRUE(at) << rows[i].model;
    ExpectNumber(
        o.Cell(*at, rows[i].column), rows[i].value,
        std::string(rows[i].model) + " " + rows[i].column + ": " + o.Cell(*at, "estimate_note"));
  }
}

TEST(CliBatch, EveryRuleOnItsFixtureRows) {
  const Output o = RunBatchCsv(SourcePath("tests/fixtures/batch/rules.csv"));
  ASSERT_EQ(o.table.rows.size(), 24u);
  ExpectRuleRows(o, kRuleRows, std::size(kRuleRows));
  const auto note = [&](const std::string& model) {
    return o.Cell(*o.Row(model), "estimate_note");
  };
  const auto confidence = [&](const std::string& model) {
    return o.Cell(*o.Row(model), "estimate_confidence");
  };
  EXPECT_NE(note("Unstated MoE").find("default active share 0.1"), std::string::npos);
  EXPECT_EQ(confidence("Unstated MoE"), "low");
  EXPECT_EQ(confidence("Sparse-235B-A22B"), "medium");
  EXPECT_EQ(o.Cell(*o.Row("Methods agree"), "estimate_method"), "6ND+hardware");
  EXPECT_EQ(confidence("Methods agree"), "high");
  EXPECT_EQ(o.Cell(*o.Row("Methods disagree"), "estimate_method"), "hardware");
  EXPECT_EQ(confidence("Methods disagree"), "low");
  EXPECT_NE(note("Image-text pairs").find("do not say tokens"), std::string::npos);
  EXPECT_NE(note("V100 in BF16").find("has no bf16 rate"), std::string::npos);
  EXPECT_NE(note("V100 in BF16").find("nearest format"), std::string::npos);
  EXPECT_NE(note("Equal list").find("lists one value"), std::string::npos);
  EXPECT_EQ(confidence("Unnamed chips"), "low");
  EXPECT_NE(note("Unnamed chips 2013").find("from 2014 on"), std::string::npos);
  // Values read from the notes are quoted with their column.
  EXPECT_NE(note("Chips in notes")
                .find("Hardware quantity 16 from Training compute notes: '16 NVIDIA A100 GPUs'"),
            std::string::npos)
      << note("Chips in notes");
  EXPECT_NE(note("Chip-days in notes").find("'2,048 TPUv3 core-days'"), std::string::npos);
  // The range's interval is wider than the training factor's alone (2.316..3.684 x 2ND).
  const size_t range = *o.Row("Range data");
  EXPECT_LT(std::stod(o.Cell(range, "estimate_low")), 2 * 1.418e7 * 2e9 * 2.31623);
  EXPECT_GT(std::stod(o.Cell(range, "estimate_high")), 2 * 1.418e7 * 2e9 * 3.68377);
}

// Each rule switched off gives the value it replaced.
TEST(CliBatch, EachRuleSwitchedOff) {
  struct Off {
    const char* rule;
    RuleRow row;
  };
  const Off kOff[] = {
      {"active-parameters", {"Sparse-235B-A22B", "estimated_training_flop", 6 * 2.35e11 * 1e12}},
      {"both-methods", {"Methods agree", "estimated_training_flop", 6e19}},
      // Domain mentions Language: 6ND on image-text pairs, 6 x 4e9 x 4.9e11 = 1.176e22.
      {"token-data", {"Image-text pairs", "estimated_training_flop", 1.176e22}},
      {"token-data", {"Vision tokens", "estimated_training_flop", 0}},
      {"format-fallback", {"V100 in BF16", "estimated_training_flop", 0}},
      {"list-cells", {"Equal list", "estimated_training_flop", 0}},
      {"unnamed-chips", {"Unnamed chips", "estimated_training_flop", 0}},
      {"base-models", {"Tuned LM", "estimated_with_base", 0}},
      {"base-models", {"Tuned LM", "ratio_to_recorded", 0.01}},  // 6e18 / 6e20
      // Before the rule only NVIDIA tensor peaks took 0.3: 0.4 x 1.4170e20 = 5.66784e19.
      {"utilization", {"TPU bf16 vision", "estimated_training_flop", 5.66784e19}},
      {"notes-hardware", {"Chips in notes", "estimated_training_flop", 0}},
      {"notes-hardware", {"Chip-days in notes", "estimated_training_flop", 0}},
  };
  for (const Off& off : kOff) {
    const Output o =
        RunBatchCsv(SourcePath("tests/fixtures/batch/rules.csv") + " --rules-off " + off.rule);
    ExpectRuleRows(o, &off.row, 1);
  }
}

TEST(CliBatch, BadOptionsAndColumns) {
  const std::string csv = WriteTempFile("batch_cols.csv", "Name,N,D\nx,1e9,1e10\n");
  CliOutput r = RunCli("batch " + csv + " --columns parameters=Params");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--columns parameters='Params': no such column"), std::string::npos)
      << r.err;
  r = RunCli("batch " + csv + " --columns paramters=N");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("did you mean 'parameters'"), std::string::npos) << r.err;
  r = RunCli("batch " + csv + " --rules-off utilisation");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("did you mean 'utilization'"), std::string::npos) << r.err;
  // No Domain column: 6ND applies; 6 x 1e9 x 1e10 = 6e19.
  r = RunCli("batch " + csv + " --columns name=Name,parameters=N,dataset=D");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("x,1e9,1e10,6e19,6ND"), std::string::npos) << r.out;
  EXPECT_EQ(RunCli("batch " + csv + " --samples 0").code, 2);
  EXPECT_EQ(RunCli("batch " + csv + " --format xml").code, 2);
}

TEST(CliBatch, JsonLines) {
  // 6 x 1e9 x 1e10 = 6e19; the second line is not an object, the third is blank;
  // the fourth is a fine-tune of the first: 6e19 + 6 x 1e9 x 1e8 = 6.06e19.
  const std::string path = WriteTempFile(
      "batch.jsonl",
      "{\"Model\":\"a\",\"Parameters\":1e9,\"Training dataset size (total)\":\"1e10\"}\n[1]\n\n"
      "{\"Model\":\"b\",\"Base model\":\"a\",\"Parameters\":1e9,"
      "\"Training dataset size (total)\":1e8}\n");
  const CliOutput r = RunCli("batch " + path);
  ASSERT_EQ(r.code, 0) << r.err;
  std::istringstream lines(r.out);
  std::string line;
  std::getline(lines, line);
  const auto a = nlohmann::json::parse(line);
  EXPECT_DOUBLE_EQ(a["estimated_training_flop"].get<double>(), 6e19);
  EXPECT_EQ(a["estimate_method"], "6ND");
  EXPECT_TRUE(a["ratio_to_recorded"].is_null());
  EXPECT_TRUE(a["estimate_hardware"].is_null());
  std::getline(lines, line);
  EXPECT_NE(line.find("not a JSON object"), std::string::npos) << line;
  std::getline(lines, line);
  EXPECT_DOUBLE_EQ(nlohmann::json::parse(line)["estimated_with_base"].get<double>(), 6.06e19);
}

// Epoch AI, Notable AI Models (https://epoch.ai/data/ai-models, CC BY 4.0),
// development snapshot in data/. The figures are computed here from the
// output's columns, not read from the program's summary: over rows with a
// recorded compute and no base model, estimated_training_flop / recorded.
// The bars: 10% more rows estimated than the 115 this count gave before the
// notes-hardware rule (127; StyleGAN, not compared, is among them); within 2x on 80% of the
// estimates not flagged (a flagged row is not a normal estimate: docs/batch.md, rule 10) and
// compared with the record; none of those off by more than 30x.
TEST(CliBatch, EpochDevFileAgreesWithTheRecord) {
  const Output o = RunBatchCsv(SourcePath("data/epoch_notable_models_dev.csv"));
  ASSERT_GT(o.table.rows.size(), 400u);
  std::vector<double> abs_logs, unflagged;
  for (size_t i = 0; i < o.table.rows.size(); ++i) {
    const Result<double> recorded = ParsePositive(o.Cell(i, "Training compute (FLOP)"));
    if (!recorded.ok() || !Trim(o.Cell(i, "Base model")).empty()) continue;
    const std::string estimate = o.Cell(i, "estimated_training_flop");
    if (estimate.empty()) continue;
    abs_logs.push_back(std::fabs(std::log10(std::stod(estimate) / *recorded)));
    // Like with like: a row whose record its own cells contradict has no
    // ratio (StyleGAN: docs/batch.md, "Like with like").
    if (o.Cell(i, "estimate_confidence") != "flagged" && !o.Cell(i, "ratio_to_recorded").empty()) {
      unflagged.push_back(abs_logs.back());
    }
  }
  const auto share_within = [](std::vector<double> v, double factor) {
    const auto inside = std::count_if(v.begin(), v.end(),
                                      [&](double a) { return a <= std::log10(factor) + 1e-12; });
    return static_cast<double>(inside) / static_cast<double>(v.size());
  };
  std::sort(abs_logs.begin(), abs_logs.end());
  const size_t n = abs_logs.size();
  ASSERT_GE(n, 127u);
  const double median = n % 2 == 1 ? abs_logs[n / 2] : (abs_logs[n / 2 - 1] + abs_logs[n / 2]) / 2;
  EXPECT_GE(share_within(abs_logs, 2), 0.75);
  EXPECT_GE(share_within(unflagged, 2), 0.80);
  EXPECT_EQ(share_within(unflagged, 30), 1.0);
  EXPECT_LE(median, 0.08);
}

}  // namespace
}  // namespace trainflops::testing
