// One row of a dataset: the 6ND and hardware estimates, the preferred one,
// its interval from the default assumption ranges, and the ratio to the
// recorded compute. See include/trainflops/batch.h and docs/batch.md.
#include <algorithm>
#include <cmath>
#include <functional>
#include <unordered_set>

#include "core/text.h"
#include "row_methods.h"
#include "trainflops/batch.h"
#include "trainflops/input_limits.h"
#include "trainflops/units.h"

namespace trainflops {
namespace {

using MemberPtr = std::string BatchColumns::*;
struct KeySpec {
  const char* key;
  MemberPtr member;
};
const std::vector<KeySpec>& KeySpecs() {
  // Order = batch::Key.
  static const std::vector<KeySpec> specs = {
      {"name", &BatchColumns::name},
      {"parameters", &BatchColumns::parameters},
      {"dataset", &BatchColumns::dataset},
      {"epochs", &BatchColumns::epochs},
      {"hardware", &BatchColumns::hardware},
      {"quantity", &BatchColumns::quantity},
      {"hours", &BatchColumns::hours},
      {"utilization", &BatchColumns::utilization},
      {"format", &BatchColumns::format},
      {"date", &BatchColumns::date},
      {"organization", &BatchColumns::organization},
      {"domain", &BatchColumns::domain},
      {"recorded", &BatchColumns::recorded},
      {"base", &BatchColumns::base},
      {"parameters_notes", &BatchColumns::parameters_notes},
      {"dataset_notes", &BatchColumns::dataset_notes},
      {"finetune", &BatchColumns::finetune},
      {"cost", &BatchColumns::cost},
      {"power", &BatchColumns::power},
      {"compute_notes", &BatchColumns::compute_notes},
      {"time_notes", &BatchColumns::time_notes},
  };
  return specs;
}

std::string Join(const std::vector<std::string>& parts) {
  std::string out;
  for (const std::string& p : parts) {
    if (p.empty()) continue;
    if (!out.empty()) out += "; ";
    out += p;
  }
  return out;
}

// Enough digits to read the number back (to ~1e-6) and no locale.
std::string Number(const std::optional<double>& v) {
  return v ? FormatScientific(*v, 6) : std::string();
}

}  // namespace

namespace batch {
std::vector<std::string> ColumnNamesOf(const BatchColumns& columns) {
  std::vector<std::string> names;
  for (const KeySpec& s : KeySpecs()) names.push_back(columns.*(s.member));
  return names;
}
}  // namespace batch

std::vector<std::string> BatchColumnKeys() {
  std::vector<std::string> keys;
  for (const KeySpec& s : KeySpecs()) keys.emplace_back(s.key);
  return keys;
}

Status ApplyColumnMapping(std::string_view spec, BatchColumns& columns,
                          std::vector<std::string>* named) {
  const std::vector<std::string> keys = BatchColumnKeys();
  for (std::string_view rest = spec; !rest.empty();) {
    const size_t comma = rest.find(',');
    const std::string_view item = Trim(rest.substr(0, comma));
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    if (item.empty()) continue;
    const size_t eq = item.find('=');
    if (eq == std::string_view::npos || eq == 0 || eq + 1 == item.size()) {
      return Status::InvalidArgument("`columns` '" + std::string(item) +
                                     "': expected KEY=Column Name (keys: " + JoinNames(keys) + ")");
    }
    const std::string key = ToLower(Trim(item.substr(0, eq)));
    bool found = false;
    for (const KeySpec& s : KeySpecs()) {
      if (key != s.key) continue;
      columns.*(s.member) = std::string(Trim(item.substr(eq + 1)));
      found = true;
      if (named != nullptr) named->push_back(key);
    }
    if (!found) {
      return Status::InvalidArgument("`columns`: unknown key '" + key + "'" +
                                     DidYouMean(key, keys) + " (keys: " + JoinNames(keys) + ")");
    }
  }
  return Status::Ok();
}

const std::vector<std::string>& BatchRuleNames() {
  static const std::vector<std::string> names = {
      "active-parameters", "both-methods",  "token-data",  "format-fallback",
      "list-cells",        "unnamed-chips", "base-models", "utilization",
      "evidence",          "guards",        "calibration", "notes-hardware"};
  return names;
}

Status ParseRulesOff(std::string_view list, std::vector<BatchRule>& off) {
  const std::vector<std::string>& names = BatchRuleNames();
  for (std::string_view rest = list; !rest.empty();) {
    const size_t comma = rest.find(',');
    const std::string name = ToLower(Trim(rest.substr(0, comma)));
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    if (name.empty()) continue;
    const auto it = std::find(names.begin(), names.end(), name);
    if (it == names.end()) {
      return Status::InvalidArgument("`rules_off`: unknown rule '" + name + "'" +
                                     DidYouMean(name, names) + " (rules: " + JoinNames(names) +
                                     ")");
    }
    off.push_back(static_cast<BatchRule>(it - names.begin()));
  }
  return Status::Ok();
}

bool BatchOptions::RuleOn(BatchRule rule) const {
  return std::find(rules_off.begin(), rules_off.end(), rule) == rules_off.end();
}

const std::vector<std::string>& BatchOutputColumns() {
  static const std::vector<std::string> columns = [] {
    std::vector<std::string> c = {
        "estimated_training_flop", "estimate_method",    "estimate_low",      "estimate_high",
        "ratio_to_recorded",       "estimate_6nd",       "estimate_hardware", "methods_ratio",
        "estimate_confidence",     "estimated_with_base"};
    for (const Threshold& t : batch::InForceThresholds()) c.push_back("p_over_" + t.id);
    for (const char* name :
         {"within_eu_30pct_margin", "label_error_factor", "estimate_flags", "estimate_note"}) {
      c.emplace_back(name);
    }
    return c;
  }();
  return columns;
}

std::vector<batch::OutputCell> batch::OutputCells(const RowEstimate& r) {
  const auto number = [](const std::optional<double>& v) { return OutputCell{v, "", true}; };
  const auto text = [](const std::string& v) { return OutputCell{std::nullopt, v, false}; };
  std::vector<OutputCell> cells = {
      number(r.flop),     text(r.method),     number(r.low),           number(r.high),
      number(r.ratio),    number(r.flop_6nd), number(r.flop_hardware), number(r.methods_ratio),
      text(r.confidence), number(r.with_base)};
  for (size_t i = 0; i < InForceThresholds().size(); ++i) {
    cells.push_back(number(i < r.probability_over.size() ? r.probability_over[i] : std::nullopt));
  }
  cells.push_back(text(r.within_eu_margin ? (*r.within_eu_margin ? "yes" : "no") : ""));
  cells.push_back(number(r.label_error_factor));
  cells.push_back(text(r.flags));
  cells.push_back(OutputCell{std::nullopt, r.note, false, /*null_when_empty=*/false});
  return cells;
}

std::vector<std::string> RowEstimate::Cells() const {
  std::vector<std::string> out;
  for (batch::OutputCell& c : batch::OutputCells(*this)) {
    out.push_back(c.is_number ? Number(c.number) : std::move(c.text));
  }
  return out;
}

Result<BatchEstimator> BatchEstimator::Create(const std::vector<std::string>& header,
                                              const BatchOptions& options) {
  BatchEstimator e;
  e.options_ = options;
  e.counts_.samples = options.samples;
  e.counts_.seed = options.seed;
  for (BatchRule r : options.rules_off) {
    e.counts_.rules_off.push_back(BatchRuleNames()[static_cast<size_t>(r)]);
  }
  e.caches_ = std::make_shared<batch::Caches>();
  for (const KeySpec& s : KeySpecs()) {
    const std::string& name = options.columns.*(s.member);
    std::optional<size_t> found;
    for (size_t i = 0; i < header.size() && !found; ++i) {
      if (header[i] == name) found = i;
    }
    for (size_t i = 0; i < header.size() && !found; ++i) {
      if (ToLower(header[i]) == ToLower(name)) found = i;
    }
    const bool required = std::find(options.required_keys.begin(), options.required_keys.end(),
                                    s.key) != options.required_keys.end();
    if (!found && required) {
      return Status::NotFound(options.source + ": `columns` " + s.key + "='" + name +
                              "': no such column" + DidYouMean(name, header) +
                              " (columns: " + JoinSomeNames(header) + ")");
    }
    e.index_.push_back(found);
  }
  return e;
}

namespace {

std::string_view CellOf(const std::vector<std::optional<size_t>>& index,
                        const std::vector<std::string>& cells, batch::Key key) {
  const std::optional<size_t>& i = index[key];
  return i && *i < cells.size() ? std::string_view(cells[*i]) : std::string_view();
}

using batch::NameKey;

// Fine-tunes of fine-tunes are followed this deep; a longer chain stops with
// a note (a cycle is refused before: base_graph.h).
constexpr int kMaxBaseDepth = 8;

// Links followed when looking for a base reached by two paths; past it the
// row is noted and its bases are summed per path.
constexpr size_t kMaxBaseLinks = 1000;

// The bases of a row, theirs and so on to the depth limit, each once by the
// shortest path, with those reached by more than one path (a merge of two
// fine-tunes of one model). `links_over` when the search stopped at
// kMaxBaseLinks.
struct BaseClosure {
  std::vector<std::string> keys, shared;
  bool links_over = false;
};
BaseClosure ClosureOf(std::string_view base,
                      const std::unordered_map<std::string, std::vector<std::string>>& base_rows,
                      const std::vector<std::optional<size_t>>& index) {
  BaseClosure out;
  std::unordered_set<std::string> seen, shared;
  std::vector<std::string_view> level = {base}, next;  // Base model cells, not copied
  size_t links = 0;
  for (int depth = 0; depth < kMaxBaseDepth && !level.empty(); ++depth) {
    for (const std::string_view cell : level) {
      for (const std::string& name : batch::BaseNames(cell)) {
        const auto it = base_rows.find(NameKey(name));
        if (it == base_rows.end()) continue;
        if (++links > kMaxBaseLinks) {
          out.links_over = true;
          return out;
        }
        if (!seen.insert(it->first).second) {
          if (shared.insert(it->first).second) out.shared.push_back(name);
          continue;
        }
        out.keys.push_back(it->first);
        next.push_back(CellOf(index, it->second, batch::kBase));
      }
    }
    level.swap(next);
    next.clear();
  }
  return out;
}

// A base reached by two paths (a merge of two fine-tunes of one model) was
// added once per path by AddBase: the written row's figure is then the
// fine-tune plus each model below it once, by its own figure (`own`).
void CountSharedBasesOnce(
    const std::string& base,
    const std::unordered_map<std::string, std::vector<std::string>>& base_rows,
    const std::vector<std::optional<size_t>>& index,
    const std::function<std::optional<double>(const std::string& key)>& own, RowEstimate& out,
    std::vector<std::string>& notes) {
  const BaseClosure closure = ClosureOf(base, base_rows, index);
  if (closure.links_over) {
    notes.push_back("bases not checked for one reached by two paths (over " +
                    std::to_string(kMaxBaseLinks) + " links): summed per path");
    return;
  }
  if (closure.shared.empty()) return;
  double sum = out.flop.value_or(0);
  for (const std::string& key : closure.keys) sum += own(key).value_or(0);
  if (!std::isfinite(sum)) return;  // the sum per path overflowed first
  out.with_base = sum;
  std::vector<std::string> shared;
  for (const std::string& name : closure.shared) shared.push_back("'" + Abbreviate(name) + "'");
  std::erase_if(notes, [](const std::string& n) { return n.rfind("with base = ", 0) == 0; });
  notes.push_back("with base = " + FormatScientific(sum) + ": the fine-tune " +
                  (out.flop ? FormatScientific(*out.flop) : std::string("not estimated: 0")) +
                  " + " + std::to_string(closure.keys.size()) + " models below it, each once (" +
                  JoinNames(shared) + " reached by more than one path)");
}

// The base-model cycle the row reaches, when the base-models rule follows
// its bases.
std::optional<std::string> BaseCycle(
    const batch::RowCells& row, const BatchOptions& options,
    const std::vector<std::optional<size_t>>& index,
    const std::unordered_map<std::string, std::vector<std::string>>& base_rows,
    batch::Caches& caches) {
  if (!options.RuleOn(BatchRule::kBaseModels) || Trim(row.values[batch::kBase]).empty()) {
    return std::nullopt;
  }
  return caches.base_cycles.Reached(row.values[batch::kName], row.values[batch::kBase],
                                    [&](const std::string& key) -> std::optional<batch::BaseRow> {
                                      const auto it = base_rows.find(key);
                                      if (it == base_rows.end()) return std::nullopt;
                                      return batch::BaseRow{
                                          std::string(CellOf(index, it->second, batch::kName)),
                                          std::string(CellOf(index, it->second, batch::kBase))};
                                    });
}

// A base row's figure as its fine-tunes add it, estimated once per run: by
// name when no chain below it was cut at the depth limit (the figure is then
// the same at every depth that leaves room for its chains), else by name and
// depth. A base named by many rows, or reached by many paths through lists of
// bases, costs one estimate.
const batch::Caches::BaseFigure& FigureOf(batch::Caches& caches, const std::string& key, int depth,
                                          const std::function<RowEstimate()>& estimate) {
  const auto whole = caches.base_figures.find(key);
  if (whole != caches.base_figures.end() && depth + whole->second.height <= kMaxBaseDepth) {
    caches.deepest = std::max(caches.deepest, depth + whole->second.height);
    return whole->second;
  }
  const std::pair<int, std::string> at{depth, key};
  if (auto it = caches.cut_base_figures.find(at); it != caches.cut_base_figures.end()) {
    ++caches.base_cuts;  // what is computed from it was cut too
    return it->second;
  }
  const size_t cuts = caches.base_cuts;
  const int outer_deepest = caches.deepest;
  caches.deepest = depth;
  const RowEstimate e = estimate();  // raises `deepest` to the depth of its deepest base
  const batch::Caches::BaseFigure figure{e.with_base ? e.with_base : e.flop, e.method,
                                         e.confidence == "low", caches.deepest - depth};
  caches.deepest = std::max(outer_deepest, caches.deepest);
  if (caches.base_cuts == cuts)
    return caches.base_figures.insert_or_assign(key, figure).first->second;
  return caches.cut_base_figures.emplace(at, figure).first->second;
}

}  // namespace

bool BatchEstimator::HasBaseColumn() const { return index_[batch::kBase].has_value(); }

std::string BatchEstimator::BaseKey(const std::vector<std::string>& cells) const {
  return NameKey(CellOf(index_, cells, batch::kBase));
}

void BatchEstimator::KeepBaseRow(const std::vector<std::string>& cells,
                                 const std::unordered_set<std::string>& wanted) {
  const std::string name = NameKey(CellOf(index_, cells, batch::kName));
  if (!name.empty() && wanted.count(name) > 0) base_rows_.try_emplace(name, cells);
}

RowEstimate BatchEstimator::Estimate(const std::vector<std::string>& cells) {
  RowEstimate out = EstimateRow(cells, 0);
  const bool recorded = ParsePositive(Trim(CellOf(index_, cells, batch::kRecorded))).ok();
  Count(out, CellOf(index_, cells, batch::kName), recorded);
  return out;
}

RowEstimate BatchEstimator::EstimateRow(const std::vector<std::string>& cells, int depth) const {
  batch::RowCells row;
  for (size_t k = 0; k < index_.size(); ++k) {
    row.values[k] = std::string(CellOf(index_, cells, static_cast<batch::Key>(k)));
    row.present[k] = index_[k].has_value();
    row.names[k] = options_.columns.*(KeySpecs()[k].member);
  }
  const batch::Context context{&options_, caches_.get()};
  RowEstimate out;
  if (depth == 0) {
    if (std::optional<std::string> cycle = BaseCycle(row, options_, index_, base_rows_, *caches_)) {
      out.fine_tune = true;
      out.reason = "not estimated: base model cycle";
      out.note = "not estimated; base model cycle: " + *cycle +
                 " (a model cannot be its own base: no estimate, with or without its bases)";
      return out;
    }
  }
  std::vector<std::string> notes;
  const batch::Attempt nd = batch::Try6nd(row, context);
  const batch::Attempt hw = batch::TryHardware(row, context);
  out.flop_6nd = nd.flop;
  out.flop_hardware = hw.flop;
  // A method's note when it ran or was meant to, or when nothing applied.
  if (nd.attempted || (!nd.flop && !hw.flop)) notes.push_back(nd.note);
  if (hw.attempted || (!nd.flop && !hw.flop)) notes.push_back(hw.note);
  batch::Combine(nd, hw, context, out, notes);
  if (!out.flop && options_.RuleOn(BatchRule::kEvidence))
    batch::UseEvidence(row, context, out, notes);
  if (out.flop && options_.RuleOn(BatchRule::kGuards)) batch::ApplyGuards(row, nd, hw, out, notes);
  const std::string base(Trim(row.values[batch::kBase]));
  out.fine_tune = !base.empty();
  if (out.fine_tune && options_.RuleOn(BatchRule::kBaseModels)) {
    if (const std::optional<double> own = batch::ReadFinetune(row)) {
      if (!out.flags.empty()) {  // the flagged estimate is replaced: its flag goes with it
        notes.front() = "estimate not used (the fine-tune's own compute is given); it was " +
                        notes.front().substr(std::string_view("FLAGGED, ").size());
        out.flags.clear();
      }
      out.flop = own;
      out.low = out.high = std::nullopt;
      out.method = "given";
      out.confidence = "medium";
      out.reason = "fine-tune compute given";
      notes.push_back("the fine-tune's own compute: " + row.names[batch::kFinetune] + " " +
                      FormatScientific(*own));
    }
    AddBase(base, depth, out, notes);
    if (depth == 0 && out.with_base) {
      // At the depth limit a row's bases are cut: its figure is its own.
      const auto own = [this](const std::string& key) {
        const std::vector<std::string>& base_cells = base_rows_.at(key);
        return FigureOf(*caches_, key, kMaxBaseDepth,
                        [&] { return EstimateRow(base_cells, kMaxBaseDepth); })
            .flop;
      };
      CountSharedBasesOnce(base, base_rows_, index_, own, out, notes);
    }
  }
  // Calibrated on rows without a base model (a fine-tune is compared with its base added).
  if (out.flop && !out.fine_tune && options_.RuleOn(BatchRule::kCalibration)) {
    batch::ApplyCalibration(out, notes);
  }
  batch::CheckRowThresholds(out);
  if (!out.flop) notes.insert(notes.begin(), "not estimated");
  const batch::Recorded recorded = batch::ReadRecorded(row);
  notes.push_back(recorded.note);
  if (recorded.flop && (out.flop || out.with_base)) {
    const batch::RecordComparison compared =
        batch::CompareWithRecord(*recorded.flop, out, hw.capacity_is_floor ? hw.capacity : 0);
    out.ratio = compared.ratio;
    if (!compared.note.empty()) notes.push_back(compared.note);
    if (!compared.reason.empty()) out.reason = compared.reason;
  }
  if (out.fine_tune && out.flop && !out.with_base) {
    // Not an impossible quantity, but not the model's compute either: what
    // the EU counts is cumulative (AI Act Recital 111), and records often are.
    const std::string lower =
        "a lower bound of the model's cumulative compute: fine-tuned from '" + Abbreviate(base) +
        "', whose pre-training is not estimated here (not in the file, or not estimable)";
    out.flags += (out.flags.empty() ? "" : "; ") + lower;
    notes.push_back(lower + (out.ratio ? "; the recorded compute may include it" : ""));
  }
  out.note = Join(notes);
  return out;
}

// estimated_with_base = the base models' estimates (each itself with its
// base, for a fine-tune of a fine-tune; a list "A,B" sums those found) + the
// fine-tune's own figure (0 when unknown).
void BatchEstimator::AddBase(const std::string& base, int depth, RowEstimate& out,
                             std::vector<std::string>& notes) const {
  // A base's own row at depth > 0 only gives its figure to the row above:
  // its notes are not written, so they are not built.
  const bool noted = depth == 0;
  double sum = 0;
  std::vector<std::string> parts, missing;
  size_t found = 0, not_found = 0;
  bool low = false;
  for (const std::string& name : batch::BaseNames(base)) {
    const auto it = base_rows_.find(NameKey(name));
    if (it != base_rows_.end() && depth >= kMaxBaseDepth) ++caches_->base_cuts;
    const batch::Caches::BaseFigure* b = it == base_rows_.end() || depth >= kMaxBaseDepth
                                             ? nullptr
                                             : &FigureOf(*caches_, it->first, depth + 1, [&] {
                                                 return EstimateRow(it->second, depth + 1);
                                               });
    if (b == nullptr || !b->flop) {
      ++not_found;
      if (noted) missing.push_back("'" + Abbreviate(name) + "'" + (b ? " (not estimated)" : ""));
      continue;
    }
    sum += *b->flop;
    low = low || b->low_confidence;
    ++found;
    if (noted) {
      parts.push_back("'" + Abbreviate(name) + "' " + FormatScientific(*b->flop) + " (" +
                      b->method + ")");
    }
  }
  if (!missing.empty()) {
    notes.push_back("base model " + JoinNames(missing) +
                    (depth >= kMaxBaseDepth ? ": chain too long" : " not found in the file"));
  }
  if (found == 0) {
    if (out.flop) out.reason = "fine-tune alone (base not found)";
    return;
  }
  if (!std::isfinite(sum + out.flop.value_or(0))) {
    notes.push_back("with base: the sum overflows a double");
    return;
  }
  out.with_base = sum + out.flop.value_or(0);
  if (noted) {
    notes.push_back("with base = " + JoinNames(parts, " + ") + " + fine-tune " +
                    (out.flop ? FormatScientific(*out.flop) : std::string("not estimated: 0")) +
                    " = " + FormatScientific(*out.with_base));
  }
  out.confidence = !out.flop || low || not_found > 0 ? "low" : "medium";
  out.reason = "base + fine-tune";
}

void BatchEstimator::Count(const RowEstimate& row, std::string_view name, bool recorded) {
  ++counts_.rows;
  if (row.flop_6nd) ++counts_.covered_6nd;
  if (row.flop_hardware) ++counts_.covered_hardware;
  if (row.flop) {
    ++counts_.estimated;
    if (row.method == "6ND") ++counts_.method_6nd;
    if (row.method == "hardware") ++counts_.method_hardware;
    if (row.method == "6ND+hardware") ++counts_.method_mean;
    if (row.method == "given") ++counts_.method_given;
    if (row.method == "cost") ++counts_.method_cost;
    if (row.method == "power") ++counts_.method_power;
  }
  if (!recorded) return;
  BatchGroupStats& group = row.fine_tune ? counts_.fine_tunes : counts_.other;
  std::map<std::string, std::size_t>& misses = row.fine_tune ? fine_tune_misses_ : other_misses_;
  ++group.recorded;
  if (!row.ratio) {
    ++misses[row.reason.empty() ? "not estimated: no ratio" : row.reason];
    return;
  }
  ++group.estimated;
  const double a = std::fabs(std::log10(*row.ratio));
  (row.fine_tune ? fine_tune_logs_ : other_logs_).push_back(a);
  if (a > std::log10(2.0) + 1e-12) ++misses[row.reason + ", outside 2x"];
  // Keep the five worst: largest |log10 ratio| first.
  std::vector<WorstRow>& worst = group.worst;
  auto bigger = [](const WorstRow& x, const WorstRow& y) {
    return std::fabs(std::log10(x.ratio)) > std::fabs(std::log10(y.ratio));
  };
  worst.push_back({std::string(name), *row.ratio});
  std::stable_sort(worst.begin(), worst.end(), bigger);
  if (worst.size() > 5) worst.pop_back();
}

namespace {

void Finish(std::vector<double> logs, const std::map<std::string, std::size_t>& misses,
            BatchGroupStats& g) {
  for (const auto& [reason, n] : misses) g.misses.emplace_back(reason, n);
  std::stable_sort(g.misses.begin(), g.misses.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  if (logs.empty()) return;
  std::sort(logs.begin(), logs.end());
  const size_t n = logs.size();
  g.median_abs_log10_ratio = n % 2 == 1 ? logs[n / 2] : (logs[n / 2 - 1] + logs[n / 2]) / 2;
  auto within = [&](double factor) {
    return static_cast<size_t>(
        std::upper_bound(logs.begin(), logs.end(), std::log10(factor) + 1e-12) - logs.begin());
  };
  g.within_2x = within(2);
  g.within_3x = within(3);
  g.share_within_2x = static_cast<double>(g.within_2x) / static_cast<double>(n);
  g.share_within_3x = static_cast<double>(g.within_3x) / static_cast<double>(n);
}

}  // namespace

BatchSummary BatchEstimator::Summary() const {
  BatchSummary s = counts_;
  Finish(other_logs_, other_misses_, s.other);
  Finish(fine_tune_logs_, fine_tune_misses_, s.fine_tunes);
  s.with_ratio = s.other.estimated;
  s.fine_tunes_left_out = s.fine_tunes.estimated;
  s.median_abs_log10_ratio = s.other.median_abs_log10_ratio;
  s.share_within_2x = s.other.share_within_2x;
  s.share_within_3x = s.other.share_within_3x;
  s.worst = s.other.worst;
  return s;
}

}  // namespace trainflops
