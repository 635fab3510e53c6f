// The cost line against hand arithmetic: Epoch AI's Mistral Large estimate,
// and each table path (cloud price, CPI-U, exchange rate, amortised purchase)
// with the table rows quoted in the comments; and its input errors.
#include <gtest/gtest.h>

#include <cmath>

#include "evidence_test_util.h"

namespace trainflops::evidence {
namespace {

using testing::ErrorOf;
using testing::FlopOf;
using testing::Point;

Utilization Util(double v) { return Utilization{v, std::to_string(v), "given"}; }

Result<EvidenceLineResult> Cost(const CostEvidence& cost, std::optional<int> year) {
  return testing::RunAlone(cost, year, EstimateCost);
}

double Flop(const CostEvidence& cost, std::optional<int> year) { return FlopOf(Cost(cost, year)); }

CostEvidence Rented(const char* chip, double amount, const char* currency, int money_year) {
  CostEvidence c;
  c.amount = Point(amount);
  c.currency = currency;
  c.money_year = money_year;
  c.basis = CostBasis::kCloud;
  c.hardware.chip = chip;
  c.hardware.precision = Precision::kBf16;
  c.hardware.utilization = Util(0.4);
  return c;
}

// Epoch AI's Mistral Large (2024) estimate, "spent <20 million euro" on H100s
// rented at 1.9 EUR per hour: 20e6 / 1.9 x 989e12 FLOP/s x 0.30 x 3600 s/h
// = 1.124e25 FLOP (Epoch AI, Notable AI Models, training compute notes: 1.12e25, Likely).
TEST(EvidenceCost, MistralLargeFromEuros) {
  CostEvidence c = Rented("H100", 20e6, "EUR", 2024);
  c.price_per_chip_hour = Point(1.9);
  c.hardware.utilization = Util(0.30);
  const double expected = 20e6 / 1.9 * 989e12 * 0.30 * 3600;
  EXPECT_NEAR(Flop(c, 2024), expected, 0.10 * expected);
  Result<EvidenceLineResult> r = Cost(c, 2024);
  ASSERT_TRUE(r.ok());
  EXPECT_NEAR(r.value().uncertainty.summary.median, expected, 0.10 * expected);
  EXPECT_EQ(r.value().kind, EvidenceKind::kCost);
  // The same with the utilization left to Method 2's default for a language
  // model, 0.30 (Sevilla et al. 2022).
  c.hardware.utilization.reset();
  const double by_default = FlopOf(testing::RunAlone(c, 2024, EstimateCost, true));
  EXPECT_NEAR(by_default, expected, 0.10 * expected);
}

// Cloud table, A100 in 2022: Google Cloud a2 at 2.93 USD of 2022
// (data/evidence/cloud_prices.csv); 2.93e6 USD of 2023 buys
// 2.93e6 / (2.93 x CPI 2023 / CPI 2022) = 1e6 x 292.655 / 304.702 = 960,463.6
// chip-hours; x 3600 s x 312e12 FLOP/s (A100 bf16) x 0.4 = 4.3152e23 FLOP.
TEST(EvidenceCost, CloudTablePrice) {
  const double hours = 1e6 * 292.655 / 304.702;
  const double expected = hours * 3600 * 312e12 * 0.4;
  EXPECT_NEAR(Flop(Rented("A100", 2.93e6, "USD", 2023), 2022), expected, 1e-6 * expected);
}

// CPI-U: V100 at 3.06 USD of 2019 (Azure, cloud table); 3.06e6 USD of 2021
// buys 1e6 x CPI 2019 / CPI 2021 = 1e6 x 255.657 / 270.970 = 943,488.2 chip-hours;
// x 3600 x 125e12 (V100 tensor FP16) x 0.4 = 1.6983e23 FLOP.
TEST(EvidenceCost, CpiConversion) {
  const double hours = 1e6 * 255.657 / 270.970;
  const double expected = hours * 3600 * 125e12 * 0.4;
  EXPECT_NEAR(Flop(Rented("V100", 3.06e6, "USD", 2021), 2019), expected, 1e-6 * expected);
}

// Exchange rate: 140.49e6 JPY of 2023 at the Federal Reserve's 2023 average
// of 140.49 JPY per USD = 1e6 USD; A100 on-demand 3.67 USD of 2023 (Azure):
// 1e6 / 3.67 = 272,479.6 chip-hours; x 3600 x 312e12 x 0.4 = 1.2242e23 FLOP.
TEST(EvidenceCost, ExchangeRate) {
  const double expected = 1e6 / 3.67 * 3600 * 312e12 * 0.4;
  EXPECT_NEAR(Flop(Rented("A100", 140.49e6, "JPY", 2023), 2023), expected, 1e-6 * expected);
}

// Amortised purchase (Cottier et al. 2024), H100 in 2023: a DGX H100 at
// 270,000 USD / 8 = 33,750 USD per GPU (server included), no depreciation in
// its own year; per chip-hour 33,750 x 0.14 ln 10 / 8766 h / (1 - 0.19)
// = 1.53225 USD; energy 0.7 kW x 1.665 (server, mid of 1.25..2.08) x 0.75
// (average / peak, mid of 0.5..1.0) x 1.175 (PUE 2023, mid of 1.10..1.25)
// x 0.0806 USD/kWh = 0.082783 USD; total 1.61503 USD. 1e6 USD buys 619,184
// chip-hours; x 3600 x 989.5e12 (H100 bf16) x 0.4 = 8.822e23 FLOP.
TEST(EvidenceCost, AmortisedPurchase) {
  CostEvidence c = Rented("H100", 1e6, "USD", 2023);
  c.basis = CostBasis::kPurchase;
  const double hardware = 33750 * 0.14 * std::log(10.0) / (365.25 * 24) / 0.81;
  const double energy = 0.7 * 1.665 * 0.75 * 1.175 * 0.0806;
  const double expected = 1e6 / (hardware + energy) * 3600 * 989.5e12 * 0.4;
  EXPECT_NEAR(Flop(c, 2023), expected, 1e-6 * expected);
}

// The cloud table's 3-year rate: A100 in 2022 at 1.03 USD (Google Cloud
// a2); 1.03e6 USD of 2022 buys 1e6 chip-hours (both of 2022, so CPI-U
// cancels); x 3600 x 312e12 x 0.4 = 4.4928e23 FLOP.
TEST(EvidenceCost, CommittedRate) {
  CostEvidence c = Rented("A100", 1.03e6, "USD", 2022);
  c.rate = PriceRate::kCommitted;
  const double expected = 1e6 * 3600 * 312e12 * 0.4;
  EXPECT_NEAR(Flop(c, 2022), expected, 1e-6 * expected);
}

// A cluster bought outright that trained for 10 days: 100 H100 at 33,750 USD
// of 2023 each (DGX H100 / 8) over (1 - 0.19) interconnect cost
// 4,166,666.67 USD; 100 x 864,000 s x 989.5e12 x 0.4 = 3.4186e22 FLOP.
TEST(EvidenceCost, ClusterPurchaseWithTrainingTime) {
  CostEvidence c = Rented("H100", 100 * 33750 / 0.81, "USD", 2023);
  c.basis = CostBasis::kPurchase;
  c.training_time = Duration{864000, 10, "days"};
  const double expected = 100 * 864000 * 989.5e12 * 0.4;
  EXPECT_NEAR(Flop(c, 2023), expected, 1e-6 * expected);
}

// A total whose split is unknown lies between owning and renting.
TEST(EvidenceCost, TotalBetweenOwningAndRenting) {
  CostEvidence c = Rented("H100", 1e6, "USD", 2023);
  c.basis = CostBasis::kPurchase;
  const double owning = Flop(c, 2023);
  c.basis = CostBasis::kCloud;
  const double renting = Flop(c, 2023);
  c.basis = CostBasis::kTotal;
  const double total = Flop(c, 2023);
  EXPECT_LT(total, owning);
  EXPECT_GT(total, renting);
}

std::string Error(const CostEvidence& c, std::optional<int> year) { return ErrorOf(Cost(c, year)); }

TEST(EvidenceCost, UnknownCurrencySuggests) {
  const std::string e = Error(Rented("A100", 1e6, "EUX", 2023), 2023);
  EXPECT_NE(e.find("unknown currency 'EUX'"), std::string::npos) << e;
  EXPECT_NE(e.find("did you mean"), std::string::npos) << e;
  EXPECT_NE(e.find("accepted: USD, EUR"), std::string::npos) << e;
}

TEST(EvidenceCost, MoneyYearOutsideTables) {
  const std::string e = Error(Rented("A100", 1e6, "USD", 2031), 2023);
  EXPECT_NE(e.find("2031"), std::string::npos) << e;
  EXPECT_NE(e.find("2010-2025"), std::string::npos) << e;
  const std::string fx = Error(Rented("A100", 1e6, "EUR", 2012), 2023);
  EXPECT_NE(fx.find("2015-2024"), std::string::npos) << fx;
}

TEST(EvidenceCost, NonPositiveAmounts) {
  EXPECT_NE(Error(Rented("A100", 0, "USD", 2023), 2023).find("greater than 0"), std::string::npos);
  EXPECT_NE(Error(Rented("A100", -5, "USD", 2023), 2023).find("`amount`"), std::string::npos);
  CostEvidence c = Rented("A100", 1e6, "USD", 2023);
  c.price_per_chip_hour = Point(0);
  EXPECT_NE(Error(c, 2023).find("price_per_chip_hour"), std::string::npos);
}

TEST(EvidenceCost, UnknownChipSuggests) {
  const std::string e = Error(Rented("H1000", 1e6, "USD", 2023), 2023);
  EXPECT_NE(e.find("H100"), std::string::npos) << e;
}

TEST(EvidenceCost, YearWithoutPriceRow) {
  // The cloud table's V100 rows start in 2018.
  const std::string e = Error(Rented("V100", 1e6, "USD", 2017), 2017);
  EXPECT_NE(e.find("2018-2024"), std::string::npos) << e;
}

}  // namespace
}  // namespace trainflops::evidence
