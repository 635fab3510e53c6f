// The requests that look something up or convert it: chips, thresholds,
// units and layer.
#include <cstdlib>
#include <nlohmann/json.hpp>

#include "core/estimate_json.h"
#include "core/finite.h"
#include "core/text.h"
#include "fields.h"
#include "report/hardware_report.h"
#include "report/llm_report.h"
#include "trainflops/chips_request.h"
#include "trainflops/citation.h"
#include "trainflops/defaults.h"
#include "trainflops/hardware_request.h"
#include "trainflops/layer_request.h"
#include "trainflops/report.h"
#include "trainflops/thresholds_request.h"
#include "trainflops/units_request.h"

namespace trainflops {

// ---- chips ----------------------------------------------------------------

std::string ChipsResult::Json() const {
  return match_ ? RenderChipJson(*match_, *db_) : RenderChipListJson(rows_, *db_);
}
std::string ChipsResult::Text() const {
  return match_ ? RenderChipText(*match_, *db_) : RenderChipListText(rows_, *db_);
}

Result<ChipsResult> Run(const ChipsRequest& request) {
  TF_ASSIGN_OR_RETURN(HardwareDb loaded, HardwareDbFrom(request.hardware_db));
  auto db = std::make_shared<const HardwareDb>(std::move(loaded));
  if (request.show) {
    if (Trim(*request.show).empty()) {
      return Status::InvalidArgument("`show` needs a chip NAME (e.g. V100)");
    }
    TF_ASSIGN_OR_RETURN(ChipMatch match, db->Find(*request.show));
    return ChipsResult(db, {}, std::move(match));
  }
  std::vector<const Chip*> rows = db->Filter(request.filter);
  if (rows.empty()) {
    std::vector<std::string> names;
    for (const Chip* c : db->FindClosest(request.filter)) names.push_back(c->name);
    return Status::NotFound("no row of the hardware table matches '" + request.filter + "'" +
                            (names.empty() ? "" : "; closest: " + JoinNames(names)) +
                            " (an empty `filter` lists the whole table)");
  }
  return ChipsResult(db, std::move(rows), std::nullopt);
}

// ---- thresholds -----------------------------------------------------------

std::string ThresholdsResult::Json() const { return RenderThresholdsJson(flop_, range_, checks_); }

std::string ThresholdsResult::Text() const {
  std::string out = "compute: " + FormatCompute(flop_);
  if (range_) {
    out += " (range " + FormatScientific(range_->low) + ".." + FormatScientific(range_->high) + ")";
  }
  return out + "\n" + RenderThresholdsText(checks_);
}

Result<ThresholdsResult> Run(const ThresholdsRequest& request) {
  if (Trim(request.flop).empty()) {
    return Status::InvalidArgument(
        "`flop`: expected a compute figure such as 3e25 or \"2e5 pfs-days\"");
  }
  TF_ASSIGN_OR_RETURN(const double flop, ParseCompute(request.flop));
  std::optional<ComputeRange> range;
  if (request.range) {
    TF_ASSIGN_OR_RETURN(range, ParseComputeRange(*request.range));
  }
  TF_ASSIGN_OR_RETURN(std::vector<ThresholdCheck> checks, CheckThresholds(flop, range, {}));
  return ThresholdsResult(flop, range, std::move(checks));
}

// ---- units ----------------------------------------------------------------

std::string UnitsResult::Json() const {
  const nlohmann::json j = {{"input", input_},
                            {"flop", flop_},
                            {"multiply_adds", flop_ / FlopPerUnit(ComputeUnit::kMultiplyAdd)},
                            {"pfs_days", flop_ / FlopPerUnit(ComputeUnit::kPetaflopSDay)}};
  return DumpJson(j);
}

std::string UnitsResult::Text() const {
  if (to_) return FormatCompute(flop_, *to_, 6) + "\n";
  std::string out;
  for (ComputeUnit unit :
       {ComputeUnit::kFlop, ComputeUnit::kMultiplyAdd, ComputeUnit::kPetaflopSDay}) {
    out += FormatCompute(flop_, unit, 6) + "\n";
  }
  return out;
}

Result<UnitsResult> Run(const UnitsRequest& request) {
  if (Trim(request.amount).empty()) {
    return Status::InvalidArgument(
        "`amount`: expected an AMOUNT such as \"3.1e23\", \"2.5 GMAC\" or \"22 pfs-days\"");
  }
  TF_ASSIGN_OR_RETURN(const double flop, ParseCompute(request.amount));
  std::optional<ComputeUnit> to;
  if (request.to) {
    TF_ASSIGN_OR_RETURN(to, ParseComputeUnit(*request.to));
  }
  return UnitsResult(request.amount, flop, to);
}

// ---- layer ----------------------------------------------------------------

std::string LayerCalculation::Json() const {
  if (kind_ == nullptr) return RenderCatalogueText();
  return RenderLayerJson(*kind_, args_, input_, cost_, bp_ratio_);
}

std::string LayerCalculation::Text() const {
  if (kind_ == nullptr) return RenderCatalogueText();
  return RenderLayerText(*kind_, input_, cost_, bp_ratio_);
}

std::optional<Citation> LayerCalculation::Cite() const {
  if (kind_ == nullptr) return std::nullopt;
  Estimate e;
  e.method = "layer_catalogue";
  e.training_flop = cost_.forward_flop * (1 + bp_ratio_);
  for (const auto& [key, value] : args_.values()) {
    char* end = nullptr;
    const double number = std::strtod(value.c_str(), &end);
    if (end != value.c_str() && *end == '\0') e.inputs.push_back({key, number, "", "given"});
  }
  e.assumptions = {{"backward/forward ratio", FormatScientific(bp_ratio_),
                    bp_ratio_ == kDefaultLayerBpRatio ? "Sevilla et al. 2022, Method 1 (2:1)"
                                                      : "given (`bp_ratio`)"},
                   {"FLOP per multiply-add", "2", "Sevilla et al. 2022, Units"}};
  e.formula = {cost_.formula};
  e.notes = {cost_.source};
  return CiteEstimate(e, {.subject = "one example through a " + kind_->name + " layer"});
}

Result<LayerCalculation> Run(const LayerRequest& request) {
  if (request.list) return LayerCalculation();
  if (request.type.empty()) {
    return Status::InvalidArgument("`type`: expected a layer TYPE (`list` lists them)");
  }
  TF_ASSIGN_OR_RETURN(const LayerKind* kind, FindLayerKind(request.type));
  LayerArgs args;
  for (const auto& [key, value] : request.dims) args.Set(key, value);
  double bp_ratio = kDefaultLayerBpRatio;
  if (request.bp_ratio) {
    Result<double> ratio = ParseNumber(*request.bp_ratio);
    if (!ratio.ok() || *ratio < 0 || *ratio > 100) {
      return Status::InvalidArgument(FieldRef("bp_ratio") + ": '" + *request.bp_ratio +
                                     "' is not a number in [0, 100]");
    }
    bp_ratio = *ratio;
  }
  TF_ASSIGN_OR_RETURN(Shape input, InputShapeFromArgs(*kind, args));
  Result<LayerCost> cost = ComputeLayer(*kind, input, args);
  if (!cost.ok()) return cost.status().WithContext(kind->name);
  TF_RETURN_IF_ERROR(
      RequireFiniteNonNegative({{"training compute, forward x (1 + backward/forward ratio)",
                                 cost->forward_flop * (1 + bp_ratio), "FLOP"}},
                               {{"forward", cost->forward_flop, "FLOP", kind->name},
                                {FieldRef("bp_ratio"), bp_ratio, "", ""}}));
  return LayerCalculation(kind, std::move(args), std::move(input), *cost, bp_ratio);
}

}  // namespace trainflops
