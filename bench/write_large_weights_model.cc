// trainflops_bench_onnx_file FILE: writes the benchmarks' 1.5 GiB ONNX file
// (bench/large_weights_model.h) so that scripts/bench.sh times trainflops and
// python3-onnx on the very bytes that trainflops_bench analyses.
// trainflops_bench_onnx_file --chain N FILE: writes the N-node shared-weight
// chain (bench/chain_model.h) of the ONNX scaling targets.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include "chain_model.h"
#include "large_weights_model.h"

namespace {

int Usage() {
  std::fprintf(stderr,
               "usage: trainflops_bench_onnx_file FILE\n"
               "       trainflops_bench_onnx_file --chain NODES FILE\n");
  return 2;
}

bool WriteChain(const char* nodes_text, const char* path) {
  char* end = nullptr;
  const long long nodes = std::strtoll(nodes_text, &end, 10);
  if (end == nodes_text || *end != '\0' || nodes < 1 || nodes > 2'000'000) return false;
  std::ofstream out(path, std::ios::binary);
  out << trainflops::bench::SharedWeightChain(nodes);
  return static_cast<bool>(out.flush());
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 4 && std::string(argv[1]) == "--chain") {
    if (WriteChain(argv[2], argv[3])) return 0;
    std::fprintf(stderr, "trainflops_bench_onnx_file: cannot write a %s-node chain to '%s'\n",
                 argv[2], argv[3]);
    return 1;
  }
  if (argc != 2) return Usage();
  if (!trainflops::bench::WriteLargeWeightsModel(argv[1])) {
    std::fprintf(stderr, "trainflops_bench_onnx_file: cannot write '%s'\n", argv[1]);
    return 1;
  }
  return 0;
}
