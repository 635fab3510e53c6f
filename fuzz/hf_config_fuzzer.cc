// libFuzzer target for Hugging Face config.json files: arbitrary bytes
// through ParseHfConfig, every FLOP convention and EstimateLlm must give a
// value or a Status, never a crash or a hang, and every accepted model must
// be internally consistent (no NaN, no negative count, parts within the
// whole, training = 3 x forward per token as transformer.h documents).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "report/llm_report.h"
#include "trainflops/hf_config.h"
#include "trainflops/transformer.h"

namespace {

// Bounded work per input: real configs are a few kilobytes, hostile ones
// nest arrays tens of thousands deep.
constexpr size_t kMaxInput = 1 << 18;  // 256 KiB: reaches nesting 80,000 deep

void Check(bool condition) {
  if (!condition) std::abort();
}

bool NearlyEqual(double a, double b) { return std::fabs(a - b) <= 1e-9 * std::fabs(b); }

void CheckCounts(const trainflops::TransformerModel& m) {
  for (const trainflops::Component& c : m.components) {
    Check(c.params >= 0 && c.active_params >= 0 && c.matmul_params >= 0 && c.count >= 0);
  }
  const double total = trainflops::TotalParams(m);
  const double active = trainflops::ActiveParams(m);
  const double non_embedding = trainflops::NonEmbeddingParams(m);
  Check(total > 0);  // every family has an embedding of vocab x d > 0
  Check(active >= 0 && active <= total);
  Check(non_embedding >= 0 && non_embedding <= total);
  Check(trainflops::ActiveNonEmbeddingParams(m) <= active);
}

void CheckConvention(const trainflops::ConventionResult& r) {
  Check(std::isfinite(r.forward_flop) && r.forward_flop > 0);
  Check(NearlyEqual(r.training_flop, 3 * r.forward_flop));
  Check(r.recompute_flop >= 0 && r.hardware_flop >= r.training_flop);
  Check(!r.formula.empty());
}

void CheckModel(const trainflops::HfModel& hf) {
  Check(!hf.family.empty() && !hf.model_type.empty());
  CheckCounts(hf.model);
  trainflops::ConventionOptions options;
  for (trainflops::Convention c : trainflops::AllConventions()) {
    const auto r = trainflops::ApplyConvention(c, hf.model, options);
    if (r.ok()) {
      CheckConvention(*r);
    } else {
      Check(!r.status().message().empty());
    }
  }
  const auto e = trainflops::EstimateLlm(hf.model, trainflops::kDefaultConvention, options,
                                         {{"pretraining", 1e12, false}});
  if (!e.ok()) {
    Check(!e.status().message().empty());
    return;
  }
  Check(std::isfinite(e->estimate.training_flop) && e->estimate.training_flop > 0);
  // 6ND: 6 x active parameters x tokens (transformer.h).
  Check(NearlyEqual(e->estimate.training_flop, 6 * e->params_active * 1e12));
  trainflops::LlmReportContext context;
  context.hf = &hf;
  Check(!trainflops::RenderLlmText(*e, context).empty());
  Check(!trainflops::RenderLlmJson(*e, context).empty());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > kMaxInput) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  // Without a sequence length (parameters only) and with one (attention terms).
  for (const double seq_len : {0.0, 2048.0}) {
    const auto hf = trainflops::ParseHfConfig(text, "fuzz.json", seq_len);
    if (hf.ok()) {
      CheckModel(*hf);
    } else {
      Check(!hf.status().message().empty());
    }
  }
  return 0;
}
