// The cost line: money -> US dollars of the base year (exchange rate, then
// CPI-U, or for kPurchase the data-hosting PPI) -> chip-hours through a price
// per chip-hour -> FLOP by Method 2.
//
// The price per chip-hour, by basis (docs/evidence.md):
//   kCloud     the given price, or the cloud table's on-demand or 3-year rate;
//   kPurchase  owning the hardware, Epoch AI's amortised hardware + energy
//              (Cottier et al. 2024; the basis of Epoch's "Training compute
//              cost (2023 USD)"): the chip's value in the training year (its
//              first purchase price, with the server share, depreciated at
//              0.14 orders of magnitude a year, in dollars of the training
//              year) / life, over (1 - 19% interconnect), plus the energy the
//              chip-hour draws; dollars deflated by the PPI of data hosting;
//              with `training_time`, the amount is instead the purchase of
//              the whole cluster, so chips = amount / price per chip;
//   kTotal     a total whose split is unknown: log-uniform between owning
//              and renting (the kPurchase and kCloud prices).
#include <algorithm>
#include <cmath>
#include <string>

#include "lines.h"
#include "method2_line.h"
#include "tables.h"
#include "trainflops/units.h"

namespace trainflops::evidence {
namespace {

constexpr double kHoursPerYear = kDaysPerYear * 24;

std::string Usd(double v) { return FormatScientific(v, 4) + " USD"; }

// The price of a chip-hour in USD of kMoneyBaseYear, with its derivation.
struct Price {
  Distribution value;
  std::string text;  // how it was obtained, numbers substituted
};

Result<Price> CloudRate(const Chip& chip, int year, PriceRate rate, Derivation& d) {
  TF_ASSIGN_OR_RETURN(CloudPrice p, FindCloudPrice(chip, year));
  TF_ASSIGN_OR_RETURN(Sourced cpi, ToBaseUsd("USD", p.year));
  const bool committed = rate == PriceRate::kCommitted;
  const double listed = committed ? p.committed : p.on_demand;
  const double usd = listed * cpi.value;
  const std::string what = committed ? "3-year committed" : "on-demand";
  d.assumptions.push_back({"cloud price per chip-hour",
                           FormatScientific(listed) + " USD of " + std::to_string(p.year) + " (" +
                               what + ", " + p.offer + ")",
                           p.source});
  if (committed && !p.note.empty()) d.notes.push_back(p.note);
  if (p.year != year) {
    d.notes.push_back("the cloud table's latest row for " + chip.name + " at or before " +
                      std::to_string(year) + " is of " + std::to_string(p.year));
  }
  return Price{Distribution::Point(usd), FormatScientific(listed) + " USD/chip-h (" + what + ", " +
                                             std::to_string(p.year) + ") x " + cpi.explanation +
                                             " = " + Usd(usd) + " per chip-hour"};
}

// USD of kMoneyBaseYear per chip-hour of energy: TDP x server overhead x
// server power fraction x PUE x electricity price; 0 when the TDP is unknown.
Result<double> EnergyPerChipHour(const Chip& chip, int year, Deflator deflator, Derivation& d) {
  Result<Range> chip_power = ChipPower(chip);
  if (!chip_power.ok()) {
    d.notes.push_back(chip_power.status().message() + ": the energy cost is left out");
    return 0.0;
  }
  const double kw = (chip_power.value().low + chip_power.value().high) / 2 / 1000;
  TF_ASSIGN_OR_RETURN(Range overhead, ServerOverhead(chip));
  TF_ASSIGN_OR_RETURN(Range fraction, ServerPowerFraction(chip));
  TF_ASSIGN_OR_RETURN(Range pue, Pue(year));
  TF_ASSIGN_OR_RETURN(Range kwh, ElectricityPrice(year));
  TF_ASSIGN_OR_RETURN(Sourced cpi, ToBaseUsd("USD", year, deflator));
  const double usd = kw * overhead.Mid() * fraction.Mid() * pue.Mid() * kwh.Mid() * cpi.value;
  d.assumptions.push_back({"energy per chip-hour",
                           FormatScientific(kw) + " kW x " + FormatScientific(overhead.Mid()) +
                               " (server) x " + FormatScientific(fraction.Mid()) +
                               " (average / peak) x " + FormatScientific(pue.Mid()) + " (PUE) x " +
                               FormatScientific(kwh.Mid()) + " USD/kWh = " + Usd(usd),
                           overhead.source + "; " + pue.source + "; " + kwh.source});
  return usd;
}

// The value of one chip (with its server share) in `year`, USD of the base
// year, as Cottier et al. 2024 (training-cost-trends,
// get_hardware_value_at_training_start): the first price, bought no earlier
// than the chip's release, depreciated from then to `year` and taken as
// dollars of `year` (inflation is adjusted from the training date only), then
// deflated to the base year. Years are whole: the request gives no month.
Result<double> ChipValue(const Chip& chip, int year, Deflator deflator, Derivation& d) {
  TF_ASSIGN_OR_RETURN(PurchasePrice p, FindPurchasePrice(chip, year));
  TF_ASSIGN_OR_RETURN(Sourced index, ToBaseUsd("USD", year, deflator));
  const int bought = std::max(p.year, chip.release_year);
  const int years = std::max(0, year - bought);
  const double rate = kDepreciationOomPerYear * std::log(10.0);
  const double value = p.price * std::exp(-rate * years) * index.value;
  d.assumptions.push_back(
      {"hardware value per chip",
       FormatScientific(p.price) + " USD (first price, " + std::to_string(p.year) +
           (p.server_added ? ", chip price x " + FormatScientific(kServerCostOverhead) + " server)"
                           : ", server price / chips)") +
           " x exp(-" + FormatScientific(rate) + " x " + std::to_string(years) +
           " years of depreciation since " + std::to_string(bought) + ") x " + index.explanation +
           " = " + Usd(value),
       p.source + "; " + index.source + "; " + kCottierSource});
  return value;
}

// Owning: value / life / (1 - interconnect share) + energy, per chip-hour.
Result<Price> OwnershipRate(const CostEvidence& cost, const Chip& chip, int year, Deflator deflator,
                            Derivation& d) {
  TF_ASSIGN_OR_RETURN(double value, ChipValue(chip, year, deflator, d));
  TF_ASSIGN_OR_RETURN(double energy, EnergyPerChipHour(chip, year, deflator, d));
  const double default_life = 1 / (kDepreciationOomPerYear * std::log(10.0));
  Distribution life = Distribution::Point(default_life);
  if (cost.life_years) {
    life = cost.life_years->distribution;
  } else {
    d.assumptions.push_back({"hardware life", FormatScientific(default_life) + " years",
                             std::string("1 / (0.14 ln 10): ") + kCottierSource});
  }
  const double hardware = value / (life.Median() * kHoursPerYear) / (1 - kInterconnectCostFraction);
  d.assumptions.push_back({"cluster interconnect", "19% of the cluster's cost", kCottierSource});
  std::string note;
  TF_ASSIGN_OR_RETURN(Distribution inverse_life, ProductOf({{"life", life, -1}}, &note));
  TF_ASSIGN_OR_RETURN(Distribution hw, inverse_life.Scaled(hardware * life.Median()));
  Distribution total = hw;
  if (energy > 0 && hw.is_point()) total = Distribution::Point(hardware + energy);
  if (energy > 0 && !hw.is_point()) {
    TF_ASSIGN_OR_RETURN(total, hw.Scaled((hardware + energy) / hardware));
    d.notes.push_back("the life's range is applied to the energy share as well (a few percent)");
  }
  return Price{total, Usd(value) + " / (" + FormatScientific(life.Median()) + " y x " +
                          FormatScientific(kHoursPerYear) + " h/y) / (1 - 0.19) + " + Usd(energy) +
                          " energy = " + Usd(hardware + energy) + " per chip-hour"};
}

Result<Price> TablePrice(const CostEvidence& cost, const Chip& chip, int year, Deflator deflator,
                         Derivation& d) {
  if (cost.basis == CostBasis::kCloud) return CloudRate(chip, year, cost.rate, d);
  if (cost.basis == CostBasis::kPurchase) return OwnershipRate(cost, chip, year, deflator, d);
  TF_ASSIGN_OR_RETURN(Price own, OwnershipRate(cost, chip, year, deflator, d));
  TF_ASSIGN_OR_RETURN(Price cloud, CloudRate(chip, year, cost.rate, d));
  const double a = own.value.Median(), b = cloud.value.Median();
  TF_ASSIGN_OR_RETURN(
      Distribution range,
      Distribution::LogUniform(std::min(a, b), std::max(a, b) * (a == b ? 1.01 : 1)));
  d.assumptions.push_back(
      {"total cost, split unknown",
       "price per chip-hour log-uniform between owning (" + Usd(a) + ") and renting (" + Usd(b) +
           ")",
       "convention of this tool (docs/evidence.md): the run may have been paid either way"});
  return Price{range,
               "loguniform(" + Usd(a) + ", " + Usd(b) + ") per chip-hour (owning .. renting)"};
}

// kPurchase with `training_time`: the amount bought the cluster, which
// trained for that time: chips = amount / (value per chip / (1 - 19%)).
Result<EvidenceLineResult> ClusterPurchase(const EvidenceLine& line, const CostEvidence& cost,
                                           const Chip& chip, int year, const Distribution& amount,
                                           Derivation d, const EvidenceRequest& request,
                                           const HardwareDb& db) {
  Result<double> value = ChipValue(chip, year, Deflator::kPpiHosting, d);
  if (!value.ok()) {
    return Status::InvalidArgument("evidence line '" + line.name +
                                   "': " + value.status().message());
  }
  const double per_chip = value.value() / (1 - kInterconnectCostFraction);
  d.assumptions.push_back({"cluster interconnect", "19% of the cluster's cost", kCottierSource});
  TF_ASSIGN_OR_RETURN(Distribution chips, amount.Scaled(1 / per_chip));
  d.formula.push_back("chips = " + Usd(amount.Median()) + " / (" + Usd(value.value()) +
                      " / (1 - 0.19)) = " + FormatScientific(chips.Median()) + " chips");
  Phase phase;
  phase.chip = chip.name;
  phase.count = chips.Median();
  phase.time = *cost.training_time;
  AddRange(phase, "`count`", chips, "amount / price per chip", "");
  return RunMethod2Line(line, std::move(phase), cost.hardware, request, d, db);
}

// The price per chip-hour in USD of the base year: the given one (in the
// amount's currency and year, so converted by the same factor) or the table's.
Result<Price> LinePrice(const EvidenceLine& line, const CostEvidence& cost, const Chip& chip,
                        int year, double factor, Deflator deflator, Derivation& d) {
  if (cost.price_per_chip_hour) {
    const Distribution& given = cost.price_per_chip_hour->distribution;
    TF_ASSIGN_OR_RETURN(Distribution p, given.Scaled(factor));
    d.inputs.push_back({"price per chip-hour", given.Median(), cost.currency + " per chip-hour",
                        "`price_per_chip_hour`"});
    return Price{p, FormatScientific(given.Median()) + " " + cost.currency +
                        " per chip-hour (given) = " + Usd(p.Median())};
  }
  Result<Price> table = TablePrice(cost, chip, year, deflator, d);
  if (!table.ok()) {
    return Status::InvalidArgument("evidence line '" + line.name +
                                   "': " + table.status().message());
  }
  return table;
}

Result<int> MoneyYear(const CostEvidence& cost, const EvidenceRequest& request,
                      const std::string& line) {
  if (cost.money_year) return *cost.money_year;
  if (request.year) return *request.year;
  return Status::InvalidArgument("evidence line '" + line +
                                 "': give `money_year` (the year of the money) or the request's "
                                 "`year`");
}

}  // namespace

Result<EvidenceLineResult> EstimateCost(const EvidenceLine& line, const CostEvidence& cost,
                                        const EvidenceRequest& request, const HardwareDb& db) {
  TF_RETURN_IF_ERROR(CheckPositive(cost.amount, line.name, "amount"));
  if (cost.price_per_chip_hour) {
    TF_RETURN_IF_ERROR(CheckPositive(*cost.price_per_chip_hour, line.name, "price_per_chip_hour"));
  }
  if (cost.life_years) TF_RETURN_IF_ERROR(CheckPositive(*cost.life_years, line.name, "life_years"));
  TF_ASSIGN_OR_RETURN(int money_year, MoneyYear(cost, request, line.name));
  const int year = request.year.value_or(money_year);
  const Deflator deflator =
      cost.basis == CostBasis::kPurchase ? Deflator::kPpiHosting : Deflator::kCpiU;
  Result<Sourced> money = ToBaseUsd(cost.currency, money_year, deflator);
  if (!money.ok()) {
    return Status::InvalidArgument("evidence line '" + line.name +
                                   "': " + money.status().message());
  }
  TF_ASSIGN_OR_RETURN(LineChip chip, ChooseChip(cost.hardware, request, db, line.name));
  Derivation d;
  if (chip.typical) {
    d.assumptions.push_back(
        {"hardware", chip.chip->name + " (typical of " + std::to_string(year) + ")", chip.source});
  }
  const double factor = money.value().value;
  TF_ASSIGN_OR_RETURN(Distribution amount, cost.amount.distribution.Scaled(factor));
  d.inputs.push_back({"amount", cost.amount.distribution.Median(), cost.currency, "`amount`"});
  d.formula.push_back("amount = " + FormatScientific(cost.amount.distribution.Median()) + " " +
                      cost.currency + " of " + std::to_string(money_year) + " x " +
                      money.value().explanation + " = " + Usd(amount.Median()) + " of " +
                      std::to_string(kMoneyBaseYear));
  d.assumptions.push_back({"money conversion", money.value().explanation, money.value().source});
  if (cost.basis == CostBasis::kPurchase) {
    d.assumptions.push_back(
        {"cost basis",
         "amortised hardware + energy, Epoch AI's convention (the basis of its \"Training "
         "compute cost (2023 USD)\"): first price depreciated at 0.14 OOM/year, server and 19% "
         "interconnect shares, energy at TDP, dollars deflated by the data-hosting PPI",
         kCottierSource});
  }
  if (cost.basis == CostBasis::kPurchase && cost.training_time) {
    return ClusterPurchase(line, cost, *chip.chip, year, amount, std::move(d), request, db);
  }
  TF_ASSIGN_OR_RETURN(Price price, LinePrice(line, cost, *chip.chip, year, factor, deflator, d));
  d.formula.push_back("price = " + price.text);
  std::string note;
  Phase phase;
  phase.chip = chip.chip->name;
  TF_ASSIGN_OR_RETURN(Distribution hours,
                      ProductOf({{"amount", amount, 1}, {"price", price.value, -1}}, &note));
  const double h = hours.Median();
  d.formula.push_back("chip-hours = " + Usd(amount.Median()) + " / " + Usd(price.value.Median()) +
                      " per chip-hour = " + FormatScientific(h) + " chip-hours");
  phase.chip_time = Duration{h * kSecondsPerHour, h, "hours"};
  TF_ASSIGN_OR_RETURN(Distribution seconds, hours.Scaled(kSecondsPerHour));
  AddRange(phase, "`chip_hours`", seconds, "amount / price", note);
  TF_ASSIGN_OR_RETURN(EvidenceLineResult r,
                      RunMethod2Line(line, std::move(phase), cost.hardware, request, d, db));
  r.cost_usd = amount.Median();  // for the implied price per chip-hour (combine.cc)
  return r;
}

}  // namespace trainflops::evidence
