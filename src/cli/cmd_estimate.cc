// `trainflops estimate FILE`: a model spec, an ONNX graph or a Hugging Face
// config.json, each with its own options, mapped onto EstimateRequest.
#include "args.h"
#include "cite_output.h"
#include "commands.h"
#include "core/text.h"
#include "request_options.h"
#include "trainflops/checkpoint_file.h"
#include "trainflops/estimate_request.h"
#include "trainflops/hf_config.h"
#include "trainflops/hub_cache.h"

namespace trainflops::cli {
namespace {

const std::vector<OptionSpec>& SpecOptions() {
  static const std::vector<OptionSpec> specs = [] {
    std::vector<OptionSpec> s = Method1OptionSpecs();
    s.insert(s.end(), UncertaintyOptionSpecs().begin(), UncertaintyOptionSpecs().end());
    s.push_back(
        {"--unit", "flop|mac|pfs-day", "unit of the printed figures (JSON is always in FLOP)"});
    s.push_back({"--no-layers", "", "omit the per-layer table"});
    s.push_back({"--thresholds", "", "check the total against the legal compute thresholds"});
    s.push_back({"--json", "", "print one JSON object instead of the report"});
    s.push_back(CiteOption());
    s.push_back({"--help", "", "show this help"});
    return s;
  }();
  return specs;
}

// The Method 1 options shared with spec files and compare, then the graph's own.
const std::vector<OptionSpec>& OnnxOptions() {
  static const std::vector<OptionSpec> specs = [] {
    std::vector<OptionSpec> all = Method1OptionSpecs();
    all.insert(all.end(), UncertaintyOptionSpecs().begin(), UncertaintyOptionSpecs().end());
    const std::vector<OptionSpec> own = {
        {"--dim", "NAME=N", "value of a symbolic dimension (repeatable), e.g. batch_size=1", true},
        {"--examples-per-run", "N", "examples one run of the graph processes (default 1)"},
        {"--strict", "",
         "stop at the first node whose input shapes are unknown (default: leave it and the "
         "nodes after it uncounted, and give a lower bound)"},
        {"--unit", "flop|mac|pfs-day", "unit of the printed figures (JSON is always in FLOP)"},
        {"--no-layers", "", "omit the per-node table"},
        {"--json", "", "print one JSON object instead of the report"},
        CiteOption(),
        {"--help", "", "show this help"},
    };
    all.insert(all.end(), own.begin(), own.end());
    return all;
  }();
  return specs;
}

// A Hugging Face config.json: the language-model options and a checkpoint.
const std::vector<OptionSpec>& HfConfigOptions() {
  static const std::vector<OptionSpec> specs = [] {
    std::vector<OptionSpec> all = LlmCommonOptions();
    all.insert(all.begin(),
               {"--checkpoint", "FILE",
                "cross-check the parameter count with a checkpoint: "
                "model.safetensors.index.json (default: the one beside the config, if any), a "
                ".safetensors shard or a .gguf file (headers only)"});
    return all;
  }();
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
  const std::optional<std::string> given = args.Get("--checkpoint");
  r.checkpoint_found_beside = !given;
  // The model's own name: a repository id's is its snapshot's config.json.
  const std::string path =
      given ? *given : PathBeside(r.model.name(), "model.safetensors.index.json");
  if (path == r.model.name()) return Status::Ok();
  Result<InputFile> file = open(path, InputKind::kCheckpoint);
  if (file.ok()) {
    r.checkpoint = *std::move(file);
  } else if (!r.checkpoint_found_beside) {
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
  TF_RETURN_IF_ERROR(SetFromOptions(TrainingFields(), args, open, r.training));
  TF_RETURN_IF_ERROR(SetFromOptions(UncertaintyFields(), args, open, r.uncertainty));
  r.thresholds = args.Has("--thresholds");
  r.dims = AllValues(args, "--dim");
  r.examples_per_run = args.Get("--examples-per-run");
  r.strict = args.Has("--strict");
  if (kind == Kind::kHfConfig) TF_RETURN_IF_ERROR(SetFromOptions(LlmFields(), args, open, r.llm));
  r.unit = args.Get("--unit");
  r.show_layers = !args.Has("--no-layers");
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
