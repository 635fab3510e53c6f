// The calibration's figures, drawn once on the figure canvas of the trend
// plots and rendered as SVG or PNG:
// - the reliability diagram: nominal coverage (x) against the coverage
//   observed out of sample (y), per estimation path, before (dashed) and
//   after (solid) calibration; a calibrated path lies on the diagonal;
// - the reproduced record: each row's estimate against its record, log-log,
//   with the 2x band.
#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "trainflops/calibration.h"
#include "trainflops/plot.h"
#include "trainflops/units.h"
#include "trend/canvas.h"

namespace trainflops {
namespace {

using plot::Anchor;
using plot::Canvas;
using plot::Color;
using plot::LineStyle;
using plot::TextStyle;

constexpr int kWidth = 720, kHeight = 520;  // room for the legend right of the plot
constexpr double kLeft = 70, kTop = 40, kSide = 400;
constexpr Color kColors[] = {{31, 119, 180}, {214, 39, 40}, {44, 160, 44}, {148, 103, 189},
                             {255, 127, 14}, {140, 86, 75}, {23, 190, 207}};
constexpr Color kBlack{0, 0, 0}, kFrame{51, 51, 51}, kGrid{226, 226, 226}, kDiagonal{153, 153, 153};
// Paths measured on fewer rows than this are not drawn (their coverage
// moves by more than 10 points with one row).
constexpr std::size_t kMinDrawnRows = 10;

double X(double p) { return kLeft + p * kSide; }
double Y(double p) { return kTop + (1 - p) * kSide; }

void Axes(Canvas& canvas) {
  canvas.Rect(kLeft, kTop, kSide, kSide, std::nullopt, kFrame);
  for (int i = 0; i <= 10; i += 2) {
    const double p = i / 10.0;
    canvas.Line(X(p), Y(0), X(p), Y(1), LineStyle{kGrid, 1, false});
    canvas.Line(X(0), Y(p), X(1), Y(p), LineStyle{kGrid, 1, false});
    const std::string percent = std::to_string(i * 10) + "%";
    canvas.Text(X(p), Y(0) + 18, percent, TextStyle{12, kBlack, Anchor::kMiddle});
    canvas.Text(X(0) - 8, Y(p) + 4, percent, TextStyle{12, kBlack, Anchor::kEnd});
  }
  canvas.Line(X(0), Y(0), X(1), Y(1), LineStyle{kDiagonal, 1, false});
  canvas.Text(X(0.5), Y(0) + 40, "nominal coverage of the interval",
              TextStyle{12, kBlack, Anchor::kMiddle});
  canvas.Text(24, Y(0.5), "observed coverage (out of sample)",
              TextStyle{12, kBlack, Anchor::kMiddle, false, /*vertical=*/true});
}

void Curve(Canvas& canvas, const std::vector<const CoverageCell*>& cells, bool after, Color color) {
  for (size_t i = 1; i < cells.size(); ++i) {
    const auto observed = [after](const CoverageCell* c) {
      return static_cast<double>(after ? c->inside_after : c->inside_before) /
             static_cast<double>(c->rows);
    };
    canvas.Line(X(cells[i - 1]->level), Y(observed(cells[i - 1])), X(cells[i]->level),
                Y(observed(cells[i])), LineStyle{color, 2, !after});
  }
}

void DrawReliability(const std::vector<CoverageCell>& coverage, Canvas& canvas) {
  canvas.Rect(0, 0, kWidth, kHeight, Color{255, 255, 255}, Color{255, 255, 255});
  canvas.Text(kLeft, 24,
              "Reliability of batch intervals (dashed: before, solid: after calibration)",
              TextStyle{12, kBlack, Anchor::kStart, /*bold=*/true});
  Axes(canvas);
  size_t drawn = 0;
  for (const CoverageCell& c : coverage) {
    if (c.label != "all" || c.rows < kMinDrawnRows || c.level != CalibrationLevels().front()) {
      continue;
    }
    std::vector<const CoverageCell*> cells;
    for (const CoverageCell& d : coverage) {
      if (d.path == c.path && d.label == "all") cells.push_back(&d);
    }
    const Color color = kColors[drawn % std::size(kColors)];
    Curve(canvas, cells, false, color);
    Curve(canvas, cells, true, color);
    const double y = kTop + 20.0 * static_cast<double>(drawn);
    canvas.Rect(X(1) + 16, y, 12, 12, color, color);
    canvas.Text(X(1) + 34, y + 10, c.path + " (" + std::to_string(c.rows) + " rows)",
                TextStyle{12, kBlack});
    ++drawn;
  }
}

// One point of the record plot: log10 of the record and of the estimate as
// compared (record x ratio_to_recorded), and its class.
struct RecordPoint {
  double x = 0, y = 0;
  int kind = 0;  // index into kRecordKinds
};

struct RecordKind {
  const char* legend;
  Color fill, stroke;
};
constexpr Color kWhite{255, 255, 255};
constexpr RecordKind kRecordKinds[] = {
    {"within 2x", kColors[0], kColors[0]},
    {"outside 2x", kColors[4], kColors[4]},
    {"flagged by a guard", kWhite, kColors[1]},
    {"fine-tune (with its base)", {170, 170, 170}, {170, 170, 170}},
};

// A cell of the record as a positive number (units.h), or none.
std::optional<double> Positive(const std::string& text) {
  const Result<double> v = ParsePositive(text);
  return v.ok() ? std::optional<double>(*v) : std::nullopt;
}

std::vector<RecordPoint> RecordPoints(const std::vector<RecordRow>& record) {
  std::vector<RecordPoint> points;
  for (const RecordRow& r : record) {
    const std::optional<double> recorded = Positive(r.recorded), ratio = Positive(r.ratio);
    if (!recorded || !ratio) continue;
    const double x = std::log10(*recorded), y = x + std::log10(*ratio);
    // The class the record's outcome column gives (calibration.cc, Outcome).
    const bool within = r.reason.starts_with("within 2x");
    points.push_back({x, y, r.fine_tune ? 3 : r.flagged ? 2 : within ? 0 : 1});
  }
  return points;
}

// Whole decades around every point, the same on both axes.
std::pair<int, int> DecadeRange(const std::vector<RecordPoint>& points) {
  double lo = 20, hi = 20;
  for (size_t i = 0; i < points.size(); ++i) {
    const double a = std::min(points[i].x, points[i].y), b = std::max(points[i].x, points[i].y);
    lo = i == 0 ? a : std::min(lo, a);
    hi = i == 0 ? b : std::max(hi, b);
  }
  const int low = static_cast<int>(std::floor(lo)), high = static_cast<int>(std::ceil(hi));
  return {low, std::max(high, low + 1)};
}

void DrawRecord(const std::vector<RecordRow>& record, Canvas& canvas) {
  const std::vector<RecordPoint> points = RecordPoints(record);
  // Plain ints, not a structured binding: clang before 16 cannot capture one in a lambda.
  const std::pair<int, int> decades = DecadeRange(points);
  const int low = decades.first, high = decades.second;
  const double span = high - low;
  const auto px = [&](double v) { return kLeft + (v - low) / span * kSide; };
  const auto py = [&](double v) { return kTop + (1 - (v - low) / span) * kSide; };
  canvas.Rect(0, 0, kWidth, kHeight, kWhite, kWhite);
  canvas.Text(kLeft, 24, "trainflops' estimate against the recorded compute (FLOP)",
              TextStyle{12, kBlack, Anchor::kStart, /*bold=*/true});
  canvas.Rect(kLeft, kTop, kSide, kSide, std::nullopt, kFrame);
  const int step = std::max(1, static_cast<int>(std::ceil(span / 10)));
  for (int d = low; d <= high; d += step) {
    canvas.Line(px(d), py(low), px(d), py(high), LineStyle{kGrid, 1, false});
    canvas.Line(px(low), py(d), px(high), py(d), LineStyle{kGrid, 1, false});
    const std::string label = "1e" + std::to_string(d);
    canvas.Text(px(d), py(low) + 18, label, TextStyle{11, kBlack, Anchor::kMiddle});
    canvas.Text(px(low) - 6, py(d) + 4, label, TextStyle{11, kBlack, Anchor::kEnd});
  }
  // The diagonal (estimate = record) and the 2x band about it.
  const double two = std::log10(2.0);
  canvas.Line(px(low), py(low), px(high), py(high), LineStyle{kDiagonal, 1, false});
  canvas.Line(px(low), py(low + two), px(high - two), py(high), LineStyle{kDiagonal, 1, true});
  canvas.Line(px(low + two), py(low), px(high), py(high - two), LineStyle{kDiagonal, 1, true});
  canvas.Text(px(low + span / 2), py(low) + 40, "recorded compute (FLOP)",
              TextStyle{12, kBlack, Anchor::kMiddle});
  canvas.Text(20, py(low + span / 2), "estimate as compared (FLOP)",
              TextStyle{12, kBlack, Anchor::kMiddle, false, /*vertical=*/true});
  for (const RecordPoint& p : points) {
    const RecordKind& k = kRecordKinds[p.kind];
    canvas.Dot(px(p.x), py(std::clamp(p.y, static_cast<double>(low), static_cast<double>(high))), 3,
               k.fill, k.stroke);
  }
  for (size_t i = 0; i < std::size(kRecordKinds); ++i) {
    const auto n = std::count_if(points.begin(), points.end(), [i](const RecordPoint& p) {
      return p.kind == static_cast<int>(i);
    });
    const double y = kTop + 20.0 * static_cast<double>(i);
    canvas.Dot(X(1) + 22, y + 6, 4, kRecordKinds[i].fill, kRecordKinds[i].stroke);
    canvas.Text(X(1) + 34, y + 10,
                std::string(kRecordKinds[i].legend) + " (" + std::to_string(n) + ")",
                TextStyle{12, kBlack});
  }
  canvas.Text(X(1) + 16, kTop + 100, "dashed: the 2x band", TextStyle{12, kBlack});
}

Result<std::string> Render(const plot::Drawing& draw, PlotFormat format) {
  if (format == PlotFormat::kSvg) return plot::RenderSvg(kWidth, kHeight, draw);
  return plot::RenderPng(kWidth, kHeight, draw);
}

}  // namespace

Result<std::string> CalibrationReport::ReliabilityPlot(PlotFormat format) const {
  return Render([this](Canvas& canvas) { DrawReliability(coverage, canvas); }, format);
}

Result<std::string> CalibrationReport::RecordPlot(PlotFormat format) const {
  return Render([this](Canvas& canvas) { DrawRecord(record, canvas); }, format);
}

}  // namespace trainflops
