// The finiteness gate: which figure, what went wrong, which inputs to check.
#include "core/finite.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace trainflops {
namespace {

const std::vector<Input> kInputs = {{"epochs", 1e308, "epochs", "--epochs"},
                                    {"examples", 5e4, "examples", "spec line 12"},
                                    {"forward FLOP", 3e9, "FLOP", "model"},
                                    {"tokens per sequence", 1e-300, "tokens", "--seq-len"}};

TEST(Finite, FinitePositiveFiguresPass) {
  EXPECT_TRUE(
      RequireFinitePositive({{"training compute", 3.1e23, "FLOP"}, {"cost", 1, "USD"}}, kInputs)
          .ok());
  EXPECT_TRUE(RequireFinitePositive({{"x", std::numeric_limits<double>::max(), ""}}, {}).ok());
  EXPECT_TRUE(RequireFinitePositive({{"x", std::numeric_limits<double>::min(), ""}}, {}).ok());
}

// A subnormal figure (below 2.2e-308) has lost its digits and soon prints as
// 0; it passed before. A FLOP figure must also be normal in pfs-days (8.64e19
// FLOP each): 1e-300 FLOP is 1.2e-320 pfs-days.
TEST(Finite, SubnormalFiguresUnderflow) {
  const Status s = RequireFinitePositive({{"cost", 1e-320, "USD"}}, kInputs);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message().rfind("the cost (USD) underflows: ", 0), 0u) << s.message();
  EXPECT_NE(s.message().find(" is below 2.2e-308"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find("check the smallest inputs: tokens per sequence = 1e-300"),
            std::string::npos)
      << s.message();
  EXPECT_FALSE(RequireFinitePositive({{"training compute", 1e-300, "FLOP"}}, {}).ok());
  EXPECT_TRUE(RequireFinitePositive({{"cost", 1e-300, "USD"}}, {}).ok());
  // The smallest FLOP figure whose pfs-day form is normal.
  const double least = std::numeric_limits<double>::min() * 8.64e19;
  EXPECT_TRUE(RequireFinitePositive({{"training compute", least * 1.01, "FLOP"}}, {}).ok());
  EXPECT_FALSE(RequireFinitePositive({{"training compute", least * 0.99, "FLOP"}}, {}).ok());
  EXPECT_FALSE(RequireFiniteNonNegative({{"forward", 1e-320, "FLOP"}}, {}).ok());
}

TEST(Finite, OverflowNamesTheLargestInputsFirst) {
  const Status s =
      RequireFinitePositive({{"cost", 2, "USD"}, {"training compute", INFINITY, "FLOP"}}, kInputs);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(),
            "the training compute (FLOP) overflows: it would exceed 1.8e308, the largest number a "
            "double holds; check the largest inputs: epochs = 1e308 (--epochs), forward FLOP = 3e9 "
            "(model), examples = 5e4 (spec line 12) (every figure printed must be a finite "
            "positive number)");
}

TEST(Finite, UnderflowNamesTheSmallestInputsFirst) {
  const Status s = RequireFinitePositive({{"training compute", 0, "FLOP"}}, kInputs);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("the training compute (FLOP) is 0: an input is zero, or so small "
                             "that the product underflows; check the smallest inputs: tokens per "
                             "sequence = 1e-300 (--seq-len), examples = 5e4"),
            std::string::npos)
      << s.message();
}

TEST(Finite, NotANumberAndNegative) {
  const Status nan = RequireFinitePositive({{"ratio", NAN, ""}}, {});
  EXPECT_EQ(nan.message(),
            "the ratio is not a number (an overflowing input was multiplied by zero); check the "
            "inputs (every figure printed must be a finite positive number)");
  const Status negative = RequireFinitePositive({{"cost", -4.32e20, "USD"}}, {});
  EXPECT_NE(negative.message().find("the cost (USD) is negative (-4.32e20)"), std::string::npos)
      << negative.message();
}

TEST(Finite, NonNegativeVariantAcceptsZeroOnly) {
  EXPECT_TRUE(RequireFiniteNonNegative({{"forward", 0, "FLOP"}}, {}).ok());
  EXPECT_FALSE(RequireFiniteNonNegative({{"forward", -1, "FLOP"}}, {}).ok());
  const Status inf = RequireFiniteNonNegative({{"forward", INFINITY, "FLOP"}}, {});
  EXPECT_NE(inf.message().find("finite non-negative number"), std::string::npos);
}

TEST(Finite, EstimateGateUsesItsOwnInputs) {
  Estimate e;
  e.training_flop = INFINITY;
  e.inputs = {{"epochs", 1e300, "epochs", "--epochs"}};
  const Status s = RequireFinitePositive(e);
  EXPECT_NE(s.message().find("training compute (FLOP) overflows"), std::string::npos);
  EXPECT_NE(s.message().find("epochs = 1e300 (--epochs)"), std::string::npos) << s.message();
  e.training_flop = 1e25;
  EXPECT_TRUE(RequireFinitePositive(e).ok());
}

}  // namespace
}  // namespace trainflops
