// How a text report shows its figures: shared by every renderer (spec
// files, ONNX graphs), so that an importer need not depend on the reports.
#ifndef TRAINFLOPS_REPORT_OPTIONS_H_
#define TRAINFLOPS_REPORT_OPTIONS_H_

#include "trainflops/units.h"

namespace trainflops {

struct ReportOptions {
  ComputeUnit unit = ComputeUnit::kFlop;  // unit of the headline figures (FLOP by default)
  bool show_layers = true;                // the per-layer table
};

}  // namespace trainflops

#endif  // TRAINFLOPS_REPORT_OPTIONS_H_
