// The compiled-in calibration table (data/calibration.csv) and the
// calibration rule that applies it to a batch row (docs/uncertainty.md,
// "Calibration").
#include <cmath>

#include "core/text.h"
#include "row_methods.h"
#include "trainflops/calibration.h"
#include "trainflops/csv.h"
#include "trainflops/input_limits.h"
#include "trainflops/units.h"

namespace trainflops {
namespace embedded {
extern const char calibration_csv[];
extern const unsigned long calibration_csv_size;
}  // namespace embedded

Result<std::vector<CalibrationEntry>> ParseCalibrationCsv(std::string_view text,
                                                          std::string_view source) {
  // '#' lines are the file's description; ParseCsv reads the rest.
  std::string body;
  for (size_t pos = 0; pos < text.size();) {
    const size_t end = std::min(text.find('\n', pos), text.size());
    const std::string_view line = text.substr(pos, end - pos);
    body += line.starts_with("#") ? std::string_view() : line;
    body += '\n';
    pos = end + 1;
  }
  TF_ASSIGN_OR_RETURN(const CsvTable table, ParseCsv(body, source));
  std::vector<size_t> at;
  for (const char* name : {"kind", "path", "label", "level", "factor", "rows"}) {
    TF_ASSIGN_OR_RETURN(const size_t i, table.Column(name));
    at.push_back(i);
  }
  std::vector<CalibrationEntry> out;
  for (size_t r = 0; r < table.rows.size(); ++r) {
    const std::vector<std::string>& row = table.rows[r];
    const std::string where = std::string(source) + ":" + std::to_string(table.lines[r]);
    CalibrationEntry e{row[at[0]], row[at[1]], row[at[2]], 0, 0, 0};
    if (e.kind != "widen" && e.kind != "error") {
      return Status::ParseError(where + ": field 'kind' '" + e.kind + "': expected widen or error");
    }
    Result<double> level = ParsePositive(row[at[3]]), factor = ParsePositive(row[at[4]]);
    Result<double> rows = ParsePositive(row[at[5]]);
    if (!level.ok() || *level >= 1 || !factor.ok() || !rows.ok()) {
      return Status::ParseError(where +
                                ": fields 'level' (in (0, 1)), 'factor' and 'rows' (positive "
                                "numbers) expected");
    }
    e.level = *level;
    e.factor = *factor;
    e.rows = static_cast<size_t>(*rows);
    out.push_back(std::move(e));
  }
  return out;
}

const std::vector<CalibrationEntry>& DefaultCalibration() {
  static const std::vector<CalibrationEntry> table = [] {
    Result<std::vector<CalibrationEntry>> t = ParseCalibrationCsv(
        std::string_view(embedded::calibration_csv, embedded::calibration_csv_size),
        "data/calibration.csv");
    return t.ok() ? *t : std::vector<CalibrationEntry>();
  }();
  return table;
}

namespace batch {

void ApplyCalibration(RowEstimate& out, std::vector<std::string>& notes) {
  if (out.confidence == "flagged") return;  // no interval to stand behind
  const std::vector<CalibrationEntry>& table = DefaultCalibration();
  if (out.low && out.high && *out.flop > 0) {
    if (const CalibrationEntry* e = FindWidening(table, out.method, out.confidence, 0.9)) {
      const double f = e->factor;
      const double low = *out.flop * std::pow(*out.low / *out.flop, f);
      const double high = *out.flop * std::pow(*out.high / *out.flop, f);
      if (std::isfinite(high) && low > 0) {
        out.low = low;
        out.high = high;
        notes.push_back("5%-95% interval widened x" + FormatScientific(f, 3) +
                        " in log space by the calibration factor of path " + e->path +
                        ", confidence " + e->label + " (data/calibration.csv: fitted on " +
                        std::to_string(e->rows) +
                        " rows of Epoch AI's Notable AI Models, development half)");
      }
    }
  }
  for (const CalibrationEntry& e : table) {
    if (e.kind != "error" || e.label != out.confidence) continue;
    out.label_error_factor = e.factor;
    notes.push_back("confidence " + e.label + ": " + FormatScientific(100 * e.level, 3) +
                    "% of such estimates were within " + FormatScientific(e.factor, 3) +
                    "x of the record, measured on " + std::to_string(e.rows) +
                    " rows (data/calibration.csv)");
  }
}

}  // namespace batch
}  // namespace trainflops
