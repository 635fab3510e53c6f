// Peak rates as written on datasheets: "125 TFLOPS", "1.54e12".
#include "core/text.h"
#include "trainflops/hardware.h"
#include "trainflops/units.h"

namespace trainflops {

Result<double> ParseFlopRate(std::string_view text) {
  std::string t(Trim(text));
  const std::string lower = ToLower(t);
  bool had_unit = false;
  for (const char* unit : {"flop/s", "flops", "flop/sec", "flop"}) {
    const std::string u = unit;
    if (lower.size() >= u.size() && lower.compare(lower.size() - u.size(), u.size(), u) == 0) {
      t = std::string(Trim(t.substr(0, t.size() - u.size())));
      had_unit = true;
      break;
    }
  }
  // "tflops": before a unit, a lower-case prefix is unambiguous (no milli-FLOPS).
  if (had_unit && !t.empty() && t.back() != 'k' && t.back() >= 'a' && t.back() <= 'z') {
    t.back() = static_cast<char>(t.back() - 'a' + 'A');
  }
  Result<double> v = ParsePositive(t);
  if (!v.ok()) {
    return Status::InvalidArgument("'" + std::string(Trim(text)) +
                                   "' is not a peak rate in FLOP/s (accepted: 1.54e12, 1.54T, "
                                   "1.54 TFLOPS, 125 TFLOP/s; greater than zero)");
  }
  return *v;
}

}  // namespace trainflops
