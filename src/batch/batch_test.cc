// Unit tests of the batch library: column mapping, CSV escaping, record
// splitting with quoted line breaks, and the per-row arithmetic.
#include "trainflops/batch.h"

#include <gtest/gtest.h>

#include <cmath>

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
RowEstimate SixND(const std::string& n, const std::string& d) {
  Result<BatchEstimator> e =
      BatchEstimator::Create({"Parameters", "Training dataset size (total)"}, BatchOptions());
  return e.ok() ? e->Estimate({n, d}) : RowEstimate();
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

TEST(BatchEstimate, SixNDIntervalFromTheTrainingFactorRange) {
  // 2 N D = 2 x 1e9 x 1e10 = 2e19; training_factor triangular(2, 3, 4):
  // 5% quantile 2 + sqrt(0.05 x 2 x 1) = 2.31623, 95% 4 - sqrt(0.05 x 2) = 3.68377.
  const RowEstimate r = SixND("1e9", "1e10");
  ASSERT_TRUE(r.flop);
  EXPECT_DOUBLE_EQ(*r.flop, 6e19);
  EXPECT_NEAR(*r.low, 2e19 * 2.31623, 2e19 * 1e-5);
  EXPECT_NEAR(*r.high, 2e19 * 3.68377, 2e19 * 1e-5);
  EXPECT_EQ(r.method, "6ND");
  EXPECT_NE(r.note.find("epochs not given: 1 assumed"), std::string::npos) << r.note;
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

}  // namespace
}  // namespace trainflops
