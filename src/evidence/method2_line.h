// What the cost and power lines share: products of uncertain factors, and
// the run of Method 2 that turns their chip-hours (or chips x time) into FLOP
// so that its precision rule, utilization defaults and ranges are its own.
#ifndef TRAINFLOPS_SRC_EVIDENCE_METHOD2_LINE_H_
#define TRAINFLOPS_SRC_EVIDENCE_METHOD2_LINE_H_

#include <string>
#include <vector>

#include "trainflops/evidence.h"

namespace trainflops::evidence {

// The derivation a line prepends to Method 2's own formula, inputs and
// assumptions.
struct Derivation {
  std::vector<std::string> formula;
  std::vector<Input> inputs;
  std::vector<Assumption> assumptions;
  std::vector<std::string> notes;
};

// The distribution of prod X_i^{e_i}: exact when uncertainty.h's closed
// forms allow (points, one range among points, lognormals), else a lognormal
// with the median of the factors' medians and the 5%-95% spreads added in
// log-quadrature, which `note` then states.
Result<Distribution> ProductOf(const std::vector<Factor>& factors, std::string* note);

// `value` must be > 0 everywhere: "<line>: `field` must be greater than 0".
Status CheckPositive(const Uncertain& value, const std::string& line, const std::string& field);

// The chip of the line: as given, or the typical chip of the year.
struct LineChip {
  const Chip* chip = nullptr;
  bool typical = false;
  std::string source;  // why this chip when typical
};
Result<LineChip> ChooseChip(const EvidenceHardware& hardware, const EvidenceRequest& request,
                            const HardwareDb& db, const std::string& line);

// Runs Method 2 on one phase (the chip, its precision, tensor cores and
// utilization from `hardware`; count/time or chip_time and their ranges set
// by the caller) with default ranges on, then prepends `derivation`.
Result<EvidenceLineResult> RunMethod2Line(const EvidenceLine& line, Phase phase,
                                          const EvidenceHardware& hardware,
                                          const EvidenceRequest& request,
                                          const Derivation& derivation, const HardwareDb& db);

// An InputRange for `option` when `value` is not a point.
void AddRange(Phase& phase, const std::string& option, const Distribution& value,
              const std::string& text, const std::string& note);

}  // namespace trainflops::evidence

#endif  // TRAINFLOPS_SRC_EVIDENCE_METHOD2_LINE_H_
