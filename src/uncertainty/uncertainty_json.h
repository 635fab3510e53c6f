// Internal: the "uncertainty" object of every JSON report.
#ifndef TRAINFLOPS_SRC_UNCERTAINTY_UNCERTAINTY_JSON_H_
#define TRAINFLOPS_SRC_UNCERTAINTY_UNCERTAINTY_JSON_H_

#include <nlohmann/json.hpp>

#include "trainflops/uncertain_estimate.h"

namespace trainflops {

// {point, median, low, high, interval, quantiles[], label, label_rule,
//  samples, seed, unit, quantities[], width_shares[{name, share}], notes[]}; numbers in FLOP.
nlohmann::json UncertaintyJson(const UncertaintyReport& report);

}  // namespace trainflops

#endif  // TRAINFLOPS_SRC_UNCERTAINTY_UNCERTAINTY_JSON_H_
