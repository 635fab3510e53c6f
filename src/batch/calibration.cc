// `trainflops calibrate`: batch over a record file, the out-of-sample
// coverage of its intervals, the fitted factors and the reproduced record
// (include/trainflops/calibration.h).
#include "trainflops/calibration.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "core/text.h"
#include "trainflops/csv.h"
#include "trainflops/input_limits.h"
#include "trainflops/units.h"

namespace trainflops {
namespace {

// One batch output line's cells by column name.
class OutputRows {
 public:
  void Add(const std::string& line) {
    Result<CsvTable> t = ParseCsv(line, "batch output");
    if (!t.ok()) return;
    if (header_.empty()) {
      header_ = t->header;
      return;
    }
    rows_.push_back(t->header);
  }
  size_t size() const { return rows_.size(); }
  std::string Get(size_t row, std::string_view column) const {
    for (size_t i = 0; i < header_.size() && i < rows_[row].size(); ++i) {
      if (header_[i] == column) return rows_[row][i];
    }
    return "";
  }
  std::optional<double> Number(size_t row, std::string_view column) const {
    Result<double> v = ParsePositive(Trim(Get(row, column)));
    return v.ok() ? std::optional<double>(*v) : std::nullopt;
  }

 private:
  std::vector<std::string> header_;
  std::vector<std::vector<std::string>> rows_;
};

Result<OutputRows> RunRows(std::string_view text, const BatchOptions& options,
                           BatchSummary* summary) {
  OutputRows rows;
  TF_ASSIGN_OR_RETURN(BatchSummary s,
                      RunBatchCsv(text, options, [&](const std::string& l) { rows.Add(l); }));
  if (summary != nullptr) *summary = s;
  return rows;
}

// What happened to a row, in a few words (the reproduced record's `outcome`).
std::string Outcome(const RecordRow& r, const std::optional<double>& ratio) {
  if (r.recorded.empty()) return "no record";
  if (r.estimate.empty() && r.with_base.empty()) return "not estimated";
  if (r.flagged) return "flagged";
  if (!ratio) return "no ratio";
  // As the batch summary counts: |log10 ratio| against log10 2 and log10 30.
  const double off = std::fabs(std::log10(*ratio));
  const std::string who = r.fine_tune ? "fine-tune, " : "";
  if (off <= std::log10(2.0) + 1e-12) return who + "within 2x";
  return who + (off > std::log10(30.0) ? "off by more than 30x" : "outside 2x");
}

}  // namespace

Result<CalibrationReport> Calibrate(std::string_view csv_text, const CalibrationOptions& options) {
  if (options.folds < 2) {
    return Status::InvalidArgument("`folds` " + std::to_string(options.folds) +
                                   ": at least 2 are needed for cross-validation");
  }
  CalibrationReport report;
  report.source = options.source;
  report.folds = options.folds;
  report.seed = options.seed;
  BatchOptions raw = options.batch;
  raw.source = options.source;
  raw.rules_off.push_back(BatchRule::kCalibration);  // measure the intervals as estimated
  TF_ASSIGN_OR_RETURN(const OutputRows rows, RunRows(csv_text, raw, nullptr));
  const BatchColumns& c = options.batch.columns;
  std::vector<CalibrationSample> with_interval, estimated;
  for (size_t i = 0; i < rows.size(); ++i) {
    const std::optional<double> recorded = rows.Number(i, c.recorded);
    const std::optional<double> flop = rows.Number(i, "estimated_training_flop");
    const bool fine_tune = !Trim(rows.Get(i, c.base)).empty();
    const std::string label = rows.Get(i, "estimate_confidence");
    if (label == "flagged") ++report.flagged;
    // A record the row's own cells contradict has no ratio (CompareWithRecord).
    const bool comparable = rows.Number(i, "ratio_to_recorded").has_value();
    if (!recorded || !flop || fine_tune || label == "flagged" || !comparable) continue;
    CalibrationSample s{
        rows.Get(i, c.name), rows.Get(i, "estimate_method"), label, *flop, 0, 0, *recorded};
    estimated.push_back(s);
    const std::optional<double> low = rows.Number(i, "estimate_low");
    const std::optional<double> high = rows.Number(i, "estimate_high");
    // A side of zero width (every input given) cannot be widened by a factor.
    if (!low || !high || !(*low < *flop && *flop < *high)) {
      ++report.no_width;
      continue;
    }
    s.low = *low;
    s.high = *high;
    with_interval.push_back(s);
  }
  report.samples_used = with_interval.size();
  report.coverage = CrossValidate(with_interval, options);
  report.fitted = FitCalibration(with_interval, options);
  report.labels = LabelErrors(estimated);
  report.fitted.insert(report.fitted.end(), report.labels.begin(), report.labels.end());

  BatchOptions printed = options.batch;
  printed.source = options.source;
  TF_ASSIGN_OR_RETURN(const OutputRows out, RunRows(csv_text, printed, &report.summary));
  report.rows = out.size();
  for (size_t i = 0; i < out.size(); ++i) {
    RecordRow r;
    r.name = out.Get(i, c.name);
    r.recorded = out.Get(i, c.recorded);
    r.estimate = out.Get(i, "estimated_training_flop");
    r.low = out.Get(i, "estimate_low");
    r.high = out.Get(i, "estimate_high");
    r.method = out.Get(i, "estimate_method");
    r.confidence = out.Get(i, "estimate_confidence");
    r.ratio = out.Get(i, "ratio_to_recorded");
    r.with_base = out.Get(i, "estimated_with_base");
    r.fine_tune = !Trim(out.Get(i, c.base)).empty();
    // Flagged by the guards, or a fine-tune whose base is missing (a lower bound).
    r.flagged = r.confidence == "flagged" || !out.Get(i, "estimate_flags").empty();
    r.reason = Outcome(r, out.Number(i, "ratio_to_recorded"));
    const std::string note = out.Get(i, "estimate_note");
    r.reason += r.reason == "within 2x" || r.reason == "no record" ? "" : ": " + note;
    report.record.push_back(std::move(r));
  }
  return report;
}

}  // namespace trainflops
