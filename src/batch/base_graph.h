// Base models named by fine-tunes (the base-models rule of docs/batch.md):
// a Base model cell as its list of names, and the cycles among the rows that
// are named as bases (internal to src/batch).
#ifndef TRAINFLOPS_SRC_BATCH_BASE_GRAPH_H_
#define TRAINFLOPS_SRC_BATCH_BASE_GRAPH_H_

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace trainflops::batch {

// How names are matched: trimmed and case-insensitively ("Llama 2-13B ").
std::string NameKey(std::string_view text);

// The names of a Base model cell ("A, B" or "A"), trimmed, in their order,
// each once: a base listed twice is still one model's compute.
std::vector<std::string> BaseNames(std::string_view cell);

// A row kept as a base: its name as written and its Base model cell.
struct BaseRow {
  std::string name, base;
};

// Finds the cycles among the base rows by name. Each name's answer is kept,
// so a run explores every base row once, however many rows name it.
class BaseCycles {
 public:
  // The row kept under a name key, or null.
  using Lookup = std::function<std::optional<BaseRow>(const std::string& key)>;

  // The cycle that a row named `name` with Base model cell `base` reaches,
  // written "A -> B -> A" (from the row's own name when it is on the cycle,
  // else from its base's), or nothing.
  std::optional<std::string> Reached(std::string_view name, std::string_view base,
                                     const Lookup& lookup);

 private:
  using Cycle = std::shared_ptr<const std::vector<std::string>>;  // names, first repeated last
  Cycle Explore(const std::string& key, const Lookup& lookup);

  std::unordered_map<std::string, Cycle> done_;  // null: no cycle is reached
};

}  // namespace trainflops::batch

#endif  // TRAINFLOPS_SRC_BATCH_BASE_GRAPH_H_
