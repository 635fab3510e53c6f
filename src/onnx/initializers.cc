// Initializers: consistency checks (without reading their bytes) and the
// split between trainable weights and constants.
#include <algorithm>
#include <cmath>

#include "analyze_internal.h"
#include "trainflops/units.h"

namespace trainflops::onnx {
namespace {

bool IsFloating(int32_t type) {
  return type == kFloat || type == kDouble || type == kFloat16 || type == kBfloat16 ||
         (type >= 17 && type <= 20) || type == 23;  // float8 and float4 variants
}

// Bytes `n` elements of `type` occupy (4-bit types pack two per byte); 0 when
// the size is not fixed (strings) or the type is unknown.
double DataBytes(double n, int32_t type) {
  if (type == 21 || type == 22 || type == 23) return std::ceil(n / 2);  // uint4, int4, float4
  return n * static_cast<double>(ElementBytes(type));
}

std::string Described(const TensorMeta& t, double n) {
  return "initializer '" + t.name + "' declares shape " + Shape(t.dims) + " (" + FormatCount(n) +
         " elements of " + DataTypeName(t.data_type) + ")";
}

// The declared shape must match the bytes actually present: this catches a
// hostile 1e12-element shape over a few bytes without reading anything.
Status CheckData(const TensorMeta& t) {
  const double n = Elements(t.dims);
  const double bytes = static_cast<double>(t.data_bytes);
  if (t.external) {
    const double expected = DataBytes(n, t.data_type);
    if (t.external_length && expected > 0 && static_cast<double>(*t.external_length) != expected) {
      return Status::InvalidArgument(Described(t, n) + " = " + Num(expected) +
                                     " bytes, but its external_data length is " +
                                     std::to_string(*t.external_length));
    }
    return Status::Ok();
  }
  if (!t.has_data) {
    if (n == 0) return Status::Ok();
    return Status::InvalidArgument(Described(t, n) +
                                   " but holds no data (no raw_data, typed data or "
                                   "external_data location)");
  }
  bool ok = true;
  double expected = bytes;
  switch (t.data_field) {
    case 9:
      expected = DataBytes(n, t.data_type);
      ok = expected == 0 || bytes == expected;
      break;
    case 4:
      expected = 4 * n * (t.data_type == kComplex64 ? 2 : 1);
      ok = bytes == expected;
      break;
    case 10:
      expected = 8 * n * (t.data_type == kComplex128 ? 2 : 1);
      ok = bytes == expected;
      break;
    case 5:
    case 7:
    case 11:
      ok = bytes >= n && bytes <= 10 * n;
      break;  // varints: 1-10 bytes each
    default:
      break;
  }
  if (ok) return Status::Ok();
  return Status::InvalidArgument(Described(t, n) +
                                 (t.data_field == 9 ? " = " + Num(expected) + " bytes" : "") +
                                 ", but holds " + Num(bytes) + " bytes of data");
}

}  // namespace

double Elements(const std::vector<int64_t>& dims) {
  double n = 1;
  for (int64_t d : dims) n *= static_cast<double>(d);
  return n;
}

Result<InitializerIndex> CheckInitializers(const GraphData& graph, OnnxAnalysis* out) {
  InitializerIndex index;
  for (size_t i = 0; i < graph.initializers.size(); ++i) {
    const TensorMeta& t = graph.initializers[i];
    if (t.name.empty())
      return Status::InvalidArgument("initializer " + std::to_string(i) + " has no name");
    if (!index.emplace(t.name, i).second) {
      return Status::InvalidArgument("initializer '" + t.name + "' is defined twice");
    }
    TF_RETURN_IF_ERROR(CheckData(t));
    if (t.external) ++out->external_initializers;
  }
  out->initializers = static_cast<int64_t>(graph.initializers.size());
  return index;
}

namespace {

// Records the initializers `node` reads, crediting trainable ones to the
// main-graph node `index`; the nodes of its subgraphs (If, Loop, Scan
// bodies) are credited to it too.
void ReadInitializers(const GraphData& graph, const NodeProtoData& node, size_t index,
                      const InitializerIndex& initializers, std::vector<char>* credited,
                      ParamUse* use) {
  const OpRule* rule = FindRule(node.domain, node.op_type);
  for (size_t slot = 0; slot < node.inputs.size(); ++slot) {
    const std::string& name = node.inputs[slot];
    const auto it = initializers.find(name);
    if (it == initializers.end()) continue;
    const auto first_slot = std::find(node.inputs.begin(), node.inputs.end(), name);
    const size_t i = it->second;
    if (first_slot == node.inputs.begin() + static_cast<std::ptrdiff_t>(slot)) {
      ++use->readers[i];  // once per node, whatever the slots
    }
    const TensorMeta& t = graph.initializers[i];
    const bool constant_slot =
        rule != nullptr && std::count(rule->constant_inputs.begin(), rule->constant_inputs.end(),
                                      static_cast<int>(slot)) > 0;
    if (constant_slot || !IsFloating(t.data_type)) continue;
    use->trainable[i] = 1;
    double& first = use->trainable_uses[index];
    if (first == ParamUse::kNone) first = 0;
    if (!(*credited)[i]) {
      (*credited)[i] = 1;
      first += Elements(t.dims);
    }
  }
  for (const Attribute& a : node.attributes) {
    for (const auto& sub : a.graphs) {
      for (const NodeProtoData& inner : sub->nodes) {
        ReadInitializers(graph, inner, index, initializers, credited, use);
      }
    }
  }
}

}  // namespace

ParamUse ClassifyInitializers(const GraphData& graph, const std::vector<uint32_t>& order,
                              const InitializerIndex& initializers) {
  ParamUse use;
  use.trainable.assign(graph.initializers.size(), 0);
  use.readers.assign(graph.initializers.size(), 0);
  use.trainable_uses.assign(graph.nodes.size(), ParamUse::kNone);
  std::vector<char> credited(graph.initializers.size(), 0);
  for (size_t index : order) {
    ReadInitializers(graph, graph.nodes[index], index, initializers, &credited, &use);
  }
  return use;
}

void FinishParams(const GraphData& graph, const InitializerIndex& initializers, const ParamUse& use,
                  OnnxAnalysis* out) {
  for (const auto& [name, i] : initializers) {
    const double n = Elements(graph.initializers[i].dims);
    if (use.trainable[i]) {
      out->params += n;
      ++out->trainable_initializers;
      if (use.readers[i] > 1) ++out->shared_initializers;
    } else {
      out->constant_elements += n;
    }
  }
  if (out->shared_initializers > 0) {
    out->notes.push_back(std::to_string(out->shared_initializers) +
                         " weight tensor(s) are read by several nodes (shared weights): each is "
                         "counted once, at the first node that reads it");
  }
  if (graph.sparse_initializers > 0) {
    out->notes.push_back(std::to_string(graph.sparse_initializers) +
                         " sparse initializer(s) are not counted as parameters");
  }
  if (out->external_initializers > 0) {
    out->notes.push_back(std::to_string(out->external_initializers) +
                         " initializer(s) keep their data in external files, which are never "
                         "opened: only their declared shapes are used");
  }
}

}  // namespace trainflops::onnx
