// trainflops._trainflops: the library's typed requests for Python. Each
// function takes the keyword arguments of its Python wrapper (trainflops/
// __init__.py) as a dict, fills the request's fields from it, runs the
// library and returns a Report (JSON and text). Values are passed as the
// command line takes them: text ("5 days", "1.4T", "0.3..0.5") or numbers;
// files as paths (opened here, the edge), bytes (never copied) or
// (name, text) pairs.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdio>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <stdexcept>

#include "trainflops/batch_request.h"
#include "trainflops/checkpoint_file.h"
#include "trainflops/chips_request.h"
#include "trainflops/compare_request.h"
#include "trainflops/estimate_request.h"
#include "trainflops/hardware_request.h"
#include "trainflops/layer_request.h"
#include "trainflops/text.h"
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

[[noreturn]] void Raise(const Status& status) {
  throw Error(RenameFields(status.message(), [](std::string_view f) { return std::string(f); }));
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

// A list of values (a single value is a list of one).
std::vector<std::string> TextList(const std::string& field, py::handle value) {
  if (value.is_none()) return {};
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

// The kind of file a keyword names, for its size cap.
InputKind KindOf(const std::string& field, const std::string& path) {
  const std::string lower = ToLower(path);
  if (field == "hardware_db") return InputKind::kHardwareTable;
  if (field == "checkpoint" || field == "params") return InputKind::kCheckpoint;
  if (field == "data" || field == "rows") {
    return lower.ends_with(".jsonl") || lower.ends_with(".ndjson") ? InputKind::kJsonLines
                                                                   : InputKind::kCsv;
  }
  if (lower.ends_with(".onnx")) return InputKind::kOnnx;
  return lower.ends_with(".json") ? InputKind::kJsonConfig : InputKind::kSpec;
}

// A file: bytes (seen in place: the caller's object outlives the call),
// (name, text or bytes), or a path opened here (ONNX graphs read piece by
// piece, other files whole).
InputFile FileOf(const std::string& field, py::handle value) {
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
  Result<InputFile> file = OpenInputFile(path, KindOf(field, path));
  if (!file.ok()) throw Error(field + ": " + file.status().message());
  return *std::move(file);
}

// ---- keyword tables -------------------------------------------------------

template <typename R>
using Setter = std::function<void(R&, const std::string&, py::handle)>;
template <typename R>
using Table = std::map<std::string, Setter<R>>;

// Fills a request from the keywords; an unknown keyword names the accepted ones.
template <typename R>
R Fill(const Table<R>& table, const py::dict& kwargs, R request = {}) {
  for (auto [key, value] : kwargs) {
    const std::string name = py::cast<std::string>(key);
    const auto it = table.find(name);
    if (it == table.end()) {
      std::vector<std::string> names;
      for (const auto& [n, setter] : table) names.push_back(n);
      throw Error("unknown keyword '" + name + "'" + DidYouMean(name, names) +
                  " (accepted: " + JoinNames(names) + ")");
    }
    if (!value.is_none()) it->second(request, name, value);
  }
  return request;
}

// Adds the setters of a sub-request reached through `part`.
template <typename R, typename Sub, typename Part>
void AddAll(Table<R>& table, const Table<Sub>& sub, Part part) {
  for (const auto& [name, setter] : sub) {
    table[name] = [setter = setter, part](R& r, const std::string& f, py::handle v) {
      setter(part(r), f, v);
    };
  }
}

#define TF_TEXT(name, member)                                                                \
  {                                                                                          \
    name, [](auto& r, const std::string& f, py::handle v) { r.member = OptionalText(f, v); } \
  }
#define TF_LIST(name, member)                                                            \
  {                                                                                      \
    name, [](auto& r, const std::string& f, py::handle v) { r.member = TextList(f, v); } \
  }
#define TF_FLAG(name, member)                                                        \
  {                                                                                  \
    name, [](auto& r, const std::string& f, py::handle v) { r.member = Flag(f, v); } \
  }
#define TF_FILE(name, member)                                                          \
  {                                                                                    \
    name, [](auto& r, const std::string& f, py::handle v) { r.member = FileOf(f, v); } \
  }

const Table<UncertaintyRequest>& UncertaintyTable() {
  static const Table<UncertaintyRequest> t = {TF_FLAG("uncertainty", uncertainty),
                                              TF_TEXT("samples", samples), TF_TEXT("seed", seed),
                                              TF_LIST("quantiles", quantiles)};
  return t;
}

const Table<TrainingRequest>& TrainingTable() {
  static const Table<TrainingRequest> t = {TF_TEXT("epochs", epochs),
                                           TF_TEXT("examples", examples),
                                           TF_TEXT("batches", batches),
                                           TF_TEXT("batch_size", batch_size),
                                           TF_TEXT("tokens_per_sequence", tokens_per_sequence),
                                           TF_TEXT("bp_ratio", bp_ratio),
                                           TF_TEXT("batch_regime", batch_regime),
                                           TF_TEXT("formula", formula)};
  return t;
}

const Table<LlmRequest>& LlmTable() {
  static const Table<LlmRequest> t = [] {
    Table<LlmRequest> table = {TF_TEXT("tokens", tokens),         TF_LIST("stages", stages),
                               TF_TEXT("seq_len", seq_len),       TF_TEXT("convention", convention),
                               TF_TEXT("attention", attention),   TF_TEXT("recompute", recompute),
                               TF_FLAG("thresholds", thresholds), TF_TEXT("range", range)};
    AddAll(table, UncertaintyTable(),
           [](LlmRequest& r) -> UncertaintyRequest& { return r.uncertainty; });
    return table;
  }();
  return t;
}

// dims: {"batch_size": 1} or ["batch_size=1"].
void SetOnnxDims(EstimateRequest& r, const std::string& f, py::handle v) {
  if (py::isinstance<py::dict>(v)) {
    for (auto [key, value] : py::reinterpret_borrow<py::dict>(v)) {
      r.dims.push_back(py::str(key).cast<std::string>() + "=" + TextOf(f, value));
    }
    return;
  }
  r.dims = TextList(f, v);
}

const Table<EstimateRequest>& EstimateTable() {
  static const Table<EstimateRequest> t = [] {
    Table<EstimateRequest> table = {TF_FILE("source", model),
                                    TF_FLAG("thresholds", thresholds),
                                    {"dims", SetOnnxDims},
                                    TF_TEXT("examples_per_run", examples_per_run),
                                    TF_TEXT("unit", unit),
                                    TF_FLAG("show_layers", show_layers),
                                    TF_FILE("checkpoint", checkpoint)};
    AddAll(table, TrainingTable(),
           [](EstimateRequest& r) -> TrainingRequest& { return r.training; });
    AddAll(table, UncertaintyTable(),
           [](EstimateRequest& r) -> UncertaintyRequest& { return r.uncertainty; });
    for (const char* name :
         {"tokens", "stages", "seq_len", "convention", "attention", "recompute", "range"}) {
      table[name] = [setter = LlmTable().at(name)](EstimateRequest& r, const std::string& f,
                                                   py::handle v) { setter(r.llm, f, v); };
    }
    return table;
  }();
  return t;
}

const Table<PhaseRequest>& PhaseTable() {
  static const Table<PhaseRequest> t = [] {
    Table<PhaseRequest> table;
    for (const PhaseField& f : PhaseFields()) {
      table[f.name] = [member = f.member](PhaseRequest& r, const std::string& name, py::handle v) {
        r.*member = OptionalText(name, v);
      };
    }
    return table;
  }();
  return t;
}

// phases: a list of dicts with the phase keywords.
void SetPhases(HardwareRequest& r, const std::string&, py::handle v) {
  for (py::handle phase : v) {
    if (!py::isinstance<py::dict>(phase)) throw Error("phases: expected a list of dicts");
    r.phases.push_back(Fill(PhaseTable(), py::reinterpret_borrow<py::dict>(phase)));
  }
}

const Table<HardwareRequest>& HardwareTable() {
  static const Table<HardwareRequest> t = [] {
    Table<HardwareRequest> table = {{"phases", SetPhases},
                                    TF_TEXT("year", year),
                                    TF_TEXT("llm", llm),
                                    TF_TEXT("industry", industry),
                                    TF_FLAG("energy", energy),
                                    TF_TEXT("pue", pue),
                                    TF_FILE("hardware_db", hardware_db),
                                    TF_TEXT("unit", unit)};
    AddAll(table, PhaseTable(), [](HardwareRequest& r) -> PhaseRequest& { return r.all_phases; });
    AddAll(table, UncertaintyTable(),
           [](HardwareRequest& r) -> UncertaintyRequest& { return r.uncertainty; });
    // yes/no keywords also take True/False.
    for (const char* name : {"llm", "industry", "tensor_cores"}) {
      table[name] = [setter = table.at(name)](HardwareRequest& r, const std::string& f,
                                              py::handle v) {
        if (py::isinstance<py::bool_>(v)) {
          setter(r, f, py::str(v.cast<bool>() ? "yes" : "no"));
        } else {
          setter(r, f, v);
        }
      };
    }
    return table;
  }();
  return t;
}

const Table<CompareRequest>& CompareTable() {
  static const Table<CompareRequest> t = [] {
    Table<CompareRequest> table = {TF_FILE("source", model), TF_TEXT("params", params),
                                   TF_TEXT("tokens", tokens),
                                   TF_TEXT("method1_flop", method1_flop)};
    AddAll(table, TrainingTable(),
           [](CompareRequest& r) -> TrainingRequest& { return r.training; });
    AddAll(table, HardwareTable(),
           [](CompareRequest& r) -> HardwareRequest& { return r.hardware; });
    return table;
  }();
  return t;
}

// params: a number or range as text, or a checkpoint path (by its name:
// model.safetensors.index.json, .safetensors, .gguf), with the config.json
// beside an index for its bytes per value.
void SetParams(TokensRequest& r, const std::string& f, py::handle v) {
  const bool path_like = py::isinstance<py::str>(v) || py::hasattr(v, "__fspath__");
  if (path_like) {
    const std::string path = py::module_::import("os").attr("fspath")(v).cast<std::string>();
    if (CheckpointKindOf(path) != CheckpointKind::kNotAFile) {
      r.params_checkpoint = FileOf(f, v);
      Result<InputFile> config =
          OpenInputFile(PathBeside(path, "config.json"), InputKind::kJsonConfig);
      if (CheckpointKindOf(path) == CheckpointKind::kIndex && config.ok()) {
        r.checkpoint_config = *std::move(config);
      }
      return;
    }
  }
  r.params = OptionalText(f, v);
}

const Table<TokensRequest>& TokensTable() {
  static const Table<TokensRequest> t = [] {
    Table<TokensRequest> table = {
        {"params", SetParams},     TF_TEXT("active_params", active_params),
        TF_TEXT("layers", layers), TF_TEXT("d_model", d_model),
        TF_TEXT("heads", heads),   TF_TEXT("head_dim", head_dim),
        TF_TEXT("vocab", vocab),   TF_TEXT("d_ff", d_ff),
        TF_FLAG("gated", gated)};
    AddAll(table, LlmTable(), [](TokensRequest& r) -> LlmRequest& { return r.llm; });
    return table;
  }();
  return t;
}

const Table<TrendRequest>& TrendTable() {
  static const Table<TrendRequest> t = {TF_FILE("data", data),
                                        TF_TEXT("date_column", date_column),
                                        TF_TEXT("compute_column", compute_column),
                                        TF_TEXT("name_column", name_column),
                                        TF_TEXT("compute_unit", compute_unit),
                                        TF_TEXT("from_date", from),
                                        TF_TEXT("to_date", to),
                                        TF_LIST("where", where),
                                        TF_LIST("exclude", exclude),
                                        TF_FLAG("include_modest", include_modest),
                                        TF_LIST("breaks", breaks),
                                        TF_TEXT("bootstrap", bootstrap),
                                        TF_TEXT("level", level),
                                        TF_TEXT("seed", seed)};
  return t;
}

const Table<BatchRequest>& BatchTable() {
  static const Table<BatchRequest> t = {
      TF_FILE("data", data),       TF_TEXT("format", format), TF_LIST("columns", columns),
      TF_TEXT("samples", samples), TF_TEXT("seed", seed),     TF_TEXT("rules_off", rules_off)};
  return t;
}

#undef TF_TEXT
#undef TF_LIST
#undef TF_FLAG
#undef TF_FILE

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

py::list RunBatch(const py::dict& kwargs) {
  const BatchRequest r = Fill(BatchTable(), kwargs);
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
          "text",
          [](const Report& r) {
            return RenameFields(r.Text(), [](std::string_view f) { return std::string(f); });
          },
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

  m.def("estimate", [](const py::dict& kw) { return RunRequest(Fill(EstimateTable(), kw)); });
  m.def("hardware", [](const py::dict& kw) { return RunRequest(Fill(HardwareTable(), kw)); });
  m.def("compare", [](const py::dict& kw) { return RunRequest(Fill(CompareTable(), kw)); });
  m.def("tokens", [](const py::dict& kw) { return RunRequest(Fill(TokensTable(), kw)); });
  m.def("trend", [](const py::dict& kw) { return RunRequest(Fill(TrendTable(), kw)); });
  m.def("batch", &RunBatch);
  m.def("layer", &RunLayer);
  m.def("chips",
        [](const py::object& filter, const py::object& show, const py::object& hardware_db) {
          ChipsRequest r;
          if (!filter.is_none()) r.filter = TextOf("filter", filter);
          r.show = OptionalText("show", show);
          if (!hardware_db.is_none()) r.hardware_db = FileOf("hardware_db", hardware_db);
          return RunRequest(r);
        });
  m.def("thresholds", [](const py::object& flop, const py::object& range) {
    return RunRequest(ThresholdsRequest{TextOf("flop", flop), OptionalText("range", range)});
  });
  m.def("units", [](const py::object& amount, const py::object& to) {
    return RunRequest(UnitsRequest{TextOf("amount", amount), OptionalText("to", to)});
  });
  m.def(
      "format_compute", [](double flop) { return FormatCompute(flop); },
      "An amount of compute as the reports print it: '5.88e23 FLOP'.");
}
