// docs/onnx.md's list of supported operators is rendered from the rule
// tables (RuleTables), so that it cannot drift from them: this test renders
// it and compares it with the block between the markers in the docs.
// TRAINFLOPS_UPDATE_DOCS=1 makes it rewrite the block instead.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "graph.h"

namespace trainflops::onnx {
namespace {

constexpr const char* kBegin =
    "<!-- operators: generated from the rule tables (src/onnx/graph.cc, RuleTables) by the unit "
    "test OnnxOperatorList.DocsMatchTheRuleTable; do not edit -->\n";
constexpr const char* kEnd = "<!-- operators: end -->\n";

const char* RoleText(OpRule::Role role) {
  switch (role) {
    case OpRule::kProduct:
      return "product: dA and dB";
    case OpRule::kWeightView:
      return "view: a weight stays a weight";
    case OpRule::kPlain:
      return "";
  }
  return "";
}

const char* CostText(OpRule::Cost cost) {
  switch (cost) {
    case OpRule::kCounted:
      return "counted (FLOP rules above)";
    case OpRule::kZero:
      return "0 (data movement or shapes)";
    case OpRule::kUncounted:
      return "shapes only: no FLOP rule, a lower bound";
  }
  return "";
}

// One row per operator that FindRule resolves, sorted by domain and name.
std::string RenderOperatorList() {
  struct Row {
    std::string domain, op, text;
  };
  std::vector<Row> rows;
  for (const RuleTable& table : RuleTables()) {
    for (const OpRule& r : *table.rules) {
      const std::string domain = *table.domain == '\0' ? "ai.onnx" : table.domain;
      rows.push_back({domain, r.op_type,
                      "| " + std::string(r.op_type) + " | " + domain + " | " + CostText(r.cost) +
                          " | " + (r.differentiable ? "yes" : "no") + " | " + RoleText(r.role) +
                          " | `" + table.file + "` |\n"});
    }
  }
  std::sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
    return a.domain != b.domain ? a.domain < b.domain : a.op < b.op;
  });
  std::string out = kBegin;
  out +=
      "| operator | domain | FLOP | gradient | role | rule (`src/onnx/`) |\n"
      "|---|---|---|---|---|---|\n";
  for (const Row& row : rows) out += row.text;
  return out + kEnd;
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(OnnxOperatorList, DocsMatchTheRuleTable) {
  const std::string path = std::string(TRAINFLOPS_SOURCE_DIR) + "/docs/onnx.md";
  std::string doc = ReadFile(path);
  const size_t begin = doc.find(kBegin);
  const size_t end = doc.find(kEnd);
  ASSERT_TRUE(begin != std::string::npos && end != std::string::npos && begin < end)
      << path << " must hold the operator list between the lines '" << kBegin << "' and '" << kEnd
      << "'";
  const std::string rendered = RenderOperatorList();
  const std::string current = doc.substr(begin, end + std::string(kEnd).size() - begin);
  const char* update = std::getenv("TRAINFLOPS_UPDATE_DOCS");
  if (update != nullptr && std::string(update) == "1" && current != rendered) {
    doc.replace(begin, current.size(), rendered);
    std::ofstream(path, std::ios::binary) << doc;
    return;
  }
  EXPECT_EQ(current, rendered)
      << "docs/onnx.md's operator list differs from the rule tables; regenerate it with "
         "TRAINFLOPS_UPDATE_DOCS=1 build/default/bin/trainflops_unit_tests "
         "--gtest_filter=OnnxOperatorList.DocsMatchTheRuleTable";
}

// The list holds what FindRule finds: an operator of each kind, and not
// one without a rule.
TEST(OnnxOperatorList, RowsComeFromTheRules) {
  const std::string list = RenderOperatorList();
  EXPECT_NE(
      list.find("| TopK | ai.onnx | counted (FLOP rules above) | yes |  | `rules_select.cc` |"),
      std::string::npos);
  EXPECT_NE(list.find("| SequenceLength | ai.onnx | 0 (data movement or shapes) | no |"),
            std::string::npos);
  EXPECT_NE(list.find("| FusedMatMul | com.microsoft | counted"), std::string::npos);
  EXPECT_EQ(list.find("| Unique |"), std::string::npos);
}

// One operator of one domain has one rule: the bundled tables hold to it,
// and a second rule for an operator is refused with both files named.
TEST(OnnxRuleTables, TheBundledTablesHaveOneRulePerOperator) {
  const Status s = CheckRuleTables(RuleTables());
  EXPECT_TRUE(s.ok()) << s.message();
}

Status NoRule(const NodeContext&, NodeEval*) { return Status::Ok(); }

TEST(OnnxRuleTables, ASecondRuleForAnOperatorIsRefused) {
  const std::vector<OpRule> first = {{"MatMul", NoRule, {}}, {"Relu", NoRule, {}}};
  const std::vector<OpRule> second = {{"Relu", NoRule, {}}};
  const Status s = CheckRuleTables({{"", "a.cc", &first}, {"", "b.cc", &second}});
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("operator 'Relu' has two rules, in a.cc and b.cc"), std::string::npos)
      << s.message();
  // The same name in another domain is another operator.
  EXPECT_TRUE(CheckRuleTables({{"", "a.cc", &first}, {"com.microsoft", "b.cc", &second}}).ok());
}

// The backward factor and the weight views are facts of the rule: the
// products of two operands (their backward pass computes dA and dB), and the
// operators through which a weight is still a weight.
TEST(OnnxRuleTables, RolesLiveOnTheRules) {
  for (const char* op : {"MatMul", "Gemm", "Conv", "ConvTranspose", "Einsum"})
    EXPECT_EQ(FindRule("", op)->role, OpRule::kProduct) << op;
  EXPECT_EQ(FindRule("com.microsoft", "FusedMatMul")->role, OpRule::kProduct);
  for (const char* op : {"Identity", "Transpose", "Reshape", "Cast", "Squeeze", "Unsqueeze",
                         "Flatten", "Slice", "Split", "Concat"})
    EXPECT_EQ(FindRule("", op)->role, OpRule::kWeightView) << op;
  EXPECT_EQ(FindRule("", "Relu")->role, OpRule::kPlain);
  EXPECT_EQ(FindRule("", "Add")->role, OpRule::kPlain);
}

}  // namespace
}  // namespace trainflops::onnx
