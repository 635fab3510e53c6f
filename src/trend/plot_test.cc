// Figures: the SVG's content, the PNG's signature and size, formats, text safety.
#include "trainflops/plot.h"

#include <gtest/gtest.h>

#include <cmath>

#include "canvas.h"

namespace trainflops {
namespace {

size_t Count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// Five points on a 12-month doubling from 1e18 FLOP in 2015 (slope log10 2).
std::vector<TrendPoint> Points() {
  std::vector<TrendPoint> points;
  for (int k = 0; k < 5; ++k) {
    points.push_back({k == 2 ? "A<B & \"C\"" : "m" + std::to_string(k), "", 2015.0 + k,
                      1e18 * std::pow(2.0, k), k + 2});
  }
  return points;
}

TEST(Plot, SvgHasPointsDecadesFitAndEscapedLabels) {
  const std::vector<TrendPoint> points = Points();
  const Result<TrendResult> fit = FitTrend(points, {});
  ASSERT_TRUE(fit.ok());
  const Result<std::string> svg = RenderTrendPlot(points, *fit, PlotFormat::kSvg);
  ASSERT_TRUE(svg.ok()) << svg.status().message();
  EXPECT_EQ(svg->rfind("<?xml", 0), 0u);
  EXPECT_EQ(Count(*svg, "<circle"), 5u);
  // 1e18 .. 1.6e19 FLOP: the axis spans whole decades around them.
  for (const char* tick : {">1e18<", ">1e19<", ">2015<", ">2019<"}) {
    EXPECT_NE(svg->find(tick), std::string::npos) << tick;
  }
  EXPECT_NE(svg->find("doubling every 12 months"), std::string::npos);
  EXPECT_NE(svg->find("A&lt;B &amp; &quot;C&quot;"), std::string::npos);
  EXPECT_EQ(svg->find("A<B"), std::string::npos);
  EXPECT_EQ(svg->substr(svg->size() - 7), "</svg>\n");
}

TEST(Plot, PngSignatureAndSizeOrAClearError) {
  const std::vector<TrendPoint> points = Points();
  const Result<std::string> png = RenderTrendPlot(points, *FitTrend(points, {}), PlotFormat::kPng);
  if (!PngSupported()) {
    ASSERT_FALSE(png.ok());
    EXPECT_NE(png.status().message().find("libcairo2-dev"), std::string::npos);
    return;
  }
  ASSERT_TRUE(png.ok()) << png.status().message();
  ASSERT_GT(png->size(), 24u);
  EXPECT_EQ(png->substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));  // PNG spec, 5.2
  // IHDR width and height (big-endian at bytes 16 and 20): twice 1000 x 640.
  const auto be32 = [&](size_t at) {
    unsigned v = 0;
    for (size_t i = 0; i < 4; ++i) v = v << 8 | static_cast<unsigned char>((*png)[at + i]);
    return v;
  };
  EXPECT_EQ(be32(16), 2000u);
  EXPECT_EQ(be32(20), 1280u);
}

TEST(Plot, FormatFromTheExtension) {
  EXPECT_EQ(*PlotFormatForPath("out/trend.SVG"), PlotFormat::kSvg);
  EXPECT_EQ(*PlotFormatForPath("trend.png"), PlotFormat::kPng);
  const Result<PlotFormat> pdf = PlotFormatForPath("trend.pdf");
  ASSERT_FALSE(pdf.ok());
  EXPECT_NE(pdf.status().message().find("(accepted: .svg, .png)"), std::string::npos);
  EXPECT_FALSE(PlotFormatForPath(".svg").ok());
}

TEST(Plot, TextIsMadeValidUtf8) {
  const std::pair<std::string, std::string> cases[] = {
      {"GPT-4", "GPT-4"},
      {"R\xC3\xA9seau", "R\xC3\xA9seau"},        // é
      {"bad\xFFyte", "bad?yte"},                 // never valid in UTF-8
      {"over\xC0\xAFlong", "over??long"},        // overlong '/'
      {"cut\xE2\x82", "cut??"},                  // truncated sequence
      {"sur\xED\xA0\x80", "sur???"},             // a UTF-16 surrogate
      {"tab\there", "tab?here"},                 // control characters
      {"\xF0\x9F\x98\x80", "\xF0\x9F\x98\x80"},  // 4-byte emoji
  };
  for (const auto& [in, out] : cases) EXPECT_EQ(plot::ValidUtf8(in), out);
}

}  // namespace
}  // namespace trainflops
