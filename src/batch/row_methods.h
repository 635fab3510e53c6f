// The two estimation methods on one row's cells (internal to src/batch).
#ifndef TRAINFLOPS_SRC_BATCH_ROW_METHODS_H_
#define TRAINFLOPS_SRC_BATCH_ROW_METHODS_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace trainflops::batch {

// Same order as BatchColumnKeys().
enum Key : std::size_t {
  kName,
  kParameters,
  kDataset,
  kEpochs,
  kHardware,
  kQuantity,
  kHours,
  kUtilization,
  kFormat,
  kDate,
  kOrganization,
  kDomain,
  kRecorded,
  kBase,
  kKeyCount
};

struct RowCells {
  std::array<std::string, kKeyCount> values;  // "" when empty or absent
  std::array<std::string, kKeyCount> names;   // column names, for notes
  std::array<bool, kKeyCount> present{};      // the column exists in the file
};

// One method's outcome: an estimate with its 5%-95% interval, or why not.
struct Attempt {
  std::optional<double> flop, low, high;
  std::string note;
  bool attempted = false;  // some of the method's cells were filled in
};

// 6 x parameters x dataset size x epochs (epochs 1 when empty).
Attempt Try6nd(const RowCells& row);
// EstimateMethod2 on the row's hardware, quantity, hours, utilization, format.
Attempt TryHardware(const RowCells& row, std::size_t samples, std::uint64_t seed);

struct Recorded {
  std::optional<double> flop;
  std::string note;  // set when the cell is not a number
};
Recorded ReadRecorded(const RowCells& row);

}  // namespace trainflops::batch

#endif  // TRAINFLOPS_SRC_BATCH_ROW_METHODS_H_
