// Properties that follow from the formulas, checked over many generated
// inputs: they catch mistakes that a handful of fixed examples can miss.
#include <gtest/gtest.h>

#include <random>

#include "../core/test_util.h"
#include "trainflops/catalogue.h"
#include "trainflops/method1.h"

namespace trainflops {
namespace {

Method1Result Estimate(const std::string& text) {
  const ModelSpec spec = testing::ValueOrFail(ParseModelSpec(text, "prop.yaml"), "prop.yaml");
  return testing::ValueOrFail(EstimateMethod1(spec, {}), "Method 1 on prop.yaml");
}

std::string Mlp(int64_t in, int64_t hidden, double examples, double epochs) {
  return "input: [" + std::to_string(in) +
         "]\nlayers:\n  - {type: dense, units: " + std::to_string(hidden) +
         "}\n  - {type: dense, units: 10}\ntraining: {epochs: " + std::to_string(epochs) +
         ", examples: " + std::to_string(examples) + "}\n";
}

// Training FLOP is linear in the data: half the examples, half the compute;
// two stages that split the data add up to the whole.
TEST(Method1Properties, ComputeIsLinearInData) {
  std::mt19937_64 rng(7);
  for (int i = 0; i < 50; ++i) {
    const int64_t in = 1 + static_cast<int64_t>(rng() % 5000);
    const int64_t hidden = 1 + static_cast<int64_t>(rng() % 5000);
    const double examples = 2.0 * static_cast<double>(1 + rng() % 1000000);
    const double whole = Estimate(Mlp(in, hidden, examples, 3)).estimate.training_flop;
    const double half = Estimate(Mlp(in, hidden, examples / 2, 3)).estimate.training_flop;
    EXPECT_NEAR(half / whole, 0.5, 1e-12);
    const std::string staged = "input: [" + std::to_string(in) +
                               "]\nlayers:\n  - {type: dense, units: " + std::to_string(hidden) +
                               "}\n  - {type: dense, units: 10}\nstages:\n" +
                               "  - {epochs: 3, examples: " + std::to_string(examples / 2) + "}\n" +
                               "  - {epochs: 3, examples: " + std::to_string(examples / 2) + "}\n";
    EXPECT_NEAR(Estimate(staged).estimate.training_flop / whole, 1.0, 1e-12);
  }
}

// Table 1: every term of a dense layer (2·N·M, bias M, non-linearity M) is
// linear in the width M, so doubling M doubles both the exact and the
// approximate forward FLOP.
TEST(Method1Properties, DenseFlopIsLinearInWidth) {
  const LayerKind* dense = *FindLayerKind("dense");
  std::mt19937_64 rng(11);
  for (int i = 0; i < 200; ++i) {
    const int64_t n = 1 + static_cast<int64_t>(rng() % 100000);
    const int64_t m = 1 + static_cast<int64_t>(rng() % 100000);
    LayerArgs one, two;
    one.Set("units", std::to_string(m));
    two.Set("units", std::to_string(2 * m));
    const LayerCost a = *ComputeLayer(*dense, {n}, one);
    const LayerCost b = *ComputeLayer(*dense, {n}, two);
    EXPECT_DOUBLE_EQ(b.forward_flop, 2 * a.forward_flop);
    EXPECT_DOUBLE_EQ(b.forward_flop_approx, 2 * a.forward_flop_approx);
  }
}

// Table 1: conv2d FLOP is linear in the number of filters D and, with
// stride 1 and "same" padding, in the image area H·W.
TEST(Method1Properties, ConvFlopScalesWithFiltersAndArea) {
  const LayerKind* conv = *FindLayerKind("conv2d");
  std::mt19937_64 rng(13);
  for (int i = 0; i < 100; ++i) {
    const int64_t h = 8 + static_cast<int64_t>(rng() % 120),
                  c = 1 + static_cast<int64_t>(rng() % 64);
    const int64_t d = 1 + static_cast<int64_t>(rng() % 64);
    LayerArgs args, doubled;
    for (LayerArgs* a : {&args, &doubled}) {
      a->Set("kernel", "3");
      a->Set("padding", "1");
    }
    args.Set("filters", std::to_string(d));
    doubled.Set("filters", std::to_string(2 * d));
    const LayerCost base = *ComputeLayer(*conv, {h, h, c}, args);
    EXPECT_DOUBLE_EQ(ComputeLayer(*conv, {h, h, c}, doubled)->forward_flop, 2 * base.forward_flop);
    EXPECT_DOUBLE_EQ(ComputeLayer(*conv, {2 * h, 2 * h, c}, args)->forward_flop,
                     4 * base.forward_flop);
  }
}

// Per-token parts: the compute is linear in tokens per sequence.
TEST(Method1Properties, RecurrentComputeIsLinearInSequenceLength) {
  auto spec = [](int tokens) {
    return "recurrent: true\ninput: [32]\nlayers: [{type: lstm, units: 16}]\ntraining: {examples: "
           "100, "
           "tokens_per_sequence: " +
           std::to_string(tokens) + "}\n";
  };
  const double one = Estimate(spec(1)).estimate.training_flop;
  for (int t : {2, 7, 20, 1000}) {
    EXPECT_NEAR(Estimate(spec(t)).estimate.training_flop / one, t, 1e-9 * t);
  }
}

}  // namespace
}  // namespace trainflops
