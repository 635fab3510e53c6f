// Reading hardware tables: columns, values, and errors that say where.
#include <gtest/gtest.h>

#include "trainflops/hardware.h"

namespace trainflops {
namespace {

const char kHeader[] =
    "name,aliases,vendor,release_date,fp64,fp32,tf32,fp16,fp16_tensor,bf16,fp8,int8,tdp_w\n";

std::string Table(const std::string& rows) { return kHeader + rows; }

TEST(HardwareTable, ReadsColumnsByHeader) {
  // Columns in another order than data/hardware.csv, a quoted field with a comma.
  Result<HardwareDb> db = ParseHardwareCsv(
      "fp32,name,fp16_tensor,fp64,tf32,fp16,bf16,fp8,int8,notes,release_date\n"
      "1.5e13,Chip A,1.2e14,,,,,,,\"dense, per chip\",2018-03\n",
      "mine.csv");
  ASSERT_TRUE(db.ok()) << db.status().message();
  ASSERT_EQ(db->Rows().size(), 1u);
  const Chip& a = db->Rows()[0];
  EXPECT_EQ(a.name, "Chip A");
  EXPECT_EQ(a.Rate(RateColumn::kFp32), 1.5e13);
  EXPECT_EQ(a.Rate(RateColumn::kFp16Tensor), 1.2e14);
  EXPECT_FALSE(a.Rate(RateColumn::kFp64).has_value());  // empty = unknown
  EXPECT_EQ(a.notes, "dense, per chip");
  EXPECT_EQ(a.release_year, 2018);
  EXPECT_EQ(a.line, 2);
  EXPECT_EQ(db->file(), "mine.csv");
}

struct BadTable {
  std::string text;
  std::string message;  // expected prefix
  std::string also;     // expected elsewhere in the message
};

TEST(HardwareTable, ErrorsNameFileLineAndField) {
  const BadTable cases[] = {
      {"name,fp64,fp32,tf32,fp16,fp16tensor,bf16,fp8,int8\n",
       "hw.csv:1: unknown column 'fp16tensor'", "did you mean 'fp16_tensor'?"},
      {"name,fp64,fp32,tf32,fp16,bf16,fp8,int8\n",
       "hw.csv:1: the header lacks the required column 'fp16_tensor'", "data/HARDWARE.md"},
      {"name,name,fp64,fp32,tf32,fp16,fp16_tensor,bf16,fp8,int8\n",
       "hw.csv:1: column 'name' appears twice", ""},
      {Table("A,a,NVIDIA,2020,,1e13,,,,,,\n"), "hw.csv:2: 12 fields, but the header has 13",
       "must be in double quotes"},
      {Table("A,a,NVIDIA,2020,,fast,,,,,,,300\n"), "hw.csv:2: field 'fp32': 'fast' is not a number",
       "an empty cell means unknown"},
      {Table("A,a,NVIDIA,2020,,-1e13,,,,,,,300\n"),
       "hw.csv:2: field 'fp32': '-1e13' must be greater than zero", ""},
      {Table("A,a,NVIDIA,20-10,,1e13,,,,,,,300\n"),
       "hw.csv:2: field 'release_date': '20-10' is not a date", "YYYY-MM-DD"},
      {Table(",a,NVIDIA,2020,,1e13,,,,,,,300\n"), "hw.csv:2: field 'name' is empty", ""},
      {Table("A,x1|shared,NVIDIA,2020,,1e13,,,,,,,\nB,SHARED,NVIDIA,2021,,1e13,,,,,,,\n"),
       "hw.csv:3: field 'aliases': 'SHARED' already names 'A' (line 2)", "only one row"},
      {Table("A,a,NVIDIA,2020,,1e13,\"unclosed,,,,,,\n"), "hw.csv:2:23: unterminated quoted field",
       ""},
      {"", "hw.csv: empty CSV (no header line)", ""},
  };
  for (const BadTable& c : cases) {
    Result<HardwareDb> db = ParseHardwareCsv(c.text, "hw.csv");
    ASSERT_FALSE(db.ok()) << c.text;
    EXPECT_EQ(db.status().message().rfind(c.message, 0), 0u) << db.status().message();
    EXPECT_NE(db.status().message().find(c.also), std::string::npos) << db.status().message();
  }
}

TEST(HardwareTable, DefaultForMustBeAnAliasOfItsRow) {
  Result<HardwareDb> db = ParseHardwareCsv(
      "name,aliases,default_for,fp64,fp32,tf32,fp16,fp16_tensor,bf16,fp8,int8\n"
      "X1 SXM,x1 sxm,x1,,1e13,,,,,,\n",
      "hw.csv");
  ASSERT_FALSE(db.ok());
  EXPECT_EQ(db.status().message(),
            "hw.csv:2: field 'default_for': 'x1' is not a name or alias of this row (list it in "
            "'aliases' too)");
}

TEST(HardwareTable, ParseFlopRate) {
  const std::pair<const char*, double> good[] = {
      {"1.54e12", 1.54e12},    {"1.54T", 1.54e12},         {"1.54 TFLOPS", 1.54e12},
      {"125 TFLOP/s", 125e12}, {"989.5 tflops", 989.5e12}, {"5.1 Tflops", 5.1e12},
      {"700 GFLOPS", 700e9},   {"2.5 PFLOP/s", 2.5e15}};
  for (const auto& [text, value] : good) {
    Result<double> r = ParseFlopRate(text);
    ASSERT_TRUE(r.ok()) << text << ": " << r.status().message();
    EXPECT_DOUBLE_EQ(*r, value) << text;
  }
  for (const char* bad : {"", "fast", "-1T", "0", "1.5 TB/s"}) {
    Result<double> r = ParseFlopRate(bad);
    ASSERT_FALSE(r.ok()) << bad;
    EXPECT_NE(r.status().message().find("is not a peak rate in FLOP/s"), std::string::npos);
  }
}

}  // namespace
}  // namespace trainflops
