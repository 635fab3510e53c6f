// Reads an ONNX ModelProto (onnx/onnx.proto, IR version 3 to 11) through the
// wire reader. Only the fields the analysis needs are decoded; every other
// field, and every byte of weight data, is skipped by its length.
#include "proto.h"

#include <bit>
#include <cstring>

#include "wire.h"

namespace trainflops::onnx {
namespace {

// Caps on how many items one graph may hold. Each is far beyond real models
// (a large exported LLM has ~1e5 nodes) and keeps memory bounded whatever the
// file declares.
constexpr size_t kMaxNodes = 2'000'000;
constexpr size_t kMaxItems = 2'000'000;  // initializers, inputs, outputs, value_info
constexpr size_t kMaxPerNode = 100'000;  // inputs, outputs or attributes of one node
constexpr size_t kMaxInts = 1'000'000;   // values in one attribute

Status TooMany(const Field& f, const char* what, size_t limit) {
  return Status::ParseError(At(f.offset) + ": more than " + std::to_string(limit) + " " + what +
                            " (the limit protects memory)");
}

template <typename T>
Status Push(std::vector<T>* items, T item, const Field& f, const char* what, size_t limit) {
  if (items->size() >= limit) return TooMany(f, what, limit);
  items->push_back(std::move(item));
  return Status::Ok();
}

Status ExpectVarint(const Field& f, const char* what) {
  if (f.type == kVarint) return Status::Ok();
  return Status::ParseError(At(f.offset) + ": " + what + " (field " + std::to_string(f.number) +
                            ") should be a varint but has wire type " + std::to_string(f.type));
}

class Parser {
 public:
  explicit Parser(const ByteSource& source) : in_(source) {}

  Result<ModelData> Model() {
    ModelData model;
    Span cursor = in_.Whole();
    Field f;
    while (true) {
      TF_ASSIGN_OR_RETURN(const bool more, in_.NextField(&cursor, &f));
      if (!more) break;
      // ModelProto: ir_version = 1, producer_name = 2, producer_version = 3,
      // graph = 7, opset_import = 8.
      switch (f.number) {
        case 1:
          TF_RETURN_IF_ERROR(ExpectVarint(f, "ModelProto.ir_version"));
          model.ir_version = static_cast<int64_t>(f.value);
          break;
        case 2: {
          TF_ASSIGN_OR_RETURN(model.producer_name, Text(f, "ModelProto.producer_name"));
          break;
        }
        case 3: {
          TF_ASSIGN_OR_RETURN(model.producer_version, Text(f, "ModelProto.producer_version"));
          break;
        }
        case 7: {
          TF_ASSIGN_OR_RETURN(const Span span, in_.Message(f, "ModelProto.graph"));
          TF_RETURN_IF_ERROR(Graph(span, &model.graph));
          model.has_graph = true;
          break;
        }
        case 8: {
          TF_ASSIGN_OR_RETURN(const Span span, in_.Message(f, "ModelProto.opset_import"));
          TF_ASSIGN_OR_RETURN(OpsetId id, Opset(span));
          TF_RETURN_IF_ERROR(Push(&model.opsets, std::move(id), f, "opset imports", 10'000));
          break;
        }
        default:
          break;
      }
    }
    return model;
  }

 private:
  Result<std::string> Text(const Field& f, const char* what) {
    TF_ASSIGN_OR_RETURN(const Span span, in_.Message(f, what));
    return in_.String(span, what);
  }

  // OperatorSetIdProto: domain = 1, version = 2.
  Result<OpsetId> Opset(Span cursor) {
    OpsetId id;
    Field f;
    while (true) {
      TF_ASSIGN_OR_RETURN(const bool more, in_.NextField(&cursor, &f));
      if (!more) return id;
      if (f.number == 1) {
        TF_ASSIGN_OR_RETURN(id.domain, Text(f, "OperatorSetIdProto.domain"));
      }
      if (f.number == 2) {
        TF_RETURN_IF_ERROR(ExpectVarint(f, "OperatorSetIdProto.version"));
        id.version = static_cast<int64_t>(f.value);
      }
    }
  }

  // GraphProto: node = 1, name = 2, initializer = 5, input = 11, output = 12,
  // value_info = 13, sparse_initializer = 15.
  Status Graph(Span cursor, GraphData* g) {
    Field f;
    while (true) {
      TF_ASSIGN_OR_RETURN(const bool more, in_.NextField(&cursor, &f));
      if (!more) return Status::Ok();
      switch (f.number) {
        case 1: {
          TF_ASSIGN_OR_RETURN(const Span span, in_.Message(f, "GraphProto.node"));
          TF_ASSIGN_OR_RETURN(NodeProtoData node, Node(span));
          TF_RETURN_IF_ERROR(Push(&g->nodes, std::move(node), f, "nodes", kMaxNodes));
          break;
        }
        case 2: {
          TF_ASSIGN_OR_RETURN(g->name, Text(f, "GraphProto.name"));
          break;
        }
        case 5: {
          TF_ASSIGN_OR_RETURN(const Span span, in_.Message(f, "GraphProto.initializer"));
          TF_ASSIGN_OR_RETURN(TensorMeta t, Tensor(span));
          TF_RETURN_IF_ERROR(Push(&g->initializers, std::move(t), f, "initializers", kMaxItems));
          break;
        }
        case 11:
        case 12:
        case 13: {
          auto* list = f.number == 11 ? &g->inputs : f.number == 12 ? &g->outputs : &g->value_info;
          TF_ASSIGN_OR_RETURN(const Span span,
                              in_.Message(f, "GraphProto.input/output/value_info"));
          TF_ASSIGN_OR_RETURN(ValueInfo v, Value(span));
          TF_RETURN_IF_ERROR(Push(list, std::move(v), f, "graph values", kMaxItems));
          break;
        }
        case 15:
          ++g->sparse_initializers;
          break;
        default:
          break;
      }
    }
  }

  // NodeProto: input = 1, output = 2, name = 3, op_type = 4, attribute = 5,
  // domain = 7.
  Result<NodeProtoData> Node(Span cursor) {
    NodeProtoData node;
    Field f;
    while (true) {
      TF_ASSIGN_OR_RETURN(const bool more, in_.NextField(&cursor, &f));
      if (!more) return node;
      switch (f.number) {
        case 1:
        case 2: {
          TF_ASSIGN_OR_RETURN(std::string name, Text(f, "NodeProto.input/output"));
          auto* list = f.number == 1 ? &node.inputs : &node.outputs;
          TF_RETURN_IF_ERROR(Push(list, std::move(name), f, "node inputs/outputs", kMaxPerNode));
          break;
        }
        case 3: {
          TF_ASSIGN_OR_RETURN(node.name, Text(f, "NodeProto.name"));
          break;
        }
        case 4: {
          TF_ASSIGN_OR_RETURN(node.op_type, Text(f, "NodeProto.op_type"));
          break;
        }
        case 5: {
          TF_ASSIGN_OR_RETURN(const Span span, in_.Message(f, "NodeProto.attribute"));
          TF_ASSIGN_OR_RETURN(Attribute a, Attr(span));
          TF_RETURN_IF_ERROR(Push(&node.attributes, std::move(a), f, "attributes", kMaxPerNode));
          break;
        }
        case 7: {
          TF_ASSIGN_OR_RETURN(node.domain, Text(f, "NodeProto.domain"));
          break;
        }
        default:
          break;
      }
    }
  }

  // AttributeProto: name = 1, f = 2, i = 3, s = 4, t = 5, g = 6, floats = 7,
  // ints = 8, graphs = 11, type = 20.
  Result<Attribute> Attr(Span cursor) {
    Attribute a;
    Field f;
    while (true) {
      TF_ASSIGN_OR_RETURN(const bool more, in_.NextField(&cursor, &f));
      if (!more) return a;
      switch (f.number) {
        case 1: {
          TF_ASSIGN_OR_RETURN(a.name, Text(f, "AttributeProto.name"));
          break;
        }
        case 2:
          if (f.type != kFixed32) return BadType(f, "AttributeProto.f", "fixed32");
          a.f = std::bit_cast<float>(static_cast<uint32_t>(f.value));
          a.has_f = true;
          break;
        case 3:
          TF_RETURN_IF_ERROR(ExpectVarint(f, "AttributeProto.i"));
          a.i = static_cast<int64_t>(f.value);
          a.has_i = true;
          break;
        case 4: {
          // Long strings (opaque blobs of custom ops) are not needed: skipped.
          TF_ASSIGN_OR_RETURN(const Span span, in_.Message(f, "AttributeProto.s"));
          if (span.size() <= kMaxString) {
            TF_ASSIGN_OR_RETURN(a.s, in_.String(span, "AttributeProto.s"));
          }
          a.has_s = true;
          break;
        }
        case 5: {
          TF_ASSIGN_OR_RETURN(const Span span, in_.Message(f, "AttributeProto.t"));
          TF_ASSIGN_OR_RETURN(a.t, Tensor(span));
          break;
        }
        case 6:
        case 11: {
          TF_ASSIGN_OR_RETURN(const Span span, in_.Message(f, "AttributeProto.g/graphs"));
          TF_ASSIGN_OR_RETURN(const int64_t nodes, CountNodes(span));
          a.subgraph_nodes += nodes;
          ++a.subgraphs;
          break;
        }
        case 7: {
          std::vector<uint64_t> bits;
          if (f.type == kFixed32) {
            bits.push_back(f.value);
          } else {
            TF_ASSIGN_OR_RETURN(const Span span, in_.Message(f, "AttributeProto.floats"));
            TF_RETURN_IF_ERROR(in_.Fixed(span, 4, kMaxInts, "AttributeProto.floats", &bits));
          }
          for (uint64_t b : bits) {
            if (a.floats.size() >= kMaxInts) return TooMany(f, "floats", kMaxInts);
            a.floats.push_back(std::bit_cast<float>(static_cast<uint32_t>(b)));
          }
          break;
        }
        case 8:
          TF_RETURN_IF_ERROR(in_.Varints(f, kMaxInts, "AttributeProto.ints", &a.ints));
          break;
        case 20:
          TF_RETURN_IF_ERROR(ExpectVarint(f, "AttributeProto.type"));
          a.type = static_cast<int32_t>(f.value);
          break;
        default:
          break;
      }
    }
  }

  // Counts the nodes of a subgraph and of its own subgraphs (If, Loop, Scan
  // bodies are not analysed; the report says how many nodes they hold).
  Result<int64_t> CountNodes(Span cursor) {
    int64_t count = 0;
    Field f;
    while (true) {
      TF_ASSIGN_OR_RETURN(const bool more, in_.NextField(&cursor, &f));
      if (!more) return count;
      if (f.number != 1) continue;  // GraphProto.node
      ++count;
      TF_ASSIGN_OR_RETURN(Span node, in_.Message(f, "GraphProto.node"));
      Field nf;
      while (true) {
        TF_ASSIGN_OR_RETURN(const bool more_node, in_.NextField(&node, &nf));
        if (!more_node) break;
        if (nf.number != 5) continue;  // NodeProto.attribute
        TF_ASSIGN_OR_RETURN(Span attr, in_.Message(nf, "NodeProto.attribute"));
        Field af;
        while (true) {
          TF_ASSIGN_OR_RETURN(const bool more_attr, in_.NextField(&attr, &af));
          if (!more_attr) break;
          if (af.number != 6 && af.number != 11) continue;
          TF_ASSIGN_OR_RETURN(const Span g, in_.Message(af, "AttributeProto.g/graphs"));
          TF_ASSIGN_OR_RETURN(const int64_t inner, CountNodes(g));
          count += inner;
        }
      }
    }
  }

  Status BadType(const Field& f, const char* what, const char* expected) {
    return Status::ParseError(At(f.offset) + ": " + what + " (field " + std::to_string(f.number) +
                              ") should be " + expected + " but has wire type " +
                              std::to_string(f.type));
  }

  Result<TensorMeta> Tensor(Span cursor);
  Status TensorValues(TensorMeta* t, const Field& data);
  Result<ValueInfo> Value(Span cursor);
  Status Shape(Span cursor, ValueInfo* v);
  Result<Dimension> Dim(Span cursor);

  WireReader in_;
};

// TensorProto: dims = 1, data_type = 2, float_data = 4, int32_data = 5,
// string_data = 6, int64_data = 7, name = 8, raw_data = 9, double_data = 10,
// uint64_data = 11, external_data = 13, data_location = 14.
// The data fields are skipped by their length; only small numeric tensors
// (at most kMaxValues elements) have their values decoded, after the whole
// message is read, since fields may come in any order.
Result<TensorMeta> Parser::Tensor(Span cursor) {
  TensorMeta t;
  Field f, data;
  int data_fields = 0;
  while (true) {
    TF_ASSIGN_OR_RETURN(const bool more, in_.NextField(&cursor, &f));
    if (!more) break;
    switch (f.number) {
      case 1:
        TF_RETURN_IF_ERROR(in_.Varints(f, kMaxRank, "TensorProto.dims", &t.dims));
        break;
      case 2:
        TF_RETURN_IF_ERROR(ExpectVarint(f, "TensorProto.data_type"));
        t.data_type = static_cast<int32_t>(f.value);
        break;
      case 4:
      case 5:
      case 6:
      case 7:
      case 9:
      case 10:
      case 11:
        t.has_data = true;
        t.data_bytes += f.type == kLen ? f.span.size() : 8;
        data = f;
        t.data_field = static_cast<int>(f.number);
        ++data_fields;
        break;
      case 8: {
        TF_ASSIGN_OR_RETURN(t.name, Text(f, "TensorProto.name"));
        break;
      }
      case 13: {
        // StringStringEntryProto: key = 1, value = 2; only "length" is used.
        TF_ASSIGN_OR_RETURN(Span entry, in_.Message(f, "TensorProto.external_data"));
        std::string key, value;
        Field ef;
        while (true) {
          TF_ASSIGN_OR_RETURN(const bool more_entry, in_.NextField(&entry, &ef));
          if (!more_entry) break;
          if (ef.number == 1) {
            TF_ASSIGN_OR_RETURN(key, Text(ef, "external_data key"));
          }
          if (ef.number == 2) {
            TF_ASSIGN_OR_RETURN(value, Text(ef, "external_data value"));
          }
        }
        if (key == "length") {
          uint64_t length = 0;
          for (char c : value) {
            if (c < '0' || c > '9' || length > (UINT64_MAX - 9) / 10) {
              return Status::ParseError(At(f.offset) + ": external_data length '" + value +
                                        "' is not a byte count");
            }
            length = length * 10 + static_cast<uint64_t>(c - '0');
          }
          t.external_length = length;
        }
        break;
      }
      case 14:
        TF_RETURN_IF_ERROR(ExpectVarint(f, "TensorProto.data_location"));
        t.external = f.value == 1;
        break;
      default:
        break;
    }
  }
  for (int64_t d : t.dims) {
    if (d < 0) {
      return Status::ParseError("tensor '" + t.name + "' has a negative dimension " +
                                std::to_string(d));
    }
  }
  if (data_fields == 1 && data.type == kLen && !t.external) {
    TF_RETURN_IF_ERROR(TensorValues(&t, data));
  }
  return t;
}

Status Parser::TensorValues(TensorMeta* t, const Field& data) {
  double count = 1;
  for (int64_t d : t->dims) count *= static_cast<double>(d);
  const bool is_int = t->data_type == kInt64 || t->data_type == kInt32;
  const bool is_float = t->data_type == kFloat || t->data_type == kDouble;
  const auto limit = static_cast<double>(is_int ? kMaxValues : kMaxFloatValues);
  if (count > limit || (!is_int && !is_float)) return Status::Ok();
  const auto n = static_cast<size_t>(count);
  const int width = t->data_type == kInt64 || t->data_type == kDouble ? 8 : 4;
  std::vector<uint64_t> bits;
  std::vector<int64_t> ints;
  if (data.number == 9) {  // raw_data: little-endian values
    if (data.span.size() != n * static_cast<uint64_t>(width)) return Status::Ok();  // checked later
    TF_RETURN_IF_ERROR(in_.Fixed(data.span, width, n, "TensorProto.raw_data", &bits));
  } else if (data.number == 7 || data.number == 5) {  // int64_data / int32_data: varints
    if (!is_int) return Status::Ok();
    TF_RETURN_IF_ERROR(in_.Varints(data, n, "TensorProto.int_data", &ints));
    if (ints.size() != n) return Status::Ok();
    for (int64_t v : ints) bits.push_back(static_cast<uint64_t>(v));
  } else if (data.number == 4 || data.number == 10) {  // float_data / double_data
    if (t->data_type != (data.number == 4 ? kFloat : kDouble)) return Status::Ok();
    TF_RETURN_IF_ERROR(in_.Fixed(data.span, width, n, "TensorProto.float_data", &bits));
    if (bits.size() != n) return Status::Ok();
  } else {
    return Status::Ok();
  }
  for (uint64_t b : bits) {
    switch (t->data_type) {
      case kInt64:
        t->int_values.push_back(static_cast<int64_t>(b));
        break;
      case kInt32:
        t->int_values.push_back(static_cast<int32_t>(static_cast<uint32_t>(b)));
        break;
      case kFloat:
        t->float_values.push_back(std::bit_cast<float>(static_cast<uint32_t>(b)));
        break;
      default:
        t->float_values.push_back(std::bit_cast<double>(b));
        break;
    }
  }
  t->has_values = true;
  return Status::Ok();
}

// ValueInfoProto: name = 1, type = 2. TypeProto: tensor_type = 1 (other
// kinds: sequences, maps, optionals are left untyped). TypeProto.Tensor:
// elem_type = 1, shape = 2.
Result<ValueInfo> Parser::Value(Span cursor) {
  ValueInfo v;
  Field f;
  while (true) {
    TF_ASSIGN_OR_RETURN(const bool more, in_.NextField(&cursor, &f));
    if (!more) return v;
    if (f.number == 1) {
      TF_ASSIGN_OR_RETURN(v.name, Text(f, "ValueInfoProto.name"));
    }
    if (f.number != 2) continue;
    TF_ASSIGN_OR_RETURN(Span type, in_.Message(f, "ValueInfoProto.type"));
    Field tf;
    while (true) {
      TF_ASSIGN_OR_RETURN(const bool more_type, in_.NextField(&type, &tf));
      if (!more_type) break;
      if (tf.number != 1) continue;
      TF_ASSIGN_OR_RETURN(Span tensor, in_.Message(tf, "TypeProto.tensor_type"));
      v.has_type = true;
      Field ttf;
      while (true) {
        TF_ASSIGN_OR_RETURN(const bool more_tensor, in_.NextField(&tensor, &ttf));
        if (!more_tensor) break;
        if (ttf.number == 1) {
          TF_RETURN_IF_ERROR(ExpectVarint(ttf, "TypeProto.Tensor.elem_type"));
          v.elem_type = static_cast<int32_t>(ttf.value);
        } else if (ttf.number == 2) {
          TF_ASSIGN_OR_RETURN(const Span shape, in_.Message(ttf, "TypeProto.Tensor.shape"));
          v.has_shape = true;
          v.dims.clear();
          TF_RETURN_IF_ERROR(Shape(shape, &v));
        }
      }
    }
  }
}

// TensorShapeProto: dim = 1.
Status Parser::Shape(Span cursor, ValueInfo* v) {
  Field f;
  while (true) {
    TF_ASSIGN_OR_RETURN(const bool more, in_.NextField(&cursor, &f));
    if (!more) return Status::Ok();
    if (f.number != 1) continue;
    TF_ASSIGN_OR_RETURN(const Span span, in_.Message(f, "TensorShapeProto.dim"));
    TF_ASSIGN_OR_RETURN(Dimension d, Dim(span));
    TF_RETURN_IF_ERROR(Push(&v->dims, std::move(d), f, "dimensions", kMaxRank));
  }
}

// TensorShapeProto.Dimension: dim_value = 1, dim_param = 2.
Result<Dimension> Parser::Dim(Span cursor) {
  Dimension d;
  Field f;
  while (true) {
    TF_ASSIGN_OR_RETURN(const bool more, in_.NextField(&cursor, &f));
    if (!more) return d;
    if (f.number == 1) {
      TF_RETURN_IF_ERROR(ExpectVarint(f, "Dimension.dim_value"));
      d.value = static_cast<int64_t>(f.value);
      if (d.value < 0) {
        return Status::ParseError(At(f.offset) + ": negative dimension " + std::to_string(d.value));
      }
      d.has_value = true;
    } else if (f.number == 2) {
      TF_ASSIGN_OR_RETURN(d.param, Text(f, "Dimension.dim_param"));
    }
  }
}

}  // namespace

Result<ModelData> ParseModel(const ByteSource& source) { return Parser(source).Model(); }

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
    case 20:
      return 1;  // float8 variants
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
