#include "eval_memo.h"

#include <cstring>
#include <type_traits>

namespace trainflops::onnx {
namespace {

// A signature longer than this (a node reading many 1,024-value tensors)
// is not kept: comparing it would cost about what the rule does.
constexpr size_t kMaxKeyBytes = 16 * 1024;

template <typename T>
void Put(std::string* key, T value) {
  static_assert(std::is_trivially_copyable_v<T>);
  char bytes[sizeof(T)];
  std::memcpy(bytes, &value, sizeof(T));
  key->append(bytes, sizeof(T));
}

// Strings are length-prefixed, so that ("ab", "c") and ("a", "bc") differ.
void PutString(std::string* key, const std::string& s) {
  Put(key, s.size());
  key->append(s);
}

void PutDims(std::string* key, const Dims& dims) {
  Put(key, dims.size());
  for (const Dim& d : dims) {
    Put(key, d.value);
    if (!d.literal()) PutString(key, d.symbol);
  }
}

void PutTensor(std::string* key, const TensorInfo* t) {
  Put(key, t != nullptr);
  if (t == nullptr) return;
  Put(key, t->rank_known);
  Put(key, t->elem_type);
  PutDims(key, t->shape);
  Put(key, t->has_int_values);
  if (t->has_int_values) PutDims(key, t->int_values);
  Put(key, t->has_float_values);
  if (t->has_float_values) {
    Put(key, t->float_values.size());
    for (const double v : t->float_values) Put(key, v);
  }
}

// False for an attribute the signature does not cover.
bool PutAttribute(std::string* key, const Attribute& a) {
  if (a.t.has_value() || !a.graphs.empty() || a.subgraphs != 0) return false;
  PutString(key, a.name);
  Put(key, a.type);
  Put(key, a.has_i);
  Put(key, a.i);
  Put(key, a.has_f);
  Put(key, a.f);
  Put(key, a.has_s);
  PutString(key, a.s);
  Put(key, a.ints.size());
  for (const int64_t v : a.ints) Put(key, v);
  Put(key, a.floats.size());
  for (const double v : a.floats) Put(key, v);
  return true;
}

}  // namespace

bool EvalMemo::Sign(const OpRule* rule, int64_t opset, const NodeProtoData& node,
                    const std::vector<const TensorInfo*>& inputs) {
  signed_ = false;
  key_.clear();
  Put(&key_, rule);  // one table entry per (domain, operator)
  Put(&key_, opset);
  // Rules see how many outputs there are and which are left out ("").
  Put(&key_, node.outputs.size());
  for (const std::string& output : node.outputs) Put(&key_, output.empty());
  Put(&key_, node.attributes.size());
  for (const Attribute& a : node.attributes) {
    if (!PutAttribute(&key_, a)) return false;
  }
  Put(&key_, inputs.size());
  for (const TensorInfo* t : inputs) {
    if (t != nullptr && t->sequence != nullptr) return false;  // its elements are not signed
    PutTensor(&key_, t);
  }
  signed_ = key_.size() <= kMaxKeyBytes;
  return signed_;
}

const EvalMemo::Entry* EvalMemo::Find() const {
  if (!signed_) return nullptr;
  const auto it = entries_.find(key_);
  return it == entries_.end() ? nullptr : &it->second;
}

void EvalMemo::Store(Entry entry) {
  if (!signed_ || entries_.size() >= kMaxEntries) return;
  entries_.emplace(key_, std::move(entry));
}

}  // namespace trainflops::onnx
