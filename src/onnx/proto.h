// Internal: the parts of an ONNX model that the analysis needs, as read from
// the protobuf by proto.cc. Field numbers are onnx/onnx.proto's (cited at each
// parser); weight bytes are never part of these structs.
#ifndef TRAINFLOPS_SRC_ONNX_PROTO_H_
#define TRAINFLOPS_SRC_ONNX_PROTO_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "trainflops/byte_source.h"
#include "trainflops/status.h"

namespace trainflops::onnx {

// TensorProto.DataType values used by the analysis (onnx.proto).
enum DataType : int32_t {
  kUndefined = 0,
  kFloat = 1,
  kUint8 = 2,
  kInt8 = 3,
  kUint16 = 4,
  kInt16 = 5,
  kInt32 = 6,
  kInt64 = 7,
  kString = 8,
  kBool = 9,
  kFloat16 = 10,
  kDouble = 11,
  kUint32 = 12,
  kUint64 = 13,
  kComplex64 = 14,
  kComplex128 = 15,
  kBfloat16 = 16,
};

// Values of small integer tensors (shape targets, axes, indices: at most
// 1024 values, 8 KiB) and of tiny float tensors (Resize scales: at most 16)
// are read; every other tensor (the weights) keeps only its shape.
inline constexpr size_t kMaxValues = 1024;
inline constexpr size_t kMaxFloatValues = 16;
// At most this many dimensions in one tensor shape.
inline constexpr size_t kMaxRank = 64;

// A TensorProto without its data: name, type, shape, where the data lives.
struct TensorMeta {
  std::string name;
  int32_t data_type = kUndefined;
  std::vector<int64_t> dims;
  bool external = false;                    // data_location = EXTERNAL
  std::optional<uint64_t> external_length;  // external_data "length"
  uint64_t data_bytes = 0;                  // bytes of embedded data (skipped, not read)
  bool has_data = false;                    // any embedded data field present
  int data_field = 0;                       // TensorProto field number holding it
  // Small numeric tensors only: their values (integers exactly, floats as double).
  bool has_values = false;
  std::vector<int64_t> int_values;
  std::vector<double> float_values;
};

struct Dimension {
  bool has_value = false;
  int64_t value = 0;
  std::string param;  // dim_param, e.g. "batch_size"
};

// A ValueInfoProto with a tensor type (other types keep has_type false).
struct ValueInfo {
  std::string name;
  bool has_type = false;
  int32_t elem_type = kUndefined;
  bool has_shape = false;
  std::vector<Dimension> dims;
};

struct GraphData;

struct Attribute {
  std::string name;
  int32_t type = 0;  // AttributeProto.AttributeType
  bool has_i = false, has_f = false, has_s = false;
  int64_t i = 0;
  float f = 0;
  std::string s;
  std::vector<int64_t> ints;
  std::vector<double> floats;
  std::optional<TensorMeta> t;
  int64_t subgraph_nodes = 0;  // nodes in g / graphs, nested ones included
  int subgraphs = 0;
  // g (field 6) and graphs (field 11): If branches, Loop and Scan bodies.
  std::vector<std::shared_ptr<const GraphData>> graphs;
};

struct NodeProtoData {
  std::string name, op_type, domain;
  std::vector<std::string> inputs, outputs;
  std::vector<Attribute> attributes;
  const Attribute* Find(const std::string& attr) const {
    for (const Attribute& a : attributes) {
      if (a.name == attr) return &a;
    }
    return nullptr;
  }
};

struct GraphData {
  std::string name;
  std::vector<NodeProtoData> nodes;
  std::vector<TensorMeta> initializers;
  int64_t sparse_initializers = 0;
  std::vector<ValueInfo> inputs, outputs, value_info;
};

struct OpsetId {
  std::string domain;
  int64_t version = 0;
};

struct ModelData {
  int64_t ir_version = 0;
  std::string producer_name, producer_version;
  std::vector<OpsetId> opsets;
  bool has_graph = false;
  GraphData graph;
};

class MemoryBudget;

// Parses a ModelProto from `source`, reading the graph and each tensor's
// metadata but skipping every weight byte. Each item is charged to `budget`.
Result<ModelData> ParseModel(const ByteSource& source, MemoryBudget* budget);

// Bytes per element of a data type (0 when unknown or variable, e.g. string;
// 4-bit types are handled by the caller).
uint64_t ElementBytes(int32_t data_type);
std::string DataTypeName(int32_t data_type);

}  // namespace trainflops::onnx

#endif  // TRAINFLOPS_SRC_ONNX_PROTO_H_
