// The guards rule (docs/batch.md, "Guards"): an estimate that implies an
// impossible quantity is not printed as a normal estimate. Each guard reads
// only the row's input cells and the methods' own arithmetic, never the
// recorded compute, so it applies to rows without a record as well.
#include <algorithm>
#include <cmath>

#include "cell_reading.h"
#include "core/text.h"
#include "row_methods.h"
#include "trainflops/duration.h"
#include "trainflops/hardware.h"
#include "trainflops/units.h"

namespace trainflops::batch {
namespace {

// Fewer tokens seen per parameter than this is 100x below the compute-optimal
// 20 tokens per parameter (Hoffmann et al. 2022, "Training Compute-Optimal
// Large Language Models", Table 3) and 8x below GPT-3's 1.7 (300e9 tokens for
// 175e9 parameters): the dataset is then almost always counted in examples, sentences or words of a
// corpus seen for many epochs, with the epochs not given.
constexpr double kMinTokensPerParameter = 0.2;

// More tokens seen than any published training run: the largest stated are
// about 3.6e13 (Qwen3, 36 trillion tokens: Qwen Team 2025, "Qwen3
// Technical Report", Section 3.1); 1e14 leaves a factor of nearly 3.
constexpr double kMaxTrainingTokens = 1e14;

// 6ND and hardware x time this far apart: one of the cells is in the wrong
// unit (the methods differ by 3x at most when their inputs are right).
constexpr double kMethodsApartFactor = 1000;

// More chips than any published training cluster: xAI's Colossus, about
// 200,000 GPUs in 2025 (xAI, "Colossus", x.ai/colossus); 1e6 leaves 5x.
constexpr double kMaxChips = 1e6;

// The best peak of any chip of the hardware table released up to `year`, in
// any number format but int8 (OP/s); the table's earliest chips when the
// year precedes them all: an upper bound on what one chip could do then.
double BestPeakUpTo(std::optional<int> year) {
  double best = 0;
  int earliest = 0;
  for (const Chip& chip : DefaultHardwareDb().Rows()) {
    if (chip.release_year > 0 && (earliest == 0 || chip.release_year < earliest)) {
      earliest = chip.release_year;
    }
  }
  const int until = year ? std::max(*year, earliest) : 1 << 30;
  for (const Chip& chip : DefaultHardwareDb().Rows()) {
    if (chip.release_year <= 0 || chip.release_year > until) continue;
    for (RateColumn c : AllRateColumns()) {
      if (c != RateColumn::kInt8 && chip.Rate(c)) best = std::max(best, *chip.Rate(c));
    }
  }
  return best;
}

// Chips x seconds x peak: the hardware method's own, else (no chip name, or
// a year before the unnamed-chips rule) the row's count and hours at the
// best peak of its year.
std::optional<std::pair<double, std::string>> CapacityOf(const RowCells& row, const Attempt& hw) {
  if (hw.capacity > 0) return std::make_pair(hw.capacity, std::string("the row's chips x hours"));
  const std::optional<double> chips = ReadQuantity(row.values[kQuantity], false).value;
  const std::optional<double> hours = ReadQuantity(row.values[kHours], false).value;
  const double peak = BestPeakUpTo(YearOf(row));
  if (!chips || !hours || peak <= 0) return std::nullopt;
  return std::make_pair(*chips * *hours * kSecondsPerHour * peak,
                        FormatScientific(*chips) + " chips x " + FormatScientific(*hours) +
                            " h at the best peak of the hardware table up to the year, " +
                            FormatScientific(peak) + " FLOP/s");
}

// What is impossible about the 6ND figure, if anything.
std::vector<std::string> SixNdProblems(const RowCells& row, const Attempt& nd, const Attempt& hw) {
  std::vector<std::string> problems;
  const double per_parameter = nd.tokens / nd.params_per_token;
  if (per_parameter < kMinTokensPerParameter) {
    problems.push_back(
        "6ND sees " + FormatScientific(per_parameter, 3) +
        " tokens per parameter (dataset x epochs " + FormatScientific(nd.tokens) + " / " +
        FormatScientific(nd.params_per_token) + "), under " +
        FormatScientific(kMinTokensPerParameter) +
        ": 100x below the compute-optimal 20 (Hoffmann et al. 2022); the dataset is likely "
        "counted in examples, sentences or words, or the epochs are missing");
  }
  if (nd.tokens > kMaxTrainingTokens) {
    problems.push_back("6ND sees " + FormatScientific(nd.tokens) +
                       " tokens (dataset x epochs), more than " +
                       FormatScientific(kMaxTrainingTokens) +
                       ", beyond any published run (Qwen3: 3.6e13, Qwen Team 2025); check "
                       "the epochs and the dataset's unit");
  }
  if (const auto capacity = CapacityOf(row, hw); capacity && *nd.flop > capacity->first) {
    problems.push_back("6ND implies a utilization of " +
                       FormatScientific(*nd.flop / capacity->first, 3) + " on " + capacity->second +
                       ": above 1 is impossible");
  }
  return problems;
}

}  // namespace

void ApplyGuards(const RowCells& row, const Attempt& nd, const Attempt& hw, RowEstimate& out,
                 std::vector<std::string>& notes) {
  const bool reports_6nd = out.method.find("6ND") != std::string::npos;
  const bool reports_hardware = out.method.find("hardware") != std::string::npos;
  std::vector<std::string> flags;
  const std::vector<std::string> six_nd =
      nd.flop && nd.params_per_token > 0 ? SixNdProblems(row, nd, hw) : std::vector<std::string>();
  for (const std::string& p : six_nd) {
    if (reports_6nd) {
      flags.push_back(p);
    } else {
      notes.push_back("6ND not used, and " + p);
    }
  }
  // Methods far apart with no problem found in 6ND: nothing says which cell is wrong.
  if (nd.flop && hw.flop && six_nd.empty()) {
    const double apart = std::max(*hw.flop / *nd.flop, *nd.flop / *hw.flop);
    if (apart > kMethodsApartFactor) {
      flags.push_back("6ND and hardware x time are " + FormatScientific(apart, 3) +
                      "x apart (over " + FormatScientific(kMethodsApartFactor) +
                      "x): a cell is in the wrong unit");
    }
  }
  // The count hardware used (a cell, or the notes), else the cell.
  const std::optional<double> chips =
      hw.flop ? hw.chips : ReadQuantity(row.values[kQuantity], false).value;
  if (reports_hardware && chips && *chips > kMaxChips) {
    flags.push_back(row.names[kQuantity] + " " + FormatScientific(*chips) + " is more than " +
                    FormatScientific(kMaxChips) +
                    " chips, beyond any published cluster (xAI Colossus: about 200,000 GPUs)");
  }
  if (flags.empty()) return;
  out.confidence = "flagged";
  out.reason = "flagged: implies an impossible quantity";
  std::string text;
  for (const std::string& f : flags) text += (text.empty() ? "" : "; ") + f;
  out.flags = text;
  notes.insert(notes.begin(), "FLAGGED, not a normal estimate: " + text);
}

}  // namespace trainflops::batch
