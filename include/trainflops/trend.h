// Trends of training compute over time: select points from a table, fit
// log10(FLOP) against the date by ordinary least squares, and report the
// doubling time with a bootstrap interval, optionally per era.
//
// The fit (Amodei & Hernandez 2018, OpenAI "AI and Compute"; Epoch's trend papers):
//   log10(FLOP) = slope x year + intercept, year in decimal years,
//   doubling time = 12 x log10(2) / slope months, growth = 10^slope per year.
#ifndef TRAINFLOPS_TREND_H_
#define TRAINFLOPS_TREND_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "trainflops/csv.h"
#include "trainflops/defaults.h"
#include "trainflops/status.h"
#include "trainflops/uncertainty.h"
#include "trainflops/units.h"

namespace trainflops {

struct TrendPoint {
  std::string name;
  std::string date;  // YYYY-MM-DD as written
  double year = 0;   // decimal year
  double flop = 0;
  int line = 0;  // line of the row in its CSV
};

// Defaults: the columns of Epoch AI's Notable AI Models CSV.
struct TrendColumns {
  std::string date = "Publication date";
  std::string compute = "Training compute (FLOP)";
  std::string name = "Model";
  ComputeUnit unit = ComputeUnit::kFlop;  // of bare numbers in the compute column
};

struct WhereFilter {
  std::string column;
  std::string value;   // matches the cell, or one item of a comma-separated cell
  std::string reason;  // optional, shown with the filter
};

struct TrendFilters {
  std::string from, to;  // YYYY-MM-DD, inclusive; "" for none
  std::vector<WhereFilter> where;
  std::vector<std::string> exclude;  // names (case-insensitive)
};

struct TrendSelection {
  std::vector<TrendPoint> points;    // kept, sorted by date
  std::size_t rows = 0;              // rows in the table
  std::size_t without_values = 0;    // rows with an empty date or compute cell
  std::vector<std::string> filters;  // each filter applied, with what it kept
};

// "YYYY-MM-DD" -> year + (day of year - 1) / days in the year.
Result<double> DecimalYear(std::string_view date);

// Reads the points from `table` and applies the filters. Errors name
// "source:line" and the column for unparsable cells, suggest columns, values
// and names, and refuse a selection of fewer than 3 points.
Result<TrendSelection> SelectTrendPoints(const CsvTable& table, const TrendColumns& columns,
                                         const TrendFilters& filters, std::string_view source);

struct LinearFit {
  double slope = 0;      // orders of magnitude per year
  double intercept = 0;  // log10(FLOP) at year 0
  double r_squared = 0;
  std::size_t n = 0;
};

// OLS of log10(flop) on year. Needs 3 points and two distinct dates.
Result<LinearFit> FitLogLinear(const std::vector<TrendPoint>& points);
// 12 x log10(2) / slope; +infinity when slope <= 0 (no doubling).
double DoublingTimeMonths(double slope);
double GrowthPerYear(double slope);  // 10^slope

struct TrendOptions {
  std::size_t bootstrap = kDefaultBootstrap;  // resamples; 0 for no interval
  std::uint64_t seed = kDefaultSeed;
  double level = kDefaultTrendLevel;  // of the interval
  std::vector<std::string> breaks;    // YYYY-MM-DD dates starting new eras
};

// Percentile bootstrap: resample the points with replacement, refit, and
// take the (1-level)/2 and (1+level)/2 quantiles of the slopes; the doubling
// time's interval is their image (a decreasing function of the slope).
struct BootstrapInterval {
  double level = 0;
  double slope_low = 0, slope_high = 0;
  double doubling_low = 0, doubling_high = 0;  // months; high is +inf if slope_low <= 0
  std::size_t resamples = 0;
  std::size_t degenerate = 0;  // resamples with a single date, skipped
};

struct TrendFit {
  std::string from, to;                  // era bounds as given ("" = open end)
  double first_year = 0, last_year = 0;  // of its points
  LinearFit fit;
  std::optional<BootstrapInterval> interval;
};

struct TrendResult {
  TrendFit overall;
  std::vector<TrendFit> eras;  // one per segment when breaks are given
  std::uint64_t seed = 0;
  std::size_t bootstrap = 0;
  double level = 0;
};

// Needs points sorted by date (as SelectTrendPoints returns them). Each break
// must fall inside the data, and every era needs 3 points.
Result<TrendResult> FitTrend(const std::vector<TrendPoint>& points, const TrendOptions& options);

// ---- The bundled data: OpenAI's "AI and Compute" (Amodei & Hernandez 2018) ----------------

// data/ai_and_compute.csv: date, system, petaflop_s_days, modest_compute.
std::string_view BundledAiAndComputeCsv();
TrendColumns AiAndComputeColumns();  // date, petaflop_s_days (pfs-days), system

// What the post reports, to compare with the fit.
struct PublishedTrend {
  double doubling_months = 0;
  std::string doubling_quote;
  double original_doubling_months = 0;  // the figure of the post's first version
  double growth = 0;                    // from `growth_from` to `growth_to`
  std::string growth_quote, growth_from, growth_to;
  std::string source;
};
PublishedTrend AiAndComputePublished();

// ---- Reports ---------------------------------------------------------------

struct TrendReport {
  std::string dataset;  // "bundled: ..." or the file path
  TrendColumns columns;
  TrendSelection selection;
  TrendResult result;
  std::optional<PublishedTrend> published;  // set when the post's own points are fitted
  std::string plot_path;                    // "" when no figure was written
};

std::string RenderTrendText(const TrendReport& report);
// One JSON object: doubling_time_months, growth_per_year, interval, n_points,
// slope, intercept, r_squared, seed, filters, eras, points, ... (docs/trend.md).
std::string RenderTrendJson(const TrendReport& report);

}  // namespace trainflops

#endif  // TRAINFLOPS_TREND_H_
