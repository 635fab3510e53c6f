// trainflops_bench_onnx_file FILE: writes the benchmarks' 1.5 GiB ONNX file
// (bench/large_weights_model.h) so that scripts/bench.sh times trainflops and
// python3-onnx on the very bytes that trainflops_bench analyses.
#include <cstdio>

#include "large_weights_model.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: trainflops_bench_onnx_file FILE\n");
    return 2;
  }
  if (!trainflops::bench::WriteLargeWeightsModel(argv[1])) {
    std::fprintf(stderr, "trainflops_bench_onnx_file: cannot write '%s'\n", argv[1]);
    return 1;
  }
  return 0;
}
