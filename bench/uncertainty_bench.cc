// Google Benchmark of the Monte Carlo propagation (performance target: one million
// samples of an estimate must take well under a second; target < 0.5 s).
// The 4-factor product is Method 2's: chips x time x peak x utilization.
#include <benchmark/benchmark.h>

#include "trainflops/uncertainty.h"
#include "trainflops/units.h"

namespace {

using trainflops::Distribution;
using trainflops::Factor;

std::vector<Factor> Method2Factors() {
  return {{"chips", *Distribution::LogUniform(512, 2048), 1},
          {"seconds", *Distribution::Uniform(5 * 86400.0, 6 * 86400.0), 1},
          {"peak FLOP/s", *Distribution::LogNormal(3.12e14, 1.5), 1},
          {"utilization", *Distribution::Triangular(0.2, 0.3, 0.5), 1}};
}

// Sampling, sorting and the summary (median, 5%, 95%, label).
void BM_Propagate4Factors(benchmark::State& state) {
  const std::vector<Factor> factors = Method2Factors();
  trainflops::MonteCarloOptions options;
  options.samples = static_cast<std::size_t>(state.range(0));
  for (auto _ : state) {
    auto summary = trainflops::Propagate(factors, options);
    benchmark::DoNotOptimize(summary);
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_Propagate4Factors)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond);

// Sampling alone, to separate the draws from the sort.
void BM_Sample4Factors(benchmark::State& state) {
  const std::vector<Factor> factors = Method2Factors();
  for (auto _ : state) {
    auto samples = trainflops::SampleProduct(factors, 1000000, trainflops::kDefaultSeed);
    benchmark::DoNotOptimize(samples);
  }
  state.SetItemsProcessed(state.iterations() * 1000000);
}
BENCHMARK(BM_Sample4Factors)->Unit(benchmark::kMillisecond);

void BM_ParseUncertain(benchmark::State& state) {
  for (auto _ : state) {
    auto u = trainflops::ParseUncertain("lognormal(3.12e14, 1.5)", trainflops::ParseNumber);
    benchmark::DoNotOptimize(u);
  }
}
BENCHMARK(BM_ParseUncertain);

}  // namespace

// main() is in onnx_bench.cc (one program for the whole suite).
