// What an estimate is compared with in the record (ratio_to_recorded): like
// with like, or no ratio with the reason.
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "trainflops/batch.h"

namespace trainflops {
namespace {

using Json = nlohmann::json;

std::map<std::string, Json> RunRows(const std::vector<Json>& rows) {
  std::string lines;
  for (const Json& r : rows) lines += r.dump() + "\n";
  std::map<std::string, Json> out;
  Result<BatchSummary> s = RunBatchJsonLines(lines, BatchOptions(), [&](const std::string& l) {
    Json j = Json::parse(l);
    out[j.value("Model", "")] = j;
  });
  EXPECT_TRUE(s.ok()) << s.status().message();
  return out;
}

bool Has(const Json& row, const std::string& part) {
  return row["estimate_note"].get<std::string>().find(part) != std::string::npos;
}

// StyleGAN's hardware cells (8 V100 for 168 h, published 2018) with a
// recorded compute.
Json StyleGanRow(const std::string& name, double recorded) {
  return Json{{"Model", name},
              {"Domain", "Image generation"},
              {"Publication date", "2018-12-12"},
              {"Training hardware", "NVIDIA V100"},
              {"Hardware quantity", 8},
              {"Training time (hours)", 168},
              {"Training compute (FLOP)", recorded}};
}

// StyleGAN's row in Epoch AI's Notable AI Models (development half): 8
// V100 for 168 h, published 2018 (FP32: the 16-bit default starts in 2021),
// recorded 3.93e16 FLOP ("6 * 26.2M * 25M", 6ND over images). The V100 SXM2's
// FP32 peak is 15.7 TFLOP/s (NVIDIA V100 datasheet): 8 x 168 x 3600 s x
// 15.7e12 = 7.596288e19 FLOP at utilization 1, so the record implies
// 3.93e16 / 7.596288e19 = 0.0517% of it: under 1%, not compared. A record
// implying 2% (1.5192576e18) is compared: the estimate at the default 0.4
// over it is 0.4 / 0.02 = 20.
TEST(RecordComparison, ARecordUnderOnePercentOfTheRowsHardwareIsNotCompared) {
  auto rows = RunRows({StyleGanRow("Low", 3.93e16), StyleGanRow("Plausible", 0.02 * 7.596288e19)});
  const Json& low = rows["Low"];
  EXPECT_NEAR(low["estimated_training_flop"].get<double>(), 0.4 * 7.596288e19, 1e7) << low.dump();
  EXPECT_TRUE(low["ratio_to_recorded"].is_null()) << low.dump();
  EXPECT_TRUE(Has(low,
                  "no ratio: the recorded compute 3.93e16 implies a utilization of 0.0517% "
                  "of the row's chips x hours at peak (7.596e19 FLOP), under 1%"))
      << low["estimate_note"];
  EXPECT_NEAR(rows["Plausible"]["ratio_to_recorded"].get<double>(), 20, 1e-9);
}

// UnifiedQA's row: a fine-tune of T5-11B whose own compute is given
// (Finetune compute 3.8e19) and recorded 1.65e19, far under the base's
// estimate alone, so the record counts the fine-tune only: the ratio is
// 3.8e19 / 1.65e19 = 2.30303, not (base + 3.8e19) / 1.65e19. Here the base
// is 6 x 1e10 x 1e12 = 6e22. A record of 8e22 (over half the base, 3e22)
// counts the base too: (6e22 + 3.8e19) / 8e22 = 0.750475. A fine-tune
// whose own compute is unknown has no ratio against a fine-tune-only record.
TEST(RecordComparison, AFineTuneOnlyRecordIsComparedWithTheFineTunesOwnCompute) {
  const Json base = {
      {"Model", "Base"}, {"Parameters", 1e10}, {"Training dataset size (total)", 1e12}};
  const auto tune = [](const std::string& name, double recorded, bool own) {
    Json j = {{"Model", name}, {"Base model", "Base"}, {"Training compute (FLOP)", recorded}};
    if (own) j["Finetune compute (FLOP)"] = 3.8e19;
    return j;
  };
  auto rows = RunRows({base, tune("Own", 1.65e19, true), tune("Cumulative", 8e22, true),
                       tune("Unknown", 1.65e19, false)});
  EXPECT_NEAR(rows["Own"]["ratio_to_recorded"].get<double>(), 2.30303, 1e-5) << rows["Own"].dump();
  EXPECT_TRUE(Has(rows["Own"],
                  "the record counts the fine-tune only, so the ratio compares the "
                  "fine-tune's own 3.8e19"))
      << rows["Own"]["estimate_note"];
  EXPECT_NEAR(rows["Cumulative"]["ratio_to_recorded"].get<double>(), 0.750475, 1e-6);
  EXPECT_TRUE(rows["Unknown"]["ratio_to_recorded"].is_null()) << rows["Unknown"].dump();
  EXPECT_TRUE(Has(rows["Unknown"], "whose own compute is not estimated here"))
      << rows["Unknown"]["estimate_note"];
}

// The 1% floor is read against a peak the chips reach at least. 8 A100 for
// 100 h in 2022: stated BF16, the dense tensor peak 312 TFLOP/s (NVIDIA A100
// datasheet) gives 8 x 100 x 3600 x 3.12e14 = 8.9856e20 FLOP, and a record of
// 0.5% of it, 4.4928e18, is not compared. With no format the rule guesses
// the same 16-bit peak, but an FP32 run (19.5 TFLOP/s, 16x lower) would be
// at 8% of its peak: the row is compared. Its estimate at the 16-bit
// default utilization 0.3 (Sevilla et al. 2022, NVIDIA tensor-core peaks) is
// 2.69568e20, 60x the record.
TEST(RecordComparison, OnlyAPeakTheChipsReachAtLeastJudgesTheRecord) {
  const auto row = [](const std::string& name, const std::string& format) {
    Json j = {{"Model", name},
              {"Domain", "Vision"},
              {"Publication date", "2022-06-01"},
              {"Training hardware", "NVIDIA A100"},
              {"Hardware quantity", 8},
              {"Training time (hours)", 100},
              {"Training compute (FLOP)", 4.4928e18}};
    if (!format.empty()) j["Numerical format"] = format;
    return j;
  };
  auto rows = RunRows({row("Stated", "BF16"), row("Guessed", "")});
  EXPECT_TRUE(rows["Stated"]["ratio_to_recorded"].is_null()) << rows["Stated"].dump();
  EXPECT_TRUE(Has(rows["Stated"], "implies a utilization of 0.5% of the row's chips x hours"))
      << rows["Stated"]["estimate_note"];
  EXPECT_NEAR(rows["Guessed"]["ratio_to_recorded"].get<double>(), 60, 1e-9)
      << rows["Guessed"].dump();
}

// A fine-tune's record under 1% of its own hardware is not compared either,
// whether or not it counts the base (counting it would only make it larger):
// 8 V100 (FP32, 15.7 TFLOP/s) for 168 h in 2018, 7.596288e19 FLOP at peak,
// against a record of 3.93e16, with and without its base in the file.
TEST(RecordComparison, AFineTunesRecordIsJudgedAgainstItsOwnHardware) {
  const auto tune = [](const std::string& name, const std::string& base) {
    Json j = StyleGanRow(name, 3.93e16);
    j["Base model"] = base;
    return j;
  };
  const Json base = {
      {"Model", "Base"}, {"Parameters", 1e10}, {"Training dataset size (total)", 1e12}};
  auto rows = RunRows({base, tune("WithBase", "Base"), tune("Alone", "Missing")});
  for (const char* name : {"WithBase", "Alone"}) {
    EXPECT_TRUE(rows[name]["ratio_to_recorded"].is_null()) << rows[name].dump();
    EXPECT_TRUE(Has(rows[name], "implies a utilization of 0.0517%")) << rows[name]["estimate_note"];
  }
}

}  // namespace
}  // namespace trainflops
