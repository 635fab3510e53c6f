// Base-model names and cycles. A cycle (a row whose base is itself, or A
// whose base is B whose base is A) has no finite compute with its bases:
// followed by name, it would add the same rows again until the depth limit.
#include "base_graph.h"

#include <algorithm>
#include <unordered_set>

#include "core/text.h"
#include "trainflops/input_limits.h"

namespace trainflops::batch {
namespace {

// A cycle longer than this is shown by its first names and its length.
constexpr size_t kCycleNamesShown = 8;

std::string Written(const std::vector<std::string>& names) {
  std::string out;
  const size_t n = names.size();
  for (size_t i = 0; i < n; ++i) {
    if (n > kCycleNamesShown + 1 && i == kCycleNamesShown) {
      out += " -> ... (" + std::to_string(n - 1) + " models)";
      i = n - 1;
    }
    out += (out.empty() ? "" : " -> ") + Abbreviate(names[i]);
  }
  return out;
}

// The cycle started from `key` when `key` is on it ("A -> B -> A" for the
// row A, or for a row whose base is A, rather than "B -> A -> B").
std::vector<std::string> FromRow(const std::vector<std::string>& cycle, const std::string& key) {
  const auto on = std::find_if(cycle.begin(), cycle.end() - 1,
                               [&](const std::string& n) { return NameKey(n) == key; });
  if (on == cycle.end() - 1) return cycle;
  std::vector<std::string> out(on, cycle.end() - 1);
  out.insert(out.end(), cycle.begin(), on + 1);
  return out;
}

}  // namespace

std::string NameKey(std::string_view text) { return ToLower(Trim(text)); }

std::vector<std::string> BaseNames(std::string_view cell) {
  std::vector<std::string> names;
  std::unordered_set<std::string> seen;
  for (std::string_view rest = cell; !rest.empty();) {
    const size_t comma = rest.find(',');
    const std::string_view name = Trim(rest.substr(0, comma));
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    if (!name.empty() && seen.insert(NameKey(name)).second) names.emplace_back(name);
  }
  return names;
}

std::optional<std::string> BaseCycles::Reached(std::string_view name, std::string_view base,
                                               const Lookup& lookup) {
  const std::string key = NameKey(name);
  for (const std::string& b : BaseNames(base)) {
    if (!key.empty() && NameKey(b) == key) return Written({std::string(Trim(name)), b});
    if (const Cycle cycle = Explore(NameKey(b), lookup)) {
      return Written(FromRow(FromRow(*cycle, NameKey(b)), key));
    }
  }
  return std::nullopt;
}

// Depth-first over the base rows without recursion (a chain may be as long
// as the file). A name still on the stack when reached again closes a cycle;
// every name below it on the stack reaches that cycle.
BaseCycles::Cycle BaseCycles::Explore(const std::string& start, const Lookup& lookup) {
  struct Frame {
    std::string key, name;
    std::vector<std::string> next;
    size_t i = 0;
    Cycle cycle;
  };
  std::vector<Frame> stack;
  std::unordered_map<std::string, size_t> on_stack;
  const auto push = [&](const std::string& key) {
    if (auto done = done_.find(key); done != done_.end()) return false;
    const std::optional<BaseRow> row = lookup(key);
    if (!row) {
      done_.emplace(key, nullptr);  // not a row of the file: it has no bases
      return false;
    }
    on_stack.emplace(key, stack.size());
    stack.push_back({key, std::string(Trim(row->name)), BaseNames(row->base), 0, nullptr});
    return true;
  };
  push(start);
  while (!stack.empty()) {
    Frame& f = stack.back();
    if (f.cycle || f.i == f.next.size()) {
      Cycle cycle = f.cycle;
      done_[f.key] = cycle;
      on_stack.erase(f.key);
      stack.pop_back();
      if (!stack.empty() && cycle) stack.back().cycle = cycle;
      continue;
    }
    const std::string next = NameKey(f.next[f.i++]);
    if (auto open = on_stack.find(next); open != on_stack.end()) {
      std::vector<std::string> names;
      for (size_t s = open->second; s < stack.size(); ++s) names.push_back(stack[s].name);
      names.push_back(stack[open->second].name);
      f.cycle = std::make_shared<const std::vector<std::string>>(std::move(names));
    } else if (auto done = done_.find(next); done != done_.end()) {
      f.cycle = done->second;
    } else {
      push(next);
    }
  }
  return done_[start];
}

}  // namespace trainflops::batch
