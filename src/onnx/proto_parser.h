// Internal: the ModelProto parser of proto.cc and proto_tensor.cc.
#ifndef TRAINFLOPS_SRC_ONNX_PROTO_PARSER_H_
#define TRAINFLOPS_SRC_ONNX_PROTO_PARSER_H_

#include <algorithm>
#include <string>
#include <vector>

#include "budget.h"
#include "proto.h"
#include "wire.h"

namespace trainflops::onnx {

// Caps on how many items one graph may hold. Each is far beyond real models
// (a large exported LLM has ~1e5 nodes) and keeps memory bounded whatever the
// file declares.
inline constexpr size_t kMaxNodes = 2'000'000;
inline constexpr size_t kMaxItems = 2'000'000;  // initializers, inputs, outputs, value_info
inline constexpr size_t kMaxPerNode = 100'000;  // inputs, outputs or attributes of one node
inline constexpr size_t kMaxInts = 1'000'000;   // values in one attribute

int64_t CountNodes(const GraphData& graph);
Status TooMany(const Field& f, const std::string& what, size_t limit);
Status WrongType(const Field& f, const std::string& what, const char* expected);
inline Status ExpectVarint(const Field& f, const std::string& what) {
  return f.type == kVarint ? Status::Ok() : WrongType(f, what, "a varint");
}

// Appends `item`, charging `budget` for the room the list grows by (it
// doubles: up to twice its items).
template <typename T>
Status Push(std::vector<T>* items, T item, const Field& f, const char* what, size_t limit,
            MemoryBudget* budget) {
  if (items->size() >= limit) return TooMany(f, what, limit);
  if (items->size() == items->capacity()) {
    TF_RETURN_IF_ERROR(budget->Charge(std::max<size_t>(items->size(), 1) * sizeof(T), what));
  }
  items->push_back(std::move(item));
  return Status::Ok();
}

class Parser {
 public:
  // Every item parsed is charged to `budget`, which must outlive the parser.
  Parser(const ByteSource& source, MemoryBudget* budget) : in_(source), budget_(budget) {}

  Result<ModelData> Model();

 private:
  Result<std::string> Text(const Field& f, const char* what);
  Result<OpsetId> Opset(const Field& f);
  Status Graph(const Field& f, GraphData* g);
  Status Node(const Field& f, NodeProtoData* node);
  Result<Attribute> Attr(const Field& f);
  Status AttrField(const Field& f, Attribute* a);

  // proto_tensor.cc
  Result<TensorMeta> Tensor(const Field& f);
  Status ExternalData(const Field& f, TensorMeta* t);
  Status TensorValues(TensorMeta* t, const Field& data);
  Result<ValueInfo> Value(const Field& f);
  Status TensorType(const Field& f, ValueInfo* v);
  Result<Dimension> Dim(const Field& f);

  WireReader in_;
  MemoryBudget* budget_;
};

}  // namespace trainflops::onnx

#endif  // TRAINFLOPS_SRC_ONNX_PROTO_PARSER_H_
