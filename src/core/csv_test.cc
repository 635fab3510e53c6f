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

// Hostile files: a megabyte field, a million columns. Refused at the first
// field past a cap, and the unknown-column message lists only a few names.
TEST(Csv, CapsOnFieldsRecordsAndColumns) {
  const Result<CsvTable> field =
      ParseCsv("a,b\n1," + std::string(kMaxCsvFieldBytes + 1, 'x'), "x.csv");
  ASSERT_FALSE(field.ok());
  EXPECT_EQ(field.status().message(),
            "x.csv:2:3: a field longer than 65536 bytes; a field may be at most that long");
  std::string long_record = "a\n";
  for (int i = 0; i < 20; ++i) long_record += std::string(60000, 'y') + ",";
  const Result<CsvTable> record = ParseCsv(long_record, "x.csv");
  ASSERT_FALSE(record.ok());
  EXPECT_NE(record.status().message().find("x.csv:2:1: a record longer than 1048576 bytes"),
            std::string::npos)
      << record.status().message();
  std::string wide = "c";
  for (size_t i = 1; i < 1'000'000; ++i) wide += ",c";
  const Result<CsvTable> columns = ParseCsv(wide, "x.csv");
  ASSERT_FALSE(columns.ok());
  EXPECT_EQ(columns.status().message(),
            "x.csv:1:2001: more than 1000 fields in a record; at most 1000 are accepted");
  // At the caps: accepted.
  std::string at_cap = "c";
  for (size_t i = 1; i < kMaxCsvFields; ++i) at_cap += ",c";
  EXPECT_TRUE(ParseCsv(at_cap, "x.csv").ok());
  EXPECT_TRUE(ParseCsv("a\n" + std::string(kMaxCsvFieldBytes, 'z'), "x.csv").ok());
  CsvTable table;
  for (int i = 0; i < 500; ++i) table.header.push_back("column" + std::to_string(i));
  const Result<size_t> unknown = table.Column("nothing");
  EXPECT_NE(unknown.status().message().find("column19 and 480 more)"), std::string::npos)
      << unknown.status().message();
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
