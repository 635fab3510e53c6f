// Whole datasets of models: one estimate per row (`trainflops batch`).
//
// Each row gets every method its data allows, as Sevilla et al. 2022 lays them out:
//   6ND:      training FLOP = 6 x parameters x dataset size x epochs
//             (operation counting in its dense-transformer form, Sevilla et
//             al. 2022, Method 1; 6 = 2 FLOP per multiply-add x (1 +
//             backward/forward 2)), with the parameters active per token for
//             a mixture of experts, and only where the dataset counts tokens;
//   hardware: chips x time x peak x utilization (Sevilla et al. 2022,
//             Method 2; EstimateMethod2 with the row's hardware), the peak
//             from the hardware table or the year's average.
// When both ran and agree within 3x the row reports their geometric mean;
// otherwise a measured rule chooses (docs/batch.md, which lists every rule
// with its effect on Epoch AI's Notable AI Models file). A fine-tune is also
// estimated with its base model when the base is in the same file. Each
// row's 5%-95% interval comes from the default assumption ranges
// (uncertainty.h): exact quantiles when one factor is uncertain, Monte Carlo
// with a fixed seed otherwise.
//
// Rows stream through a callback, so memory stays bounded by the input text,
// one row and the rows named as base models. A broken row never stops the
// run: it gets an estimate_note.
#ifndef TRAINFLOPS_BATCH_H_
#define TRAINFLOPS_BATCH_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "trainflops/defaults.h"
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
  std::string base = "Base model";                    // fine-tuned from: estimated with its base
  std::string parameters_notes = "Parameters notes";  // active parameters of MoE models
  std::string dataset_notes = "Dataset size notes";   // whether the dataset counts tokens
  std::string finetune = "Finetune compute (FLOP)";   // a fine-tune's own compute, given
  // Evidence for rows with neither 6ND nor chips x hours (evidence.h).
  std::string cost = "Training compute cost (2023 USD)";
  std::string power = "Training power draw (W)";  // with the training time
  // Free text that may state the chips and time (the notes-hardware rule).
  std::string compute_notes = "Training compute notes";
  std::string time_notes = "Training time notes";
};

// The estimation rules of docs/batch.md. Each is on by default and can be
// switched off (--rules-off) to measure its effect (the ablation table).
enum class BatchRule : int {
  kActiveParameters,  // MoE: 6ND with the parameters active per token
  kBothMethods,       // 6ND and hardware both possible: agree -> geometric mean
  kTokenData,         // non-language rows: 6ND only when the data is in tokens
  kFormatFallback,    // a format the chip lacks: the nearest one it runs
  kListCells,         // "a,a" and ranges "a-b" in number cells
  kUnnamedChips,      // chips x hours without a chip name: year-average peak
  kBaseModels,        // fine-tunes: estimate the base model too
  kUtilization,       // 0.3 for language models and 16-bit tensor peaks, else 0.4
  kEvidence,          // neither 6ND nor hardware: the cost column, else power x time
  kGuards,            // flag estimates that imply an impossible quantity
  kCalibration,       // widen intervals by the measured factors of data/calibration.csv
  kNotesHardware,     // chips or time missing: read them from the notes ("8 V100 GPUs for 5 days")
  kCount
};
// The rules' names as --rules-off accepts them, in enum order.
const std::vector<std::string>& BatchRuleNames();
// Parses "moe,both-methods"; unknown names get a did-you-mean.
Status ParseRulesOff(std::string_view list, std::vector<BatchRule>& off);

// The keys --columns accepts ("parameters", "dataset", ...), in order.
std::vector<std::string> BatchColumnKeys();
// Applies "key=Column Name,key=Other" to `columns`. Unknown keys get a
// did-you-mean and the list of keys. Appends the keys named to `named`.
Status ApplyColumnMapping(std::string_view spec, BatchColumns& columns,
                          std::vector<std::string>* named = nullptr);

struct BatchOptions {
  BatchColumns columns;
  // Columns named with --columns must exist; the defaults may be absent.
  std::vector<std::string> required_keys;
  std::size_t samples = kDefaultRowSamples;  // Monte Carlo samples per row
  std::uint64_t seed = kDefaultSeed;
  std::string source = "input";      // file name for messages
  std::vector<BatchRule> rules_off;  // rules switched off (ablation)
  // RunBatchCsv writes each record as one JSON object instead of a CSV line
  // (and no header line): the header's columns as string keys, then the
  // added keys as RunBatchJsonLines writes them (numbers, null when empty).
  // For a front end that wants the values typed (the web page's Dataset tab).
  bool csv_as_json_lines = false;
  bool RuleOn(BatchRule rule) const;
};

// The columns added to every row, in order.
const std::vector<std::string>& BatchOutputColumns();

struct RowEstimate {
  std::optional<double> flop, low, high;
  // The compared figure over the recorded compute: estimated_with_base for a
  // fine-tune whose base was estimated, else flop.
  std::optional<double> ratio;
  // "6ND", "hardware", "6ND+hardware" (their geometric mean), "cost" or
  // "power" (evidence.h, rows with neither), "given" (a
  // fine-tune's own compute column), or "" when none applied.
  std::string method;
  std::string note;  // the rule used and why, with the numbers
  std::optional<double> flop_6nd, flop_hardware;
  std::optional<double> methods_ratio;  // hardware / 6ND when both ran
  std::string confidence;  // "high", "medium", "low", "flagged" (guards); "" when not estimated
  std::optional<double> with_base;  // fine-tune + its base model's estimate
  std::string reason;               // short class of the path taken (misses by reason)
  bool fine_tune = false;           // the row names a base model
  // P(recorded-style compute > threshold) for each threshold in force in
  // data/thresholds.yaml (columns p_over_ID, in the file's order), from the
  // 5%-95% interval read as a two-piece lognormal (thresholds.h,
  // ProbabilityOver); empty for rows with no interval, flagged rows and
  // fine-tunes.
  std::vector<std::optional<double>> probability_over;
  // Whether the 5%-95% interval lies within the EU's 30% error margin of the
  // figure (thresholds.h, CheckMargin); unset when probability_over is empty.
  std::optional<bool> within_eu_margin;
  // The measured meaning of the confidence label: 90% of the record's rows
  // with this label were within this factor of the record
  // (data/calibration.csv, kind "error"); unset for fine-tunes and flags.
  std::optional<double> label_error_factor;
  std::string flags;  // what the guards found impossible; "" when nothing
  // The added output cells, in BatchOutputColumns() order.
  std::vector<std::string> Cells() const;
};

struct WorstRow {
  std::string name;
  double ratio = 0;
};

// Agreement with the recorded compute over one group of rows.
struct BatchGroupStats {
  std::size_t recorded = 0;   // rows with a recorded value
  std::size_t estimated = 0;  // of those, rows with an estimate (and so a ratio)
  std::size_t within_2x = 0, within_3x = 0;
  std::optional<double> median_abs_log10_ratio, share_within_2x, share_within_3x;
  // Rows with a recorded value that are not estimated or are off by more
  // than 2x, counted by the path taken (RowEstimate::reason); largest first.
  std::vector<std::pair<std::string, std::size_t>> misses;
  std::vector<WorstRow> worst;  // largest |log10 ratio| first, at most 5
};

struct BatchSummary {
  std::size_t rows = 0, estimated = 0;
  std::size_t method_6nd = 0, method_hardware = 0;    // preferred method per row
  std::size_t method_mean = 0, method_given = 0;      // geometric mean; fine-tune column
  std::size_t method_cost = 0, method_power = 0;      // evidence columns (neither method ran)
  std::size_t covered_6nd = 0, covered_hardware = 0;  // rows each method could estimate
  BatchGroupStats other, fine_tunes;                  // rows without / with a base model
  // The figures of `other`, kept under their earlier names.
  std::size_t with_ratio = 0;           // other rows with a ratio
  std::size_t fine_tunes_left_out = 0;  // fine-tune rows with a ratio
  std::optional<double> median_abs_log10_ratio, share_within_2x, share_within_3x;
  std::vector<WorstRow> worst;
  std::vector<std::string> rules_off;
  std::size_t samples = 0;
  std::uint64_t seed = 0;

  std::string ToJson() const;  // one JSON object
  std::string ToText() const;  // a few lines for people
};

namespace batch {
struct Caches;
}

// Estimates rows one at a time given the header. Holds the |log10 ratios|
// seen so far (8 bytes per row with a recorded value) for the summary, and
// the rows that fine-tunes name as their base model.
class BatchEstimator {
 public:
  static Result<BatchEstimator> Create(const std::vector<std::string>& header,
                                       const BatchOptions& options);
  // `cells` are looked up by the header's indices; short rows read as empty.
  RowEstimate Estimate(const std::vector<std::string>& cells);
  BatchSummary Summary() const;

  // Fine-tunes (the base-model rule): a row's base model is looked up by
  // name among the rows given here, before the run.
  bool HasBaseColumn() const;
  // The trimmed, lower-case base-model cell of a row ("" when none).
  std::string BaseKey(const std::vector<std::string>& cells) const;
  // Keeps the row for lookups when its name is one of `wanted` (base keys).
  void KeepBaseRow(const std::vector<std::string>& cells,
                   const std::unordered_set<std::string>& wanted);

 private:
  BatchEstimator() = default;
  RowEstimate EstimateRow(const std::vector<std::string>& cells, int depth) const;
  void AddBase(const std::string& base, int depth, RowEstimate& out,
               std::vector<std::string>& notes) const;
  void Count(const RowEstimate& row, std::string_view name, bool recorded);

  BatchOptions options_;
  std::vector<std::optional<std::size_t>> index_;  // per BatchColumnKeys() entry
  BatchSummary counts_;
  std::vector<double> other_logs_, fine_tune_logs_;
  std::map<std::string, std::size_t> other_misses_, fine_tune_misses_;
  std::unordered_map<std::string, std::vector<std::string>> base_rows_;
  std::shared_ptr<batch::Caches> caches_;
};

// Receives each output line (without its line end), header first.
using LineSink = std::function<void(const std::string& line)>;

// CSV in, CSV out: the input columns plus BatchOutputColumns() (JSON lines
// out with BatchOptions::csv_as_json_lines). Records may hold quoted commas
// and line breaks. Errors only for an unusable header or
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
