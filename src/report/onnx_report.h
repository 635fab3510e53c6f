// The reports of an ONNX estimate (onnx.h): text, and JSON written as a
// stream. The reports subsystem renders them, as it renders every Method 1
// estimate; the importer itself knows nothing of reports.
#ifndef TRAINFLOPS_SRC_REPORT_ONNX_REPORT_H_
#define TRAINFLOPS_SRC_REPORT_ONNX_REPORT_H_

#include <functional>
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "trainflops/onnx.h"
#include "trainflops/report.h"

namespace trainflops {

// Per-node and per-operator-type tables, operators without a rule, then the
// Method 1 report (totals, training compute, assumptions).
std::string RenderOnnxText(const OnnxAnalysis& analysis, const OnnxEstimate& estimate,
                           const ReportOptions& options = {});
// RenderOnnxText written to `out` piece by piece (the node table a few
// kilobytes at a time). `wording`, when set, rewrites the report's own
// prose, as the command line does to spell request fields as its options;
// the node table holds the graph's names and is written unchanged.
using TextWording = std::function<std::string(std::string_view)>;
void WriteOnnxText(std::ostream& out, const OnnxAnalysis& analysis, const OnnxEstimate& estimate,
                   const ReportOptions& options = {}, const TextWording& wording = {});
// `estimate`'s JSON object for spec files, plus "model", "graph_inputs",
// "dims", "op_types", "unsupported_ops", "lower_bound",
// "lower_bound_reasons" and per-layer gradient fields (docs/onnx.md lists
// them). Without options.show_layers, the summary only (no "layers").
// WriteOnnxJson streams it: its memory does not grow with the node count.
// `members` are added to the summary (a threshold check's "thresholds").
void WriteOnnxJson(std::ostream& out, const OnnxAnalysis& analysis, const OnnxEstimate& estimate,
                   const ReportOptions& options = {},
                   const nlohmann::json& members = nlohmann::json::object());
std::string RenderOnnxJson(const OnnxAnalysis& analysis, const OnnxEstimate& estimate,
                           const ReportOptions& options = {});

}  // namespace trainflops

#endif  // TRAINFLOPS_SRC_REPORT_ONNX_REPORT_H_
