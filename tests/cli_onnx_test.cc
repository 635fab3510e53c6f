// `trainflops estimate MODEL.onnx`: real torchvision exports against their
// published counts, the JSON contract, the backward modes and the errors.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "../src/onnx/testing/onnx_writer.h"
#include "cli_test_util.h"

namespace {

using trainflops::testing::CliOutput;
using trainflops::testing::RunCli;
using trainflops::testing::SourcePath;
using trainflops::testing::WriteTempFile;
namespace w = trainflops::onnx::testing;

std::string Fixture(const std::string& name) { return SourcePath("tests/fixtures/onnx/" + name); }

nlohmann::json Json(const std::string& args) {
  const CliOutput o = RunCli("estimate " + args + " --json");
  EXPECT_EQ(o.code, 0) << o.err;
  return o.code == 0 ? nlohmann::json::parse(o.out) : nlohmann::json();
}

// Published figures: torchvision's model documentation, "Table of all
// available classification weights" (pytorch.org/vision/stable/models.html):
// parameters and GFLOPS, which torchvision counts as multiply-adds of the
// convolutions and linear layers at 224x224 (e.g. ResNet-18's 1.81 G).
struct Published {
  const char* file;
  double params;
  double gmacs;  // as printed, two decimals
};
// Test output names the case, not its bytes.
void PrintTo(const Published& c, std::ostream* os) { *os << c.file; }

class TorchvisionModels : public ::testing::TestWithParam<Published> {};

TEST_P(TorchvisionModels, MatchPublishedCounts) {
  const Published& p = GetParam();
  const nlohmann::json j = Json(Fixture(p.file) + " --examples 1");
  ASSERT_TRUE(j.is_object());
  EXPECT_EQ(j["params"].get<double>(), p.params);  // exactly
  EXPECT_EQ(j["params_trainable"].get<double>(), p.params);
  EXPECT_EQ(std::round(j["multiply_adds"].get<double>() / 1e7) / 100, p.gmacs);
  EXPECT_FALSE(j["lower_bound"].get<bool>());
  EXPECT_EQ(j["unsupported_ops"].size(), 0u);
}

INSTANTIATE_TEST_SUITE_P(Onnx, TorchvisionModels,
                         ::testing::Values(Published{"resnet18.onnx", 11689512, 1.81},
                                           Published{"mobilenet_v2.onnx", 3504872, 0.30},
                                           Published{"alexnet.onnx", 61100840, 0.71}));

TEST(CliOnnx, JsonHasEstimateFieldsAndPerNodeDetail) {
  const nlohmann::json j = Json(Fixture("alexnet.onnx") + " --examples 1000 --epochs 2");
  ASSERT_TRUE(j.is_object());
  for (const char* key : {"training_flop", "forward_flop", "params", "method", "inputs",
                          "assumptions", "layers", "op_types", "unsupported_ops", "model",
                          "graph_inputs", "dims", "multiply_adds", "lower_bound"}) {
    EXPECT_TRUE(j.contains(key)) << key;
  }
  EXPECT_EQ(j["method"], "method1_onnx");
  EXPECT_EQ(j["model"]["nodes"], 26);
  // AlexNet conv1: 64 filters 11x11x3, stride 4, pad 2 on 224x224 -> 55x55:
  // 2·64·3025·3·121 + 64·3025 (bias) = 140,553,600 + 193,600 = 140,747,200.
  const nlohmann::json& conv1 = j["layers"][0];
  EXPECT_EQ(conv1["type"], "Conv");
  EXPECT_EQ(conv1["forward_flop"].get<double>(), 140747200);
  EXPECT_EQ(conv1["output_shape"], nlohmann::json::array({1, 64, 55, 55}));
  EXPECT_EQ(conv1["params"].get<double>(), 64 * 3 * 121 + 64);
  EXPECT_FALSE(conv1["input_gradient"].get<bool>());  // fed by the graph input only
  EXPECT_TRUE(conv1["weight_gradient"].get<bool>());
  EXPECT_EQ(conv1["input_gradient_flop"].get<double>(), 0);
  // Method 1: forward x (1 + 2) x 2 epochs x 1000 examples.
  EXPECT_DOUBLE_EQ(j["training_flop"].get<double>(),
                   j["forward_flop"].get<double>() * 3 * 2 * 1000);
}

// --thresholds on a graph: AlexNet's 0.71 G multiply-adds (torchvision's
// published count, 0.705..0.715 G as rounded) x 2 FLOP x (1 + 2) x 2 epochs
// x 1000 examples is 8.46e12..8.58e12 FLOP, plus under 1% for what
// torchvision leaves out (ReLU, pooling): far under every threshold (the
// lowest, the EU's indicative 1e23), each check says "no", and the EU
// ratio is that figure over 1e25.
TEST(CliOnnx, ThresholdsAreCheckedOnAGraph) {
  const nlohmann::json j =
      Json(Fixture("alexnet.onnx") + " --examples 1000 --epochs 2 --thresholds --no-layers");
  ASSERT_TRUE(j["thresholds"].is_array()) << j.dump().substr(0, 300);
  ASSERT_FALSE(j["thresholds"].empty());
  for (const nlohmann::json& c : j["thresholds"]) EXPECT_EQ(c["exceeds"], "no") << c.dump();
  EXPECT_EQ(j["thresholds"][0]["id"], "eu_ai_act_art51");
  EXPECT_GE(j["thresholds"][0]["ratio"].get<double>(), 8.46e-13);
  EXPECT_LE(j["thresholds"][0]["ratio"].get<double>(), 8.58e-13 * 1.01);
  const CliOutput o =
      RunCli("estimate " + Fixture("alexnet.onnx") + " --examples 1000 --epochs 2 --thresholds");
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_NE(o.out.find("\nThresholds:\n  threshold "), std::string::npos) << o.out.substr(0, 300);
}

TEST(CliOnnx, PerLayerBackwardSkipsTheFirstInputGradient) {
  const nlohmann::json j = Json(Fixture("resnet18.onnx") + " --examples 1 --bp-ratio per-layer");
  ASSERT_TRUE(j.is_object());
  const nlohmann::json& layers = j["layers"];
  EXPECT_EQ(layers[0]["type"], "Conv");
  EXPECT_EQ(layers[0]["backward_factor"], 1);  // weights only
  EXPECT_EQ(layers[1]["type"], "BatchNormalization");
  EXPECT_EQ(layers[1]["backward_factor"], 2);  // weights and inputs
  EXPECT_EQ(layers[2]["type"], "Relu");
  EXPECT_EQ(layers[2]["backward_factor"], 1);  // inputs only
}

// Transformer and recurrent exports (scripts/make_onnx_fixtures.py: PyTorch
// 1.13 from Debian, opset 14, weights stripped). The expected figures were
// measured when the files were generated, by the script's MacCounter: a
// TorchDispatchMode that counts the multiply-adds of every matrix product
// PyTorch executes (mm, addmm, bmm, baddbmm, convolution and its backward)
// during one forward pass and one backward pass of sum(output), with the
// parameters requiring gradients and the data not. Parameters are
// sum(p.numel() for p in model.parameters()).
struct Measured {
  const char* args;
  double params;
  double forward_macs;   // PyTorch, forward
  double backward_macs;  // PyTorch, backward
  double tolerance;      // relative, on the backward
};
// Test output names the case, not its bytes.
void PrintTo(const Measured& c, std::ostream* os) { *os << c.args; }

class TransformerExports : public ::testing::TestWithParam<Measured> {};

TEST_P(TransformerExports, MatchWhatPyTorchExecutes) {
  const Measured& m = GetParam();
  const nlohmann::json j = Json(Fixture(m.args) + " --examples 1 --bp-ratio per-layer");
  ASSERT_TRUE(j.is_object());
  EXPECT_FALSE(j["lower_bound"].get<bool>());  // every operator has a rule
  EXPECT_EQ(j["params"].get<double>(), m.params);
  EXPECT_EQ(j["multiply_adds"].get<double>(), m.forward_macs);
  double backward = 0;  // of the matrix products, with the per-layer factors
  for (const nlohmann::json& l : j["layers"]) {
    backward += l["backward_factor"].get<double>() * l["multiply_adds"].get<double>();
  }
  EXPECT_NEAR(backward / m.backward_macs, 1.0, m.tolerance) << backward;
}

INSTANTIATE_TEST_SUITE_P(
    Onnx, TransformerExports,
    ::testing::Values(
        // torchvision VisionTransformer (32x32 images, patches of 8, 2 layers of width 64):
        // the class token's expand(n, -1, -1) pattern. Backward below 2x forward: the
        // patch convolution's input (the image) needs no gradient.
        Measured{"vit_tiny.onnx", 81226, 1385344, 2574080, 0},
        // torchvision SwinTransformer (48x48, embed 32, depths 2, 2, windows of 4): window
        // padding through Cast and a negative-step Slice.
        Measured{"swin_tiny.onnx", 136822, 9069184, 17917184, 0},
        // LLaMA-style decoder, dynamic batch and seq, 4 query heads over 2 KV heads:
        // every product's operands derive from the embedding, so backward = 2x forward.
        Measured{"llama_tiny.onnx --dim batch=1 --dim seq=16", 123712, 1777664, 3555328, 0},
        // torch.nn.TransformerEncoder, 2 layers of width 64 on data [1, 16, 64].
        Measured{"transformer_encoder.onnx", 66944, 1114112, 2031616, 0},
        // LSTM language model: PyTorch skips the gradient of the zero initial state
        // (R^T·dgates at t = 0: 4·128·128 per layer, 131,072 in all); the ONNX LSTM's
        // per-layer count includes it: 8,388,608 / 8,257,536 = 1.0159.
        Measured{"lstm_lm.onnx", 280832, 4194304, 8257536, 0.02}));

TEST(CliOnnx, NoLayersAppliesToJson) {
  const CliOutput o =
      RunCli("estimate " + Fixture("vit_tiny.onnx") + " --examples 1 --json --no-layers");
  ASSERT_EQ(o.code, 0) << o.err;
  const nlohmann::json j = nlohmann::json::parse(o.out);
  EXPECT_FALSE(j.contains("layers"));
  EXPECT_TRUE(j.contains("op_types"));
  EXPECT_EQ(j["params"].get<double>(), 81226);
}

TEST(CliOnnx, TextReportHasNodeAndOperatorTables) {
  const CliOutput o =
      RunCli("estimate " + Fixture("resnet18.onnx") + " --examples 1.28M --epochs 90");
  ASSERT_EQ(o.code, 0) << o.err;
  for (const char* text : {"Nodes (forward FLOP per run", "Operator types:", "Conv", "11.69M",
                           "Method 1 (counting operations)", "examples per graph run"}) {
    EXPECT_NE(o.out.find(text), std::string::npos) << text;
  }
}

std::string SymbolicModel() {
  w::Graph g;
  g.inputs.push_back(w::ValueInfo("x", {std::string("batch_size"), int64_t{8}}));
  g.initializers.push_back(w::WeightTensor("w", {8, 4}));
  g.nodes.push_back(w::Node("MatMul", {"x", "w"}, {"h"}, {}, "fc"));
  g.nodes.push_back(w::Node("NonMaxSuppression", {"h"}, {"y"}, {}, "nms"));
  return w::Model(g);
}

TEST(CliOnnx, SymbolicDimensionsAndOperatorsWithoutRule) {
  const std::string path = WriteTempFile("symbolic.onnx", SymbolicModel());
  const CliOutput unset = RunCli("estimate " + path + " --examples 1");
  EXPECT_EQ(unset.code, 2);
  EXPECT_EQ(unset.err, "trainflops estimate: error: " + path +
                           ": node 'fc' (MatMul): dimension 'batch_size' of 'x' (shape batch_size "
                           "x 8) is not set; pass --dim batch_size=N\n");
  const nlohmann::json j = Json(path + " --examples 1 --dim batch_size=3 --examples-per-run 3");
  ASSERT_TRUE(j.is_object());
  EXPECT_EQ(j["graph_forward_flop"].get<double>(), 2 * 3 * 8 * 4);  // 2·batch·K·N
  EXPECT_EQ(j["forward_flop"].get<double>(), 2 * 8 * 4);            // per example
  EXPECT_TRUE(j["lower_bound"].get<bool>());
  EXPECT_EQ(j["unsupported_ops"][0]["op_type"], "NonMaxSuppression");
  EXPECT_EQ(j["dims"]["batch_size"], 3);
  const CliOutput text = RunCli("estimate " + path + " --examples 1 --dim batch_size=3");
  EXPECT_NE(text.out.find("LOWER BOUND"), std::string::npos);
  EXPECT_NE(text.out.find("NonMaxSuppression x1: nms -> unknown;"), std::string::npos) << text.out;
}

// w::UnknownOperatorModel: fc1 (counted), foo (FooBar: no rule), then fc2
// and act, whose inputs derive from foo's unknown output.
TEST(CliOnnx, AnUnknownShapeLeavesNodesUncountedAndStrictStops) {
  const std::string path = WriteTempFile("unknown_op.onnx", w::UnknownOperatorModel());
  const nlohmann::json j = Json(path + " --examples 1");
  ASSERT_TRUE(j.is_object());
  EXPECT_EQ(j["graph_forward_flop"].get<double>(), 2 * 2 * 8 * 4);  // fc1: 2·M·K·N
  EXPECT_TRUE(j["lower_bound"].get<bool>());
  ASSERT_EQ(j["uncounted_nodes"].size(), 3u);
  EXPECT_EQ(j["uncounted_nodes"][0],
            nlohmann::json::parse(R"({"name": "foo", "op_type": "FooBar", "after": null,
              "reason": "the operator has no shape rule: the shapes of its outputs are unknown"})"));
  const std::string unknown_u =
      "input 'u': its shape is unknown (it comes from an operator without a shape rule and the "
      "file gives no value_info for it)";
  EXPECT_EQ(j["uncounted_nodes"][1]["name"], "fc2");
  EXPECT_EQ(j["uncounted_nodes"][1]["op_type"], "MatMul");
  EXPECT_EQ(j["uncounted_nodes"][1]["reason"], unknown_u);
  EXPECT_EQ(j["uncounted_nodes"][1]["after"], "foo");
  EXPECT_EQ(j["uncounted_nodes"][2]["name"], "act");
  EXPECT_EQ(j["uncounted_nodes"][2]["after"], "foo");
  EXPECT_EQ(j["uncounted_share"].get<double>(), 0.75);  // foo, fc2, act of 4 nodes

  const CliOutput text = RunCli("estimate " + path + " --examples 1");
  EXPECT_EQ(text.code, 0) << text.err;
  for (const std::string& line :
       {std::string("4 nodes: 1 counted, 0 zero-FLOP (shape/data movement), 1 without a FLOP "
                    "rule, 2 not counted (shape unknown)"),
        "  fc2 (MatMul): " + unknown_u + " [after foo]\n",
        std::string("lower bound: 2 node(s) not counted"), std::string("75.0% of the 4 nodes"),
        // The operator types: Relu's one node is not counted; MatMul's fc1 is.
        std::string("  Relu        1       0  not counted"),
        std::string("  MatMul      2      44     128 FLOP")}) {
    EXPECT_NE(text.out.find(line), std::string::npos) << line << "\n" << text.out;
  }

  const CliOutput strict = RunCli("estimate " + path + " --examples 1 --strict");
  EXPECT_EQ(strict.code, 2);
  EXPECT_EQ(strict.err,
            "trainflops estimate: error: " + path + ": node 'fc2' (MatMul): " + unknown_u + "\n");

  // Without fc1 nothing can be counted: the first unknown is the error.
  const std::string none = WriteTempFile("nothing_counted.onnx", w::UnknownOperatorModel(false));
  const CliOutput nothing = RunCli("estimate " + none + " --examples 1");
  EXPECT_EQ(nothing.code, 2);
  EXPECT_EQ(nothing.err,
            "trainflops estimate: error: " + none + ": node 'fc2' (MatMul): " + unknown_u + "\n");
}

// Past 20 uncounted nodes the text report says how many more there are.
TEST(CliOnnx, LongUncountedListIsShortened) {
  w::Graph g;
  g.inputs.push_back(w::ValueInfo("x", w::S({2, 8})));
  g.initializers.push_back(w::WeightTensor("W1", {8, 8}));
  g.nodes.push_back(w::Node("MatMul", {"x", "W1"}, {"h"}, {}, "fc1"));
  g.nodes.push_back(w::Node("FooBar", {"h"}, {"r0"}, {}, "foo"));
  // foo and 25 Relu after it: 26 listed, 20 by name.
  for (int i = 0; i < 25; ++i) {
    g.nodes.push_back(w::Node("Relu", {"r" + std::to_string(i)}, {"r" + std::to_string(i + 1)}, {},
                              "relu" + std::to_string(i)));
  }
  const std::string path = WriteTempFile("long_uncounted.onnx", w::Model(g));
  const CliOutput o = RunCli("estimate " + path + " --examples 1");
  EXPECT_EQ(o.code, 0) << o.err;
  EXPECT_NE(o.out.find("  relu18 (Relu): "), std::string::npos) << o.out;
  EXPECT_EQ(o.out.find("  relu19 (Relu): "), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("  ... and 6 more (the JSON report lists them all)\n"), std::string::npos)
      << o.out;
}

std::string Prefix(const std::string& path, size_t n) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str().substr(0, n);
}

struct CliError {
  std::string args;
  std::string message;  // the whole stderr line after "trainflops estimate: error: "
};

TEST(CliOnnx, ErrorsAreOneClearLine) {
  const std::string truncated =
      WriteTempFile("truncated.onnx", Prefix(Fixture("alexnet.onnx"), 100));
  const std::string text = WriteTempFile("text.onnx", "this is not a model\n");
  const std::string model = Fixture("alexnet.onnx");
  const std::vector<CliError> cases = {
      {"/nonexistent/m.onnx --examples 1",
       "/nonexistent/m.onnx: cannot open: No such file or directory"},
      // The graph (field 7) starts after ir_version (2 bytes), producer_name "pytorch"
      // (9) and producer_version "1.13.0" (8): byte 19; its 6061 bytes are the 6087-byte
      // file less those 19, its 3-byte header and the 4-byte opset_import after it.
      {truncated + " --examples 1", truncated + ": byte 19: field 7 declares 6061 bytes but its "
                                                "message ends 78 bytes later (at byte 100)"},
      {text + " --examples 1",
       text + ": byte 0: field 14 has wire type 4 (accepted: 0, 1, 2, 5; groups are obsolete)"},
      {model,
       "an ONNX graph holds no training data: give --examples N (examples per epoch) or "
       "--batches N --batch-size N, and --epochs N (default 1)"},
      {model + " --examples 1 --dim batch=2",
       model + ": --dim batch: the model has no dimension named 'batch' (it has no symbolic "
               "dimensions)"},
      {model + " --examples 1 --dim batch",
       "--dim: 'batch' is not NAME=N (e.g. --dim batch_size=1)"},
      {model + " --examples 1 --dim n=0.5",
       "--dim n: '0.5' is not accepted (accepted: a positive whole number)"},
      {model + " --examples 1 --bp-ratio tabel",
       "--bp-ratio: 'tabel' is not accepted (accepted: a number in [0, 100], 'table' or "
       "'per-layer')"},
      {model + " --batches 3", "--batches and --batch-size go together"},
  };
  for (const CliError& c : cases) {
    const CliOutput o = RunCli("estimate " + c.args);
    EXPECT_EQ(o.code, 2) << c.args;
    EXPECT_EQ(o.out, "") << c.args;
    EXPECT_EQ(o.err, "trainflops estimate: error: " + c.message + "\n") << c.args;
  }
}

TEST(CliOnnx, HelpListsTheOptions) {
  const CliOutput o = RunCli("estimate model.onnx --help");
  EXPECT_EQ(o.code, 0);
  EXPECT_NE(o.out.find("--dim NAME=N"), std::string::npos);
  EXPECT_NE(o.out.find("--examples-per-run N"), std::string::npos);
  EXPECT_NE(o.out.find("--strict"), std::string::npos);
}

}  // namespace
