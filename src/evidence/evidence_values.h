// Internal: the values of an evidence file's keys that no other parser
// reads (power, energy, aggregate FLOP/s, shares, ratios), as point parsers
// for ParseUncertain; each error says what is accepted.
#ifndef TRAINFLOPS_SRC_EVIDENCE_EVIDENCE_VALUES_H_
#define TRAINFLOPS_SRC_EVIDENCE_EVIDENCE_VALUES_H_

#include <string_view>

#include "trainflops/status.h"

namespace trainflops::evidence {

// "25 MW", "25e6 W", "25e6" (watts): W, kW, MW, GW (case as written: "mW"
// is refused, milliwatts are never meant).
Result<double> ParsePowerWatts(std::string_view text);
// "50 GWh", "5e7 kWh", "5e10" (watt-hours): Wh, kWh, MWh, GWh, TWh.
Result<double> ParseEnergyWattHours(std::string_view text);
// "4e18 FLOP/s", "4E FLOP/s", "4e18" (FLOP/s): FLOP/s, FLOPS.
Result<double> ParseFlopRate(std::string_view text);
// A positive number or a percentage: "0.4", "40%".
Result<double> ParseFraction(std::string_view text);

// The share range of a stage: "0.1..0.2", "10%..20%", or one value
// ("15%": low = high). Errors: reversed ends, values not above 0.
struct ShareRange {
  double low = 0, high = 0;
};
Result<ShareRange> ParseShareRange(std::string_view text);

}  // namespace trainflops::evidence

#endif  // TRAINFLOPS_SRC_EVIDENCE_EVIDENCE_VALUES_H_
