// The SVG writer: one element per drawing call, numbers with two decimals
// through std::to_chars (never the locale).
#include <charconv>

#include "canvas.h"
#include "core/text.h"

namespace trainflops::plot {
namespace {

std::string Num(double v) {
  char buf[64];
  const auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, 2);
  return std::string(buf, r.ptr);
}

std::string Rgb(Color c) {
  return "rgb(" + std::to_string(c.r) + "," + std::to_string(c.g) + "," + std::to_string(c.b) + ")";
}

class SvgCanvas : public Canvas {
 public:
  SvgCanvas(int width, int height) {
    out_ =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" "
        "width=\"" +
        std::to_string(width) + "\" height=\"" + std::to_string(height) + "\" viewBox=\"0 0 " +
        std::to_string(width) + " " + std::to_string(height) +
        "\" font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\">\n";
  }

  void Rect(double x, double y, double w, double h, std::optional<Color> fill,
            Color stroke) override {
    out_ += "<rect x=\"" + Num(x) + "\" y=\"" + Num(y) + "\" width=\"" + Num(w) + "\" height=\"" +
            Num(h) + "\" fill=\"" + (fill ? Rgb(*fill) : "none") + "\" stroke=\"" + Rgb(stroke) +
            "\"/>\n";
  }

  void Line(double x1, double y1, double x2, double y2, const LineStyle& s) override {
    out_ += "<line x1=\"" + Num(x1) + "\" y1=\"" + Num(y1) + "\" x2=\"" + Num(x2) + "\" y2=\"" +
            Num(y2) + "\" stroke=\"" + Rgb(s.color) + "\" stroke-width=\"" + Num(s.width) + "\"" +
            (s.dashed ? " stroke-dasharray=\"6 4\"" : "") + "/>\n";
  }

  void Dot(double x, double y, double r, Color fill, Color stroke) override {
    out_ += "<circle cx=\"" + Num(x) + "\" cy=\"" + Num(y) + "\" r=\"" + Num(r) + "\" fill=\"" +
            Rgb(fill) + "\" stroke=\"" + Rgb(stroke) + "\"/>\n";
  }

  void Text(double x, double y, std::string_view text, const TextStyle& s) override {
    static constexpr const char* kAnchors[] = {"start", "middle", "end"};
    out_ += "<text x=\"" + Num(x) + "\" y=\"" + Num(y) + "\" font-size=\"" + Num(s.size) +
            "\" fill=\"" + Rgb(s.color) + "\" text-anchor=\"" +
            kAnchors[static_cast<int>(s.anchor)] + "\"" + (s.bold ? " font-weight=\"bold\"" : "") +
            (s.vertical ? " transform=\"rotate(-90 " + Num(x) + " " + Num(y) + ")\"" : "") + ">" +
            EscapeMarkup(ValidUtf8(text)) + "</text>\n";
  }

  std::string Finish() { return out_ + "</svg>\n"; }

 private:
  std::string out_;
};

}  // namespace

std::string RenderSvg(int width, int height, const Drawing& draw) {
  SvgCanvas canvas(width, height);
  draw(canvas);
  return canvas.Finish();
}

}  // namespace trainflops::plot
