// libFuzzer target for the batch engine: arbitrary bytes as a CSV file
// (header + rows) and as JSON lines through RunBatchCsv/RunBatchJsonLines.
// Either must give output or a Status, never a crash or a hang, and what it
// gives must hold together: one output record per input row, each CSV record
// with the header's fields plus the six added columns, every estimate finite,
// positive and inside its 5%-95% interval, and a summary that adds up.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "trainflops/batch.h"
#include "trainflops/csv.h"
#include "trainflops/units.h"

namespace {

// Bounded work per input (every row may run a Monte Carlo), yet large enough
// for a line nested 70,000 deep (140 KB), which once crashed the JSON printer.
constexpr size_t kMaxInput = 1 << 18;

void Check(bool condition) {
  if (!condition) std::abort();
}

// The first added cells of one output row (flop, method, low, high, ratio),
// and estimated_with_base (a fine-tune's ratio may rest on it alone).
void CheckEstimate(const std::string& flop, const std::string& method, const std::string& low,
                   const std::string& high, const std::string& ratio,
                   const std::string& with_base) {
  Check(flop.empty() == method.empty());
  Check(method.empty() || method == "6ND" || method == "hardware" || method == "6ND+hardware" ||
        method == "given");
  if (flop.empty()) {
    Check(low.empty() && high.empty() && (ratio.empty() || !with_base.empty()));
    return;
  }
  const auto value = trainflops::ParsePositive(flop);
  Check(value.ok() && std::isfinite(*value));
  if (!low.empty() || !high.empty()) {
    const auto lo = trainflops::ParsePositive(low), hi = trainflops::ParsePositive(high);
    Check(lo.ok() && hi.ok());
    // Printed with 7 significant digits: allow for the rounding.
    Check(*lo <= *value * (1 + 1e-6) && *value <= *hi * (1 + 1e-6));
  }
  if (!ratio.empty()) {
    const auto r = trainflops::ParsePositive(ratio);
    Check(r.ok() && std::isfinite(*r));
  }
}

void CheckSummary(const trainflops::BatchSummary& s, size_t rows) {
  Check(s.rows == rows);
  Check(s.estimated <= s.rows &&
        s.method_6nd + s.method_hardware + s.method_mean + s.method_given == s.estimated);
  Check(s.covered_6nd >= s.method_6nd && s.covered_hardware >= s.method_hardware);
  // Rows with a recorded value: other rows, or fine-tunes (whose ratio may
  // rest on their base model alone).
  Check(s.with_ratio <= s.estimated && s.with_ratio == s.other.estimated);
  Check(s.other.estimated <= s.other.recorded && s.fine_tunes.estimated <= s.fine_tunes.recorded);
  for (const auto& share : {s.share_within_2x, s.share_within_3x}) {
    if (share) Check(*share >= 0 && *share <= 1);
  }
  if (s.median_abs_log10_ratio) Check(*s.median_abs_log10_ratio >= 0);
  Check(s.worst.size() <= 5);
  Check(!s.ToJson().empty() && !s.ToText().empty());
}

void RunCsv(std::string_view text, const trainflops::BatchOptions& options) {
  size_t lines = 0, fields = 0;
  const auto summary = trainflops::RunBatchCsv(text, options, [&](const std::string& line) {
    // Each output record must read back as one CSV record of the right width.
    const auto parsed = trainflops::ParseCsv(line, "out");
    Check(parsed.ok() && parsed->rows.empty());
    const std::vector<std::string>& cells = parsed->header;
    const size_t output_columns = trainflops::BatchOutputColumns().size();
    if (lines++ == 0) {
      fields = cells.size();
      Check(fields > output_columns);
      return;
    }
    Check(cells.size() == fields);
    const size_t at = fields - output_columns;
    CheckEstimate(cells[at], cells[at + 1], cells[at + 2], cells[at + 3], cells[at + 4],
                  cells[at + 9]);
  });
  if (!summary.ok()) {
    // Rows stream out before a later record is refused (too long) or the
    // file turns out to hold no usable row; the caller discards them.
    Check(!summary.status().message().empty());
    return;
  }
  Check(lines >= 1);
  CheckSummary(*summary, lines - 1);
}

std::string Cell(const nlohmann::json& object, const std::string& key) {
  const auto it = object.find(key);
  Check(it != object.end());
  if (it->is_null()) return "";
  if (it->is_string()) return it->get<std::string>();
  Check(it->is_number());
  return trainflops::FormatScientific(it->get<double>(), 7);
}

void RunJsonLines(std::string_view text, const trainflops::BatchOptions& options) {
  const std::vector<std::string>& keys = trainflops::BatchOutputColumns();
  size_t lines = 0;
  const auto summary = trainflops::RunBatchJsonLines(text, options, [&](const std::string& line) {
    const nlohmann::json object = nlohmann::json::parse(line, nullptr, false);
    Check(object.is_object());
    ++lines;
    CheckEstimate(Cell(object, keys[0]), Cell(object, keys[1]), Cell(object, keys[2]),
                  Cell(object, keys[3]), Cell(object, keys[4]), Cell(object, keys[9]));
  });
  if (!summary.ok()) {
    Check(!summary.status().message().empty());
    return;
  }
  CheckSummary(*summary, lines);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > kMaxInput) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  trainflops::BatchOptions options;
  options.samples = 200;  // fixed seed (the default): the same input, the same output
  options.source = "fuzz.csv";
  RunCsv(text, options);
  options.source = "fuzz.jsonl";
  RunJsonLines(text, options);
  return 0;
}
