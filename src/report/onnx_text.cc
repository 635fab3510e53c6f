// The text report of an ONNX estimate (onnx_json.cc writes the JSON): the graph's tables, then
// the Method 1 report shared with spec files.

#include <map>
#include <ostream>
#include <sstream>
#include <unordered_map>
#include <vector>

#include "../core/table.h"
#include "core/text.h"
#include "onnx_report.h"
#include "trainflops/units.h"

namespace trainflops {
namespace {

const std::string kNoRule = "no rule";
const std::string kUncounted = "not counted";
// Uncounted nodes listed by name past which the list is summed up: a graph
// may leave thousands after one unknown.
constexpr size_t kMaxUncountedListed = 20;

std::string Outputs(const OnnxAnalysis& a, const OnnxNode& node) {
  std::string s;
  for (uint32_t t : node.outputs) s += (s.empty() ? "" : ", ") + a.tensors[t].shape;
  return s;
}

// Names from the graph, in the prose around the tables (which escape their
// own cells): no control character reaches the terminal.
std::string Clean(std::string_view text) { return EscapeControlCharacters(text); }

std::string Header(const OnnxAnalysis& a, const OnnxEstimate& e) {
  std::string opsets;
  for (const auto& [domain, version] : a.opsets) {
    opsets += (opsets.empty() ? "" : ", ") + (domain.empty() ? "ai.onnx" : domain) + " " +
              std::to_string(version);
  }
  std::string out = "ONNX model: " + Clean(e.spec.file) +
                    (a.graph_name.empty() ? "" : " (graph " + Clean(a.graph_name) + ")") +
                    "\n  IR version " + std::to_string(a.ir_version) +
                    ", opsets: " + Clean(opsets) +
                    (a.producer.empty() ? "" : ", producer " + Clean(a.producer)) + "\n";
  for (const OnnxTensor& t : a.graph_inputs) {
    out += "  input " + Clean(t.name) + ": " + Clean(t.shape) + "\n";
  }
  for (const auto& [name, value] : a.dims) {
    out += "  dimension " + Clean(name) + " = " +
           (value < 0 ? "not set (`dims` " + Clean(name) + "=N)" : std::to_string(value)) + "\n";
  }
  int64_t counted = 0, zero = 0, none = 0;
  for (const OnnxNode& n : a.nodes) {
    (n.rule == OnnxRule::kCounted ? counted : n.rule == OnnxRule::kZero ? zero : none) += 1;
  }
  // Uncounted nodes have a rule (or are listed under none already).
  int64_t uncounted = 0;
  for (const OnnxUncounted& u : a.uncounted) {
    const OnnxRule rule = a.nodes[u.node].rule;
    if (rule == OnnxRule::kNone) continue;
    ++uncounted;
    --(rule == OnnxRule::kCounted ? counted : zero);
  }
  out += "  " + std::to_string(a.nodes.size()) + " nodes: " + std::to_string(counted) +
         " counted, " + std::to_string(zero) + " zero-FLOP (shape/data movement), " +
         std::to_string(none) + " without a FLOP rule" +
         (uncounted > 0 ? ", " + std::to_string(uncounted) + " not counted (shape unknown)" : "") +
         "\n";
  out += "  " + std::to_string(a.initializers) +
         " initializers: " + std::to_string(a.trainable_initializers) + " trainable (" +
         FormatCount(a.params) + " parameters), constants " + FormatCount(a.constant_elements) +
         " elements\n";
  out += "  forward: " + FormatCompute(a.forward_flop) + " per run of the graph (" +
         FormatCount(a.multiply_adds) + " multiply-adds in matrix products)" +
         (a.lower_bound() ? ", a LOWER BOUND" : "") + "\n";
  return out;
}

// Cells formatted once per distinct value: the blocks of a large graph
// repeat the same few counts thousands of times.
class CellCache {
 public:
  template <typename Format>
  const std::string& Get(double value, Format&& format) {
    if (cells_.size() > kMaxCells) cells_.clear();
    auto [it, fresh] = cells_.try_emplace(value);
    if (fresh) it->second = format(value);
    return it->second;
  }

 private:
  static constexpr size_t kMaxCells = 4096;
  std::unordered_map<double, std::string> cells_;
};

report::TextTable NodeTable(const OnnxAnalysis& a, const ReportOptions& o) {
  report::TextTable table({"node", "op", "output", "params", "forward", "share"},
                          {false, false, false, true, true, true});
  CellCache params, forward, share;
  table.Reserve(a.nodes.size());
  std::vector<bool> uncounted;  // empty: none
  if (!a.uncounted.empty()) uncounted.resize(a.nodes.size());
  for (const OnnxUncounted& u : a.uncounted) uncounted[u.node] = true;
  for (size_t i = 0; i < a.nodes.size(); ++i) {
    const OnnxNode& n = a.nodes[i];
    const std::string& flop = n.rule == OnnxRule::kNone ? kNoRule
                              : !uncounted.empty() && uncounted[i]
                                  ? kUncounted
                                  : forward.Get(n.forward_flop, [&](double f) {
                                      return report::FormatPerLayer(f, o.unit);
                                    });
    table.AddRow({NodePath(a, n), QualifiedOpType(n.domain, n.op_type), Outputs(a, n),
                  params.Get(n.params, [](double p) { return FormatCount(p); }), flop,
                  share.Get(n.forward_flop,
                            [&](double f) { return report::SharePercent(f, a.forward_flop); })});
  }
  return table;
}

// The nodes left uncounted, each with its reason, the first
// kMaxUncountedListed by name.
std::string UncountedList(const OnnxAnalysis& a) {
  if (a.uncounted.empty()) return "";
  std::string out =
      "\nNodes not counted (a shape or value they need is not known; the total is a "
      "lower bound):\n";
  for (size_t i = 0; i < a.uncounted.size() && i < kMaxUncountedListed; ++i) {
    const OnnxUncounted& u = a.uncounted[i];
    const OnnxNode& n = a.nodes[u.node];
    out += "  " + Clean(NodePath(a, n)) + " (" + Clean(QualifiedOpType(n.domain, n.op_type)) +
           "): " + Clean(u.reason);
    if (u.after >= 0) out += " [after " + Clean(NodePath(a, a.nodes[u.after])) + "]";
    out += "\n";
  }
  if (a.uncounted.size() > kMaxUncountedListed) {
    out += "  ... and " + std::to_string(a.uncounted.size() - kMaxUncountedListed) +
           " more (the JSON report lists them all)\n";
  }
  return out;
}

std::string TypeTable(const OnnxAnalysis& a, const ReportOptions& o) {
  report::TextTable table({"op", "count", "params", "forward", "multiply-adds", "share"},
                          {false, true, true, true, true, true});
  // A type whose every node is uncounted has no figure, not 0 FLOP.
  std::map<std::pair<std::string_view, std::string_view>, int64_t> uncounted;
  for (const OnnxUncounted& u : a.uncounted) {
    ++uncounted[{a.nodes[u.node].domain, a.nodes[u.node].op_type}];
  }
  for (const OnnxOpType& t : a.op_types) {
    const auto it = uncounted.find({t.domain, t.op_type});
    const bool none_counted = it != uncounted.end() && it->second == t.count;
    table.AddRow(
        {QualifiedOpType(t.domain, t.op_type), std::to_string(t.count), FormatCount(t.params),
         t.rule == OnnxRule::kNone ? kNoRule
         : none_counted            ? kUncounted
                                   : report::FormatPerLayer(t.forward_flop, o.unit),
         FormatCount(t.multiply_adds), report::SharePercent(t.forward_flop, a.forward_flop)});
  }
  std::string out = "\nOperator types:\n" + table.Render() + UncountedList(a);
  if (a.unsupported.empty()) return out;
  out += "\nOperators without a FLOP rule (not counted: the total is a lower bound):\n";
  for (const OnnxOpType& t : a.unsupported) {
    out +=
        "  " + Clean(QualifiedOpType(t.domain, t.op_type)) + " x" + std::to_string(t.count) + ":";
    int shown = 0;
    for (const OnnxNode& n : a.nodes) {
      if (n.op_type != t.op_type || n.domain != t.domain) continue;
      if (shown++ == 5) {
        out += " ...";
        break;
      }
      out += " " + Clean(NodePath(a, n)) + " -> " + Clean(Outputs(a, n)) + ";";
    }
    out += "\n";
  }
  return out;
}

}  // namespace

void WriteOnnxText(std::ostream& out, const OnnxAnalysis& analysis, const OnnxEstimate& estimate,
                   const ReportOptions& options, const TextWording& wording) {
  const auto prose = [&](const std::string& text) -> std::ostream& {
    return wording ? out << wording(text) : out << text;
  };
  prose(Header(analysis, estimate));
  if (options.show_layers) {
    prose("\nNodes (forward FLOP per run of the graph; share of the total):\n");
    NodeTable(analysis, options).Write(out);  // the graph's names, as they are
  }
  ReportOptions rest = options;
  rest.show_layers = false;
  prose(TypeTable(analysis, options) + "\n" +
        RenderMethod1Text(estimate.result, estimate.spec, rest));
}

std::string RenderOnnxText(const OnnxAnalysis& analysis, const OnnxEstimate& estimate,
                           const ReportOptions& options) {
  std::ostringstream out;
  WriteOnnxText(out, analysis, estimate, options);
  return out.str();
}

}  // namespace trainflops
