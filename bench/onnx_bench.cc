// ONNX analysis: time against graph size, and peak memory on a file of about
// 1.5 GB of embedded weights (generated in a temporary directory, removed at
// exit). Run with:
//
//   cmake --preset bench && cmake --build --preset bench -j2 &&
//   build/bench/bin/trainflops_bench --benchmark_filter=Analyse
//
// Counters: `nodes`, `file_MB` and `peak_rss_MB`: the peak resident memory
// (VmHWM) of a fresh process (this program run as `--peak-rss FILE`) that
// opens the file and analyses it once, so that the benchmark's own heap
// (the generated graphs) does not count.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <utility>

#include "../src/onnx/testing/onnx_writer.h"
#include "chain_model.h"
#include "large_weights_model.h"
#include "trainflops/byte_source.h"
#include "report/onnx_report.h"

namespace {

namespace w = trainflops::onnx::testing;
namespace fs = std::filesystem;

const fs::path& TempDir() {
  static const fs::path dir = [] {
    fs::path d = fs::temp_directory_path() / ("trainflops_bench_" + std::to_string(getpid()));
    fs::create_directories(d);
    return d;
  }();
  return dir;
}

// Removes the generated files when the benchmark exits.
struct Cleanup {
  // Creating the directory here makes it outlive this object at exit.
  Cleanup() { TempDir(); }
  ~Cleanup() {
    std::error_code ignored;
    fs::remove_all(TempDir(), ignored);
  }
} cleanup;

// kB value of a /proc/self/status line ("VmHWM:", "VmRSS:").
double StatusMb(const std::string& key) {
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(key, 0) == 0) return std::stod(line.substr(key.size())) / 1024.0;
  }
  return -1;
}

using trainflops::bench::NumberedName;

// A chain of `nodes` nodes in blocks MatMul -> Add -> Relu, each block with
// its own 16x16 weight and bias (embedded), on an input [1, 16].
std::string ChainModel(int64_t nodes) {
  w::Graph g;
  g.inputs.push_back(w::ValueInfo("x0", w::S({1, 16})));
  std::string x = "x0";
  for (int64_t i = 0; i < nodes; ++i) {
    const std::string out = NumberedName("t", i);
    switch (i % 3) {
      case 0:
        g.initializers.push_back(w::WeightTensor(NumberedName("w", i), {16, 16}));
        g.nodes.push_back(
            w::Node("MatMul", {x, NumberedName("w", i)}, {out}, {}, NumberedName("mm", i)));
        break;
      case 1:
        g.initializers.push_back(w::WeightTensor(NumberedName("b", i), {16}));
        g.nodes.push_back(
            w::Node("Add", {x, NumberedName("b", i)}, {out}, {}, NumberedName("add", i)));
        break;
      default:
        g.nodes.push_back(w::Node("Relu", {x}, {out}, {}, NumberedName("relu", i)));
    }
    x = out;
  }
  g.outputs.push_back(w::ValueInfo(x, w::S({1, 16})));
  return w::Model(g);
}

std::string WriteOnce(const std::string& name, const std::string& bytes) {
  const fs::path path = TempDir() / name;
  if (!fs::exists(path)) std::ofstream(path, std::ios::binary) << bytes;
  return path.string();
}

// The 1.5 GiB file of bench/large_weights_model.h, written once.
std::string LargeWeightsModel() {
  const fs::path path = TempDir() / "large_weights.onnx";
  if (!fs::exists(path)) trainflops::bench::WriteLargeWeightsModel(path.string());
  return path.string();
}

// Opens and analyses `path`; an error message or "".
std::string AnalyseOnce(const std::string& path, double* nodes) {
  auto source = trainflops::OpenFileByteSource(path);
  if (!source.ok()) return source.status().message();
  auto analysis = trainflops::AnalyzeOnnx(**source);
  if (!analysis.ok()) return analysis.status().message();
  *nodes = static_cast<double>(analysis->nodes.size());
  benchmark::DoNotOptimize(analysis->forward_flop);
  return "";
}

// Peak RSS of a fresh process analysing `path` (see the file comment).
double PeakRssOfFreshProcess(const std::string& path) {
  const std::string command = fs::read_symlink("/proc/self/exe").string() + " --peak-rss " + path;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return -1;
  double mb = -1;
  if (std::fscanf(pipe, "%lf", &mb) != 1) mb = -1;
  pclose(pipe);
  return mb;
}

void Analyse(benchmark::State& state, const std::string& path) {
  double nodes = 0;
  for (auto _ : state) {
    const std::string error = AnalyseOnce(path, &nodes);
    if (!error.empty()) {
      state.SkipWithError(error.c_str());
      return;
    }
  }
  state.counters["nodes"] = nodes;
  state.counters["file_MB"] = static_cast<double>(fs::file_size(path)) / (1 << 20);
  state.counters["peak_rss_MB"] = PeakRssOfFreshProcess(path);
}

// First, so that its peak memory is not hidden by the larger graphs' heap.
void BM_AnalyseLargeWeights(benchmark::State& state) { Analyse(state, LargeWeightsModel()); }
BENCHMARK(BM_AnalyseLargeWeights)->Unit(benchmark::kMillisecond);

void BM_AnalyseChain(benchmark::State& state) {
  const int64_t n = state.range(0);
  const std::string path = WriteOnce("chain_" + std::to_string(n) + ".onnx", ChainModel(n));
  Analyse(state, path);
}
BENCHMARK(BM_AnalyseChain)->Arg(1000)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);

// What `trainflops estimate FILE --examples 1 [--json]` does after parsing
// its arguments: open, analyse, Method 1, render (to a discarding stream).
std::string EstimateOnce(const std::string& path, bool json) {
  auto source = trainflops::OpenFileByteSource(path);
  if (!source.ok()) return source.status().message();
  auto analysis = trainflops::AnalyzeOnnx(**source);
  if (!analysis.ok()) return analysis.status().message();
  trainflops::OnnxEstimateOptions options;
  options.overrides.examples = 1;
  auto estimate = trainflops::EstimateOnnx(*analysis, path, options);
  if (!estimate.ok()) return estimate.status().message();
  std::ofstream sink("/dev/null");
  if (json) {
    trainflops::WriteOnnxJson(sink, *analysis, *estimate);
  } else {
    sink << trainflops::RenderOnnxText(*analysis, *estimate);
  }
  return "";
}

// Whole process: a fresh process (this program as `--estimate FILE FORMAT`)
// that runs EstimateOnce; wall time of the process from fork to exit (ms)
// and its peak RSS (MB).
std::pair<double, double> FreshEstimate(const std::string& path, bool json) {
  const std::string command = fs::read_symlink("/proc/self/exe").string() + " --estimate " + path +
                              (json ? " json" : " text");
  const auto start = std::chrono::steady_clock::now();
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return {-1, -1};
  double mb = -1;
  if (std::fscanf(pipe, "%lf", &mb) != 1) mb = -1;
  pclose(pipe);
  const std::chrono::duration<double, std::milli> ms = std::chrono::steady_clock::now() - start;
  return {ms.count(), mb};
}

// Arguments: nodes, 0 text / 1 JSON. Times the in-process estimate; the
// counters give the whole process's time and peak memory.
void BM_EstimateChain(benchmark::State& state) {
  const int64_t n = state.range(0);
  const bool json = state.range(1) != 0;
  const std::string path = WriteOnce("shared_chain_" + std::to_string(n) + ".onnx",
                                     trainflops::bench::SharedWeightChain(n));
  for (auto _ : state) {
    const std::string error = EstimateOnce(path, json);
    if (!error.empty()) {
      state.SkipWithError(error.c_str());
      return;
    }
  }
  const auto [ms, mb] = FreshEstimate(path, json);
  state.counters["nodes"] = static_cast<double>(n);
  state.counters["file_MB"] = static_cast<double>(fs::file_size(path)) / 1e6;
  state.counters["process_ms"] = ms;
  state.counters["peak_rss_MB"] = mb;
}
BENCHMARK(BM_EstimateChain)
    ->ArgsProduct({{10000, 100000, 200000}, {0, 1}})
    ->Unit(benchmark::kMillisecond);

}  // namespace

int main(int argc, char** argv) {
  if (argc == 4 && std::string(argv[1]) == "--estimate") {
    if (!EstimateOnce(argv[2], std::string(argv[3]) == "json").empty()) return 1;
    std::printf("%.1f\n", StatusMb("VmHWM:"));
    return 0;
  }
  if (argc == 3 && std::string(argv[1]) == "--peak-rss") {
    double nodes = 0;
    const std::string error = AnalyseOnce(argv[2], &nodes);
    if (!error.empty()) return 1;
    std::printf("%.1f\n", StatusMb("VmHWM:"));
    return 0;
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
