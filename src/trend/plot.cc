// Layout of the trend figure: axes with decade ticks, points with
// non-overlapping labels, fitted lines and a legend, drawn on a Canvas.
#include <algorithm>
#include <cmath>
#include <limits>

#include "../core/table.h"
#include "canvas.h"
#include "core/text.h"

namespace trainflops {
namespace plot {
namespace {

constexpr Color kInk{33, 33, 33}, kMuted{100, 100, 100}, kGrid{226, 226, 226};
constexpr Color kWhite{255, 255, 255}, kPoint{31, 119, 180}, kPointEdge{16, 70, 110};
constexpr Color kFit{214, 39, 40}, kGray{150, 150, 150};
constexpr Color kEraColors[] = {{44, 160, 44}, {148, 103, 189}, {255, 127, 14},
                                {140, 86, 75}, {227, 119, 194}, {23, 190, 207}};
constexpr double kLabelSize = 11, kPointRadius = 4.5;

struct Box {
  double x0, y0, x1, y1;
  bool Overlaps(const Box& o) const { return x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1; }
  bool Inside(const Box& o) const { return x0 >= o.x0 && x1 <= o.x1 && y0 >= o.y0 && y1 <= o.y1; }
};

// Data coordinates (decimal year, log10 FLOP) to pixels.
struct Frame {
  double left, top, width, height;
  double x0, x1, y0, y1;
  double X(double year) const { return left + (year - x0) / (x1 - x0) * width; }
  double Y(double log_flop) const { return top + height - (log_flop - y0) / (y1 - y0) * height; }
  Box Area() const { return {left, top, left + width, top + height}; }
};

struct FitLine {
  double from, to, slope, intercept;
  LineStyle style;
  std::string label;
};

std::string Months(double slope) {
  const double m = DoublingTimeMonths(slope);
  return std::isfinite(m) ? FormatScientific(m, 3) + " months" : "no doubling";
}

std::vector<FitLine> FitLines(const TrendResult& r) {
  const TrendFit& all = r.overall;
  std::vector<FitLine> lines;
  lines.push_back({all.first_year, all.last_year, all.fit.slope, all.fit.intercept,
                   r.eras.empty() ? LineStyle{kFit, 2, false} : LineStyle{kGray, 1.5, true},
                   "all points: doubling every " + Months(all.fit.slope)});
  for (size_t i = 0; i < r.eras.size(); ++i) {
    const TrendFit& e = r.eras[i];
    lines.push_back({e.first_year,
                     e.last_year,
                     e.fit.slope,
                     e.fit.intercept,
                     {kEraColors[i % std::size(kEraColors)], 2.5, false},
                     (e.from.empty() ? "start" : e.from) + " .. " + (e.to.empty() ? "end" : e.to) +
                         ": " + Months(e.fit.slope)});
  }
  return lines;
}

Frame MakeFrame(const std::vector<TrendPoint>& points, const std::vector<FitLine>& lines,
                const PlotOptions& o) {
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (const TrendPoint& p : points) {
    lo = std::min(lo, std::log10(p.flop));
    hi = std::max(hi, std::log10(p.flop));
  }
  for (const FitLine& l : lines) {
    for (double year : {l.from, l.to}) {
      lo = std::min(lo, l.slope * year + l.intercept);
      hi = std::max(hi, l.slope * year + l.intercept);
    }
  }
  const double first = points.front().year, last = points.back().year;
  Frame f{84,
          70,
          o.width - 84.0 - 24,
          o.height - 70.0 - 58,
          std::floor(first - 0.15),
          std::ceil(last + 0.15),
          std::floor(lo - 0.3),
          std::ceil(hi + 0.3)};
  return f;
}

void DrawAxes(const Frame& f, Canvas& c) {
  const double span = f.x1 - f.x0;
  const double year_step = span <= 12 ? 1 : span <= 24 ? 2 : span <= 60 ? 5 : 10;
  for (double y = std::ceil(f.x0 / year_step) * year_step; y <= f.x1; y += year_step) {
    c.Line(f.X(y), f.top, f.X(y), f.top + f.height, {kGrid, 1, false});
    c.Text(f.X(y), f.top + f.height + 18, std::to_string(static_cast<int>(y)),
           {11, kInk, Anchor::kMiddle});
  }
  const double decade_step = std::max(1.0, std::ceil((f.y1 - f.y0) / 12));
  for (double d = f.y0; d <= f.y1; d += 1) {
    c.Line(f.left, f.Y(d), f.left + f.width, f.Y(d), {kGrid, 1, false});
    if (std::fmod(d - f.y0, decade_step) != 0) continue;
    c.Line(f.left - 5, f.Y(d), f.left, f.Y(d), {kInk, 1, false});
    c.Text(f.left - 8, f.Y(d) + 4, "1e" + std::to_string(static_cast<int>(d)),
           {11, kInk, Anchor::kEnd});
  }
  c.Rect(f.left, f.top, f.width, f.height, std::nullopt, kInk);
  c.Text(f.left + f.width / 2, f.top + f.height + 42, "Publication date",
         {12, kInk, Anchor::kMiddle});
  c.Text(22, f.top + f.height / 2, "Training compute (FLOP, log scale)",
         {12, kInk, Anchor::kMiddle, false, true});
}

void DrawTitle(const TrendResult& r, const PlotOptions& o, Canvas& c) {
  c.Text(84, 28, o.title, {17, kInk, Anchor::kStart, true});
  const TrendFit& all = r.overall;
  std::string sub = "least-squares fit of log10 FLOP on date: doubling every " +
                    Months(all.fit.slope) + ", n = " + std::to_string(all.fit.n) +
                    ", R² = " + FormatScientific(all.fit.r_squared, 3);
  if (all.interval) {
    const auto months = [](double m) {
      return std::isfinite(m) ? FormatScientific(m, 3) : std::string("∞");
    };
    sub += "; " + FormatScientific(100 * all.interval->level, 3) + "% bootstrap interval " +
           months(all.interval->doubling_low) + " .. " + months(all.interval->doubling_high) +
           " months (seed " + std::to_string(r.seed) + ")";
  }
  c.Text(84, 50, sub, {11.5, kMuted, Anchor::kStart});
}

Box DrawLegend(const std::vector<FitLine>& lines, const Frame& f, Canvas& c) {
  double width = 0;
  for (const FitLine& l : lines) width = std::max(width, TextWidth(l.label, 11));
  const Box box{f.left + 10, f.top + 10, f.left + 10 + 44 + width,
                f.top + 16 + 18.0 * static_cast<double>(lines.size())};
  c.Rect(box.x0, box.y0, box.x1 - box.x0, box.y1 - box.y0, kWhite, kGrid);
  for (size_t i = 0; i < lines.size(); ++i) {
    const double y = box.y0 + 17 + 18.0 * static_cast<double>(i);
    c.Line(box.x0 + 8, y - 4, box.x0 + 34, y - 4, lines[i].style);
    c.Text(box.x0 + 40, y, lines[i].label, {11, kInk, Anchor::kStart});
  }
  return box;
}

// Greedy placement: the largest points first, each label at the first of
// four spots around its point that stays inside the plot and clear of the
// legend, the points and the labels already placed; otherwise no label.
void DrawLabels(const std::vector<TrendPoint>& points, const Frame& f, std::vector<Box> taken,
                Canvas& c) {
  for (const TrendPoint& p : points) {
    const double x = f.X(p.year), y = f.Y(std::log10(p.flop));
    taken.push_back({x - kPointRadius, y - kPointRadius, x + kPointRadius, y + kPointRadius});
  }
  std::vector<const TrendPoint*> order;
  for (const TrendPoint& p : points) order.push_back(&p);
  std::stable_sort(order.begin(), order.end(),
                   [](const TrendPoint* a, const TrendPoint* b) { return a->flop > b->flop; });
  for (const TrendPoint* p : order) {
    const double x = f.X(p->year), y = f.Y(std::log10(p->flop));
    const double w = TextWidth(p->name, kLabelSize);
    const struct {
      double dx, dy;
      Anchor anchor;
    } spots[] = {{7, -6, Anchor::kStart},
                 {7, 14, Anchor::kStart},
                 {-7, -6, Anchor::kEnd},
                 {-7, 14, Anchor::kEnd}};
    for (const auto& s : spots) {
      const double x0 = s.anchor == Anchor::kStart ? x + s.dx : x + s.dx - w;
      const Box box{x0, y + s.dy - kLabelSize * 0.8, x0 + w, y + s.dy + kLabelSize * 0.25};
      const bool clear =
          std::none_of(taken.begin(), taken.end(), [&](const Box& t) { return t.Overlaps(box); });
      if (!clear || !box.Inside(f.Area())) continue;
      taken.push_back(box);
      c.Text(x + s.dx, y + s.dy, p->name, {kLabelSize, kInk, s.anchor});
      break;
    }
  }
}

}  // namespace

namespace {

// Length of the valid UTF-8 sequence at text[i] (RFC 3629: no overlong
// forms, no surrogates, nothing above U+10FFFF), or 0.
size_t Utf8Length(std::string_view text, size_t i) {
  const auto at = [&](size_t k) { return static_cast<unsigned char>(text[i + k]); };
  const unsigned char lead = at(0);
  if (lead < 0x80) return lead < 0x20 ? 0 : 1;
  size_t length = 0;
  unsigned char lo = 0x80, hi = 0xBF;  // allowed range of the second byte
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    lo = lead == 0xE0 ? 0xA0 : 0x80;
    hi = lead == 0xED ? 0x9F : 0xBF;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    lo = lead == 0xF0 ? 0x90 : 0x80;
    hi = lead == 0xF4 ? 0x8F : 0xBF;
  }
  if (length == 0 || i + length > text.size() || at(1) < lo || at(1) > hi) return 0;
  for (size_t k = 2; k < length; ++k) {
    if ((at(k) & 0xC0) != 0x80) return 0;
  }
  return length;
}

}  // namespace

std::string ValidUtf8(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size();) {
    const size_t length = Utf8Length(text, i);
    out += length > 0 ? std::string(text.substr(i, length)) : "?";
    i += length > 0 ? length : 1;
  }
  return out;
}

double TextWidth(std::string_view text, double size) {
  return 0.6 * size * static_cast<double>(report::DisplayWidth(text));
}

void DrawTrend(const std::vector<TrendPoint>& points, const TrendResult& result,
               const PlotOptions& options, Canvas& c) {
  const std::vector<FitLine> lines = FitLines(result);
  const Frame f = MakeFrame(points, lines, options);
  c.Rect(0, 0, options.width, options.height, kWhite, kWhite);
  DrawTitle(result, options, c);
  DrawAxes(f, c);
  for (const FitLine& l : lines) {
    c.Line(f.X(l.from), f.Y(l.slope * l.from + l.intercept), f.X(l.to),
           f.Y(l.slope * l.to + l.intercept), l.style);
  }
  for (const TrendPoint& p : points) {
    c.Dot(f.X(p.year), f.Y(std::log10(p.flop)), kPointRadius, kPoint, kPointEdge);
  }
  const Box legend = DrawLegend(lines, f, c);
  DrawLabels(points, f, {legend}, c);
}

}  // namespace plot

Result<PlotFormat> PlotFormatForPath(std::string_view path) {
  const std::string lower = ToLower(path);
  const auto ends_with = [&](std::string_view ext) {
    return lower.size() > ext.size() &&
           lower.compare(lower.size() - ext.size(), ext.size(), ext) == 0;
  };
  if (ends_with(".svg")) return PlotFormat::kSvg;
  if (ends_with(".png")) return PlotFormat::kPng;
  return Status::InvalidArgument("`plot` '" + std::string(path) +
                                 "': the figure's format comes from its extension (accepted: "
                                 ".svg, .png)");
}

Result<std::string> RenderTrendPlot(const std::vector<TrendPoint>& points,
                                    const TrendResult& result, PlotFormat format,
                                    const PlotOptions& options) {
  if (points.empty()) return Status::InvalidArgument("no points to plot");
  if (options.width < 200 || options.height < 150) {
    return Status::InvalidArgument("a figure needs at least 200 x 150 pixels");
  }
  const plot::Drawing draw = [&](plot::Canvas& canvas) {
    plot::DrawTrend(points, result, options, canvas);
  };
  if (format == PlotFormat::kSvg) return plot::RenderSvg(options.width, options.height, draw);
  return plot::RenderPng(options.width, options.height, draw);
}

}  // namespace trainflops
