// The RFC 4180 reader: quoting, line ends, and errors with line and column.
#include "trainflops/csv.h"

#include <gtest/gtest.h>

#include "trainflops/trend.h"

namespace trainflops {
namespace {

TEST(Csv, ReadsHeaderRowsAndLines) {
  const Result<CsvTable> t = ParseCsv("a,b,c\n1,2,3\n4,5,6\n", "x.csv");
  ASSERT_TRUE(t.ok()) << t.status().message();
  EXPECT_EQ(t->header, (std::vector<std::string>{"a", "b", "c"}));
  ASSERT_EQ(t->rows.size(), 2u);
  EXPECT_EQ(t->rows[1], (std::vector<std::string>{"4", "5", "6"}));
  EXPECT_EQ(t->lines, (std::vector<int>{2, 3}));
}

TEST(Csv, QuotedFieldsHoldCommasQuotesAndLineBreaks) {
  const Result<CsvTable> t =
      ParseCsv("name,notes\n\"GPT, large\",\"said \"\"hi\"\"\"\n\"two\nlines\",x\nlast,y", "x.csv");
  ASSERT_TRUE(t.ok()) << t.status().message();
  ASSERT_EQ(t->rows.size(), 3u);
  EXPECT_EQ(t->rows[0][0], "GPT, large");
  EXPECT_EQ(t->rows[0][1], "said \"hi\"");
  EXPECT_EQ(t->rows[1][0], "two\nlines");
  // The quoted line break moves the next row to line 5.
  EXPECT_EQ(t->lines, (std::vector<int>{2, 3, 5}));
  EXPECT_EQ(t->rows[2][1], "y");  // no final newline
}

TEST(Csv, CrlfBomBlankLinesAndEmptyFields) {
  const Result<CsvTable> t = ParseCsv(
      "\xEF\xBB\xBF"
      "a,b\r\n\r\n1,\r\n,2\r\n\r\n",
      "x.csv");
  ASSERT_TRUE(t.ok()) << t.status().message();
  EXPECT_EQ(t->header[0], "a");  // the byte-order mark is not part of the name
  ASSERT_EQ(t->rows.size(), 2u);
  EXPECT_EQ(t->rows[0], (std::vector<std::string>{"1", ""}));
  EXPECT_EQ(t->rows[1], (std::vector<std::string>{"", "2"}));
  EXPECT_EQ(t->lines, (std::vector<int>{3, 4}));
}

struct CsvError {
  const char* text;
  const char* message;
};

TEST(Csv, ErrorsNameSourceLineAndColumn) {
  const CsvError cases[] = {
      {"a,b\n1,\"open\n", "x.csv:2:3: unterminated quoted field"},
      {"a,b\n1,\"x\"y\n", "x.csv:2:6: unexpected 'y' after a closing quote"},
      {"a,b\n1,x\"y\n", "x.csv:2:4: a quote inside an unquoted field"},
      {"a,b,c\n1,2,3\n4,5\n", "x.csv:3: 2 fields, but the header has 3"},
      {"", "x.csv: empty CSV"},
      {"\n\n", "x.csv: empty CSV"},
  };
  for (const CsvError& c : cases) {
    const Result<CsvTable> t = ParseCsv(c.text, "x.csv");
    ASSERT_FALSE(t.ok()) << c.text;
    EXPECT_NE(t.status().message().find(c.message), std::string::npos)
        << c.text << ": " << t.status().message();
  }
}

TEST(Csv, ColumnLookupWithDidYouMean) {
  const CsvTable t = *ParseCsv("Model,Publication date\nx,2020-01-01\n");
  EXPECT_EQ(*t.Column("Publication date"), 1u);
  EXPECT_EQ(*t.Column("publication DATE"), 1u);  // the only case-insensitive match
  const Result<size_t> missing = t.Column("Publication dat");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.status().message().find("unknown column 'Publication dat'; did you mean "
                                            "'Publication date'?"),
            std::string::npos)
      << missing.status().message();
  EXPECT_NE(missing.status().message().find("(columns: Model, Publication date)"),
            std::string::npos);
}

TEST(Csv, TheBundledDataParses) {
  const Result<CsvTable> t = ParseCsv(BundledAiAndComputeCsv(), "data/ai_and_compute.csv");
  ASSERT_TRUE(t.ok()) << t.status().message();
  // The chart has 20 points (data/README.md); 4 columns.
  EXPECT_EQ(t->rows.size(), 20u);
  EXPECT_EQ(t->header,
            (std::vector<std::string>{"date", "system", "petaflop_s_days", "modest_compute"}));
}

}  // namespace
}  // namespace trainflops
