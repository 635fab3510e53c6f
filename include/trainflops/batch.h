// Whole datasets of models: one estimate per row (`trainflops batch`).
//
// Each row gets every method its data allows, as Sevilla et al. 2022 lays them out:
//   6ND:      training FLOP = 6 x parameters x dataset size x epochs
//             (operation counting in its dense-transformer form, Sevilla et al. 2022
//             "Method 1"; 6 = 2 FLOP per multiply-add x (1 + backward/forward 2));
//   hardware: chips x time x peak x utilization (Sevilla et al. 2022 "Method 2",
//             EstimateMethod2 with the row's hardware, imputed by year when
//             the chip is not in the table).
// The preferred estimate is 6ND when available (the Sevilla et al. 2022 conclusion: counting
// is the more reliable method), else hardware. Each row's 5%-95% interval comes
// from the default assumption ranges (uncertainty.h): a closed form when one
// factor is uncertain, Monte Carlo with a fixed seed otherwise.
//
// Rows stream through a callback, so memory stays bounded by the input text
// and one row. A broken row never stops the run: it gets an estimate_note.
// See docs/batch.md.
#ifndef TRAINFLOPS_BATCH_H_
#define TRAINFLOPS_BATCH_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "trainflops/status.h"

namespace trainflops {

// Column names of the input; defaults are those of Epoch AI's Notable AI
// Models CSV. A column that is absent from the file disables what needs it.
struct BatchColumns {
  std::string name = "Model";
  std::string parameters = "Parameters";
  std::string dataset = "Training dataset size (total)";
  std::string epochs = "Epochs";
  std::string hardware = "Training hardware";
  std::string quantity = "Hardware quantity";
  std::string hours = "Training time (hours)";
  std::string utilization = "Hardware utilization (MFU)";
  std::string format = "Numerical format";
  std::string date = "Publication date";
  std::string organization = "Organization categorization";
  std::string domain = "Domain";
  std::string recorded = "Training compute (FLOP)";
  std::string base = "Base model";  // fine-tuned from: ratio left out of the summary
};

// The keys --columns accepts ("parameters", "dataset", ...), in order.
std::vector<std::string> BatchColumnKeys();
// Applies "key=Column Name,key=Other" to `columns`. Unknown keys get a
// did-you-mean and the list of keys. Appends the keys named to `named`.
Status ApplyColumnMapping(std::string_view spec, BatchColumns& columns,
                          std::vector<std::string>* named = nullptr);

inline constexpr std::size_t kDefaultBatchSamples = 2000;

struct BatchOptions {
  BatchColumns columns;
  // Columns named with --columns must exist; the defaults may be absent.
  std::vector<std::string> required_keys;
  std::size_t samples = kDefaultBatchSamples;  // Monte Carlo samples per row
  std::uint64_t seed = 20260101;               // kDefaultSeed of uncertainty.h
  std::string source = "input";                // file name for messages
};

// The columns added to every row, in order.
const std::vector<std::string>& BatchOutputColumns();

struct RowEstimate {
  std::optional<double> flop, low, high, ratio;
  std::string method;  // "6ND", "hardware" or "" when none applied
  std::string note;    // why not, or what was assumed
  std::optional<double> flop_6nd, flop_hardware;
  // The six output cells, in BatchOutputColumns() order.
  std::vector<std::string> Cells() const;
};

struct WorstRow {
  std::string name;
  double ratio = 0;
};

struct BatchSummary {
  std::size_t rows = 0, estimated = 0;
  std::size_t method_6nd = 0, method_hardware = 0;    // preferred method per row
  std::size_t covered_6nd = 0, covered_hardware = 0;  // rows each method could estimate
  std::size_t with_ratio = 0;           // estimated rows with a recorded value, in the stats
  std::size_t fine_tunes_left_out = 0;  // rows with a ratio and a base model
  std::optional<double> median_abs_log10_ratio, share_within_2x, share_within_3x;
  std::vector<WorstRow> worst;  // largest |log10 ratio| first, at most 5
  std::size_t samples = 0;
  std::uint64_t seed = 0;

  std::string ToJson() const;  // one JSON object
  std::string ToText() const;  // a few lines for people
};

// Estimates rows one at a time given the header. Holds the ratios seen so far
// (8 bytes per row with a recorded value) for the summary.
class BatchEstimator {
 public:
  static Result<BatchEstimator> Create(const std::vector<std::string>& header,
                                       const BatchOptions& options);
  // `cells` are looked up by the header's indices; short rows read as empty.
  RowEstimate Estimate(const std::vector<std::string>& cells);
  BatchSummary Summary() const;

 private:
  BatchEstimator() = default;
  void Count(const RowEstimate& row, std::string_view name, bool fine_tune);

  BatchOptions options_;
  std::vector<std::optional<std::size_t>> index_;  // per BatchColumnKeys() entry
  BatchSummary counts_;
  std::vector<double> abs_log_ratios_;
};

// Receives each output line (without its line end), header first.
using LineSink = std::function<void(const std::string& line)>;

// CSV in, CSV out: the input columns plus BatchOutputColumns(). Records may
// hold quoted commas and line breaks. Errors only for an unusable header or
// a --columns name that is missing; a malformed row gets a note.
Result<BatchSummary> RunBatchCsv(std::string_view text, const BatchOptions& options,
                                 const LineSink& sink);
// JSON lines in, JSON lines out: each object plus the added keys. The fields
// are found by name in each object (numbers or strings); a line that is not a
// JSON object gets an object with the note.
Result<BatchSummary> RunBatchJsonLines(std::string_view text, const BatchOptions& options,
                                       const LineSink& sink);

// Quotes a CSV field when it holds a comma, a quote or a line break.
std::string CsvEscape(std::string_view field);

}  // namespace trainflops

#endif  // TRAINFLOPS_BATCH_H_
