// Keys per query of an attention core, by the span of its layers: full,
// sliding window or chunked. The score (Q·Kᵀ), softmax and softmax·V work
// of one query is proportional to the keys it attends to, so every
// convention's T-dependent term is 2·H·d_qk·K + 2·H·d_v·K (+ 3·H·K for
// Chinchilla's softmax) with K from here.
//
// Causal counting averages over the positions t of a training sequence of T
// tokens, continuously, as the project's causal halving of full attention
// does (T/2 rather than (T + 1)/2): a query at t sees min(t, T) keys (full),
// min(t, w) (a window of w: Beltagy et al. 2020, Longformer, section 3.1;
// Jiang et al. 2023, Mistral 7B, section 2), or t mod c within its chunk of
// c (Llama 4's chunked attention, transformers' modeling_llama4.py).
// Counted not causal ("full"), every query is charged the whole span: T, w
// or its chunk's c.
#include "attention_span.h"

#include <cmath>

#include "llm_internal.h"
#include "trainflops/transformer.h"

namespace trainflops {
namespace {

using llm::Num;

// A window or chunk at least as long as the sequence changes nothing.
bool ShorterThanSequence(const Component& c, double seq_len) {
  return !c.bidirectional && c.span != AttentionSpan::kFull && c.span_width > 0 &&
         c.span_width < seq_len;
}

// Chunks of c in T: k whole ones and a remainder r.
struct Chunks {
  double whole = 0, rest = 0;
};
Chunks SplitIntoChunks(double seq_len, double chunk) {
  Chunks k;
  k.whole = std::floor(seq_len / chunk);
  k.rest = seq_len - k.whole * chunk;
  return k;
}

}  // namespace

double KeysPerQuery(const Component& core, double seq_len, bool causal) {
  const double t = seq_len;
  if (core.bidirectional) return t;
  if (!ShorterThanSequence(core, t)) return causal ? t / 2 : t;
  const double w = core.span_width;
  if (core.span == AttentionSpan::kSlidingWindow) {
    // ∫0..T min(t, w) dt / T = (w²/2 + (T - w)·w) / T
    return causal ? w - w * w / (2 * t) : w;
  }
  // Chunked: ∫ over each chunk of its triangle: (k·c²/2 + r²/2) / T.
  const Chunks k = SplitIntoChunks(t, w);
  const double squares = k.whole * w * w + k.rest * k.rest;
  return causal ? squares / (2 * t) : squares / t;
}

std::string KeysPerQueryText(const Component& core, double seq_len, bool causal) {
  const double t = seq_len, w = core.span_width;
  const std::string value = Num(KeysPerQuery(core, t, causal));
  if (core.bidirectional) return "T = " + value + " (bidirectional)";
  if (!ShorterThanSequence(core, t)) return (causal ? "T/2 = " : "T = ") + value;
  if (core.span == AttentionSpan::kSlidingWindow) {
    if (!causal) return "w = " + value;
    return "w - w²/(2T) = " + Num(w) + " - " + Num(w) + "²/(2 x " + Num(t) + ") = " + value;
  }
  const Chunks k = SplitIntoChunks(t, w);
  if (k.rest == 0) {
    return (causal ? "c/2 = " : "c = ") + value + " (c = " + Num(w) + ", T = " + Num(k.whole) +
           " chunks of c)";
  }
  return std::string(causal ? "(k·c² + r²)/(2T)" : "(k·c² + r²)/T") + " with c = " + Num(w) +
         ", T = " + Num(t) + " = k·c + r, k = " + Num(k.whole) + ", r = " + Num(k.rest) + " = " +
         value;
}

std::string SpanName(const Component& core, double seq_len) {
  if (core.bidirectional) return "bidirectional";
  if (core.span == AttentionSpan::kFull || core.span_width <= 0) return "full";
  const std::string what =
      core.span == AttentionSpan::kSlidingWindow ? "sliding window " : "chunked ";
  const std::string name = what + Num(core.span_width);
  return ShorterThanSequence(core, seq_len) ? name : name + " (>= T: full)";
}

namespace llm {

std::vector<SpanGroup> SpanGroups(const TransformerModel& m, bool causal) {
  std::vector<SpanGroup> groups;
  for (size_t i = 0; i < m.components.size(); ++i) {
    const Component& c = m.components[i];
    if (c.role != ComponentRole::kAttentionCore) continue;
    const std::string name = SpanName(c, m.seq_len);
    SpanGroup* g = nullptr;
    for (SpanGroup& e : groups) {
      if (e.name == name) g = &e;
    }
    if (g == nullptr) {
      groups.push_back({name,
                        KeysPerQueryText(c, m.seq_len, causal),
                        KeysPerQuery(c, m.seq_len, causal),
                        0,
                        &c,
                        {}});
      g = &groups.back();
    }
    g->layers += c.count;
    g->members.push_back(i);
  }
  return groups;
}

std::string SpanSuffix(const SpanGroup& g, size_t groups) {
  if (groups == 1 && g.name == "full") return "";
  return " [" + g.name + ": " + Num(g.layers) + (g.layers == 1 ? " layer]" : " layers]");
}

}  // namespace llm
}  // namespace trainflops
