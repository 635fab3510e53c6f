// Rendering estimates as text for people and JSON for programs. Returns
// strings; the CLI decides where they go.
#ifndef TRAINFLOPS_REPORT_H_
#define TRAINFLOPS_REPORT_H_

#include <string>

#include "trainflops/catalogue.h"
#include "trainflops/estimate.h"
#include "trainflops/method1.h"
#include "trainflops/report_options.h"
#include "trainflops/units.h"

namespace trainflops {

// The worked-example style of Sevilla et al. 2022: per-layer table (params, forward FLOP,
// share), totals, the formula chain with numbers substituted, assumptions.
std::string RenderMethod1Text(const Method1Result& result, const ModelSpec& spec,
                              const ReportOptions& options = {});

// Exactly one JSON object (see README, "JSON output").
std::string RenderMethod1Json(const Method1Result& result, const ModelSpec& spec);

// One layer from the catalogue (the `layer` command). `bp_ratio` gives the
// training FLOP of one example (forward + backward) alongside.
std::string RenderLayerText(const LayerKind& kind, const Shape& input, const LayerCost& cost,
                            double bp_ratio);
std::string RenderLayerJson(const LayerKind& kind, const LayerArgs& args, const Shape& input,
                            const LayerCost& cost, double bp_ratio);

// The catalogue as a table (`layer --list`).
std::string RenderCatalogueText();

}  // namespace trainflops

#endif  // TRAINFLOPS_REPORT_H_
