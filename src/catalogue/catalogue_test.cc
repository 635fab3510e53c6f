// The catalogue's registry and validation, through the public API, and the
// test helpers the other catalogue tests share (declared in each of them).
// Expected values are worked out by hand from the formulas in the comments.
#include "catalogue_test_util.h"
#include "trainflops/catalogue.h"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

namespace trainflops::cattest {

// Looks `type` up, builds the input shape from `args` (h=, w=, c= or shape=)
// and computes the layer, as the `layer` command does.
Result<LayerCost> RunLayer(std::string_view type, const std::map<std::string, std::string>& args) {
  TF_ASSIGN_OR_RETURN(const LayerKind* kind, FindLayerKind(type));
  LayerArgs layer_args;
  for (const auto& [key, value] : args) layer_args.Set(key, value);
  TF_ASSIGN_OR_RETURN(const Shape input, InputShapeFromArgs(*kind, layer_args));
  return ComputeLayer(*kind, input, layer_args);
}

// Success when `result` failed with a message containing every fragment.
testing::AssertionResult ErrorContains(const Result<LayerCost>& result,
                                       const std::vector<std::string>& fragments) {
  if (result.ok()) return testing::AssertionFailure() << "succeeded; expected an error";
  for (const std::string& fragment : fragments) {
    if (result.status().message().find(fragment) == std::string::npos) {
      return testing::AssertionFailure()
             << "message '" << result.status().message() << "' lacks '" << fragment << "'";
    }
  }
  return testing::AssertionSuccess();
}

void ExpectCost(const Result<LayerCost>& got, const Shape& output, double params,
                double params_approx, double flop, double flop_approx) {
  ASSERT_TRUE(got.ok()) << got.status().message();
  EXPECT_EQ(got->output_shape, output);
  EXPECT_DOUBLE_EQ(got->params, params);
  EXPECT_DOUBLE_EQ(got->params_approx, params_approx);
  EXPECT_DOUBLE_EQ(got->forward_flop, flop);
  EXPECT_DOUBLE_EQ(got->forward_flop_approx, flop_approx);
  EXPECT_FALSE(got->formula.empty());
  EXPECT_FALSE(got->source.empty());
}

namespace {

TEST(FindLayerKind, AcceptsNamesAndAliases) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"fc", "dense"},
      {"Fully-Connected", "dense"},
      {"linear", "dense"},
      {"cnn", "conv2d"},
      {"CONV", "conv2d"},
      {"conv1d", "conv1d"},
      {"conv3d", "conv3d"},
      {"depthwise", "depthwise_conv2d"},
      {"deconv", "conv_transpose2d"},
      {"conv2d-transpose", "conv_transpose2d"},
      {"transposed_conv", "conv_transpose2d"},
      {"max_pool", "maxpool2d"},
      {"avg_pool", "avgpool2d"},
      {"gap", "global_avgpool"},
      {"global_average_pooling", "global_avgpool"},
      {"LSTM", "lstm"},
      {"mha", "multi_head_attention"},
      {"multihead_attention", "multi_head_attention"},
      {"attention", "self_attention"},
      {"bn", "batchnorm"},
      {"layer_norm", "layernorm"},
      {"rms_norm", "rmsnorm"},
      {"relu", "activation"},
      {"gelu", "activation"},
      {"swish", "activation"},
      {"residual", "add"},
      {"dropout", "dropout"},
      {"flatten", "flatten"},
  };
  for (const auto& [name, canonical] : cases) {
    Result<const LayerKind*> kind = FindLayerKind(name);
    ASSERT_TRUE(kind.ok()) << name << ": " << kind.status().message();
    EXPECT_EQ((*kind)->name, canonical) << name;
  }
}

// No name or alias shadows another kind's, and every kind is complete.
TEST(LayerCatalogue, NamesAreUniqueAndKindsComplete) {
  for (const LayerKind& kind : LayerCatalogue()) {
    EXPECT_FALSE(kind.summary.empty()) << kind.name;
    EXPECT_TRUE(kind.compute) << kind.name;
    std::vector<std::string> names = kind.aliases;
    names.push_back(kind.name);
    for (const std::string& name : names) {
      Result<const LayerKind*> found = FindLayerKind(name);
      ASSERT_TRUE(found.ok()) << name;
      EXPECT_EQ(*found, &kind) << name << " resolves to " << (*found)->name;
    }
  }
}

TEST(FindLayerKind, UnknownNameSuggests) {
  const std::vector<std::pair<std::string, std::string>> cases = {{"lstn", "did you mean 'lstm'"},
                                                                  {"conv2", "'conv2d'"}};
  for (const auto& [name, hint] : cases) {
    Result<const LayerKind*> kind = FindLayerKind(name);
    ASSERT_FALSE(kind.ok()) << name;
    EXPECT_EQ(kind.status().code(), StatusCode::kNotFound);
    EXPECT_NE(kind.status().message().find(hint), std::string::npos) << kind.status().message();
  }
}

TEST(ComputeLayer, UnknownFieldSuggests) {
  EXPECT_TRUE(ErrorContains(
      RunLayer("conv2d", {{"h", "8"}, {"w", "8"}, {"c", "3"}, {"filter", "16"}, {"kernel", "3"}}),
      {"unknown field 'filter'", "did you mean 'filters'"}));
}

TEST(ComputeLayer, InputDimensionMustMatchIncomingShape) {
  Result<const LayerKind*> kind = FindLayerKind("conv2d");
  ASSERT_TRUE(kind.ok());
  LayerArgs args;
  args.Set("c", "3");
  args.Set("filters", "16");
  args.Set("kernel", "5");
  EXPECT_TRUE(ErrorContains(ComputeLayer(**kind, {400, 400, 5}, args), {"field 'c' is 3", "c=5"}));
}

TEST(ComputeLayer, WrongRankIsRefused) {
  Result<const LayerKind*> kind = FindLayerKind("conv2d");
  ASSERT_TRUE(kind.ok());
  LayerArgs args;
  args.Set("filters", "16");
  args.Set("kernel", "5");
  EXPECT_TRUE(ErrorContains(ComputeLayer(**kind, {640000}, args), {"3 dimensions"}));
}

// Zero, negative and NaN sizes are refused with a message naming the field.
TEST(ComputeLayer, BadSizesNameTheField) {
  struct Case {
    std::string type;
    std::map<std::string, std::string> args;
    std::string field;
  };
  const std::map<std::string, std::string> image = {{"h", "8"}, {"w", "8"}, {"c", "3"}};
  auto with = [](std::map<std::string, std::string> base,
                 const std::map<std::string, std::string>& extra) {
    base.insert(extra.begin(), extra.end());
    return base;
  };
  const std::vector<Case> cases = {
      {"dense", {{"n", "256"}, {"units", "0"}}, "'units'"},
      {"dense", {{"n", "0"}, {"units", "10"}}, "'n'"},
      {"dense", {{"n", "256"}, {"units", "-10"}}, "'units'"},
      {"dense", {{"n", "nan"}, {"units", "10"}}, "'n'"},
      {"conv2d", with(image, {{"filters", "-3"}, {"kernel", "3"}}), "'filters'"},
      {"conv2d", with(image, {{"filters", "16"}, {"kernel", "nan"}}), "'kernel'"},
      {"conv2d", with(image, {{"filters", "16"}, {"kernel", "0"}}), "'kernel'"},
      {"conv2d", with(image, {{"filters", "16"}, {"kernel", "3"}, {"stride", "2x0"}}), "'stride'"},
      {"conv2d", with(image, {{"filters", "16"}, {"kernel", "3"}, {"padding", "-1"}}), "'padding'"},
      {"lstm", {{"n", "64"}, {"units", "0"}}, "'units'"},
      {"mha", {{"w", "64"}, {"seq_len", "20"}, {"key_size", "64"}, {"heads", "0"}}, "'heads'"},
      {"attention", {{"w", "64"}, {"seq_len", "-1"}, {"key_size", "64"}}, "'seq_len'"},
      {"dropout", {{"shape", "10"}, {"rate", "nan"}}, "'rate'"},
  };
  for (const Case& c : cases) {
    EXPECT_TRUE(ErrorContains(RunLayer(c.type, c.args), {c.field})) << c.type;
  }
}

// Sevilla et al. 2022, CNN-LSTM-FCN example: FC 256 -> 10.
// params 256·10 + 10 = 2570 ≈ 2560; FLOP 2·256·10 + 10 + 10 = 5140 ≈ 5120.
TEST(Dense, SeedFullyConnected) {
  ExpectCost(RunLayer("dense", {{"n", "256"}, {"units", "10"}}), {10}, 2570, 2560, 5140, 5120);
}

// 1e7 -> 1e7: params 1e14 + 1e7; FLOP 2·1e14 + 1e7 + 1e7 = 200,000,020,000,000
// (below 2^53, so still exact) ≈ 2e14.
TEST(Dense, WideLayerDoesNotOverflow) {
  ExpectCost(RunLayer("dense", {{"n", "1e7"}, {"units", "1e7"}}), {10000000}, 1e14 + 1e7, 1e14,
             200000020000000.0, 2e14);
}

// 1e8 x 1e8 = 1e16 elements > 1e15: refused, on the input and on an output.
TEST(ComputeLayer, ImplausibleElementCountsAreRefused) {
  EXPECT_FALSE(RunLayer("add", {{"shape", "100000000x100000000"}}).ok());
  // 1e6·1e6 inputs (1e12, fine) -> 1e6·1e6·1e4 = 1e16 outputs.
  EXPECT_TRUE(ErrorContains(
      RunLayer("conv2d",
               {{"h", "1e6"}, {"w", "1e6"}, {"c", "1"}, {"filters", "1e4"}, {"kernel", "1"}}),
      {"output shape"}));
}

}  // namespace
}  // namespace trainflops::cattest
