// The limits on hostile input: nesting depth, size caps, shortened quotes.
#include "trainflops/input_limits.h"

#include <gtest/gtest.h>

namespace trainflops {
namespace {

bool Has(const Status& s, const std::string& part) {
  return s.message().find(part) != std::string::npos;
}

std::string Nest(int depth, char open = '[', char close = ']') {
  return std::string(static_cast<size_t>(depth), open) +
         std::string(static_cast<size_t>(depth), close);
}

TEST(NestingDepth, SixtyFourLevelsPassSixtyFiveAreRefusedWithTheLine) {
  EXPECT_TRUE(CheckNestingDepth(Nest(64), "f.json").ok());
  EXPECT_TRUE(CheckNestingDepth(Nest(32) + Nest(32, '{', '}'), "f.json").ok());
  const Status deep = CheckNestingDepth("{\n\"a\": " + Nest(65) + "}", "f.json");
  ASSERT_FALSE(deep.ok());
  EXPECT_EQ(deep.message(),
            "f.json:2: nested more than 64 levels deep (arrays and maps within each other); at "
            "most 64 are accepted");
  // Maps count as arrays do: 33 + 32 = 65.
  EXPECT_FALSE(CheckNestingDepth(std::string(33, '{') + Nest(32), "f.json").ok());
  // Siblings do not add up: 1,000 arrays of depth 2 side by side are depth 3.
  std::string wide = "[";
  for (int i = 0; i < 1000; ++i) wide += (i ? "," : "") + Nest(2);
  EXPECT_TRUE(CheckNestingDepth(wide + "]", "f.json").ok());
}

TEST(NestingDepth, BracketsInsideStringsDoNotCount) {
  const std::string in_string = "{\"name\": \"" + std::string(100, '[') + "\"}";
  EXPECT_TRUE(CheckNestingDepth(in_string, "f.json").ok());
  // An escaped quote does not end the string.
  const std::string escaped = "[\"a\\\"" + std::string(100, '[') + "\"]";
  EXPECT_TRUE(CheckNestingDepth(escaped, "f.json").ok());
  // After the string closes, brackets count again.
  EXPECT_FALSE(CheckNestingDepth("[\"x\", " + Nest(64) + "]", "f.json").ok());
}

// The estimate, counted by hand: `[{},{}]` is 3 values (the array and two
// maps) x 48 + 3 containers x 64 + its 7 bytes = 343; `{"a": "bc"}` is 2
// values (the map, "bc") x 48 + 1 container x 64 + (2 strings + 1 member) x
// 48 + 11 bytes = 315; `[1, 22, true]` is 4 values x 48 + 64 + 13 = 269.
TEST(JsonTreeBytes, EstimateCountsValuesContainersStringsAndMembers) {
  EXPECT_EQ(EstimateJsonTreeBytes("[{},{}]"), 343u);
  EXPECT_EQ(EstimateJsonTreeBytes(R"({"a": "bc"})"), 315u);
  EXPECT_EQ(EstimateJsonTreeBytes("[1, 22, true]"), 269u);
  // Structure inside strings is text, not values.
  EXPECT_EQ(EstimateJsonTreeBytes(R"(["{[,:]}"])"), 48u * 2 + 64 + 48 + 10);
}

// 8 MiB of empty maps, `[{},{},...]`: 2,796,203 maps and the array, each
// estimated at 48 + 64 bytes, plus the 8,388,610 bytes of text: 321,563,458
// bytes (38x), over the 16x cap. The old scan accepted it. Two-digit
// numbers, `[12, 12, ...]`, are 48 bytes per 4 plus the text (13x) and pass.
TEST(JsonTreeBytes, WideDocumentsAreRefusedAboveSixteenBytesPerByte) {
  std::string maps = "[{}";
  while (maps.size() < (8u << 20)) maps += ",{}";
  const Status wide = CheckNestingDepth(maps + "]", "index.json");
  ASSERT_FALSE(wide.ok());
  EXPECT_EQ(wide.message(),
            "index.json: too many values for its size: its 8388 kB would take about 321 MB of "
            "memory once parsed; at most 16 bytes per byte of text (or 16 MiB) are accepted");
  std::string numbers = "[12";
  while (numbers.size() < (8u << 20)) numbers += ", 12";
  EXPECT_TRUE(CheckNestingDepth(numbers + "]", "f.json").ok());
  // Under the 16 MiB floor any document passes: 100,000 empty maps.
  std::string small = "[{}";
  for (int i = 1; i < 100000; ++i) small += ",{}";
  EXPECT_TRUE(CheckNestingDepth(small + "]", "f.json").ok());
}

TEST(InputSize, CapsPerKindAndTheMessage) {
  EXPECT_TRUE(CheckInputSize(1024 * 1024, InputKind::kSpec, "s.yaml").ok());
  const Status spec = CheckInputSize(1024 * 1024 + 1, InputKind::kSpec, "s.yaml");
  EXPECT_EQ(spec.message(),
            "s.yaml: the file is 1048 kB; a model spec may be at most 1 MiB (a larger file is "
            "refused unread)");
  const Status csv = CheckInputSize(200'000'000, InputKind::kCsv, "d.csv");
  EXPECT_TRUE(Has(csv, "the file is 200 MB; a CSV dataset may be at most 64 MiB")) << csv.message();
  EXPECT_TRUE(CheckInputSize(64ull << 20, InputKind::kJsonLines, "d.jsonl").ok());
  EXPECT_FALSE(CheckInputSize((64ull << 20) + 1, InputKind::kJsonLines, "d.jsonl").ok());
  EXPECT_TRUE(Has(CheckInputSize(9ull << 20, InputKind::kJsonConfig, "c.json"), "at most 8 MiB"));
  EXPECT_TRUE(Has(CheckInputSize(2ull << 20, InputKind::kHardwareTable, "h.csv"), "at most 1 MiB"));
  // ONNX weights are skipped, not read: 100 GB passes, 2 TiB does not.
  EXPECT_TRUE(CheckInputSize(100'000'000'000ull, InputKind::kOnnx, "m.onnx").ok());
  EXPECT_TRUE(Has(CheckInputSize(2ull << 40, InputKind::kOnnx, "m.onnx"), "at most 1,048,576 MiB"));
  // A checkpoint's headers are read, never its weights: a 700 GB GGUF passes,
  // 5 TiB (over 4 x 2^20 MiB) does not.
  EXPECT_TRUE(CheckInputSize(700'000'000'000ull, InputKind::kCheckpoint, "m.gguf").ok());
  EXPECT_TRUE(
      Has(CheckInputSize(5ull << 40, InputKind::kCheckpoint, "m.gguf"), "at most 4,194,304 MiB"));
}

TEST(Abbreviate, ShortTextUnchangedLongTextCutAtACharacter) {
  EXPECT_EQ(Abbreviate("epochs"), "epochs");
  EXPECT_EQ(Abbreviate(std::string(40, 'x')), std::string(40, 'x'));
  EXPECT_EQ(Abbreviate(std::string(41, 'x')), std::string(40, 'x') + "... (41 bytes)");
  EXPECT_EQ(Abbreviate(std::string(1'000'000, 'x'), 5), "xxxxx... (1000000 bytes)");
  // "é" is two bytes (C3 A9): a cut between them backs up to before the "é".
  EXPECT_EQ(Abbreviate("abcd\xC3\xA9zzzz", 5), "abcd... (10 bytes)");
}

// A quoted value, or a whole message, stays on one line and sends no terminal
// sequence: control characters are escaped, and the size counts the input's
// bytes.
TEST(Abbreviate, EscapesControlCharacters) {
  EXPECT_EQ(Abbreviate("conv\n2d"), "conv\\n2d");
  EXPECT_EQ(Abbreviate("\x1b]0;title\x07"), "\\x1b]0;title\\x07");
  EXPECT_EQ(Abbreviate("ab\ncdef", 4), "ab\\nc... (7 bytes)");
}

TEST(Abbreviate, JoinSomeNamesShowsTheFirstAndCountsTheRest) {
  std::vector<std::string> names;
  for (int i = 0; i < 1000; ++i) names.push_back("c" + std::to_string(i));
  EXPECT_EQ(JoinSomeNames(names, 3), "c0, c1, c2 and 997 more");
  EXPECT_EQ(JoinSomeNames({"a", "b"}, 3), "a, b");
  EXPECT_EQ(JoinSomeNames({std::string(50, 'n')}, 3), std::string(40, 'n') + "... (50 bytes)");
}

TEST(Abbreviate, WithThousands) {
  EXPECT_EQ(WithThousands(0), "0");
  EXPECT_EQ(WithThousands(999), "999");
  EXPECT_EQ(WithThousands(1000), "1,000");
  EXPECT_EQ(WithThousands(10000), "10,000");
  EXPECT_EQ(WithThousands(1048576), "1,048,576");
}

}  // namespace
}  // namespace trainflops
