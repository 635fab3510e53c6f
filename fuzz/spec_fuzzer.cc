// libFuzzer target: model specs (YAML/JSON) through the parser and Method 1.
// Any input must give a value or a Status, never a crash or a hang; an
// accepted spec expands to at most kMaxExpandedLayers layers and every
// figure of its estimate is finite (the training compute also positive).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "trainflops/method1.h"
#include "trainflops/model_spec.h"
#include "trainflops/report.h"

namespace {

void Check(bool condition) {
  if (!condition) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  trainflops::Result<trainflops::ModelSpec> spec = trainflops::ParseModelSpec(text, "fuzz.yaml");
  if (!spec.ok()) return 0;
  for (auto mode : {trainflops::BackwardMode::kFixedRatio, trainflops::BackwardMode::kPerLayer}) {
    trainflops::Method1Options options;
    options.backward = mode;
    trainflops::Result<trainflops::Method1Result> r = trainflops::EstimateMethod1(*spec, options);
    if (r.ok()) {
      Check(static_cast<double>(r->layers.size()) <= trainflops::kMaxExpandedLayers);
      Check(std::isfinite(r->estimate.training_flop) && r->estimate.training_flop > 0);
      Check(std::isfinite(r->params) && std::isfinite(r->forward_flop));
      for (const trainflops::LayerResult& layer : r->layers) {
        Check(std::isfinite(layer.cost.forward_flop) && std::isfinite(layer.cost.params));
      }
      (void)trainflops::RenderMethod1Json(*r, *spec);
      (void)trainflops::RenderMethod1Text(*r, *spec);
    }
  }
  return 0;
}
