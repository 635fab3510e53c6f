// Internal, for the evidence tests: point inputs and one line run alone.
#ifndef TRAINFLOPS_SRC_EVIDENCE_EVIDENCE_TEST_UTIL_H_
#define TRAINFLOPS_SRC_EVIDENCE_EVIDENCE_TEST_UTIL_H_

#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "lines.h"

namespace trainflops::evidence::testing {

inline Uncertain Point(double v) {
  return Uncertain{Distribution::Point(v), std::to_string(v), ""};
}

// `estimate` (EstimateCost, EstimatePower) on a line named "line" holding
// `evidence`, in a request of `year` (and `llm`).
template <typename Evidence, typename Estimator>
Result<EvidenceLineResult> RunAlone(const Evidence& evidence, std::optional<int> year,
                                    Estimator estimate, std::optional<bool> llm = std::nullopt) {
  EvidenceLine line;
  line.name = "line";
  line.evidence = evidence;
  EvidenceRequest request;
  request.year = year;
  request.llm = llm;
  return estimate(line, evidence, request, DefaultHardwareDb());
}

// The line's point estimate, or a failure of the running test.
inline double FlopOf(const Result<EvidenceLineResult>& r) {
  EXPECT_TRUE(r.ok()) << r.status().message();
  return r.ok() ? r.value().estimate.training_flop : 0;
}

// The line's error message, or a failure of the running test.
inline std::string ErrorOf(const Result<EvidenceLineResult>& r) {
  EXPECT_FALSE(r.ok());
  return r.ok() ? "" : r.status().message();
}

}  // namespace trainflops::evidence::testing

#endif  // TRAINFLOPS_SRC_EVIDENCE_EVIDENCE_TEST_UTIL_H_
