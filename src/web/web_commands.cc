#include "web_commands.h"

#include <algorithm>

#include "api.h"
#include "core/text.h"
#include "cost.h"
#include "trainflops/checkpoint.h"
#include "trainflops/ledger_request.h"
#include "trainflops/request_fields.h"
#include "web_words.h"

namespace trainflops::web {
namespace {

// What a word without "--" fills: none, the listed fields in order, with
// the words beyond them repeating the last (layer's KEY=VALUE dimensions) or
// joined to it with spaces (an amount such as "22 pfs-days").
enum class Rest { kRefused, kRepeat, kJoin };

template <typename R>
struct Shape {
  const RequestFields<R>& (*table)();
  std::vector<std::string> positional;
  Rest rest = Rest::kRefused;
  // Hardware and compare: where the phases go (several --chip).
  std::vector<PhaseRequest>* (*phases)(R&) = nullptr;
  // Before the fields are set (words with a meaning of their own).
  Status (*prepare)(SortedWords&, const UploadOpener&) = nullptr;
  // After: what the request still needs from the uploads.
  Status (*finish)(R&, const UploadOpener&) = nullptr;
  // The report's printable page: the command takes --format markdown|json|html.
  std::string (*html)(const Report&) = nullptr;
};

// --format's value, taken out of the collected fields: "" when not given.
Result<std::string> TakeFormat(SortedWords& sorted) {
  const std::vector<std::string>* values = sorted.options.Find("format");
  if (values == nullptr) return std::string();
  static const std::vector<std::string> kFormats = {"markdown", "json", "html"};
  const std::string format = values->back();
  if (values->size() != 1 ||
      std::find(kFormats.begin(), kFormats.end(), format) == kFormats.end()) {
    return Status::InvalidArgument("--format: '" + Abbreviate(format) + "' is not accepted" +
                                   (values->size() != 1 ? std::string(" (given twice)") : "") +
                                   DidYouMean(format, kFormats) +
                                   " (accepted: " + JoinNames(kFormats) + ")");
  }
  sorted.options.Erase("format");
  return format;
}

Status AddPositional(SortedWords& sorted, const std::vector<std::string>& all, Rest rest) {
  // A positional field already given by name takes no word (`type=conv2d`
  // with the words h=32 ...: the words are the dimensions).
  std::vector<std::string> fields;
  for (const std::string& f : all) {
    const bool repeats_last = rest == Rest::kRepeat && f == all.back();
    if (sorted.options.Find(f) == nullptr || repeats_last) fields.push_back(f);
  }
  const std::vector<std::string>& words = sorted.positional;
  for (size_t k = 0; k < words.size(); ++k) {
    if (fields.empty() || (k >= fields.size() && rest == Rest::kRefused)) {
      return Status::InvalidArgument("unexpected word '" + Abbreviate(words[k]) + "' (" +
                                     (fields.empty()
                                          ? std::string("this command takes fields only")
                                          : "this command takes " + JoinNames(fields, " then ")) +
                                     "; a field is written --name value)");
    }
    sorted.options.Add(fields[std::min(k, fields.size() - 1)], words[k]);
  }
  if (rest == Rest::kJoin && !fields.empty()) {
    if (const std::vector<std::string>* values = sorted.options.Find(fields.back())) {
      const std::string joined = JoinNames(*values, " ");
      sorted.options.Erase(fields.back());
      sorted.options.Add(fields.back(), joined);
    }
  }
  return Status::Ok();
}

template <typename R>
Result<WebCall> ParseWith(const char* name, const Shape<R>& shape,
                          const std::vector<WebInput>& inputs, const UploadOpener& open,
                          const ApiOptions& options) {
  const RequestFields<R>& table = shape.table();
  WordRules rules = RulesOf(table, shape.phases != nullptr);
  if (shape.html) rules.fields.push_back("format");
  TF_ASSIGN_OR_RETURN(SortedWords sorted, SortWords(inputs, rules));
  WebCall call;
  if (sorted.help) {
    call.help = FieldsHelp(name, table, shape.positional);
    return call;
  }
  call.cite = sorted.cite;
  if (shape.html) {
    TF_ASSIGN_OR_RETURN(call.format, TakeFormat(sorted));
    call.html = shape.html;
  }
  TF_RETURN_IF_ERROR(AddPositional(sorted, shape.positional, shape.rest));
  if (shape.prepare) TF_RETURN_IF_ERROR(shape.prepare(sorted, open));
  R request{};
  TF_RETURN_IF_ERROR(Apply(table, sorted.options, open, request));
  for (size_t i = 0; i < sorted.phases.size(); ++i) {
    PhaseRequest phase;
    const Status set = Apply(PhaseRequestFields(), sorted.phases[i], open, phase);
    if (!set.ok()) {
      return set.WithContext("phase " + std::to_string(i + 1) + " (--chip '" +
                             Abbreviate(sorted.phases[i].Find("chip")->front()) + "')");
    }
    shape.phases(request)->push_back(std::move(phase));
  }
  if (shape.finish) TF_RETURN_IF_ERROR(shape.finish(request, open));
  TF_RETURN_IF_ERROR(CheckRequestCost(request, options));
  call.run = [request = std::move(request)]() -> Result<std::unique_ptr<Report>> {
    auto result = trainflops::Run(request);
    if (!result.ok()) return result.status();
    return std::unique_ptr<Report>(
        std::make_unique<std::decay_t<decltype(*result)>>(std::move(*result)));
  };
  return call;
}

template <typename R>
WebCommand Command(const char* name, const char* summary, Shape<R> shape) {
  return {name, summary, shape.positional,
          [name, shape](const std::vector<WebInput>& inputs, const UploadOpener& open,
                        const ApiOptions& options) {
            return ParseWith(name, shape, inputs, open, options);
          }};
}

// A Hugging Face config.json is compared with the model.safetensors.index.json
// uploaded beside it, when there is one and no `checkpoint` names another.
Status CheckpointBeside(EstimateRequest& r, const UploadOpener& open) {
  if (r.model.empty() || DetectModelFileKind(r.model) != ModelFileKind::kHfConfig) {
    return Status::Ok();
  }
  HfConfigModel* config = HfConfigOptionsOf(r);  // nullptr: Run() names the fields
  if (config == nullptr || !config->checkpoint.empty()) return Status::Ok();
  config->checkpoint_found_beside = true;
  Result<InputFile> index = open("model.safetensors.index.json", InputKind::kCheckpoint);
  if (index.ok()) config->checkpoint = *std::move(index);
  return Status::Ok();
}

// An evidence file's (or a run record's) own `samples` key is held to the
// API's limit, as the `samples` field is (cost.cc): each line (phase) is a
// Monte Carlo run of its own.
template <typename R>
Status SamplesLimit(R& r, const UploadOpener&) {
  r.max_samples = static_cast<std::size_t>(kApiMaxSamples);
  return Status::Ok();
}

// tokens --params FILE: an uploaded checkpoint (by its name) is counted,
// with the config.json uploaded beside an index for its bytes per value.
Status ParamsCheckpoint(SortedWords& sorted, const UploadOpener& open) {
  const std::vector<std::string>* params = sorted.options.Find("params");
  if (params == nullptr || params->size() != 1) return Status::Ok();
  const std::string file = params->front();
  const CheckpointKind kind = CheckpointKindOf(file);
  if (kind == CheckpointKind::kNotAFile) return Status::Ok();
  sorted.options.Erase("params");
  sorted.options.Add("params_checkpoint", file);
  if (kind == CheckpointKind::kIndex && open("config.json", InputKind::kJsonConfig).ok()) {
    sorted.options.Add("checkpoint_config", "config.json");
  }
  return Status::Ok();
}

// chips show NAME: the words "show A100" name one chip (the `show` field).
Status ChipsShow(SortedWords& sorted, const UploadOpener&) {
  const std::vector<std::string>* filter = sorted.options.Find("filter");
  if (filter != nullptr && filter->front() == "show" && sorted.positional.size() == 1) {
    return Status::InvalidArgument("show needs a chip NAME (e.g. the words show A100)");
  }
  if (filter == nullptr || !filter->front().starts_with("show ")) return Status::Ok();
  const std::string name = filter->front().substr(5);
  sorted.options.Erase("filter");
  sorted.options.Add("show", name);
  return Status::Ok();
}

// The report of the ledger command is the library's LedgerReport (Run's).
std::string LedgerHtml(const Report& report) {
  return static_cast<const LedgerReport&>(report).Html();
}

std::vector<PhaseRequest>* HardwarePhases(HardwareRequest& r) { return &r.phases; }
std::vector<PhaseRequest>* ComparePhases(CompareRequest& r) { return &r.hardware.phases; }

}  // namespace

const std::vector<WebCommand>& WebCommands() {
  static const std::vector<WebCommand> commands = {
      Command("estimate", "Method 1 from a model file (spec, ONNX graph or config.json)",
              Shape<EstimateRequest>{
                  .table = EstimateFields, .positional = {"model"}, .finish = CheckpointBeside}),
      Command("layer", "the parameters and FLOP of one layer (or the catalogue, --list)",
              Shape<LayerRequest>{
                  .table = LayerFields, .positional = {"type", "dims"}, .rest = Rest::kRepeat}),
      Command("hardware", "Method 2: chips x time x peak FLOP/s x utilization",
              Shape<HardwareRequest>{
                  .table = HardwareFields, .positional = {}, .phases = HardwarePhases}),
      Command("compare", "Method 1 against Method 2, with the utilization that reconciles them",
              Shape<CompareRequest>{
                  .table = CompareFields, .positional = {"model"}, .phases = ComparePhases}),
      Command("chips", "the hardware table: peak FLOP/s by number format",
              Shape<ChipsRequest>{.table = ChipsFields,
                                  .positional = {"filter"},
                                  .rest = Rest::kJoin,
                                  .prepare = ChipsShow}),
      Command("tokens", "6ND and the other conventions for language models",
              Shape<TokensRequest>{
                  .table = TokensFields, .positional = {}, .prepare = ParamsCheckpoint}),
      Command("thresholds", "a figure against the legal compute thresholds",
              Shape<ThresholdsRequest>{
                  .table = ThresholdsFields, .positional = {"flop"}, .rest = Rest::kJoin}),
      Command(
          "units", "an amount of compute in FLOP, multiply-adds and petaflop/s-days",
          Shape<UnitsRequest>{.table = UnitsFields, .positional = {"amount"}, .rest = Rest::kJoin}),
      Command("evidence", "lines of indirect evidence about one model, combined",
              Shape<EvidenceFileRequest>{
                  .table = EvidenceFields, .positional = {"evidence"}, .finish = SamplesLimit}),
      Command("ledger", "a run record's compute statement under each regime's counting rules",
              Shape<LedgerFileRequest>{.table = LedgerFields,
                                       .positional = {"run"},
                                       .finish = SamplesLimit,
                                       .html = LedgerHtml}),
      Command("trend", "the growth of training compute over time, fitted with a bootstrap",
              Shape<TrendRequest>{.table = TrendFields, .positional = {}}),
  };
  return commands;
}

const WebCommand* FindWebCommand(std::string_view name) {
  for (const WebCommand& c : WebCommands()) {
    if (c.name == name) return &c;
  }
  return nullptr;
}

std::vector<std::string> CommandLineWords(const std::vector<WebInput>& inputs,
                                          const std::vector<std::string>& positional) {
  std::vector<std::string> words;
  for (const WebInput& in : inputs) {
    const std::string field = in.is_word ? "" : FieldOfOption(in.text);
    if (in.is_word) {
      words.push_back(in.text);
    } else if (in.value &&
               std::find(positional.begin(), positional.end(), field) != positional.end()) {
      words.push_back(*in.value);
    } else {
      words.push_back(OptionOf(field) + (in.value ? "=" + *in.value : ""));
    }
  }
  return words;
}

std::string WebWording(std::string_view message, const std::vector<std::string>& positional) {
  return RenameFields(message, [&positional](std::string_view field) {
    const std::string name(field);
    if (std::find(positional.begin(), positional.end(), name) != positional.end()) return name;
    return OptionOf(name);
  });
}

}  // namespace trainflops::web
