// The field tables of request_fields.h. Each row names a member of the
// typed request; sub-requests (training, uncertainty, language model, phase)
// are shared tables reached through their member.
#include "trainflops/request_fields.h"

#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

#include "core/text.h"
#include "field_rows.h"
#include "trainflops/defaults.h"
#include "trainflops/field_names.h"
#include "trainflops/input_limits.h"
#include "trainflops/units.h"

namespace trainflops {

InputKind InputKindFor(FileRole role, std::string_view name) {
  const std::string lower = ToLower(name);
  switch (role) {
    case FileRole::kCheckpoint:
      return InputKind::kCheckpoint;
    case FileRole::kHardwareTable:
      return InputKind::kHardwareTable;
    case FileRole::kEvidence:
      return InputKind::kEvidence;
    case FileRole::kDataset:
      return lower.ends_with(".jsonl") || lower.ends_with(".ndjson") ? InputKind::kJsonLines
                                                                     : InputKind::kCsv;
    case FileRole::kModel:
      break;
  }
  if (lower.ends_with(".onnx")) return InputKind::kOnnx;
  return lower.ends_with(".json") ? InputKind::kJsonConfig : InputKind::kSpec;
}

FieldValue FieldValue::Text(std::string text) { return List({std::move(text)}); }
FieldValue FieldValue::List(std::vector<std::string> texts) {
  FieldValue v;
  v.texts = std::move(texts);
  return v;
}
FieldValue FieldValue::Flag(bool flag) {
  FieldValue v;
  v.flag = flag;
  return v;
}
FieldValue FieldValue::File(InputFile file) {
  FieldValue v;
  v.file = std::move(file);
  return v;
}

Status UnknownField(std::string_view name, const std::vector<std::string>& accepted) {
  return Status::InvalidArgument("unknown field '" + Abbreviate(std::string(name)) + "'" +
                                 DidYouMean(name, accepted) + " (accepted: " + JoinNames(accepted) +
                                 ")");
}

const RequestFields<UncertaintyRequest>& UncertaintyFields() {
  using namespace field_rows;
  using R = UncertaintyRequest;
  static const RequestFields<R> t = {
      Flag("uncertainty", &R::uncertainty,
           FlagDoc("give assumptions their default ranges (utilization, backward/forward ratio, "
                   "guessed precision, imputed peak; docs/uncertainty.md) and report a 90% "
                   "interval")),
      Text("samples", &R::samples,
           NumberDoc("N", "Monte Carlo samples (default {default}; at most 1e8)",
                     WithThousands(kDefaultSamples))),
      Text("seed", &R::seed,
           NumberDoc("S", "Monte Carlo seed (default {default}; printed with every result)",
                     std::to_string(kDefaultSeed))),
      List("quantiles", &R::quantiles,
           NumberDoc("P", "also report the P quantile, P in (0, 1); repeatable"))};
  return t;
}

const RequestFields<TrainingRequest>& TrainingFields() {
  using namespace field_rows;
  using R = TrainingRequest;
  static const RequestFields<R> t = {
      Text("epochs", &R::epochs,
           NumberDoc("N", "passes over the data (overrides training.epochs) [range]")),
      Text("examples", &R::examples,
           NumberDoc("N", "examples per epoch (overrides the spec) [range]")),
      Text("batches", &R::batches, NumberDoc("N", "batches per epoch (with `batch_size`) [range]")),
      Text("batch_size", &R::batch_size,
           NumberDoc("N", "examples per batch (with `batches`) [range]")),
      Text("tokens_per_sequence", &R::tokens_per_sequence,
           NumberDoc("N", "average tokens per sequence, for per-token parts")),
      Text("bp_ratio", &R::bp_ratio,
           NumberDoc("R",
                     "backward/forward ratio: a number (default {default}), 'table' or "
                     "'per-layer'",
                     FormatCount(kDefaultBpRatio))),
      Text(
          "batch_regime", &R::batch_regime,
          ChoiceDoc("large|small", "for `bp_ratio` table: large batches (or heavy conv) or small")),
      Text("formula", &R::formula,
           ChoiceDoc("exact|approx", "Table 1's exact terms (default) or its approximate form"))};
  return t;
}

const RequestFields<LlmRequest>& LlmFields() {
  using namespace field_rows;
  using R = LlmRequest;
  static const RequestFields<R> t = [] {
    RequestFields<R> table = {
        Text("tokens", &R::tokens,
             NumberDoc("D", "pre-training tokens (SI suffixes: 2T, 300B) [range]")),
        List("stages", &R::stages,
             TextDoc("NAME:TOKENS[:forward]",
                     "a training stage (fine-tuning, RL...); repeatable; ':forward' = forward "
                     "passes only (synthetic-data generation, rollouts); TOKENS [range]")),
        Text("seq_len", &R::seq_len,
             NumberDoc("T", "training sequence length (for the attention terms)")),
        Text(
            "convention", &R::convention,
            ChoiceDoc("NAME", "6nd (default), kaplan, palm, chinchilla or megatron (docs/llm.md)")),
        Text("attention", &R::attention,
             ChoiceDoc("causal|full",
                       "count the keys a causal query sees (T/2; w - w²/2T in a window of w) or "
                       "the whole span (T; w) in the attention-score terms (default: as each "
                       "paper counts them); each layer's span follows the config (sliding "
                       "window, chunk)")),
        Text("recompute", &R::recompute,
             ChoiceDoc("none|selective|full",
                       "activation recomputation: reported as hardware FLOP, separately from "
                       "model FLOP")),
        Flag("thresholds", &R::thresholds,
             FlagDoc("check the total against the legal compute thresholds")),
        Text("range", &R::range,
             TextDoc("LOW..HIGH",
                     "uncertainty range of the total, for the threshold check (default: the 90% "
                     "interval when inputs are ranges)"))};
    AddAll(table, UncertaintyFields(), [](R& r) -> UncertaintyRequest& { return r.uncertainty; });
    return table;
  }();
  return t;
}

namespace {

// A phase field: its member and description. PhaseFields (hardware_request.h)
// and PhaseRequestFields are both made from these rows.
struct PhaseRow {
  const char* name;
  std::optional<std::string> PhaseRequest::*member;
  FieldDoc doc;
};

const std::vector<PhaseRow>& PhaseRows() {
  using namespace field_rows;
  using R = PhaseRequest;
  static const std::vector<PhaseRow> rows = {
      {"chip", &R::chip,
       TextDoc("NAME",
               "hardware as named in papers ('V100', 'TPU v3'); starts a phase; 'unknown' "
               "imputes from `year`")},
      {"count", &R::count, NumberDoc("N", "number of chips [range]")},
      {"time", &R::time,
       NumberDoc("DURATION",
                 "wall-clock training time: '14.8 days', '355h', '2 weeks', '3 months' [range]")},
      {"chip_hours", &R::chip_hours,
       NumberDoc("H", "total chip-hours instead of `count` and `time` [range]")},
      {"chip_days", &R::chip_days, NumberDoc("D", "total chip-days (e.g. 2500 V100-days) [range]")},
      {"precision", &R::precision,
       ChoiceDoc("P",
                 "fp64|fp32|tf32|fp16|bf16|fp8|int8 (default: the rule of Sevilla et al. 2022)")},
      {"tensor_cores", &R::tensor_cores,
       ChoiceDoc("yes|no",
                 "yes: tensor-core peak attainable; no: plain FP16 rate (default: tensor peak "
                 "with utilization 0.30)")},
      {"utilization", &R::utilization,
       NumberDoc("U",
                 "in (0, 1], a percentage, or openai-gpu|openai-cpu|epoch-llm|epoch-other "
                 "[range]")},
      {"peak_flops", &R::peak_flops,
       NumberDoc("F", "peak FLOP/s per chip, replacing the table's ('125 TFLOPS') [range]")},
      {"tdp", &R::tdp,
       NumberDoc("W", "power per chip in watts, for `energy` (default: the table's TDP)")},
      {"price_per_chip_hour", &R::price_per_chip_hour,
       NumberDoc("USD", "price of one chip-hour: adds the cost")},
  };
  return rows;
}

}  // namespace

const std::vector<PhaseField>& PhaseFields() {
  static const std::vector<PhaseField> fields = [] {
    std::vector<PhaseField> out;
    for (const PhaseRow& row : PhaseRows()) out.push_back({row.name, row.member});
    return out;
  }();
  return fields;
}

const RequestFields<PhaseRequest>& PhaseRequestFields() {
  using namespace field_rows;
  static const RequestFields<PhaseRequest> t = [] {
    RequestFields<PhaseRequest> table;
    for (const PhaseRow& row : PhaseRows()) table.push_back(Text(row.name, row.member, row.doc));
    return table;
  }();
  return t;
}

const RequestFields<SpecModel>& SpecModelFields() {
  using namespace field_rows;
  using R = SpecModel;
  static const RequestFields<R> t = [] {
    RequestFields<R> table;
    AddAll(table, TrainingFields(), [](R& r) -> TrainingRequest& { return r.training; });
    table.insert(table.end(),
                 {Text("unit", &R::unit,
                       ChoiceDoc("flop|mac|pfs-day",
                                 "unit of the printed figures (JSON is always in FLOP)")),
                  Flag("show_layers", &R::show_layers)});
    return table;
  }();
  return t;
}

const RequestFields<OnnxModel>& OnnxGraphFields() {
  using namespace field_rows;
  using R = OnnxModel;
  static const RequestFields<R> t = {
      List("dims", &R::dims,
           TextDoc("NAME=N", "value of a symbolic dimension (repeatable), e.g. batch_size=1")),
      Text("examples_per_run", &R::examples_per_run,
           NumberDoc("N", "examples one run of the graph processes (default {default})",
                     FormatCount(kDefaultExamplesPerRun))),
      Flag("strict", &R::strict,
           FlagDoc("stop at the first node whose input shapes are unknown (default: leave "
                   "it and the nodes after it uncounted, and give a lower bound)"))};
  return t;
}

const RequestFields<HfConfigModel>& HfConfigFields() {
  using namespace field_rows;
  using R = HfConfigModel;
  static const RequestFields<R> t = [] {
    RequestFields<R> table = {File("checkpoint", &R::checkpoint, FileRole::kCheckpoint,
                                   TextDoc("FILE",
                                           "cross-check the parameter count with a checkpoint: "
                                           "model.safetensors.index.json (default: the one beside "
                                           "the config, if any), a .safetensors shard or a .gguf "
                                           "file (headers only)"))};
    // A config.json's language-model fields; its thresholds and uncertainty
    // are the estimate's own.
    AddAll(table,
           Only(LlmFields(),
                {"tokens", "stages", "seq_len", "convention", "attention", "recompute", "range"}),
           [](R& r) -> LlmRequest& { return r.llm; });
    return table;
  }();
  return t;
}

namespace {

// A field of one kind of model file given after another kind's.
Status OtherKind(const std::string& name, std::string_view kind, std::string_view other) {
  return Status::InvalidArgument(FieldRef(name) + " applies to " + std::string(kind) +
                                 ", but this request already sets fields of " + std::string(other) +
                                 ": a request is for one kind of model file");
}

// The rows of `sub` named in `names` (all when empty), setting the options of
// their kind (SpecOptionsOf...) or refused when another kind's are set.
template <typename M>
void AddOptions(RequestFields<EstimateRequest>& table, const RequestFields<M>& sub,
                const std::vector<std::string>& names) {
  using namespace field_rows;
  const RequestFields<M> rows = names.empty() ? sub : Only(sub, names);
  if constexpr (std::is_same_v<M, SpecModel>) {
    AddAllOrRefuse(table, rows, SpecOptionsOf, [](const std::string& name) {
      return OtherKind(name, "a model spec or an ONNX graph", "a Hugging Face config.json");
    });
  } else if constexpr (std::is_same_v<M, OnnxModel>) {
    AddAllOrRefuse(table, rows, OnnxOptionsOf, [](const std::string& name) {
      return OtherKind(name, "an ONNX graph", "a Hugging Face config.json");
    });
  } else {
    AddAllOrRefuse(table, rows, HfConfigOptionsOf, [](const std::string& name) {
      return OtherKind(name, "a Hugging Face config.json", "a model spec or an ONNX graph");
    });
  }
}

}  // namespace

const RequestFields<EstimateRequest>& EstimateFields() {
  using namespace field_rows;
  using R = EstimateRequest;
  static const RequestFields<R> t = [] {
    // In the order of the command line's help for each kind of model file
    // (a spec, an ONNX graph, a config.json), which lists its options in
    // table order: hence the kinds' rows split around `thresholds`.
    RequestFields<R> table = {File("model", &R::model, FileRole::kModel)};
    AddOptions(table, SpecModelFields(), FieldNames(TrainingFields()));
    AddAll(table, UncertaintyFields(), [](R& r) -> UncertaintyRequest& { return r.uncertainty; });
    AddOptions(
        table, HfConfigFields(),
        {"checkpoint", "tokens", "stages", "seq_len", "convention", "attention", "recompute"});
    AddOptions(table, OnnxGraphFields(), {});
    AddOptions(table, SpecModelFields(), {"unit"});
    table.push_back(Flag("thresholds", &R::thresholds, DocOf(LlmFields(), "thresholds")));
    AddOptions(table, HfConfigFields(), {"range"});
    AddOptions(table, SpecModelFields(), {"show_layers"});
    return table;
  }();
  return t;
}

}  // namespace trainflops
