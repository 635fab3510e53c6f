// libFuzzer target: model specs built from the input bytes as nests of
// `repeat` blocks that reuse earlier blocks through YAML anchors and aliases
// (the "billion laughs" shape), with training figures up to 1e300. Plain
// bytes rarely form such a file, so this target writes it: each level is an
// anchored repeat block whose layers are aliases of earlier levels.
//
// Guarantees checked: parsing, estimating and rendering one spec take under
// kTimeLimit of this thread's CPU time whatever the nesting (CPU time, not
// wall time: a loaded machine, such as two fuzzers on two cores, once
// stretched a 0.1 s input past one second of wall time) (the parser counts expanded layers as it
// reads and refuses past kMaxExpandedLayers); an accepted spec has at most
// that many layers and a finite positive training compute.
#include <time.h>

#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "trainflops/method1.h"
#include "trainflops/model_spec.h"
#include "trainflops/report.h"

namespace {

constexpr auto kTimeLimit = std::chrono::seconds(1);
constexpr size_t kMaxLevels = 12;

void Check(bool condition) {
  if (!condition) std::abort();
}

std::chrono::nanoseconds ThreadCpuTime() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return std::chrono::seconds(t.tv_sec) + std::chrono::nanoseconds(t.tv_nsec);
}

// Reads the input bytes one at a time; zeros once they run out.
class Bytes {
 public:
  Bytes(const uint8_t* data, size_t size) : data_(data), size_(size) {}
  uint8_t Next() { return pos_ < size_ ? data_[pos_++] : 0; }
  bool empty() const { return pos_ >= size_; }

 private:
  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
};

// A repeat count: mostly small, sometimes large or at the cap's edges.
std::string RepeatCount(uint8_t b) {
  static const char* const kEdges[] = {"10000", "10001", "1000000", "1e6",
                                       "2.5",   "0",     "-1",      "1e300"};
  if (b >= 248) return kEdges[b - 248];
  return std::to_string(1 + b % 40);
}

// A training figure: ordinary, huge or tiny.
std::string Figure(uint8_t b) {
  static const char* const kEdges[] = {"1e300", "1e308", "1e-300", "1e200", "5e-324", "1e154"};
  if (b >= 250) return kEdges[b - 250];
  return std::to_string(1 + b);
}

std::string BuildSpec(Bytes& in) {
  std::string yaml = "input: [" + std::to_string(1 + in.Next() % 16) + "]\nlayers:\n";
  yaml += "  - &l0 {type: dense, units: " + std::to_string(1 + in.Next() % 16) + "}\n";
  const size_t levels = 1 + in.Next() % kMaxLevels;
  for (size_t level = 1; level <= levels && !in.empty(); ++level) {
    yaml +=
        "  - &l" + std::to_string(level) + " {repeat: " + RepeatCount(in.Next()) + ", layers: [";
    const size_t uses = 1 + in.Next() % 8;
    for (size_t u = 0; u < uses; ++u) {
      yaml += (u ? ", *l" : "*l") + std::to_string(in.Next() % level);
    }
    yaml += "]}\n";
  }
  yaml += "training: {examples: " + Figure(in.Next()) + ", epochs: " + Figure(in.Next()) + "}\n";
  return yaml;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Bytes in(data, size);
  const std::string yaml = BuildSpec(in);
  const auto start = ThreadCpuTime();
  const trainflops::Result<trainflops::ModelSpec> spec =
      trainflops::ParseModelSpec(yaml, "bomb.yaml");
  if (spec.ok()) {
    const auto r = trainflops::EstimateMethod1(*spec, {});
    if (r.ok()) {
      Check(static_cast<double>(r->layers.size()) <= trainflops::kMaxExpandedLayers);
      Check(std::isfinite(r->estimate.training_flop) && r->estimate.training_flop > 0);
      (void)trainflops::RenderMethod1Text(*r, *spec);
    } else {
      Check(!r.status().message().empty());
    }
  } else {
    Check(!spec.status().message().empty() && spec.status().message().size() < 2000);
  }
  Check(ThreadCpuTime() - start < kTimeLimit);
  return 0;
}
