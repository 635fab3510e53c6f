// Internal: tensor names to positions, for the graph-wide lookups of the
// analysis (which node writes each tensor). An open-addressing table with
// linear probing in one array: a lookup of a 100,000-node graph's names
// costs one cache miss, where std::unordered_map's buckets and nodes cost
// two or three and an allocation per name. Keys view names owned by the
// parsed model, which outlives the table.
#ifndef TRAINFLOPS_SRC_ONNX_NAME_MAP_H_
#define TRAINFLOPS_SRC_ONNX_NAME_MAP_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string_view>
#include <utility>
#include <vector>

namespace trainflops::onnx {

class NameMap {
 public:
  // Room for `names` entries without growing.
  void Reserve(size_t names) {
    size_t capacity = 16;
    while (capacity * 3 < names * 4) capacity *= 2;  // load factor at most 3/4
    if (capacity > slots_.size()) Rehash(capacity);
  }

  // Inserts name -> value unless the name is present. Returns the value
  // stored for the name and whether it was inserted.
  std::pair<size_t, bool> Emplace(std::string_view name, size_t value) {
    if ((size_ + 1) * 4 > slots_.size() * 3) Rehash(slots_.empty() ? 16 : slots_.size() * 2);
    const size_t hash = Hash(name);
    Slot* slot = Probe(name, hash);
    if (slot->used) return {slot->value, false};
    *slot = Slot{name, value, hash, true};
    ++size_;
    return {value, true};
  }

  // The value stored for `name`, or nullptr.
  const size_t* Find(std::string_view name) const {
    if (slots_.empty()) return nullptr;
    const Slot* slot = const_cast<NameMap*>(this)->Probe(name, Hash(name));
    return slot->used ? &slot->value : nullptr;
  }

  size_t size() const { return size_; }

 private:
  struct Slot {
    std::string_view name;
    size_t value = 0;
    size_t hash = 0;
    bool used = false;
  };

  static size_t Hash(std::string_view name) { return std::hash<std::string_view>{}(name); }

  // The slot holding `name`, or the empty slot where it would go.
  Slot* Probe(std::string_view name, size_t hash) {
    const size_t mask = slots_.size() - 1;
    for (size_t i = hash & mask;; i = (i + 1) & mask) {
      Slot& slot = slots_[i];
      if (!slot.used || (slot.hash == hash && slot.name == name)) return &slot;
    }
  }

  void Rehash(size_t capacity) {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(capacity, Slot{});
    for (const Slot& s : old) {
      if (s.used) *Probe(s.name, s.hash) = s;
    }
  }

  std::vector<Slot> slots_;  // size a power of two
  size_t size_ = 0;
};

}  // namespace trainflops::onnx

#endif  // TRAINFLOPS_SRC_ONNX_NAME_MAP_H_
