// Estimates for models whose details are undisclosed: several lines of
// indirect evidence about one model (money spent, power drawn, a cluster and
// a vague duration, a ratio to another model, a stage's share of another
// stage, or a figure from an existing path such as 6ND), each turned into an
// interval with its formula, inputs and assumptions, then combined into one
// figure.
//
//   cost       money -> chip-hours (price table) -> FLOP, as Method 2 does
//   power      power -> chips (TDP x server overhead x PUE) -> x time -> FLOP
//   cluster    chips (or aggregate FLOP/s) x a possibly vague duration -> FLOP
//   reference  a share or multiple of another model's compute
//   stage      a stage as a share range of another stage
//   figure     a compute figure obtained elsewhere (architecture, 6ND)
//
// Combination: each line is read as a lognormal from its median and 90%
// interval; lines are combined in log space weighted by their precision, and
// lines that disagree beyond their intervals are named (docs/evidence.md).
#ifndef TRAINFLOPS_EVIDENCE_H_
#define TRAINFLOPS_EVIDENCE_H_

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "trainflops/estimate.h"
#include "trainflops/hardware.h"
#include "trainflops/method2.h"
#include "trainflops/status.h"
#include "trainflops/thresholds.h"
#include "trainflops/uncertain_estimate.h"
#include "trainflops/uncertainty.h"

namespace trainflops {

// Where a line of evidence comes from: a URL, a quotation, or both. The
// report cites each line by it.
struct EvidenceSource {
  std::string url;
  std::string quote;
};

// The hardware behind a cost, power or cluster line. Empty chip: the
// training year's typical chip (the price table's row for that year).
struct EvidenceHardware {
  std::string chip;
  std::optional<Precision> precision;
  std::optional<Utilization> utilization;
  TensorCores tensor_cores = TensorCores::kAuto;
};

// What an amount of money bought.
enum class CostBasis {
  kCloud,     // cloud rental: amount / price per chip-hour
  kPurchase,  // hardware bought: amortised over the hardware's life
  kTotal,     // a total training cost whose split is unknown
};
enum class PriceRate { kOnDemand, kCommitted };

struct CostEvidence {
  Uncertain amount;               // in `currency` of `money_year`, > 0
  std::string currency = "USD";   // ISO 4217 code: USD, EUR, GBP, CNY, ...
  std::optional<int> money_year;  // the year of the money; default: the training year
  CostBasis basis = CostBasis::kTotal;
  PriceRate rate = PriceRate::kOnDemand;  // for kCloud and kTotal
  // A given price per chip-hour, in `currency` of `money_year`: replaces the table.
  std::optional<Uncertain> price_per_chip_hour;
  // For kPurchase: `amount` is the run's share of owning the hardware
  // (value / life per chip-hour plus energy, Cottier et al. 2024); life_years
  // replaces the default life. With training_time, `amount` is instead the
  // purchase of the whole cluster, which trained for that time.
  std::optional<Duration> training_time;
  std::optional<Uncertain> life_years;
  EvidenceHardware hardware;
};

struct PowerEvidence {
  // Facility (or training) power with a duration, or energy.
  std::optional<Uncertain> power_w;
  std::optional<Uncertain> duration_s;
  std::optional<Uncertain> energy_wh;
  bool facility = true;  // true: includes PUE; false: the chips' servers only
  // Overrides of the defaults (each a range with its source in docs/evidence.md).
  std::optional<Uncertain> server_overhead;  // server power / sum of chip TDPs
  std::optional<Uncertain> pue;
  std::optional<double> tdp_w;  // W per chip; default: the hardware table's TDP
  EvidenceHardware hardware;
};

// Exactly one measure of the run's size: chips with a duration, a total of
// chip-hours, or the cluster's aggregate FLOP/s with a duration. The estimate
// goes through Method 2 (method2.h), so its precision rule and utilization
// defaults apply. The duration may be vague ("several weeks"): see
// docs/evidence.md for the phrases and the ranges they read as.
struct ClusterEvidence {
  std::optional<Uncertain> chips;            // a chip count ...
  std::optional<Uncertain> chip_hours;       // ... or the total chip-time: "5.0M H100-hours"
  std::optional<Uncertain> aggregate_flops;  // ... or the whole cluster's FLOP/s
  std::optional<Uncertain> duration_s;       // wall-clock, with chips or aggregate_flops
  // FLOP/s per chip replacing the hardware table's peak ("390 TFLOP/s per GPU").
  std::optional<Uncertain> flops_per_chip;
  // aggregate_flops or flops_per_chip is an achieved (model) throughput, not a
  // peak: the utilization is 1.
  bool achieved = false;
  EvidenceHardware hardware;
};

// The other model's compute: a model of the bundled record (Epoch AI's
// Notable AI Models, development half), whose recorded confidence label widens
// its figure; or a figure with its own distribution, or a point figure widened
// by `reference_confidence` as the record's labels are. With both a name and
// a figure, the name only labels the figure.
struct ReferenceEvidence {
  Uncertain ratio;        // 0.4 for "40% of", 3 for "3 times"
  std::string reference;  // a model of the bundled record, or empty with flop
  std::optional<Uncertain> reference_flop;
  std::optional<ConfidenceLabel> reference_confidence;  // for a point reference_flop
};

struct StageShareEvidence {
  // The other stage: a figure, or a model of the bundled record.
  std::string reference;
  std::optional<Uncertain> reference_flop;
  // Widens a point reference_flop, as the record's labels do.
  std::optional<ConfidenceLabel> reference_confidence;
  double share_low = 0, share_high = 0;  // the stage / the other stage, low <= high
  // The estimate is of the whole (other stage + this stage) unless false.
  bool include_reference = true;
};

struct FigureEvidence {
  std::string method;  // "6ND", "architecture", "reported"
  std::optional<Uncertain> flop;
  // 6ND: both given and flop left empty.
  std::optional<Uncertain> parameters;
  std::optional<Uncertain> tokens;
  std::optional<ConfidenceLabel> confidence;  // widens a point flop, as the record's labels do
};

enum class EvidenceKind { kCost, kPower, kCluster, kReference, kStageShare, kFigure };
std::string_view EvidenceKindName(EvidenceKind kind);  // "cost", "power", ...

struct EvidenceLine {
  std::string name;  // unique within the request: "cost", "card hours", ...
  EvidenceSource source;
  std::variant<CostEvidence, PowerEvidence, ClusterEvidence, ReferenceEvidence, StageShareEvidence,
               FigureEvidence>
      evidence;
  EvidenceKind kind() const { return static_cast<EvidenceKind>(evidence.index()); }
};

struct EvidenceRequest {
  std::string model;
  std::optional<int> year;  // training (or publication) year: prices, typical chip
  std::optional<bool> llm;  // utilization default as Method 2
  std::vector<EvidenceLine> lines;
  UncertaintyOptions uncertainty;  // samples and seed; default ranges are always on
};

// A quantity implied when two lines meet: implied MFU when 6ND meets
// hardware x time, implied chip-hours and price per chip-hour when cost meets
// hardware.
struct ImpliedQuantity {
  std::string name;                // "implied utilization"
  std::vector<std::string> lines;  // the lines it comes from
  double value = 0;
  std::string unit;     // "", "chip-hours", "USD per chip-hour"
  std::string formula;  // with numbers substituted
};

struct EvidenceLineResult {
  std::string name;
  EvidenceKind kind = EvidenceKind::kFigure;
  EvidenceSource source;
  Estimate estimate;              // formula, inputs, assumptions; training_flop is the point
  UncertaintyReport uncertainty;  // median and 90% interval of this line
  // What a hardware line (cost, power, cluster) knows besides its FLOP, for
  // the implied quantities (point values, as the estimate's own point):
  std::optional<double> capacity_flop;  // chip-seconds x peak FLOP/s: the FLOP at utilization 1
  std::optional<double> chip_hours;     // the chip-hours of the run
  // A cost line (rented or total): the amount in US dollars of the price
  // table's base year (after exchange rate and inflation), for the implied
  // price per chip-hour.
  std::optional<double> cost_usd;
};

struct Disagreement {
  std::string line_a, line_b;
  double ratio = 0;  // median a / median b
  std::string explanation;
};

struct EvidenceResult {
  std::string model;
  std::vector<EvidenceLineResult> lines;
  // The combination: median and 90% interval (5th, 95th percentile).
  double median = 0, low = 0, high = 0;
  ConfidenceLabel label = ConfidenceLabel::kSpeculative;
  // The Particle Data Group's scale factor sqrt(chi^2 / (n - 1)) of the
  // lines about their weighted mean; the interval is widened by it when > 1.
  double scale_factor = 1;
  double rounded = 0;            // the median rounded by the stated convention
  std::string rounding_rule;     // "one significant figure (Speculative)"
  std::string combination_rule;  // how the lines were combined, with numbers
  std::vector<Disagreement> disagreements;
  std::vector<ImpliedQuantity> implied;
  std::vector<std::string> notes;
  // The combined figure against each threshold of data/thresholds.yaml, with
  // P(over) from its 90% interval (thresholds.h), and what to pin down first
  // when that interval misses the EU's 30% error margin: the lines'
  // disagreement when it widened the interval, else the line with the most
  // weight (the one whose narrowing narrows the combination most), else, for
  // one line, the input dominating its width.
  std::vector<ThresholdCheck> thresholds;
  std::string narrowing;
};

// One line on its own. Errors name the line and the field.
Result<EvidenceLineResult> EstimateEvidenceLine(const EvidenceLine& line,
                                                const EvidenceRequest& request,
                                                const HardwareDb& db);

// Every line, their combination, disagreements and implied quantities.
// Errors: no lines, duplicate line names, or the first failing line's error.
Result<EvidenceResult> EstimateEvidence(const EvidenceRequest& request, const HardwareDb& db);

// An evidence file (YAML, or JSON which is YAML), documented in
// docs/evidence.md. `file` names the input in error messages.
Result<EvidenceRequest> ParseEvidenceFile(std::string_view text, std::string_view file);

std::string RenderEvidenceText(const EvidenceResult& result);
std::string RenderEvidenceJson(const EvidenceResult& result);

}  // namespace trainflops

#endif  // TRAINFLOPS_EVIDENCE_H_
