// Reads a run record (YAML, or JSON which is YAML) into a LedgerRecord. The
// keys are read with the evidence file's reader, so every error is
// "FILE:LINE:COLUMN: phase 'NAME': key 'KEY': what was wrong (accepted: ...)";
// hardware periods and evidence lines are lines of an evidence file
// (docs/evidence.md), parsed by its own parser.
#include <yaml-cpp/yaml.h>

#include <set>

#include "../evidence/evidence_keys.h"
#include "core/text.h"
#include "internal.h"
#include "trainflops/input_limits.h"
#include "trainflops/ledger.h"
#include "trainflops/trend.h"
#include "trainflops/units.h"

namespace trainflops {
namespace {

using evidence::KeyReader;

constexpr size_t kMaxPhases = 100;

const std::vector<std::string> kPhaseKeys = {"name",
                                             "kind",
                                             "source",
                                             "flop",
                                             "parameters",
                                             "tokens",
                                             "hardware",
                                             "evidence",
                                             "public",
                                             "generated",
                                             "kept",
                                             "planned",
                                             "progress",
                                             "allow_overrun",
                                             "start",
                                             "end",
                                             "architecture",
                                             "hf_config",
                                             "epochs",
                                             "examples",
                                             "batches",
                                             "batch_size",
                                             "tokens_per_sequence",
                                             "bp_ratio",
                                             "convention",
                                             "seq_len"};

// The keys each model file's estimator takes beside it, handed on as written.
const std::vector<std::string> kArchitectureKeys = {
    "epochs", "examples", "batches", "batch_size", "tokens_per_sequence", "bp_ratio"};
const std::vector<std::string> kHfConfigKeys = {"convention", "seq_len"};

Result<PhaseKind> KindOf(const KeyReader& r, const YAML::Node& node) {
  TF_ASSIGN_OR_RETURN(const std::optional<int> kind, r.Choice(node, "kind", PhaseKindNames()));
  if (!kind) {
    return r.Error(node, "key 'kind' is missing (accepted: " + JoinNames(PhaseKindNames()) + ")");
  }
  return static_cast<PhaseKind>(*kind);
}

Result<EvidenceSource> PhaseSource(const KeyReader& r, const YAML::Node& node) {
  EvidenceSource s;
  const YAML::Node n = node["source"];
  if (!n || n.IsNull()) return s;
  if (n.IsScalar()) {
    const std::string text = n.Scalar();
    (text.starts_with("http") ? s.url : s.quote) = text;
    return s;
  }
  TF_RETURN_IF_ERROR(r.CheckKeys(n, {"url", "quote"}, "a source"));
  TF_ASSIGN_OR_RETURN(s.url, r.Text(n, "url"));
  TF_ASSIGN_OR_RETURN(s.quote, r.Text(n, "quote"));
  return s;
}

// `hardware` periods are cluster lines: each takes the phase's source and a
// name ("period 2") unless it has its own.
Result<std::vector<EvidenceLine>> LinesOf(const KeyReader& r, const YAML::Node& phase,
                                          const std::string& key, bool periods) {
  std::vector<EvidenceLine> lines;
  const YAML::Node list = phase[key];
  if (!list || list.IsNull()) return lines;
  if (!list.IsSequence() || list.size() == 0 || list.size() > kMaxPhases) {
    return r.Error(list, "key '" + key + "' must be a list of 1 to " + std::to_string(kMaxPhases) +
                             (periods ? " periods {chip: H100, chip_hours: 2M, ...}"
                                      : " lines of evidence (docs/evidence.md)"));
  }
  for (size_t i = 0; i < list.size(); ++i) {
    YAML::Node item = list[i];
    if (periods && item.IsMap()) {
      if (!item["name"]) item["name"] = "period " + std::to_string(i + 1);
      if (!item["kind"]) item["kind"] = "cluster";
      if (!item["source"])
        item["source"] = phase["source"] ? phase["source"] : YAML::Node("the run record");
    }
    TF_ASSIGN_OR_RETURN(EvidenceLine line,
                        evidence::ParseEvidenceLine(r.Within("key '" + key + "'"), item, i));
    if (periods && line.kind() != EvidenceKind::kCluster) {
      return r.Error(item, "key '" + key + "': a period is chips x time (a cluster line); put " +
                               std::string(EvidenceKindName(line.kind())) +
                               " lines under 'evidence'");
    }
    lines.push_back(std::move(line));
  }
  return lines;
}

Result<std::optional<LedgerProgress>> ProgressOf(const KeyReader& r, const YAML::Node& phase) {
  const YAML::Node n = phase["progress"];
  if (!n || n.IsNull()) return std::optional<LedgerProgress>();
  const KeyReader in = r.Within("key 'progress'");
  if (!n.IsMap()) return in.Error(n, "a map {tokens: 2T} or {hours: 1200}");
  TF_RETURN_IF_ERROR(in.CheckKeys(n, {"tokens", "hours"}, "progress"));
  LedgerProgress p;
  for (const char* key : {"tokens", "hours"}) {
    TF_ASSIGN_OR_RETURN(const std::string text, in.Text(n, key));
    if (text.empty()) continue;
    Result<double> v = ParseNumber(text);
    if (!v.ok() || !(*v >= 0)) {
      return in.Error(n[key], "key '" + std::string(key) + "': '" + Abbreviate(text) +
                                  "' is not accepted (accepted: a number of " + key +
                                  " done so far, 0 or more)");
    }
    (std::string(key) == "tokens" ? p.tokens : p.hours) = *v;
  }
  if (p.tokens.has_value() == p.hours.has_value()) {
    return in.Error(n, "give 'tokens' or 'hours' done so far, exactly one");
  }
  return std::optional<LedgerProgress>(p);
}

Status CheckOneMethod(const KeyReader& r, const YAML::Node& node, const LedgerPhase& p) {
  const int methods = (p.flop ? 1 : 0) + (p.parameters ? 1 : 0) + (p.hardware.empty() ? 0 : 1) +
                      (p.evidence.empty() ? 0 : 1) + (p.architecture.empty() ? 0 : 1) +
                      (p.hf_config.empty() ? 0 : 1);
  // `tokens` goes with `parameters` or `hf_config`; a lone `tokens` is no method.
  const bool tokens_fit = p.tokens.has_value() == (p.parameters || !p.hf_config.empty());
  if (methods != 1 || !tokens_fit) {
    return r.Error(node,
                   std::string(methods > 1 ? "more than one method" : "no method") +
                       ": give exactly one of 'flop' (a figure), 'parameters' with 'tokens' "
                       "(6ND, or 2ND for a forward-only phase), 'hardware' (periods of chips x "
                       "time), 'evidence' (lines of evidence), 'architecture' (a Method 1 spec "
                       "or an ONNX graph) or 'hf_config' (a Hugging Face config.json) with "
                       "'tokens'");
  }
  return Status::Ok();
}

// `architecture` or `hf_config`: the path, and the estimator's keys as
// written; a key of the other file's estimator is refused.
Status ReadModelFile(const KeyReader& r, const YAML::Node& node, LedgerPhase& p) {
  TF_ASSIGN_OR_RETURN(p.architecture, r.Text(node, "architecture"));
  TF_ASSIGN_OR_RETURN(p.hf_config, r.Text(node, "hf_config"));
  for (const bool architecture : {true, false}) {
    const bool used = !(architecture ? p.architecture : p.hf_config).empty();
    for (const std::string& key : architecture ? kArchitectureKeys : kHfConfigKeys) {
      TF_ASSIGN_OR_RETURN(const std::string text, r.Text(node, key));
      if (text.empty()) continue;
      if (!used) {
        return r.Error(node[key], "key '" + key + "' goes with '" +
                                      (architecture ? "architecture" : "hf_config") +
                                      "' (a model file), which this phase does not give");
      }
      p.file_options.emplace_back(key, text);
    }
  }
  if (!p.hf_config.empty()) {
    TF_ASSIGN_OR_RETURN(const std::string tokens, r.Text(node, "tokens"));
    if (!tokens.empty()) p.file_options.emplace_back("tokens", tokens);
  }
  return Status::Ok();
}

Status ReadSynthetic(const KeyReader& r, const YAML::Node& node, LedgerPhase& p) {
  TF_ASSIGN_OR_RETURN(p.public_data, r.YesNo(node, "public"));
  TF_ASSIGN_OR_RETURN(p.generated, r.WholeNumber(node, "generated", 1, 1e18));
  TF_ASSIGN_OR_RETURN(p.kept, r.WholeNumber(node, "kept", 0, 1e18));
  const bool synthetic = p.kind == PhaseKind::kSyntheticData;
  if (!synthetic && (p.public_data || p.generated || p.kept)) {
    return r.Error(node, "'public', 'generated' and 'kept' are for kind synthetic_data");
  }
  if (synthetic && !p.public_data) {
    return r.Error(node,
                   "key 'public' is missing: synthetic data counts under the EU's cumulative "
                   "rule only when it is not public (accepted: true or false)");
  }
  if (p.kept && p.generated && *p.kept > *p.generated) {
    return r.Error(node["kept"], "key 'kept': more samples kept than 'generated'");
  }
  return Status::Ok();
}

// `start` and `end`, dates of a planned phase, both or neither.
Status ScheduleOf(const KeyReader& r, const YAML::Node& node, LedgerPhase& p) {
  TF_ASSIGN_OR_RETURN(p.start, r.Text(node, "start"));
  TF_ASSIGN_OR_RETURN(p.end, r.Text(node, "end"));
  if (p.start.empty() && p.end.empty()) return Status::Ok();
  if (!p.planned || p.start.empty() || p.end.empty()) {
    return r.Error(node, "'start' and 'end' date a planned phase (planned: true), both given");
  }
  double years[2] = {0, 0};
  for (int i = 0; i < 2; ++i) {
    const std::string key = i == 0 ? "start" : "end";
    Result<double> y = DecimalYear(i == 0 ? p.start : p.end);
    if (!y.ok()) return r.Error(node[key], "key '" + key + "': " + y.status().message());
    years[i] = *y;
  }
  if (!(years[1] > years[0])) return r.Error(node["end"], "key 'end': not after 'start'");
  return Status::Ok();
}

Result<LedgerPhase> PhaseOf(const KeyReader& top, const YAML::Node& node, size_t index) {
  if (!node.IsMap()) {
    return top.Error(node, "phase " + std::to_string(index + 1) +
                               " must be a map such as {name: pre-training, kind: pre_training, "
                               "...}");
  }
  LedgerPhase p;
  TF_ASSIGN_OR_RETURN(p.name, top.Text(node, "name"));
  if (p.name.empty()) p.name = "phase " + std::to_string(index + 1);
  const KeyReader r = top.Within("phase '" + Abbreviate(p.name) + "'");
  TF_RETURN_IF_ERROR(r.CheckKeys(node, kPhaseKeys, "a phase"));
  TF_ASSIGN_OR_RETURN(p.kind, KindOf(r, node));
  TF_ASSIGN_OR_RETURN(p.source, PhaseSource(r, node));
  TF_ASSIGN_OR_RETURN(p.flop, r.Optional(node, "flop", ParseCompute));
  TF_ASSIGN_OR_RETURN(p.parameters, r.Optional(node, "parameters", ParsePositive));
  TF_ASSIGN_OR_RETURN(p.tokens, r.Optional(node, "tokens", ParsePositive));
  TF_ASSIGN_OR_RETURN(p.hardware, LinesOf(r, node, "hardware", true));
  TF_ASSIGN_OR_RETURN(p.evidence, LinesOf(r, node, "evidence", false));
  TF_RETURN_IF_ERROR(ReadModelFile(r, node, p));
  TF_RETURN_IF_ERROR(CheckOneMethod(r, node, p));
  TF_RETURN_IF_ERROR(ReadSynthetic(r, node, p));
  TF_ASSIGN_OR_RETURN(const std::optional<bool> planned, r.YesNo(node, "planned"));
  p.planned = planned.value_or(false);
  TF_ASSIGN_OR_RETURN(const std::optional<bool> overrun, r.YesNo(node, "allow_overrun"));
  p.allow_overrun = overrun.value_or(false);
  TF_ASSIGN_OR_RETURN(p.progress, ProgressOf(r, node));
  TF_RETURN_IF_ERROR(ScheduleOf(r, node, p));
  if (p.progress && !p.planned) {
    return r.Error(node["progress"], "key 'progress' is for a planned phase (planned: true)");
  }
  return p;
}

Result<std::optional<LedgerOriginal>> OriginalOf(const KeyReader& top, const YAML::Node& root) {
  const YAML::Node n = root["original"];
  if (!n || n.IsNull()) return std::optional<LedgerOriginal>();
  const KeyReader r = top.Within("key 'original'");
  if (!n.IsMap())
    return r.Error(n, "a map {model: NAME, flop: 3e24} or {model: NAME, unknown: gpai}");
  TF_RETURN_IF_ERROR(r.CheckKeys(n, {"model", "flop", "unknown"}, "the original model"));
  LedgerOriginal o;
  TF_ASSIGN_OR_RETURN(o.model, r.Text(n, "model"));
  TF_ASSIGN_OR_RETURN(o.flop, r.Optional(n, "flop", ParseCompute));
  TF_ASSIGN_OR_RETURN(const std::optional<int> unknown,
                      r.Choice(n, "unknown", {"gpai", "systemic_risk"}));
  if (o.flop.has_value() == unknown.has_value()) {
    return r.Error(n,
                   "give the original's compute 'flop' (e.g. 3.3e24, or a range), or 'unknown: "
                   "gpai' / 'unknown: systemic_risk' when it is not known, exactly one");
  }
  o.systemic_risk = unknown && *unknown == 1;
  return std::optional<LedgerOriginal>(std::move(o));
}

// An id of the record's regimes (bundled or added), or an error with the nearest.
Status CheckRegime(const KeyReader& r, const LedgerRecord& record, const YAML::Node& at,
                   const std::string& id, const std::string& key) {
  std::vector<std::string> known;
  for (const Regime& g : ledger::RegimesOf(record)) known.push_back(g.id);
  if (std::find(known.begin(), known.end(), id) != known.end()) return Status::Ok();
  return r.Error(at, "key '" + key + "': unknown regime '" + Abbreviate(id) + "'" +
                         DidYouMean(id, known) + " (accepted: " + JoinNames(known) + ")");
}

Result<std::vector<Regime>> AddedRegimes(const std::string& file, const KeyReader& r,
                                         const YAML::Node& root) {
  std::vector<Regime> out;
  const YAML::Node n = root["add_regimes"];
  if (!n || n.IsNull()) return out;
  if (!n.IsSequence()) return r.Error(n, "key 'add_regimes' must be a list of regimes");
  for (const YAML::Node& item : n) {
    const std::string id = item.IsMap() && item["id"] ? item["id"].as<std::string>("") : "";
    for (const Regime& b : BundledRegimes()) {
      if (b.id == id) {
        return r.Error(item, "key 'add_regimes': '" + id +
                                 "' is a bundled regime's id; give an added regime its own id "
                                 "(to change one rule of a bundled regime, use 'readings')");
      }
    }
    TF_ASSIGN_OR_RETURN(Regime g, ledger::ParseRegimeNode(file + ", key 'add_regimes'", item));
    out.push_back(std::move(g));
  }
  return out;
}

Result<std::vector<std::string>> RegimeIds(const KeyReader& r, const LedgerRecord& record,
                                           const YAML::Node& root) {
  std::vector<std::string> ids;
  const YAML::Node n = root["regimes"];
  if (!n || n.IsNull()) return ids;
  if (!n.IsSequence()) return r.Error(n, "key 'regimes' must be a list of regime ids");
  for (const YAML::Node& item : n) {
    const std::string id = item.IsScalar() ? item.Scalar() : "";
    TF_RETURN_IF_ERROR(CheckRegime(r, record, item, id, "regimes"));
    ids.push_back(id);
  }
  return ids;
}

Result<std::vector<LedgerReading>> ReadingsOf(const KeyReader& top, const LedgerRecord& record,
                                              const YAML::Node& root) {
  std::vector<LedgerReading> out;
  const YAML::Node n = root["readings"];
  if (!n || n.IsNull()) return out;
  if (!n.IsSequence()) return top.Error(n, "key 'readings' must be a list");
  for (const YAML::Node& item : n) {
    const KeyReader r = top.Within("key 'readings'");
    if (!item.IsMap()) return r.Error(item, "a reading is {regime: ID, kind: KIND, count: true}");
    TF_RETURN_IF_ERROR(r.CheckKeys(item, {"regime", "kind", "count", "reason"}, "a reading"));
    LedgerReading reading;
    TF_ASSIGN_OR_RETURN(reading.regime, r.Text(item, "regime"));
    TF_RETURN_IF_ERROR(CheckRegime(r, record, item, reading.regime, "regime"));
    TF_ASSIGN_OR_RETURN(reading.kind, KindOf(r, item));
    TF_ASSIGN_OR_RETURN(const std::optional<bool> count, r.YesNo(item, "count"));
    if (!count) return r.Error(item, "key 'count' is missing (accepted: true or false)");
    reading.count = *count;
    TF_ASSIGN_OR_RETURN(reading.reason, r.Text(item, "reason"));
    if (reading.reason.empty()) {
      return r.Error(item, "key 'reason' is missing: a reading of the rule states why");
    }
    out.push_back(std::move(reading));
  }
  return out;
}

Result<std::optional<LedgerInferenceTask>> TaskOf(const KeyReader& top, const YAML::Node& root) {
  const YAML::Node n = root["inference_task"];
  if (!n || n.IsNull()) return std::optional<LedgerInferenceTask>();
  const KeyReader r = top.Within("key 'inference_task'");
  TF_RETURN_IF_ERROR(r.CheckKeys(n, {"name", "parameters", "tokens"}, "an inference task"));
  LedgerInferenceTask t;
  TF_ASSIGN_OR_RETURN(t.name, r.Text(n, "name"));
  TF_ASSIGN_OR_RETURN(t.parameters, r.Required(n, "parameters", ParsePositive));
  TF_ASSIGN_OR_RETURN(t.tokens, r.Required(n, "tokens", ParsePositive));
  return std::optional<LedgerInferenceTask>(std::move(t));
}

Result<std::vector<LedgerPhase>> PhasesOf(const KeyReader& r, const YAML::Node& root) {
  const YAML::Node list = root["phases"];
  if (!list || !list.IsSequence() || list.size() == 0 || list.size() > kMaxPhases) {
    return r.Error(list ? list : root,
                   "'phases' must be a list of 1 to " + std::to_string(kMaxPhases) + " phases");
  }
  std::vector<LedgerPhase> phases;
  std::set<std::string> names;
  for (size_t i = 0; i < list.size(); ++i) {
    TF_ASSIGN_OR_RETURN(LedgerPhase p, PhaseOf(r, list[i], i));
    if (!names.insert(p.name).second) {
      return r.Error(list[i], "two phases are named '" + Abbreviate(p.name) + "'");
    }
    phases.push_back(std::move(p));
  }
  return phases;
}

Result<LedgerRecord> RecordOf(const std::string& file, const KeyReader& r, const YAML::Node& root) {
  if (!root.IsMap()) return r.Error(root, "a run record is a map with 'model' and 'phases'");
  TF_RETURN_IF_ERROR(
      r.CheckKeys(root,
                  {"model", "provider", "year", "original", "phases", "add_regimes", "regimes",
                   "readings", "inference_task", "default_ranges", "samples", "seed"},
                  "a run record"));
  LedgerRecord q;
  TF_ASSIGN_OR_RETURN(q.model, r.Text(root, "model"));
  if (q.model.empty()) return r.Error(root, "key 'model': the model is missing");
  TF_ASSIGN_OR_RETURN(q.provider, r.Text(root, "provider"));
  TF_ASSIGN_OR_RETURN(q.year, r.Year(root, "year"));
  TF_ASSIGN_OR_RETURN(q.original, OriginalOf(r, root));
  TF_ASSIGN_OR_RETURN(q.added_regimes, AddedRegimes(file, r, root));
  TF_ASSIGN_OR_RETURN(q.regimes, RegimeIds(r, q, root));
  TF_ASSIGN_OR_RETURN(q.readings, ReadingsOf(r, q, root));
  TF_ASSIGN_OR_RETURN(q.inference_task, TaskOf(r, root));
  TF_ASSIGN_OR_RETURN(const std::optional<bool> ranges, r.YesNo(root, "default_ranges"));
  q.uncertainty.default_ranges = ranges.value_or(true);
  TF_RETURN_IF_ERROR(r.MonteCarlo(root, 100, 1e6, q.uncertainty.monte_carlo));
  TF_ASSIGN_OR_RETURN(q.phases, PhasesOf(r, root));
  return q;
}

}  // namespace

Result<LedgerRecord> ParseLedgerRecord(std::string_view text, std::string_view file) {
  TF_RETURN_IF_ERROR(CheckNestingDepth(text, file));
  const std::string name(file);
  try {
    const YAML::Node root = YAML::Load(std::string(text));
    return RecordOf(name, KeyReader(name), root);
  } catch (const YAML::Exception& e) {
    return Status::ParseError(name + ":" + std::to_string(e.mark.line + 1) + ":" +
                              std::to_string(e.mark.column + 1) +
                              ": malformed YAML/JSON: " + e.msg);
  }
}

}  // namespace trainflops
