// Reading one number cell of a dataset row (internal to src/batch).
#ifndef TRAINFLOPS_SRC_BATCH_CELL_READING_H_
#define TRAINFLOPS_SRC_BATCH_CELL_READING_H_

#include <optional>
#include <string>
#include <string_view>

#include "trainflops/uncertainty.h"

namespace trainflops::batch {

// A positive quantity read from a cell: a point, or an interval when the cell
// lists different values or writes a range.
struct Quantity {
  std::optional<double> value;        // the point used: the interval's median
  std::optional<Distribution> range;  // set for an interval
  std::string note;                   // how a list or range was read
  std::string problem;                // set when the cell cannot be read
};

// "1.2e9" is a point. With `lists_and_ranges`:
//   "14180000,14180000" (equal items, ',' or ';') collapses to one value;
//   "1e9,2e9" (different items) and "1e9-2e9", "1e9 to 2e9", "1e9..2e9",
//   "1e9–2e9" become the interval [min, max]: uniform when max/min <= 10,
//   log-uniform beyond (the plain-range rule of uncertainty.h), its median
//   the point.
// Empty text gives an empty Quantity.
Quantity ReadQuantity(std::string_view text, bool lists_and_ranges);

}  // namespace trainflops::batch

#endif  // TRAINFLOPS_SRC_BATCH_CELL_READING_H_
