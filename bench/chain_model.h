// The benchmarks' shared-weight chain: `nodes` nodes alternating MatMul (one
// shared 16x16 weight) and Add (one shared bias of 16) on a 1x16 input, the
// graph of the ONNX scaling targets (bench/RESULTS.md). Used by
// trainflops_bench (BM_EstimateChain) and by trainflops_bench_onnx_file, which
// writes it for scripts/bench.sh to time the `trainflops` process and
// python3-onnx on the same bytes.
#ifndef TRAINFLOPS_BENCH_CHAIN_MODEL_H_
#define TRAINFLOPS_BENCH_CHAIN_MODEL_H_

#include <cstdint>
#include <string>

namespace trainflops::bench {

// The serialized ModelProto.
std::string SharedWeightChain(int64_t nodes);

// "t12": a generated graph's tensor or node name. Built without
// operator+(const char*, string), which GCC 12 warns about spuriously at
// -O3 (-Wrestrict).
std::string NumberedName(const char* prefix, int64_t i);

}  // namespace trainflops::bench

#endif  // TRAINFLOPS_BENCH_CHAIN_MODEL_H_
