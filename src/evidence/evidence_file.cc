// Reads an evidence file (YAML, or JSON which is YAML) into an
// EvidenceRequest. Every error names the file, line and column, the line of
// evidence and the key, and says what is accepted; see docs/evidence.md.
#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/yaml.h>

#include <cmath>
#include <map>

#include "core/text.h"
#include "evidence_keys.h"
#include "evidence_values.h"
#include "lines.h"
#include "trainflops/evidence.h"
#include "trainflops/input_limits.h"
#include "trainflops/units.h"

namespace trainflops {
namespace {

using evidence::KeyReader;

// A real file has a handful of lines; YAML aliases could repeat one line
// hundreds of thousands of times in 1 MiB, each a Monte Carlo of its own.
constexpr size_t kMaxEvidenceLines = 100;

Result<EvidenceSource> SourceOf(const KeyReader& r, const YAML::Node& map) {
  const YAML::Node node = map["source"];
  if (!node || node.IsNull()) {
    return r.Error(map,
                   "key 'source': every line cites where its evidence comes from (accepted: "
                   "source: {url: https://..., quote: \"...\"}, or a URL or a quotation "
                   "alone)");
  }
  EvidenceSource s;
  if (node.IsScalar()) {
    const std::string text = node.Scalar();
    (text.starts_with("http://") || text.starts_with("https://") ? s.url : s.quote) = text;
    return s;
  }
  const KeyReader in = r.Within("key 'source'");
  TF_RETURN_IF_ERROR(in.CheckKeys(node, {"url", "quote"}, "a source"));
  TF_ASSIGN_OR_RETURN(s.url, in.Text(node, "url"));
  TF_ASSIGN_OR_RETURN(s.quote, in.Text(node, "quote"));
  if (s.url.empty() && s.quote.empty()) {
    return in.Error(node, "a source needs a 'url', a 'quote' or both");
  }
  return s;
}

Result<EvidenceHardware> HardwareOf(const KeyReader& r, const YAML::Node& map) {
  EvidenceHardware h;
  TF_ASSIGN_OR_RETURN(h.chip, r.Text(map, "chip"));
  TF_ASSIGN_OR_RETURN(h.precision, r.Parsed<Precision>(map, "precision", ParsePrecision));
  TF_ASSIGN_OR_RETURN(h.utilization, r.Parsed<Utilization>(map, "utilization", ParseUtilization));
  TF_ASSIGN_OR_RETURN(const std::optional<int> cores,
                      r.Choice(map, "tensor_cores", {"auto", "yes", "no"}));
  if (cores) h.tensor_cores = static_cast<TensorCores>(*cores);
  return h;
}

Result<CostEvidence> CostOf(const KeyReader& r, const YAML::Node& map) {
  CostEvidence c;
  TF_ASSIGN_OR_RETURN(c.amount, r.Required(map, "amount", ParsePositive));
  TF_ASSIGN_OR_RETURN(const std::string currency, r.Text(map, "currency"));
  if (!currency.empty()) {
    TF_ASSIGN_OR_RETURN(c.currency, r.CurrencyCode(map["currency"]));
  }
  TF_ASSIGN_OR_RETURN(c.money_year, r.Year(map, "money_year"));
  TF_ASSIGN_OR_RETURN(const std::optional<int> basis,
                      r.Choice(map, "basis", {"cloud", "purchase", "total"}));
  if (basis) c.basis = static_cast<CostBasis>(*basis);
  TF_ASSIGN_OR_RETURN(const std::optional<int> rate,
                      r.Choice(map, "rate", {"on-demand", "committed"}));
  if (rate) c.rate = static_cast<PriceRate>(*rate);
  TF_ASSIGN_OR_RETURN(c.price_per_chip_hour, r.Optional(map, "price_per_chip_hour", ParsePositive));
  TF_ASSIGN_OR_RETURN(c.training_time, r.Parsed<Duration>(map, "training_time", ParseDuration));
  TF_ASSIGN_OR_RETURN(c.life_years, r.Optional(map, "life_years", ParsePositive));
  TF_ASSIGN_OR_RETURN(c.hardware, HardwareOf(r, map));
  return c;
}

Result<PowerEvidence> PowerOf(const KeyReader& r, const YAML::Node& map) {
  PowerEvidence p;
  TF_ASSIGN_OR_RETURN(p.power_w, r.Optional(map, "power", evidence::ParsePowerWatts));
  TF_ASSIGN_OR_RETURN(p.duration_s,
                      r.Parsed<Uncertain>(map, "duration", evidence::ParseEvidenceDuration));
  TF_ASSIGN_OR_RETURN(p.energy_wh, r.Optional(map, "energy", evidence::ParseEnergyWattHours));
  if (p.energy_wh.has_value() == (p.power_w.has_value() || p.duration_s.has_value()) ||
      p.power_w.has_value() != p.duration_s.has_value()) {
    return r.Error(map,
                   "give 'power' with 'duration', or 'energy' alone (accepted: power: 25 MW "
                   "with duration: 90 days, or energy: 50 GWh)");
  }
  TF_ASSIGN_OR_RETURN(const std::optional<bool> facility, r.YesNo(map, "facility"));
  p.facility = facility.value_or(true);
  TF_ASSIGN_OR_RETURN(p.server_overhead,
                      r.Optional(map, "server_overhead", evidence::ParseFraction));
  TF_ASSIGN_OR_RETURN(p.pue, r.Optional(map, "pue", ParsePositive));
  TF_ASSIGN_OR_RETURN(p.tdp_w, r.Parsed<double>(map, "tdp", evidence::ParsePowerWatts));
  TF_ASSIGN_OR_RETURN(p.hardware, HardwareOf(r, map));
  return p;
}

// Which measures go together (chips or aggregate FLOP/s with a duration, or
// chip-hours) is checked by the cluster line itself (cluster.cc).
Result<ClusterEvidence> ClusterOf(const KeyReader& r, const YAML::Node& map) {
  ClusterEvidence c;
  TF_ASSIGN_OR_RETURN(c.chips, r.Optional(map, "chips", ParsePositive));
  TF_ASSIGN_OR_RETURN(c.chip_hours, r.Optional(map, "chip_hours", ParsePositive));
  TF_ASSIGN_OR_RETURN(c.aggregate_flops,
                      r.Optional(map, "aggregate_flops", evidence::ParseFlopRate));
  TF_ASSIGN_OR_RETURN(c.duration_s,
                      r.Parsed<Uncertain>(map, "duration", evidence::ParseEvidenceDuration));
  TF_ASSIGN_OR_RETURN(c.flops_per_chip, r.Optional(map, "flops_per_chip", evidence::ParseFlopRate));
  TF_ASSIGN_OR_RETURN(const std::optional<bool> achieved, r.YesNo(map, "achieved"));
  c.achieved = achieved.value_or(false);
  TF_ASSIGN_OR_RETURN(c.hardware, HardwareOf(r, map));
  return c;
}

// The other model of a reference or stage line: a name of the record, or a
// figure, exactly one.
Status ReferenceOf(const KeyReader& r, const YAML::Node& map, std::string& reference,
                   std::optional<Uncertain>& flop, std::optional<ConfidenceLabel>& confidence) {
  TF_ASSIGN_OR_RETURN(reference, r.Text(map, "reference"));
  TF_ASSIGN_OR_RETURN(flop, r.Optional(map, "reference_flop", ParseCompute));
  TF_ASSIGN_OR_RETURN(confidence, r.Parsed<ConfidenceLabel>(map, "reference_confidence",
                                                            evidence::ParseConfidenceLabel));
  if (reference.empty() && !flop.has_value()) {
    return r.Error(map,
                   "give 'reference' (a model of the bundled record) or 'reference_flop' (its "
                   "training compute, e.g. 3.8e25); with both, the name only labels the figure");
  }
  return Status::Ok();
}

Result<ReferenceEvidence> ReferenceLineOf(const KeyReader& r, const YAML::Node& map) {
  ReferenceEvidence e;
  TF_ASSIGN_OR_RETURN(e.ratio, r.Required(map, "ratio", evidence::ParseFraction));
  TF_RETURN_IF_ERROR(ReferenceOf(r, map, e.reference, e.reference_flop, e.reference_confidence));
  return e;
}

Result<StageShareEvidence> StageOf(const KeyReader& r, const YAML::Node& map) {
  StageShareEvidence s;
  TF_RETURN_IF_ERROR(ReferenceOf(r, map, s.reference, s.reference_flop, s.reference_confidence));
  TF_ASSIGN_OR_RETURN(const evidence::ShareRange share, r.Share(map, "share"));
  s.share_low = share.low;
  s.share_high = share.high;
  TF_ASSIGN_OR_RETURN(const std::optional<bool> include, r.YesNo(map, "include_reference"));
  s.include_reference = include.value_or(true);
  return s;
}

Result<FigureEvidence> FigureOf(const KeyReader& r, const YAML::Node& map) {
  FigureEvidence f;
  TF_ASSIGN_OR_RETURN(const std::optional<Uncertain> flop, r.Optional(map, "flop", ParseCompute));
  TF_ASSIGN_OR_RETURN(f.parameters, r.Optional(map, "parameters", ParsePositive));
  TF_ASSIGN_OR_RETURN(f.tokens, r.Optional(map, "tokens", ParsePositive));
  const bool six_nd = f.parameters && f.tokens;
  if (flop.has_value() == six_nd || f.parameters.has_value() != f.tokens.has_value()) {
    return r.Error(map,
                   "give 'flop' (e.g. 3.8e25), or 'parameters' with 'tokens' for 6ND, "
                   "exactly one of the two");
  }
  f.flop = flop;
  TF_ASSIGN_OR_RETURN(f.confidence,
                      r.Parsed<ConfidenceLabel>(map, "confidence", evidence::ParseConfidenceLabel));
  TF_ASSIGN_OR_RETURN(const std::optional<int> method,
                      r.Choice(map, "method", {"6ND", "architecture", "reported"}));
  static const char* const kMethods[] = {"6ND", "architecture", "reported"};
  f.method = method ? kMethods[*method] : (six_nd ? "6ND" : "reported");
  if (six_nd != (f.method == "6ND")) {
    return r.Error(map["method"],
                   "key 'method': 6ND takes 'parameters' and 'tokens', the other "
                   "methods a 'flop' figure");
  }
  return f;
}

Result<EvidenceLine> LineOf(const KeyReader& top, const YAML::Node& node, size_t index) {
  if (!node.IsMap()) {
    return top.Error(node, "line " + std::to_string(index + 1) +
                               " must be a map such as {name: spend, kind: cost, ...}");
  }
  EvidenceLine line;
  TF_ASSIGN_OR_RETURN(line.name, top.Text(node, "name"));
  if (line.name.empty()) {
    return top.Error(node, "line " + std::to_string(index + 1) + " needs a 'name'");
  }
  const KeyReader r = top.Within("line '" + Abbreviate(line.name) + "'");
  TF_ASSIGN_OR_RETURN(const EvidenceKind kind, r.Kind(node));
  TF_RETURN_IF_ERROR(r.CheckLineKeys(node, kind));
  TF_ASSIGN_OR_RETURN(line.source, SourceOf(r, node));
  switch (kind) {
    case EvidenceKind::kCost: {
      TF_ASSIGN_OR_RETURN(line.evidence, CostOf(r, node));
      break;
    }
    case EvidenceKind::kPower: {
      TF_ASSIGN_OR_RETURN(line.evidence, PowerOf(r, node));
      break;
    }
    case EvidenceKind::kCluster: {
      TF_ASSIGN_OR_RETURN(line.evidence, ClusterOf(r, node));
      break;
    }
    case EvidenceKind::kReference: {
      TF_ASSIGN_OR_RETURN(line.evidence, ReferenceLineOf(r, node));
      break;
    }
    case EvidenceKind::kStageShare: {
      TF_ASSIGN_OR_RETURN(line.evidence, StageOf(r, node));
      break;
    }
    case EvidenceKind::kFigure: {
      TF_ASSIGN_OR_RETURN(line.evidence, FigureOf(r, node));
      break;
    }
  }
  return line;
}

Result<std::vector<EvidenceLine>> LinesOf(const KeyReader& r, const YAML::Node& root) {
  const YAML::Node list = root["lines"];
  if (!list || !list.IsSequence() || list.size() == 0) {
    return r.Error(list ? list : root,
                   "no lines of evidence: 'lines' must be a non-empty list of lines such as "
                   "{name: spend, kind: cost, source: ..., amount: 20M, currency: EUR}");
  }
  if (list.size() > kMaxEvidenceLines) {
    return r.Error(list, "'lines' has " + WithThousands(list.size()) + " lines; at most " +
                             std::to_string(kMaxEvidenceLines) +
                             " are accepted (each runs its own Monte Carlo)");
  }
  std::vector<EvidenceLine> lines;
  std::map<std::string, int> first_line;  // name -> where it was first given
  for (size_t i = 0; i < list.size(); ++i) {
    TF_ASSIGN_OR_RETURN(EvidenceLine line, LineOf(r, list[i], i));
    const auto [at, added] = first_line.emplace(line.name, KeyReader::LineOf(list[i]));
    if (!added) {
      return r.Error(list[i]["name"], "key 'name': two lines are named '" + Abbreviate(line.name) +
                                          "' (the first at line " + std::to_string(at->second) +
                                          "): each line needs its own name");
    }
    lines.push_back(std::move(line));
  }
  return lines;
}

Result<EvidenceRequest> RequestOf(const KeyReader& r, const YAML::Node& root) {
  if (!root.IsMap()) {
    return r.Error(root,
                   "an evidence file is a map with 'model' and 'lines' (see "
                   "docs/evidence.md)");
  }
  TF_RETURN_IF_ERROR(
      r.CheckKeys(root, {"model", "year", "llm", "lines", "samples", "seed"}, "an evidence file"));
  EvidenceRequest q;
  TF_ASSIGN_OR_RETURN(q.model, r.Text(root, "model"));
  if (q.model.empty())
    return r.Error(root, "key 'model': the model the evidence is about is missing");
  TF_ASSIGN_OR_RETURN(q.year, r.Year(root, "year"));
  TF_ASSIGN_OR_RETURN(q.llm, r.YesNo(root, "llm"));
  // Lines estimated with default ranges always: evidence is never exact.
  q.uncertainty.default_ranges = true;
  TF_RETURN_IF_ERROR(
      r.MonteCarlo(root, 1, static_cast<double>(kMaxSamples), q.uncertainty.monte_carlo));
  TF_ASSIGN_OR_RETURN(q.lines, LinesOf(r, root));
  return q;
}

}  // namespace

namespace evidence {
Result<EvidenceLine> ParseEvidenceLine(const KeyReader& reader, const YAML::Node& node,
                                       size_t index) {
  return LineOf(reader, node, index);
}
}  // namespace evidence

Result<EvidenceRequest> ParseEvidenceFile(std::string_view text, std::string_view file) {
  TF_RETURN_IF_ERROR(CheckNestingDepth(text, file));
  const std::string name(file);
  YAML::Node root;
  try {
    root = YAML::Load(std::string(text));
  } catch (const YAML::DeepRecursion& e) {
    return Status::ParseError(name + ":" + std::to_string(e.mark.line + 1) +
                              ": nested too deeply (yaml-cpp's limit); at most " +
                              std::to_string(kMaxNestingDepth) + " levels are accepted");
  } catch (const YAML::ParserException& e) {
    return Status::ParseError(name + ":" + std::to_string(e.mark.line + 1) + ":" +
                              std::to_string(e.mark.column + 1) +
                              ": malformed YAML/JSON: " + e.msg);
  }
  try {
    return RequestOf(KeyReader(name), root);
  } catch (const YAML::Exception& e) {
    return Status::InvalidArgument(name + ":" + std::to_string(e.mark.line + 1) + ": " + e.msg);
  }
}

}  // namespace trainflops
