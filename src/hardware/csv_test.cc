// RFC 4180 reading, and the positions in its error messages.
#include "csv.h"

#include <gtest/gtest.h>

namespace trainflops::csv {
namespace {

std::vector<std::vector<std::string>> Texts(const std::vector<Record>& records) {
  std::vector<std::vector<std::string>> out;
  for (const Record& r : records) {
    out.emplace_back();
    for (const Field& f : r.fields) out.back().push_back(f.text);
  }
  return out;
}

using Rows = std::vector<std::vector<std::string>>;

struct GoodCase {
  const char* text;
  Rows rows;
};

TEST(Csv, ReadsRfc4180) {
  const GoodCase cases[] = {
      {"a,b\n1,2\n", {{"a", "b"}, {"1", "2"}}},
      {"a,b\r\n1,2\r\n", {{"a", "b"}, {"1", "2"}}},       // CRLF
      {"a,b\n1,2", {{"a", "b"}, {"1", "2"}}},             // no final line break
      {"\"x, y\",z\n", {{"x, y", "z"}}},                  // comma inside quotes
      {"\"say \"\"hi\"\"\",2\n", {{"say \"hi\"", "2"}}},  // "" is one quote
      {"\"two\nlines\",2\n", {{"two\nlines", "2"}}},      // line break inside quotes
      {"a,,c,\n", {{"a", "", "c", ""}}},                  // empty fields, trailing comma
      {"\xEF\xBB\xBF"
       "a\n\n\nb\n",
       {{"a"}, {"b"}}},           // BOM and blank lines skipped
      {"\"\",x\n", {{"", "x"}}},  // empty quoted field
  };
  for (const GoodCase& c : cases) {
    Result<std::vector<Record>> r = ParseCsv(c.text, "t.csv");
    ASSERT_TRUE(r.ok()) << c.text << ": " << r.status().message();
    EXPECT_EQ(Texts(*r), c.rows) << c.text;
  }
}

TEST(Csv, RemembersLinesAndColumns) {
  Result<std::vector<Record>> r = ParseCsv("name,x\n\"a\nb\",héllo,z\n", "t.csv");
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->size(), 2u);
  const Record& second = (*r)[1];
  EXPECT_EQ(second.line, 2);
  EXPECT_EQ(second.fields[1].line, 3);     // after the quoted line break
  EXPECT_EQ(second.fields[1].column, 4);   // 'b', '"', ',' precede it on line 3
  EXPECT_EQ(second.fields[2].column, 10);  // "héllo" is 5 characters, 6 bytes
}

struct BadCase {
  const char* text;
  const char* message;  // expected prefix: file:line:column and what
};

TEST(Csv, ErrorsNamePosition) {
  const BadCase cases[] = {
      {"a,b\n1,\"open\n", "t.csv:2:3: the quoted field is not closed"},
      {"a,b\n1,x\"y\n", "t.csv:2:4: a double quote inside an unquoted field"},
      {"a,b\n\"q\"x,2\n", "t.csv:2:4: unexpected 'x' after the closing quote"},
  };
  for (const BadCase& c : cases) {
    Result<std::vector<Record>> r = ParseCsv(c.text, "t.csv");
    ASSERT_FALSE(r.ok()) << c.text;
    EXPECT_EQ(r.status().message().rfind(c.message, 0), 0u) << r.status().message();
    EXPECT_NE(r.status().message().find("RFC 4180"), std::string::npos);
  }
}

}  // namespace
}  // namespace trainflops::csv
