// The measurement of the cost and power lines against Epoch AI's own figures
// (data/epoch_notable_models_dev_cost_power.csv): for every row with a
// training compute and a "Training compute cost (2023 USD)", the cost line
// from that cost alone (with the publication year, and the chip when the row
// names one the hardware table knows); for every row with a compute, a
// "Training power draw (W)" and a training time, the power line from those.
// A row passes when the line's median is within 2x of Epoch's compute.
//
// Disabled by default (it prints a report rather than asserting); run with
//   build/default/bin/trainflops_unit_tests --gtest_also_run_disabled_tests
//     --gtest_filter='*MeasureEvidence*'
// The file's cost column is Epoch's amortised hardware + energy convention
// (Cottier et al. 2024), so the cost line reads it as CostBasis::kPurchase.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "evidence_test_util.h"
#include "trainflops/csv.h"

namespace trainflops::evidence {
namespace {

// Rows of fine-tuned models (a "Base model") are counted apart as well:
// Epoch's compute there includes the base model's, the cost and power only
// the fine-tuning's.
struct Tally {
  int rows = 0, within = 0, errors = 0, finetunes = 0, finetunes_within = 0;
  void Print(const char* what) const {
    std::printf("%s: %d of %d rows within 2x (%.1f%%); %d rows where the line failed\n", what,
                within, rows, rows ? 100.0 * within / rows : 0.0, errors);
    const int base_rows = rows - finetunes, base_within = within - finetunes_within;
    std::printf("  without the %d fine-tuned models: %d of %d (%.1f%%)\n", finetunes, base_within,
                base_rows, base_rows ? 100.0 * base_within / base_rows : 0.0);
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

void Score(const char* kind, const Result<EvidenceLineResult>& r, double epoch,
           const std::string& model, const std::string& chip, bool finetune, Tally& t) {
  ++t.rows;
  t.finetunes += finetune ? 1 : 0;
  if (!r.ok()) {
    ++t.errors;
    std::printf("  %s error  %-40s %s\n", kind, model.c_str(), r.status().message().c_str());
    return;
  }
  const double ratio = r.value().uncertainty.summary.median / epoch;
  if (ratio >= 0.5 && ratio <= 2) {
    ++t.within;
    t.finetunes_within += finetune ? 1 : 0;
    if (std::getenv("MEASURE_ALL"))
      std::printf("  %s %6.2fx %s (within)\n", kind, ratio, model.c_str());
  } else {
    std::printf("  %s %6.2fx %-40s chip '%s'\n", kind, ratio, model.c_str(), chip.c_str());
    if (std::getenv("MEASURE_VERBOSE")) {
      std::printf("     point %g median %g\n", r.value().estimate.training_flop,
                  r.value().uncertainty.summary.median);
      for (const auto& f : r.value().estimate.formula) std::printf("     %s\n", f.c_str());
    }
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
      Score("cost ", EstimateCost(line, c, request, DefaultHardwareDb()), epoch, row[model], chip,
            !row[base].empty(), cost_tally);
    }
    if (!row[power].empty() && !row[hours].empty()) {
      PowerEvidence p;
      p.power_w = Point(std::stod(row[power]));
      p.duration_s = Point(std::stod(row[hours]) * 3600);
      p.hardware.chip = chip;
      line.evidence = p;
      Score("power", EstimatePower(line, p, request, DefaultHardwareDb()), epoch, row[model], chip,
            !row[base].empty(), power_tally);
    }
  }
  cost_tally.Print("cost line (kPurchase, 2023 USD)");
  power_tally.Print("power line (facility power x training time)");
}

}  // namespace
}  // namespace trainflops::evidence
