// Names and parsing of the conventions and options, parameter totals, and
// the generic model the `tokens` command builds from its numbers.
#include <cmath>
#include <cstdio>

#include "core/text.h"
#include "llm_internal.h"
#include "trainflops/units.h"

namespace trainflops {
namespace llm {

std::string Num(double value) {
  if (std::abs(value) < 1e6 && value == std::floor(value)) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f", value);
    return buf;
  }
  return FormatScientific(value, 4);
}

std::string Exact(double value) {
  if (std::abs(value) >= 1e18 || value != std::floor(value)) return FormatScientific(value, 6);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.0f", std::abs(value));
  std::string digits = buf, out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return (value < 0 ? "-" : "") + out;
}

std::vector<double> SeqShape(double seq_len, double width) {
  if (seq_len <= 0) return {};
  return {seq_len, width};
}

}  // namespace llm

namespace {

struct Named {
  const char* name;
  Convention convention;
  const char* source;
};

const std::vector<Named>& ConventionTable() {
  static const std::vector<Named> table = {
      {"6nd", Convention::k6ND,
       "6·N per token, N = parameters used per token incl. embeddings (Kaplan et al. 2020 "
       "section 2.1 with total N, as Hoffmann et al. 2022 and the EU Commission guidelines "
       "C(2025) 7719 Annex A use it)"},
      {"kaplan", Convention::kKaplan,
       "Kaplan et al. 2020, Scaling Laws for Neural Language Models, table 1: "
       "6N + 6·n_layer·n_ctx·d_attn, N non-embedding"},
      {"palm", Convention::kPalm,
       "Chowdhery et al. 2022, PaLM, appendix B: 6N + 12·L·H·Q·T per token"},
      {"chinchilla", Convention::kChinchilla,
       "Hoffmann et al. 2022, Training Compute-Optimal LLMs, appendix F: term by term, "
       "backward = 2 x forward"},
      {"megatron", Convention::kMegatron,
       "Narayanan et al. 2021, Megatron-LM on GPU clusters, section 5.1: "
       "72·B·s·l·h²·(1 + s/6h + V/12lh) per iteration"},
  };
  return table;
}

std::vector<std::string> ConventionNames() {
  std::vector<std::string> names;
  for (const Named& n : ConventionTable()) names.push_back(n.name);
  return names;
}

// One of `names` (case-insensitive) or an error naming the option.
Result<size_t> Choose(std::string_view text, const std::vector<std::string>& names,
                      const std::string& what) {
  const std::string lower = ToLower(Trim(text));
  for (size_t i = 0; i < names.size(); ++i) {
    if (names[i] == lower) return i;
  }
  return Status::NotFound("unknown " + what + " '" + std::string(text) + "'" +
                          DidYouMean(lower, names) + " (accepted: " + JoinNames(names) + ")");
}

double SumActive(const TransformerModel& m, bool embeddings, bool active) {
  double n = 0;
  for (const Component& c : m.components) {
    const bool embedding = c.role == ComponentRole::kEmbedding ||
                           c.role == ComponentRole::kPosition || c.role == ComponentRole::kLogits;
    if (embedding && !embeddings) continue;
    n += active ? c.active_params : c.params;
  }
  return n;
}

}  // namespace

std::string ConventionName(Convention c) {
  for (const Named& n : ConventionTable()) {
    if (n.convention == c) return n.name;
  }
  return "?";
}

std::string ConventionSource(Convention c) {
  for (const Named& n : ConventionTable()) {
    if (n.convention == c) return n.source;
  }
  return "";
}

const std::vector<Convention>& AllConventions() {
  static const std::vector<Convention> all = {Convention::k6ND, Convention::kKaplan,
                                              Convention::kPalm, Convention::kChinchilla,
                                              Convention::kMegatron};
  return all;
}

Result<Convention> ParseConvention(std::string_view text) {
  TF_ASSIGN_OR_RETURN(const size_t i, Choose(text, ConventionNames(), "convention"));
  return ConventionTable()[i].convention;
}

Result<AttentionMode> ParseAttentionMode(std::string_view text) {
  TF_ASSIGN_OR_RETURN(const size_t i, Choose(text, {"causal", "full", "published"}, "attention"));
  return std::vector<AttentionMode>{AttentionMode::kCausal, AttentionMode::kFull,
                                    AttentionMode::kAsPublished}[i];
}

Result<Recompute> ParseRecompute(std::string_view text) {
  TF_ASSIGN_OR_RETURN(const size_t i, Choose(text, {"none", "selective", "full"}, "recompute"));
  return std::vector<Recompute>{Recompute::kNone, Recompute::kSelective, Recompute::kFull}[i];
}

std::string RecomputeName(Recompute r) {
  switch (r) {
    case Recompute::kNone:
      return "none";
    case Recompute::kSelective:
      return "selective";
    case Recompute::kFull:
      return "full";
  }
  return "?";
}

double TotalParams(const TransformerModel& m) { return SumActive(m, true, false); }
double ActiveParams(const TransformerModel& m) { return SumActive(m, true, true); }
double NonEmbeddingParams(const TransformerModel& m) { return SumActive(m, false, false); }
double ActiveNonEmbeddingParams(const TransformerModel& m) { return SumActive(m, false, true); }

Result<UncertainStage> ParseUncertainStage(std::string_view text) {
  const std::string s(text);
  const size_t colon = s.find(':');
  if (colon == std::string::npos || colon == 0) {
    return Status::InvalidArgument("`stages` '" + s +
                                   "' is not NAME:TOKENS[:forward] (e.g. pretraining:2T, "
                                   "sft:10B, rollouts:50B:forward, sft:5B..10B)");
  }
  UncertainStage u;
  u.stage.name = s.substr(0, colon);
  std::string rest = s.substr(colon + 1);
  if (const size_t second = rest.find(':'); second != std::string::npos) {
    const std::string kind = ToLower(rest.substr(second + 1));
    if (kind != "forward" && kind != "forward-only") {
      return Status::InvalidArgument("`stages` '" + s + "': '" + kind +
                                     "' is not accepted after the tokens (accepted: forward)");
    }
    u.stage.forward_only = true;
    rest = rest.substr(0, second);
  }
  Result<Uncertain> tokens = ParseUncertain(rest, ParsePositive, UncertainOptions::Positive());
  if (!tokens.ok()) return tokens.status().WithContext("`stages` '" + s + "'");
  u.tokens = *tokens;
  u.stage.tokens = tokens->distribution.Median();
  return u;
}

Result<LlmStage> ParseStage(std::string_view text) {
  TF_ASSIGN_OR_RETURN(const UncertainStage u, ParseUncertainStage(text));
  if (!u.tokens.distribution.is_point()) {
    return Status::InvalidArgument("`stages` '" + std::string(text) +
                                   "': a range of tokens is not accepted here (give one number)");
  }
  return u.stage;
}

}  // namespace trainflops
