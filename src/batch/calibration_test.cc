// Calibration of batch intervals (include/trainflops/calibration.h) and the
// guards against impossible estimates (src/batch/guards.cc). Expected values
// are worked by hand in the comments.
#include "trainflops/calibration.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "trainflops/batch.h"

namespace trainflops {
namespace {

// A row with estimate 1, interval [1/2, 2] (log half-width ln 2 on both
// sides) and a record 2^(+-t): its normalized error is t.
CalibrationSample Sample(double t, int sign, const std::string& label = "medium") {
  return {"row", "6ND", label, 1, 0.5, 2, std::pow(2.0, sign * t)};
}

TEST(Calibration, NominalScaleIsTheNormalsRatioOfQuantiles) {
  // z_0.95 = 1.644854, z_0.90 = 1.281552, z_0.75 = 0.674490 (standard normal
  // table): 80% -> 1.281552 / 1.644854 = 0.779130; 50% -> 0.410060.
  EXPECT_NEAR(NominalScale(0.9), 1, 1e-9);
  EXPECT_NEAR(NominalScale(0.8), 0.779130, 1e-5);
  EXPECT_NEAR(NominalScale(0.5), 0.410060, 1e-5);
  EXPECT_NEAR(NormalizedError(Sample(0.7, 1)), 0.7, 1e-12);
  EXPECT_NEAR(NormalizedError(Sample(0.7, -1)), 0.7, 1e-12);
}

TEST(Calibration, WideningFactorIsTheConformalRank) {
  // t = 0.1, 0.2, ..., 1.9 (n = 19). 90%: rank ceil(0.9 x 20) = 18 -> t = 1.8,
  // over q = 1: 1.8. 50%: rank ceil(0.5 x 20) = 10 -> t = 1.0, over 0.410060:
  // 2.43867. 99%: rank ceil(19.8) = 20 > n -> the largest, 1.9 / q_0.99
  // (z_0.995 = 2.575829: q = 1.565992) = 1.21329.
  std::vector<double> t;
  for (int i = 1; i <= 19; ++i) t.push_back(i / 10.0);
  EXPECT_NEAR(*WideningFactor(t, 0.9), 1.8, 1e-9);
  EXPECT_NEAR(*WideningFactor(t, 0.5), 2.43867, 1e-4);
  EXPECT_NEAR(*WideningFactor(t, 0.99), 1.21329, 1e-4);
  EXPECT_FALSE(WideningFactor({}, 0.9).ok());
}

TEST(Calibration, FitPoolsSmallGroupsAndFindFallsBack) {
  // 19 medium rows (t = 0.1 .. 1.9, alternating sides) and 3 low rows at t = 5.
  std::vector<CalibrationSample> s;
  for (int i = 1; i <= 19; ++i) s.push_back(Sample(i / 10.0, i % 2 ? 1 : -1));
  for (int i = 0; i < 3; ++i) s.push_back(Sample(5, 1, "low"));
  CalibrationOptions options;  // min_group_rows 10
  const std::vector<CalibrationEntry> table = FitCalibration(s, options);
  const CalibrationEntry* medium = FindWidening(table, "6ND", "medium", 0.9);
  ASSERT_NE(medium, nullptr);
  EXPECT_EQ(medium->label, "medium");
  EXPECT_NEAR(medium->factor, 1.8, 1e-9);  // as above
  // Low has 3 rows < 10: the path's pooled factor. 22 rows: rank
  // ceil(0.9 x 23) = 21 -> the sorted t are 0.1 .. 1.9, 5, 5, 5: the 21st is 5.
  const CalibrationEntry* low = FindWidening(table, "6ND", "low", 0.9);
  ASSERT_NE(low, nullptr);
  EXPECT_EQ(low->label, "all");
  EXPECT_NEAR(low->factor, 5, 1e-9);
  // Another path: the overall factor (the same 22 rows).
  const CalibrationEntry* other = FindWidening(table, "hardware", "medium", 0.9);
  ASSERT_NE(other, nullptr);
  EXPECT_EQ(other->path, "all");
}

TEST(Calibration, CrossValidationCountsBeforeAndAfter) {
  // 20 rows all at t = 0.5. Before: inside the nominal 90% (0.5 <= 1) and 80%
  // (0.5 <= 0.779) intervals, outside the 50% one (0.5 > 0.410). After: every
  // fold's factor is 0.5 / q, so the calibrated half-width is exactly t:
  // every row inside, at every level.
  std::vector<CalibrationSample> s;
  for (int i = 0; i < 20; ++i) s.push_back(Sample(0.5, i % 2 ? 1 : -1));
  CalibrationOptions options;
  options.min_group_rows = 5;
  for (const CoverageCell& c : CrossValidate(s, options)) {
    EXPECT_EQ(c.rows, 20u);
    EXPECT_EQ(c.inside_before, c.level < 0.6 ? 0u : 20u) << c.level;
    EXPECT_EQ(c.inside_after, 20u) << c.level;
  }
}

TEST(Calibration, LabelErrorsAreTheShareWithinAFactor) {
  // Ratios 1, 1/1.5, 2, 1/3, 10 (errors 1, 1.5, 2, 3, 10): 90% of 5 rows is
  // 4.5 -> the 5th smallest, 10. Errors 1..10 (10 rows): the 9th, 9.
  std::vector<CalibrationSample> s;
  for (double r : {1.0, 1 / 1.5, 2.0, 1 / 3.0, 10.0}) s.push_back({"a", "6ND", "low", r, 0, 0, 1});
  for (int e = 1; e <= 10; ++e) s.push_back({"b", "6ND", "high", 1, 0, 0, 1.0 * e});
  const std::vector<CalibrationEntry> errors = LabelErrors(s);
  ASSERT_EQ(errors.size(), 2u);
  EXPECT_EQ(errors[0].label, "high");
  EXPECT_NEAR(errors[0].factor, 9, 1e-12);
  EXPECT_EQ(errors[1].label, "low");
  EXPECT_NEAR(errors[1].factor, 10, 1e-12);
}

TEST(Calibration, BundledTableParsesAndLabelErrorGrowsWithDoubt) {
  const std::vector<CalibrationEntry>& table = DefaultCalibration();
  ASSERT_NE(FindWidening(table, "any", "any", 0.9), nullptr);
  std::map<std::string, double> error;
  for (const CalibrationEntry& e : table) {
    if (e.kind == "error") error[e.label] = e.factor;
  }
  ASSERT_EQ(error.size(), 3u);
  EXPECT_LE(error["high"], error["medium"]);
  EXPECT_LE(error["medium"], error["low"]);
  EXPECT_FALSE(
      ParseCalibrationCsv("kind,path,label,level,factor,rows\nwiden,6ND,all,1.5,2,3\n", "x.csv")
          .ok());
}

// Rows of data/epoch_notable_models_dev.csv (cells copied) whose 6ND figure
// implies the impossible; their ratios to the record were 2.2e6, 1.5e-5 and
// 509 before the guards.
TEST(BatchGuards, ImpossibleSixNdIsFlagged) {
  const std::vector<std::string> header = {"Model",
                                           "Publication date",
                                           "Domain",
                                           "Parameters",
                                           "Training dataset size (total)",
                                           "Epochs",
                                           "Hardware quantity",
                                           "Training time (hours)"};
  Result<BatchEstimator> e = BatchEstimator::Create(header, BatchOptions());
  ASSERT_TRUE(e.ok());
  // SB-LM (2007): 6 x 3e11 x 1.8e12 = 3.24e24 FLOP on 1500 chips x 24 h =
  // 1.296e8 chip-seconds: 2.5e16 FLOP/s per chip, 1e4x any chip of 2008.
  const RowEstimate sb = e->Estimate(
      {"SB-LM", "2007-06-22", "Language", "300000000000.0", "1800000000000", "", "1500.0", "24.0"});
  EXPECT_EQ(sb.confidence, "flagged");
  EXPECT_NE(sb.note.find("utilization of"), std::string::npos) << sb.note;
  // Fusion in Encoder: 9.6e5 / 3.3e8 = 0.0029 tokens per parameter.
  const RowEstimate fie = e->Estimate(
      {"Fusion in Encoder", "2022-11-18", "Language", "330000000.0", "960000", "", "", "48.0"});
  EXPECT_EQ(fie.confidence, "flagged");
  EXPECT_NE(fie.note.find("0.00291 tokens per parameter"), std::string::npos) << fie.note;
  // Hybrid H3-2.7B: 4e11 x 509.02 epochs = 2.04e14 tokens > 1e14.
  const RowEstimate h3 = e->Estimate({"Hybrid H3-2.7B", "2022-12-28", "Language", "2700000000.0",
                                      "400000000000", "509.02", "8.0", ""});
  EXPECT_EQ(h3.confidence, "flagged");
  EXPECT_NE(h3.note.find("2.036e14 tokens"), std::string::npos) << h3.note;
  // A plain row is not: 6 x 1e9 x 2e10 (20 tokens per parameter).
  const RowEstimate ok = e->Estimate({"ok", "2022-01-01", "Language", "1e9", "2e10", "", "", ""});
  EXPECT_EQ(ok.confidence, "medium");
  // Switched off, nothing is flagged.
  BatchOptions off;
  off.rules_off = {BatchRule::kGuards};
  Result<BatchEstimator> e_off = BatchEstimator::Create(header, off);
  EXPECT_EQ(e_off
                ->Estimate({"SB-LM", "2007-06-22", "Language", "300000000000.0", "1800000000000",
                            "", "1500.0", "24.0"})
                .confidence,
            "medium");
}

// The SVG's elements with a given start, each as its numeric attributes.
std::vector<std::vector<double>> Elements(const std::string& svg, const std::string& start,
                                          const std::vector<std::string>& attributes) {
  std::vector<std::vector<double>> out;
  for (size_t at = svg.find(start); at != std::string::npos; at = svg.find(start, at + 1)) {
    const std::string element = svg.substr(at, svg.find('>', at) - at);
    std::vector<double> values;
    for (const std::string& a : attributes) {
      const size_t v = element.find(" " + a + "=\"");
      values.push_back(v == std::string::npos ? NAN : std::stod(element.substr(v + a.size() + 3)));
    }
    out.push_back(values);
  }
  return out;
}

// How far (x, y) lies from the line through (x1, y1) and (x2, y2), in pixels.
double Distance(const std::vector<double>& point, const std::vector<double>& line) {
  const double dx = line[2] - line[0], dy = line[3] - line[1];
  return std::fabs(dy * (point[0] - line[0]) - dx * (point[1] - line[1])) / std::hypot(dx, dy);
}

// Each row is drawn where its record and ratio put it: estimate = record on
// the diagonal, twice the record on the upper line of the 2x band.
TEST(Calibration, RecordPlotPutsEachRowAgainstItsRecord) {
  CalibrationReport report;
  const auto row = [](const char* recorded, const char* ratio, const char* reason,
                      bool fine_tune = false, bool flagged = false) {
    RecordRow r;
    std::tie(r.recorded, r.ratio, r.reason) = std::tuple(recorded, ratio, reason);
    std::tie(r.fine_tune, r.flagged) = std::pair(fine_tune, flagged);
    return r;
  };
  report.record = {row("1e20", "1", "within 2x"), row("1e22", "2", "outside 2x: ..."),
                   row("1e18", "0.01", "flagged: ...", false, true),
                   row("1e21", "1.5", "fine-tune, within 2x: ...", true),
                   row("1e19", "", "not estimated: ...")};
  const Result<std::string> svg = report.RecordPlot(PlotFormat::kSvg);
  ASSERT_TRUE(svg.ok()) << svg.status().message();
  const auto dots = Elements(*svg, "<circle", {"cx", "cy"});
  ASSERT_EQ(dots.size(), 4u + 4u);             // four rows with a ratio, four legend keys
  std::vector<std::vector<double>> reference;  // the diagonal, then the band's two lines
  for (size_t at = svg->find("<line"); at != std::string::npos; at = svg->find("<line", at + 1)) {
    const std::string element = svg->substr(at, svg->find('>', at) - at);
    if (element.find("rgb(153,153,153)") == std::string::npos) continue;
    reference.push_back(Elements(element, "<line", {"x1", "y1", "x2", "y2"}).front());
  }
  ASSERT_EQ(reference.size(), 3u);
  EXPECT_LT(Distance(dots[0], reference[0]), 0.05);  // 1e20 against 1e20
  EXPECT_LT(Distance(dots[1], reference[1]), 0.05);  // 2e22 against 1e22
  EXPECT_GT(Distance(dots[2], reference[0]), 50);    // 1e16 against 1e18, far below
  EXPECT_LT(dots[0][0], dots[3][0]);                 // records 1e20 < 1e21: left to right
  EXPECT_GT(dots[0][1], dots[3][1]);                 // estimates 1e20 < 1.5e21: bottom to top
  EXPECT_NE(svg->find("flagged by a guard (1)"), std::string::npos);
  EXPECT_NE(svg->find("within 2x (1)"), std::string::npos);
}

// docs/reproduced_record.csv is what the documented command writes today.
TEST(Calibration, ReproducedRecordMatchesARegeneration) {
  const std::string root = TRAINFLOPS_SOURCE_DIR;
  std::ifstream data(root + "/data/epoch_notable_models_dev.csv", std::ios::binary);
  std::ifstream kept(root + "/docs/reproduced_record.csv", std::ios::binary);
  ASSERT_TRUE(data && kept);
  std::stringstream text, committed;
  text << data.rdbuf();
  committed << kept.rdbuf();
  CalibrationOptions options;
  options.source = "data/epoch_notable_models_dev.csv";
  Result<CalibrationReport> report = Calibrate(text.str(), options);
  ASSERT_TRUE(report.ok()) << report.status().message();
  const std::string fresh = report->RecordCsv("");
  const std::string& old = committed.str();
  // Line 1 is the comment naming the command; the rows must be identical.
  ASSERT_NE(old.find('\n'), std::string::npos);
  EXPECT_TRUE(fresh.substr(fresh.find('\n')) == old.substr(old.find('\n')))
      << "regenerate: trainflops calibrate data/epoch_notable_models_dev.csv --record "
         "docs/reproduced_record.csv";
}

}  // namespace
}  // namespace trainflops
