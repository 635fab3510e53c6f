// Trend reports: text for people, one JSON object for programs.
#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "../core/estimate_json.h"
#include "../core/table.h"
#include "core/text.h"
#include "trainflops/trend.h"

namespace trainflops {
namespace {

using nlohmann::json;

std::string Sci(double v, int digits = 4) { return FormatScientific(v, digits); }

std::string Months(double m) { return std::isfinite(m) ? Sci(m, 3) : "no doubling"; }

// An interval's upper end is infinite when it includes slopes <= 0.
std::string Bound(double m) { return std::isfinite(m) ? Sci(m, 3) : "∞"; }

json Finite(double v) { return std::isfinite(v) ? json(v) : json(nullptr); }

const TrendPoint* FindPoint(const std::vector<TrendPoint>& points, std::string_view name) {
  for (const TrendPoint& p : points) {
    if (ToLower(p.name) == ToLower(name)) return &p;
  }
  return nullptr;
}

struct Span {
  const TrendPoint* earliest;
  const TrendPoint* largest;
  double ratio;
};

Span LargestOverEarliest(const std::vector<TrendPoint>& points) {
  const TrendPoint* largest = &*std::max_element(
      points.begin(), points.end(), [](const auto& a, const auto& b) { return a.flop < b.flop; });
  return {&points.front(), largest, largest->flop / points.front().flop};
}

std::string IntervalText(const BootstrapInterval& b, std::uint64_t seed) {
  return Sci(100 * b.level, 3) + "% interval: " + Bound(b.doubling_low) + " .. " +
         Bound(b.doubling_high) + " months" +
         (std::isfinite(b.doubling_high) ? "" : " (it includes no growth)") +
         " (percentile bootstrap: " + std::to_string(b.resamples) +
         " resamples of the points, seed " + std::to_string(seed) +
         (b.degenerate > 0 ? ", " + std::to_string(b.degenerate) + " single-date resamples skipped"
                           : "") +
         ")";
}

std::string FitText(const TrendFit& f, std::uint64_t seed) {
  const LinearFit& l = f.fit;
  std::string out = "  log10(FLOP) = " + Sci(l.slope) + " x year " +
                    (l.intercept < 0 ? "- " + Sci(-l.intercept, 6) : "+ " + Sci(l.intercept, 6)) +
                    "   (R² = " + Sci(l.r_squared, 3) + ", n = " + std::to_string(l.n) + ")\n";
  out += "  doubling time: " + Months(DoublingTimeMonths(l.slope)) + " months = 12 x log10(2) / " +
         Sci(l.slope) + "\n";
  if (f.interval) out += "    " + IntervalText(*f.interval, seed) + "\n";
  out += "  growth: " + Sci(GrowthPerYear(l.slope)) + "x per year = 10^" + Sci(l.slope);
  if (f.interval) {
    out += " (" + Sci(GrowthPerYear(f.interval->slope_low), 3) + "x .. " +
           Sci(GrowthPerYear(f.interval->slope_high), 3) + "x)";
  }
  return out + "\n";
}

std::string EraName(const TrendFit& e) {
  return (e.from.empty() ? "start" : e.from) + " .. " + (e.to.empty() ? "end" : "before " + e.to);
}

std::string ErasText(const TrendResult& r) {
  report::TextTable table({"era", "n", "doubling (months)", "interval", "growth/yr", "R²"},
                          {false, true, true, true, true, true});
  for (const TrendFit& e : r.eras) {
    table.AddRow({EraName(e), std::to_string(e.fit.n), Months(DoublingTimeMonths(e.fit.slope)),
                  e.interval
                      ? Bound(e.interval->doubling_low) + " .. " + Bound(e.interval->doubling_high)
                      : "-",
                  Sci(GrowthPerYear(e.fit.slope), 3) + "x", Sci(e.fit.r_squared, 3)});
  }
  return "eras (each fitted on its own points):\n" + table.Render();
}

std::string PublishedText(const PublishedTrend& p, const TrendReport& report) {
  const double ours = DoublingTimeMonths(report.result.overall.fit.slope);
  std::string out = "published: " + p.source + ": \"" + p.doubling_quote + "\" (" +
                    Sci(p.original_doubling_months, 3) + " in the post's first version)\n";
  out += "  this fit: " + Months(ours) + " months, " +
         Sci(100 * (ours / p.doubling_months - 1), 2) + "% from " + Sci(p.doubling_months, 3) +
         " and " + Sci(100 * (ours / p.original_doubling_months - 1), 2) + "% from " +
         Sci(p.original_doubling_months, 3) +
         " (the post's exact date convention and fitting details are not published)\n";
  const TrendPoint* from = FindPoint(report.selection.points, p.growth_from);
  const TrendPoint* to = FindPoint(report.selection.points, p.growth_to);
  if (from != nullptr && to != nullptr) {
    out += "  \"" + p.growth_quote + "\" from " + p.growth_from + " to " + p.growth_to + ": here " +
           Sci(to->flop / from->flop) + "x\n";
  }
  return out;
}

}  // namespace

std::string RenderTrendText(const TrendReport& r) {
  const TrendSelection& s = r.selection;
  std::string out = "Training compute over publication date: log-linear fit\n";
  out += "data: " + r.dataset + " (" + std::to_string(s.rows) + " rows";
  if (s.without_values > 0) {
    out += ", " + std::to_string(s.without_values) + " without a date or compute value skipped";
  }
  out += ")\ncolumns: date '" + r.columns.date + "', compute '" + r.columns.compute + "' (" +
         std::string(UnitName(r.columns.unit)) + "), name '" + r.columns.name + "'\n";
  for (const std::string& f : s.filters) out += "filter: " + f + "\n";
  out += "points: " + std::to_string(s.points.size()) + ", " + s.points.front().date + " .. " +
         s.points.back().date + "\n\n";
  out += "fit (ordinary least squares of log10 FLOP on the date in decimal years):\n";
  out += FitText(r.result.overall, r.result.seed);
  const Span span = LargestOverEarliest(s.points);
  out += "  largest / earliest point: " + span.largest->name + " (" + Sci(span.largest->flop) +
         " FLOP) / " + span.earliest->name + " (" + Sci(span.earliest->flop) +
         " FLOP) = " + Sci(span.ratio) + "x\n";
  if (r.published) out += "\n" + PublishedText(*r.published, r);
  if (!r.result.eras.empty()) out += "\n" + ErasText(r.result);
  if (!r.plot_path.empty()) out += "\nplot: " + r.plot_path + "\n";
  return out;
}

namespace {

json IntervalJson(const std::optional<BootstrapInterval>& b) {
  if (!b) return nullptr;
  return {{"level", b->level},
          {"low", Finite(b->doubling_low)},
          {"high", Finite(b->doubling_high)},
          {"unit", "months"},
          {"slope_low", b->slope_low},
          {"slope_high", b->slope_high},
          {"growth_per_year_low", GrowthPerYear(b->slope_low)},
          {"growth_per_year_high", GrowthPerYear(b->slope_high)},
          {"method", "percentile bootstrap over points"},
          {"resamples", b->resamples},
          {"degenerate_resamples", b->degenerate}};
}

json FitJson(const TrendFit& f) {
  return {{"n_points", f.fit.n},
          {"slope", f.fit.slope},
          {"intercept", f.fit.intercept},
          {"r_squared", f.fit.r_squared},
          {"doubling_time_months", Finite(DoublingTimeMonths(f.fit.slope))},
          {"growth_per_year", GrowthPerYear(f.fit.slope)},
          {"interval", IntervalJson(f.interval)}};
}

}  // namespace

std::string RenderTrendJson(const TrendReport& r) {
  const TrendSelection& s = r.selection;
  json out = FitJson(r.result.overall);
  out["dataset"] = {{"source", r.dataset},
                    {"reference", ReferenceOf(r.dataset)},
                    {"rows", s.rows},
                    {"rows_without_values", s.without_values},
                    {"date_column", r.columns.date},
                    {"compute_column", r.columns.compute},
                    {"compute_unit", UnitName(r.columns.unit)},
                    {"name_column", r.columns.name}};
  out["filters"] = s.filters;
  out["first_date"] = s.points.front().date;
  out["last_date"] = s.points.back().date;
  out["seed"] = r.result.seed;
  out["bootstrap"] = r.result.bootstrap;
  out["eras"] = json::array();
  for (const TrendFit& e : r.result.eras) {
    json era = FitJson(e);
    era["from"] = e.from;
    era["to"] = e.to;
    out["eras"].push_back(era);
  }
  const Span span = LargestOverEarliest(s.points);
  out["largest_over_earliest"] = {
      {"ratio", span.ratio}, {"largest", span.largest->name}, {"earliest", span.earliest->name}};
  if (r.published) {
    out["published"] = {{"doubling_time_months", r.published->doubling_months},
                        {"original_doubling_time_months", r.published->original_doubling_months},
                        {"growth", r.published->growth},
                        {"growth_from", r.published->growth_from},
                        {"growth_to", r.published->growth_to},
                        {"source", r.published->source},
                        {"reference", ReferenceOf(r.published->source)}};
  }
  out["points"] = json::array();
  for (const TrendPoint& p : s.points) {
    out["points"].push_back(
        {{"name", p.name}, {"date", p.date}, {"year", p.year}, {"flop", p.flop}, {"line", p.line}});
  }
  out["plot"] = r.plot_path.empty() ? json(nullptr) : json(r.plot_path);
  // Invalid UTF-8 in a name must not abort the dump (nlohmann throws by default).
  return DumpJson(out);
}

}  // namespace trainflops
