// Method 1 options shared by the commands that count operations
// (estimate, compare, estimate on ONNX graphs): the training overrides and
// the backward/forward ratio, parsed the same way everywhere.
#ifndef TRAINFLOPS_SRC_CLI_METHOD1_OPTIONS_H_
#define TRAINFLOPS_SRC_CLI_METHOD1_OPTIONS_H_

#include <vector>

#include "args.h"
#include "trainflops/method1.h"

namespace trainflops::cli {

// --epochs --examples --batches --batch-size --tokens-per-sequence --bp-ratio
// --batch-regime --formula. Commands that report an interval add
// UncertaintyOptionSpecs() (uncertainty_options.h).
const std::vector<OptionSpec>& Method1OptionSpecs();

Result<Method1Options> Method1OptionsFrom(const ParsedArgs& args);
// The overrides; --epochs, --examples, --batches and --batch-size may be
// ranges (their medians go to the overrides, the ranges to `ranges`).
Result<TrainingOverrides> TrainingOverridesFrom(const ParsedArgs& args,
                                                std::vector<TrainingRange>& ranges);

}  // namespace trainflops::cli

#endif  // TRAINFLOPS_SRC_CLI_METHOD1_OPTIONS_H_
