// `units`: an amount of compute in FLOP, multiply-adds and petaflop/s-days.
#ifndef TRAINFLOPS_UNITS_REQUEST_H_
#define TRAINFLOPS_UNITS_REQUEST_H_

#include <optional>
#include <string>

#include "trainflops/request.h"
#include "trainflops/units.h"

namespace trainflops {

struct UnitsRequest {
  std::string amount;             // "3.1e23", "2.5 GMAC", "22 pfs-days"
  std::optional<std::string> to;  // flop | mac | pfs-day (the text: default all three)
};

class UnitsResult final : public Report {
 public:
  UnitsResult(std::string input, double flop, std::optional<ComputeUnit> to)
      : input_(std::move(input)), flop_(flop), to_(to) {}
  double flop() const { return flop_; }
  std::string Json() const override;
  std::string Text() const override;

 private:
  std::string input_;
  double flop_;
  std::optional<ComputeUnit> to_;
};

Result<UnitsResult> Run(const UnitsRequest& request);

}  // namespace trainflops

#endif  // TRAINFLOPS_UNITS_REQUEST_H_
