// The measurement of the cost and power lines against Epoch AI's own figures
// (data/epoch_notable_models_dev_cost_power.csv): for every row with a
// training compute and a "Training compute cost (2023 USD)", the cost line
// from that cost alone (with the publication year, and the chip when the row
// names one the hardware table knows); for every row with a compute, a
// "Training power draw (W)" and a training time, the power line from those.
// A row passes when the line's median is within 2x of Epoch's compute. Next
// to each line, two baselines fitted by least squares on the same rows
// (in-sample, so flattering to them): log10(compute) against the year alone
// (the naive year trend), and against the year and log10 of the line's input
// (the cost in USD, or power x training time in Wh).
//
// Disabled by default (it prints a report rather than asserting); run with
//   build/default/bin/trainflops_unit_tests --gtest_also_run_disabled_tests
//     --gtest_filter='*MeasureEvidence*'
// The file's cost column is Epoch's amortised hardware + energy convention
// (Cottier et al. 2024), so the cost line reads it as CostBasis::kPurchase,
// which follows that convention (cost.cc).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <vector>

#include "evidence_test_util.h"
#include "trainflops/csv.h"

namespace trainflops::evidence {
namespace {

// One scored row: the year, log10 of Epoch's compute and of the line's
// input (cost, or power x time), whether it is a fine-tune, whether the line
// was within 2x.
struct Row {
  double year = 0, log_flop = 0, log_input = 0;
  bool finetune = false, within = false;
};

// log10(compute) fitted by least squares on `columns` of each row (with an
// intercept): the naive baselines, fitted in-sample on the very rows scored.
std::vector<double> Fit(const std::vector<Row>& rows, bool with_input) {
  const size_t k = with_input ? 3 : 2;
  auto x = [&](const Row& r) {
    std::vector<double> v = {1, r.year - 2020};
    if (with_input) v.push_back(r.log_input);
    return v;
  };
  std::vector<std::vector<double>> a(k, std::vector<double>(k + 1, 0));  // [X'X | X'y]
  for (const Row& r : rows) {
    const std::vector<double> v = x(r);
    for (size_t i = 0; i < k; ++i) {
      for (size_t j = 0; j < k; ++j) a[i][j] += v[i] * v[j];
      a[i][k] += v[i] * r.log_flop;
    }
  }
  for (size_t c = 0; c < k; ++c) {  // Gauss-Jordan; X'X is positive definite here
    for (size_t i = 0; i < k; ++i) {
      if (i == c) continue;
      const double f = a[i][c] / a[c][c];
      for (size_t j = c; j <= k; ++j) a[i][j] -= f * a[c][j];
    }
  }
  std::vector<double> beta(k);
  for (size_t i = 0; i < k; ++i) beta[i] = a[i][k] / a[i][i];
  return beta;
}

// Rows within 2x of Epoch's compute: the line's, and each baseline's.
void PrintShare(const char* what, const std::vector<Row>& rows) {
  if (rows.size() < 4) return;
  const std::vector<double> trend = Fit(rows, false), both = Fit(rows, true);
  int line = 0, by_year = 0, by_input = 0;
  for (const Row& r : rows) {
    const double t = trend[0] + trend[1] * (r.year - 2020);
    const double b = both[0] + both[1] * (r.year - 2020) + both[2] * r.log_input;
    line += r.within ? 1 : 0;
    by_year += std::fabs(t - r.log_flop) <= std::log10(2.0) ? 1 : 0;
    by_input += std::fabs(b - r.log_flop) <= std::log10(2.0) ? 1 : 0;
  }
  const double n = static_cast<double>(rows.size());
  std::printf(
      "  %s: %zu rows; the line %d (%.1f%%); naive trend log10(C) ~ year %d (%.1f%%); "
      "log10(C) ~ year + log10(input) %d (%.1f%%)\n",
      what, rows.size(), line, 100 * line / n, by_year, 100 * by_year / n, by_input,
      100 * by_input / n);
}

// Every row, and the rows without a base model: a fine-tune's cost and power
// are its own, while Epoch's compute includes the base model's (and Epoch's
// cost code leaves fine-tunes out: training-cost-trends,
// estimate_hardware_capex_energy_cost). The rows without a base model are the
// acceptance figure, as the batch command separates fine-tunes (docs/batch.md).
struct Tally {
  std::vector<Row> rows;
  int errors = 0;
  void Print(const char* what) const {
    std::vector<Row> own;
    for (const Row& r : rows) {
      if (!r.finetune) own.push_back(r);
    }
    std::printf("%s (%d rows where the line failed, counted as misses)\n", what, errors);
    PrintShare("rows without a base model (acceptance)", own);
    PrintShare("all rows, fine-tunes included", rows);
  }
};

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

using testing::Point;

// The row's chip when the hardware table knows it, else "" (the typical chip).
std::string KnownChip(const std::string& name) {
  if (name.empty() || name.find(',') != std::string::npos) return "";
  return DefaultHardwareDb().Find(name).ok() ? name : "";
}

void Score(const char* kind, const Result<EvidenceLineResult>& r, Row row, const std::string& model,
           const std::string& chip, Tally& t) {
  if (!r.ok()) {
    ++t.errors;
    t.rows.push_back(row);
    std::printf("  %s error  %-40s %s\n", kind, model.c_str(), r.status().message().c_str());
    return;
  }
  const double ratio = r.value().uncertainty.summary.median / std::pow(10.0, row.log_flop);
  row.within = ratio >= 0.5 && ratio <= 2;
  t.rows.push_back(row);
  if (row.within) {
    if (std::getenv("MEASURE_ALL"))
      std::printf("  %s %6.2fx %s (within)\n", kind, ratio, model.c_str());
    return;
  }
  std::printf("  %s %6.2fx %-40s chip '%s'%s\n", kind, ratio, model.c_str(), chip.c_str(),
              row.finetune ? " (fine-tune)" : "");
  if (std::getenv("MEASURE_VERBOSE")) {
    for (const auto& f : r.value().estimate.formula) std::printf("     %s\n", f.c_str());
  }
}

TEST(EvidenceMeasurement, DISABLED_MeasureEvidence) {
  const std::string path =
      std::string(TRAINFLOPS_SOURCE_DIR) + "/data/epoch_notable_models_dev_cost_power.csv";
  Result<CsvTable> csv = ParseCsv(ReadFile(path), "epoch_notable_models_dev_cost_power.csv");
  ASSERT_TRUE(csv.ok()) << csv.status().message();
  const CsvTable& t = csv.value();
  auto col = [&](const char* name) { return t.Column(name).value(); };
  const size_t model = col("Model"), date = col("Publication date"),
               hardware = col("Training hardware"), hours = col("Training time (hours)"),
               flop = col("Training compute (FLOP)"),
               cost = col("Training compute cost (2023 USD)"),
               power = col("Training power draw (W)"), base = col("Base model");
  Tally cost_tally, power_tally;
  for (const auto& row : t.rows) {
    if (row[flop].empty()) continue;
    const double epoch = std::stod(row[flop]);
    EvidenceRequest request;
    request.year = std::stoi(row[date].substr(0, 4));
    const double year = *request.year;
    request.uncertainty.monte_carlo.samples = 4000;
    const std::string chip = KnownChip(row[hardware]);
    EvidenceLine line;
    line.name = row[model];
    if (!row[cost].empty()) {
      CostEvidence c;
      c.amount = Point(std::stod(row[cost]));
      c.money_year = 2023;
      c.basis = CostBasis::kPurchase;
      c.hardware.chip = chip;
      line.evidence = c;
      const Row r{year, std::log10(epoch), std::log10(std::stod(row[cost])), !row[base].empty()};
      Score("cost ", EstimateCost(line, c, request, DefaultHardwareDb()), r, row[model], chip,
            cost_tally);
    }
    if (!row[power].empty() && !row[hours].empty()) {
      PowerEvidence p;
      p.power_w = Point(std::stod(row[power]));
      p.duration_s = Point(std::stod(row[hours]) * 3600);
      p.hardware.chip = chip;
      line.evidence = p;
      const double energy = std::stod(row[power]) * std::stod(row[hours]);
      const Row r{year, std::log10(epoch), std::log10(energy), !row[base].empty()};
      Score("power", EstimatePower(line, p, request, DefaultHardwareDb()), r, row[model], chip,
            power_tally);
    }
  }
  cost_tally.Print("cost line (kPurchase: Epoch's amortised hardware + energy, 2023 USD)");
  power_tally.Print("power line (facility power x training time)");
}

}  // namespace
}  // namespace trainflops::evidence
