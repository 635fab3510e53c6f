// Test helpers shared by the Hugging Face config tests: the fixtures in
// tests/fixtures/hf/ and test names made from their file names.
#ifndef TRAINFLOPS_SRC_LLM_HF_TEST_UTIL_H_
#define TRAINFLOPS_SRC_LLM_HF_TEST_UTIL_H_

#include <cctype>
#include <fstream>
#include <sstream>
#include <string>

namespace trainflops::testing {

inline std::string Fixture(const std::string& name) {
  std::ifstream in(std::string(TRAINFLOPS_SOURCE_DIR) + "/tests/fixtures/hf/" + name);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// "qwen3-30b-a3b.json" -> "qwen3_30b_a3b" (a valid GoogleTest name).
inline std::string FixtureTestName(const std::string& file) {
  std::string name = file.substr(0, file.find(".json"));
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

}  // namespace trainflops::testing

#endif  // TRAINFLOPS_SRC_LLM_HF_TEST_UTIL_H_
