// The JSON report of an ONNX estimate, written as a stream: the summary
// (the Method 1 object without its layers, plus the graph's tables) is small
// and built as a document; the per-node layers, one line each, go straight
// to the output in 64 KiB pieces, so memory does not grow with the graph.
#include <charconv>
#include <cmath>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>
#include <unordered_map>

#include "../core/chunked_writer.h"
#include "method1_json.h"
#include "onnx_report.h"
#include "trainflops/references.h"

namespace trainflops {
namespace {

using nlohmann::json;

const char* RuleName(OnnxRule r) {
  return r == OnnxRule::kCounted ? "counted" : r == OnnxRule::kZero ? "zero" : "no_rule";
}

json TensorJson(const OnnxTensor& t) {
  return {
      {"name", t.name}, {"shape", t.shape}, {"dims", t.rank_known ? json(t.dims) : json(nullptr)}};
}

json Tensors(const std::vector<OnnxTensor>& tensors) {
  json out = json::array();
  for (const OnnxTensor& t : tensors) out.push_back(TensorJson(t));
  return out;
}

json OpTypeJson(const OnnxOpType& t, double total) {
  return {{"op_type", t.op_type},
          {"domain", t.domain},
          {"rule", RuleName(t.rule)},
          {"count", t.count},
          {"params", t.params},
          {"forward_flop", t.forward_flop},
          {"multiply_adds", t.multiply_adds},
          {"share", total > 0 ? t.forward_flop / total : 0.0}};
}

// Length of the valid UTF-8 sequence at s[i], or 0.
size_t Utf8Length(std::string_view s, size_t i) {
  const auto c = static_cast<unsigned char>(s[i]);
  const size_t n = c < 0x80           ? 1
                   : (c >> 5) == 0x6  ? 2
                   : (c >> 4) == 0xe  ? 3
                   : (c >> 3) == 0x1e ? 4
                                      : 0;
  if (n == 0 || i + n > s.size()) return 0;
  for (size_t k = 1; k < n; ++k) {
    if ((static_cast<unsigned char>(s[i + k]) >> 6) != 0x2) return 0;
  }
  return n;
}

// A byte that JSON strings hold as it is: printable ASCII but '"' and '\\'.
bool IsPlainAscii(char c) {
  const auto u = static_cast<unsigned char>(c);
  return u >= 0x20 && u < 0x80 && c != '"' && c != '\\';
}

// A writer of JSON values in 64 KiB pieces (strings escaped, bytes that are
// not UTF-8 replaced by U+FFFD, as the document writer does).
class Stream {
 public:
  explicit Stream(std::ostream& out) : out_(out) {}

  Stream& Raw(std::string_view s) {
    out_.Bytes(s);
    out_.FlushIfFull();
    return *this;
  }
  Stream& Str(std::string_view s) {
    out_.Byte('"');
    Escaped(s);
    out_.Byte('"');
    return *this;
  }
  // A node's full name as one string, written piece by piece: each piece
  // ends before a '/' or at the end, so escaping the pieces is escaping the
  // whole (no UTF-8 sequence spans two).
  Stream& Path(const OnnxAnalysis& a, const OnnxNode& n) {
    out_.Byte('"');
    WriteNodePath(a, n, [this](std::string_view piece) { Escaped(piece); });
    out_.Byte('"');
    return *this;
  }
  Stream& Num(double v) {
    if (!std::isfinite(v)) return Raw("null");
    char text[32];
    const auto r = std::to_chars(text, text + sizeof text, v);
    return Raw(std::string_view(text, static_cast<size_t>(r.ptr - text)));
  }
  Stream& Bool(bool b) { return Raw(b ? "true" : "false"); }
  Stream& Key(std::string_view k) {
    Str(k);
    return Raw(": ");
  }
  Stream& Ints(const std::vector<int64_t>& v) {
    Raw("[");
    for (size_t i = 0; i < v.size(); ++i) {
      if (i) Raw(", ");
      Num(static_cast<double>(v[i]));
    }
    return Raw("]");
  }
  // The strings of `a` then those of `b`, as one array.
  Stream& Strs(const std::vector<std::string>& a, const std::vector<std::string>& b = {}) {
    Raw("[");
    size_t i = 0;
    for (const auto* list : {&a, &b}) {
      for (const std::string& item : *list) Raw(i++ ? ", " : "").Str(item);
    }
    return Raw("]");
  }
  Stream& Tensors(const OnnxAnalysis& a, const std::vector<uint32_t>& tensors) {
    Raw("[");
    for (size_t i = 0; i < tensors.size(); ++i) {
      const OnnxTensor& t = a.tensors[tensors[i]];
      Raw(i ? ", {" : "{").Key("name").Str(t.name).Raw(", ").Key("shape").Str(t.shape);
      Raw(", ").Key("dims");
      if (t.rank_known)
        Ints(t.dims);
      else
        Raw("null");
      Raw("}");
    }
    return Raw("]");
  }

 private:
  // `s` escaped as in a JSON string (without the quotes).
  void Escaped(std::string_view s) {
    for (size_t i = 0; i < s.size();) {
      // Runs of printable ASCII (nearly all of a report) are copied whole.
      size_t plain = i;
      while (plain < s.size() && IsPlainAscii(s[plain])) ++plain;
      out_.Bytes(s.substr(i, plain - i));
      i = plain;
      if (i == s.size()) break;
      const char c = s[i];
      const size_t n = Utf8Length(s, i);
      if (n == 0) {
        out_.Bytes("\xef\xbf\xbd");
        ++i;
        continue;
      }
      if (c == '"' || c == '\\') {
        out_.Byte('\\');
        out_.Byte(c);
      } else if (static_cast<unsigned char>(c) < 0x20) {
        char esc[8];
        std::snprintf(esc, sizeof esc, "\\u%04x", c);
        out_.Bytes(esc);
      } else {
        out_.Bytes(s.substr(i, n));
      }
      i += n;
    }
  }

  report::ChunkedWriter out_;
};

// The citation key of each distinct source text, found once: a graph of
// 100,000 nodes has a few dozen distinct sources (OnnxAnalysis::texts, which
// the keys view and which outlive the writing), and finding a key scans the
// text for every reference in the bibliography.
class ReferenceCache {
 public:
  const std::string& Of(std::string_view source) {
    auto [it, inserted] = keys_.try_emplace(source);
    if (inserted) it->second = PrimaryKey(source);
    return it->second;
  }

 private:
  std::unordered_map<std::string_view, std::string> keys_;
};

// Node i as a Method 1 layer (OnnxEstimate): the fields a spec file's
// layer has, then the node's graph fields.
void WriteLayer(Stream& s, size_t i, const OnnxAnalysis& a, const OnnxEstimate& e,
                ReferenceCache& references) {
  const OnnxNode& n = a.nodes[i];
  const std::string type = QualifiedOpType(n.domain, n.op_type);
  const double forward = n.forward_flop / e.examples_per_run;
  s.Raw("{").Key("name").Path(a, n).Raw(", ").Key("type").Str(type);
  s.Raw(", ").Key("part").Str(e.spec.parts.front().name).Raw(", ").Key("line").Num(0);
  s.Raw(", ").Key("input_shape").Ints(n.inputs.empty() ? Shape{} : KnownShape(a.Input(n, 0)));
  s.Raw(", ").Key("output_shape").Ints(n.outputs.empty() ? Shape{} : KnownShape(a.Output(n, 0)));
  s.Raw(", ").Key("params").Num(n.params);
  s.Raw(", ").Key("params_approx").Num(n.params);
  s.Raw(", ").Key("forward_flop").Num(forward);
  s.Raw(", ").Key("forward_flop_approx").Num(forward);
  s.Raw(", ").Key("backward_factor");
  if (i < e.backward_factors.size()) {
    s.Num(e.backward_factors[i]);
  } else {
    s.Raw("null");  // an estimate built without them (EstimateOnnx sets one per node)
  }
  s.Raw(", ").Key("on_branch").Bool(false);
  s.Raw(", ").Key("formula").Str(n.formula).Raw(", ").Key("source").Str(n.source);
  const std::string& reference = references.Of(n.source);
  s.Raw(", ").Key("reference");
  if (reference.empty()) {
    s.Raw("null");
  } else {
    s.Str(reference);
  }
  s.Raw(", ").Key("notes").Strs(
      n.notes, n.rule == OnnxRule::kNone
                   ? std::vector<std::string>{"no FLOP rule for " + type + ": not counted"}
                   : std::vector<std::string>{});
  s.Raw(", ").Key("domain").Str(n.domain).Raw(", ").Key("rule").Str(RuleName(n.rule));
  s.Raw(", ").Key("inputs").Tensors(a, n.inputs).Raw(", ").Key("outputs").Tensors(a, n.outputs);
  s.Raw(", ").Key("multiply_adds").Num(n.multiply_adds);
  s.Raw(", ").Key("weight_gradient").Bool(n.weight_gradient);
  s.Raw(", ").Key("input_gradient").Bool(n.input_gradient);
  s.Raw(", ").Key("weight_gradient_flop").Num(n.weight_gradient ? forward : 0.0);
  s.Raw(", ").Key("input_gradient_flop").Num(n.input_gradient ? forward : 0.0);
  s.Raw("}");
}

// The summary: the Method 1 object of the estimate without its layers,
// and the graph's header and tables.
json Summary(const OnnxAnalysis& a, const OnnxEstimate& e) {
  // The estimate holds no layers (the nodes are written after it).
  json out = Method1Json(e.result, e.spec);
  out.erase("layers");
  json opsets = json::array();
  for (const auto& [domain, version] : a.opsets)
    opsets.push_back({{"domain", domain}, {"version", version}});
  out["model"] = {{"file", e.spec.file},
                  {"ir_version", a.ir_version},
                  {"producer", a.producer},
                  {"opsets", opsets},
                  {"graph", a.graph_name},
                  {"nodes", a.nodes.size()},
                  {"initializers", a.initializers},
                  {"trainable_initializers", a.trainable_initializers},
                  {"shared_initializers", a.shared_initializers},
                  {"external_initializers", a.external_initializers}};
  out["graph_inputs"] = Tensors(a.graph_inputs);
  out["graph_outputs"] = Tensors(a.graph_outputs);
  json dims = json::object();
  for (const auto& [name, value] : a.dims) dims[name] = value < 0 ? json(nullptr) : json(value);
  out["dims"] = dims;
  out["params_trainable"] = a.params;
  out["params_constant"] = a.constant_elements;
  out["graph_forward_flop"] = a.forward_flop;
  out["multiply_adds"] = a.multiply_adds;
  out["lower_bound"] = a.lower_bound();
  out["lower_bound_reasons"] = a.lower_bound_reasons;
  json types = json::array(), unsupported = json::array();
  for (const OnnxOpType& t : a.op_types) types.push_back(OpTypeJson(t, a.forward_flop));
  for (const OnnxOpType& t : a.unsupported) {
    json item = OpTypeJson(t, a.forward_flop), nodes = json::array();
    for (const OnnxNode& n : a.nodes) {
      if (n.op_type == t.op_type && n.domain == t.domain) {
        json outputs = json::array();
        for (uint32_t k : n.outputs) outputs.push_back(TensorJson(a.tensors[k]));
        nodes.push_back({{"name", NodePath(a, n)}, {"outputs", outputs}});
      }
    }
    item["nodes"] = nodes;
    unsupported.push_back(item);
  }
  out["op_types"] = types;
  out["unsupported_ops"] = unsupported;
  json uncounted = json::array();
  for (const OnnxUncounted& u : a.uncounted) {
    const OnnxNode& n = a.nodes[u.node];
    uncounted.push_back({{"name", NodePath(a, n)},
                         {"op_type", QualifiedOpType(n.domain, n.op_type)},
                         {"reason", u.reason},
                         {"after", u.after >= 0 ? json(NodePath(a, a.nodes[u.after])) : json()}});
  }
  out["uncounted_nodes"] = uncounted;
  out["uncounted_share"] = a.uncounted_share();
  return out;
}

}  // namespace

void WriteOnnxJson(std::ostream& out, const OnnxAnalysis& analysis, const OnnxEstimate& estimate,
                   const ReportOptions& options, const json& members) {
  json head = Summary(analysis, estimate);
  head.update(members);
  std::string summary = head.dump(2, ' ', false, json::error_handler_t::replace);
  Stream s(out);
  if (!options.show_layers) {
    s.Raw(summary).Raw("\n");
    return;
  }
  summary.resize(summary.size() - 2);  // the closing "\n}"
  s.Raw(summary).Raw(",\n  \"layers\": [");
  ReferenceCache references;
  const size_t layers = analysis.nodes.size();
  for (size_t i = 0; i < layers; ++i) {
    s.Raw(i ? ",\n    " : "\n    ");
    WriteLayer(s, i, analysis, estimate, references);
  }
  s.Raw(layers == 0 ? "]\n}\n" : "\n  ]\n}\n");
}

std::string RenderOnnxJson(const OnnxAnalysis& analysis, const OnnxEstimate& estimate,
                           const ReportOptions& options) {
  std::ostringstream out;
  WriteOnnxJson(out, analysis, estimate, options);
  return out.str();
}

}  // namespace trainflops
