// Fitting and measuring the calibration factors (include/trainflops/calibration.h).
#include <algorithm>
#include <cmath>
#include <map>
#include <random>

#include "trainflops/calibration.h"
#include "trainflops/uncertainty.h"

namespace trainflops {
namespace {

constexpr char kAll[] = "all";

using Group = std::pair<std::string, std::string>;  // path, label

// The samples' t by group: each (path, label), each (path, all), (all, all).
std::map<Group, std::vector<double>> GroupErrors(const std::vector<CalibrationSample>& samples) {
  std::map<Group, std::vector<double>> groups;
  for (const CalibrationSample& s : samples) {
    const double t = NormalizedError(s);
    groups[{s.path, s.label}].push_back(t);
    groups[{s.path, kAll}].push_back(t);
    groups[{kAll, kAll}].push_back(t);
  }
  return groups;
}

}  // namespace

const std::vector<double>& CalibrationLevels() {
  static const std::vector<double> levels = {0.5, 0.8, 0.9};
  return levels;
}

double NominalScale(double level) {
  return InverseNormalCdf((1 + level) / 2) / InverseNormalCdf(0.95);
}

double NormalizedError(const CalibrationSample& s) {
  const double z = std::log(s.recorded / s.point);
  const double h = z >= 0 ? std::log(s.high / s.point) : std::log(s.point / s.low);
  if (z == 0) return 0;
  return h > 0 ? std::fabs(z) / h : INFINITY;
}

Result<double> WideningFactor(std::vector<double> t, double level) {
  if (t.empty()) return Status::InvalidArgument("no rows to fit a widening factor on");
  const size_t n = t.size();
  // Split-conformal rank: ceil(p (n + 1)), capped at n.
  const auto rank =
      std::min(n, static_cast<size_t>(std::ceil(level * static_cast<double>(n + 1) - 1e-9)));
  std::nth_element(t.begin(), t.begin() + static_cast<long>(rank - 1), t.end());
  return t[rank - 1] / NominalScale(level);
}

std::vector<CalibrationEntry> FitCalibration(const std::vector<CalibrationSample>& samples,
                                             const CalibrationOptions& options) {
  std::vector<CalibrationEntry> table;
  for (const auto& [group, t] : GroupErrors(samples)) {
    const bool pooled = group.first == kAll;
    if (!pooled && t.size() < options.min_group_rows) continue;
    for (double level : CalibrationLevels()) {
      Result<double> f = WideningFactor(t, level);
      // An infinite t (a zero-width side) gives no finite factor: left out.
      if (f.ok() && std::isfinite(*f)) {
        table.push_back({"widen", group.first, group.second, level, *f, t.size()});
      }
    }
  }
  return table;
}

const CalibrationEntry* FindWidening(const std::vector<CalibrationEntry>& table,
                                     std::string_view path, std::string_view label, double level) {
  for (const Group& g : {Group{std::string(path), std::string(label)},
                         Group{std::string(path), kAll}, Group{kAll, kAll}}) {
    for (const CalibrationEntry& e : table) {
      if (e.kind == "widen" && e.path == g.first && e.label == g.second &&
          std::fabs(e.level - level) < 1e-9) {
        return &e;
      }
    }
  }
  return nullptr;
}

std::vector<CoverageCell> CrossValidate(const std::vector<CalibrationSample>& samples,
                                        const CalibrationOptions& options) {
  std::vector<size_t> order(samples.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::mt19937_64 rng(options.seed);
  for (size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[rng() % i]);
  const size_t k = std::max<size_t>(2, options.folds);
  std::map<std::pair<Group, double>, CoverageCell> cells;
  for (size_t fold = 0; fold < k; ++fold) {
    std::vector<CalibrationSample> train;
    for (size_t i = 0; i < order.size(); ++i) {
      if (i % k != fold) train.push_back(samples[order[i]]);
    }
    const std::vector<CalibrationEntry> table = FitCalibration(train, options);
    for (size_t i = fold; i < order.size(); i += k) {
      const CalibrationSample& s = samples[order[i]];
      const double t = NormalizedError(s);
      for (double level : CalibrationLevels()) {
        const CalibrationEntry* e = FindWidening(table, s.path, s.label, level);
        const double q = NominalScale(level);
        for (const Group& g : {Group{s.path, s.label}, Group{s.path, kAll}, Group{kAll, s.label},
                               Group{kAll, kAll}}) {
          CoverageCell& c = cells[{g, level}];
          c.path = g.first;
          c.label = g.second;
          c.level = level;
          ++c.rows;
          c.inside_before += t <= q ? 1 : 0;
          // The fitted factor is some row's t / q: q x factor may round below that t.
          c.inside_after += e != nullptr && t <= q * e->factor * (1 + 1e-12) ? 1 : 0;
        }
      }
    }
  }
  std::vector<CoverageCell> out;
  for (auto& [key, cell] : cells) out.push_back(cell);
  return out;
}

std::vector<CalibrationEntry> LabelErrors(const std::vector<CalibrationSample>& estimated,
                                          double level) {
  std::map<std::string, std::vector<double>> by_label;
  for (const CalibrationSample& s : estimated) {
    const double r = s.point / s.recorded;
    by_label[s.label].push_back(std::max(r, 1 / r));
  }
  std::vector<CalibrationEntry> out;
  for (auto& [label, errors] : by_label) {
    std::sort(errors.begin(), errors.end());
    const auto rank = std::max<size_t>(
        1, static_cast<size_t>(std::ceil(level * static_cast<double>(errors.size()) - 1e-9)));
    out.push_back({"error", kAll, label, level, errors[rank - 1], errors.size()});
  }
  return out;
}

}  // namespace trainflops
