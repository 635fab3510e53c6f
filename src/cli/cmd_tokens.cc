// `trainflops tokens --params N --tokens D`: TokensRequest from the command
// line.
#include "commands.h"
#include "request_options.h"
#include "trainflops/checkpoint_file.h"
#include "trainflops/tokens_request.h"

namespace trainflops::cli {
namespace {

std::vector<OptionSpec> TokensOptions() {
  std::vector<OptionSpec> specs = {
      {"--params", "N|FILE",
       "parameters (total; 6ND uses it, or --active-params for MoE) [range], or a checkpoint "
       "to count them from: model.safetensors.index.json (with the config.json beside it), a "
       ".safetensors or a .gguf file (headers only)"},
      {"--active-params", "A", "parameters used per token (mixture of experts) [range]"},
      {"--layers", "L", "transformer blocks"},
      {"--d-model", "H", "hidden size"},
      {"--heads", "N", "attention heads"},
      {"--head-dim", "Q", "width of one head (default d_model / heads)"},
      {"--vocab", "V", "vocabulary size"},
      {"--d-ff", "F", "MLP width (default 4 x d_model)"},
      {"--gated", "", "gated MLP (SwiGLU/GeGLU: three matrices)"},
  };
  for (OptionSpec& s : LlmCommonOptions()) specs.push_back(std::move(s));
  return specs;
}

// --params FILE: a checkpoint, with the config.json beside an index.
Status OpenParamsCheckpoint(const std::string& path, const FileOpener& open, TokensRequest& r) {
  TF_ASSIGN_OR_RETURN(r.params_checkpoint, open(path, InputKind::kCheckpoint));
  if (CheckpointKindOf(path) != CheckpointKind::kIndex) return Status::Ok();
  // Without it the library says that the bytes per value need it.
  Result<InputFile> config = open(PathBeside(path, "config.json"), InputKind::kJsonConfig);
  if (config.ok()) r.checkpoint_config = *std::move(config);
  return Status::Ok();
}

}  // namespace

Result<Call> ParseTokens(const std::vector<std::string>& words, const FileOpener& open) {
  const std::vector<OptionSpec> specs = TokensOptions();
  TF_ASSIGN_OR_RETURN(const ParsedArgs args, ParseArgs(words, specs));
  Call call;
  if (args.Has("--help")) {
    call.help =
        "usage: trainflops tokens --params N --tokens D [--active-params A] [options]\n\n"
        "Training compute of a language model from its parameters and tokens: 6ND by\n"
        "default, or an attention-aware convention with the model's dimensions.\n" +
        RangeHelp() + "\noptions:\n" + OptionsHelp(specs);
    return call;
  }
  if (!args.positional.empty()) {
    return Status::InvalidArgument("unexpected argument '" + args.positional.front() +
                                   "'; usage: trainflops tokens --params N --tokens D");
  }
  TokensRequest r;
  r.params = args.Get("--params");
  if (r.params && CheckpointKindOf(*r.params) != CheckpointKind::kNotAFile) {
    TF_RETURN_IF_ERROR(OpenParamsCheckpoint(*r.params, open, r));
    r.params.reset();
  }
  r.active_params = args.Get("--active-params");
  r.layers = args.Get("--layers");
  r.d_model = args.Get("--d-model");
  r.heads = args.Get("--heads");
  r.head_dim = args.Get("--head-dim");
  r.vocab = args.Get("--vocab");
  r.d_ff = args.Get("--d-ff");
  r.gated = args.Has("--gated");
  TF_RETURN_IF_ERROR(SetFromOptions(LlmFields(), args, open, r.llm));
  call.json = args.Has("--json");
  call.cite = args.Has("--cite");
  call.run = LibraryCall(std::move(r));
  return call;
}

}  // namespace trainflops::cli
