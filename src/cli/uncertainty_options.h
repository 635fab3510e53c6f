// Options shared by every command that makes an estimate: inputs written as
// ranges or distributions, and the Monte Carlo's --uncertainty, --samples,
// --seed and --quantile (defined in uncertainty_options.cc).
#ifndef TRAINFLOPS_SRC_CLI_UNCERTAINTY_OPTIONS_H_
#define TRAINFLOPS_SRC_CLI_UNCERTAINTY_OPTIONS_H_

#include <optional>
#include <string>
#include <vector>

#include "args.h"
#include "trainflops/uncertain_estimate.h"
#include "trainflops/uncertainty.h"

namespace trainflops::cli {

// --uncertainty, --samples N, --seed S, --quantile P (repeatable).
const std::vector<OptionSpec>& UncertaintyOptionSpecs();
Result<UncertaintyOptions> ReadUncertaintyOptions(const ParsedArgs& args);

// The value of option `name` as a point, range or distribution (nullopt when
// absent). Points go through `parse_point`; errors name the option.
Result<std::optional<Uncertain>> UncertainOption(const ParsedArgs& args, const std::string& name,
                                                 const PointParser& parse_point,
                                                 UncertainOptions options = UncertainOptions::Positive());

// A positive count (SI suffixes: 1.4T, 70B) that may be a range.
Result<std::optional<Uncertain>> UncertainCount(const ParsedArgs& args, const std::string& name);

// One line for help texts: what a range-capable option accepts.
std::string RangeHelp();

}  // namespace trainflops::cli

#endif  // TRAINFLOPS_SRC_CLI_UNCERTAINTY_OPTIONS_H_
