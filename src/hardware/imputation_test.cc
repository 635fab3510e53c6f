// Imputing the peak of unknown hardware from the training year.
#include "imputation.h"

#include <gtest/gtest.h>

#include <cmath>

#include "../core/test_util.h"

namespace trainflops {
namespace {

// A hand-made table: release years and rates chosen for easy hand arithmetic.
HardwareDb HandTable() {
  return testing::ValueOrFail(
      ParseHardwareCsv(
          "name,release_date,fp64,fp32,tf32,fp16,fp16_tensor,bf16,fp8,int8\n"
          "A,2021-05,,1e13,,,1e14,,,\n"      // 16-bit: tensor 1e14
          "B,2022-01,,4e13,,8e13,,4e14,,\n"  // 16-bit: max(plain 8e13, bf16 4e14) = 4e14
          "C,2023-12,,9e13,,,,,,\n"          // no 16-bit rate
          "D,2020-06,,1e15,,,,,,\n"          // outside 2024's window (2021-2023)
          "E,2024-01,,1e15,,,,,,\n",         // outside too: the window ends the year before
          "hand.csv"),
      "hand.csv");
}

TEST(Imputation, SeedTableValues) {
  // Sevilla et al. 2022, "imputing GPU performance": 2015 FP32 4.96E+12, 2020 FP16 4.20E+14, 2012
  // FP64 1.98E+11.
  const HardwareDb empty;
  EXPECT_EQ(ImputePeak(2015, Precision::kFp32, empty)->flop_per_s, 4.96e12);
  EXPECT_EQ(ImputePeak(2020, Precision::kFp16, empty)->flop_per_s, 4.20e14);
  EXPECT_EQ(ImputePeak(2012, Precision::kFp64, empty)->flop_per_s, 1.98e11);
  EXPECT_EQ(ImputePeak(2021, Precision::kBf16, empty)->flop_per_s, 3.66e14);  // FP16 column
  EXPECT_EQ(SeedYearAverages().size(), 10u);
}

TEST(Imputation, SeedTableGaps) {
  const HardwareDb empty;
  Result<ImputedPeak> na =
      ImputePeak(2016, Precision::kFp16, empty);  // "na" in Sevilla et al. 2022's table
  ASSERT_FALSE(na.ok());
  EXPECT_EQ(
      na.status().message(),
      "cannot impute a fp16 peak for 2016: the Sevilla et al. 2022 table gives 'na' for that year "
      "(available for 2016: fp64, fp32)");
  Result<ImputedPeak> tf32 = ImputePeak(2020, Precision::kTf32, empty);
  ASSERT_FALSE(tf32.ok());
  EXPECT_NE(tf32.status().message().find("only FP64, FP32 and FP16 columns"), std::string::npos);
  Result<ImputedPeak> early = ImputePeak(2011, Precision::kFp32, empty);
  ASSERT_FALSE(early.ok());
  EXPECT_NE(early.status().message().find("starts in 2012"), std::string::npos);
}

TEST(Imputation, ExtensionIsTheGeometricMeanOfThePriorThreeYears) {
  const HardwareDb db = HandTable();
  // 2024: rows released 2021-2023 = A, B, C. FP32: (1e13 x 4e13 x 9e13)^(1/3)
  // = 36^(1/3) x 1e13 = 3.3019272e13.
  Result<ImputedPeak> fp32 = ImputePeak(2024, Precision::kFp32, db);
  ASSERT_TRUE(fp32.ok()) << fp32.status().message();
  EXPECT_NEAR(fp32->flop_per_s / 3.3019272488946267e13, 1.0, 1e-12);
  EXPECT_EQ(fp32->chips, (std::vector<std::string>{"A", "B", "C"}));
  EXPECT_NE(fp32->method.find("rows released in 2021-2023"), std::string::npos);
  // FP16: A's 1e14 and B's 4e14 (C has none): sqrt(4e28) = 2e14.
  Result<ImputedPeak> fp16 = ImputePeak(2024, Precision::kFp16, db);
  ASSERT_TRUE(fp16.ok());
  EXPECT_NEAR(fp16->flop_per_s / 2e14, 1.0, 1e-12);
  // 2022: rows of 2019-2021 = D, A: sqrt(1e15 x 1e13) = 1e14.
  EXPECT_NEAR(ImputePeak(2022, Precision::kFp32, db)->flop_per_s / 1e14, 1.0, 1e-12);
  // Nothing in the window.
  Result<ImputedPeak> none = ImputePeak(2030, Precision::kFp32, db);
  ASSERT_FALSE(none.ok());
  EXPECT_NE(none.status().message().find("no row of hand.csv released in 2027-2029"),
            std::string::npos)
      << none.status().message();
}

TEST(Imputation, ExtensionOnTheBundledTableIsInRange) {
  // Whatever the rows, a geometric mean lies between the window's extremes.
  const HardwareDb& db = DefaultHardwareDb();
  Result<ImputedPeak> p = ImputePeak(2025, Precision::kFp16, db);
  ASSERT_TRUE(p.ok()) << p.status().message();
  double lo = 1e300, hi = 0;
  for (const Chip& c : db.Rows()) {
    if (c.release_year < 2022 || c.release_year > 2024) continue;
    for (RateColumn col : {RateColumn::kFp16, RateColumn::kFp16Tensor, RateColumn::kBf16}) {
      if (auto r = c.Rate(col)) {
        lo = std::min(lo, *r);
        hi = std::max(hi, *r);
      }
    }
  }
  EXPECT_GT(p->flop_per_s, lo);
  EXPECT_LT(p->flop_per_s, hi);
}

}  // namespace
}  // namespace trainflops
