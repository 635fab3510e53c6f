// Run(TrendRequest): the dataset (a CSV, or the bundled AI-and-Compute
// points), the filters, the fit and the figure.
#include "trainflops/trend_request.h"

#include <charconv>
#include <cmath>

#include "core/text.h"
#include "fields.h"
#include "trainflops/csv.h"
#include "trainflops/plot.h"

namespace trainflops {
namespace {

struct Loaded {
  std::string dataset;
  CsvTable table;
  std::string source;  // for error messages
  TrendColumns columns;
  bool bundled = false;
};

Result<Loaded> LoadData(const TrendRequest& r) {
  Loaded d;
  if (r.data) {
    std::string storage;
    TF_ASSIGN_OR_RETURN(const std::string_view text, r.data->TextView(storage));
    TF_ASSIGN_OR_RETURN(d.table, ParseCsv(text, r.data->name()));
    d.dataset = r.data->name();
    d.source = r.data->name();
  } else {
    d.source = "data/ai_and_compute.csv";
    TF_ASSIGN_OR_RETURN(d.table, ParseCsv(BundledAiAndComputeCsv(), d.source));
    d.dataset =
        "bundled: the points of OpenAI's \"AI and Compute\" chart (Amodei & Hernandez "
        "2018), data/ai_and_compute.csv";
    d.columns = AiAndComputeColumns();
    d.bundled = true;
  }
  if (r.date_column) d.columns.date = *r.date_column;
  if (r.compute_column) d.columns.compute = *r.compute_column;
  if (r.name_column) d.columns.name = *r.name_column;
  if (r.compute_unit) {
    Result<ComputeUnit> unit = ParseComputeUnit(*r.compute_unit);
    if (!unit.ok()) return unit.status().WithContext(FieldRef("compute_unit"));
    d.columns.unit = *unit;
  }
  return d;
}

Result<TrendFilters> FiltersFrom(const TrendRequest& r, bool bundled) {
  TrendFilters f;
  if (r.from) f.from = *r.from;
  if (r.to) f.to = *r.to;
  if (r.include_modest && !bundled) {
    return Status::InvalidArgument(
        "`include_modest` applies to the bundled AI-and-Compute points only (with `data`, "
        "filter with `where`)");
  }
  if (bundled && !r.include_modest) {
    f.where.push_back({"modest_compute", "no",
                       "the post's headline trend leaves out its results that used modest "
                       "compute; `include_modest` keeps them"});
  }
  for (const std::string& w : r.where) {
    const size_t eq = w.find('=');
    if (eq == std::string::npos || eq == 0) {
      return Status::InvalidArgument("`where` '" + w +
                                     "': expected COLUMN=VALUE (e.g. Domain=Language)");
    }
    f.where.push_back({w.substr(0, eq), w.substr(eq + 1), ""});
  }
  f.exclude = r.exclude;
  return f;
}

Result<std::uint64_t> ParseSeed(const std::string& text) {
  std::uint64_t seed = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seed);
  if (ec != std::errc() || end != text.data() + text.size()) {
    return Status::InvalidArgument("`seed` '" + text +
                                   "' is not accepted (accepted: an integer from 0 to " +
                                   std::to_string(UINT64_MAX) + ")");
  }
  return seed;
}

Result<TrendOptions> FitOptionsFrom(const TrendRequest& r) {
  TrendOptions o;
  if (r.bootstrap) {
    Result<double> n = ParseNumber(*r.bootstrap);
    if (!n.ok() || *n < 0 || *n > 100000 || std::floor(*n) != *n) {
      return Status::InvalidArgument(
          "`bootstrap` '" + *r.bootstrap +
          "' is not accepted (accepted: a whole number from 0 to 100000)");
    }
    o.bootstrap = static_cast<std::size_t>(*n);
  }
  if (r.level) {
    Result<double> level = ParseNumber(*r.level);
    if (!level.ok() || !(*level > 0 && *level < 1)) {
      return Status::InvalidArgument("`level` '" + *r.level +
                                     "' is not accepted (accepted: a probability between 0 and 1, "
                                     "e.g. 0.9)");
    }
    o.level = *level;
  }
  if (r.seed) {
    TF_ASSIGN_OR_RETURN(o.seed, ParseSeed(*r.seed));
  }
  o.breaks = r.breaks;
  return o;
}

// The post's own figures apply only to the post's own selection of points.
bool IsPostSelection(const TrendRequest& r, bool bundled) {
  const bool changed = r.include_modest || r.from || r.to || !r.where.empty() ||
                       !r.exclude.empty() || r.date_column || r.compute_column || r.name_column ||
                       r.compute_unit;
  return bundled && !changed;
}

}  // namespace

std::string TrendAnalysis::Json() const { return RenderTrendJson(report_); }
std::string TrendAnalysis::Text() const { return RenderTrendText(report_); }

Result<TrendAnalysis> Run(const TrendRequest& request) {
  TF_ASSIGN_OR_RETURN(const Loaded data, LoadData(request));
  TF_ASSIGN_OR_RETURN(const TrendFilters filters, FiltersFrom(request, data.bundled));
  TF_ASSIGN_OR_RETURN(const TrendOptions options, FitOptionsFrom(request));
  TrendReport report;
  report.dataset = data.dataset;
  report.columns = data.columns;
  TF_ASSIGN_OR_RETURN(report.selection,
                      SelectTrendPoints(data.table, data.columns, filters, data.source));
  TF_ASSIGN_OR_RETURN(report.result, FitTrend(report.selection.points, options));
  if (IsPostSelection(request, data.bundled)) report.published = AiAndComputePublished();
  std::string plot;
  if (request.plot) {
    TF_ASSIGN_OR_RETURN(const PlotFormat format, PlotFormatForPath(*request.plot));
    TF_ASSIGN_OR_RETURN(plot, RenderTrendPlot(report.selection.points, report.result, format));
    report.plot_path = *request.plot;
  }
  return TrendAnalysis(std::move(report), std::move(plot));
}

}  // namespace trainflops
