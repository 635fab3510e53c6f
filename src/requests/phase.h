// One Method 2 phase from its request (library-internal; phase.cc).
#ifndef TRAINFLOPS_SRC_REQUESTS_PHASE_H_
#define TRAINFLOPS_SRC_REQUESTS_PHASE_H_

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "trainflops/hardware_request.h"

namespace trainflops::requests {

// `shared` names the fields taken from all_phases, whose ranges are one
// quantity for every phase.
Result<Phase> PhaseFrom(const PhaseRequest& request, const std::set<std::string>& shared);

}  // namespace trainflops::requests

#endif  // TRAINFLOPS_SRC_REQUESTS_PHASE_H_
