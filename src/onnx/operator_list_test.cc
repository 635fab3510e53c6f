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
      if (FindRule(table.domain, r.op_type) != &r) continue;  // shadowed by an earlier table
      const std::string domain = *table.domain == '\0' ? "ai.onnx" : table.domain;
      rows.push_back({domain, r.op_type,
                      "| " + std::string(r.op_type) + " | " + domain + " | " + CostText(r.cost) +
                          " | " + (r.differentiable ? "yes" : "no") + " | `" + table.file +
                          "` |\n"});
    }
  }
  std::sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
    return a.domain != b.domain ? a.domain < b.domain : a.op < b.op;
  });
  std::string out = kBegin;
  out += "| operator | domain | FLOP | gradient | rule (`src/onnx/`) |\n|---|---|---|---|---|\n";
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
  EXPECT_NE(list.find("| TopK | ai.onnx | counted (FLOP rules above) | yes | `rules_select.cc` |"),
            std::string::npos);
  EXPECT_NE(list.find("| SequenceLength | ai.onnx | 0 (data movement or shapes) | no |"),
            std::string::npos);
  EXPECT_NE(list.find("| FusedMatMul | com.microsoft | counted"), std::string::npos);
  EXPECT_EQ(list.find("| Unique |"), std::string::npos);
}

}  // namespace
}  // namespace trainflops::onnx
