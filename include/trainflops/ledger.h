// A compute statement for a filing: one model's whole training lifecycle
// (a run record of phases, each estimated by the one method its evidence
// allows), totalled under each regulatory regime's own counting rules
// (data/regimes.yaml), with the figures a filing asks for. See docs/ledger.md.
//
//   given figure       `flop` (a point or a range)
//   6ND / 2ND          `parameters` (active) x `tokens`, through the language-model
//                      path (transformer.h): 6 per parameter per token for phases that
//                      train, 2 (forward only) for phases that generate or evaluate
//   hardware x time    `hardware`: periods of chips x time (Method 2, method2.h), summed
//   evidence lines     `evidence`: lines of evidence.h, combined
//   architecture file  `architecture`: a Method 1 spec or an ONNX graph (estimate_request.h)
//   Hugging Face       `hf_config` with `tokens`: the language-model path on a config.json
//
// The library never opens a file: a phase naming a model file keeps its path,
// and the request layer (ledger_request.h) reads the file and estimates it
// (LedgerPhase::file_estimate) before the statement is built.
//
// Phases are combined into a regime's total by Monte Carlo: each phase is a
// lognormal read from its median and 90% interval (independent phases), and
// the sum's 5th, 50th and 95th percentiles are the total's interval.
#ifndef TRAINFLOPS_LEDGER_H_
#define TRAINFLOPS_LEDGER_H_

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "trainflops/estimate.h"
#include "trainflops/evidence.h"
#include "trainflops/status.h"
#include "trainflops/thresholds.h"
#include "trainflops/uncertain_estimate.h"
#include "trainflops/uncertainty.h"

namespace trainflops {

enum class PhaseKind {
  kPreTraining,
  kMidTraining,
  kSft,
  kRlPolicy,
  kRlRollouts,
  kSyntheticData,
  kDistillationTeacher,
  kRewardModel,
  kEvaluation,
  kExploratory,
  kMergeOrInit,
};
std::string_view PhaseKindName(PhaseKind kind);  // "pre_training", ...
// Every kind's name, in the order of PhaseKind.
const std::vector<std::string>& PhaseKindNames();
// Phases that only run forward passes (generation, rollouts, teacher
// inference, evaluation): 2 FLOP per parameter per token.
bool IsForwardOnly(PhaseKind kind);

// How far a planned phase has got: tokens (a `parameters` x `tokens` phase)
// or hours (a `hardware` phase: chip-hours when its periods give chip_hours,
// else wall-clock hours), exactly one.
struct LedgerProgress {
  std::optional<double> tokens;
  std::optional<double> hours;
};

// A phase's model file as estimated by the request layer: the estimator's
// method, its estimate and the 90% interval (all the point when nothing is
// uncertain), with the inputs' shares of its width.
struct LedgerFileEstimate {
  std::string method;
  Estimate estimate;
  double median = 0, low = 0, high = 0;
  std::vector<WidthShare> width_shares;
};

struct LedgerPhase {
  std::string name;
  PhaseKind kind = PhaseKind::kPreTraining;
  EvidenceSource source;
  // Exactly one method.
  std::optional<Uncertain> flop;                // a given figure
  std::optional<Uncertain> parameters, tokens;  // active parameters x tokens
  std::vector<EvidenceLine> hardware;           // cluster lines, one per period, summed
  std::vector<EvidenceLine> evidence;           // lines of evidence, combined
  // A model file, its path as written (relative to the record's directory):
  // `architecture` (a Method 1 spec or an ONNX graph) or `hf_config` (a
  // Hugging Face config.json, with `tokens`). `file_options` are the phase's
  // keys for the file's estimator as written (epochs, examples, batches,
  // batch_size, tokens_per_sequence, bp_ratio; tokens, convention, seq_len).
  std::string architecture, hf_config;
  std::vector<std::pair<std::string, std::string>> file_options;
  std::optional<LedgerFileEstimate> file_estimate;  // set by the request layer
  // Synthetic data: public or not, and the samples generated and kept. The
  // phase's compute is the generation of every sample (the discarded too).
  std::optional<bool> public_data;
  std::optional<double> generated, kept;
  // A planned phase (forecast) and its progress so far.
  bool planned = false;
  std::optional<LedgerProgress> progress;
  bool allow_overrun = false;
  // A planned phase's schedule, "YYYY-MM-DD" each: the crossing of a
  // threshold is dated by linear interpolation between them.
  std::string start, end;
};

// The model the record modifies: its compute given (a point or a range), or
// unknown, in which case the one-third test uses the regime's fallback.
struct LedgerOriginal {
  std::string model;
  std::optional<Uncertain> flop;
  bool systemic_risk = false;  // unknown compute: the original is a systemic-risk model
};

// A record's own reading of a regime's rule: count (or leave out) a kind.
struct LedgerReading {
  std::string regime;
  PhaseKind kind = PhaseKind::kRlRollouts;
  bool count = true;
  std::string reason;
};

// The stated inference task of the documentation form: 2 x active
// parameters x tokens.
struct LedgerInferenceTask {
  std::string name;
  Uncertain parameters, tokens;
};

struct LedgerRecord {
  std::string model;
  std::string provider;
  std::optional<int> year;  // training year: power defaults (PUE), typical chip
  std::optional<LedgerOriginal> original;
  std::vector<LedgerPhase> phases;
  // The record's own regimes (key 'add_regimes', each as a regime of
  // data/regimes.yaml), stated beside the bundled ones.
  std::vector<struct Regime> added_regimes;
  std::vector<std::string> regimes;  // ids; empty = every regime
  std::vector<LedgerReading> readings;
  std::optional<LedgerInferenceTask> inference_task;
  UncertaintyOptions uncertainty;  // default ranges on unless the record says no
};

// Parses a run record (YAML, or JSON which is YAML). `file` names the input in
// errors, which name the phase and field ("phase 'sft': key 'kind': ...").
Result<LedgerRecord> ParseLedgerRecord(std::string_view text, std::string_view file);

// ---- Regimes (data/regimes.yaml) -------------------------------------------

struct RegimeRule {
  PhaseKind kind = PhaseKind::kPreTraining;
  bool count = false;
  std::string rule;   // instrument, article or paragraph, and what it says
  bool open = false;  // an open reading of the text (stated as such)
};

// An error margin a regime accepts (the EU guidelines' "accurate within an
// overall error margin of 30%"): met when the total's 90% interval lies within
// `fraction` of the total on both sides.
struct RegimeMargin {
  double fraction = 0;  // 0.30
  std::string source;   // "guidelines C(2025) 7719 ¶123"
};

struct Regime {
  std::string id;    // "eu_cumulative"
  std::string name;  // "EU AI Act Art. 51(2): cumulative compute (systemic risk)"
  std::string test;  // "threshold" or "one_third"
  double flop = 0;   // threshold (strictly greater than); for one_third unused
  // one_third: the fallback thresholds when the original's compute is unknown.
  double fallback_systemic = 0, fallback_gpai = 0;
  bool includes_original = false;  // the original's compute adds to the total
  std::string status;
  std::string source;
  std::vector<RegimeRule> rules;  // one per kind
  // Replaces the synthetic_data rule for data that is publicly accessible.
  std::optional<RegimeRule> public_synthetic;
  // None: the regime's text sets no error margin (California, New York).
  std::optional<RegimeMargin> error_margin;
};

Result<std::vector<Regime>> ParseRegimes(std::string_view yaml, const std::string& file);
const std::vector<Regime>& BundledRegimes();

// ---- The statement -----------------------------------------------------------

struct LedgerPhaseResult {
  std::string name;
  PhaseKind kind = PhaseKind::kPreTraining;
  EvidenceSource source;
  std::string method;                     // "hardware x time (Method 2)", ...
  Estimate estimate;                      // formula, inputs, assumptions (all periods or lines)
  double point = 0;                       // FLOP, inputs at their given values
  double median = 0, low = 0, high = 0;   // 90% interval
  std::vector<WidthShare> width_shares;   // the phase's own inputs
  std::optional<double> chip_hours;       // hardware phases
  std::optional<double> wall_clock_days;  // periods of chips x duration
  std::optional<double> energy_mwh;       // chip-hours x TDP x server overhead x PUE
  std::string energy_method;
  bool planned = false;
  double done = 1;  // the fraction of the phase done (progress); 1 when not planned
  std::vector<std::string> notes;
};

struct RegimePhase {
  std::string name;
  std::string rule;
  bool open = false;
  std::string override_reason;  // the record's own reading, when it changed the rule
};

struct RegimeStatement {
  Regime regime;
  double total = 0;    // point, FLOP (unrounded)
  double rounded = 0;  // two significant figures
  double median = 0, low = 0, high = 0;
  double threshold = 0;  // the compared threshold (one_third: original / 3 or the fallback)
  std::string threshold_rule;
  std::optional<double> original_flop;  // one_third and includes_original
  std::vector<RegimePhase> counted, left_out;
  double probability_over = 0;
  std::optional<MarginCheck> margin;  // set when the regime has an error margin
  std::string dominant;               // the phase dominating the width, when the margin is not met
  // Forecast: the compute counted so far, whether it is over, and where the
  // plan crosses (phase and fraction of the plan's counted compute).
  std::optional<double> so_far;
  std::optional<std::string> crossing;
};

struct LedgerStatement {
  LedgerRecord record;
  std::vector<LedgerPhaseResult> phases;
  std::vector<RegimeStatement> regimes;
  bool forecast = false;
  // Every phase's assumptions, each once (same name and value), in phase order.
  std::vector<Assumption> assumptions;
  std::string approach;  // the generated plain-language description
  int order_of_magnitude = 0;
  std::optional<double> hardware_days, wall_clock_days, energy_mwh;
  std::string energy_method;
  std::optional<double> inference_flop;
  std::string inference_formula;
};

// Adds to `to` each assumption of `from` that it does not hold (same name
// and value).
void AddAssumptions(std::vector<Assumption>& to, const std::vector<Assumption>& from);

// Every phase, every regime. Errors name the phase and field.
Result<LedgerStatement> BuildLedgerStatement(const LedgerRecord& record);

std::string RenderLedgerMarkdown(const LedgerStatement& statement);
std::string RenderLedgerJson(const LedgerStatement& statement);
// A printable, self-contained page (no script, no external resource): the
// Markdown statement's content as HTML.
std::string RenderLedgerHtml(const LedgerStatement& statement);

}  // namespace trainflops

#endif  // TRAINFLOPS_LEDGER_H_
