// Element-wise layers: norms, activations, softmax, add, dropout, flatten.
// Expected values are worked out by hand in the comments.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "catalogue_test_util.h"
#include "trainflops/catalogue.h"

namespace trainflops::cattest {

namespace {

struct Case {
  std::string type;
  std::map<std::string, std::string> extra;  // besides shape=2x3x4
  double params, flop;
};

// Input 2x3x4: 24 elements, last dimension (C, d) = 4. Approx = exact.
TEST(Elementwise, TableOfCases) {
  const std::vector<Case> cases = {
      {"batchnorm", {}, 8, 168},                               // 2·4 params; 7·24
      {"bn", {{"affine", "false"}}, 0, 120},                   // 5·24 (no scale+shift)
      {"layernorm", {}, 8, 168},                               // 2·4; 7·24
      {"ln", {{"elementwise_affine", "no"}}, 0, 120},          // 5·24
      {"rmsnorm", {}, 4, 96},                                  // 4; 4·24
      {"rms_norm", {{"elementwise_affine", "false"}}, 0, 72},  // 3·24
      {"activation", {}, 0, 24},                               // 1·24
      {"relu", {}, 0, 24},
      {"gelu", {}, 0, 24},
      {"sigmoid", {}, 0, 24},
      {"tanh", {}, 0, 24},
      {"silu", {}, 0, 24},
      {"swish", {{"function", "swish"}}, 0, 24},
      {"softmax", {}, 0, 72},  // 3·24
      {"add", {}, 0, 24},      // 1·24
      {"residual", {}, 0, 24},
      {"dropout", {}, 0, 24},                 // 1·24, default rate 0.1
      {"dropout", {{"rate", "0.5"}}, 0, 24},  // the rate does not change the count
      {"dropout", {{"rate", "0"}}, 0, 24},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.type);
    std::map<std::string, std::string> args = c.extra;
    args["shape"] = "2x3x4";
    ExpectCost(RunLayer(c.type, args), {2, 3, 4}, c.params, c.params, c.flop, c.flop);
  }
}

TEST(Elementwise, FlattenReshapesForFree) {
  // 200·200·16 = 640,000: the CNN output fed to the article's LSTM.
  ExpectCost(RunLayer("flatten", {{"shape", "200x200x16"}}), {640000}, 0, 0, 0, 0);
}

TEST(Elementwise, SoftmaxNotesTable1Convention) {
  const Result<LayerCost> got = RunLayer("softmax", {{"shape", "20"}});
  ASSERT_TRUE(got.ok()) << got.status().message();
  ASSERT_EQ(got->notes.size(), 1u);
  EXPECT_NE(got->notes[0].find("Table 1"), std::string::npos) << got->notes[0];
}

TEST(Elementwise, Errors) {
  const std::vector<std::pair<std::map<std::string, std::string>, std::vector<std::string>>>
      dropout_cases = {
          {{{"rate", "1"}}, {"'rate'", "[0, 1)"}},
          {{{"rate", "-0.1"}}, {"'rate'"}},
          {{{"rate", "nan"}}, {"'rate'"}},
      };
  for (auto [args, fragments] : dropout_cases) {
    args["shape"] = "10";
    EXPECT_TRUE(ErrorContains(RunLayer("dropout", args), fragments));
  }
  EXPECT_TRUE(ErrorContains(RunLayer("bn", {{"shape", "10"}, {"affine", "maybe"}}), {"'affine'"}));
  EXPECT_TRUE(ErrorContains(RunLayer("activation", {{"shape", "10"}, {"function", "gleu"}}),
                            {"'function'", "did you mean 'gelu'"}));
  EXPECT_TRUE(ErrorContains(RunLayer("layernorm", {{"shape", "10"}, {"eps", "1e-5"}}),
                            {"unknown field 'eps'"}));
  EXPECT_TRUE(ErrorContains(RunLayer("relu", {}), {"missing field 'shape'"}));
}

}  // namespace
}  // namespace trainflops::cattest
