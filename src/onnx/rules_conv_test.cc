// Conv, ConvTranspose and pooling against hand arithmetic (formulas in
// rules_conv.cc: 2·N·M·P·(C/g)·k + N·M·P bias; pooling (k - 1) or k per output).
#include "rules_test_util.h"

namespace trainflops::onnx::testing {
namespace {

using I = std::vector<int64_t>;

class ConvRules : public ::testing::TestWithParam<RuleCase> {};
TEST_P(ConvRules, MatchesHandArithmetic) { CheckRule(GetParam()); }

INSTANTIATE_TEST_SUITE_P(
    Onnx, ConvRules,
    ::testing::Values(
        // 3x3 conv, pad 1: P = 32·32 = 1024; 2·1·16·1024·3·9 = 884,736 + bias 16·1024
        // = 16,384 -> 901,120. Params 16·3·9 + 16 = 448.
        RuleCase{"conv2d_bias",
                 {{{"x", {int64_t{1}, int64_t{3}, int64_t{32}, int64_t{32}}}},
                  {{"w", I{16, 3, 3, 3}}, {"b", I{16}}},
                  {},
                  Node("Conv", {"x", "w", "b"}, {"y"}, {AttrInts("pads", {1, 1, 1, 1})})},
                 901120,
                 "1x16x32x32",
                 448},
        // groups 4 (C/g = 2), dilation 2 (span 5), stride 2: (20 - 5)/2 + 1 = 8;
        // batch 2: 2·2·8·64·2·9 = 36,864.
        RuleCase{"conv2d_groups_dilation_batch",
                 {{{"x", {int64_t{2}, int64_t{8}, int64_t{20}, int64_t{20}}}},
                  {{"w", I{8, 2, 3, 3}}},
                  {},
                  Node("Conv", {"x", "w"}, {"y"},
                       {AttrInt("group", 4), AttrInts("dilations", {2, 2}),
                        AttrInts("strides", {2, 2})})},
                 36864,
                 "2x8x8x8",
                 144},
        // 1D, kernel 3, pads 1: out 10; 2·6·10·4·3 = 1,440.
        RuleCase{"conv1d",
                 {{{"x", {int64_t{1}, int64_t{4}, int64_t{10}}}},
                  {{"w", I{6, 4, 3}}},
                  {},
                  Node("Conv", {"x", "w"}, {"y"}, {AttrInts("pads", {1, 1})})},
                 1440,
                 "1x6x10",
                 72},
        // 3D, kernel 2, stride 2: out 2x2x2 = 8 positions; 2·3·8·2·8 = 768 + bias 24.
        RuleCase{"conv3d",
                 {{{"x", {int64_t{1}, int64_t{2}, int64_t{4}, int64_t{4}, int64_t{4}}}},
                  {{"w", I{3, 2, 2, 2, 2}}, {"b", I{3}}},
                  {},
                  Node("Conv", {"x", "w", "b"}, {"y"}, {AttrInts("strides", {2, 2, 2})})},
                 792,
                 "1x3x2x2x2",
                 51},
        // SAME_UPPER, stride 2: ceil(7/2) = 4; 2·16·9 = 288.
        RuleCase{"conv_same_upper",
                 {{{"x", {int64_t{1}, int64_t{1}, int64_t{7}, int64_t{7}}}},
                  {{"w", I{1, 1, 3, 3}}},
                  {},
                  Node("Conv", {"x", "w"}, {"y"},
                       {AttrString("auto_pad", "SAME_UPPER"), AttrInts("strides", {2, 2})})},
                 288,
                 "1x1x4x4",
                 9},
        // Out = 2·(5 - 1) + 1 + 3 - 2 = 10; 2·1·4·25·2·9 = 3,600 + bias 2·100 = 3,800.
        RuleCase{"conv_transpose",
                 {{{"x", {int64_t{1}, int64_t{4}, int64_t{5}, int64_t{5}}}},
                  {{"w", I{4, 2, 3, 3}}, {"b", I{2}}},
                  {},
                  Node("ConvTranspose", {"x", "w", "b"}, {"y"},
                       {AttrInts("strides", {2, 2}), AttrInts("pads", {1, 1, 1, 1}),
                        AttrInts("output_padding", {1, 1})})},
                 3800,
                 "1x2x10x10",
                 74},
        // (6 - 3)/2 + 1 = 2: 1·2·2·2 = 8 outputs x 8 comparisons = 64.
        RuleCase{"maxpool",
                 {{{"x", {int64_t{1}, int64_t{2}, int64_t{6}, int64_t{6}}}},
                  {},
                  {},
                  Node("MaxPool", {"x"}, {"y"},
                       {AttrInts("kernel_shape", {3, 3}), AttrInts("strides", {2, 2})})},
                 64,
                 "1x2x2x2"},
        // ceil_mode: ceil(3/2) + 1 = 3 (last window starts at 4 < 6): 18 x 8 = 144.
        RuleCase{"maxpool_ceil",
                 {{{"x", {int64_t{1}, int64_t{2}, int64_t{6}, int64_t{6}}}},
                  {},
                  {},
                  Node("MaxPool", {"x"}, {"y"},
                       {AttrInts("kernel_shape", {3, 3}), AttrInts("strides", {2, 2}),
                        AttrInt("ceil_mode", 1)})},
                 144,
                 "1x2x3x3"},
        // 4 outputs x (3 adds + 1 divide) = 16.
        RuleCase{"avgpool",
                 {{{"x", {int64_t{1}, int64_t{1}, int64_t{4}, int64_t{4}}}},
                  {},
                  {},
                  Node("AveragePool", {"x"}, {"y"},
                       {AttrInts("kernel_shape", {2, 2}), AttrInts("strides", {2, 2})})},
                 16,
                 "1x1x2x2"},
        // N·C = 6 channels x 20 positions = 120 (19 adds + 1 divide each).
        RuleCase{"global_avgpool",
                 {{{"x", {int64_t{2}, int64_t{3}, int64_t{4}, int64_t{5}}}},
                  {},
                  {},
                  Node("GlobalAveragePool", {"x"}, {"y"})},
                 120,
                 "2x3x1x1"},
        // 6 channels x 19 comparisons = 114.
        RuleCase{"global_maxpool",
                 {{{"x", {int64_t{2}, int64_t{3}, int64_t{4}, int64_t{5}}}},
                  {},
                  {},
                  Node("GlobalMaxPool", {"x"}, {"y"})},
                 114,
                 "2x3x1x1"}),
    CaseName);

}  // namespace
}  // namespace trainflops::onnx::testing
