// Tests for shape.h.
#include "trainflops/shape.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace trainflops {
namespace {

constexpr int64_t kTwoTo53 = 9007199254740992;

TEST(ShapeToStringTest, Formats) {
  EXPECT_EQ(ShapeToString({400, 400, 5}), "400x400x5");
  EXPECT_EQ(ShapeToString({1024}), "1024");
  EXPECT_EQ(ShapeToString({}), "scalar");
}

TEST(ShapeParse, AcceptedForms) {
  const std::vector<std::pair<std::string, Shape>> cases = {
      {"400x400x5", {400, 400, 5}},
      {"400X400X5", {400, 400, 5}},
      {"400 x 400 x 5", {400, 400, 5}},
      {"400,400,5", {400, 400, 5}},
      {"400, 400, 5", {400, 400, 5}},
      {"[400, 400, 5]", {400, 400, 5}},
      {"[400x400x5]", {400, 400, 5}},
      {"(400, 400, 5)", {400, 400, 5}},
      {"1024", {1024}},
      {" 1024 ", {1024}},
      {"[1024]", {1024}},
      {"1,024", {1, 24}},  // commas separate dimensions, never thousands
      {"9007199254740992", {kTwoTo53}},
      {"scalar", {}},
      {"Scalar", {}},
      {"[]", {}},
  };
  for (const auto& [text, expected] : cases) {
    SCOPED_TRACE(text);
    const Result<Shape> r = ParseShape(text);
    ASSERT_TRUE(r.ok()) << r.status().message();
    EXPECT_EQ(*r, expected);
  }
}

TEST(ShapeParse, RefusesBadDimensionsAndNamesThem) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", "empty"},
      {"0", "dimension 1 is zero"},
      {"400x0x5", "dimension 2 is zero"},
      {"400x400x0", "dimension 3 is zero"},
      {"400x-3", "dimension 2 is '-3'"},
      {"2.5", "dimension 1 is '2.5'"},
      {"400x2.5", "dimension 2 is '2.5'"},
      {"1e3", "dimension 1 is '1e3'"},
      {"1k", "dimension 1 is '1k'"},
      {"abc", "dimension 1 is 'abc'"},
      {"+5", "dimension 1 is '+5'"},
      {"400xx5", "dimension 2 is empty"},
      {"x400", "dimension 1 is empty"},
      {"400x", "dimension 2 is empty"},
      {"9007199254740993", "larger than 2^53"},
      {"5x99999999999999999999999", "dimension 2"},
      {"400x400,5", "either 'x' or ','"},
      {"[400, 400", "dimension 1 is '[400'"},
      {"400;400", "dimension 1 is '400;400'"},
  };
  for (const auto& [text, part] : cases) {
    SCOPED_TRACE(text);
    const Result<Shape> r = ParseShape(text);
    ASSERT_FALSE(r.ok()) << ShapeToString(*r);
    EXPECT_EQ(r.status().code(), StatusCode::kInvalidArgument);
    const std::string& m = r.status().message();
    EXPECT_NE(m.find("'" + text + "'"), std::string::npos) << m;
    EXPECT_NE(m.find(part), std::string::npos) << m;
    EXPECT_NE(m.find("accepted: 400x400x5"), std::string::npos) << m;
  }
}

TEST(ShapeParse, RoundTripsThroughToString) {
  for (const Shape& s : std::vector<Shape>{{}, {1}, {400, 400, 5}, {7, 1, 3, 9}, {kTwoTo53}}) {
    SCOPED_TRACE(ShapeToString(s));
    const Result<Shape> back = ParseShape(ShapeToString(s));
    ASSERT_TRUE(back.ok()) << back.status().message();
    EXPECT_EQ(*back, s);
  }
}

TEST(ShapeNumElements, Products) {
  EXPECT_EQ(*NumElements({400, 400, 5}), 800000.0);  // 160,000 x 5
  EXPECT_EQ(*NumElements({1024}), 1024.0);
  EXPECT_EQ(*NumElements({}), 1.0);                         // a scalar is one element
  EXPECT_EQ(*NumElements({1000000, 1000000, 1000}), 1e15);  // the limit itself is fine
}

TEST(ShapeNumElements, RefusesImplausibleCounts) {
  const Result<double> r = NumElements({1000000, 1000000, 1001});  // 1.001e15
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("implausible element count 1.001e15 for one example"),
            std::string::npos)
      << r.status().message();
  EXPECT_NE(r.status().message().find("1000000x1000000x1001"), std::string::npos);
  EXPECT_FALSE(NumElements({kTwoTo53}).ok());
  // Enough huge dimensions overflow a double; that is refused, not returned as inf.
  EXPECT_FALSE(NumElements(Shape(40, kTwoTo53)).ok());
}

TEST(ShapeNumElements, RefusesNonPositiveDimensions) {
  const Result<double> zero = NumElements({400, 0, 5});
  ASSERT_FALSE(zero.ok());
  EXPECT_NE(zero.status().message().find("dimension 2 is 0"), std::string::npos)
      << zero.status().message();
  const Result<double> negative = NumElements({-3});
  ASSERT_FALSE(negative.ok());
  EXPECT_NE(negative.status().message().find("dimension 1 is -3"), std::string::npos)
      << negative.status().message();
}

}  // namespace
}  // namespace trainflops
