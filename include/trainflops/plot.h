// Figures of compute trends: a log-scale scatter of the points with their
// names and the fitted line(s), as SVG (our own writer) or PNG (cairo).
// The renderers return the file's bytes; writing them is the caller's job.
#ifndef TRAINFLOPS_PLOT_H_
#define TRAINFLOPS_PLOT_H_

#include <string>
#include <string_view>
#include <vector>

#include "trainflops/status.h"
#include "trainflops/trend.h"

namespace trainflops {

enum class PlotFormat { kSvg, kPng };

// By the file's extension (.svg or .png, any case); others are an error.
Result<PlotFormat> PlotFormatForPath(std::string_view path);

// False when the library was built without cairo, or when cairo (loaded at
// run time, on the first PNG) cannot be loaded; PNG then fails with an error
// that says how to enable it.
bool PngSupported();

struct PlotOptions {
  std::string title = "Training compute of notable models";
  int width = 1000;  // pixels (SVG user units)
  int height = 640;
};

Result<std::string> RenderTrendPlot(const std::vector<TrendPoint>& points,
                                    const TrendResult& result, PlotFormat format,
                                    const PlotOptions& options = {});

}  // namespace trainflops

#endif  // TRAINFLOPS_PLOT_H_
