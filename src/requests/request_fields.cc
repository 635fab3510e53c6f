// The field tables of request_fields.h. Each row names a member of the
// typed request; sub-requests (training, uncertainty, language model, phase)
// are shared tables reached through their member.
#include "trainflops/request_fields.h"

#include <algorithm>
#include <stdexcept>

#include "core/text.h"

namespace trainflops {
namespace {

Status OneValue(const std::string& name, const FieldValue& v) {
  if (v.texts.size() == 1) return Status::Ok();
  return Status::InvalidArgument(FieldRef(name) + ": expected one value, got " +
                                 std::to_string(v.texts.size()));
}

template <typename R>
RequestField<R> Text(std::string name, std::optional<std::string> R::*member) {
  return {name, FieldKind::kText, FileRole::kModel, [name, member](R& r, FieldValue&& v) {
            TF_RETURN_IF_ERROR(OneValue(name, v));
            r.*member = std::move(v.texts.front());
            return Status::Ok();
          }};
}

// A text the request needs (a layer type, an amount): a std::string member.
template <typename R>
RequestField<R> Required(std::string name, std::string R::*member) {
  return {name, FieldKind::kText, FileRole::kModel, [name, member](R& r, FieldValue&& v) {
            TF_RETURN_IF_ERROR(OneValue(name, v));
            r.*member = std::move(v.texts.front());
            return Status::Ok();
          }};
}

template <typename R>
RequestField<R> List(std::string name, std::vector<std::string> R::*member) {
  return {name, FieldKind::kList, FileRole::kModel, [member](R& r, FieldValue&& v) {
            r.*member = std::move(v.texts);
            return Status::Ok();
          }};
}

template <typename R>
RequestField<R> Flag(std::string name, bool R::*member) {
  return {name, FieldKind::kFlag, FileRole::kModel, [member](R& r, FieldValue&& v) {
            r.*member = v.flag;
            return Status::Ok();
          }};
}

template <typename R, typename Member>  // InputFile or std::optional<InputFile>
RequestField<R> File(std::string name, Member R::*member, FileRole role) {
  return {name, FieldKind::kFile, role, [member](R& r, FieldValue&& v) {
            r.*member = std::move(v.file);
            return Status::Ok();
          }};
}

// Appends the rows of `sub`, setting them on `part(request)`.
template <typename R, typename Sub, typename Part>
void AddAll(RequestFields<R>& out, const RequestFields<Sub>& sub, Part part) {
  for (const RequestField<Sub>& f : sub) {
    out.push_back({f.name, f.kind, f.role, [set = f.set, part](R& r, FieldValue&& v) {
                     return set(part(r), std::move(v));
                   }});
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
  static const RequestFields<R> t = {Flag("uncertainty", &R::uncertainty),
                                     Text("samples", &R::samples), Text("seed", &R::seed),
                                     List("quantiles", &R::quantiles)};
  return t;
}

const RequestFields<TrainingRequest>& TrainingFields() {
  using R = TrainingRequest;
  static const RequestFields<R> t = {Text("epochs", &R::epochs),
                                     Text("examples", &R::examples),
                                     Text("batches", &R::batches),
                                     Text("batch_size", &R::batch_size),
                                     Text("tokens_per_sequence", &R::tokens_per_sequence),
                                     Text("bp_ratio", &R::bp_ratio),
                                     Text("batch_regime", &R::batch_regime),
                                     Text("formula", &R::formula)};
  return t;
}

const RequestFields<LlmRequest>& LlmFields() {
  using R = LlmRequest;
  static const RequestFields<R> t = [] {
    RequestFields<R> table = {
        Text("tokens", &R::tokens),         List("stages", &R::stages),
        Text("seq_len", &R::seq_len),       Text("convention", &R::convention),
        Text("attention", &R::attention),   Text("recompute", &R::recompute),
        Flag("thresholds", &R::thresholds), Text("range", &R::range)};
    AddAll(table, UncertaintyFields(), [](R& r) -> UncertaintyRequest& { return r.uncertainty; });
    return table;
  }();
  return t;
}

const RequestFields<PhaseRequest>& PhaseRequestFields() {
  static const RequestFields<PhaseRequest> t = [] {
    RequestFields<PhaseRequest> table;
    for (const PhaseField& f : PhaseFields()) table.push_back(Text(f.name, f.member));
    return table;
  }();
  return t;
}

const RequestFields<EstimateRequest>& EstimateFields() {
  using R = EstimateRequest;
  static const RequestFields<R> t = [] {
    RequestFields<R> table = {File("model", &R::model, FileRole::kModel),
                              Flag("thresholds", &R::thresholds),
                              List("dims", &R::dims),
                              Text("examples_per_run", &R::examples_per_run),
                              Flag("strict", &R::strict),
                              Text("unit", &R::unit),
                              Flag("show_layers", &R::show_layers),
                              File("checkpoint", &R::checkpoint, FileRole::kCheckpoint)};
    AddAll(table, TrainingFields(), [](R& r) -> TrainingRequest& { return r.training; });
    AddAll(table, UncertaintyFields(), [](R& r) -> UncertaintyRequest& { return r.uncertainty; });
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

const RequestFields<HardwareRequest>& HardwareFields() {
  using R = HardwareRequest;
  static const RequestFields<R> t = [] {
    RequestFields<R> table = {Text("year", &R::year),
                              Text("llm", &R::llm),
                              Text("industry", &R::industry),
                              Flag("energy", &R::energy),
                              Text("pue", &R::pue),
                              File("hardware_db", &R::hardware_db, FileRole::kHardwareTable),
                              Text("unit", &R::unit)};
    AddAll(table, PhaseRequestFields(), [](R& r) -> PhaseRequest& { return r.all_phases; });
    AddAll(table, UncertaintyFields(), [](R& r) -> UncertaintyRequest& { return r.uncertainty; });
    return table;
  }();
  return t;
}

const RequestFields<CompareRequest>& CompareFields() {
  using R = CompareRequest;
  static const RequestFields<R> t = [] {
    RequestFields<R> table = {File("model", &R::model, FileRole::kModel),
                              Text("params", &R::params), Text("tokens", &R::tokens),
                              Text("method1_flop", &R::method1_flop)};
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
        Text("params", &R::params),
        File("params_checkpoint", &R::params_checkpoint, FileRole::kCheckpoint),
        File("checkpoint_config", &R::checkpoint_config, FileRole::kModel),
        Text("active_params", &R::active_params),
        Text("layers", &R::layers),
        Text("d_model", &R::d_model),
        Text("heads", &R::heads),
        Text("head_dim", &R::head_dim),
        Text("vocab", &R::vocab),
        Text("d_ff", &R::d_ff),
        Flag("gated", &R::gated)};
    AddAll(table, LlmFields(), [](R& r) -> LlmRequest& { return r.llm; });
    return table;
  }();
  return t;
}

const RequestFields<TrendRequest>& TrendFields() {
  using R = TrendRequest;
  static const RequestFields<R> t = {File("data", &R::data, FileRole::kDataset),
                                     Text("date_column", &R::date_column),
                                     Text("compute_column", &R::compute_column),
                                     Text("name_column", &R::name_column),
                                     Text("compute_unit", &R::compute_unit),
                                     Text("from", &R::from),
                                     Text("to", &R::to),
                                     List("where", &R::where),
                                     List("exclude", &R::exclude),
                                     Flag("include_modest", &R::include_modest),
                                     List("breaks", &R::breaks),
                                     Text("bootstrap", &R::bootstrap),
                                     Text("level", &R::level),
                                     Text("seed", &R::seed)};
  return t;
}

const RequestFields<BatchRequest>& BatchFields() {
  using R = BatchRequest;
  static const RequestFields<R> t = {File("data", &R::data, FileRole::kDataset),
                                     Text("format", &R::format),
                                     List("columns", &R::columns),
                                     Text("samples", &R::samples),
                                     Text("seed", &R::seed),
                                     Text("rules_off", &R::rules_off)};
  return t;
}

const RequestFields<ChipsRequest>& ChipsFields() {
  using R = ChipsRequest;
  static const RequestFields<R> t = {
      Required("filter", &R::filter), Text("show", &R::show),
      File("hardware_db", &R::hardware_db, FileRole::kHardwareTable)};
  return t;
}

const RequestFields<ThresholdsRequest>& ThresholdsFields() {
  using R = ThresholdsRequest;
  static const RequestFields<R> t = {Required("flop", &R::flop), Text("range", &R::range)};
  return t;
}

const RequestFields<UnitsRequest>& UnitsFields() {
  using R = UnitsRequest;
  static const RequestFields<R> t = {Required("amount", &R::amount), Text("to", &R::to)};
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
  static const RequestFields<R> t = {Required("type", &R::type),
                                     Flag("list", &R::list),
                                     Text("bp_ratio", &R::bp_ratio),
                                     {"dims", FieldKind::kList, FileRole::kModel, SetLayerDims}};
  return t;
}

}  // namespace trainflops
