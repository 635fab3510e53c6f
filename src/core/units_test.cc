// Tests for units.h. Every expected value is worked out by hand from the
// conventions in the header (1 MAC = 2 FLOP, 1 pfs-day = 1e15 x 86,400 FLOP).
#include "trainflops/units.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace trainflops {
namespace {

struct GoodCase {
  std::string text;
  double expected;
};

struct BadCase {
  std::string text;
  std::string message_part;  // a phrase the error must contain ("" = only the quote)
};

// Errors quote the offending text and say what is accepted.
void ExpectQuotedError(const Status& status, const std::string& text, const std::string& part) {
  EXPECT_FALSE(status.ok());
  EXPECT_NE(status.message().find("'" + text + "'"), std::string::npos) << status.message();
  EXPECT_NE(status.message().find("accepted"), std::string::npos) << status.message();
  EXPECT_NE(status.message().find(part), std::string::npos) << status.message();
}

TEST(UnitsConstants, Conventions) {
  EXPECT_EQ(kFlopPerPetaflopSDay, 8.64e19);  // 1e15 FLOP/s x 86,400 s, exactly
  EXPECT_EQ(FlopPerUnit(ComputeUnit::kFlop), 1.0);
  EXPECT_EQ(FlopPerUnit(ComputeUnit::kMultiplyAdd), 2.0);
  EXPECT_EQ(FlopPerUnit(ComputeUnit::kPetaflopSDay), 8.64e19);
  EXPECT_EQ(UnitName(ComputeUnit::kFlop), "FLOP");
  EXPECT_EQ(UnitName(ComputeUnit::kMultiplyAdd), "multiply-adds");
  EXPECT_EQ(UnitName(ComputeUnit::kPetaflopSDay), "pfs-days");
}

TEST(UnitsParseNumber, AcceptsPlainNumbersAndEverySuffix) {
  const std::vector<GoodCase> cases = {
      {"12", 12},       {"0", 0},           {"+7", 7},        {"-3.5", -3.5},    {" 42 ", 42},
      {".5", 0.5},      {"3.5e12", 3.5e12}, {"1E3", 1000},    {"2e+3", 2000},    {"5e-3", 0.005},
      {"2.5k", 2500},   {"2.5K", 2500},     {"1.2M", 1.2e6},  {"300B", 3e11},    {"7.5G", 7.5e9},
      {"1.5T", 1.5e12}, {"2P", 2e15},       {"3E", 3e18},     {"4Z", 4e21},      {"5Y", 5e24},
      {"-2k", -2000},   {"1 M", 1e6},       {"1e308", 1e308}, {"1.5e3k", 1.5e6},
  };
  for (const GoodCase& c : cases) {
    SCOPED_TRACE(c.text);
    const Result<double> r = ParseNumber(c.text);
    ASSERT_TRUE(r.ok()) << r.status().message();
    EXPECT_DOUBLE_EQ(*r, c.expected);
  }
}

TEST(UnitsParseNumber, ThousandsSeparators) {
  const std::vector<GoodCase> cases = {
      {"1,000", 1000},   {"1,000,000", 1e6},  {"12,345,678", 12345678}, {"999,999", 999999},
      {"-1,000", -1000}, {"1,234.5", 1234.5}, {"1,000k", 1e6},          {"+1,000", 1000},
  };
  for (const GoodCase& c : cases) {
    SCOPED_TRACE(c.text);
    const Result<double> r = ParseNumber(c.text);
    ASSERT_TRUE(r.ok()) << r.status().message();
    EXPECT_EQ(*r, c.expected);
  }
  for (const std::string bad : {"1,00", "10,00,000", ",100", "1,000,", "1,0000", "1234,567",
                                "1,,000", "1.000,5", "1e3,000"}) {
    SCOPED_TRACE(bad);
    const Result<double> r = ParseNumber(bad);
    ASSERT_FALSE(r.ok());
    ExpectQuotedError(r.status(), bad, "");
  }
}

TEST(UnitsParseNumber, NegativeZeroBecomesZero) {
  const Result<double> r = ParseNumber("-0");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(*r, 0.0);
  EXPECT_FALSE(std::signbit(*r));
}

TEST(UnitsParseNumber, RefusesBadInput) {
  const std::vector<BadCase> cases = {
      {"", "empty"},
      {"   ", "empty"},
      {"abc", ""},
      {"1.2x", ""},
      {"nan", "NaN"},
      {"NaN", "NaN"},
      {"inf", "infinities"},
      {"-inf", "infinities"},
      {"Infinity", "infinities"},
      {"1e400", "range"},
      {"-1e400", "range"},
      {"1e-400", "range"},
      // Subnormal: accepted before, then printed as 0 once converted.
      {"1e-320", "range"},
      {"-4e-310", "range"},
      {"1e308Y", "too large"},
      {"1.2m", "write 'M'"},
      {"300b", "write 'B'"},
      {"5g", "write 'G'"},
      {"--5", ""},
      {"+-5", ""},
      {"1.2.3", ""},
      {"0x10", ""},
      {"1MM", ""},
      {"1 2", ""},
      {"M", ""},
      {"e5", ""},
      {"12 FLOP", ""},
  };
  for (const BadCase& c : cases) {
    SCOPED_TRACE(c.text);
    const Result<double> r = ParseNumber(c.text);
    ASSERT_FALSE(r.ok()) << *r;
    EXPECT_EQ(r.status().code(), StatusCode::kInvalidArgument);
    ExpectQuotedError(r.status(), c.text, c.message_part);
  }
}

TEST(UnitsParseNumber, ErrorShowsExamples) {
  const Result<double> r = ParseNumber("1.2x");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("'1.2x' is not a number (accepted: 12, 1.2M, 3.5e12, 300B"),
            std::string::npos)
      << r.status().message();
}

TEST(UnitsParseNumber, LongTextIsQuotedShortened) {
  const std::string text(500, '7');
  const Result<double> r = ParseNumber(text + "x");
  ASSERT_FALSE(r.ok());
  EXPECT_LT(r.status().message().size(), 300u);
  EXPECT_NE(r.status().message().find("...'"), std::string::npos);
}

TEST(UnitsParsePositive, RequiresGreaterThanZero) {
  ASSERT_TRUE(ParsePositive("5").ok());
  EXPECT_EQ(*ParsePositive("1.2M"), 1.2e6);
  for (const std::string bad : {"0", "-1", "-0", "-2k"}) {
    SCOPED_TRACE(bad);
    const Result<double> r = ParsePositive(bad);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.status().message().find("'" + bad + "' must be greater than zero"),
              std::string::npos)
        << r.status().message();
  }
  EXPECT_FALSE(ParsePositive("abc").ok());
}

TEST(UnitsParseComputeUnit, AcceptsEverySpellingInAnyCase) {
  const std::vector<std::pair<std::string, ComputeUnit>> cases = {
      {"flop", ComputeUnit::kFlop},
      {"flops", ComputeUnit::kFlop},
      {"FLOP", ComputeUnit::kFlop},
      {"FLOPs", ComputeUnit::kFlop},
      {"mac", ComputeUnit::kMultiplyAdd},
      {"MACs", ComputeUnit::kMultiplyAdd},
      {"multiply-add", ComputeUnit::kMultiplyAdd},
      {"Multiply-Adds", ComputeUnit::kMultiplyAdd},
      {"multadd", ComputeUnit::kMultiplyAdd},
      {" fma ", ComputeUnit::kMultiplyAdd},
      {"FMA", ComputeUnit::kMultiplyAdd},
      {"pfs-day", ComputeUnit::kPetaflopSDay},
      {"PFS-DAYS", ComputeUnit::kPetaflopSDay},
      {"pf-day", ComputeUnit::kPetaflopSDay},
      {"pf-days", ComputeUnit::kPetaflopSDay},
      {"petaflop/s-day", ComputeUnit::kPetaflopSDay},
      {"Petaflop/s-days", ComputeUnit::kPetaflopSDay},
  };
  for (const auto& [text, unit] : cases) {
    SCOPED_TRACE(text);
    const Result<ComputeUnit> r = ParseComputeUnit(text);
    ASSERT_TRUE(r.ok()) << r.status().message();
    EXPECT_EQ(*r, unit);
  }
}

TEST(UnitsParseComputeUnit, UnknownNameListsAcceptedAndSuggests) {
  const Result<ComputeUnit> r = ParseComputeUnit("flpos");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), StatusCode::kNotFound);
  const std::string& m = r.status().message();
  EXPECT_NE(m.find("'flpos'"), std::string::npos) << m;
  EXPECT_NE(m.find("did you mean 'flop' or 'flops'?"), std::string::npos) << m;
  EXPECT_NE(m.find("accepted: flop, flops, mac"), std::string::npos) << m;

  const Result<ComputeUnit> far = ParseComputeUnit("furlongs");
  ASSERT_FALSE(far.ok());
  EXPECT_EQ(far.status().message().find("did you mean"), std::string::npos);
  EXPECT_FALSE(ParseComputeUnit("").ok());
  EXPECT_FALSE(ParseComputeUnit("GFLOP").ok());  // a prefix is not part of a unit name
}

TEST(UnitsParseCompute, NumbersWithUnitsAndPrefixes) {
  const std::vector<GoodCase> cases = {
      {"3.1e23", 3.1e23},
      {"3.1e23 FLOP", 3.1e23},
      {"3.1e23FLOP", 3.1e23},
      {"1 MAC", 2},  // 1 MAC = 2 FLOP
      {"1 fma", 2},
      {"1 multadd", 2},
      {"2.5 GMAC", 5e9},
      {"2.5G MAC", 5e9},
      {"2.5GMAC", 5e9},
      {"2.5 G MAC", 5e9},
      {"0.38G multiply-adds", 7.6e8},
      {"10 GFLOP", 1e10},
      {"10 GFLOPs", 1e10},
      {"98 MFLOP", 9.8e7},
      {"3 kFLOP", 3000},
      {"1,000 MACs", 2000},
      {"1.5T", 1.5e12},   // a bare number with a suffix is FLOP
      {"2E FLOP", 2e18},  // 'E' without exponent digits is exa
      {"2EFLOP", 2e18},
      {"2e3 FLOP", 2000},
      {"1 pfs-day", 8.64e19},
      {"22 pfs-days", 1.9008e21},  // 22 x 8.64e19
      {"1 PF-days", 8.64e19},      // a whole unit name wins over the P prefix
      {"1 petaflop/s-day", 8.64e19},
      {"0.5 pf-day", 4.32e19},
      {"  7 FLOP  ", 7},
      {"1 YMAC", 2e24},
  };
  for (const GoodCase& c : cases) {
    SCOPED_TRACE(c.text);
    const Result<double> r = ParseCompute(c.text);
    ASSERT_TRUE(r.ok()) << r.status().message();
    EXPECT_DOUBLE_EQ(*r, c.expected);
  }
}

TEST(UnitsParseCompute, RefusesBadInput) {
  const std::vector<BadCase> cases = {
      {"", "empty"},
      {"abc", "not an amount of compute"},
      {"GFLOP", "not an amount of compute"},
      {"nan FLOP", "NaN"},
      {"10 gflops", "write 'G'"},
      {"5 mflop", "write 'M'"},
      {"5 m", "write 'M'"},
      {"1e300 pfs-days", "too large"},
      {"1e300 YMAC", "too large"},
      {"1e400 FLOP", "range"},
      {"2.5 GFLAPS", "did you mean 'flops'?"},
      {"10 FLOP FLOP", "unknown compute unit"},
      {"10 GGFLOP", "unknown compute unit"},
      // An amount of work is positive: "-5 pfs-days" once printed -4.32e20 FLOP.
      {"-5 pfs-days", "an amount of compute must be greater than zero"},
      {"0 FLOP", "an amount of compute must be greater than zero"},
      // 1e-320 FLOP printed "0 pfs-days"; 1e-300 FLOP is 1.2e-320 pfs-days.
      {"1e-320", "range"},
      {"1e-300", "too small"},
      {"1e-300 FLOP", "too small"},
  };
  for (const BadCase& c : cases) {
    SCOPED_TRACE(c.text);
    const Result<double> r = ParseCompute(c.text);
    ASSERT_FALSE(r.ok()) << *r;
    ExpectQuotedError(r.status(), c.text, c.message_part);
  }
  EXPECT_EQ(ParseCompute("2.5 GFLAPS").status().code(), StatusCode::kNotFound);
  EXPECT_EQ(ParseCompute("abc").status().code(), StatusCode::kInvalidArgument);
}

struct FormatCase {
  double value;
  int digits;
  std::string expected;
};

TEST(UnitsFormatScientific, RulesAndRounding) {
  const double inf = std::numeric_limits<double>::infinity();
  const std::vector<FormatCase> cases = {
      {7.86432e18, 4, "7.864e18"},
      {-7.86432e18, 4, "-7.864e18"},
      {1.6e8, 4, "1.6e8"},     // trailing zeros trimmed
      {9.9996e18, 4, "1e19"},  // rounding carries into the exponent
      {9.9994e18, 4, "9.999e18"},
      {1e27, 4, "1e27"},
      {1e4, 4, "1e4"},     // 1e4 is where scientific notation starts
      {9999.7, 4, "1e4"},  // rounds up to 1e4
      {5120, 4, "5120"},   // integer zeros are kept
      {-5120, 4, "-5120"},
      {1234, 4, "1234"},
      {1234.5678, 4, "1235"},
      {12.3456, 4, "12.35"},
      {100, 4, "100"},
      {0.5, 4, "0.5"},
      {0.001, 4, "0.001"},  // smallest plain magnitude
      {0.000123456, 4, "1.235e-4"},
      {2.7e-5, 4, "2.7e-5"},
      {1.234e-10, 4, "1.234e-10"},
      {1e-300, 4, "1e-300"},
      {1.7976931348623157e308, 4, "1.798e308"},
      {8.64e19, 2, "8.6e19"},
      {3.14159, 1, "3"},
      {3.14159, 6, "3.14159"},
      {123456, 1, "1e5"},
      {3.14159, 0, "3"},  // fewer than 1 digit is treated as 1
      {0.0, 4, "0"},
      {-0.0, 4, "0"},
      {inf, 4, "inf"},
      {-inf, 4, "-inf"},
      {std::nan(""), 4, "nan"},
  };
  for (const FormatCase& c : cases) {
    SCOPED_TRACE(c.expected);
    EXPECT_EQ(FormatScientific(c.value, c.digits), c.expected);
  }
  EXPECT_EQ(FormatScientific(7.86432e18), "7.864e18");  // 4 digits by default
}

TEST(UnitsFormatCount, GroupingSuffixesAndScientific) {
  const std::vector<std::pair<double, std::string>> cases = {
      {0, "0"},
      {12, "12"},
      {999, "999"},
      {0.5, "0.5"},
      {1000, "1,000"},
      {1234, "1,234"},
      {999.96, "1,000"},
      {-1234, "-1,234"},
      {9999.7, "10k"},
      {12346, "12.35k"},
      {123456, "123.5k"},
      {1e6, "1M"},
      {1.2e6, "1.2M"},
      {-1.2e6, "-1.2M"},
      {1e9, "1B"},
      {7.5e9, "7.5B"},
      {3e11, "300B"},
      {1.5e12, "1.5T"},
      {9.9994e14, "999.9T"},
      {9.9996e14, "1e15"},
      {1e15, "1e15"},
      {7.86432e18, "7.864e18"},
      {1e-5, "1e-5"},
  };
  for (const auto& [value, expected] : cases) {
    SCOPED_TRACE(expected);
    EXPECT_EQ(FormatCount(value), expected);
  }
}

TEST(UnitsFormatCompute, ConvertsAndNamesTheUnit) {
  EXPECT_EQ(FormatCompute(7.86432e18), "7.864e18 FLOP");
  EXPECT_EQ(FormatCompute(1e27), "1e27 FLOP");
  EXPECT_EQ(FormatCompute(1), "1 FLOP");
  EXPECT_EQ(FormatCompute(5120, ComputeUnit::kMultiplyAdd), "2560 multiply-adds");
  EXPECT_EQ(FormatCompute(2, ComputeUnit::kMultiplyAdd), "1 multiply-add");
  EXPECT_EQ(FormatCompute(8.64e19, ComputeUnit::kPetaflopSDay), "1 pfs-day");
  EXPECT_EQ(FormatCompute(1.9008e21, ComputeUnit::kPetaflopSDay), "22 pfs-days");
  // 3.1e23 / 8.64e19 = 3587.96...
  EXPECT_EQ(FormatCompute(3.1e23, ComputeUnit::kPetaflopSDay), "3588 pfs-days");
  EXPECT_EQ(FormatCompute(7.86432e18, ComputeUnit::kFlop, 2), "7.9e18 FLOP");
}

// 17 significant digits identify any double, so printing and parsing back
// must give the same value.
TEST(UnitsRoundTrip, FormatThenParse) {
  for (double v : {1.0 / 3.0, 7.86432e18, 2.7e-5, 1e27, 123456789.123, -42.5, 8.64e19}) {
    SCOPED_TRACE(v);
    const Result<double> back = ParseNumber(FormatScientific(v, 17));
    ASSERT_TRUE(back.ok()) << back.status().message();
    EXPECT_EQ(*back, v);
    if (v <= 0) continue;  // compute is positive: ParseCompute refuses the rest
    for (ComputeUnit unit :
         {ComputeUnit::kFlop, ComputeUnit::kMultiplyAdd, ComputeUnit::kPetaflopSDay}) {
      const Result<double> flop = ParseCompute(FormatCompute(v, unit, 17));
      ASSERT_TRUE(flop.ok()) << flop.status().message();
      EXPECT_DOUBLE_EQ(*flop, v);
    }
  }
}

}  // namespace
}  // namespace trainflops
