// `trainflops estimate config.json --tokens D --seq-len T`: a Hugging Face
// config's exact parameter counts, per-token FLOP and training compute.
#include <ostream>

#include "commands.h"
#include "llm_options.h"
#include "trainflops/llm_report.h"
#include "trainflops/text.h"
#include "uncertainty_options.h"

namespace trainflops::cli {

namespace {

// --checkpoint FILE (an error if it cannot be read), else the
// model.safetensors.index.json beside the config when there is one (a note
// if it cannot be compared).
Status CrossCheck(const ParsedArgs& args, const std::string& config, HfModel& hf) {
  std::optional<std::string> file = args.Get("--checkpoint");
  const bool given = file.has_value();
  if (!given) {
    const size_t slash = config.find_last_of('/');
    const std::string beside = (slash == std::string::npos ? "" : config.substr(0, slash + 1)) +
                               "model.safetensors.index.json";
    if (!ReadFile(beside).ok()) return Status::Ok();
    file = beside;
  }
  Result<CheckpointCount> count = CountCheckpointFile(*file, hf.torch_dtype);
  if (!count.ok() && given) return count.status();
  if (!count.ok()) {
    hf.model.notes.push_back("checkpoint not compared: " + count.status().message());
    return Status::Ok();
  }
  hf.checkpoint = CrossCheckCheckpoint(*count, TotalParams(hf.model));
  if (hf.checkpoint->flagged) hf.model.notes.push_back(hf.checkpoint->explanation);
  return Status::Ok();
}

}  // namespace

Status RunEstimateHfConfig(const std::vector<std::string>& argv, std::ostream& out) {
  std::vector<OptionSpec> specs = LlmCommonOptions();
  specs.push_back({"--checkpoint", "FILE",
                   "cross-check the count with a checkpoint: model.safetensors.index.json "
                   "(default: the one beside the config, if any), .safetensors or .gguf"});
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
  TF_ASSIGN_OR_RETURN(const std::string text, ReadFile(path));
  TF_ASSIGN_OR_RETURN(HfModel hf, ParseHfConfig(text, path, options.seq_len.value_or(0)));
  TF_RETURN_IF_ERROR(CrossCheck(args, path, hf));
  Result<LlmEstimate> estimate =
      EstimateLlm(hf.model, options.convention, options.convention_options, options.stages);
  if (!estimate.ok()) return estimate.status().WithContext(path);
  return WriteLlmReport(*estimate, options, &hf, out);
}

}  // namespace trainflops::cli
