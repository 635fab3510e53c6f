// `ledger`: the run record, the Monte Carlo options given beside it, and the
// model files its phases name, read beside the record and estimated as
// `estimate` estimates them (estimate_request.h).
#include "trainflops/ledger_request.h"

#include <filesystem>

#include "fields.h"
#include "trainflops/estimate_request.h"
#include "trainflops/request_fields.h"

namespace trainflops {
namespace {

// The phase's estimator keys as an `estimate` request: Method 1's training
// amounts for an architecture file (a forward-only phase, such as teacher
// inference, takes backward ratio 0 unless it gives one), tokens as one
// stage for a config (forward-only phases: the stage's ":forward").
EstimateRequest EstimateRequestFor(const LedgerPhase& p, const UncertaintyOptions& u,
                                   InputFile file) {
  EstimateRequest q;
  q.model = std::move(file);
  TrainingRequest t;
  LlmRequest l;
  for (const auto& [key, text] : p.file_options) {
    std::optional<std::string>* field = key == "epochs"                ? &t.epochs
                                        : key == "examples"            ? &t.examples
                                        : key == "batches"             ? &t.batches
                                        : key == "batch_size"          ? &t.batch_size
                                        : key == "tokens_per_sequence" ? &t.tokens_per_sequence
                                        : key == "bp_ratio"            ? &t.bp_ratio
                                        : key == "convention"          ? &l.convention
                                        : key == "seq_len"             ? &l.seq_len
                                                                       : nullptr;
    if (field) *field = text;
    if (key == "tokens") {
      l.stages.push_back(std::string(PhaseKindName(p.kind)) + ":" + text +
                         (IsForwardOnly(p.kind) ? ":forward" : ""));
    }
  }
  const bool architecture = !p.architecture.empty();
  if (architecture && IsForwardOnly(p.kind) && !t.bp_ratio) t.bp_ratio = "0";
  // The file's kind's keys; keys of the other kind are kept for Run() to
  // refuse by name (a config's on an architecture file, or the reverse).
  const bool config_keys = l.convention || l.seq_len || !l.stages.empty();
  if (architecture ? config_keys : t == TrainingRequest{}) {
    HfConfigOptionsOf(q)->llm = std::move(l);
  } else {
    SpecOptionsOf(q)->training = std::move(t);
  }
  q.uncertainty.uncertainty = u.default_ranges;
  q.uncertainty.samples = std::to_string(u.monte_carlo.samples);
  q.uncertainty.seed = std::to_string(u.monte_carlo.seed);
  return q;
}

// The method as the statement names it, and the estimator's 90% interval.
LedgerFileEstimate FileEstimateOf(const EstimateResult& result, const std::string& path) {
  LedgerFileEstimate f;
  f.estimate = result.estimate();
  const std::optional<UncertaintyReport>* u = nullptr;
  if (const auto* s = std::get_if<EstimateResult::Spec>(&result.body())) {
    f.method = "Method 1 on the architecture file " + path +
               " (forward FLOP x (1 + backward "
               "ratio) x training amount)";
    u = &s->result.uncertainty;
  } else if (const auto* o = std::get_if<EstimateResult::Onnx>(&result.body())) {
    f.method = "Method 1 on the ONNX graph " + path;
    u = &o->estimate.result.uncertainty;
  } else {
    const LlmEstimate& l = std::get<LlmResult>(result.body()).estimate();
    f.method = "language-model path on the Hugging Face config " + path + " (" +
               ConventionName(l.per_token.convention) + " convention)";
    u = &l.uncertainty;
  }
  const double point = f.estimate.training_flop;
  f.median = *u ? (*u)->summary.median : point;
  f.low = *u ? (*u)->summary.low : point;
  f.high = *u ? (*u)->summary.high : point;
  if (*u) f.width_shares = (*u)->width_shares;
  return f;
}

// Reads the phase's model file beside the record and estimates it. Errors
// name the phase, the key and the path tried.
Status EstimateModelFile(const std::string& directory, const UncertaintyOptions& u,
                         LedgerPhase& p) {
  const bool architecture = !p.architecture.empty();
  const std::string key = architecture ? "architecture" : "hf_config";
  const std::string where = "phase '" + p.name + "': key '" + key + "'";
  const std::string path =
      (std::filesystem::path(directory) / (architecture ? p.architecture : p.hf_config))
          .lexically_normal()
          .string();
  Result<InputFile> file = OpenInputFile(path, InputKindFor(FileRole::kModel, path));
  if (!file.ok()) return file.status().WithContext(where);
  const ModelFileKind kind = DetectModelFileKind(*file);
  if (architecture && kind == ModelFileKind::kHfConfig) {
    return Status::InvalidArgument(where + ": '" + path +
                                   "' is a Hugging Face config.json; give it as 'hf_config' "
                                   "with 'tokens' (accepted here: a Method 1 spec or an ONNX "
                                   "graph)");
  }
  if (!architecture && kind != ModelFileKind::kHfConfig) {
    return Status::InvalidArgument(where + ": '" + path +
                                   "' is not a Hugging Face config.json (a JSON object with "
                                   "\"model_type\" or \"architectures\"); a Method 1 spec or "
                                   "an ONNX graph goes under 'architecture'");
  }
  Result<EstimateResult> result = Run(EstimateRequestFor(p, u, std::move(file).value()));
  // The estimator names its fields as options ("`epochs`"); the record's keys.
  if (!result.ok()) return InFileKeys(result.status()).WithContext(where);
  p.file_estimate = FileEstimateOf(*result, path);
  return Status::Ok();
}

}  // namespace

std::optional<Citation> LedgerReport::Cite() const {
  const LedgerStatement& s = statement_;
  if (s.regimes.empty()) return std::nullopt;
  const RegimeStatement* regime = &s.regimes.front();
  for (const RegimeStatement& r : s.regimes) {
    if (r.regime.id == "eu_cumulative") regime = &r;
  }
  Estimate e;
  e.method = "ledger_" + regime->regime.id;
  e.training_flop = regime->total;
  e.assumptions = s.assumptions;
  UncertaintySummary interval;
  interval.median = regime->median;
  interval.low = regime->low;
  interval.high = regime->high;
  Citation c = CiteEstimate(e, {.subject = s.record.model, .interval = &interval});
  c.text = AsFileKeys(c.text) + " Counted under " + regime->regime.name + " (" +
           regime->regime.source + ").";
  return c;
}

Result<LedgerReport> Run(const LedgerFileRequest& request) {
  if (request.file.empty()) {
    return Status::InvalidArgument(
        "no run record was given (accepted: a YAML or JSON file; docs/ledger.md)");
  }
  TF_ASSIGN_OR_RETURN(const UncertaintyOptions given,
                      requests::UncertaintyOptionsFrom(request.uncertainty));
  TF_ASSIGN_OR_RETURN(const std::string text, request.file.Text());
  TF_ASSIGN_OR_RETURN(LedgerRecord record, ParseLedgerRecord(text, request.file.name()));
  MonteCarloOptions& mc = record.uncertainty.monte_carlo;
  if (request.uncertainty.samples) mc.samples = given.monte_carlo.samples;
  if (request.uncertainty.seed) mc.seed = given.monte_carlo.seed;
  if (mc.samples > request.max_samples) {
    return Status::InvalidArgument("'samples' " + std::to_string(mc.samples) +
                                   " is over the limit of " + std::to_string(request.max_samples) +
                                   " Monte Carlo samples here (give fewer)");
  }
  for (LedgerPhase& p : record.phases) {
    if (request.directory && (!p.architecture.empty() || !p.hf_config.empty())) {
      const Status read = EstimateModelFile(*request.directory, record.uncertainty, p);
      if (!read.ok()) return read.WithContext(request.file.name());
    }
  }
  TF_ASSIGN_OR_RETURN(LedgerStatement statement, BuildLedgerStatement(record));
  return LedgerReport(std::move(statement));
}

}  // namespace trainflops
