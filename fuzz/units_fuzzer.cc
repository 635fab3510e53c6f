// libFuzzer target for the text parsers of units.h and shape.h: arbitrary
// bytes must give either a value or an error, never a crash, and every
// accepted value must format without trouble.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "trainflops/shape.h"
#include "trainflops/units.h"

namespace {

// Crash (so libFuzzer reports it) if a documented guarantee is broken.
void Check(bool condition) {
  if (!condition) std::abort();
}

void FormatEverything(double value) {
  for (int digits = 0; digits <= 18; digits += 3)
    Check(!trainflops::FormatScientific(value, digits).empty());
  Check(!trainflops::FormatCount(value).empty());
  for (auto unit : {trainflops::ComputeUnit::kFlop, trainflops::ComputeUnit::kMultiplyAdd,
                    trainflops::ComputeUnit::kPetaflopSDay}) {
    Check(!trainflops::FormatCompute(value, unit).empty());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);

  if (const auto number = trainflops::ParseNumber(text); number.ok()) {
    Check(std::isfinite(*number));  // NaN and infinities are refused
    FormatEverything(*number);
  } else {
    Check(!number.status().message().empty());
  }

  if (const auto flop = trainflops::ParseCompute(text); flop.ok()) {
    Check(std::isfinite(*flop));
    FormatEverything(*flop);
  } else {
    Check(!flop.status().message().empty());
  }

  if (const auto shape = trainflops::ParseShape(text); shape.ok()) {
    for (int64_t dim : *shape) Check(dim > 0);
    const std::string printed = trainflops::ShapeToString(*shape);
    const auto again = trainflops::ParseShape(printed);  // what we print must parse back
    Check(again.ok() && *again == *shape);
    if (const auto elements = trainflops::NumElements(*shape); elements.ok()) {
      FormatEverything(*elements);
    }
  }

  if (const auto unit = trainflops::ParseComputeUnit(text); unit.ok()) {
    Check(!trainflops::UnitName(*unit).empty());
  } else {
    Check(!unit.status().message().empty());
  }
  return 0;
}
