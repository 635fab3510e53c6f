// The cross-check: Method 1 (counting) against Method 2 (hardware).
//
// Seed 002 (conclusion, Appendix B) recommends computing both and comparing;
// its comparison found them within 2x of each other (1.7x at most). OpenAI
// (Amodei & Hernandez 2018, appendix) calls its estimates "accurate to within 2-3x". The
// comparison reports the ratio, the utilization that would make Method 2
// equal Method 1, and warns beyond 3x.
#ifndef TRAINFLOPS_COMPARE_H_
#define TRAINFLOPS_COMPARE_H_

#include <optional>
#include <string>

#include "trainflops/estimate.h"
#include "trainflops/method2.h"
#include "trainflops/status.h"

namespace trainflops {

inline constexpr double kAgreementUsual = 2.0;      // Sevilla et al. 2022, Appendix B
inline constexpr double kAgreementTolerance = 3.0;  // Amodei & Hernandez 2018, "2-3x"

// Method 1 from a parameter count and a number of training tokens:
// 6 x N x D (forward 2 FLOP per parameter per token, backward twice that;
// the Sevilla et al. 2022 2:1 backward/forward ratio; Kaplan et al. 2020, C ≈ 6ND).
Result<Estimate> EstimateSixND(double params, double tokens);

// A Method 1 figure taken as given (e.g. an article's printed value).
Result<Estimate> GivenMethod1(double training_flop, const std::string& origin);

struct Comparison {
  Estimate method1;
  std::string method1_source;  // "examples/seq2seq.yaml", "6ND", "--method1-flop"
  Method2Result method2;
  double ratio = 0;                    // Method 1 / Method 2
  double factor = 0;                   // max(ratio, 1 / ratio)
  double reconciling_utilization = 0;  // Method 1 / sum(chip-seconds x peak)
  bool within_usual = false;           // factor <= 2
  bool within_tolerance = false;       // factor <= 3
  std::string verdict;                 // one sentence with the sources
  std::optional<std::string> warning;  // beyond 3x, or a reconciling utilization above 1
};

Result<Comparison> Compare(Estimate method1, std::string method1_source, Method2Result method2);

}  // namespace trainflops

#endif  // TRAINFLOPS_COMPARE_H_
