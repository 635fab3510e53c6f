// `trainflops estimate FILE`: a model spec, an ONNX graph or a Hugging Face
// config.json, each with its own options, mapped onto EstimateRequest.
#include <initializer_list>
#include <string>
#include <vector>

#include "args.h"
#include "cite_output.h"
#include "commands.h"
#include "core/text.h"
#include "request_options.h"
#include "trainflops/checkpoint_file.h"
#include "trainflops/estimate_request.h"
#include "trainflops/hf_config.h"
#include "trainflops/hub_cache.h"
#include "trainflops/request_fields.h"

namespace trainflops::cli {
namespace {

// The rows of EstimateFields with no option: `model` is the FILE word, and
// `show_layers` is set by --no-layers, its negation, worded per kind.
const std::vector<std::string> kNoOption = {"model", "show_layers"};
// The rows only a config.json takes, and those only an ONNX graph takes.
const std::vector<std::string> kConfigOnly = FieldNames(HfConfigFields());
const std::vector<std::string> kOnnxOnly = FieldNames(OnnxGraphFields());

std::vector<std::string> Joined(std::initializer_list<std::vector<std::string>> lists) {
  std::vector<std::string> all;
  for (const std::vector<std::string>& names : lists)
    all.insert(all.end(), names.begin(), names.end());
  return all;
}

// The options of EstimateFields but `except`, with --no-layers (after
// --unit), --json, --cite and --help.
std::vector<OptionSpec> GraphOptions(const std::vector<std::string>& except,
                                     const std::string& no_layers_help) {
  return InsertAfter(AroundOptionsOf({}, EstimateFields(), except,
                                     {{"--json", "", "print one JSON object instead of the report"},
                                      CiteOption(),
                                      {"--help", "", "show this help"}}),
                     "--unit", {{"--no-layers", "", no_layers_help}});
}

const std::vector<OptionSpec>& SpecOptions() {
  static const std::vector<OptionSpec> specs =
      GraphOptions(Joined({kNoOption, kConfigOnly, kOnnxOnly}), "omit the per-layer table");
  return specs;
}

const std::vector<OptionSpec>& OnnxOptions() {
  static const std::vector<OptionSpec> specs =
      GraphOptions(Joined({kNoOption, kConfigOnly}), "omit the per-node table");
  return specs;
}

// A Hugging Face config.json: the language-model options and a checkpoint
// (LlmOptionsOf, as `tokens` lists them). A config has no Method 1 training
// and its report no --unit.
const std::vector<OptionSpec>& HfConfigOptions() {
  static const std::vector<OptionSpec> specs =
      LlmOptionsOf(EstimateFields(), Joined({kNoOption, kOnnxOnly, FieldNames(SpecModelFields())}));
  return specs;
}

enum class Kind { kSpec, kOnnx, kHfConfig };

// Other kinds of model file have their own options: decided by the words.
Kind KindOf(const std::vector<std::string>& words, const FileOpener& open) {
  for (const std::string& word : words) {
    if (ToLower(word).ends_with(".onnx")) return Kind::kOnnx;
    if (ToLower(word).ends_with(".json") || LooksLikeHubModelId(word)) {
      Result<InputFile> file = open(word, InputKind::kJsonConfig);
      // A repository id not in the cache: opening it again says how to fetch it.
      if (!file.ok() && LooksLikeHubModelId(word)) return Kind::kHfConfig;
      if (!file.ok()) continue;
      Result<std::string> text = file->Text();
      if (text.ok() && LooksLikeHfConfig(*text)) return Kind::kHfConfig;
    }
  }
  return Kind::kSpec;
}

std::string Help(Kind kind) {
  switch (kind) {
    case Kind::kOnnx:
      return "usage: trainflops estimate MODEL.onnx --examples N [options]\n\n"
             "Counts parameters and forward FLOP node by node from an ONNX graph (weights are\n"
             "never loaded; see docs/onnx.md), then Method 1.\n\noptions:\n" +
             OptionsHelp(OnnxOptions());
    case Kind::kHfConfig:
      return "usage: trainflops estimate config.json|OWNER/NAME[@REV] --tokens D [--seq-len T] "
             "[options]\n\n"
             "A Hugging Face config.json, or a repository id whose config.json is in the local\n"
             "Hugging Face cache ($HF_HUB_CACHE, $HF_HOME/hub or ~/.cache/huggingface/hub; never\n"
             "downloaded; REV a branch, tag or commit, default main): exact parameter counts "
             "(total, non-embedding, active),\n"
             "per-token FLOP by convention, and training compute. Families: " +
             JoinNames(SupportedModelTypes()) + ".\n" + RangeHelp() + "\noptions:\n" +
             OptionsHelp(HfConfigOptions());
    case Kind::kSpec:
      break;
  }
  return "usage: trainflops estimate FILE [options]\n\n"
         "FILE is a model spec (YAML or JSON; see docs/spec-format.md).\n" +
         RangeHelp() + "\noptions:\n" + OptionsHelp(SpecOptions());
}

std::string WrongCount(Kind kind, size_t count) {
  const std::string got = ", got " + std::to_string(count);
  switch (kind) {
    case Kind::kOnnx:
      return "expected one MODEL.onnx" + got +
             "; usage: trainflops estimate MODEL.onnx --examples N [options]";
    case Kind::kHfConfig:
      return "expected one config.json" + got +
             "; usage: trainflops estimate config.json --tokens D";
    case Kind::kSpec:
      break;
  }
  return "expected one FILE (a model spec)" + got + "; usage: trainflops estimate FILE [options]";
}

// --checkpoint FILE, else the model.safetensors.index.json beside the config
// when there is one (compared when it can be; a note says why when not). One
// beside the config that cannot be opened is passed over, but one that is
// there and refused (a pipe, a directory, a file over its cap) is an error,
// never a silent omission.
Status OpenCheckpoint(const ParsedArgs& args, const FileOpener& open, EstimateRequest& r) {
  HfConfigModel* config = HfConfigOptionsOf(r);
  if (config == nullptr) return Status::Ok();  // Run() names the fields that do not apply
  const std::optional<std::string> given = args.Get("--checkpoint");
  config->checkpoint_found_beside = !given;
  // The model's own name: a repository id's is its snapshot's config.json.
  const std::string path =
      given ? *given : PathBeside(r.model.name(), "model.safetensors.index.json");
  if (path == r.model.name()) return Status::Ok();
  Result<InputFile> file = open(path, InputKind::kCheckpoint);
  if (file.ok()) {
    config->checkpoint = *std::move(file);
  } else if (!config->checkpoint_found_beside) {
    return file.status().WithContext("--checkpoint");
  } else if (file.status().code() == StatusCode::kInvalidArgument) {
    return file.status().WithContext("the index beside the config");
  }
  return Status::Ok();
}

}  // namespace

Result<Call> ParseEstimate(const std::vector<std::string>& words, const FileOpener& open) {
  const Kind kind = KindOf(words, open);
  const std::vector<OptionSpec> specs = kind == Kind::kOnnx       ? OnnxOptions()
                                        : kind == Kind::kHfConfig ? HfConfigOptions()
                                                                  : SpecOptions();
  TF_ASSIGN_OR_RETURN(const ParsedArgs args, ParseArgs(words, specs));
  Call call;
  if (args.Has("--help")) {
    call.help = Help(kind);
    return call;
  }
  if (args.positional.size() != 1) {
    return Status::InvalidArgument(WrongCount(kind, args.positional.size()));
  }
  EstimateRequest r;
  // A checkpoint defaults to the one beside the config (OpenCheckpoint).
  TF_RETURN_IF_ERROR(SetFromOptions(EstimateFields(), args, open, r, {"checkpoint"}));
  // A spec's or a graph's option (a config has no --no-layers).
  if (SpecModel* graph = SpecOptionsOf(r); graph && args.Has("--no-layers")) {
    graph->show_layers = false;
  }
  const std::string& model = args.positional.front();
  TF_ASSIGN_OR_RETURN(r.model, open(model, kind == Kind::kHfConfig ? InputKind::kJsonConfig
                                                                   : ModelInputKind(model)));
  if (kind == Kind::kHfConfig) TF_RETURN_IF_ERROR(OpenCheckpoint(args, open, r));
  call.json = args.Has("--json");
  call.cite = args.Has("--cite");
  call.run = LibraryCall(std::move(r));
  return call;
}

}  // namespace trainflops::cli
