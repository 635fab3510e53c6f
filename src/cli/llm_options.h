// Options shared by `tokens` and `estimate config.json` (defined in
// cmd_tokens.cc): the convention, attention, recomputation, stages and the
// threshold check.
#ifndef TRAINFLOPS_SRC_CLI_LLM_OPTIONS_H_
#define TRAINFLOPS_SRC_CLI_LLM_OPTIONS_H_

#include <iosfwd>
#include <optional>
#include <vector>

#include "args.h"
#include "trainflops/checkpoint.h"
#include "trainflops/hf_config.h"
#include "trainflops/thresholds.h"
#include "trainflops/transformer.h"

namespace trainflops::cli {

struct LlmRunOptions {
  Convention convention = kDefaultConvention;
  ConventionOptions convention_options;
  std::vector<LlmStage> stages;
  std::optional<double> seq_len;
  bool thresholds = false;
  std::optional<ComputeRange> range;
  bool json = false;
  // Ranges on tokens and stages (params ranges are added by `tokens`), and
  // the Monte Carlo options.
  LlmUncertainInputs uncertain;
  UncertaintyOptions uncertainty;
};

// The parameter count of a checkpoint file (--params FILE, --checkpoint
// FILE): an index's total_size over the bytes of `torch_dtype` (when empty,
// the torch_dtype of the config.json beside the index), or a .safetensors
// or GGUF file's header.
Result<CheckpointCount> CountCheckpointFile(const std::string& path, std::string torch_dtype);

// The shared option table, to append to a command's own options.
std::vector<OptionSpec> LlmCommonOptions();
Result<LlmRunOptions> ReadLlmOptions(const ParsedArgs& args);
// Adds the uncertainty (when an input is a range or --uncertainty is given),
// checks the thresholds when asked (against --range, or else the 90%
// interval) and writes the report.
Status WriteLlmReport(LlmEstimate estimate, const LlmRunOptions& options, const HfModel* hf,
                      std::ostream& out);

}  // namespace trainflops::cli

#endif  // TRAINFLOPS_SRC_CLI_LLM_OPTIONS_H_
