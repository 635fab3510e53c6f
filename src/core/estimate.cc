#include "trainflops/estimate.h"

#include "trainflops/units.h"

namespace trainflops {

std::optional<std::string> ScaleCheckNote(double flop) {
  if (!(flop > kImplausibleFactor * kLargestRecordedFlop)) return std::nullopt;
  return "check the inputs: " + FormatCompute(flop) + " is " +
         FormatScientific(flop / kLargestRecordedFlop, 2) +
         " times the largest training run on record (Grok 4, 5e26 FLOP, Epoch AI's Notable AI "
         "Models); a unit slip (hours for seconds, a count in thousands) is the usual cause";
}

}  // namespace trainflops
