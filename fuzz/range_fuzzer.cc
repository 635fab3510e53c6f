// libFuzzer target for ParseUncertain (ranges and distributions): arbitrary
// bytes must give either a distribution or an error, never a crash; every
// accepted distribution must have ordered, finite quantiles inside its
// support, describe itself, and propagate (or refuse with an error).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "trainflops/uncertainty.h"
#include "trainflops/units.h"

namespace {

void Check(bool condition) {
  if (!condition) std::abort();
}

void CheckDistribution(const trainflops::Uncertain& u, bool positive) {
  const trainflops::Distribution& d = u.distribution;
  Check(!d.Describe().empty());
  double previous = -INFINITY;
  for (double p : {1e-9, 0.05, 0.25, 0.5, 0.75, 0.95, 1 - 1e-9}) {
    const double q = d.Quantile(p);
    Check(!std::isnan(q));
    Check(q >= previous);  // quantiles never decrease
    Check(q >= d.SupportLow() && q <= d.SupportHigh());
    if (positive) Check(q > 0 || (q == 0 && d.kind() == trainflops::DistributionKind::kNormal));
    previous = q;
  }
  trainflops::MonteCarloOptions options;
  options.samples = 64;
  const auto summary = trainflops::Propagate({{"x", d, 1}, {"y", d, -1}}, options);
  if (summary.ok()) {
    Check(summary->low <= summary->median && summary->median <= summary->high);
  } else {
    Check(!summary.status().message().empty());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (const bool positive : {false, true}) {
    for (const trainflops::PointParser& parser :
         {trainflops::PointParser(trainflops::ParseNumber),
          trainflops::PointParser(trainflops::ParseCompute)}) {
      trainflops::UncertainOptions options;
      options.positive = positive;
      const auto u = trainflops::ParseUncertain(text, parser, options);
      if (u.ok()) {
        CheckDistribution(*u, positive);
      } else {
        Check(!u.status().message().empty());
      }
    }
  }
  // A bounded quantity (utilization): whatever is accepted stays within (0, 1].
  const auto bounded = trainflops::ParseUncertain(text, trainflops::ParseNumber,
                                                  trainflops::UncertainOptions::Positive(1.0));
  if (bounded.ok()) {
    CheckDistribution(*bounded, true);
    Check(bounded->distribution.SupportHigh() <= 1.0);
  }
  return 0;
}
