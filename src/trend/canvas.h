// Internal: the drawing surface the trend figure is drawn on once, then
// rendered by the SVG writer or by cairo (PNG).
#ifndef TRAINFLOPS_SRC_TREND_CANVAS_H_
#define TRAINFLOPS_SRC_TREND_CANVAS_H_

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "trainflops/plot.h"
#include "trainflops/trend.h"

namespace trainflops::plot {

struct Color {
  unsigned char r = 0, g = 0, b = 0;
};

enum class Anchor { kStart, kMiddle, kEnd };

struct TextStyle {
  double size = 12;
  Color color;
  Anchor anchor = Anchor::kStart;
  bool bold = false;
  bool vertical = false;  // rotated 90 degrees counter-clockwise about (x, y)
};

struct LineStyle {
  Color color;
  double width = 1;
  bool dashed = false;
};

class Canvas {
 public:
  virtual ~Canvas() = default;
  // No fill when `fill` is empty.
  virtual void Rect(double x, double y, double w, double h, std::optional<Color> fill,
                    Color stroke) = 0;
  virtual void Line(double x1, double y1, double x2, double y2, const LineStyle& style) = 0;
  virtual void Dot(double x, double y, double radius, Color fill, Color stroke) = 0;
  // (x, y) is the baseline point at the anchor.
  virtual void Text(double x, double y, std::string_view text, const TextStyle& style) = 0;
};

// Lays out and draws the whole figure.
void DrawTrend(const std::vector<TrendPoint>& points, const TrendResult& result,
               const PlotOptions& options, Canvas& canvas);

// Approximate width of text in a sans-serif font (0.6 em per character),
// used to keep point labels from overlapping.
double TextWidth(std::string_view text, double size);

// `text` with invalid UTF-8 sequences and control characters replaced by
// '?': SVG (XML) and cairo both refuse them, and names come from user files.
std::string ValidUtf8(std::string_view text);

// Any figure drawn once on a Canvas, rendered as SVG (our own writer) or PNG
// (cairo, loaded at run time: an error when it cannot be). Used by the trend
// figure and by the calibration's reliability diagram.
using Drawing = std::function<void(Canvas&)>;
std::string RenderSvg(int width, int height, const Drawing& draw);
Result<std::string> RenderPng(int width, int height, const Drawing& draw);

}  // namespace trainflops::plot

#endif  // TRAINFLOPS_SRC_TREND_CANVAS_H_
