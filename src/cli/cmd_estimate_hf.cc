// Placeholder until this command is implemented; replaced by its owner.
#include <ostream>

#include "commands.h"

namespace trainflops::cli {

Status RunEstimateHfConfig(const std::vector<std::string>&, std::ostream&) {
  return Status::InvalidArgument("not implemented yet");
}

}  // namespace trainflops::cli
