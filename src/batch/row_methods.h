// The two estimation methods on one row's cells, and how they combine
// (internal to src/batch). The rules are those of docs/batch.md.
#ifndef TRAINFLOPS_SRC_BATCH_ROW_METHODS_H_
#define TRAINFLOPS_SRC_BATCH_ROW_METHODS_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "base_graph.h"
#include "trainflops/batch.h"
#include "trainflops/thresholds.h"

namespace trainflops::batch {

// Same order as BatchColumnKeys().
enum Key : std::size_t {
  kName,
  kParameters,
  kDataset,
  kEpochs,
  kHardware,
  kQuantity,
  kHours,
  kUtilization,
  kFormat,
  kDate,
  kOrganization,
  kDomain,
  kRecorded,
  kBase,
  kParametersNotes,
  kDatasetNotes,
  kFinetune,
  kCost,
  kPower,
  kComputeNotes,
  kTimeNotes,
  kKeyCount
};

// The column names of `columns` that the rows read, in Key order.
std::vector<std::string> ColumnNamesOf(const BatchColumns& columns);

struct RowCells {
  std::array<std::string, kKeyCount> values;  // "" when empty or absent
  std::array<std::string, kKeyCount> names;   // column names, for notes
  std::array<bool, kKeyCount> present{};      // the column exists in the file
};

// One method's outcome: an estimate with its 5%-95% interval, or why not.
struct Attempt {
  std::optional<double> flop, low, high;
  std::string note;
  bool attempted = false;       // some of the method's cells were filled in
  bool low_confidence = false;  // a default stood in for a missing input
  std::string cause;            // short reason when there is no estimate
  // For the guards (guards.cc): 6ND's parameters per token and tokens seen
  // (dataset x epochs); hardware's chips x seconds x peak (utilization 1).
  double params_per_token = 0, tokens = 0, capacity = 0;
  // Hardware's count of chips (the cell's, or the notes'); unset when the
  // notes gave chip-hours whole (notes_hardware.h).
  std::optional<double> chips;
  // The capacity is at most what the chips could do: a named chip, at the
  // row's stated format or at FP32 (the lowest format of training), not at a
  // guessed 16-bit peak up to 16x higher (record_comparison.cc reads it).
  bool capacity_is_floor = false;
};

// Per-run memo of what does not depend on a row's amounts: chip peaks by
// (chip, format, year, ...) and Monte Carlo quantiles by uncertain factors.
// Scaling by the row's point factor is exact: every sample is multiplied by it.
struct Caches {
  struct Peak {
    double peak = 0;
    std::string chip, precision, rate_note;
    bool imputed = false, fallback = false, sixteen_bit_tensor = false, tensor_caveat = false;
    std::string error;  // the lookup failed
  };
  std::map<std::string, Peak> peaks;
  std::map<std::string, bool> chip_known;                      // chip text -> in the hardware table
  std::map<std::string, std::pair<double, double>> quantiles;  // low, high at point 1
  // An evidence line for a unit amount (row_evidence.cc), by chip, year and domain.
  struct EvidenceUnit {
    double flop = 0;                       // FLOP per unit amount
    double low_ratio = 0, high_ratio = 0;  // 5th and 95th percentile / flop; 0: none
    std::string summary;                   // the line's last formula step
    std::string error;
  };
  std::map<std::string, EvidenceUnit> evidence_units;
  // A base row's figure as its fine-tunes add it (estimator.cc, FigureOf):
  // by name key, or by depth and name key when a chain below it was cut at
  // the depth limit (`base_cuts` counts the cuts).
  struct BaseFigure {
    std::optional<double> flop;  // with its own bases
    std::string method;
    bool low_confidence = false;
    int height = 0;  // levels of bases below it
  };
  std::unordered_map<std::string, BaseFigure> base_figures;
  std::map<std::pair<int, std::string>, BaseFigure> cut_base_figures;
  std::size_t base_cuts = 0;
  int deepest = 0;  // the deepest level reached by the estimate under way
  BaseCycles base_cycles;
};

struct Context {
  const BatchOptions* options = nullptr;
  Caches* caches = nullptr;
  bool On(BatchRule r) const { return options->RuleOn(r); }
};

// The row's year (the first four digits of its date), if it has one.
std::optional<int> YearOf(const RowCells& row);
// The non-empty parts joined with ", ".
std::string JoinComma(const std::vector<std::string>& parts);
// The first chip of a list ("NVIDIA A100,NVIDIA V100"), or "unknown" with a
// note when the table does not know it; `imputed` is then set.
std::string ChooseChip(std::string_view text, const Context& context,
                       std::vector<std::string>& notes, bool& imputed);

// 6 x parameters (active ones for a mixture of experts) x dataset size x
// epochs (1 when empty), where the dataset counts tokens.
Attempt Try6nd(const RowCells& row, const Context& context);
// Chips x hours x peak x utilization on the row's hardware cells.
Attempt TryHardware(const RowCells& row, const Context& context);

// The preferred estimate from the two attempts (the both-methods rule), with
// its confidence, the path taken (RowEstimate::reason) and notes.
// The record's training cost (2023 US dollars) and power draw with the
// training time, as evidence lines (row_evidence.cc): for rows with neither
// 6ND nor chips x hours.
Attempt TryCost(const RowCells& row, const Context& context);
Attempt TryPower(const RowCells& row, const Context& context);
// A row with no estimate yet takes its cost line, else its power line.
void UseEvidence(const RowCells& row, const Context& context, RowEstimate& out,
                 std::vector<std::string>& notes);
void Combine(const Attempt& nd, const Attempt& hw, const Context& context, RowEstimate& out,
             std::vector<std::string>& notes);

// The guards rule (guards.cc): a reported estimate that implies an
// impossible quantity is flagged (confidence "flagged", the note says why);
// the same problem in the method not reported is noted.
void ApplyGuards(const RowCells& row, const Attempt& nd, const Attempt& hw, RowEstimate& out,
                 std::vector<std::string>& notes);

// The calibration rule (calibration_table.cc): the row's 5%-95% interval
// widened in log space by the factor of data/calibration.csv for its method
// and confidence, and the confidence's measured error factor in the note.
void ApplyCalibration(RowEstimate& out, std::vector<std::string>& notes);

// The thresholds in force (data/thresholds.yaml), in the order of the
// p_over_ID output columns.
const std::vector<Threshold>& InForceThresholds();
// P(> each threshold in force) and the EU 30% margin, from the row's
// 5%-95% interval (row_thresholds.cc); left empty for a row with no
// interval, a flagged row or a fine-tune (its base's interval is not carried).
void CheckRowThresholds(RowEstimate& out);

// One output cell of a row, in BatchOutputColumns() order: a number (empty
// when unset) or a text, which JSON writes as null when empty unless it is
// the note. The CSV and JSON writers both read this one list.
struct OutputCell {
  std::optional<double> number;
  std::string text;
  bool is_number = false;
  bool null_when_empty = true;
};
std::vector<OutputCell> OutputCells(const RowEstimate& row);

struct Recorded {
  std::optional<double> flop;
  std::string note;  // set when the cell is not a number
};
Recorded ReadRecorded(const RowCells& row);

// The estimate over the recorded compute, like with like
// (record_comparison.cc): the row's figure, with its base for a fine-tune
// unless the record is under half the base alone (then the fine-tune's own);
// none when the record implies a utilization under 1% of the row's
// `capacity` (chips x seconds x a peak the chips reach at least; 0 when
// unknown), with the reason. A record over the capacity is not judged.
struct RecordComparison {
  std::optional<double> ratio;
  std::string note;
  std::string reason;  // without a ratio: why, as the summary's misses count it
};
RecordComparison CompareWithRecord(double recorded, const RowEstimate& out, double capacity);

// A fine-tune's own compute from the Finetune compute column, when given.
std::optional<double> ReadFinetune(const RowCells& row);

}  // namespace trainflops::batch

#endif  // TRAINFLOPS_SRC_BATCH_ROW_METHODS_H_
