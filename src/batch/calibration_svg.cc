// The reliability diagram: nominal coverage (x) against the coverage
// observed out of sample (y), per estimation path, before (dashed) and after
// (solid) calibration. A calibrated path lies on the diagonal.
#include <string>

#include "trainflops/calibration.h"
#include "trainflops/units.h"

namespace trainflops {
namespace {

constexpr double kWidth = 640, kHeight = 520, kLeft = 70, kTop = 40, kSide = 400;
constexpr const char* kColors[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd",
                                   "#ff7f0e", "#8c564b", "#17becf"};
// Paths measured on fewer rows than this are not drawn (their coverage
// moves by more than 10 points with one row).
constexpr std::size_t kMinDrawnRows = 10;

std::string Num(double v) { return FormatScientific(v, 5); }
double X(double p) { return kLeft + p * kSide; }
double Y(double p) { return kTop + (1 - p) * kSide; }

std::string Escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '&')
      out += "&amp;";
    else if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else
      out += c;
  }
  return out;
}

std::string Text(double x, double y, const std::string& s, const std::string& extra = "") {
  return "<text x=\"" + Num(x) + "\" y=\"" + Num(y) + "\" " + extra + ">" + Escape(s) + "</text>\n";
}

std::string Axes() {
  std::string s = "<rect x=\"" + Num(kLeft) + "\" y=\"" + Num(kTop) + "\" width=\"" + Num(kSide) +
                  "\" height=\"" + Num(kSide) + "\" fill=\"none\" stroke=\"#333\"/>\n";
  for (int i = 0; i <= 10; i += 2) {
    const double p = i / 10.0;
    s += "<line x1=\"" + Num(X(p)) + "\" y1=\"" + Num(Y(0)) + "\" x2=\"" + Num(X(p)) + "\" y2=\"" +
         Num(Y(1)) + "\" stroke=\"#e2e2e2\"/>\n";
    s += "<line x1=\"" + Num(X(0)) + "\" y1=\"" + Num(Y(p)) + "\" x2=\"" + Num(X(1)) + "\" y2=\"" +
         Num(Y(p)) + "\" stroke=\"#e2e2e2\"/>\n";
    s += Text(X(p), Y(0) + 18, std::to_string(i * 10) + "%", "text-anchor=\"middle\"");
    s += Text(X(0) - 8, Y(p) + 4, std::to_string(i * 10) + "%", "text-anchor=\"end\"");
  }
  s += "<line x1=\"" + Num(X(0)) + "\" y1=\"" + Num(Y(0)) + "\" x2=\"" + Num(X(1)) + "\" y2=\"" +
       Num(Y(1)) + "\" stroke=\"#999\"/>\n";
  s += Text(X(0.5), Y(0) + 40, "nominal coverage of the interval", "text-anchor=\"middle\"");
  s += Text(20, Y(0.5), "observed coverage (out of sample)",
            "text-anchor=\"middle\" transform=\"rotate(-90 20 " + Num(Y(0.5)) + ")\"");
  return s;
}

std::string Polyline(const std::vector<const CoverageCell*>& cells, bool after,
                     const std::string& color) {
  std::string points;
  for (const CoverageCell* c : cells) {
    const double observed = static_cast<double>(after ? c->inside_after : c->inside_before) /
                            static_cast<double>(c->rows);
    points += Num(X(c->level)) + "," + Num(Y(observed)) + " ";
  }
  return "<polyline fill=\"none\" stroke=\"" + color + "\" stroke-width=\"2\"" +
         (after ? "" : " stroke-dasharray=\"5,4\"") + " points=\"" + points + "\"/>\n";
}

}  // namespace

std::string CalibrationReport::ReliabilitySvg() const {
  std::string s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + Num(kWidth) +
                  "\" height=\"" + Num(kHeight) +
                  "\" font-family=\"sans-serif\" font-size=\"12\">\n";
  s += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  s += Text(kLeft, 24, "Reliability of batch intervals (dashed: before, solid: after calibration)",
            "font-weight=\"bold\"");
  s += Axes();
  size_t drawn = 0;
  for (const CoverageCell& c : coverage) {
    if (c.label != "all" || c.rows < kMinDrawnRows || c.level != CalibrationLevels().front()) {
      continue;
    }
    std::vector<const CoverageCell*> cells;
    for (const CoverageCell& d : coverage) {
      if (d.path == c.path && d.label == "all") cells.push_back(&d);
    }
    const std::string color = kColors[drawn % std::size(kColors)];
    s += Polyline(cells, false, color) + Polyline(cells, true, color);
    s += "<rect x=\"" + Num(X(1) + 16) + "\" y=\"" + Num(kTop + 20.0 * static_cast<double>(drawn)) +
         "\" width=\"12\" height=\"12\" fill=\"" + color + "\"/>\n";
    s += Text(X(1) + 34, kTop + 20.0 * static_cast<double>(drawn) + 10,
              c.path + " (" + std::to_string(c.rows) + " rows)");
    ++drawn;
  }
  return s + "</svg>\n";
}

}  // namespace trainflops
