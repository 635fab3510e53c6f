// `trainflops estimate config.json --tokens D --seq-len T`: a Hugging Face
// config's exact parameter counts, per-token FLOP and training compute.
#include <ostream>

#include "commands.h"
#include "llm_options.h"
#include "uncertainty_options.h"
#include "trainflops/llm_report.h"
#include "trainflops/text.h"

namespace trainflops::cli {

Status RunEstimateHfConfig(const std::vector<std::string>& argv, std::ostream& out) {
  const std::vector<OptionSpec> specs = LlmCommonOptions();
  TF_ASSIGN_OR_RETURN(const ParsedArgs args, ParseArgs(argv, specs));
  if (args.Has("--help")) {
    out << "usage: trainflops estimate config.json --tokens D [--seq-len T] [options]\n\n"
           "A Hugging Face config.json: exact parameter counts (total, non-embedding, active),\n"
           "per-token FLOP by convention, and training compute. Families: "
        << JoinNames(SupportedModelTypes()) << ".\n"
        << RangeHelp() << "\noptions:\n"
        << OptionsHelp(specs);
    return HelpShown();
  }
  if (args.positional.size() != 1) {
    return Status::InvalidArgument("expected one config.json, got " +
                                   std::to_string(args.positional.size()) +
                                   "; usage: trainflops estimate config.json --tokens D");
  }
  const std::string& path = args.positional.front();
  TF_ASSIGN_OR_RETURN(const LlmRunOptions options, ReadLlmOptions(args));
  TF_ASSIGN_OR_RETURN(const std::string text, ReadFile(path, InputKind::kJsonConfig));
  TF_ASSIGN_OR_RETURN(const HfModel hf, ParseHfConfig(text, path, options.seq_len.value_or(0)));
  Result<LlmEstimate> estimate =
      EstimateLlm(hf.model, options.convention, options.convention_options, options.stages);
  if (!estimate.ok()) return estimate.status().WithContext(path);
  return WriteLlmReport(*estimate, options, &hf, out);
}

}  // namespace trainflops::cli
