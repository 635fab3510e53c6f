// NameMap: the open-addressing table of tensor names (name_map.h).
#include "name_map.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace trainflops::onnx {
namespace {

// The value stored for `name`, or -1 when there is none.
int64_t ValueOf(const NameMap& map, std::string_view name) {
  const uint32_t* v = map.Find(name);
  return v == nullptr ? -1 : static_cast<int64_t>(*v);
}

TEST(NameMap, FindsWhatWasInsertedAndNothingElse) {
  const std::string x = "x";  // keys must outlive the map
  NameMap map;
  EXPECT_EQ(map.Find("x"), nullptr);  // empty: no slots yet
  EXPECT_TRUE(map.Emplace(x, 7).second);
  EXPECT_EQ(ValueOf(map, "x"), 7);
  EXPECT_EQ(map.Find("y"), nullptr);
  EXPECT_EQ(map.Find(""), nullptr);
  EXPECT_EQ(map.size(), 1u);
}

TEST(NameMap, ASecondInsertKeepsTheFirstValue) {
  const std::string first = "t", second = "t";
  NameMap map;
  map.Emplace(first, 1);
  const auto [value, inserted] = map.Emplace(second, 2);
  EXPECT_FALSE(inserted);
  EXPECT_EQ(value, 1u);  // the first writer, which the duplicate error names
  EXPECT_EQ(ValueOf(map, "t"), 1);
  EXPECT_EQ(map.size(), 1u);
}

// Growing past the load factor many times, with and without Reserve: every
// name keeps its own value (names are views, so they must outlive the map).
TEST(NameMap, KeepsEveryEntryThroughGrowth) {
  std::vector<std::string> names;
  for (int i = 0; i < 5000; ++i) names.push_back("/layer." + std::to_string(i) + "/MatMul");
  for (const bool reserve : {false, true}) {
    NameMap map;
    if (reserve) map.Reserve(names.size());
    for (size_t i = 0; i < names.size(); ++i) ASSERT_TRUE(map.Emplace(names[i], i).second);
    EXPECT_EQ(map.size(), names.size());
    for (size_t i = 0; i < names.size(); ++i) {
      EXPECT_EQ(ValueOf(map, names[i]), static_cast<int64_t>(i)) << names[i];
    }
    EXPECT_EQ(map.Find("/layer.5000/MatMul"), nullptr);
  }
}

}  // namespace
}  // namespace trainflops::onnx
