// Calibration of batch intervals against a public record (`trainflops
// calibrate`): how often each estimation path's nominal 50%, 80% and 90%
// intervals contain the recorded compute, measured out of sample by k-fold
// cross-validation, and the per-path, per-confidence widening factors (in log
// space) that make them hold. The fitted factors are a data file
// (data/calibration.csv), compiled in and applied by `batch` (the
// `calibration` rule). See docs/uncertainty.md, "Calibration".
//
// The model. A row's estimate e has a 5%-95% interval [lo, hi]; the recorded
// value r gives z = ln(r / e), and the interval's log half-width on z's side
// is h = ln(hi / e) (z >= 0) or ln(e / lo). The nominal p-interval is the
// 90% one scaled as a normal's would be: half-width h x q_p with
// q_p = z_{(1+p)/2} / z_0.95 (q = 1 at 90%, 0.779 at 80%, 0.410 at 50%).
// It contains r when t = |z| / h <= q_p. The calibrated p-interval has
// half-width h x q_p x f_p, where f_p x q_p is the ceil(p (n + 1))-th
// smallest t of the n rows fitted (split-conformal prediction: Vovk et al.
// 2005, "Algorithmic Learning in a Random World", Section 2; Lei et al. 2018,
// "Distribution-Free Predictive Inference for Regression", Section 2.2), so a
// new row of the same kind falls inside with probability at least p.
#ifndef TRAINFLOPS_CALIBRATION_H_
#define TRAINFLOPS_CALIBRATION_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "trainflops/batch.h"
#include "trainflops/defaults.h"
#include "trainflops/plot.h"
#include "trainflops/status.h"

namespace trainflops {

// One fitted factor. kind "widen": the log-space widening f_p of the nominal
// `level` interval of rows with this method (`path`) and confidence
// (`label`); "all" pools. kind "error": `level` of the rows with this
// confidence were within `factor` x of the record (max(ratio, 1/ratio)).
struct CalibrationEntry {
  std::string kind, path, label;
  double level = 0, factor = 0;
  std::size_t rows = 0;  // rows it was measured on
};

// One row as calibration sees it: estimate, 5%-95% interval, record.
struct CalibrationSample {
  std::string name, path, label;
  double point = 0, low = 0, high = 0, recorded = 0;
};

struct CalibrationOptions {
  std::size_t folds = 5;
  std::uint64_t seed = kDefaultSeed;
  // A path or label with fewer rows than this takes the pooled factor.
  std::size_t min_group_rows = 10;
  std::string source = "input";
  BatchOptions batch;  // how the rows are estimated (the calibration rule is switched off)
};

// The nominal levels measured: 50%, 80%, 90%.
const std::vector<double>& CalibrationLevels();

// q_p: the nominal p-interval's half-width over the 90% one's.
double NominalScale(double level);
// t = |ln(recorded / point)| / the log half-width on that side.
double NormalizedError(const CalibrationSample& s);
// f_p: the ceil(p (n + 1))-th smallest t over q_p (the largest t when that
// rank passes n). Error when `t` is empty.
Result<double> WideningFactor(std::vector<double> t, double level);

// Widening factors for every path and label with at least min_group_rows
// rows, each path's pooled ("all" labels) and the overall ("all", "all").
std::vector<CalibrationEntry> FitCalibration(const std::vector<CalibrationSample>& samples,
                                             const CalibrationOptions& options);
// The factor a row takes: (path, label), else (path, all), else (all, all).
const CalibrationEntry* FindWidening(const std::vector<CalibrationEntry>& table,
                                     std::string_view path, std::string_view label, double level);

// Coverage of one group at one level: rows, inside before (nominal) and after.
struct CoverageCell {
  std::string path, label;  // "all" for pooled
  double level = 0;
  std::size_t rows = 0, inside_before = 0, inside_after = 0;
};
// k-fold cross-validation: rows shuffled with `seed` (Fisher-Yates on
// std::mt19937_64), fold = position mod k; each fold's rows judged by the
// factors fitted on the others. Cells per (path, label), per path, per label
// and overall.
std::vector<CoverageCell> CrossValidate(const std::vector<CalibrationSample>& samples,
                                        const CalibrationOptions& options);

// `level` of the rows with each confidence were within the factor of the
// record: the ceil(level n)-th smallest max(ratio, 1/ratio).
std::vector<CalibrationEntry> LabelErrors(const std::vector<CalibrationSample>& estimated,
                                          double level = 0.9);

// A row of the reproduced record (docs/reproduced_record.csv).
struct RecordRow {
  std::string name, recorded, estimate, low, high, method, confidence, ratio, with_base, reason;
  bool fine_tune = false, flagged = false;
};

struct CalibrationReport {
  std::string source;
  std::size_t folds = 0, rows = 0;
  std::uint64_t seed = 0;
  std::size_t samples_used = 0;          // rows with a record, an interval, no base, no flag
  std::size_t flagged = 0;               // rows flagged by the guards (left out)
  std::size_t no_width = 0;              // rows whose interval has a side of zero width (left out)
  std::vector<CalibrationEntry> fitted;  // on every sample: data/calibration.csv
  std::vector<CalibrationEntry> labels;  // error factors by confidence
  std::vector<CoverageCell> coverage;    // out of sample
  std::vector<RecordRow> record;         // the batch run as printed (calibration on)
  BatchSummary summary;                  // of that run

  std::string ToText() const;
  // data/calibration.csv: a header comment (how it was made, `command`) and the rows.
  std::string ToCsv(std::string_view command) const;
  // Nominal vs observed coverage per path, before and after, as SVG or PNG
  // (plot.h; PNG is an error when cairo cannot be loaded).
  Result<std::string> ReliabilityPlot(PlotFormat format) const;
  // The reproduced record on log-log axes: each compared row's estimate (as
  // compared: a fine-tune's with its base when the record includes it)
  // against its record, with the diagonal and the 2x band; within 2x, outside
  // 2x, flagged and fine-tunes told apart.
  Result<std::string> RecordPlot(PlotFormat format) const;
  // The reproduced record (one line per input row), with `command` in a comment line.
  std::string RecordCsv(std::string_view command) const;
};

// Runs batch over `csv_text` (CSV with Epoch AI's columns or mapped ones)
// and measures and fits as above.
Result<CalibrationReport> Calibrate(std::string_view csv_text, const CalibrationOptions& options);

// The compiled-in table (data/calibration.csv); empty if it fails to parse
// (the test suite checks it parses).
const std::vector<CalibrationEntry>& DefaultCalibration();
// Parses a calibration file: '#' lines are comments; header
// kind,path,label,level,factor,rows. Errors name the line and field.
Result<std::vector<CalibrationEntry>> ParseCalibrationCsv(std::string_view text,
                                                          std::string_view source);

}  // namespace trainflops

#endif  // TRAINFLOPS_CALIBRATION_H_
