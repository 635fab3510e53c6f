// CountOnnxNodes: how many nodes a model holds, by a walk of the wire format
// that decodes nothing but the fields leading to nodes (onnx/onnx.proto:
// ModelProto.graph = 7, GraphProto.node = 1, NodeProto.attribute = 5,
// AttributeProto.g = 6 and graphs = 11). It allocates nothing per node, so a
// front end can check an upload's size in nodes before analysing it.
#include "trainflops/onnx.h"
#include "wire.h"

namespace trainflops::onnx {
namespace {

class NodeCounter {
 public:
  explicit NodeCounter(const ByteSource& source) : in_(source) {}

  Result<int64_t> Model() {
    TF_RETURN_IF_ERROR(Walk(in_.Whole(), 7, &NodeCounter::Graph, "ModelProto.graph"));
    return count_;
  }

 private:
  using Step = Status (NodeCounter::*)(const Span&);

  // Calls `step` on each length-delimited field `number` of the message `span`.
  Status Walk(const Span& span, uint32_t number, Step step, const char* what) {
    return in_.ForEachField(span, [&](const Field& f) -> Status {
      if (f.number != number || f.type != kLen) return Status::Ok();
      TF_ASSIGN_OR_RETURN(const Span inner, in_.Message(f, what));
      return (this->*step)(inner);
    });
  }

  Status Graph(const Span& graph) { return Walk(graph, 1, &NodeCounter::Node, "GraphProto.node"); }

  Status Node(const Span& node) {
    ++count_;
    return Walk(node, 5, &NodeCounter::Attribute, "NodeProto.attribute");
  }

  // A subgraph attribute: `g` (If's branches, Loop's and Scan's body) or `graphs`.
  Status Attribute(const Span& attribute) {
    return in_.ForEachField(attribute, [&](const Field& f) -> Status {
      if ((f.number != 6 && f.number != 11) || f.type != kLen) return Status::Ok();
      TF_ASSIGN_OR_RETURN(const Span graph, in_.Message(f, "AttributeProto.g"));
      return Graph(graph);
    });
  }

  WireReader in_;
  int64_t count_ = 0;
};

}  // namespace
}  // namespace trainflops::onnx

namespace trainflops {

Result<int64_t> CountOnnxNodes(const ByteSource& source) {
  return onnx::NodeCounter(source).Model();
}

}  // namespace trainflops
