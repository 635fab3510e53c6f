// `trainflops tokens --params N --tokens D`: TokensRequest from the command
// line.
#include "commands.h"
#include "request_options.h"
#include "trainflops/checkpoint_file.h"
#include "trainflops/request_fields.h"
#include "trainflops/tokens_request.h"

namespace trainflops::cli {
namespace {

// TokensFields (LlmOptionsOf). A checkpoint and its config are given as
// --params FILE.
std::vector<OptionSpec> TokensOptions() {
  return LlmOptionsOf(TokensFields(), {"params_checkpoint", "checkpoint_config"});
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
  TF_RETURN_IF_ERROR(SetFromOptions(TokensFields(), args, open, r));
  if (r.params && CheckpointKindOf(*r.params) != CheckpointKind::kNotAFile) {
    TF_RETURN_IF_ERROR(OpenParamsCheckpoint(*r.params, open, r));
    r.params.reset();
  }
  call.json = args.Has("--json");
  call.cite = args.Has("--cite");
  call.run = LibraryCall(std::move(r));
  return call;
}

}  // namespace trainflops::cli
