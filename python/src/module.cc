// trainflops._trainflops: the library's typed requests for Python. Each
// function takes the keyword arguments of its Python wrapper (trainflops/
// __init__.py) as a dict, fills the request's fields from it, runs the
// library and returns a Report (JSON and text). Values are passed as the
// command line takes them: text ("5 days", "1.4T", "0.3..0.5") or numbers;
// files as paths (opened here, the edge), bytes (never copied) or
// (name, text) pairs.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <stdexcept>

#include "core/text.h"
#include "trainflops/batch_request.h"
#include "trainflops/checkpoint_file.h"
#include "trainflops/chips_request.h"
#include "trainflops/citation.h"
#include "trainflops/compare_request.h"
#include "trainflops/estimate_request.h"
#include "trainflops/hardware_request.h"
#include "trainflops/hub_cache.h"
#include "trainflops/layer_request.h"
#include "trainflops/request_fields.h"
#include "trainflops/thresholds_request.h"
#include "trainflops/tokens_request.h"
#include "trainflops/trend_request.h"
#include "trainflops/units.h"
#include "trainflops/units_request.h"

namespace py = pybind11;

namespace trainflops::python {
namespace {

// Raised as trainflops.Error (a ValueError) with the library's message, its
// fields named as the Python keywords are ("`chip_hours`" -> "chip_hours").
struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// How a function's keywords spell the library's fields: by their names, but
// for those spelled otherwise.
struct Spelling {
  std::map<std::string, std::string> renames;  // keyword -> field

  std::string KeywordOf(const std::string& field) const {
    for (const auto& [keyword, name] : renames) {
      if (name == field) return keyword;
    }
    return field;
  }
  // The field a keyword sets; "" for a field's own name that is spelled
  // otherwise ("model" is "source").
  std::string FieldOf(const std::string& keyword) const {
    const auto renamed = renames.find(keyword);
    const std::string field = renamed == renames.end() ? keyword : renamed->second;
    return KeywordOf(field) == keyword ? field : "";
  }
  // A library text with its "`field`"s named as the keywords are.
  std::string Wording(std::string_view text) const {
    return RenameFields(text, [this](std::string_view f) { return KeywordOf(std::string(f)); });
  }
};

// Most functions, and the reports' text: `source` is the model file, and
// trend()'s from_date and to_date are `from` (reserved in Python) and `to`.
const Spelling& Keywords() {
  static const Spelling s{{{"source", "model"}, {"from_date", "from"}, {"to_date", "to"}}};
  return s;
}

// units(): `text` is the amount (and `to` its unit, as the field is named).
const Spelling& UnitsKeywords() {
  static const Spelling s{{{"text", "amount"}}};
  return s;
}

[[noreturn]] void Raise(const Status& status, const Spelling& spelling = Keywords()) {
  throw Error(spelling.Wording(status.message()));
}

template <typename T>
T Check(Result<T> result) {
  if (!result.ok()) Raise(result.status());
  return std::move(result).value();
}

std::string TypeName(py::handle value) {
  return py::str(py::type::handle_of(value).attr("__name__")).cast<std::string>();
}

// ---- values ---------------------------------------------------------------

// A number as text the library parses back exactly (17 significant digits).
std::string NumberText(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.17g", v);
  return buffer;
}

std::string TextOf(const std::string& field, py::handle value) {
  if (py::isinstance<py::str>(value)) return value.cast<std::string>();
  if (py::isinstance<py::bool_>(value))
    throw Error(field + ": expected a number or text, got a bool");
  if (py::isinstance<py::int_>(value)) return py::str(value).cast<std::string>();
  if (py::isinstance<py::float_>(value)) return NumberText(value.cast<double>());
  throw Error(field + ": expected a number or text, got " + TypeName(value));
}

std::optional<std::string> OptionalText(const std::string& field, py::handle value) {
  if (value.is_none()) return std::nullopt;
  return TextOf(field, value);
}

// A list of values (a single value is a list of one; a dict {"k": v} is
// ["k=v"], as dims={"batch": 1}).
std::vector<std::string> TextList(const std::string& field, py::handle value) {
  if (value.is_none()) return {};
  if (py::isinstance<py::dict>(value)) {
    std::vector<std::string> out;
    for (auto [key, item] : py::reinterpret_borrow<py::dict>(value)) {
      out.push_back(py::str(key).cast<std::string>() + "=" + TextOf(field, item));
    }
    return out;
  }
  if (py::isinstance<py::str>(value) || !py::hasattr(value, "__iter__")) {
    return {TextOf(field, value)};
  }
  std::vector<std::string> out;
  for (py::handle item : value) out.push_back(TextOf(field, item));
  return out;
}

bool Flag(const std::string& field, py::handle value) {
  if (value.is_none()) return false;
  if (!py::isinstance<py::bool_>(value)) throw Error(field + ": expected True or False");
  return value.cast<bool>();
}

std::string_view BytesView(py::handle bytes) {
  char* data = nullptr;
  Py_ssize_t size = 0;
  PyBytes_AsStringAndSize(bytes.ptr(), &data, &size);
  return {data, static_cast<size_t>(size)};
}

// A file: bytes (seen in place: the caller's object outlives the call),
// (name, text or bytes), or a path opened here (ONNX graphs read piece by
// piece, other files whole).
InputFile FileOf(const std::string& field, py::handle value, FileRole role) {
  if (py::isinstance<py::bytes>(value)) return InputFile::View("<bytes>", BytesView(value));
  if (py::isinstance<py::tuple>(value) && py::len(value) == 2) {
    py::tuple pair = py::reinterpret_borrow<py::tuple>(value);
    const std::string name = py::str(pair[0]).cast<std::string>();
    if (py::isinstance<py::bytes>(pair[1])) return InputFile::View(name, BytesView(pair[1]));
    return InputFile::Owned(name, pair[1].cast<std::string>());
  }
  std::string path;
  try {
    path = py::module_::import("os").attr("fspath")(value).cast<std::string>();
  } catch (const py::error_already_set&) {
    throw Error(field + ": expected a path, bytes, a dict or (name, text), got " + TypeName(value));
  }
  Result<InputFile> file = OpenInputFile(path, InputKindFor(role, path));
  if (!file.ok()) throw Error(field + ": " + file.status().message());
  return *std::move(file);
}

// ---- keywords -> the library's request fields (request_fields.h) -----------

// Yes/no fields also take True/False.
bool IsYesNo(const FieldDoc& doc) {
  return doc.type == FieldType::kChoice && doc.metavar == "yes|no";
}

template <typename R>
FieldValue ValueOf(const std::string& keyword, const RequestField<R>& f, py::handle v) {
  switch (f.kind) {
    case FieldKind::kList:
      return FieldValue::List(TextList(keyword, v));
    case FieldKind::kFlag:
      return FieldValue::Flag(Flag(keyword, v));
    case FieldKind::kFile:
      return FieldValue::File(FileOf(keyword, v, f.role));
    case FieldKind::kText:
      break;
  }
  if (IsYesNo(f.doc) && py::isinstance<py::bool_>(v)) {
    return FieldValue::Text(v.cast<bool>() ? "yes" : "no");
  }
  return FieldValue::Text(TextOf(keyword, v));
}

// Keywords with a Python form of their own (a list of phase dicts, a
// checkpoint path for `params`), handled before the field table.
template <typename R>
using Specials = std::map<std::string, std::function<void(R&, const std::string&, py::handle)>>;

// The row a keyword sets, or nullptr.
template <typename R>
const RequestField<R>* RowOf(const RequestFields<R>& fields, const std::string& keyword,
                             const Spelling& spelling) {
  const Result<const RequestField<R>*> row = FindField(fields, spelling.FieldOf(keyword));
  return row.ok() ? *row : nullptr;
}

// Fills a request from the keywords; an unknown keyword names the closest
// and the accepted ones.
template <typename R>
R Fill(const RequestFields<R>& fields, const py::dict& kwargs, const Specials<R>& specials = {},
       const Spelling& spelling = Keywords()) {
  R request{};
  for (auto [key, value] : kwargs) {
    const std::string keyword = py::cast<std::string>(key);
    const auto special = specials.find(keyword);
    const RequestField<R>* row = RowOf(fields, keyword, spelling);
    if (special == specials.end() && row == nullptr) {
      std::vector<std::string> keywords;
      for (const RequestField<R>& f : fields) keywords.push_back(spelling.KeywordOf(f.name));
      for (const auto& [name, set] : specials) {
        if (std::find(keywords.begin(), keywords.end(), name) == keywords.end()) {
          keywords.push_back(name);  // "source" is both a row and a special
        }
      }
      throw Error("unknown keyword '" + keyword + "'" + DidYouMean(keyword, keywords) +
                  " (accepted: " + JoinNames(keywords) + ")");
    }
    if (value.is_none()) continue;
    if (special != specials.end()) {
      special->second(request, keyword, value);
      continue;
    }
    const Status set = row->set(request, ValueOf(keyword, *row, value));
    if (!set.ok()) Raise(set, spelling);
  }
  return request;
}

// phases: a list of dicts with the phase keywords.
void SetPhases(HardwareRequest& r, const std::string&, py::handle v) {
  for (py::handle phase : v) {
    if (!py::isinstance<py::dict>(phase)) throw Error("phases: expected a list of dicts");
    r.phases.push_back(Fill(PhaseRequestFields(), py::reinterpret_borrow<py::dict>(phase)));
  }
}

const Specials<HardwareRequest>& HardwareSpecials() {
  static const Specials<HardwareRequest> s = {{"phases", SetPhases}};
  return s;
}

const Specials<CompareRequest>& CompareSpecials() {
  static const Specials<CompareRequest> s = {
      {"phases",
       [](CompareRequest& r, const std::string& f, py::handle v) { SetPhases(r.hardware, f, v); }}};
  return s;
}

// params: a number or range as text, or a checkpoint path (by its name:
// model.safetensors.index.json, .safetensors, .gguf), with the config.json
// beside an index for its bytes per value.
void SetParams(TokensRequest& r, const std::string& f, py::handle v) {
  const bool path_like = py::isinstance<py::str>(v) || py::hasattr(v, "__fspath__");
  if (path_like) {
    const std::string path = py::module_::import("os").attr("fspath")(v).cast<std::string>();
    if (CheckpointKindOf(path) != CheckpointKind::kNotAFile) {
      r.params_checkpoint = FileOf(f, v, FileRole::kCheckpoint);
      Result<InputFile> config =
          OpenInputFile(PathBeside(path, "config.json"), InputKind::kJsonConfig);
      if (CheckpointKindOf(path) == CheckpointKind::kIndex && config.ok()) {
        r.checkpoint_config = *std::move(config);
      }
      return;
    }
  }
  r.params = TextOf(f, v);
}

// source: a path, bytes, a dict, or a Hugging Face repository id
// ("Qwen/Qwen3-8B", "Qwen/Qwen3-8B@REV") that is not a path, whose config.json
// is read from the local cache (hub_cache.h; never downloaded).
void SetSource(EstimateRequest& r, const std::string& f, py::handle v) {
  if (py::isinstance<py::str>(v)) {
    const std::string text = v.cast<std::string>();
    std::error_code ec;
    if (LooksLikeHubModelId(text) &&
        !std::filesystem::exists(std::filesystem::symlink_status(text, ec))) {
      Result<std::string> config = ResolveHubConfig(text, HubEnvironmentFromProcess());
      if (!config.ok()) throw Error(f + ": " + config.status().message());
      r.model = FileOf(f, py::str(*config), FileRole::kModel);
      return;
    }
  }
  r.model = FileOf(f, v, FileRole::kModel);
}

const Specials<EstimateRequest>& EstimateSpecials() {
  static const Specials<EstimateRequest> s = {{"source", SetSource}};
  return s;
}

// A repository's snapshot: its model.safetensors.index.json, when there is
// one and no checkpoint was given, is the cross-check, as the command line
// uses the index beside a config.
void AddSnapshotIndex(const py::dict& kw, EstimateRequest& r) {
  if (!kw.contains("source") || !py::isinstance<py::str>(kw["source"])) return;
  if (kw["source"].cast<std::string>() == r.model.name()) return;  // a path, not an id
  HfConfigModel* config = HfConfigOptionsOf(r);  // nullptr: Run() names the fields
  if (config == nullptr || !config->checkpoint.empty()) return;
  Result<InputFile> index = OpenInputFile(
      PathBeside(r.model.name(), "model.safetensors.index.json"), InputKind::kCheckpoint);
  if (!index.ok()) return;
  config->checkpoint = *std::move(index);
  config->checkpoint_found_beside = true;
}

const Specials<TokensRequest>& TokensSpecials() {
  static const Specials<TokensRequest> s = {{"params", SetParams}};
  return s;
}

// Runs a filled request; the result is a Report Python holds.
template <typename R>
std::unique_ptr<Report> RunRequest(const R& request) {
  auto result = Check(Run(request));
  return std::make_unique<decltype(result)>(std::move(result));
}

std::unique_ptr<Report> RunLayer(const py::object& type, const py::object& bp_ratio,
                                 const py::dict& dims) {
  LayerRequest r;
  r.list = type.is_none();
  if (!r.list) r.type = TextOf("type", type);
  r.bp_ratio = OptionalText("bp_ratio", bp_ratio);
  for (auto [key, value] : dims) {
    r.dims.emplace_back(key.cast<std::string>(), TextOf(key.cast<std::string>(), value));
  }
  return RunRequest(r);
}

// ---- the keywords, described (trainflops/_keywords.py) --------------------

const char* KindName(FieldKind kind) {
  switch (kind) {
    case FieldKind::kList:
      return "list";
    case FieldKind::kFlag:
      return "flag";
    case FieldKind::kFile:
      return "file";
    case FieldKind::kText:
      break;
  }
  return "text";
}

// What a text holds: "number", "choice", "yes/no" (also True/False) or "text".
const char* ValueTypeName(const FieldDoc& doc) {
  if (IsYesNo(doc)) return "yes/no";
  switch (doc.type) {
    case FieldType::kNumber:
      return "number";
    case FieldType::kChoice:
      return "choice";
    case FieldType::kText:
      break;
  }
  return "text";
}

template <typename R>
py::list Rows(const RequestFields<R>& fields, const Spelling& spelling = Keywords()) {
  py::list rows;
  for (const RequestField<R>& f : fields) {
    py::dict row;
    row["name"] = spelling.KeywordOf(f.name);
    row["kind"] = KindName(f.kind);
    row["type"] = ValueTypeName(f.doc);
    row["metavar"] = f.doc.metavar;
    row["help"] = spelling.Wording(f.doc.help);
    row["default"] = f.doc.default_text;
    rows.append(row);
  }
  return rows;
}

py::dict Fields() {
  py::dict d;
  d["estimate"] = Rows(EstimateFields());
  d["hardware"] = Rows(HardwareFields());
  d["compare"] = Rows(CompareFields());
  d["tokens"] = Rows(TokensFields());
  d["chips"] = Rows(ChipsFields());
  d["thresholds"] = Rows(ThresholdsFields());
  d["units"] = Rows(UnitsFields(), UnitsKeywords());
  d["trend"] = Rows(TrendFields());
  d["evidence"] = Rows(EvidenceFields());
  d["ledger"] = Rows(LedgerFields());
  d["batch"] = Rows(BatchFields());
  return d;
}

py::list RunBatch(const py::dict& kwargs) {
  const BatchRequest r = Fill(BatchFields(), kwargs);
  std::vector<std::string> lines;
  Check(Run(r, [&lines](const std::string& line) { lines.push_back(line); }));
  return py::cast(lines);
}

}  // namespace
}  // namespace trainflops::python

PYBIND11_MODULE(_trainflops, m) {
  using namespace trainflops;
  using namespace trainflops::python;
  m.doc() = "The trainflops library (C++), bound with pybind11; use the trainflops package.";
  py::register_exception<python::Error>(m, "Error", PyExc_ValueError);

  py::class_<Report>(m, "Report")
      .def("json", &Report::Json, "The JSON document, as `trainflops COMMAND --json` prints it.")
      .def(
          "text", [](const Report& r) { return Keywords().Wording(r.Text()); },
          "The text report, as `trainflops COMMAND` prints it, with inputs named as keywords.")
      .def(
          "citation",
          [](const Report& r) -> py::object {
            const std::optional<Citation> c = r.Cite();
            if (!c) return py::none();
            py::dict d;
            d["text"] = c->text;
            d["references"] = c->references;
            d["bibtex"] = c->bibtex;
            return d;
          },
          "'Cite this estimate' (the command line's --cite), or None where nothing is estimated.");

  m.def("estimate", [](const py::dict& kw) {
    EstimateRequest r = Fill(EstimateFields(), kw, EstimateSpecials());
    AddSnapshotIndex(kw, r);
    return RunRequest(std::move(r));
  });
  m.def("hardware", [](const py::dict& kw) {
    return RunRequest(Fill(HardwareFields(), kw, HardwareSpecials()));
  });
  m.def("compare", [](const py::dict& kw) {
    return RunRequest(Fill(CompareFields(), kw, CompareSpecials()));
  });
  m.def("tokens",
        [](const py::dict& kw) { return RunRequest(Fill(TokensFields(), kw, TokensSpecials())); });
  m.def("trend", [](const py::dict& kw) { return RunRequest(Fill(TrendFields(), kw)); });
  m.def("evidence", [](const py::dict& kw) { return RunRequest(Fill(EvidenceFields(), kw)); });
  m.def("ledger", [](const py::dict& kw) {
    LedgerFileRequest r = Fill(LedgerFields(), kw);
    // A record named by a path reads the model files its phases name beside
    // it, as the command line does (docs/ledger.md); bytes and dicts do not.
    const py::object run = kw.contains("run") ? py::object(kw["run"]) : py::object(py::none());
    if (py::isinstance<py::str>(run) || py::hasattr(run, "__fspath__")) {
      r.directory = std::filesystem::path(r.file.name()).parent_path().string();
    }
    return RunRequest(std::move(r));
  });
  m.def("batch", &RunBatch);
  m.def("layer", &RunLayer);
  m.def("chips", [](const py::dict& kw) { return RunRequest(Fill(ChipsFields(), kw)); });
  m.def("thresholds", [](const py::dict& kw) { return RunRequest(Fill(ThresholdsFields(), kw)); });
  m.def("units", [](const py::dict& kw) {
    return RunRequest(Fill(UnitsFields(), kw, {}, UnitsKeywords()));
  });
  m.def("_fields", &Fields,
        "The keywords of each function that takes the library's request fields "
        "(include/trainflops/request_fields.h): per function, rows of name, kind, type, "
        "metavar, help and default, in the table's order.");
  m.def(
      "version", [] { return std::string(TrainflopsVersion()); },
      "The library's version: CMake's project version.");
  m.def(
      "format_compute", [](double flop) { return FormatCompute(flop); },
      "An amount of compute as the reports print it: '5.88e23 FLOP'.");
}
