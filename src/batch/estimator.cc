// One row of a dataset: the 6ND and hardware estimates, the preferred one,
// its interval from the default assumption ranges, and the ratio to the
// recorded compute. See include/trainflops/batch.h and docs/batch.md.
#include <algorithm>
#include <cmath>

#include "row_methods.h"
#include "trainflops/batch.h"
#include "trainflops/input_limits.h"
#include "trainflops/text.h"
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

const std::vector<std::string>& BatchOutputColumns() {
  static const std::vector<std::string> columns = {
      "estimated_training_flop", "estimate_method",   "estimate_low",
      "estimate_high",           "ratio_to_recorded", "estimate_note"};
  return columns;
}

std::vector<std::string> RowEstimate::Cells() const {
  return {Number(flop), method, Number(low), Number(high), Number(ratio), note};
}

Result<BatchEstimator> BatchEstimator::Create(const std::vector<std::string>& header,
                                              const BatchOptions& options) {
  BatchEstimator e;
  e.options_ = options;
  e.counts_.samples = options.samples;
  e.counts_.seed = options.seed;
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

RowEstimate BatchEstimator::Estimate(const std::vector<std::string>& cells) {
  batch::RowCells row;
  for (size_t k = 0; k < index_.size(); ++k) {
    if (index_[k] && *index_[k] < cells.size()) row.values[k] = cells[*index_[k]];
    row.present[k] = index_[k].has_value();
  }
  for (size_t k = 0; k < index_.size(); ++k) {
    row.names[k] = options_.columns.*(KeySpecs()[k].member);
  }
  RowEstimate out;
  std::vector<std::string> notes;
  batch::Attempt nd = batch::Try6nd(row);
  batch::Attempt hw = batch::TryHardware(row, options_.samples, options_.seed);
  out.flop_6nd = nd.flop;
  out.flop_hardware = hw.flop;
  const batch::Attempt* chosen = nd.flop ? &nd : (hw.flop ? &hw : nullptr);
  if (chosen != nullptr) {
    out.flop = chosen->flop;
    out.low = chosen->low;
    out.high = chosen->high;
    out.method = chosen == &nd ? "6ND" : "hardware";
  }
  // A method's note when it ran or was meant to, or when nothing applied.
  if (nd.attempted || !chosen) notes.push_back(nd.note);
  if (hw.attempted || !chosen) notes.push_back(hw.note);
  if (nd.flop && hw.flop && std::isfinite(*hw.flop / *nd.flop)) {
    notes.push_back("preferred 6ND (Sevilla et al. 2022: counting over hardware); hardware/6ND = " +
                    FormatScientific(*hw.flop / *nd.flop, 3));
  }
  if (!chosen) notes.insert(notes.begin(), "not estimated");
  batch::Recorded recorded = batch::ReadRecorded(row);
  notes.push_back(recorded.note);
  if (out.flop && recorded.flop) {
    const double ratio = *out.flop / *recorded.flop;
    if (std::isfinite(ratio) && ratio > 0) {
      out.ratio = ratio;
    } else {
      notes.push_back("no ratio: the estimate over the recorded compute overflows a double");
    }
  }
  // Epoch records a fine-tuned model's compute with its base model's
  // pretraining (e.g. FinGPT-13B: 1.6e23 FLOP, Llama 2-13B's), which the
  // row's own data cannot estimate: such ratios stay out of the summary.
  const std::string_view base = Trim(row.values[batch::kBase]);
  const bool fine_tune = out.ratio && !base.empty();
  if (fine_tune) {
    notes.push_back("fine-tuned from '" + std::string(base) +
                    "': the recorded compute may include the base model's; ratio left out of "
                    "the summary");
  }
  out.note = Join(notes);
  Count(out, row.values[batch::kName], fine_tune);
  return out;
}

void BatchEstimator::Count(const RowEstimate& row, std::string_view name, bool fine_tune) {
  ++counts_.rows;
  if (row.flop_6nd) ++counts_.covered_6nd;
  if (row.flop_hardware) ++counts_.covered_hardware;
  if (!row.flop) return;
  ++counts_.estimated;
  ++(row.method == "6ND" ? counts_.method_6nd : counts_.method_hardware);
  if (!row.ratio) return;
  if (fine_tune) {
    ++counts_.fine_tunes_left_out;
    return;
  }
  ++counts_.with_ratio;
  const double a = std::fabs(std::log10(*row.ratio));
  abs_log_ratios_.push_back(a);
  // Keep the five worst: largest |log10 ratio| first.
  std::vector<WorstRow>& worst = counts_.worst;
  auto bigger = [](const WorstRow& x, const WorstRow& y) {
    return std::fabs(std::log10(x.ratio)) > std::fabs(std::log10(y.ratio));
  };
  worst.push_back({std::string(name), *row.ratio});
  std::stable_sort(worst.begin(), worst.end(), bigger);
  if (worst.size() > 5) worst.pop_back();
}

BatchSummary BatchEstimator::Summary() const {
  BatchSummary s = counts_;
  if (abs_log_ratios_.empty()) return s;
  std::vector<double> sorted = abs_log_ratios_;
  std::sort(sorted.begin(), sorted.end());
  const size_t n = sorted.size();
  s.median_abs_log10_ratio = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  auto share = [&](double factor) {
    const double limit = std::log10(factor);
    const auto within = std::upper_bound(sorted.begin(), sorted.end(), limit + 1e-12);
    return static_cast<double>(within - sorted.begin()) / static_cast<double>(n);
  };
  s.share_within_2x = share(2);
  s.share_within_3x = share(3);
  return s;
}

}  // namespace trainflops
