// `layer`: one layer of the catalogue (Sevilla et al. 2022, Table 1) as a
// calculator, or the whole catalogue listed.
#ifndef TRAINFLOPS_LAYER_REQUEST_H_
#define TRAINFLOPS_LAYER_REQUEST_H_

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "trainflops/catalogue.h"
#include "trainflops/request.h"

namespace trainflops {

struct LayerRequest {
  bool list = false;                                      // the catalogue instead of one layer
  std::string type;                                       // "conv2d"
  std::vector<std::pair<std::string, std::string>> dims;  // key, value: h=400, filters=16
  std::optional<std::string> bp_ratio;  // for the one-example training figure (default 2)
};

class LayerCalculation final : public Report {
 public:
  // The catalogue listing.
  LayerCalculation() = default;
  LayerCalculation(const LayerKind* kind, LayerArgs args, Shape input, LayerCost cost,
                   double bp_ratio)
      : kind_(kind),
        args_(std::move(args)),
        input_(std::move(input)),
        cost_(cost),
        bp_ratio_(bp_ratio) {}
  const LayerCost* cost() const { return kind_ ? &cost_ : nullptr; }
  // The listing is text in both forms, as the command line prints it.
  std::string Json() const override;
  std::string Text() const override;
  // One example through the layer, forward x (1 + r): its formula and
  // source (Sevilla et al. 2022, Table 1). None for the listing.
  std::optional<Citation> Cite() const override;

 private:
  const LayerKind* kind_ = nullptr;
  LayerArgs args_;
  Shape input_;
  LayerCost cost_;
  double bp_ratio_ = 0;
};

Result<LayerCalculation> Run(const LayerRequest& request);

}  // namespace trainflops

#endif  // TRAINFLOPS_LAYER_REQUEST_H_
