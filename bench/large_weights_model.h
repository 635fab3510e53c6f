// The benchmarks' large ONNX file: six MatMul layers of 8192x8192 float
// weights (256 MiB each, about 1.5 GiB in all), written as a stream so that the
// generator itself stays small. Used by trainflops_bench (BM_AnalyseLargeWeights)
// and by trainflops_bench_onnx_file, which writes it for scripts/bench.sh to time
// trainflops and python3-onnx on the same bytes.
#ifndef TRAINFLOPS_BENCH_LARGE_WEIGHTS_MODEL_H_
#define TRAINFLOPS_BENCH_LARGE_WEIGHTS_MODEL_H_

#include <string>

namespace trainflops::bench {

// Writes the file at `path`; false when it cannot be written.
bool WriteLargeWeightsModel(const std::string& path);

}  // namespace trainflops::bench

#endif  // TRAINFLOPS_BENCH_LARGE_WEIGHTS_MODEL_H_
