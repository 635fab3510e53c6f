// PNG output when the library is built without cairo.
#include "canvas.h"

namespace trainflops {

bool PngSupported() { return false; }

namespace plot {

Result<std::string> RenderPng(int, int, const Drawing&) {
  return Status::InvalidArgument(
      "PNG figures need cairo, and this build has none: install libcairo2-dev "
      "(scripts/setup-debian.sh) and rebuild, or write an .svg");
}

}  // namespace plot
}  // namespace trainflops
