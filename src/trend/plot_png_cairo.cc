// PNG figures drawn with cairo (Debian: libcairo2-dev) on an image surface,
// at twice the nominal size so that labels stay crisp, and encoded to PNG
// in memory.
//
// cairo is loaded when the first PNG is drawn (dlopen), not linked: it
// brings fontconfig, freetype, X11 and a dozen more libraries whose loading
// cost every run of the command line about 6 ms, plots or not.
#include <cairo.h>
#include <dlfcn.h>
#include <fontconfig/fontconfig.h>

#include <cstdlib>
#include <numbers>

#include "canvas.h"

namespace trainflops {
namespace plot {
namespace {

// Each cairo function the figure uses, named once.
// clang-format off
#define TRAINFLOPS_CAIRO_FUNCTIONS(X)                                                  \
  X(cairo_arc) X(cairo_create) X(cairo_debug_reset_static_data) X(cairo_destroy)       \
  X(cairo_fill_preserve) X(cairo_image_surface_create) X(cairo_line_to)                \
  X(cairo_move_to) X(cairo_new_sub_path) X(cairo_rectangle) X(cairo_restore)           \
  X(cairo_rotate) X(cairo_save) X(cairo_scale) X(cairo_select_font_face)               \
  X(cairo_set_dash) X(cairo_set_font_size) X(cairo_set_line_width)                     \
  X(cairo_set_source_rgb) X(cairo_show_text) X(cairo_status) X(cairo_status_to_string) \
  X(cairo_stroke) X(cairo_surface_destroy) X(cairo_surface_flush)                      \
  X(cairo_surface_write_to_png_stream) X(cairo_text_extents) X(cairo_translate)
// clang-format on

struct Cairo {
#define TRAINFLOPS_CAIRO_POINTER(name) decltype(&::name) name = nullptr;
  TRAINFLOPS_CAIRO_FUNCTIONS(TRAINFLOPS_CAIRO_POINTER)
#undef TRAINFLOPS_CAIRO_POINTER
  decltype(&::FcFini) FcFini = nullptr;
};

// The library's file name on Debian (package libcairo2), and fontconfig's
// (libfontconfig1), whose caches are released at exit.
constexpr const char* kCairoLibrary = "libcairo.so.2";
constexpr const char* kFontconfigLibrary = "libfontconfig.so.1";

Result<Cairo> Load() {
  const auto missing = [](const std::string& what) {
    const char* why = dlerror();
    return Status::InvalidArgument(
        "PNG figures need cairo (Debian: libcairo2, with libcairo2-dev to build; "
        "scripts/setup-debian.sh installs both), but " +
        what + " could not be loaded" + (why != nullptr ? std::string(": ") + why : std::string()) +
        "; or write an .svg");
  };
  void* cairo = dlopen(kCairoLibrary, RTLD_NOW | RTLD_LOCAL);
  if (cairo == nullptr) return missing(kCairoLibrary);
  Cairo api;
  // POSIX dlsym returns function addresses as void*: the cast is its documented use.
#define TRAINFLOPS_CAIRO_LOAD(name)                                     \
  api.name = reinterpret_cast<decltype(api.name)>(dlsym(cairo, #name)); \
  if (api.name == nullptr) return missing(std::string(kCairoLibrary) + "'s " #name);
  TRAINFLOPS_CAIRO_FUNCTIONS(TRAINFLOPS_CAIRO_LOAD)
#undef TRAINFLOPS_CAIRO_LOAD
  if (void* fontconfig = dlopen(kFontconfigLibrary, RTLD_NOW | RTLD_LOCAL)) {
    api.FcFini = reinterpret_cast<decltype(api.FcFini)>(dlsym(fontconfig, "FcFini"));
  }
  return api;
}

// Loaded once per process; the libraries stay loaded (their font caches are
// released at exit).
const Result<Cairo>& Loaded() {
  static const Result<Cairo> api = Load();
  return api;
}

constexpr double kScale = 2;

class CairoCanvas : public Canvas {
 public:
  CairoCanvas(const Cairo& c, cairo_t* cr) : c_(c), cr_(cr) {}

  void Rect(double x, double y, double w, double h, std::optional<Color> fill,
            Color stroke) override {
    c_.cairo_rectangle(cr_, x, y, w, h);
    if (fill) {
      SetColor(*fill);
      c_.cairo_fill_preserve(cr_);
    }
    SetColor(stroke);
    c_.cairo_set_line_width(cr_, 1);
    c_.cairo_stroke(cr_);
  }

  void Line(double x1, double y1, double x2, double y2, const LineStyle& s) override {
    static constexpr double kDash[] = {6, 4};
    c_.cairo_set_dash(cr_, kDash, s.dashed ? 2 : 0, 0);
    c_.cairo_move_to(cr_, x1, y1);
    c_.cairo_line_to(cr_, x2, y2);
    SetColor(s.color);
    c_.cairo_set_line_width(cr_, s.width);
    c_.cairo_stroke(cr_);
    c_.cairo_set_dash(cr_, nullptr, 0, 0);
  }

  void Dot(double x, double y, double r, Color fill, Color stroke) override {
    c_.cairo_new_sub_path(cr_);
    c_.cairo_arc(cr_, x, y, r, 0, 2 * std::numbers::pi);
    SetColor(fill);
    c_.cairo_fill_preserve(cr_);
    SetColor(stroke);
    c_.cairo_set_line_width(cr_, 1);
    c_.cairo_stroke(cr_);
  }

  void Text(double x, double y, std::string_view text, const TextStyle& s) override {
    const std::string utf8 = ValidUtf8(text);
    c_.cairo_select_font_face(cr_, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                              s.bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
    c_.cairo_set_font_size(cr_, s.size);
    cairo_text_extents_t extents;
    c_.cairo_text_extents(cr_, utf8.c_str(), &extents);
    const double shift = s.anchor == Anchor::kStart    ? 0
                         : s.anchor == Anchor::kMiddle ? extents.x_advance / 2
                                                       : extents.x_advance;
    c_.cairo_save(cr_);
    c_.cairo_translate(cr_, x, y);
    if (s.vertical) c_.cairo_rotate(cr_, -std::numbers::pi / 2);
    c_.cairo_move_to(cr_, -shift, 0);
    SetColor(s.color);
    c_.cairo_show_text(cr_, utf8.c_str());
    c_.cairo_restore(cr_);
  }

 private:
  void SetColor(Color c) { c_.cairo_set_source_rgb(cr_, c.r / 255.0, c.g / 255.0, c.b / 255.0); }
  const Cairo& c_;
  cairo_t* cr_;
};

// Cairo and fontconfig keep font caches for the whole process, which leak
// checkers (the asan preset) report at exit; they are released then, once no
// cairo object is alive (the condition of cairo_debug_reset_static_data).
void ReleaseFontCaches() {
  const Cairo& c = *Loaded();
  c.cairo_debug_reset_static_data();
  if (c.FcFini != nullptr) c.FcFini();
}

cairo_status_t AppendBytes(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

}  // namespace

Result<std::string> RenderPng(int width, int height, const Drawing& draw) {
  const Result<Cairo>& loaded = Loaded();
  if (!loaded.ok()) return loaded.status();
  const Cairo& c = *loaded;
  cairo_surface_t* surface = c.cairo_image_surface_create(
      CAIRO_FORMAT_RGB24, static_cast<int>(width * kScale), static_cast<int>(height * kScale));
  cairo_t* cr = c.cairo_create(surface);
  c.cairo_scale(cr, kScale, kScale);
  CairoCanvas canvas(c, cr);
  draw(canvas);
  cairo_status_t status = c.cairo_status(cr);
  std::string png;
  if (status == CAIRO_STATUS_SUCCESS) {
    c.cairo_surface_flush(surface);
    status = c.cairo_surface_write_to_png_stream(surface, AppendBytes, &png);
  }
  c.cairo_destroy(cr);
  c.cairo_surface_destroy(surface);
  static const bool registered = std::atexit(ReleaseFontCaches) == 0;
  (void)registered;
  if (status != CAIRO_STATUS_SUCCESS) {
    return Status::InvalidArgument(std::string("cairo could not draw the PNG: ") +
                                   c.cairo_status_to_string(status));
  }
  return png;
}

}  // namespace plot

bool PngSupported() { return plot::Loaded().ok(); }

}  // namespace trainflops
