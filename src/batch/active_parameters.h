// Mixture-of-experts rows: the parameters active per token (internal to
// src/batch). 6ND counts the FLOP of the weights each token passes through
// (Kaplan et al. 2020, Section 2.1), so a mixture of experts needs its
// active count, not the total that the Parameters column records.
#ifndef TRAINFLOPS_SRC_BATCH_ACTIVE_PARAMETERS_H_
#define TRAINFLOPS_SRC_BATCH_ACTIVE_PARAMETERS_H_

#include <optional>
#include <string>
#include <string_view>

namespace trainflops::batch {

// The default active share of a mixture of experts that states none: the
// median of active / total over the rows of Epoch's Notable AI Models file
// that state both (16 rows of the 2026 development file: median 0.10; see
// docs/batch.md).
inline constexpr double kDefaultActiveShare = 0.10;

struct ActiveParameters {
  std::optional<double> count;  // parameters active per token
  std::optional<double> share;  // or the active share of the total
  bool moe = false;             // known to be a mixture of experts
  std::string evidence;         // the words that said so
};

// Reads, in this order:
//   the model name: "235B-A22B", "Qwen3-30B-A3B" (A<count><B|M>);
//   the parameters notes: "37B activated", "21B active parameters",
//   "17 billion active parameters", "Active parameters: 10B",
//   "25% of the weights active", "equivalent to a 32B dense model",
//   "similar to that of a 3.3B dense model";
// and whether either says mixture of experts ("MoE", "mixture-of-experts",
// "128 experts"). "Densely activated" is not a count.
ActiveParameters FindActiveParameters(std::string_view name, std::string_view notes);

}  // namespace trainflops::batch

#endif  // TRAINFLOPS_SRC_BATCH_ACTIVE_PARAMETERS_H_
