// PNG figures drawn with cairo (Debian: libcairo2-dev) on an image surface,
// at twice the nominal size so that labels stay crisp, and encoded to PNG
// in memory.
#include <cairo.h>
#include <fontconfig/fontconfig.h>

#include <cstdlib>
#include <numbers>

#include "canvas.h"

namespace trainflops {

bool PngSupported() { return true; }

namespace plot {
namespace {

constexpr double kScale = 2;

class CairoCanvas : public Canvas {
 public:
  explicit CairoCanvas(cairo_t* cr) : cr_(cr) {}

  void Rect(double x, double y, double w, double h, std::optional<Color> fill,
            Color stroke) override {
    cairo_rectangle(cr_, x, y, w, h);
    if (fill) {
      SetColor(*fill);
      cairo_fill_preserve(cr_);
    }
    SetColor(stroke);
    cairo_set_line_width(cr_, 1);
    cairo_stroke(cr_);
  }

  void Line(double x1, double y1, double x2, double y2, const LineStyle& s) override {
    static constexpr double kDash[] = {6, 4};
    cairo_set_dash(cr_, kDash, s.dashed ? 2 : 0, 0);
    cairo_move_to(cr_, x1, y1);
    cairo_line_to(cr_, x2, y2);
    SetColor(s.color);
    cairo_set_line_width(cr_, s.width);
    cairo_stroke(cr_);
    cairo_set_dash(cr_, nullptr, 0, 0);
  }

  void Dot(double x, double y, double r, Color fill, Color stroke) override {
    cairo_new_sub_path(cr_);
    cairo_arc(cr_, x, y, r, 0, 2 * std::numbers::pi);
    SetColor(fill);
    cairo_fill_preserve(cr_);
    SetColor(stroke);
    cairo_set_line_width(cr_, 1);
    cairo_stroke(cr_);
  }

  void Text(double x, double y, std::string_view text, const TextStyle& s) override {
    const std::string utf8 = ValidUtf8(text);
    cairo_select_font_face(cr_, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                           s.bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr_, s.size);
    cairo_text_extents_t extents;
    cairo_text_extents(cr_, utf8.c_str(), &extents);
    const double shift = s.anchor == Anchor::kStart    ? 0
                         : s.anchor == Anchor::kMiddle ? extents.x_advance / 2
                                                       : extents.x_advance;
    cairo_save(cr_);
    cairo_translate(cr_, x, y);
    if (s.vertical) cairo_rotate(cr_, -std::numbers::pi / 2);
    cairo_move_to(cr_, -shift, 0);
    SetColor(s.color);
    cairo_show_text(cr_, utf8.c_str());
    cairo_restore(cr_);
  }

 private:
  void SetColor(Color c) { cairo_set_source_rgb(cr_, c.r / 255.0, c.g / 255.0, c.b / 255.0); }
  cairo_t* cr_;
};

// Cairo and fontconfig keep font caches for the whole process, which leak
// checkers (the asan preset) report at exit; they are released then, once no
// cairo object is alive (the condition of cairo_debug_reset_static_data).
void ReleaseFontCaches() {
  cairo_debug_reset_static_data();
  FcFini();
}

cairo_status_t AppendBytes(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

}  // namespace

Result<std::string> RenderPng(const std::vector<TrendPoint>& points, const TrendResult& result,
                              const PlotOptions& options) {
  cairo_surface_t* surface =
      cairo_image_surface_create(CAIRO_FORMAT_RGB24, static_cast<int>(options.width * kScale),
                                 static_cast<int>(options.height * kScale));
  cairo_t* cr = cairo_create(surface);
  cairo_scale(cr, kScale, kScale);
  CairoCanvas canvas(cr);
  DrawTrend(points, result, options, canvas);
  cairo_status_t status = cairo_status(cr);
  std::string png;
  if (status == CAIRO_STATUS_SUCCESS) {
    cairo_surface_flush(surface);
    status = cairo_surface_write_to_png_stream(surface, AppendBytes, &png);
  }
  cairo_destroy(cr);
  cairo_surface_destroy(surface);
  static const bool registered = std::atexit(ReleaseFontCaches) == 0;
  (void)registered;
  if (status != CAIRO_STATUS_SUCCESS) {
    return Status::InvalidArgument(std::string("cairo could not draw the PNG: ") +
                                   cairo_status_to_string(status));
  }
  return png;
}

}  // namespace plot
}  // namespace trainflops
