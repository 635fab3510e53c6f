#include <gtest/gtest.h>

#include "trainflops/model_spec.h"

namespace trainflops {
namespace {

TEST(SpecParser, ReadsLayersRepeatAndTraining) {
  const char* text = R"(name: tiny
input: [28, 28, 1]
layers:
  - {type: flatten}
  - repeat: 3
    name: block
    layers:
      - {type: dense, units: 64}
  - lstm: {units: 8}
training:
  epochs: 2
  batches: 10
  batch_size: 4
)";
  Result<ModelSpec> spec = ParseModelSpec(text, "tiny.yaml");
  ASSERT_TRUE(spec.ok()) << spec.status().message();
  ASSERT_EQ(spec->parts.size(), 1u);
  const PartSpec& part = spec->parts[0];
  EXPECT_EQ(*part.input, (Shape{28, 28, 1}));
  ASSERT_EQ(part.layers.size(), 3u);
  EXPECT_EQ(part.layers[1].kind, SpecNode::Kind::kRepeat);
  EXPECT_EQ(part.layers[1].times, 3);
  EXPECT_EQ(part.layers[1].children[0].args.Text("units"), "64");
  EXPECT_EQ(part.layers[2].type, "lstm");  // shorthand form
  EXPECT_EQ(part.layers[2].line, 9);
  ASSERT_EQ(spec->stages.size(), 1u);
  EXPECT_EQ(*spec->stages[0].epochs, 2);
  EXPECT_EQ(*spec->stages[0].batches, 10);
}

TEST(SpecParser, JsonIsAccepted) {
  const char* text = R"({"input": [4], "layers": [{"type": "dense", "units": 2}],
                         "training": {"epochs": 1, "examples": "1.2M"}})";
  Result<ModelSpec> spec = ParseModelSpec(text, "m.json");
  ASSERT_TRUE(spec.ok()) << spec.status().message();
  EXPECT_EQ(*spec->stages[0].examples, 1.2e6);
}

TEST(SpecParser, PartsAndStages) {
  const char* text = R"(parts:
  - name: enc
    per_token: true
    input: scalar
    tokens_per_sequence: 30
    layers: [{type: embedding, vocab: 10, dim: 4}]
  - name: dec
    recurrent: yes
    layers: [{type: dense, units: 3}]
stages:
  - {name: pre, epochs: 1, examples: 100}
  - {name: fine, epochs: 2, examples: 10}
)";
  Result<ModelSpec> spec = ParseModelSpec(text, "p.yaml");
  ASSERT_TRUE(spec.ok()) << spec.status().message();
  ASSERT_EQ(spec->parts.size(), 2u);
  EXPECT_TRUE(spec->parts[0].per_token);
  EXPECT_TRUE(spec->parts[1].per_token);
  EXPECT_EQ(*spec->parts[0].input, Shape{});
  EXPECT_FALSE(spec->parts[1].input.has_value());
  EXPECT_EQ(*spec->parts[0].tokens_per_sequence, 30);
  ASSERT_EQ(spec->stages.size(), 2u);
  EXPECT_EQ(spec->stages[1].name, "fine");
}

struct BadSpec {
  const char* name;
  const char* text;
  const char* expected;  // a fragment the message must contain
};
// Test output names the case, not its bytes.
void PrintTo(const BadSpec& c, std::ostream* os) { *os << c.name; }

class SpecParserErrors : public ::testing::TestWithParam<BadSpec> {};

TEST_P(SpecParserErrors, NamesFileLineAndProblem) {
  Result<ModelSpec> spec = ParseModelSpec(GetParam().text, "bad.yaml");
  ASSERT_FALSE(spec.ok());
  EXPECT_NE(spec.status().message().find("bad.yaml"), std::string::npos) << spec.status().message();
  EXPECT_NE(spec.status().message().find(GetParam().expected), std::string::npos)
      << spec.status().message();
}

INSTANTIATE_TEST_SUITE_P(
    All, SpecParserErrors,
    ::testing::Values(
        BadSpec{"malformed", "input: [1, 2\nlayers: [", "malformed YAML"},
        BadSpec{"unknown_top_field", "input: [3]\nlayer: []\n", "did you mean 'layers'"},
        BadSpec{"unknown_training_field",
                "input: [3]\nlayers: [{type: dense, units: 1}]\ntraining: {epoch: 3}\n",
                "bad.yaml:3: unknown field 'epoch'"},
        BadSpec{"missing_input", "layers: [{type: dense, units: 1}]\n", "missing 'input'"},
        BadSpec{"no_layers", "input: [3]\n", "no 'layers' or 'parts'"},
        BadSpec{"empty_layers", "input: [3]\nlayers: []\n", "non-empty 'layers:'"},
        BadSpec{"layer_without_type", "input: [3]\nlayers:\n  - {units: 4, name: x}\n",
                "bad.yaml:3: layer 1 has no 'type'"},
        BadSpec{"negative_epochs",
                "input: [3]\nlayers: [{type: dense, units: 1}]\ntraining: {epochs: -2}\n",
                "field 'epochs'"},
        BadSpec{"nan_examples",
                "input: [3]\nlayers: [{type: dense, units: 1}]\ntraining: {examples: .nan}\n",
                "field 'examples'"},
        BadSpec{"zero_dim_input", "input: [0, 3]\nlayers: [{type: dense, units: 1}]\n",
                "field 'input'"},
        BadSpec{"non_integer_repeat",
                "input: [3]\nlayers:\n  - {repeat: 2.5, layers: [{type: dense, units: 1}]}\n",
                "whole number"},
        BadSpec{"both_training_and_stages",
                "input: [3]\nlayers: [{type: dense, units: 1}]\ntraining: {epochs: 1}\nstages: "
                "[{epochs: 1}]\n",
                "either 'training' or 'stages'"},
        BadSpec{"bad_batch_regime",
                "input: [3]\nlayers: [{type: dense, units: 1}]\ntraining: {batch_regime: huge}\n",
                "large or small"},
        BadSpec{"not_a_map", "- 1\n- 2\n", "a spec must be a map"},
        // Hostile input: counted and refused while reading, naming the line.
        BadSpec{"repeat_over_the_cap",
                "input: [3]\nlayers:\n  - {repeat: 10001, layers: [{type: relu}]}\n",
                "bad.yaml:3: field 'repeat' must be a whole number of copies (1 to 10,000)"},
        BadSpec{"nested_repeats_over_the_cap",
                "input: [3]\nlayers:\n  - repeat: 101\n    layers:\n      - repeat: 100\n"
                "        layers: [{type: relu}]\n",
                "bad.yaml:3: this expands to 10,100 layers; at most 10,000 layers"},
        // Levels of ten aliases of the level below, each repeated ten times:
        // 10^8 layers in a few hundred bytes, refused at the first level over
        // the cap (the fourth, 10^6 layers) before the fifth is read.
        BadSpec{
            "alias_bomb",
            "input: [3]\nlayers:\n  - &a {type: relu}\n"
            "  - &b {repeat: 10, layers: [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]}\n"
            "  - &c {repeat: 10, layers: [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]}\n"
            "  - &d {repeat: 10, layers: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]}\n"
            "  - &e {repeat: 10, layers: [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]}\n",
            "bad.yaml:6: this expands to 1,000,000 layers; at most 10,000 layers after expanding "
            "'repeat' blocks and YAML aliases"},
        // Aliases without repeat: 10 x 10 x ... entries, each read once per use.
        BadSpec{"alias_entries",
                "input: [3]\nlayers:\n  - &a {branch: x, layers: [{type: relu}, {type: relu}, "
                "{type: relu}, {type: relu}, {type: relu}, {type: relu}, {type: relu}, "
                "{type: relu}, {type: relu}, {type: relu}]}\n"
                "  - &b {branch: y, layers: [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]}\n"
                "  - &c {branch: z, layers: [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]}\n"
                "  - &d {branch: w, layers: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]}\n",
                "layers after expanding"},
        BadSpec{"flow_nesting_65",
                "input: [3]\nlayers: [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["
                "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]"
                "]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]\n",
                "bad.yaml:2: nested more than 64 levels deep"},
        BadSpec{
            "long_unknown_key_is_shortened",
            "input: [3]\nlayers: [{type: relu}]\naaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
            "aaaaaaaaaa: 1\n",
            "unknown field 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa... (60 bytes)'"}),
    [](const ::testing::TestParamInfo<BadSpec>& p) { return p.param.name; });

}  // namespace
}  // namespace trainflops
