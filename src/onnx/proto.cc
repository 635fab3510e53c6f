// Reads an ONNX ModelProto (onnx/onnx.proto, IR version 3 to 11) through the
// wire reader: the model, graph, node and attribute messages. Only the
// fields the analysis needs are decoded; every other field, and every byte of
// weight data, is skipped by its length.
#include <algorithm>
#include <bit>

#include "proto_parser.h"

namespace trainflops::onnx {

Status TooMany(const Field& f, const std::string& what, size_t limit) {
  return Status::ParseError(At(f.offset) + ": more than " + std::to_string(limit) + " " + what +
                            " (the limit protects memory)");
}

Status WrongType(const Field& f, const std::string& what, const char* expected) {
  return Status::ParseError(At(f.offset) + ": " + what + " (field " + std::to_string(f.number) +
                            ") should be " + expected + " but has wire type " +
                            std::to_string(f.type));
}

Result<std::string> Parser::Text(const Field& f, const char* what) {
  TF_ASSIGN_OR_RETURN(const Span span, in_.Message(f, what));
  TF_ASSIGN_OR_RETURN(std::string text, in_.String(span, what));
  TF_RETURN_IF_ERROR(budget_->Charge(HeapBytes(text), "names"));
  return text;
}

// ModelProto: ir_version = 1, producer_name = 2, producer_version = 3,
// graph = 7, opset_import = 8.
Result<ModelData> Parser::Model() {
  ModelData m;
  const Status visited = in_.ForEachField(in_.Whole(), [&](const Field& f) -> Status {
    switch (f.number) {
      case 1:
        TF_RETURN_IF_ERROR(ExpectVarint(f, "ModelProto.ir_version"));
        m.ir_version = static_cast<int64_t>(f.value);
        return Status::Ok();
      case 2: {
        TF_ASSIGN_OR_RETURN(m.producer_name, Text(f, "ModelProto.producer_name"));
        return Status::Ok();
      }
      case 3: {
        TF_ASSIGN_OR_RETURN(m.producer_version, Text(f, "ModelProto.producer_version"));
        return Status::Ok();
      }
      case 7:
        m.has_graph = true;
        return Graph(f, &m.graph);
      case 8: {
        TF_ASSIGN_OR_RETURN(OpsetId id, Opset(f));
        return Push(&m.opsets, std::move(id), f, "opset imports", 10'000, budget_);
      }
      default:
        return Status::Ok();
    }
  });
  if (!visited.ok()) return visited;
  return m;
}

// OperatorSetIdProto: domain = 1, version = 2.
Result<OpsetId> Parser::Opset(const Field& field) {
  OpsetId id;
  TF_ASSIGN_OR_RETURN(const Span span, in_.Message(field, "ModelProto.opset_import"));
  const Status visited = in_.ForEachField(span, [&](const Field& f) -> Status {
    if (f.number == 1) {
      TF_ASSIGN_OR_RETURN(id.domain, Text(f, "OperatorSetIdProto.domain"));
    } else if (f.number == 2) {
      TF_RETURN_IF_ERROR(ExpectVarint(f, "OperatorSetIdProto.version"));
      id.version = static_cast<int64_t>(f.value);
    }
    return Status::Ok();
  });
  if (!visited.ok()) return visited;
  return id;
}

// GraphProto: node = 1, name = 2, initializer = 5, input = 11, output = 12,
// value_info = 13, sparse_initializer = 15.
Status Parser::Graph(const Field& field, GraphData* g) {
  TF_ASSIGN_OR_RETURN(const Span span, in_.Message(field, "ModelProto.graph"));
  // A first pass counts the nodes (their bytes are skipped), so that the
  // vector of 100,000 nodes is allocated once instead of moved as it grows.
  size_t nodes = 0;
  TF_RETURN_IF_ERROR(in_.ForEachField(span, [&](const Field& f) -> Status {
    nodes += f.number == 1 ? 1 : 0;
    return Status::Ok();
  }));
  nodes = std::min(nodes, kMaxNodes);
  TF_RETURN_IF_ERROR(budget_->Charge(nodes * sizeof(NodeProtoData), "nodes"));
  g->nodes.reserve(nodes);
  return in_.ForEachField(span, [&](const Field& f) -> Status {
    switch (f.number) {
      case 1: {
        // Parsed in place (a graph may hold 100,000 nodes): on an error
        // the parse stops and the model is discarded.
        if (g->nodes.size() >= kMaxNodes) return TooMany(f, "nodes", kMaxNodes);
        return Node(f, &g->nodes.emplace_back());
      }
      case 2: {
        TF_ASSIGN_OR_RETURN(g->name, Text(f, "GraphProto.name"));
        return Status::Ok();
      }
      case 5: {
        TF_ASSIGN_OR_RETURN(TensorMeta t, Tensor(f));
        return Push(&g->initializers, std::move(t), f, "initializers", kMaxItems, budget_);
      }
      case 11:
      case 12:
      case 13: {
        auto* list = f.number == 11 ? &g->inputs : f.number == 12 ? &g->outputs : &g->value_info;
        TF_ASSIGN_OR_RETURN(ValueInfo v, Value(f));
        return Push(list, std::move(v), f, "graph values", kMaxItems, budget_);
      }
      case 15:
        ++g->sparse_initializers;
        return Status::Ok();
      default:
        return Status::Ok();
    }
  });
}

// NodeProto: input = 1, output = 2, name = 3, op_type = 4, attribute = 5,
// domain = 7.
Status Parser::Node(const Field& field, NodeProtoData* out) {
  NodeProtoData& node = *out;
  TF_ASSIGN_OR_RETURN(const Span span, in_.Message(field, "GraphProto.node"));
  // A first pass counts the names and attributes, so that each list is
  // allocated once (a graph of 100,000 nodes would otherwise grow them
  // 100,000 times) and charged before it is: 2-byte empty attributes cost
  // hundreds of bytes each.
  size_t inputs = 0, outputs = 0, attributes = 0;
  TF_RETURN_IF_ERROR(in_.ForEachField(span, [&](const Field& f) -> Status {
    inputs += f.number == 1 ? 1 : 0;
    outputs += f.number == 2 ? 1 : 0;
    attributes += f.number == 5 ? 1 : 0;
    return Status::Ok();
  }));
  inputs = std::min(inputs, kMaxPerNode);
  outputs = std::min(outputs, kMaxPerNode);
  attributes = std::min(attributes, kMaxPerNode);
  if (attributes > 0) {
    TF_RETURN_IF_ERROR(budget_->Charge(attributes * sizeof(Attribute), "attributes"));
    node.attributes.reserve(attributes);
  }
  TF_RETURN_IF_ERROR(budget_->Charge((inputs + outputs) * sizeof(std::string), "node inputs"));
  node.inputs.reserve(inputs);
  node.outputs.reserve(outputs);
  const Status visited = in_.ForEachField(span, [&](const Field& f) -> Status {
    switch (f.number) {
      case 1:
      case 2: {
        // Built in place: a graph of 100,000 nodes has a few hundred
        // thousand of these names.
        TF_ASSIGN_OR_RETURN(const Span text, in_.Message(f, "NodeProto.input/output"));
        TF_ASSIGN_OR_RETURN(const std::string_view name, in_.View(text, "NodeProto.input/output"));
        auto* list = f.number == 1 ? &node.inputs : &node.outputs;
        if (list->size() >= kMaxPerNode) return TooMany(f, "node inputs/outputs", kMaxPerNode);
        TF_RETURN_IF_ERROR(budget_->Charge(HeapBytes(name.size()), "names"));
        list->emplace_back(name);
        return Status::Ok();
      }
      case 3: {
        TF_ASSIGN_OR_RETURN(node.name, Text(f, "NodeProto.name"));
        return Status::Ok();
      }
      case 4: {
        TF_ASSIGN_OR_RETURN(node.op_type, Text(f, "NodeProto.op_type"));
        return Status::Ok();
      }
      case 5: {
        TF_ASSIGN_OR_RETURN(Attribute a, Attr(f));
        return Push(&node.attributes, std::move(a), f, "attributes", kMaxPerNode, budget_);
      }
      case 7: {
        TF_ASSIGN_OR_RETURN(node.domain, Text(f, "NodeProto.domain"));
        return Status::Ok();
      }
      default:
        return Status::Ok();
    }
  });
  return visited;
}

Result<Attribute> Parser::Attr(const Field& field) {
  Attribute a;
  TF_ASSIGN_OR_RETURN(const Span span, in_.Message(field, "NodeProto.attribute"));
  TF_RETURN_IF_ERROR(in_.ForEachField(span, [&](const Field& f) { return AttrField(f, &a); }));
  return a;
}

// AttributeProto: name = 1, f = 2, i = 3, s = 4, t = 5, g = 6, floats = 7,
// ints = 8, graphs = 11, type = 20.
Status Parser::AttrField(const Field& f, Attribute* a) {
  switch (f.number) {
    case 1: {
      TF_ASSIGN_OR_RETURN(a->name, Text(f, "AttributeProto.name"));
      return Status::Ok();
    }
    case 2:
      if (f.type != kFixed32) return WrongType(f, "AttributeProto.f", "fixed32");
      a->f = std::bit_cast<float>(static_cast<uint32_t>(f.value));
      a->has_f = true;
      return Status::Ok();
    case 3:
      TF_RETURN_IF_ERROR(ExpectVarint(f, "AttributeProto.i"));
      a->i = static_cast<int64_t>(f.value);
      a->has_i = true;
      return Status::Ok();
    case 4: {
      // Long strings (opaque blobs of custom operators) are not needed: skipped.
      TF_ASSIGN_OR_RETURN(const Span span, in_.Message(f, "AttributeProto.s"));
      a->has_s = true;
      if (span.size() > kMaxString) return Status::Ok();
      TF_ASSIGN_OR_RETURN(a->s, in_.String(span, "AttributeProto.s"));
      return budget_->Charge(HeapBytes(a->s), "attribute strings");
    }
    case 5: {
      TF_ASSIGN_OR_RETURN(a->t, Tensor(f));
      return Status::Ok();
    }
    case 6:
    case 11: {
      // The wire reader's nesting limit (kMaxDepth) bounds the recursion.
      TF_RETURN_IF_ERROR(budget_->Charge(sizeof(GraphData) + 16, "subgraphs"));
      auto graph = std::make_shared<GraphData>();
      TF_RETURN_IF_ERROR(Graph(f, graph.get()));
      a->subgraph_nodes += CountNodes(*graph);
      ++a->subgraphs;
      a->graphs.push_back(std::move(graph));
      return Status::Ok();
    }
    case 7: {
      std::vector<uint64_t> bits;
      if (f.type == kFixed32) {
        bits.push_back(f.value);
      } else {
        TF_ASSIGN_OR_RETURN(const Span span, in_.Message(f, "AttributeProto.floats"));
        TF_RETURN_IF_ERROR(in_.Fixed(span, 4, kMaxInts, "AttributeProto.floats", &bits));
      }
      if (a->floats.size() + bits.size() > kMaxInts) return TooMany(f, "floats", kMaxInts);
      const size_t before = a->floats.capacity();
      for (uint64_t b : bits) a->floats.push_back(std::bit_cast<float>(static_cast<uint32_t>(b)));
      return budget_->Charge((a->floats.capacity() - before) * sizeof(double), "attribute values");
    }
    case 8: {
      const size_t before = a->ints.capacity();
      TF_RETURN_IF_ERROR(in_.Varints(f, kMaxInts, "AttributeProto.ints", &a->ints));
      return budget_->Charge((a->ints.capacity() - before) * sizeof(int64_t), "attribute values");
    }
    case 20:
      TF_RETURN_IF_ERROR(ExpectVarint(f, "AttributeProto.type"));
      a->type = static_cast<int32_t>(f.value);
      return Status::Ok();
    default:
      return Status::Ok();
  }
}

// Nodes of a subgraph and of its own subgraphs.
int64_t CountNodes(const GraphData& graph) {
  int64_t count = 0;
  for (const NodeProtoData& node : graph.nodes) {
    ++count;
    for (const Attribute& a : node.attributes) count += a.subgraph_nodes;
  }
  return count;
}

Result<ModelData> ParseModel(const ByteSource& source, MemoryBudget* budget) {
  return Parser(source, budget).Model();
}

uint64_t ElementBytes(int32_t data_type) {
  switch (data_type) {
    case kFloat:
    case kInt32:
    case kUint32:
      return 4;
    case kUint8:
    case kInt8:
    case kBool:
      return 1;
    case kUint16:
    case kInt16:
    case kFloat16:
    case kBfloat16:
      return 2;
    case kInt64:
    case kDouble:
    case kUint64:
    case kComplex64:
      return 8;
    case kComplex128:
      return 16;
    case 17:
    case 18:
    case 19:
    case 20:  // float8 variants
      return 1;
    default:
      return 0;
  }
}

std::string DataTypeName(int32_t data_type) {
  static const char* const kNames[] = {
      "undefined",      "float",      "uint8",          "int8",       "uint16",   "int16",
      "int32",          "int64",      "string",         "bool",       "float16",  "double",
      "uint32",         "uint64",     "complex64",      "complex128", "bfloat16", "float8e4m3fn",
      "float8e4m3fnuz", "float8e5m2", "float8e5m2fnuz", "uint4",      "int4",     "float4e2m1"};
  if (data_type >= 0 && data_type < static_cast<int32_t>(std::size(kNames))) {
    return kNames[data_type];
  }
  return "type " + std::to_string(data_type);
}

}  // namespace trainflops::onnx
