// A model described in a spec file (YAML, or JSON which YAML accepts):
// input shape, parts (sub-networks) of layers with `repeat` and `branch`
// blocks, and the training run (one or more stages).
//
// The format is documented in docs/spec-format.md; examples/ has the articles'
// worked examples written in it.
#ifndef TRAINFLOPS_MODEL_SPEC_H_
#define TRAINFLOPS_MODEL_SPEC_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "trainflops/catalogue.h"
#include "trainflops/shape.h"
#include "trainflops/status.h"

namespace trainflops {

// One entry of a `layers:` list: a layer, a repeated block or a side branch.
struct SpecNode {
  enum class Kind { kLayer, kRepeat, kBranch };
  Kind kind = Kind::kLayer;
  std::string name;              // user-given, or derived ("conv2d_3")
  int line = 0;                  // 1-based line in the spec file
  // kLayer:
  std::string type;              // as written; resolved against the catalogue
  LayerArgs args;
  std::optional<Shape> input;    // explicit input shape (overrides propagation)
  // kRepeat / kBranch:
  int64_t times = 1;             // kRepeat only
  std::vector<SpecNode> children;
};

// A sub-network. Per-token parts ("recurrent" in Appendix D of Sevilla et al. 2022) run
// once per token of each sequence; the others once per example.
struct PartSpec {
  std::string name;
  int line = 0;
  bool per_token = false;
  std::optional<Shape> input;                 // absent: continues from the previous part
  std::optional<double> tokens_per_sequence;  // overrides the stage's value for this part
  std::optional<double> tokens;               // total tokens per epoch for this part
  std::map<std::string, std::string> defaults;  // e.g. seq_len for every attention layer
  std::vector<SpecNode> layers;
};

// How much data one training stage processed. Counts are per epoch.
struct TrainingSpec {
  std::string name = "training";
  int line = 0;
  std::optional<double> epochs;
  std::optional<double> examples;
  std::optional<double> batches;
  std::optional<double> batch_size;
  std::optional<double> tokens;               // total tokens per epoch
  std::optional<double> tokens_per_batch;     // with batches: tokens = batches x this
  std::optional<double> tokens_per_sequence;  // average, for per-token parts
  std::optional<double> runs;                 // whole-run multiplier (e.g. NAS child networks)
  std::optional<std::string> batch_regime;    // "large" or "small", for the ratio table
};

struct ModelSpec {
  std::string file;  // for error messages
  std::string name;
  std::string description;
  std::string source;
  std::vector<std::string> notes;
  std::vector<PartSpec> parts;
  std::vector<TrainingSpec> stages;  // empty when the file has no training section
};

// At most this many layers after expanding every `repeat` block (and every
// YAML alias, which copies the aliased node each time it is used). The
// largest shipped example expands to a few hundred; a spec at the cap is
// estimated and reported in well under a second (docs/reliability.md). The
// parser counts while it reads and refuses as soon as the count passes the
// cap, so an exponential "bomb" of nested repeats or aliases costs nothing.
inline constexpr double kMaxExpandedLayers = 10000;
// `repeat` and `branch` blocks nest at most this deep.
inline constexpr int kMaxBlockNesting = 64;

// Parses a spec document. `file` is used only in error messages, which read
// "<file>:<line>: <what is wrong> (<what is accepted>)".
Result<ModelSpec> ParseModelSpec(std::string_view text, std::string_view file);

}  // namespace trainflops

#endif  // TRAINFLOPS_MODEL_SPEC_H_
