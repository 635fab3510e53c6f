// Text and JSON reports of an ONNX estimate: the graph's tables, then the
// Method 1 report shared with spec files.
#include <cstdio>
#include <nlohmann/json.hpp>

#include "../core/table.h"
#include "trainflops/onnx.h"
#include "trainflops/units.h"

namespace trainflops {
namespace {

using nlohmann::json;

std::string Share(double part, double total) {
  if (total <= 0) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", 100.0 * part / total);
  return buf;
}

const char* RuleName(OnnxRule r) {
  return r == OnnxRule::kCounted ? "counted" : r == OnnxRule::kZero ? "zero" : "no_rule";
}

std::string OpName(const std::string& domain, const std::string& op) {
  return domain.empty() || domain == "ai.onnx" ? op : domain + "." + op;
}

std::string Outputs(const OnnxNode& node) {
  std::string s;
  for (const OnnxTensor& t : node.outputs) s += (s.empty() ? "" : ", ") + t.shape;
  return s;
}

std::string Header(const OnnxAnalysis& a, const OnnxEstimate& e) {
  std::string opsets;
  for (const auto& [domain, version] : a.opsets) {
    opsets += (opsets.empty() ? "" : ", ") + (domain.empty() ? "ai.onnx" : domain) + " " +
              std::to_string(version);
  }
  std::string out = "ONNX model: " + e.spec.file +
                    (a.graph_name.empty() ? "" : " (graph " + a.graph_name + ")") +
                    "\n  IR version " + std::to_string(a.ir_version) + ", opsets: " + opsets +
                    (a.producer.empty() ? "" : ", producer " + a.producer) + "\n";
  for (const OnnxTensor& t : a.graph_inputs) out += "  input " + t.name + ": " + t.shape + "\n";
  for (const auto& [name, value] : a.dims) {
    out += "  dimension " + name + " = " +
           (value < 0 ? "not set (--dim " + name + "=N)" : std::to_string(value)) + "\n";
  }
  int64_t counted = 0, zero = 0, none = 0;
  for (const OnnxNode& n : a.nodes) {
    (n.rule == OnnxRule::kCounted ? counted : n.rule == OnnxRule::kZero ? zero : none) += 1;
  }
  out += "  " + std::to_string(a.nodes.size()) + " nodes: " + std::to_string(counted) +
         " counted, " + std::to_string(zero) + " zero-FLOP (shape/data movement), " +
         std::to_string(none) + " without a FLOP rule\n";
  out += "  " + std::to_string(a.initializers) +
         " initializers: " + std::to_string(a.trainable_initializers) + " trainable (" +
         FormatCount(a.params) + " parameters), constants " + FormatCount(a.constant_elements) +
         " elements\n";
  out += "  forward: " + FormatCompute(a.forward_flop) + " per run of the graph (" +
         FormatCount(a.multiply_adds) + " multiply-adds in matrix products)" +
         (a.lower_bound() ? ", a LOWER BOUND" : "") + "\n";
  return out;
}

std::string NodeTable(const OnnxAnalysis& a, const ReportOptions& o) {
  report::TextTable table({"node", "op", "output", "params", "forward", "share"},
                          {false, false, false, true, true, true});
  for (const OnnxNode& n : a.nodes) {
    table.AddRow({n.name, OpName(n.domain, n.op_type), Outputs(n), FormatCount(n.params),
                  n.rule == OnnxRule::kNone ? "no rule" : FormatCompute(n.forward_flop, o.unit),
                  Share(n.forward_flop, a.forward_flop)});
  }
  return "\nNodes (forward FLOP per run of the graph; share of the total):\n" + table.Render();
}

std::string TypeTable(const OnnxAnalysis& a, const ReportOptions& o) {
  report::TextTable table({"op", "count", "params", "forward", "multiply-adds", "share"},
                          {false, true, true, true, true, true});
  for (const OnnxOpType& t : a.op_types) {
    table.AddRow({OpName(t.domain, t.op_type), std::to_string(t.count), FormatCount(t.params),
                  t.rule == OnnxRule::kNone ? "no rule" : FormatCompute(t.forward_flop, o.unit),
                  FormatCount(t.multiply_adds), Share(t.forward_flop, a.forward_flop)});
  }
  std::string out = "\nOperator types:\n" + table.Render();
  if (a.unsupported.empty()) return out;
  out += "\nOperators without a FLOP rule (not counted: the total is a lower bound):\n";
  for (const OnnxOpType& t : a.unsupported) {
    out += "  " + OpName(t.domain, t.op_type) + " x" + std::to_string(t.count) + ":";
    int shown = 0;
    for (const OnnxNode& n : a.nodes) {
      if (n.op_type != t.op_type || n.domain != t.domain) continue;
      if (shown++ == 5) {
        out += " ...";
        break;
      }
      out += " " + n.name + " -> " + Outputs(n) + ";";
    }
    out += "\n";
  }
  return out;
}

json Tensors(const std::vector<OnnxTensor>& tensors) {
  json out = json::array();
  for (const OnnxTensor& t : tensors) {
    out.push_back({{"name", t.name},
                   {"shape", t.shape},
                   {"dims", t.rank_known ? json(t.dims) : json(nullptr)}});
  }
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

}  // namespace

std::string RenderOnnxText(const OnnxAnalysis& analysis, const OnnxEstimate& estimate,
                           const ReportOptions& options) {
  std::string out = Header(analysis, estimate);
  if (options.show_layers) out += NodeTable(analysis, options);
  out += TypeTable(analysis, options) + "\n";
  ReportOptions rest = options;
  rest.show_layers = false;
  return out + RenderMethod1Text(estimate.result, estimate.spec, rest);
}

std::string RenderOnnxJson(const OnnxAnalysis& a, const OnnxEstimate& e) {
  json out = json::parse(RenderMethod1Json(e.result, e.spec));
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
  json types = json::array(), unsupported = json::array();
  for (const OnnxOpType& t : a.op_types) types.push_back(OpTypeJson(t, a.forward_flop));
  for (const OnnxOpType& t : a.unsupported) {
    json item = OpTypeJson(t, a.forward_flop), nodes = json::array();
    for (const OnnxNode& n : a.nodes) {
      if (n.op_type == t.op_type && n.domain == t.domain) {
        nodes.push_back({{"name", n.name}, {"outputs", Tensors(n.outputs)}});
      }
    }
    item["nodes"] = nodes;
    unsupported.push_back(item);
  }
  out["op_types"] = types;
  out["unsupported_ops"] = unsupported;
  json& layers = out["layers"];
  for (size_t i = 0; i < a.nodes.size() && i < layers.size(); ++i) {
    const OnnxNode& n = a.nodes[i];
    const double forward = e.result.layers[i].cost.forward_flop;
    json& l = layers[i];
    l["domain"] = n.domain;
    l["rule"] = RuleName(n.rule);
    l["inputs"] = Tensors(n.inputs);
    l["outputs"] = Tensors(n.outputs);
    l["multiply_adds"] = n.multiply_adds;
    l["weight_gradient"] = n.weight_gradient;
    l["input_gradient"] = n.input_gradient;
    l["weight_gradient_flop"] = n.weight_gradient ? forward : 0.0;
    l["input_gradient_flop"] = n.input_gradient ? forward : 0.0;
  }
  return out.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

}  // namespace trainflops
