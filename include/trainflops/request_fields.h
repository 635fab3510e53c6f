// The fields of each typed request by name: one table per request, for the
// front ends that set fields from names (the Python package's keywords, the
// web API's fields and words, the command line's shared options). The names
// are the library's own, the ones its messages quote ("`chip_hours`"); a
// front end may spell them its way ("--chip-hours" on the command line) and
// add names of its own. A documented row also carries what a front end
// prints about it: the command line's --help line, the Python stubs' comment.
//
//   EstimateRequest r;
//   TF_ASSIGN_OR_RETURN(const RequestField<EstimateRequest>* f,
//                       FindField(EstimateFields(), "epochs"));
//   TF_RETURN_IF_ERROR(f->set(r, FieldValue::Text("90")));
#ifndef TRAINFLOPS_REQUEST_FIELDS_H_
#define TRAINFLOPS_REQUEST_FIELDS_H_

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "trainflops/batch_request.h"
#include "trainflops/chips_request.h"
#include "trainflops/compare_request.h"
#include "trainflops/estimate_request.h"
#include "trainflops/evidence_request.h"
#include "trainflops/hardware_request.h"
#include "trainflops/layer_request.h"
#include "trainflops/ledger_request.h"
#include "trainflops/request.h"
#include "trainflops/thresholds_request.h"
#include "trainflops/tokens_request.h"
#include "trainflops/trend_request.h"
#include "trainflops/units_request.h"

namespace trainflops {

enum class FieldKind {
  kText,  // one value as text ("5 days", "1.4T", "0.3..0.5")
  kList,  // any number of text values (a repeatable field)
  kFlag,  // true or false
  kFile,  // a file the front end opened (InputFile)
};

// What a text or list field's values hold, for the front ends that type them
// (Python's stubs): a number (as text it may carry SI suffixes, a range or a
// distribution), one of a few words, or any text (a name, a date).
enum class FieldType {
  kText,
  kNumber,
  kChoice,
};

// A field as the front ends describe it.
struct FieldDoc {
  FieldType type = FieldType::kText;
  // The value's placeholder in a help line: "N", "exact|approx"; empty for a
  // flag, and for a row the front ends do not yet describe from the table.
  std::string metavar;
  // One line, naming other fields as the library's messages do ("with
  // `batches`"), so that each front end words them its way. "{default}"
  // stands for `default_text`.
  std::string help;
  // The default as the help writes it ("2", "100,000"), formatted from the
  // constant of defaults.h; empty when there is none or it depends on other
  // fields.
  std::string default_text;
};

// What a file field holds, which decides the size cap it is opened with.
enum class FileRole {
  kModel,          // a model spec, an ONNX graph or a Hugging Face config.json
  kCheckpoint,     // model.safetensors.index.json, .safetensors or .gguf
  kHardwareTable,  // a chip table (CSV)
  kDataset,        // rows of models (CSV, or JSON lines for batch)
  kEvidence,       // lines of evidence about one model (YAML or JSON)
};

// The InputKind to open a file for `role` with, by its name where the role
// takes several kinds (model.onnx, config.json, data.jsonl).
InputKind InputKindFor(FileRole role, std::string_view name);

// A value a front end received for one field.
struct FieldValue {
  std::vector<std::string> texts;  // kText: exactly one; kList: each value
  bool flag = false;               // kFlag
  InputFile file;                  // kFile

  static FieldValue Text(std::string text);
  static FieldValue List(std::vector<std::string> texts);
  static FieldValue Flag(bool flag);
  static FieldValue File(InputFile file);
};

template <typename R>
struct RequestField {
  std::string name;  // "bp_ratio"
  FieldKind kind;
  FileRole role = FileRole::kModel;  // kFile fields only
  // Sets the field; an error names it (a text field given several values, a
  // layer dimension that is not KEY=VALUE). Values are checked by Run().
  std::function<Status(R&, FieldValue&&)> set;
  FieldDoc doc;  // help with "{default}" already replaced
};

template <typename R>
using RequestFields = std::vector<RequestField<R>>;

const RequestFields<UncertaintyRequest>& UncertaintyFields();
const RequestFields<TrainingRequest>& TrainingFields();
const RequestFields<LlmRequest>& LlmFields();
const RequestFields<PhaseRequest>& PhaseRequestFields();
// The options of each kind of model file (estimate_request.h): a spec's
// (the training fields, "unit", "show_layers"), an ONNX graph's own ("dims",
// "examples_per_run", "strict") and a Hugging Face config's ("checkpoint",
// "tokens", "stages", ..., "range").
const RequestFields<SpecModel>& SpecModelFields();
const RequestFields<OnnxModel>& OnnxGraphFields();
const RequestFields<HfConfigModel>& HfConfigFields();
// EstimateRequest: "model", the uncertainty fields, "thresholds" and the
// rows of the three tables above, each setting its kind's options
// (SpecOptionsOf...): a field of one kind given after another kind's is an
// error naming both.
const RequestFields<EstimateRequest>& EstimateFields();
// HardwareRequest: the phase fields (set on all_phases; a front end that
// takes several phases fills `phases` with PhaseRequestFields), "year", ...
const RequestFields<HardwareRequest>& HardwareFields();
const RequestFields<CompareRequest>& CompareFields();
const RequestFields<TokensRequest>& TokensFields();
const RequestFields<TrendRequest>& TrendFields();
const RequestFields<BatchRequest>& BatchFields();
const RequestFields<ChipsRequest>& ChipsFields();
const RequestFields<ThresholdsRequest>& ThresholdsFields();
const RequestFields<UnitsRequest>& UnitsFields();
const RequestFields<EvidenceFileRequest>& EvidenceFields();
// LedgerFileRequest: "run" (the run record, docs/ledger.md), "samples", "seed".
const RequestFields<LedgerFileRequest>& LedgerFields();
// LayerRequest: "type", "list", "bp_ratio" and "dims" (KEY=VALUE texts).
const RequestFields<LayerRequest>& LayerFields();

// "unknown field 'name' (did you mean ...?) (accepted: ...)".
Status UnknownField(std::string_view name, const std::vector<std::string>& accepted);

template <typename R>
std::vector<std::string> FieldNames(const RequestFields<R>& fields) {
  std::vector<std::string> names;
  for (const RequestField<R>& f : fields) names.push_back(f.name);
  return names;
}

// The field named `name`, or UnknownField.
template <typename R>
Result<const RequestField<R>*> FindField(const RequestFields<R>& fields, std::string_view name) {
  for (const RequestField<R>& f : fields) {
    if (f.name == name) return &f;
  }
  return UnknownField(name, FieldNames(fields));
}

}  // namespace trainflops

#endif  // TRAINFLOPS_REQUEST_FIELDS_H_
