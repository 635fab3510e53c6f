// The calibration report as text, as the data file, as the reproduced record
// and as a reliability diagram (SVG).
#include <algorithm>
#include <cmath>
#include <set>

#include "core/text.h"
#include "trainflops/calibration.h"
#include "trainflops/units.h"

namespace trainflops {
namespace {

std::string Percent(std::size_t part, std::size_t whole) {
  if (whole == 0) return "n/a";
  return FormatScientific(100.0 * static_cast<double>(part) / static_cast<double>(whole), 3) + "%";
}

std::string Line(const std::vector<std::string>& cells) {
  std::string out;
  for (size_t i = 0; i < cells.size(); ++i) out += (i ? "," : "") + CsvEscape(cells[i]);
  return out + "\n";
}

// The coverage cells of one group, in level order.
std::vector<const CoverageCell*> CellsOf(const std::vector<CoverageCell>& cells,
                                         const std::string& path, const std::string& label) {
  std::vector<const CoverageCell*> out;
  for (const CoverageCell& c : cells) {
    if (c.path == path && c.label == label) out.push_back(&c);
  }
  return out;
}

// Rows off by more than 30x with no flag, by name (fine-tunes marked).
std::vector<std::string> UnflaggedOff30x(const std::vector<RecordRow>& record) {
  std::vector<std::string> names;
  for (const RecordRow& r : record) {
    if (r.reason.find("off by more than 30x") != std::string::npos) {
      names.push_back(r.name + (r.fine_tune ? " (fine-tune)" : "") + " ratio " + r.ratio);
    }
  }
  return names;
}

}  // namespace

std::string CalibrationReport::ToText() const {
  std::string t = "calibration of " + source + ": " + std::to_string(rows) + " rows; " +
                  std::to_string(samples_used) +
                  " with a record, an interval, no base model and no flag (" +
                  std::to_string(flagged) + " flagged and " + std::to_string(no_width) +
                  " with a zero-width side left out); " + std::to_string(folds) +
                  "-fold cross-validation, seed " + std::to_string(seed) + "\n";
  t += "coverage out of sample: nominal -> observed before calibration -> after\n";
  std::set<std::pair<std::string, std::string>> groups;
  for (const CoverageCell& c : coverage) groups.insert({c.path, c.label});
  for (const auto& [path, label] : groups) {
    const std::vector<const CoverageCell*> cells = CellsOf(coverage, path, label);
    t += "  " + path + " / " + label + " (" + std::to_string(cells.front()->rows) + " rows):";
    for (const CoverageCell* c : cells) {
      t += "  " + FormatScientific(100 * c->level, 2) + "%: " + Percent(c->inside_before, c->rows) +
           " -> " + Percent(c->inside_after, c->rows);
    }
    t += "\n";
  }
  t += "confidence labels (rows without a base model, not flagged): 90% within\n";
  for (const CalibrationEntry& e : labels) {
    t += "  " + e.label + ": " + FormatScientific(e.factor, 3) + "x of the record (" +
         std::to_string(e.rows) + " rows)\n";
  }
  t += "fitted widening factors (90%), written to the data file:\n";
  for (const CalibrationEntry& e : fitted) {
    if (e.kind == "widen" && std::fabs(e.level - 0.9) < 1e-9) {
      t += "  " + e.path + " / " + e.label + ": x" + FormatScientific(e.factor, 3) + " (" +
           std::to_string(e.rows) + " rows)\n";
    }
  }
  const BatchGroupStats& o = summary.other;
  t += "as printed (calibration on): other rows " + std::to_string(o.within_2x) + " of " +
       std::to_string(o.estimated) + " estimated within 2x (" + Percent(o.within_2x, o.estimated) +
       ")\n";
  std::size_t unflagged = 0, unflagged_within = 0;
  for (const RecordRow& r : record) {
    if (r.fine_tune || r.flagged || r.ratio.empty()) continue;
    ++unflagged;
    unflagged_within += r.reason == "within 2x" ? 1 : 0;
  }
  t += "  of those not flagged: " + std::to_string(unflagged_within) + " of " +
       std::to_string(unflagged) + " (" + Percent(unflagged_within, unflagged) + ")\n";
  const std::vector<std::string> off = UnflaggedOff30x(record);
  t += "rows off by more than 30x without a flag: " + std::to_string(off.size()) +
       (off.empty() ? "" : " (" + JoinNames(off) + ")") + "\n";
  return t;
}

std::string CalibrationReport::ToCsv(std::string_view command) const {
  std::string t =
      "# Calibration of trainflops batch intervals and confidence labels.\n"
      "# Made by: " +
      std::string(command) + "\n" + "# From " + std::to_string(samples_used) + " rows of " +
      source +
      " with a recorded compute, an estimate with an interval, no base model and no guard flag.\n"
      "# widen: the 5%-95% (level 0.9), 25%-75% (0.5) or 10%-90% (0.8) interval's log half-widths\n"
      "#   are multiplied by factor (split-conformal quantile of |ln(record/estimate)| / "
      "half-width;\n"
      "#   docs/uncertainty.md, Calibration). path = estimate_method, label = "
      "estimate_confidence,\n"
      "#   all = pooled; a row takes (path, label), else (path, all), else (all, all).\n"
      "# error: level of the rows with this confidence (no base model, not flagged) were within\n"
      "#   factor x of the record.\n"
      "# Source data: Epoch AI, Notable AI Models (CC BY 4.0), development half.\n"
      "kind,path,label,level,factor,rows\n";
  for (const CalibrationEntry& e : fitted) {
    t += Line({e.kind, e.path, e.label, FormatScientific(e.level, 3), FormatScientific(e.factor, 4),
               std::to_string(e.rows)});
  }
  return t;
}

std::string CalibrationReport::RecordCsv(std::string_view command) const {
  std::string t = "# trainflops' estimate of every row of " + source +
                  "; made by: " + std::string(command) + "\n";
  t += Line({"model", "recorded_flop", "estimate_flop", "estimate_low", "estimate_high", "method",
             "confidence", "ratio_to_recorded", "estimated_with_base", "fine_tune", "outcome"});
  for (const RecordRow& r : record) {
    t += Line({r.name, r.recorded, r.estimate, r.low, r.high, r.method, r.confidence, r.ratio,
               r.with_base, r.fine_tune ? "yes" : "no", r.reason});
  }
  return t;
}

}  // namespace trainflops
