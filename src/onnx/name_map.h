// Internal: tensor names to positions, for the graph-wide lookups of the
// analysis (which node writes each tensor). An open-addressing table with
// linear probing in one array: a lookup of a 100,000-node graph's names
// costs one cache miss, where std::unordered_map's buckets and nodes cost
// two or three and an allocation per name. Keys point at names owned by the
// parsed model, which outlives the table.
#ifndef TRAINFLOPS_SRC_ONNX_NAME_MAP_H_
#define TRAINFLOPS_SRC_ONNX_NAME_MAP_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
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

  static size_t Hash(std::string_view name) { return std::hash<std::string_view>{}(name); }

  // Asks the processor to fetch the slot where a name of this hash starts
  // its probe. Lookups of a large graph's names miss the cache each time
  // (the table is several megabytes, the hashes random); callers that know
  // the next names a few steps ahead overlap those misses.
  // A prefetch never faults, so an empty table (null data, mask 0) needs no
  // test; GCC 12 drops a prefetch guarded by one as dead code.
  void Prefetch(size_t hash) const { __builtin_prefetch(slots_.data() + (hash & mask_)); }

  // Inserts name -> value unless the name is present. Returns the value
  // stored for the name and whether it was inserted. `value` fits 32 bits.
  // The map keeps a pointer to `name`, which must outlive it (a temporary
  // cannot be given).
  std::pair<size_t, bool> Emplace(const std::string& name, size_t value) {
    return Emplace(name, Hash(name), value);
  }
  std::pair<size_t, bool> Emplace(std::string&&, size_t) = delete;
  std::pair<size_t, bool> Emplace(std::string&&, size_t, size_t) = delete;
  std::pair<size_t, bool> Emplace(const std::string& name, size_t hash, size_t value) {
    if ((size_ + 1) * 4 > slots_.size() * 3) Rehash(slots_.empty() ? 16 : slots_.size() * 2);
    Slot* slot = Probe(name, hash);
    if (slot->used()) return {slot->value, false};
    *slot = Slot{&name, static_cast<uint32_t>(hash), static_cast<uint32_t>(value)};
    ++size_;
    return {value, true};
  }

  // The value stored for `name`, or nullptr.
  const uint32_t* Find(std::string_view name) const { return Find(name, Hash(name)); }
  const uint32_t* Find(std::string_view name, size_t hash) const {
    if (slots_.empty()) return nullptr;
    const Slot* slot = const_cast<NameMap*>(this)->Probe(name, hash);
    return slot->used() ? &slot->value : nullptr;
  }

  size_t size() const { return size_; }

 private:
  // 16 bytes rather than a string_view, a size_t and a flag (40): four
  // slots per cache line.
  struct Slot {
    const std::string* key = nullptr;
    uint32_t hash = 0;  // the low 32 bits, compared before the name
    uint32_t value = kEmpty;
    bool used() const { return value != kEmpty; }
    std::string_view name() const { return *key; }
  };
  static constexpr uint32_t kEmpty = UINT32_MAX;

  // The slot holding `name`, or the empty slot where it would go.
  Slot* Probe(std::string_view name, size_t hash) {
    const size_t mask = mask_;
    const auto tag = static_cast<uint32_t>(hash);
    for (size_t i = hash & mask;; i = (i + 1) & mask) {
      Slot& slot = slots_[i];
      if (!slot.used() || (slot.hash == tag && slot.name() == name)) return &slot;
    }
  }

  void Rehash(size_t capacity) {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(capacity, Slot{});
    mask_ = capacity - 1;
    // The stored low 32 bits of the hash start the same probe: a table of
    // 32-bit values has fewer than 2^32 slots.
    for (const Slot& s : old) {
      if (s.used()) *Probe(s.name(), s.hash) = s;
    }
  }

  std::vector<Slot> slots_;  // size a power of two
  size_t mask_ = 0;          // slots_.size() - 1, 0 when empty
  size_t size_ = 0;
};

}  // namespace trainflops::onnx

#endif  // TRAINFLOPS_SRC_ONNX_NAME_MAP_H_
