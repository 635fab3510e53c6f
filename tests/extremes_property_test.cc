// Extremes: 1e27 FLOP, 1e15 parameters, zero-size dimensions and
// element counts beyond 64 bits are reported correctly or refused with a
// clear error. Expected values are hand arithmetic in the comments.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "../src/onnx/testing/onnx_writer.h"
#include "report/hardware_report.h"
#include "trainflops/batch.h"
#include "trainflops/byte_source.h"
#include "trainflops/catalogue.h"
#include "trainflops/hf_config.h"
#include "trainflops/method1.h"
#include "trainflops/method2.h"
#include "trainflops/onnx.h"
#include "trainflops/report.h"
#include "trainflops/shape.h"
#include "trainflops/transformer.h"
#include "trainflops/units.h"

namespace trainflops {
namespace {

namespace w = onnx::testing;

bool Contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Dense 1e7 -> 1e7 (Table 1, exact: 2·N·M + M bias + M activation-free =
// 200,000,020,000,000 forward FLOP per example), 1e12 examples, 2 epochs,
// backward 2x: 2.0000002e14 x 3 x 2 x 1e12 = 1.20000012e27 FLOP.
TEST(Extremes, Method1Near1e27) {
  Result<ModelSpec> spec = ParseModelSpec(
      "input: [10000000]\nlayers: [{type: dense, units: 10000000}]\n"
      "training: {epochs: 2, examples: 1e12}\n",
      "big.yaml");
  ASSERT_TRUE(spec.ok()) << spec.status().message();
  Result<Method1Result> r = EstimateMethod1(*spec, {});
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_NEAR(r->estimate.training_flop / 1.20000012e27, 1.0, 1e-15);
  const nlohmann::json j = nlohmann::json::parse(RenderMethod1Json(*r, *spec));
  EXPECT_EQ(j["training_flop"].get<double>(), r->estimate.training_flop);
  EXPECT_TRUE(Contains(RenderMethod1Text(*r, *spec), "1.2e27 FLOP"));
}

// 1e6 chips x 1e6 s x 1e15 FLOP/s x utilization 1 = 1e27 FLOP
// = 1e27 / 8.64e19 = 11,574,074 pfs-days.
TEST(Extremes, Method2At1e27) {
  Phase p;
  p.count = 1e6;
  p.time = Duration{1e6, 1e6, "seconds"};
  p.peak_flops = 1e15;
  p.utilization = Utilization{1.0, "1", "test"};
  Method2Options o;
  o.phases = {p};
  Result<Method2Result> r = EstimateMethod2(o, DefaultHardwareDb());
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_NEAR(r->estimate.training_flop / 1e27, 1.0, 1e-15);
  const nlohmann::json j = nlohmann::json::parse(RenderMethod2Json(*r));
  EXPECT_NEAR(j["training_pfs_days"].get<double>(), 1e27 / 8.64e19, 1e-6);
  EXPECT_TRUE(Contains(RenderMethod2Text(*r), "1e27 FLOP"));
}

// A Llama-style config of about 1e15 parameters: d = 1e6, 140 layers,
// ff = 1e6, vocabulary 1e5, untied. Per layer 4·d² + 3·d·ff + 2·d =
// 4e12 + 3e12 + 2e6; x 140 = 980,000,280,000,000; embeddings and head
// 2 x 1e5 x 1e6 = 2e11; final norm 1e6: 980,200,281,000,000 (< 2^53: exact).
TEST(Extremes, HfConfigWithAQuadrillionParameters) {
  const std::string text = R"({"model_type": "llama", "hidden_size": 1000000,
      "num_hidden_layers": 140, "num_attention_heads": 1000, "intermediate_size": 1000000,
      "vocab_size": 100000})";
  Result<HfModel> m = ParseHfConfig(text, "huge.json");
  ASSERT_TRUE(m.ok()) << m.status().message();
  EXPECT_EQ(TotalParams(m->model), 980200281000000.0);
  // 6 x 980,200,281,000,000 x 2e13 tokens = 1.1762403372e29 FLOP: finite.
  Result<LlmEstimate> e = EstimateLlm(m->model, Convention::k6ND, {}, {{"pre", 2e13}});
  ASSERT_TRUE(e.ok()) << e.status().message();
  EXPECT_NEAR(e->estimate.training_flop / 1.1762403372e29, 1.0, 1e-15);
}

TEST(Extremes, ZeroSizeDimensionsAreRefused) {
  Result<HfModel> m = ParseHfConfig(
      R"({"model_type": "llama", "hidden_size": 0, "num_hidden_layers": 2,
      "num_attention_heads": 4, "intermediate_size": 128, "vocab_size": 100})",
      "zero.json");
  ASSERT_FALSE(m.ok());
  EXPECT_TRUE(Contains(m.status().message(), "'hidden_size' must be a positive number, got 0"))
      << m.status().message();
  // A batch row with 0 parameters: no estimate, and the note says why.
  Result<BatchEstimator> b =
      BatchEstimator::Create({"Model", "Parameters", "Training dataset size (total)"}, {});
  ASSERT_TRUE(b.ok());
  const RowEstimate row = b->Estimate({"m", "0", "1e9"});
  EXPECT_FALSE(row.flop.has_value());
  EXPECT_TRUE(Contains(row.note, "Parameters '0' is not a positive number")) << row.note;
  // A layer of zero width.
  Result<LayerCost> layer = ComputeLayer(**FindLayerKind("dense"), {16}, [] {
    LayerArgs a;
    a.Set("units", "0");
    return a;
  }());
  ASSERT_FALSE(layer.ok());
  EXPECT_TRUE(Contains(layer.status().message(), "units")) << layer.status().message();
}

// 2^32 x 2^32 = 2^64 elements: one past the largest uint64 and beyond int64.
// Element counts are doubles, so nothing wraps to 0: refused as implausible.
TEST(Extremes, ElementCountsBeyond64Bits) {
  Result<Shape> shape = ParseShape("4294967296x4294967296");
  ASSERT_TRUE(shape.ok()) << shape.status().message();
  Result<double> n = NumElements(*shape);
  ASSERT_FALSE(n.ok());
  EXPECT_TRUE(Contains(n.status().message(), "implausible element count 1.845e19"))
      << n.status().message();
}

std::string OnnxRelu(int64_t rows, int64_t cols) {
  w::Graph g;
  g.inputs.push_back(w::ValueInfo("x", w::S({rows, cols})));
  g.nodes.push_back(w::Node("Relu", {"x"}, {"y"}, {}, "relu"));
  g.outputs.push_back(w::ValueInfo("y", w::S({rows, cols})));
  return w::Model(g);
}

// ONNX dimensions are int64 but the analysis counts in doubles: 2^32 x 2^32
// and 2^62 x 4 elements (int64 products that wrap to 0) give Relu's
// 1 FLOP per element x 2^64 = 18,446,744,073,709,551,616 FLOP, exactly.
TEST(Extremes, OnnxElementCountsBeyond64Bits) {
  for (const auto& [rows, cols] :
       {std::pair<int64_t, int64_t>{int64_t{1} << 32, int64_t{1} << 32}, {int64_t{1} << 62, 4}}) {
    const std::string bytes = OnnxRelu(rows, cols);
    const MemoryByteSource source(bytes);
    Result<OnnxAnalysis> a = AnalyzeOnnx(source);
    ASSERT_TRUE(a.ok()) << a.status().message();
    EXPECT_EQ(a->forward_flop, 18446744073709551616.0);
  }
}

// An empty tensor (0 x 16) is legal ONNX: its Relu costs 0 FLOP. A negative
// dimension is not, and is refused.
TEST(Extremes, OnnxZeroSizeDimension) {
  const std::string empty = OnnxRelu(0, 16);
  Result<OnnxAnalysis> a = AnalyzeOnnx(MemoryByteSource(empty));
  ASSERT_TRUE(a.ok()) << a.status().message();
  EXPECT_EQ(a->forward_flop, 0);
  EXPECT_EQ(a->nodes.size(), 1u);
  const std::string negative = OnnxRelu(-1, 16);
  a = AnalyzeOnnx(MemoryByteSource(negative));
  ASSERT_FALSE(a.ok());
  EXPECT_TRUE(Contains(a.status().message(), "negative dimension -1")) << a.status().message();
}

}  // namespace
}  // namespace trainflops
