// The defaults every front end shares (command line, web API, Python): the
// one place where they live. The request structs leave a field unset to mean
// "the default"; the estimators' option structs (method1.h, onnx.h, batch.h,
// trend.h, uncertainty.h) start from these constants, and help texts and
// docs quote them.
#ifndef TRAINFLOPS_DEFAULTS_H_
#define TRAINFLOPS_DEFAULTS_H_

#include <cstddef>
#include <cstdint>

namespace trainflops {

// Monte Carlo: the seed, printed with every result so that a run can be
// repeated, and the samples. 100,000 samples put the 5th percentile within
// +-0.07 percentage points of probability (1 sd = sqrt(0.05 x 0.95 / 1e5));
// see docs/uncertainty.md.
inline constexpr std::uint64_t kDefaultSeed = 20260101;
inline constexpr std::size_t kDefaultSamples = 100000;

// Method 1: backward/forward ratio 2:1 (Sevilla et al. 2022, Method 1).
inline constexpr double kDefaultBpRatio = 2.0;
// ONNX graphs: examples one run of the graph processes.
inline constexpr double kDefaultExamplesPerRun = 1;
// Batch estimates: Monte Carlo samples per row.
inline constexpr std::size_t kDefaultRowSamples = 2000;
// Trend fits: bootstrap resamples and the level of the interval.
inline constexpr std::size_t kDefaultBootstrap = 2000;
inline constexpr double kDefaultTrendLevel = 0.9;
// Method 2: utilization when none is given (Sevilla et al. 2022, step 3):
// 0.3 for large language models (also the lower end used where NVIDIA's
// tensor-core peak needs special conditions), 0.4 for other networks; and
// the utilizations OpenAI assumed (Amodei & Hernandez 2018, appendix).
inline constexpr double kDefaultUtilizationLlm = 0.30;
inline constexpr double kDefaultUtilizationOther = 0.40;
inline constexpr double kOpenAiGpuUtilization = 0.33;
inline constexpr double kOpenAiCpuUtilization = 0.17;
// Method 2: a run on at least this many chips, after 2018 or of unknown year,
// is a large model's run, which uses 16-bit mixed precision on chips with
// tensor/matrix units (docs/hardware.md, "Which number format").
inline constexpr double kLargeRunChips = 256;
// Method 2: a run from this year on, on a chip with 16-bit tensor/matrix
// units, trained in 16-bit mixed precision whoever ran it: in Epoch AI's
// Notable AI Models, 73 of the 76 runs from 2021 on that state their format
// used 16 or 8 bits (docs/hardware.md, "Precision default, measured").
inline constexpr int kSixteenBitYear = 2021;
// The `layer` calculator: backward/forward ratio of the one-example figure.
inline constexpr double kDefaultLayerBpRatio = kDefaultBpRatio;

}  // namespace trainflops

#endif  // TRAINFLOPS_DEFAULTS_H_
