// The field tables of the commands' own requests (hardware, compare,
// tokens, trend, batch, chips, thresholds, units, evidence, ledger, layer);
// the shared ones (training, uncertainty, language models, phases) and
// estimate's are in request_fields.cc.
#include <optional>
#include <string>

#include "core/text.h"
#include "field_rows.h"
#include "trainflops/batch.h"
#include "trainflops/defaults.h"
#include "trainflops/field_names.h"
#include "trainflops/input_limits.h"
#include "trainflops/request_fields.h"
#include "trainflops/trend.h"
#include "trainflops/units.h"

namespace trainflops {
namespace {

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

const RequestFields<HardwareRequest>& HardwareFields() {
  using namespace field_rows;
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
  using namespace field_rows;
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
  using namespace field_rows;
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
  using namespace field_rows;
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
  using namespace field_rows;
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
  using namespace field_rows;
  using R = ChipsRequest;
  static const RequestFields<R> t = {Text("filter", &R::filter), Text("show", &R::show),
                                     File("hardware_db", &R::hardware_db, FileRole::kHardwareTable,
                                          DocOf(HardwareFields(), "hardware_db"))};
  return t;
}

const RequestFields<ThresholdsRequest>& ThresholdsFields() {
  using namespace field_rows;
  using R = ThresholdsRequest;
  static const RequestFields<R> t = {
      Text("flop", &R::flop, NumberDoc()),
      Text("range", &R::range,
           TextDoc("LOW..HIGH", "uncertainty range of the figure (e.g. 4e24..2e25)"))};
  return t;
}

const RequestFields<UnitsRequest>& UnitsFields() {
  using namespace field_rows;
  using R = UnitsRequest;
  static const RequestFields<R> t = {
      Text("amount", &R::amount, NumberDoc()),
      Text("to", &R::to, ChoiceDoc("UNIT", "flop, mac or pfs-day (default: all three)"))};
  return t;
}

const RequestFields<EvidenceFileRequest>& EvidenceFields() {
  using namespace field_rows;
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
  using namespace field_rows;
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
  using namespace field_rows;
  using R = LayerRequest;
  static const RequestFields<R> t = {
      Text("type", &R::type),
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
