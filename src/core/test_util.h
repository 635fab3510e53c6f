// Internal, for tests: take a Result's value or stop the test.
#ifndef TRAINFLOPS_SRC_CORE_TEST_UTIL_H_
#define TRAINFLOPS_SRC_CORE_TEST_UTIL_H_

#include <stdexcept>
#include <string>
#include <utility>

#include "trainflops/status.h"

namespace trainflops::testing {

// The value of `result`; on an error, throws, which GoogleTest reports as a
// failure of the running test with the error's message (so a helper never
// dereferences a Result that holds no value, and never returns a stand-in).
template <typename T>
T ValueOrFail(Result<T> result, const std::string& what) {
  if (!result.ok()) {
    throw std::runtime_error(what + ": " + result.status().message());
  }
  return std::move(result).value();
}

}  // namespace trainflops::testing

#endif  // TRAINFLOPS_SRC_CORE_TEST_UTIL_H_
