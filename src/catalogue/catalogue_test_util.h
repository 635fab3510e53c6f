// Test helpers shared by the catalogue's tests (defined in catalogue_test.cc).
#ifndef TRAINFLOPS_SRC_CATALOGUE_CATALOGUE_TEST_UTIL_H_
#define TRAINFLOPS_SRC_CATALOGUE_CATALOGUE_TEST_UTIL_H_

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "trainflops/catalogue.h"

namespace trainflops::cattest {

// Finds the kind, builds its input shape from the arguments, and computes.
Result<LayerCost> RunLayer(std::string_view type, const std::map<std::string, std::string>& args);
// Success when the result failed with a message containing every fragment.
testing::AssertionResult ErrorContains(const Result<LayerCost>& result,
                                       const std::vector<std::string>& fragments);
// Checks output shape, exact and approximate parameters and FLOP.
void ExpectCost(const Result<LayerCost>& got, const Shape& output, double params,
                double params_approx, double flop, double flop_approx);

}  // namespace trainflops::cattest

#endif  // TRAINFLOPS_SRC_CATALOGUE_CATALOGUE_TEST_UTIL_H_
