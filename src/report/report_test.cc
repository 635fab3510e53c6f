#include "trainflops/report.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "../core/test_util.h"
#include "../onnx/testing/onnx_writer.h"
#include "trainflops/byte_source.h"
#include "trainflops/field_names.h"
#include "trainflops/onnx.h"
#include "onnx_report.h"

namespace trainflops {
namespace {

Method1Result Tiny(ModelSpec& spec) {
  // dense 100->50: 10,100 FLOP; 1,000 examples, 2 epochs, r = 2.
  Result<ModelSpec> parsed = ParseModelSpec(
      "name: tiny\ninput: [100]\nlayers: [{type: dense, name: d1, units: 50}]\n"
      "training: {epochs: 2, examples: 1000}\n",
      "tiny.yaml");
  spec = testing::ValueOrFail(std::move(parsed), "tiny.yaml");
  return testing::ValueOrFail(EstimateMethod1(spec, {}), "Method 1 on tiny.yaml");
}

TEST(Report, JsonRoundTripKeepsTheNumbers) {
  ModelSpec spec;
  const Method1Result r = Tiny(spec);
  const nlohmann::json j = nlohmann::json::parse(RenderMethod1Json(r, spec));
  EXPECT_EQ(j["training_flop"].get<double>(), 10100.0 * 3 * 2000);
  EXPECT_EQ(j["training_pfs_days"].get<double>(), 10100.0 * 3 * 2000 / 8.64e19);
  EXPECT_EQ(j["unit"], "FLOP");
  EXPECT_EQ(j["layers"][0]["name"], "d1");
  EXPECT_EQ(j["inputs"]["epochs"]["value"].get<double>(), 2);
  EXPECT_EQ(j["stages"][0]["passes"][0].get<double>(), 2000);
}

TEST(Report, TextHasUnitsFormulaAndAssumptions) {
  ModelSpec spec;
  const Method1Result r = Tiny(spec);
  const std::string text = RenderMethod1Text(r, spec);
  // 10,100 x 3 x 2,000 = 60,600,000 FLOP
  EXPECT_NE(text.find("6.06e7 FLOP"), std::string::npos) << text;
  EXPECT_NE(text.find("1.01e4 FLOP x (1 + 2) x 2 epochs x 1,000 examples"), std::string::npos)
      << text;
  EXPECT_NE(text.find("backward/forward ratio: 2 (Sevilla et al. 2022"), std::string::npos);
  ReportOptions mac;
  mac.unit = ComputeUnit::kMultiplyAdd;
  EXPECT_NE(RenderMethod1Text(r, spec, mac).find("3.03e7 multiply-adds"), std::string::npos);
}

}  // namespace
}  // namespace trainflops

namespace trainflops {
namespace {

// Found by fuzz/spec_fuzzer: a name with invalid UTF-8 made the JSON
// serializer throw. Invalid bytes are now replaced (U+FFFD).
TEST(Report, JsonSurvivesInvalidUtf8) {
  Result<ModelSpec> spec = ParseModelSpec(
      "name: \"bad \xff name\"\ninput: [4]\nlayers: [{type: dense, units: 2}]\n"
      "training: {examples: 1}\n",
      "utf8.yaml");
  ASSERT_TRUE(spec.ok()) << spec.status().message();
  Result<Method1Result> r = EstimateMethod1(*spec, {});
  ASSERT_TRUE(r.ok());
  const nlohmann::json j = nlohmann::json::parse(RenderMethod1Json(*r, *spec));
  EXPECT_EQ(j["spec"]["name"], "bad \xEF\xBF\xBD name");
}

}  // namespace
}  // namespace trainflops

namespace trainflops {
namespace {

// A graph of one Relu node named `name` on a 1x4 input, analysed and
// estimated for one example.
struct OneNode {
  OnnxAnalysis analysis;
  OnnxEstimate estimate;
};

OneNode EstimateOneNode(const std::string& name) {
  namespace w = onnx::testing;
  w::Graph g;
  g.inputs.push_back(w::ValueInfo("x", w::S({1, 4})));
  g.nodes.push_back(w::Node("Relu", {"x"}, {"y"}, {}, name));
  const std::string bytes = w::Model(g);
  const MemoryByteSource source(bytes);
  OneNode out;
  out.analysis = testing::ValueOrFail(AnalyzeOnnx(source), "the one-node graph");
  OnnxEstimateOptions options;
  options.overrides.examples = 1;
  out.estimate = testing::ValueOrFail(EstimateOnnx(out.analysis, "names.onnx", options),
                                      "the one-node estimate");
  return out;
}

// The ONNX JSON writer copies runs of plain ASCII whole and escapes the
// rest byte by byte: a node name with a quote, a backslash, a control
// character, an invalid byte and a two-byte UTF-8 character must come back
// from a JSON parser as: the same text, the invalid byte as U+FFFD.
TEST(Report, OnnxJsonEscapesNodeNames) {
  const OneNode one = EstimateOneNode(std::string("a\"b\\c\x01 d\xff") + "\xC2\xB7" + "e");
  const nlohmann::json j = nlohmann::json::parse(RenderOnnxJson(one.analysis, one.estimate));
  EXPECT_EQ(j["layers"][0]["name"],
            "a\"b\\c\x01 d\xEF\xBF\xBD\xC2\xB7"
            "e");
  // Relu: one op per output element of 1x4 (docs/onnx.md): 4 FLOP.
  EXPECT_EQ(j["layers"][0]["forward_flop"].get<double>(), 4);
}

// An estimate built by hand without backward factors still lists every
// node; the factor it lacks is null, not a guess.
TEST(Report, OnnxJsonWritesEveryNodeWithoutBackwardFactors) {
  OneNode one = EstimateOneNode("relu");
  one.estimate.backward_factors.clear();
  const nlohmann::json j = nlohmann::json::parse(RenderOnnxJson(one.analysis, one.estimate));
  ASSERT_EQ(j["layers"].size(), 1u);
  EXPECT_TRUE(j["layers"][0]["backward_factor"].is_null());
  EXPECT_EQ(j["layers"][0]["forward_flop"].get<double>(), 4);  // Relu on 1x4
}

// The command line rewrites the report's prose (request fields between
// backquotes become its options); a node's name is the graph's and is
// written as it is, whatever it looks like.
TEST(Report, OnnxTextWordingRewritesProseNotNodeNames) {
  const OneNode one = EstimateOneNode("`examples_per_run`");
  const OnnxAnalysis& a = one.analysis;
  const OnnxEstimate& e = one.estimate;
  std::ostringstream plain, worded;
  WriteOnnxText(plain, a, e);
  EXPECT_EQ(plain.str(), RenderOnnxText(a, e));
  WriteOnnxText(worded, a, e, {}, [](std::string_view text) {
    return RenameFields(text, [](std::string_view field) { return "--" + std::string(field); });
  });
  const std::string text = worded.str();
  // The default examples per run is explained in prose that names the field.
  EXPECT_NE(text.find("(set --examples_per_run to the graph's batch size)"), std::string::npos);
  // The only backquoted name left is the node's, in its table row.
  const size_t node = text.find("`examples_per_run`");
  ASSERT_NE(node, std::string::npos);
  EXPECT_EQ(text.find("`examples_per_run`", node + 1), std::string::npos);
  EXPECT_EQ(text.substr(node - 3, 3), "\n  ");
}

}  // namespace
}  // namespace trainflops
