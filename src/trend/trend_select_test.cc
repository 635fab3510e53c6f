// Dates and the selection of points: columns, units, filters and errors.
#include <gtest/gtest.h>

#include "trainflops/trend.h"

namespace trainflops {
namespace {

struct DateCase {
  const char* date;
  double expected;  // year + (day of year - 1) / days in year, counted by hand
};

TEST(DecimalYear, DayOfYearOverDaysInYear) {
  const DateCase cases[] = {
      {"2012-01-01", 2012.0},
      {"2012-12-31", 2012 + 365.0 / 366},  // 2012 is a leap year
      // Jan-Jun 2013: 31+28+31+30+31+30 = 181 days before July 1; July 2 is day 183.
      {"2013-07-02", 2013 + 182.0 / 365},
      // 2000 is a leap year (divisible by 400): 31 + 29 days before March 1.
      {"2000-03-01", 2000 + 60.0 / 366},
      {"1900-03-01", 1900 + 59.0 / 365},  // 1900 is not (divisible by 100)
  };
  for (const DateCase& c : cases) {
    const Result<double> y = DecimalYear(c.date);
    ASSERT_TRUE(y.ok()) << c.date << ": " << y.status().message();
    EXPECT_NEAR(*y, c.expected, 1e-12) << c.date;
  }
}

TEST(DecimalYear, RejectsWhatIsNotADate) {
  const std::pair<const char*, const char*> cases[] = {
      {"2019-13-01", "month must be 01 to 12"}, {"2019-02-29", "day must be 01 to 28"},
      {"2020-04-31", "day must be 01 to 30"},   {"2019-6-1", "(accepted: YYYY-MM-DD)"},
      {"June 2019", "is not a date"},           {"", "is not a date"},
  };
  for (const auto& [date, message] : cases) {
    const Result<double> y = DecimalYear(date);
    ASSERT_FALSE(y.ok()) << date;
    EXPECT_NE(y.status().message().find(message), std::string::npos)
        << date << ": " << y.status().message();
  }
}

// Epoch-style columns; Domain holds comma-separated lists.
constexpr char kModels[] =
    "Model,Publication date,Training compute (FLOP),Domain\n"
    "A,2015-01-01,1e20,Vision\n"
    "B,2016-01-01,1e21,\"Multimodal,Language,Vision\"\n"
    "C,2017-01-01,1e22,Language\n"
    "D,2018-01-01,,Language\n"
    "E,2019-01-01,1e24,Language\n"
    "F,,1e25,Language\n"
    "G,2014-01-01,2 pfs-days,Games\n";

TrendSelection Select(const TrendFilters& filters, const char* csv = kModels) {
  const Result<TrendSelection> s =
      SelectTrendPoints(*ParseCsv(csv, "m.csv"), TrendColumns{}, filters, "m.csv");
  EXPECT_TRUE(s.ok()) << s.status().message();
  return s.ok() ? *s : TrendSelection{};
}

std::vector<std::string> Names(const TrendSelection& s) {
  std::vector<std::string> names;
  for (const TrendPoint& p : s.points) names.push_back(p.name);
  return names;
}

TEST(SelectTrendPoints, SkipsEmptyCellsAndSortsByDate) {
  const TrendSelection s = Select({});
  EXPECT_EQ(s.rows, 7u);
  EXPECT_EQ(s.without_values, 2u);  // D has no compute, F no date
  EXPECT_EQ(Names(s), (std::vector<std::string>{"G", "A", "B", "C", "E"}));
  EXPECT_EQ(s.points.front().flop, 2 * 8.64e19);  // "2 pfs-days"
  EXPECT_EQ(s.points.front().line, 8);
}

TEST(SelectTrendPoints, FiltersByColumnValueDateAndName) {
  TrendFilters f;
  f.where = {{"Domain", "language", ""}};  // case-insensitive, and one item of B's list
  EXPECT_EQ(Names(Select(f)), (std::vector<std::string>{"B", "C", "E"}));
  TrendFilters dates;
  dates.from = "2015-01-01";
  dates.to = "2017-01-01";  // inclusive
  EXPECT_EQ(Names(Select(dates)), (std::vector<std::string>{"A", "B", "C"}));
  TrendFilters exclude;
  exclude.exclude = {"g", "E"};
  const TrendSelection s = Select(exclude);
  EXPECT_EQ(Names(s), (std::vector<std::string>{"A", "B", "C"}));
  ASSERT_EQ(s.filters.size(), 2u);
  EXPECT_EQ(s.filters[0], "exclude 'g': kept 4 of 5");
}

// Three models a year apart in pfs-days, the second's compute `middle`.
Result<TrendSelection> InPfsDays(const std::string& middle) {
  TrendColumns columns;
  columns.unit = ComputeUnit::kPetaflopSDay;
  const std::string csv =
      "Model,Publication date,Training compute (FLOP)\na,2015-01-01,1\nb,2016-01-01," + middle +
      "\nc,2017-01-01,3\n";
  return SelectTrendPoints(*ParseCsv(csv), columns, {}, "m.csv");
}

TEST(SelectTrendPoints, ComputeUnitOfBareNumbers) {
  const Result<TrendSelection> s = InPfsDays("2");
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s->points[2].flop, 3 * 8.64e19);  // 1 pfs-day = 8.64e19 FLOP
}

// 1e300 pfs-days is 8.64e319 FLOP, past the largest double: before, it was
// read as an infinity and the report printed "nan x year + nan".
TEST(SelectTrendPoints, ComputePastTheLargestDoubleIsRefused) {
  const Result<TrendSelection> s = InPfsDays("1e300");
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.status().message(),
            "m.csv:3: column 'Training compute (FLOP)': '1e300' pfs-days is past 1.8e308 FLOP, "
            "the largest number a double holds (accepted: a positive amount below that)");
}

struct SelectError {
  const char* csv;
  TrendFilters filters;
  const char* message;
};

TEST(SelectTrendPoints, ErrorsNameFileLineColumnAndSuggest) {
  const SelectError cases[] = {
      {"Model,Publication date,Training compute (FLOP)\na,2015-01-01,1e20\nb,2019-13-01,1e21\n",
       {},
       "m.csv:3: column 'Publication date': '2019-13-01' is not a date: month must be 01 to 12"},
      {"Model,Publication date,Training compute (FLOP)\na,2015-01-01,lots\n",
       {},
       "m.csv:2: column 'Training compute (FLOP)': 'lots' is not an amount of compute"},
      {"Model,Publication date,Training compute (FLOP)\na,2015-01-01,0\n",
       {},
       "m.csv:2: column 'Training compute (FLOP)': compute must be > 0"},
      {"Model,Date,Training compute (FLOP)\n", {}, "unknown column 'Publication date'"},
      // Subnormal: read as 9.99989e-321 before, now out of range.
      {"Model,Publication date,Training compute (FLOP)\na,2015-01-01,1e-320\n",
       {},
       "m.csv:2: column 'Training compute (FLOP)': '1e-320' is not an amount of compute: outside "
       "the range of a double"},
      {kModels,
       {"", "", {{"Domain", "Langauge", ""}}, {}},
       "`where` Domain=Langauge: no row has that value; did you mean 'Language'?"},
      {kModels, {"", "", {{"Domian", "Vision", ""}}, {}}, "did you mean 'Domain'?"},
      {kModels, {"", "", {}, {"Z"}}, "`exclude`: no model named 'Z'"},
      {kModels,
       {"2016-06-01", "2017-06-01", {}, {}},
       "only 1 point with a date and a compute value left after filtering (7 rows; dates "
       "2016-06-01 .. 2017-06-01: kept 1 of 5); a trend needs at least 3"},
      {kModels, {"2018-01-01", "2015-01-01", {}, {}}, "`from` 2018-01-01 is after `to`"},
      {kModels, {"2018-1-1", "", {}, {}}, "`from`: '2018-1-1' is not a date"},
  };
  for (const SelectError& c : cases) {
    const Result<TrendSelection> s =
        SelectTrendPoints(*ParseCsv(c.csv, "m.csv"), TrendColumns{}, c.filters, "m.csv");
    ASSERT_FALSE(s.ok()) << c.message;
    EXPECT_NE(s.status().message().find(c.message), std::string::npos) << s.status().message();
  }
}

}  // namespace
}  // namespace trainflops
