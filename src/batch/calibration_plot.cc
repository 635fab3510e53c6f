// The reliability diagram: nominal coverage (x) against the coverage
// observed out of sample (y), per estimation path, before (dashed) and after
// (solid) calibration. A calibrated path lies on the diagonal. Drawn once on
// the figure canvas of the trend plots, rendered as SVG or PNG.
#include <string>
#include <vector>

#include "trainflops/calibration.h"
#include "trainflops/plot.h"
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

}  // namespace

Result<std::string> CalibrationReport::ReliabilityPlot(PlotFormat format) const {
  const plot::Drawing draw = [this](Canvas& canvas) { DrawReliability(coverage, canvas); };
  if (format == PlotFormat::kSvg) return plot::RenderSvg(kWidth, kHeight, draw);
  return plot::RenderPng(kWidth, kHeight, draw);
}

}  // namespace trainflops
