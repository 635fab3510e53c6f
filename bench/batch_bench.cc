// Google Benchmark of `trainflops batch`: a million rows well under 30 s,
// streaming. One million generated rows in Epoch's columns go through
// RunBatchCsv with a sink that only counts bytes. The mix (of every 20 rows):
// 11 language rows with parameters and data (6ND, closed-form interval);
// 1 mixture of experts with its active count in the parameters notes (the
// notes' patterns run); 4 hardware rows with a number format (one uncertain
// factor: closed form); 1 hardware row without a format (Monte Carlo, 2,000
// samples); 1 fine-tune naming the first row as its base (the base-model
// index and a second estimate); 2 rows that cannot be estimated.
#include <benchmark/benchmark.h>

#include <string>

#include "trainflops/batch.h"

namespace {

std::string GeneratedCsv(int rows) {
  std::string text =
      "Model,Domain,Parameters,Parameters notes,Training dataset size (total),Epochs,"
      "Training hardware,Hardware quantity,Training time (hours),Hardware utilization (MFU),"
      "Numerical format,Publication date,Organization categorization,Training compute (FLOP),"
      "Base model\n";
  for (int i = 0; i < rows; ++i) {
    const int kind = i % 20;
    const std::string n = std::to_string(1 + i % 97) + "e9";
    std::string row = "\"model " + std::to_string(i) + "\",";
    if (kind < 11) {
      row += "Language," + n + ",,2e12,1,,,,,,2023-05-01,Industry,1.2e24,";
    } else if (kind < 12) {
      row +=
          "Language,1.2e11,\"120B total, 12B active parameters\",2e12,1,,,,,,2024-05-01,"
          "Industry,1.4e23,";
    } else if (kind < 16) {
      row += "Vision,,,,,NVIDIA A100,512,720,,BF16,2022-01-01,Industry,3e23,";
    } else if (kind < 17) {
      row += "Vision,,,,,NVIDIA V100,64,100,,,2019-01-01,Academia,,";
    } else if (kind < 18) {
      row += "Language," + n + ",,1e9,1,,,,,,2023-06-01,Industry,1.2e22,model 0";
    } else {
      row += "Language,not a number,,,,,,,,,,,";
    }
    text += row + "\n";
  }
  return text;
}

// Rows estimated from the record's cost and power columns (evidence.h): of
// every 4, 2 with a cost only (chips and years varied: 24 distinct unit
// estimates in all), 1 with a power draw and its training time, and 1 with
// parameters and data besides a cost (6ND is preferred; the cost is not read).
std::string GeneratedEvidenceCsv(int rows) {
  static const char* const kChips[] = {"NVIDIA A100", "NVIDIA H100 SXM5 80GB", "NVIDIA V100", ""};
  static const char* const kYears[] = {"2020", "2022", "2023"};
  std::string text =
      "Model,Domain,Parameters,Training dataset size (total),Training hardware,"
      "Training time (hours),Publication date,Training compute (FLOP),"
      "Training compute cost (2023 USD),Training power draw (W)\n";
  for (int i = 0; i < rows; ++i) {
    const int kind = i % 4;
    const std::string chip = kChips[(i / 4) % 4];
    const std::string date = std::string(kYears[(i / 16) % 3]) + "-06-01";
    const std::string amount = std::to_string(1 + i % 89) + "e6";
    std::string row = "\"model " + std::to_string(i) + "\",";
    if (kind < 2) {
      row += "Language,,," + chip + ",," + date + ",1e24," + amount + ",";
    } else if (kind < 3) {
      row += "Vision,,," + chip + ",720," + date + ",3e23,," + amount;
    } else {
      row += "Language,7e10,1.4e12," + chip + ",," + date + ",5.9e23," + amount + ",";
    }
    text += row + "\n";
  }
  return text;
}

void RunMillion(benchmark::State& state, const std::string& csv) {
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

void BM_BatchMillionRows(benchmark::State& state) {
  RunMillion(state, GeneratedCsv(static_cast<int>(state.range(0))));
}
BENCHMARK(BM_BatchMillionRows)->Arg(1000000)->Iterations(1)->Unit(benchmark::kSecond);

void BM_BatchMillionEvidenceRows(benchmark::State& state) {
  RunMillion(state, GeneratedEvidenceCsv(static_cast<int>(state.range(0))));
}
BENCHMARK(BM_BatchMillionEvidenceRows)->Arg(1000000)->Iterations(1)->Unit(benchmark::kSecond);

}  // namespace

// main() is in onnx_bench.cc (one program for the whole suite).
