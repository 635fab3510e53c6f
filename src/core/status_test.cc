// Status and Result: a Result never carries "OK and no value".
#include "trainflops/status.h"

#include <gtest/gtest.h>

namespace trainflops {
namespace {

Result<int> ForgetsItsValue() { return Status::Ok(); }

Status UsesAssignOrReturn(int& out) {
  TF_ASSIGN_OR_RETURN(out, ForgetsItsValue());
  return Status::Ok();
}

TEST(Result, BuiltFromAnOkStatusIsAnInternalError) {
  Result<int> r = ForgetsItsValue();
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), StatusCode::kInternal);
  int out = 7;
  Status s = UsesAssignOrReturn(out);
  EXPECT_EQ(s.code(), StatusCode::kInternal);  // stopped at the missing value
  EXPECT_EQ(out, 7);                            // and never assigned
}

TEST(Result, KeepsAValueOrAnError) {
  Result<int> value = 3;
  ASSERT_TRUE(value.ok());
  EXPECT_EQ(*value, 3);
  Result<int> error = Status::InvalidArgument("epochs: must be positive");
  EXPECT_FALSE(error.ok());
  EXPECT_EQ(error.status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(error.status().message(), "epochs: must be positive");
}

TEST(Status, WithContextPrefixesOnlyErrors) {
  EXPECT_EQ(Status::NotFound("no chip 'V1000'").WithContext("phase 2").message(),
            "phase 2: no chip 'V1000'");
  EXPECT_TRUE(Status::Ok().WithContext("phase 2").ok());
  EXPECT_EQ(Status::Ok().WithContext("phase 2").message(), "");
}

}  // namespace
}  // namespace trainflops
