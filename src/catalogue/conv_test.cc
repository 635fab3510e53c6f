// Convolutions and pooling. Expected values are worked out by hand in the
// comments: k = kernel volume, P = output positions, D = filters, g = groups.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "catalogue_test_util.h"
#include "trainflops/catalogue.h"

namespace trainflops::cattest {

namespace {

using Args = std::map<std::string, std::string>;

// Sevilla et al. 2022, CNN-LSTM-FCN example: 400x400x5 input, 16 filters 5x5x5, S=2, P=2.
// Output: floor((400 + 4 - 4 - 1)/2) + 1 = 200 -> 200x200x16, P = 40,000.
// params 16·5·5·5 + 16 = 2016 ≈ 2000
// FLOP   2·5·5·5·16·200·200 = 160,000,000 + 2·(40,000·16 = 640,000) = 161,280,000
// approx 2·K²·C·H·W·D/S² = 2·25·5·400·400·16/4 = 160,000,000
TEST(Conv2d, SeedCnnExample) {
  const Result<LayerCost> got = RunLayer("cnn", {{"h", "400"},
                                                 {"w", "400"},
                                                 {"c", "5"},
                                                 {"filters", "16"},
                                                 {"kernel", "5"},
                                                 {"stride", "2"},
                                                 {"padding", "2"}});
  ExpectCost(got, {200, 200, 16}, 2016, 2000, 161280000, 160000000);
  ASSERT_TRUE(got.ok());
  ASSERT_EQ(got->notes.size(), 1u);  // the bias erratum only: 399/2 -> Table 1's 400/2 is whole
  EXPECT_NE(got->notes[0].find("K·K·C"), std::string::npos);
}

struct Case {
  std::string label;
  std::string type;
  Args args;
  Shape output;
  double params, params_approx, flop, flop_approx;
};

const std::vector<Case>& Cases() {
  static const std::vector<Case> cases = {
      // out 100-3+1 = 98. params 16·3·8 + 16 = 400 ≈ 384.
      // FLOP 2·3·8·16·98 = 75,264 + 2·98·16 = 3,136 -> 78,400; approx 2·3·8·100·16 = 76,800.
      {"conv1d",
       "conv1d",
       {{"l", "100"}, {"c", "8"}, {"filters", "16"}, {"kernel", "3"}},
       {98, 16},
       400,
       384,
       78400,
       76800},
      // out floor((8+2-3)/1)+1 = 8 per dim, P = 512. params 8·27·4 + 8 = 872 ≈ 864.
      // FLOP 2·27·4·8·512 = 884,736 + 2·512·8 = 8,192 -> 892,928; approx 2·27·4·512·8 = 884,736.
      {"conv3d",
       "conv3d",
       {{"d", "8"},
        {"h", "8"},
        {"w", "8"},
        {"c", "4"},
        {"filters", "8"},
        {"kernel", "3"},
        {"padding", "1"}},
       {8, 8, 8, 8},
       872,
       864,
       892928,
       884736},
      // groups 4: C/g = 2. out 10x10, P = 100. params 16·9·2 + 16 = 304 ≈ 288.
      // FLOP 2·9·2·16·100 = 57,600 + 2·100·16 = 3,200 -> 60,800; approx 2·9·2·100·16 = 57,600.
      {"grouped",
       "conv2d",
       {{"h", "10"},
        {"w", "10"},
        {"c", "8"},
        {"filters", "16"},
        {"kernel", "3"},
        {"padding", "1"},
        {"groups", "4"}},
       {10, 10, 16},
       304,
       288,
       60800,
       57600},
      // depthwise, multiplier 2: D = 16, g = 8, C/g = 1; same padding keeps 10x10.
      // params 16·9·1 + 16 = 160 ≈ 144. FLOP 2·9·1·16·100 = 28,800 + 3,200 = 32,000 ≈ 28,800.
      {"depthwise",
       "depthwise",
       {{"h", "10"},
        {"w", "10"},
        {"c", "8"},
        {"kernel", "3"},
        {"padding", "same"},
        {"multiplier", "2"}},
       {10, 10, 16},
       160,
       144,
       32000,
       28800},
      // kernel 3x5, stride 1x2, no bias, no non-linearity: out (9-3)/1+1 = 7, floor((11-5)/2)+1
      // = 4.
      // params 4·15·2 = 120. FLOP 2·15·2·4·28 = 6,720; approx 2·15·2·(9·11)·4/(1·2) = 11,880.
      {"rectangular",
       "conv2d",
       {{"h", "9"},
        {"w", "11"},
        {"c", "2"},
        {"filters", "4"},
        {"kernel", "3x5"},
        {"stride", "1x2"},
        {"bias", "false"},
        {"activation", "none"}},
       {7, 4, 4},
       120,
       120,
       6720,
       11880},
      // dilation 2: span 2·2+1 = 5, out 10-5+1 = 6 per dim, P = 36. params 9 + 1 = 10 ≈ 9.
      // FLOP 2·9·36 = 648 + 36 + 36 = 720; approx 2·9·1·100·1 = 1,800.
      {"dilated",
       "conv2d",
       {{"h", "10"}, {"w", "10"}, {"c", "1"}, {"filters", "1"}, {"kernel", "3"}, {"dilation", "2"}},
       {6, 6, 1},
       10,
       9,
       720,
       1800},
      // same, stride 2: out ceil(7/2) = 4 per dim, P = 16. params 2·9·3 + 2 = 56 ≈ 54.
      // FLOP 2·9·3·2·16 = 1,728 + 32 + 32 = 1,792; approx 2·9·3·49·2/4 = 1,323.
      {"same_stride2",
       "conv2d",
       {{"h", "7"},
        {"w", "7"},
        {"c", "3"},
        {"filters", "2"},
        {"kernel", "3"},
        {"padding", "same"},
        {"stride", "2"}},
       {4, 4, 2},
       56,
       54,
       1792,
       1323},
      // valid = no padding: out 5x5, P = 25. params 9 + 1 = 10. FLOP 2·9·25 + 25 + 25 = 500;
      // approx 2·9·49 = 882.
      {"valid",
       "conv2d",
       {{"h", "7"},
        {"w", "7"},
        {"c", "1"},
        {"filters", "1"},
        {"kernel", "3"},
        {"padding", "valid"}},
       {5, 5, 1},
       10,
       9,
       500,
       882},
      // transposed: H' = 2·(5-1) + 3 - 2·1 + 1 = 10. params 3·9·6 + 3 = 165 ≈ 162.
      // FLOP 2·25·6·9·3 = 8,100 + 2·(3·100) = 8,700; approx 8,100.
      {"transposed",
       "deconv",
       {{"h", "5"},
        {"w", "5"},
        {"c", "6"},
        {"filters", "3"},
        {"kernel", "3"},
        {"stride", "2"},
        {"padding", "1"},
        {"output_padding", "1"}},
       {10, 10, 3},
       165,
       162,
       8700,
       8100},
      // DCGAN-style: 4x4x1024 -> H' = 2·3 + 4 - 2 = 8, 512 filters 4x4.
      // params 512·16·1024 = 8,388,608 + 512 = 8,389,120.
      // FLOP 2·16·1024·16·512 = 268,435,456 + 2·512·64 = 65,536 -> 268,500,992.
      {"transposed_dcgan",
       "conv_transpose2d",
       {{"h", "4"},
        {"w", "4"},
        {"c", "1024"},
        {"filters", "512"},
        {"kernel", "4"},
        {"stride", "2"},
        {"padding", "1"}},
       {8, 8, 512},
       8389120,
       8388608,
       268500992,
       268435456},
      // max 2x2, stride 2: out floor((5-2)/2)+1 = 2 -> 2·2·6 = 24 outputs x 3 comparisons = 72.
      {"maxpool",
       "maxpool2d",
       {{"h", "5"}, {"w", "5"}, {"c", "6"}, {"kernel", "2"}},
       {2, 2, 6},
       0,
       0,
       72,
       72},
      // ResNet stem: 3x3, S=2, P=1 on 112: floor((112+2-3)/2)+1 = 56; 56·56·64 = 200,704
      // outputs x 8 comparisons = 1,605,632.
      {"maxpool_resnet",
       "max_pool",
       {{"h", "112"},
        {"w", "112"},
        {"c", "64"},
        {"kernel", "3"},
        {"stride", "2"},
        {"padding", "1"}},
       {56, 56, 64},
       0,
       0,
       1605632,
       1605632},
      // avg 2x2: out 2x2x3 = 12 outputs x (3 adds + 1 divide) = 48.
      {"avgpool",
       "avgpool2d",
       {{"h", "4"}, {"w", "4"}, {"c", "3"}, {"kernel", "2"}},
       {2, 2, 3},
       0,
       0,
       48,
       48},
      // 1D max 2: out 5x4 = 20 outputs x 1 comparison = 20.
      {"maxpool1d", "maxpool1d", {{"l", "10"}, {"c", "4"}, {"kernel", "2"}}, {5, 4}, 0, 0, 20, 20},
      // 1D avg 3, stride 1: out 8x4 = 32 outputs x 3 = 96.
      {"avgpool1d",
       "avgpool1d",
       {{"l", "10"}, {"c", "4"}, {"kernel", "3"}, {"stride", "1"}},
       {8, 4},
       0,
       0,
       96,
       96},
      // global average: 7·7·512 = 25,088 (48 adds + 1 divide per channel).
      {"gap", "gap", {{"shape", "7x7x512"}}, {512}, 0, 0, 25088, 25088},
      // global max: 48 comparisons x 512 = 24,576.
      {"global_max", "global_maxpool", {{"shape", "7x7x512"}}, {512}, 0, 0, 24576, 24576},
  };
  return cases;
}

TEST(Conv, TableOfCases) {
  for (const Case& c : Cases()) {
    SCOPED_TRACE(c.label);
    ExpectCost(RunLayer(c.type, c.args), c.output, c.params, c.params_approx, c.flop,
               c.flop_approx);
  }
}

TEST(Conv, NotesExplainTable1Errata) {
  const Result<LayerCost> transposed =
      RunLayer("deconv", {{"h", "5"}, {"w", "5"}, {"c", "6"}, {"filters", "3"}, {"kernel", "3"}});
  ASSERT_TRUE(transposed.ok());
  ASSERT_FALSE(transposed->notes.empty());
  EXPECT_NE(transposed->notes[0].find("spurious extra factor C"), std::string::npos);
  // 7x7, K=3, S=2: Table 1's (7-3+1)/2 = 2.5 is not whole; floor(4/2)+1 = 3.
  const Result<LayerCost> odd = RunLayer(
      "conv2d",
      {{"h", "7"}, {"w", "7"}, {"c", "1"}, {"filters", "1"}, {"kernel", "3"}, {"stride", "2"}});
  ASSERT_TRUE(odd.ok());
  EXPECT_EQ(odd->output_shape, (Shape{3, 3, 1}));
  ASSERT_FALSE(odd->notes.empty());
  EXPECT_NE(odd->notes[0].find("2.5"), std::string::npos) << odd->notes[0];
}

TEST(Conv, ErrorsAreSpecific) {
  const Args image = {{"h", "5"}, {"w", "5"}, {"c", "6"}};
  auto with = [&image](const Args& extra) {
    Args all = image;
    all.insert(extra.begin(), extra.end());
    return all;
  };
  const std::vector<std::tuple<std::string, Args, std::vector<std::string>>> cases = {
      {"conv2d",
       with({{"filters", "16"}, {"kernel", "7"}}),
       {"kernel 7 larger than padded input 5 on h"}},
      {"conv2d", with({{"filters", "16"}, {"kernel", "3x7"}}), {"larger than", "on w"}},
      {"conv2d",
       with({{"filters", "16"}, {"kernel", "3"}, {"groups", "4"}}),
       {"field 'groups'", "divide"}},
      {"conv2d", with({{"filters", "16"}, {"kernel", "3x5x7"}}), {"'kernel'", "3 values"}},
      {"conv2d",
       with({{"filters", "16"}, {"kernel", "3"}, {"padding", "sme"}}),
       {"'padding'", "did you mean 'same'"}},
      {"conv2d", with({{"filters", "16"}}), {"missing field 'kernel'"}},
      {"deconv",
       with({{"filters", "4"}, {"kernel", "3"}, {"stride", "2"}, {"output_padding", "2"}}),
       {"'output_padding'", "smaller than the stride"}},
      {"deconv",
       with({{"filters", "4"}, {"kernel", "1"}, {"padding", "3"}}),
       {"leaves no output on h"}},
      {"deconv", with({{"filters", "4"}, {"kernel", "3"}, {"padding", "same"}}), {"'padding'"}},
      {"maxpool2d", with({{"kernel", "6"}}), {"kernel 6 larger than padded input 5 on h"}},
      {"gap", {{"shape", "512"}}, {"spatial"}},
  };
  for (const auto& [type, args, fragments] : cases) {
    EXPECT_TRUE(ErrorContains(RunLayer(type, args), fragments)) << type;
  }
}

}  // namespace
}  // namespace trainflops::cattest
