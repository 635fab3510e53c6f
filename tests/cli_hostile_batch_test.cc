// Hostile batch files and Hugging Face configs on the command line: base
// models that name each other in a cycle, lists of bases, and configs whose
// model code would divide by zero or by key-value heads that do not group.
// Time and memory are measured by scripts/hostile_bounds.sh.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <utility>

#include "cli_test_util.h"

namespace {

using namespace trainflops::testing;  // RunCli, CliOutput, WriteTempFile

// The output lines of `batch FILE --format jsonl`, by Model.
std::map<std::string, nlohmann::json> JsonRows(const std::string& out) {
  std::map<std::string, nlohmann::json> rows;
  std::istringstream lines(out);
  for (std::string line; std::getline(lines, line);) {
    const nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_object()) rows[j.value("Model", "")] = j;
  }
  return rows;
}

// A row of 6 x 1e9 x 1e9 FLOP naming `base` as its Base model, as a JSON line.
std::string Row(const std::string& name, const std::string& base) {
  return nlohmann::json{{"Model", name},
                        {"Parameters", 1e9},
                        {"Training dataset size (total)", 1e9},
                        {"Base model", base},
                        {"Training compute (FLOP)", 6e18}}
             .dump() +
         "\n";
}

// A row whose base is itself was counted nine times over (ratio 9, exit 0):
// each row in or leading into a cycle is now refused in its note, naming the
// cycle, and the run goes on (exit 0).
TEST(CliHostileBatch, BaseModelCyclesAreRefusedPerRow) {
  const std::string file = WriteTempFile(
      "cycles.jsonl", Row("Self", "Self") + Row("A", "B") + Row("B", "A") + Row("Plain", ""));
  const CliOutput r = RunCli("batch '" + file + "' --format jsonl");
  ASSERT_EQ(r.code, 0) << r.err;
  auto rows = JsonRows(r.out);
  ASSERT_EQ(rows.size(), 4u) << r.out;
  for (const auto& [name, cycle] :
       {std::pair{"Self", "Self -> Self"}, {"A", "A -> B -> A"}, {"B", "B -> A -> B"}}) {
    const nlohmann::json& row = rows[name];
    EXPECT_TRUE(row["estimated_training_flop"].is_null()) << row.dump();
    EXPECT_TRUE(row["ratio_to_recorded"].is_null()) << row.dump();
    EXPECT_NE(
        row["estimate_note"].get<std::string>().find(std::string("base model cycle: ") + cycle),
        std::string::npos)
        << row["estimate_note"];
  }
  // 6 x 1e9 x 1e9 = 6e18.
  EXPECT_DOUBLE_EQ(rows["Plain"]["estimated_training_flop"].get<double>(), 6e18);
}

// docs/batch.md: a Base model list "A, B" sums the bases found. Every list
// was reported "'A', 'B' not found in the file".
TEST(CliHostileBatch, AListOfBasesSumsThoseFound) {
  const std::string file = WriteTempFile("bases.csv",
                                         "Model,Parameters,Training dataset size (total),Base "
                                         "model\nA,1e9,1e9,\nB,2e9,1e9,\nMerge,1e9,1e8,\"A, B, "
                                         "Gone\"\n");
  const CliOutput r = RunCli("batch '" + file + "'");
  ASSERT_EQ(r.code, 0) << r.err;
  // 6 x 1e9 x 1e9 + 6 x 2e9 x 1e9 + 6 x 1e9 x 1e8 = 6e18 + 1.2e19 + 6e17 = 1.86e19.
  EXPECT_NE(r.out.find("with base = 'A' 6e18 (6ND) + 'B' 1.2e19 (6ND) + fine-tune 6e17 = 1.86e19"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("base model 'Gone' not found in the file"), std::string::npos) << r.out;
}

// A config the model code would divide by zero with, or whose key-value
// heads do not group the attention heads, was counted (exit 0); now exit 2
// with one line naming the field.
TEST(CliHostileBatch, HuggingFaceDivisorsAreRefusedNamingTheField) {
  const std::string llama =
      R"("model_type": "llama", "hidden_size": 4096, "num_hidden_layers": 32,
         "num_attention_heads": 32, "intermediate_size": 14336, "vocab_size": 128256)";
  const std::pair<std::string, std::string> cases[] = {
      {R"("head_dim": 0)", "'head_dim' is 0"},
      {R"("num_key_value_heads": 12)",
       "'num_key_value_heads' 12 does not divide 'num_attention_heads' 32"},
      {R"("num_key_value_heads": 64)", "'num_key_value_heads' 64 exceeds 'num_attention_heads' 32"},
  };
  for (const auto& [extra, expected] : cases) {
    const std::string file = WriteTempFile("config.json", "{" + llama + ", " + extra + "}");
    const CliOutput r = RunCli("estimate '" + file + "' --tokens 1T");
    EXPECT_EQ(r.code, 2) << extra << ": " << r.out;
    EXPECT_NE(r.err.find(expected), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
}

}  // namespace
