// CountOnnxNodes: how many nodes a model holds, by a walk of the wire format
// that decodes nothing but the fields leading to nodes and to the items that
// cost memory (onnx/onnx.proto: ModelProto.graph = 7; GraphProto.node = 1,
// initializer = 5, input/output/value_info = 11/12/13; NodeProto.input = 1,
// output = 2, name = 3, attribute = 5; AttributeProto.g = 6 and graphs = 11;
// ValueInfoProto.type = 2 -> TypeProto.tensor_type = 1 -> shape = 2 ->
// dim = 1). It allocates nothing per node, so a front end can check an
// upload's cost before analysing it.
#include <algorithm>
#include <array>

#include "budget.h"
#include "proto.h"
#include "trainflops/onnx.h"
#include "wire.h"

namespace trainflops::onnx {
namespace {

// What items cost, in bytes of the parsed model and of the analysis (the
// sizes the analysis charges to its MemoryBudget).
constexpr uint64_t kNodeBytes = sizeof(NodeProtoData) + sizeof(OnnxNode);
constexpr uint64_t kNameBytes = sizeof(std::string) + sizeof(OnnxTensor);
// A node as the web API's cap counts it: a real export's node costs well
// under this with its attributes, names and dimensions, so only graphs whose
// items are unusually costly count more than their nodes.
constexpr uint64_t kBytesPerNode = 4096;

class NodeCounter {
 public:
  explicit NodeCounter(const ByteSource& source) : in_(source) {}

  Result<int64_t> Model() {
    TF_RETURN_IF_ERROR(in_.ForEachField(in_.Whole(), [&](const Field& f) -> Status {
      if (f.number != 7 || f.type != kLen) return Status::Ok();
      TF_ASSIGN_OR_RETURN(const Span graph, in_.Message(f, "ModelProto.graph"));
      return Graph(graph);
    }));
    return std::max(count_, static_cast<int64_t>(bytes_ / kBytesPerNode));
  }

 private:
  Status Graph(const Span& graph) {
    return in_.ForEachField(graph, [&](const Field& f) -> Status {
      if (f.type != kLen) return Status::Ok();
      if (f.number == 5) bytes_ += sizeof(TensorMeta);
      if (f.number == 1 || (f.number >= 11 && f.number <= 13)) {
        TF_ASSIGN_OR_RETURN(const Span inner, in_.Message(f, "GraphProto item"));
        return f.number == 1 ? Node(inner) : Value(inner);
      }
      return Status::Ok();
    });
  }

  // A node's own name is held once: its subgraphs' nodes refer to it
  // through one scope (OnnxScope), charged once whatever their number.
  Status Node(const Span& node) {
    ++count_;
    uint64_t name = 0;
    TF_RETURN_IF_ERROR(in_.ForEachField(node, [&](const Field& f) -> Status {
      if (f.type != kLen) return Status::Ok();
      const uint64_t size = f.span.size();
      if (f.number == 1 || f.number == 2) bytes_ += kNameBytes + 2 * HeapBytes(size);
      if (f.number == 3) name = size;
      if (f.number == 5) bytes_ += sizeof(Attribute);
      return Status::Ok();
    }));
    bytes_ += kNodeBytes + HeapBytes(name);
    bool scoped = false;
    return in_.ForEachField(node, [&](const Field& f) -> Status {
      if (f.number != 5 || f.type != kLen) return Status::Ok();
      TF_ASSIGN_OR_RETURN(const Span attribute, in_.Message(f, "NodeProto.attribute"));
      return Subgraphs(attribute, name, &scoped);
    });
  }

  // A subgraph attribute: `g` (If's branches, Loop's and Scan's body) or
  // `graphs`. The first of a node's subgraphs adds the scope holding its
  // name; each adds a segment ("then", "else").
  Status Subgraphs(const Span& attribute, uint64_t name, bool* scoped) {
    return in_.ForEachField(attribute, [&](const Field& f) -> Status {
      if ((f.number != 6 && f.number != 11) || f.type != kLen) return Status::Ok();
      TF_ASSIGN_OR_RETURN(const Span graph, in_.Message(f, "AttributeProto.g"));
      bytes_ += sizeof(GraphData) + sizeof(OnnxScope);
      if (!*scoped) bytes_ += sizeof(OnnxScope) + HeapBytes(name);
      *scoped = true;
      return Graph(graph);
    });
  }

  // A value's dimensions: TypeProto.tensor_type.shape.dim.
  Status Value(const Span& value) {
    bytes_ += sizeof(ValueInfo);
    return Nested(value, {2, 1, 2, 1}, 0);
  }
  Status Nested(const Span& span, const std::array<uint32_t, 4>& path, size_t depth) {
    if (depth == path.size()) {
      bytes_ += sizeof(Dimension) + HeapBytes(span.size());
      return Status::Ok();
    }
    return in_.ForEachField(span, [&](const Field& f) -> Status {
      if (f.number != path[depth] || f.type != kLen) return Status::Ok();
      TF_ASSIGN_OR_RETURN(const Span inner, in_.Message(f, "ValueInfoProto.type"));
      return Nested(inner, path, depth + 1);
    });
  }

  WireReader in_;
  int64_t count_ = 0;
  uint64_t bytes_ = 0;
};

}  // namespace
}  // namespace trainflops::onnx

namespace trainflops {

Result<int64_t> CountOnnxNodes(const ByteSource& source) {
  return onnx::NodeCounter(source).Model();
}

}  // namespace trainflops
