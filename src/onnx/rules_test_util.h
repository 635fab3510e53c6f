// Test-only: the table-driven form shared by the operator rule tests.
#ifndef TRAINFLOPS_SRC_ONNX_RULES_TEST_UTIL_H_
#define TRAINFLOPS_SRC_ONNX_RULES_TEST_UTIL_H_

#include <gtest/gtest.h>

#include <string>

#include "testing/analyze_util.h"

namespace trainflops::onnx::testing {

// One node's expected FLOP (hand-computed in the case's comment), output
// shape and trainable parameters.
struct RuleCase {
  std::string name;
  OneNode graph;
  double flop;
  std::string output;
  double params = 0;
};

// A one-node graph that imports the com.microsoft domain.
inline OneNode Contrib(OneNode g) {
  g.contrib = true;
  return g;
}

inline std::string CaseName(const ::testing::TestParamInfo<RuleCase>& p) { return p.param.name; }

inline void PrintTo(const RuleCase& c, std::ostream* os) { *os << c.name; }

inline void CheckRule(const RuleCase& c) {
  const Result<OnnxAnalysis> a = Analyze(c.graph.Bytes());
  ASSERT_TRUE(a.ok()) << a.status().message();
  ASSERT_EQ(a->nodes.size(), 1u);
  const OnnxNode& node = a->nodes[0];
  EXPECT_EQ(node.rule, OnnxRule::kCounted);
  EXPECT_DOUBLE_EQ(node.forward_flop, c.flop) << node.formula;
  ASSERT_FALSE(node.outputs.empty());
  EXPECT_EQ(a->Output(node, 0).shape, c.output);
  EXPECT_DOUBLE_EQ(a->params, c.params);
}

}  // namespace trainflops::onnx::testing

#endif  // TRAINFLOPS_SRC_ONNX_RULES_TEST_UTIL_H_
