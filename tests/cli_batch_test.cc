// `trainflops batch` end to end.
#include <gtest/gtest.h>

#include "cli_test_util.h"

namespace trainflops::testing {
namespace {

TEST(CliBatch, HelpNamesTheAddedColumns) {
  const CliOutput r = RunCli("batch --help");
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("estimate_note"), std::string::npos);
}

}  // namespace
}  // namespace trainflops::testing
