// Internal to the estimators: shared between architecture.cc and method1.cc.
#ifndef TRAINFLOPS_SRC_ESTIMATORS_INTERNAL_H_
#define TRAINFLOPS_SRC_ESTIMATORS_INTERNAL_H_

#include "trainflops/method1.h"

namespace trainflops {

// Assigns backward factors and sums the layers into per-part totals, for
// layers from a spec walk or from an importer.
Result<Method1Result> FinishArchitecture(Method1Result result, const ModelSpec& spec,
                                         const Method1Options& options);
// The same on layers given as figures (EstimateFromFigures); `factors`, when
// set, receives each layer's backward factor.
Status FinishFigures(Method1Result& result, const std::vector<LayerFigures>& layers,
                     const LayerLabeler& label, const ModelSpec& spec,
                     const Method1Options& options, std::vector<double>* factors);

}  // namespace trainflops

#endif  // TRAINFLOPS_SRC_ESTIMATORS_INTERNAL_H_
