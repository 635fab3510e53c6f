// Test-only: a tiny protobuf writer and ONNX message builders, so that tests
// build small models (and malformed ones) byte by byte. Field numbers are
// onnx/onnx.proto's, as in proto.cc.
#ifndef TRAINFLOPS_SRC_ONNX_TESTING_ONNX_WRITER_H_
#define TRAINFLOPS_SRC_ONNX_TESTING_ONNX_WRITER_H_

#include <bit>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace trainflops::onnx::testing {

class Proto {
 public:
  static std::string VarintBytes(uint64_t v) {
    std::string out;
    do {
      uint8_t byte = v & 0x7f;
      v >>= 7;
      if (v) byte |= 0x80;
      out.push_back(static_cast<char>(byte));
    } while (v);
    return out;
  }
  Proto& Tag(uint32_t field, uint32_t wire) {
    bytes_ += VarintBytes((static_cast<uint64_t>(field) << 3) | wire);
    return *this;
  }
  Proto& Varint(uint32_t field, uint64_t v) {
    Tag(field, 0);
    bytes_ += VarintBytes(v);
    return *this;
  }
  Proto& Bytes(uint32_t field, std::string_view s) {
    Tag(field, 2);
    bytes_ += VarintBytes(s.size());
    bytes_ += s;
    return *this;
  }
  Proto& Message(uint32_t field, const Proto& m) { return Bytes(field, m.str()); }
  Proto& Float(uint32_t field, float f) {
    Tag(field, 5);
    const auto bits = std::bit_cast<uint32_t>(f);
    for (int i = 0; i < 4; ++i) bytes_.push_back(static_cast<char>((bits >> (8 * i)) & 0xff));
    return *this;
  }
  Proto& Packed(uint32_t field, const std::vector<int64_t>& values) {
    std::string packed;
    for (int64_t v : values) packed += VarintBytes(static_cast<uint64_t>(v));
    return Bytes(field, packed);
  }
  Proto& Raw(std::string_view s) {
    bytes_ += s;
    return *this;
  }
  const std::string& str() const { return bytes_; }

 private:
  std::string bytes_;
};

// AttributeProto: name 1, f 2, i 3, s 4, t 5, g 6, floats 7, ints 8, type 20.
inline Proto AttrInt(std::string_view name, int64_t v) {
  return Proto().Bytes(1, name).Varint(3, static_cast<uint64_t>(v)).Varint(20, 2);
}
inline Proto AttrFloat(std::string_view name, float v) {
  return Proto().Bytes(1, name).Float(2, v).Varint(20, 1);
}
inline Proto AttrString(std::string_view name, std::string_view v) {
  return Proto().Bytes(1, name).Bytes(4, v).Varint(20, 3);
}
inline Proto AttrInts(std::string_view name, const std::vector<int64_t>& v) {
  return Proto().Bytes(1, name).Packed(8, v).Varint(20, 7);
}
inline Proto AttrFloats(std::string_view name, const std::vector<float>& v) {
  Proto p;
  p.Bytes(1, name);
  for (float f : v) p.Float(7, f);
  return p.Varint(20, 6);
}

// TensorProto: dims 1, data_type 2, name 8, raw_data 9, external_data 13,
// data_location 14. `raw` bytes are zeros of the right size unless given.
inline Proto Tensor(std::string_view name, const std::vector<int64_t>& dims, int32_t type = 1) {
  Proto t;
  for (int64_t d : dims) t.Varint(1, static_cast<uint64_t>(d));
  t.Varint(2, static_cast<uint64_t>(type)).Bytes(8, name);
  return t;
}
inline Proto WeightTensor(std::string_view name, const std::vector<int64_t>& dims,
                          int32_t type = 1) {
  int64_t n = 1;
  for (int64_t d : dims) n *= d;
  const int64_t width = type == 7 || type == 11               ? 8
                        : type == 10 || type == 16            ? 2
                        : type == 2 || type == 3 || type == 9 ? 1
                                                              : 4;
  return Tensor(name, dims, type).Bytes(9, std::string(static_cast<size_t>(n * width), '\0'));
}
inline Proto IntTensor(std::string_view name, const std::vector<int64_t>& values,
                       bool scalar = false) {
  std::string raw;
  for (int64_t v : values) {
    for (int i = 0; i < 8; ++i)
      raw.push_back(static_cast<char>((static_cast<uint64_t>(v) >> (8 * i)) & 0xff));
  }
  return Tensor(name,
                scalar ? std::vector<int64_t>{}
                       : std::vector<int64_t>{static_cast<int64_t>(values.size())},
                7)
      .Bytes(9, raw);
}
inline Proto FloatTensor(std::string_view name, const std::vector<float>& values) {
  std::string raw;
  for (float f : values) {
    const auto bits = std::bit_cast<uint32_t>(f);
    for (int i = 0; i < 4; ++i) raw.push_back(static_cast<char>((bits >> (8 * i)) & 0xff));
  }
  return Tensor(name, {static_cast<int64_t>(values.size())}, 1).Bytes(9, raw);
}
inline Proto ExternalTensor(std::string_view name, const std::vector<int64_t>& dims,
                            std::string_view length = "") {
  Proto t = Tensor(name, dims);
  t.Message(13, Proto().Bytes(1, "location").Bytes(2, "weights.bin"));
  if (!length.empty()) t.Message(13, Proto().Bytes(1, "length").Bytes(2, length));
  return t.Varint(14, 1);
}

// A dimension: a value or a dim_param name.
using D = std::variant<int64_t, std::string>;

// Numeric dimensions for ValueInfo.
inline std::vector<D> S(std::initializer_list<int64_t> dims) {
  return std::vector<D>(dims.begin(), dims.end());
}

// ValueInfoProto name 1, type 2 -> TypeProto tensor_type 1 -> elem_type 1, shape 2 -> dim 1.
inline Proto ValueInfo(std::string_view name, const std::vector<D>& dims, int32_t type = 1) {
  Proto shape;
  for (const D& d : dims) {
    Proto dim;
    if (const auto* v = std::get_if<int64_t>(&d))
      dim.Varint(1, static_cast<uint64_t>(*v));
    else
      dim.Bytes(2, std::get<std::string>(d));
    shape.Message(1, dim);
  }
  const Proto tensor = Proto().Varint(1, static_cast<uint64_t>(type)).Message(2, shape);
  return Proto().Bytes(1, name).Message(2, Proto().Message(1, tensor));
}

// NodeProto: input 1, output 2, name 3, op_type 4, attribute 5, domain 7.
inline Proto Node(std::string_view op, const std::vector<std::string>& inputs,
                  const std::vector<std::string>& outputs, const std::vector<Proto>& attrs = {},
                  std::string_view name = "", std::string_view domain = "") {
  Proto n;
  for (const std::string& i : inputs) n.Bytes(1, i);
  for (const std::string& o : outputs) n.Bytes(2, o);
  if (!name.empty()) n.Bytes(3, name);
  n.Bytes(4, op);
  for (const Proto& a : attrs) n.Message(5, a);
  if (!domain.empty()) n.Bytes(7, domain);
  return n;
}

// GraphProto: node 1, name 2, initializer 5, input 11, output 12, value_info 13.
struct Graph {
  std::vector<Proto> nodes, initializers, inputs, outputs, value_info;
  Proto Build() const {
    Proto g;
    for (const Proto& n : nodes) g.Message(1, n);
    g.Bytes(2, "test");
    for (const Proto& t : initializers) g.Message(5, t);
    for (const Proto& v : inputs) g.Message(11, v);
    for (const Proto& v : outputs) g.Message(12, v);
    for (const Proto& v : value_info) g.Message(13, v);
    return g;
  }
};

// ModelProto: ir_version 1, producer_name 2, graph 7, opset_import 8.
inline std::string Model(const Graph& graph, int64_t opset = 17, bool contrib = false) {
  Proto m;
  m.Varint(1, 8).Bytes(2, "trainflops-test").Message(7, graph.Build());
  m.Message(8, Proto().Bytes(1, "").Varint(2, static_cast<uint64_t>(opset)));
  if (contrib) m.Message(8, Proto().Bytes(1, "com.microsoft").Varint(2, 1));
  return m.str();
}

// x [2, 8] -> MatMul "fc1" (W1 [8, 4]) -> h -> FooBar "foo" (an operator
// no rule knows) -> u -> MatMul "fc2" (W2 [4, 3]) -> v -> Relu "act" -> y.
// Only fc1 can be counted: u's shape is unknown, and so are v's and y's.
// Without fc1 (`with_fc1` false) the graph reads x into foo and nothing
// can be counted.
inline std::string UnknownOperatorModel(bool with_fc1 = true) {
  Graph g;
  g.inputs.push_back(ValueInfo("x", S({2, 8})));
  g.initializers.push_back(WeightTensor("W2", {4, 3}));
  if (with_fc1) {
    g.initializers.push_back(WeightTensor("W1", {8, 4}));
    g.nodes.push_back(Node("MatMul", {"x", "W1"}, {"h"}, {}, "fc1"));
  }
  g.nodes.push_back(Node("FooBar", {with_fc1 ? "h" : "x"}, {"u"}, {}, "foo"));
  g.nodes.push_back(Node("MatMul", {"u", "W2"}, {"v"}, {}, "fc2"));
  g.nodes.push_back(Node("Relu", {"v"}, {"y"}, {}, "act"));
  g.outputs.push_back(ValueInfo("y", S({2, 3})));
  return Model(g);
}

}  // namespace trainflops::onnx::testing

#endif  // TRAINFLOPS_SRC_ONNX_TESTING_ONNX_WRITER_H_
