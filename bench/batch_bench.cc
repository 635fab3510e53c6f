// Google Benchmark of `trainflops batch` (issue 6: a million rows well under a
// minute on one core, streaming; our target: well under 30 s). One million
// generated rows in Epoch's columns go through RunBatchCsv with a sink that
// only counts bytes. The mix: 60% language rows with parameters and data
// (6ND, closed-form interval), 20% hardware rows with a number format (one
// uncertain factor: closed form), 5% hardware rows without a format (Monte
// Carlo, 2,000 samples), 15% rows that cannot be estimated.
#include <benchmark/benchmark.h>

#include <string>

#include "trainflops/batch.h"

namespace {

std::string GeneratedCsv(int rows) {
  std::string text =
      "Model,Domain,Parameters,Training dataset size (total),Epochs,Training hardware,"
      "Hardware quantity,Training time (hours),Hardware utilization (MFU),Numerical format,"
      "Publication date,Organization categorization,Training compute (FLOP)\n";
  for (int i = 0; i < rows; ++i) {
    const int kind = i % 20;
    const std::string n = std::to_string(1 + i % 97) + "e9";
    std::string row = "\"model " + std::to_string(i) + "\",";
    if (kind < 12) {
      row += "Language," + n + ",2e12,1,,,,,,2023-05-01,Industry,1.2e24";
    } else if (kind < 16) {
      row += "Vision,,,,NVIDIA A100,512,720,,BF16,2022-01-01,Industry,3e23";
    } else if (kind < 17) {
      row += "Vision,,,,NVIDIA V100,64,100,,,2019-01-01,Academia,";
    } else {
      row += "Language,not a number,,,,,,,,,,";
    }
    text += row + "\n";
  }
  return text;
}

void BM_BatchMillionRows(benchmark::State& state) {
  const std::string csv = GeneratedCsv(static_cast<int>(state.range(0)));
  const trainflops::BatchOptions options;
  for (auto _ : state) {
    std::size_t bytes = 0;
    auto summary = trainflops::RunBatchCsv(csv, options,
                                           [&](const std::string& line) { bytes += line.size(); });
    benchmark::DoNotOptimize(summary);
    benchmark::DoNotOptimize(bytes);
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));  // rows/s
}
BENCHMARK(BM_BatchMillionRows)->Arg(1000000)->Iterations(1)->Unit(benchmark::kSecond);

}  // namespace

// main() is in onnx_bench.cc (one program for the whole suite).
