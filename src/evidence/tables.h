// The bundled tables of the cost and power lines (data/evidence/*.csv,
// compiled into the library): inflation, exchange rates, cloud and purchase
// prices per chip, the typical chip of a year and the power defaults. Every
// value comes back with the public source of its row. Years outside a table
// are an error naming the range the table covers; nothing is extrapolated.
#ifndef TRAINFLOPS_SRC_EVIDENCE_TABLES_H_
#define TRAINFLOPS_SRC_EVIDENCE_TABLES_H_

#include <string>
#include <string_view>
#include <vector>

#include "trainflops/hardware.h"
#include "trainflops/status.h"

namespace trainflops::evidence {

// Money is converted to US dollars of this year: the year of Epoch AI's
// "Training compute cost (2023 USD)" column, so lines and record agree.
inline constexpr int kMoneyBaseYear = 2023;

// Cottier et al. 2024 ("The rising costs of training frontier AI models",
// section 2 and appendix), as in Epoch AI's training-cost-trends code:
// hardware loses value at the rate of ML GPU price-performance improvement,
// 0.14 orders of magnitude a year, so a chip-hour of ownership costs
// value x 0.14 ln(10) / 8766 h (an equivalent straight-line life of 3.1 years);
// chips sold alone get the other server components (x 1.64) and every
// cluster the interconnect (19% of its cost).
inline constexpr double kDepreciationOomPerYear = 0.14;
inline constexpr double kServerCostOverhead = 1.64;
inline constexpr double kInterconnectCostFraction = 0.19;
inline constexpr double kCommittedDiscount = 0.56;  // Epoch's mean 3-year discount
inline constexpr const char* kCottierSource =
    "Cottier et al. 2024, \"The rising costs of training frontier AI models\", section 2; "
    "Epoch AI, training-cost-trends (constants.py, hardware.py): "
    "https://github.com/epoch-research/training-cost-trends";

struct Sourced {
  double value = 0;
  std::string source;
  std::string explanation;  // with numbers, e.g. "CPI-U 2023 / 2019 = 304.702 / 255.657"
};

// The factor taking an amount of `currency` in `year` to USD of
// kMoneyBaseYear: exchange rate of that year, then CPI-U. Unknown currency:
// did-you-mean and the accepted list; a year outside a table: its range.
Result<Sourced> ToBaseUsd(std::string_view currency, int year);
const std::vector<std::string>& AcceptedCurrencies();

// Cloud price per chip-hour (USD of the row's year) for the table row of
// `chip` at the latest year <= `year`; committed = 3-year rate.
struct CloudPrice {
  double on_demand = 0, committed = 0;
  int year = 0;
  std::string offer, source, note;  // note: how committed was obtained when derived
};
Result<CloudPrice> FindCloudPrice(const Chip& chip, int year);

// The purchase price per chip (USD of the row's year) at the latest row year
// <= `year`, with its server share: x kServerCostOverhead when the row is a
// chip sold alone.
struct PurchasePrice {
  double price = 0;  // per chip, with its share of the server
  int year = 0;
  bool server_added = false;
  std::string source;
};
Result<PurchasePrice> FindPurchasePrice(const Chip& chip, int year);

// The chip a line assumes when the hardware is unknown.
Result<Sourced> TypicalChipName(int year);  // value unused; explanation = the chip's name

// A default written as a range, read as uniform from low to high; a line
// without uncertainty uses its middle (the uniform's median).
struct Range {
  double low = 0, high = 0;
  std::string source;
  double Mid() const { return (low + high) / 2; }
};
// Server power / sum of chip TDPs; the average server power as a share of its
// TDP during training (energy cost). TPUs and GPUs differ.
Result<Range> ServerOverhead(const Chip& chip);
Result<Range> ServerPowerFraction(const Chip& chip);
Result<Range> Pue(int year);
// The chip's power for the power line and the energy cost: its TDP from the
// hardware table as a point, else the measured power the table of defaults
// gives for chips the hardware table has no TDP for (TPU v3: Jouppi et al.
// 2021's TDP; TPU v4: Google's measured power); NotFound else.
Result<Range> ChipPower(const Chip& chip);
Result<Range> ElectricityPrice(int year);  // USD per kWh of that year

// A chip named in a line: the hardware table's row, or NotFound with its
// did-you-mean (HardwareDb::FindClosest).
Result<const Chip*> ResolveChip(std::string_view name, const HardwareDb& db);

}  // namespace trainflops::evidence

#endif  // TRAINFLOPS_SRC_EVIDENCE_TABLES_H_
