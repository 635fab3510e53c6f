// The numbers and shapes that every node's formula text is made of
// (graph.h): whole numbers with thousands separators, others in scientific
// notation; shapes as "2x3x4", symbolic ones spaced out.
#include "graph.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace trainflops::onnx {
namespace {

struct NumCase {
  double value;
  std::string text;
};

TEST(OnnxFormulaText, WholeNumbersHaveThousandsSeparators) {
  const std::vector<NumCase> cases = {
      {0, "0"},
      {7, "7"},
      {999, "999"},
      {1000, "1,000"},
      {-1000, "-1,000"},
      {1234567, "1,234,567"},
      {-12345678, "-12,345,678"},
      {999999999999999, "999,999,999,999,999"},  // the largest written in full
  };
  for (const NumCase& c : cases) EXPECT_EQ(Num(c.value), c.text) << c.value;
}

TEST(OnnxFormulaText, OtherNumbersAreScientific) {
  EXPECT_EQ(Num(0.5), "0.5");
  EXPECT_EQ(Num(1e15), "1e15");  // past the whole-number range
}

TEST(OnnxFormulaText, ShapesOfKnownAndUnknownDimensions) {
  EXPECT_EQ(Shape({2, 3, 4}), "2x3x4");
  EXPECT_EQ(Shape({16}), "16");
  EXPECT_EQ(Shape({}), "scalar");
  EXPECT_EQ(Shape({2, kUnknownDim}), "2 x ?");
}

}  // namespace
}  // namespace trainflops::onnx
