// The common shape of every estimate trainflops makes: the number, the
// formula that produced it, its inputs and every assumption with its source.
#ifndef TRAINFLOPS_ESTIMATE_H_
#define TRAINFLOPS_ESTIMATE_H_

#include <string>
#include <vector>

namespace trainflops {

struct Assumption {
  std::string name;    // "backward/forward ratio"
  std::string value;   // "2"
  std::string source;  // "seed 002, Method 1: ops_per_backward_pass ≈ 2 x forward"
};

struct Input {
  std::string name;   // "epochs"
  double value = 0;
  std::string unit;   // "examples", "tokens", "FLOP", "" for a pure number
  std::string origin; // "spec line 12", "--epochs", "default"
};

struct Estimate {
  std::string method;  // "method1_counting", "method2_hardware", ...
  double training_flop = 0;
  std::vector<Input> inputs;
  std::vector<Assumption> assumptions;
  std::vector<std::string> formula;  // the chain, numbers substituted, one step per line
  std::vector<std::string> notes;
};

}  // namespace trainflops

#endif  // TRAINFLOPS_ESTIMATE_H_
