// The field tables of request_fields.h. Each row names a member of the
// typed request; sub-requests (training, uncertainty, language model, phase)
// are shared tables reached through their member.
#include "trainflops/request_fields.h"

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "core/text.h"
#include "trainflops/batch.h"
#include "trainflops/defaults.h"
#include "trainflops/field_names.h"
#include "trainflops/input_limits.h"
#include "trainflops/trend.h"
#include "trainflops/units.h"

namespace trainflops {
namespace {

Status OneValue(const std::string& name, const FieldValue& v) {
  if (v.texts.size() == 1) return Status::Ok();
  return Status::InvalidArgument(FieldRef(name) + ": expected one value, got " +
                                 std::to_string(v.texts.size()));
}

// The doc with "{default}" in its help replaced by the default.
FieldDoc Filled(FieldDoc doc) {
  constexpr std::string_view kMark = "{default}";
  if (const size_t at = doc.help.find(kMark); at != std::string::npos) {
    doc.help.replace(at, kMark.size(), doc.default_text);
  }
  return doc;
}

FieldDoc NumberDoc(std::string metavar = "", std::string help = "", std::string default_text = "") {
  return {FieldType::kNumber, std::move(metavar), std::move(help), std::move(default_text)};
}
FieldDoc ChoiceDoc(std::string metavar = "", std::string help = "") {
  return {FieldType::kChoice, std::move(metavar), std::move(help), ""};
}
FieldDoc TextDoc(std::string metavar = "", std::string help = "") {
  return {FieldType::kText, std::move(metavar), std::move(help), ""};
}
FieldDoc FlagDoc(std::string help) { return {FieldType::kText, "", std::move(help), ""}; }

template <typename R>
RequestField<R> Text(std::string name, std::optional<std::string> R::*member, FieldDoc doc = {}) {
  return {name, FieldKind::kText, FileRole::kModel,
          [name, member](R& r, FieldValue&& v) {
            TF_RETURN_IF_ERROR(OneValue(name, v));
            r.*member = std::move(v.texts.front());
            return Status::Ok();
          },
          Filled(std::move(doc))};
}

// A text the request needs (a layer type, an amount): a std::string member.
template <typename R>
RequestField<R> Required(std::string name, std::string R::*member, FieldDoc doc = {}) {
  return {name, FieldKind::kText, FileRole::kModel,
          [name, member](R& r, FieldValue&& v) {
            TF_RETURN_IF_ERROR(OneValue(name, v));
            r.*member = std::move(v.texts.front());
            return Status::Ok();
          },
          Filled(std::move(doc))};
}

template <typename R>
RequestField<R> List(std::string name, std::vector<std::string> R::*member, FieldDoc doc = {}) {
  return {name, FieldKind::kList, FileRole::kModel,
          [member](R& r, FieldValue&& v) {
            r.*member = std::move(v.texts);
            return Status::Ok();
          },
          Filled(std::move(doc))};
}

template <typename R>
RequestField<R> Flag(std::string name, bool R::*member, FieldDoc doc = {}) {
  return {name, FieldKind::kFlag, FileRole::kModel,
          [member](R& r, FieldValue&& v) {
            r.*member = v.flag;
            return Status::Ok();
          },
          Filled(std::move(doc))};
}

template <typename R, typename Member>  // InputFile or std::optional<InputFile>
RequestField<R> File(std::string name, Member R::*member, FileRole role, FieldDoc doc = {}) {
  return {name, FieldKind::kFile, role,
          [member](R& r, FieldValue&& v) {
            r.*member = std::move(v.file);
            return Status::Ok();
          },
          Filled(std::move(doc))};
}

// Appends the rows of `sub`, setting them on `part(request)`.
template <typename R, typename Sub, typename Part>
void AddAll(RequestFields<R>& out, const RequestFields<Sub>& sub, Part part) {
  for (const RequestField<Sub>& f : sub) {
    out.push_back({f.name, f.kind, f.role,
                   [set = f.set, part](R& r, FieldValue&& v) { return set(part(r), std::move(v)); },
                   f.doc});
  }
}

// Only the rows of `sub` named in `names`. A name with no row is a bug in
// these tables (a misspelling would silently drop a field from every front
// end), so it throws when the table is first built: every test that uses the
// table fails at once.
template <typename Sub>
RequestFields<Sub> Only(const RequestFields<Sub>& sub, const std::vector<std::string>& names) {
  for (const std::string& n : names) {
    if (std::none_of(sub.begin(), sub.end(),
                     [&n](const RequestField<Sub>& f) { return f.name == n; })) {
      throw std::logic_error("request field table: no field '" + n + "'");
    }
  }
  RequestFields<Sub> out;  // in the order of `sub`
  for (const RequestField<Sub>& f : sub) {
    if (std::find(names.begin(), names.end(), f.name) != names.end()) out.push_back(f);
  }
  return out;
}

// The description of the row `name` of `sub`, for a row of another request
// that means the same; a missing row throws as in Only.
template <typename Sub>
FieldDoc DocOf(const RequestFields<Sub>& sub, const std::string& name) {
  return Only(sub, {name}).front().doc;
}

// "KEY=VALUE" texts as pairs, for a layer's dimensions.
Status SetLayerDims(LayerRequest& r, FieldValue&& v) {
  r.dims.clear();
  for (const std::string& text : v.texts) {
    const size_t eq = text.find('=');
    if (eq == std::string::npos || eq == 0) {
      return Status::InvalidArgument(FieldRef("dims") + ": '" + Abbreviate(text) +
                                     "' is not accepted (accepted: KEY=VALUE, e.g. filters=64)");
    }
    r.dims.emplace_back(text.substr(0, eq), text.substr(eq + 1));
  }
  return Status::Ok();
}

}  // namespace

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
  static const RequestFields<PhaseRequest> t = [] {
    RequestFields<PhaseRequest> table;
    for (const PhaseRow& row : PhaseRows()) table.push_back(Text(row.name, row.member, row.doc));
    return table;
  }();
  return t;
}

const RequestFields<EstimateRequest>& EstimateFields() {
  using R = EstimateRequest;
  static const RequestFields<R> t = [] {
    // In the order of the command line's help for each kind of model file
    // (a spec, an ONNX graph, a config.json), which lists its options in
    // table order: hence the language-model rows split around `thresholds`.
    RequestFields<R> table = {File("model", &R::model, FileRole::kModel)};
    AddAll(table, TrainingFields(), [](R& r) -> TrainingRequest& { return r.training; });
    AddAll(table, UncertaintyFields(), [](R& r) -> UncertaintyRequest& { return r.uncertainty; });
    table.push_back(File("checkpoint", &R::checkpoint, FileRole::kCheckpoint,
                         TextDoc("FILE",
                                 "cross-check the parameter count with a checkpoint: "
                                 "model.safetensors.index.json (default: the one beside the "
                                 "config, if any), a .safetensors shard or a .gguf file "
                                 "(headers only)")));
    // A config.json's language-model fields; its thresholds and uncertainty
    // are the estimate's own.
    const auto llm = [](R& r) -> LlmRequest& { return r.llm; };
    AddAll(
        table,
        Only(LlmFields(), {"tokens", "stages", "seq_len", "convention", "attention", "recompute"}),
        llm);
    table.insert(
        table.end(),
        {List("dims", &R::dims,
              TextDoc("NAME=N", "value of a symbolic dimension (repeatable), e.g. batch_size=1")),
         Text("examples_per_run", &R::examples_per_run,
              NumberDoc("N", "examples one run of the graph processes (default {default})",
                        FormatCount(kDefaultExamplesPerRun))),
         Flag("strict", &R::strict,
              FlagDoc("stop at the first node whose input shapes are unknown (default: leave "
                      "it and the nodes after it uncounted, and give a lower bound)")),
         Text(
             "unit", &R::unit,
             ChoiceDoc("flop|mac|pfs-day", "unit of the printed figures (JSON is always in FLOP)")),
         Flag("thresholds", &R::thresholds, DocOf(LlmFields(), "thresholds"))});
    AddAll(table, Only(LlmFields(), {"range"}), llm);
    table.push_back(Flag("show_layers", &R::show_layers));
    return table;
  }();
  return t;
}

const RequestFields<HardwareRequest>& HardwareFields() {
  using R = HardwareRequest;
  static const RequestFields<R> t = [] {
    RequestFields<R> table = {
        Text("year", &R::year,
             NumberDoc("Y",
                       "training year: precision rule (FP32 before 2019, 16-bit from 2021 "
                       "on tensor chips) and imputation")),
        Text("llm", &R::llm,
             ChoiceDoc("yes|no", "large language model: utilization 0.30 (else 0.40)")),
        Text("industry", &R::industry,
             ChoiceDoc("yes|no", "large industry model: FP16/BF16 (default: as `llm`)")),
        Flag("energy", &R::energy, FlagDoc("add the energy: TDP x chip-hours x PUE")),
        Text("pue", &R::pue,
             NumberDoc("P",
                       "power usage effectiveness, >= 1 (default 1.0: the chips only); implies "
                       "`energy`")),
        File("hardware_db", &R::hardware_db, FileRole::kHardwareTable,
             TextDoc("FILE", "use this hardware table (same columns as data/hardware.csv)")),
        // Each command words its --unit its own way.
        Text("unit", &R::unit, ChoiceDoc("flop|mac|pfs-day")),
        Flag("thresholds", &R::thresholds,
             FlagDoc("check the training compute against the legal compute thresholds (with its "
                     "90% interval when inputs are ranges)"))};
    AddAll(table, PhaseRequestFields(), [](R& r) -> PhaseRequest& { return r.all_phases; });
    AddAll(table, UncertaintyFields(), [](R& r) -> UncertaintyRequest& { return r.uncertainty; });
    return table;
  }();
  return t;
}

const RequestFields<CompareRequest>& CompareFields() {
  using R = CompareRequest;
  static const RequestFields<R> t = [] {
    RequestFields<R> table = {
        File("model", &R::model, FileRole::kModel),
        Text("params", &R::params,
             NumberDoc("N", "Method 1 as 6 x N x D: parameters (with `tokens`)")),
        Text("tokens", &R::tokens,
             NumberDoc("D", "Method 1 as 6 x N x D: training tokens (with `params`)")),
        Text("method1_flop", &R::method1_flop,
             NumberDoc("F", "Method 1 figure taken as given ('1.1e19', '22 pfs-days')"))};
    AddAll(table, TrainingFields(), [](R& r) -> TrainingRequest& { return r.training; });
    AddAll(table, HardwareFields(), [](R& r) -> HardwareRequest& { return r.hardware; });
    return table;
  }();
  return t;
}

const RequestFields<TokensRequest>& TokensFields() {
  using R = TokensRequest;
  static const RequestFields<R> t = [] {
    RequestFields<R> table = {
        Text("params", &R::params,
             NumberDoc("N|FILE",
                       "parameters (total; 6ND uses it, or `active_params` for MoE) [range], or a "
                       "checkpoint to count them from: model.safetensors.index.json (with the "
                       "config.json beside it), a .safetensors or a .gguf file (headers only)")),
        File("params_checkpoint", &R::params_checkpoint, FileRole::kCheckpoint),
        File("checkpoint_config", &R::checkpoint_config, FileRole::kModel),
        Text("active_params", &R::active_params,
             NumberDoc("A", "parameters used per token (mixture of experts) [range]")),
        Text("layers", &R::layers, NumberDoc("L", "transformer blocks")),
        Text("d_model", &R::d_model, NumberDoc("H", "hidden size")),
        Text("heads", &R::heads, NumberDoc("N", "attention heads")),
        Text("head_dim", &R::head_dim,
             NumberDoc("Q", "width of one head (default d_model / heads)")),
        Text("vocab", &R::vocab, NumberDoc("V", "vocabulary size")),
        Text("d_ff", &R::d_ff, NumberDoc("F", "MLP width (default 4 x d_model)")),
        Flag("gated", &R::gated, FlagDoc("gated MLP (SwiGLU/GeGLU: three matrices)"))};
    AddAll(table, LlmFields(), [](R& r) -> LlmRequest& { return r.llm; });
    return table;
  }();
  return t;
}

const RequestFields<TrendRequest>& TrendFields() {
  using R = TrendRequest;
  static const TrendColumns columns;  // the defaults: Epoch AI's column names
  static const RequestFields<R> t = {
      File("data", &R::data, FileRole::kDataset,
           TextDoc("FILE", "a CSV of models (default: the bundled AI-and-Compute points)")),
      Text("date_column", &R::date_column,
           {FieldType::kText, "NAME", "publication date column, YYYY-MM-DD (default '{default}')",
            columns.date}),
      Text("compute_column", &R::compute_column,
           {FieldType::kText, "NAME", "training compute column (default '{default}')",
            columns.compute}),
      Text("name_column", &R::name_column,
           {FieldType::kText, "NAME", "model name column (default '{default}')", columns.name}),
      Text("compute_unit", &R::compute_unit,
           ChoiceDoc("UNIT", "unit of bare numbers in the compute column: flop, mac, pfs-day")),
      Text("from", &R::from, TextDoc("DATE", "keep points on or after DATE (YYYY-MM-DD)")),
      Text("to", &R::to, TextDoc("DATE", "keep points on or before DATE (YYYY-MM-DD)")),
      List("where", &R::where,
           TextDoc("COLUMN=VALUE",
                   "keep rows whose cell (or one of its comma-separated items) is VALUE")),
      List("exclude", &R::exclude, TextDoc("NAME", "leave out the model NAME")),
      Flag("include_modest", &R::include_modest,
           FlagDoc("bundled data: keep the post's 'modest compute' results")),
      List("breaks", &R::breaks,
           TextDoc("DATE", "start a new era at DATE and fit each era separately")),
      Text("bootstrap", &R::bootstrap,
           NumberDoc("N", "bootstrap resamples for the interval (default {default}; 0 for none)",
                     std::to_string(kDefaultBootstrap))),
      Text("level", &R::level,
           NumberDoc("P", "level of the interval (default {default})",
                     FormatScientific(kDefaultTrendLevel))),
      Text("seed", &R::seed,
           NumberDoc("N", "random seed of the bootstrap (default {default})",
                     std::to_string(kDefaultSeed)))};
  return t;
}

const RequestFields<BatchRequest>& BatchFields() {
  using R = BatchRequest;
  static const RequestFields<R> t = {
      File("data", &R::data, FileRole::kDataset),
      Text("format", &R::format,
           ChoiceDoc("csv|jsonl",
                     "input format (default: jsonl for .jsonl/.ndjson files, else csv)")),
      List("columns", &R::columns,
           TextDoc("KEY=NAME,...",
                   "map other column names (keys: " + JoinNames(BatchColumnKeys()) + ")")),
      Text("samples", &R::samples,
           NumberDoc("N", "Monte Carlo samples per row for the interval (default {default})",
                     std::to_string(kDefaultRowSamples))),
      Text("seed", &R::seed,
           NumberDoc("N", "random seed of the intervals (default {default})",
                     std::to_string(kDefaultSeed))),
      Text("rules_off", &R::rules_off,
           TextDoc("RULE,...", "switch estimation rules off, to measure them (rules: " +
                                   JoinNames(BatchRuleNames()) + "; docs/batch.md)"))};
  return t;
}

const RequestFields<ChipsRequest>& ChipsFields() {
  using R = ChipsRequest;
  static const RequestFields<R> t = {Required("filter", &R::filter), Text("show", &R::show),
                                     File("hardware_db", &R::hardware_db, FileRole::kHardwareTable,
                                          DocOf(HardwareFields(), "hardware_db"))};
  return t;
}

const RequestFields<ThresholdsRequest>& ThresholdsFields() {
  using R = ThresholdsRequest;
  static const RequestFields<R> t = {
      Required("flop", &R::flop, NumberDoc()),
      Text("range", &R::range,
           TextDoc("LOW..HIGH", "uncertainty range of the figure (e.g. 4e24..2e25)"))};
  return t;
}

const RequestFields<UnitsRequest>& UnitsFields() {
  using R = UnitsRequest;
  static const RequestFields<R> t = {
      Required("amount", &R::amount, NumberDoc()),
      Text("to", &R::to, ChoiceDoc("UNIT", "flop, mac or pfs-day (default: all three)"))};
  return t;
}

const RequestFields<EvidenceFileRequest>& EvidenceFields() {
  using R = EvidenceFileRequest;
  static const RequestFields<R> t = [] {
    RequestFields<R> table = {File("evidence", &R::file, FileRole::kEvidence)};
    // Each line's interval always takes the default ranges: only the Monte
    // Carlo's samples and seed are the caller's.
    AddAll(table, Only(UncertaintyFields(), {"samples", "seed"}),
           [](R& r) -> UncertaintyRequest& { return r.uncertainty; });
    return table;
  }();
  return t;
}

const RequestFields<LedgerFileRequest>& LedgerFields() {
  using R = LedgerFileRequest;
  static const RequestFields<R> t = [] {
    // A run record is read whole, within the size cap of an evidence file.
    RequestFields<R> table = {File("run", &R::file, FileRole::kEvidence)};
    AddAll(table, Only(UncertaintyFields(), {"samples", "seed"}),
           [](R& r) -> UncertaintyRequest& { return r.uncertainty; });
    return table;
  }();
  return t;
}

const RequestFields<LayerRequest>& LayerFields() {
  using R = LayerRequest;
  static const RequestFields<R> t = {
      Required("type", &R::type),
      Flag("list", &R::list, FlagDoc("list every layer type with its parameters")),
      Text("bp_ratio", &R::bp_ratio,
           NumberDoc("R",
                     "backward/forward ratio for the one-example training figure (default "
                     "{default})",
                     FormatCount(kDefaultLayerBpRatio))),
      {"dims", FieldKind::kList, FileRole::kModel, SetLayerDims, NumberDoc()}};
  return t;
}

}  // namespace trainflops
