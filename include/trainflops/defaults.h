// The defaults every front end shares (command line, web API, Python). The
// request structs leave a field unset to mean "the default", and the
// library applies these values; help texts and docs quote them. The
// estimators' option structs start from the same values (request_test.cc
// checks that they agree).
#ifndef TRAINFLOPS_DEFAULTS_H_
#define TRAINFLOPS_DEFAULTS_H_

#include <cstddef>
#include <cstdint>

#include "trainflops/uncertainty.h"  // kDefaultSeed, kDefaultSamples, kMaxSamples

namespace trainflops {

// Method 1: backward/forward ratio 2:1 (Sevilla et al. 2022, Method 1).
inline constexpr double kDefaultBpRatio = 2.0;
// ONNX graphs: examples one run of the graph processes.
inline constexpr double kDefaultExamplesPerRun = 1;
// Batch estimates: Monte Carlo samples per row (batch.h's kDefaultBatchSamples).
inline constexpr std::size_t kDefaultRowSamples = 2000;
// Trend fits: bootstrap resamples and the level of the interval.
inline constexpr std::size_t kDefaultBootstrap = 2000;
inline constexpr double kDefaultTrendLevel = 0.9;
// The `layer` calculator: backward/forward ratio of the one-example figure.
inline constexpr double kDefaultLayerBpRatio = kDefaultBpRatio;

}  // namespace trainflops

#endif  // TRAINFLOPS_DEFAULTS_H_
