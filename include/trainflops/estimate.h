// The common shape of every estimate trainflops makes: the number, the
// formula that produced it, its inputs and every assumption with its source.
#ifndef TRAINFLOPS_ESTIMATE_H_
#define TRAINFLOPS_ESTIMATE_H_

#include <optional>
#include <string>
#include <vector>

namespace trainflops {

struct Assumption {
  std::string name;    // "backward/forward ratio"
  std::string value;   // "2"
  std::string source;  // "Sevilla et al. 2022, Method 1: ops_per_backward_pass ≈ 2 x forward"
};

struct Input {
  std::string name;  // "epochs"
  double value = 0;
  std::string unit;    // "examples", "tokens", "FLOP", "" for a pure number
  std::string origin;  // "spec line 12", "`epochs`" (a request field), "default"
};

struct Estimate {
  std::string method;  // "method1_counting", "method2_hardware", ...
  double training_flop = 0;
  std::vector<Input> inputs;
  std::vector<Assumption> assumptions;
  std::vector<std::string> formula;  // the chain, numbers substituted, one step per line
  std::vector<std::string> notes;
};

// The largest training run on record: Grok 4, 5e26 FLOP (Epoch AI's Notable
// AI Models, snapshot of 2026-05-02 in data/epoch_notable_models_dev.csv). An estimate more
// than kImplausibleFactor times larger is almost surely an input error (a
// chip count in the wrong unit, hours for seconds), so every report says so;
// nothing is refused, as a planning user may ask about the future.
inline constexpr double kLargestRecordedFlop = 5e26;
inline constexpr double kImplausibleFactor = 100;

// A note for estimate.notes when `flop` exceeds kImplausibleFactor x
// kLargestRecordedFlop, else nullopt.
std::optional<std::string> ScaleCheckNote(double flop);

}  // namespace trainflops

#endif  // TRAINFLOPS_ESTIMATE_H_
