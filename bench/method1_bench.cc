// Method 1 on large generated specs: parse + shape propagation + per-layer
// costs + training FLOP. Run: cmake --preset bench && cmake --build --preset bench
// && build/bench/bin/trainflops_bench --benchmark_filter=Method1
#include <benchmark/benchmark.h>

#include <string>

#include "trainflops/method1.h"
#include "trainflops/model_spec.h"

namespace {

// A residual MLP of `layers` layers: dense + layernorm + relu + branch/add
// blocks, written out one layer per line (no `repeat`), so parsing scales too.
std::string GeneratedSpec(int64_t layers) {
  std::string text = "name: generated\ninput: [512]\nlayers:\n";
  for (int64_t i = 0; i < layers; i += 4) {
    text += "  - {type: dense, name: fc" + std::to_string(i) + ", units: 512}\n";
    text += "  - {type: layernorm}\n  - {type: relu}\n  - {type: add}\n";
  }
  return text + "training: {epochs: 10, examples: 1e9}\n";
}

void BM_Method1Spec(benchmark::State& state) {
  const std::string text = GeneratedSpec(state.range(0));
  for (auto _ : state) {
    trainflops::Result<trainflops::ModelSpec> spec = trainflops::ParseModelSpec(text, "gen.yaml");
    trainflops::Result<trainflops::Method1Result> r = trainflops::EstimateMethod1(*spec, {});
    benchmark::DoNotOptimize(r->estimate.training_flop);
  }
  state.SetComplexityN(state.range(0));
  state.counters["layers"] = static_cast<double>(state.range(0));
}
BENCHMARK(BM_Method1Spec)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond)->Complexity();

}  // namespace
