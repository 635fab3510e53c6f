// Tests for text.h; distances are counted by hand (insertions, deletions,
// substitutions, each costing 1).
#include "core/text.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace trainflops {
namespace {

using Names = std::vector<std::string>;

TEST(TextToLower, AsciiOnly) {
  EXPECT_EQ(ToLower("MiXeD-123_Z"), "mixed-123_z");
  EXPECT_EQ(ToLower(""), "");
  EXPECT_EQ(ToLower("\xC3\x89"), "\xC3\x89");  // non-ASCII bytes pass through unchanged
}

TEST(TextTrim, StripsAsciiWhitespaceBothEnds) {
  EXPECT_EQ(Trim("  a b \t\n"), "a b");
  EXPECT_EQ(Trim("\r\vx\f"), "x");
  EXPECT_EQ(Trim("   "), "");
  EXPECT_EQ(Trim(""), "");
  EXPECT_EQ(Trim("abc"), "abc");
}

TEST(TextEditDistance, Levenshtein) {
  struct Case {
    std::string a, b;
    int expected;
  };
  const std::vector<Case> cases = {
      {"", "", 0},
      {"abc", "", 3},
      {"", "abc", 3},
      {"abc", "abc", 0},
      {"FLOP", "flop", 0},  // case-insensitive
      {"kitten", "sitting", 3},
      {"flaw", "lawn", 2},
      {"ab", "ba", 2},  // a transposition is two substitutions
      {"conv2d", "conv3d", 1},
      {"dense", "dens", 1},
      {"dens", "dense", 1},
      {"intention", "execution", 5},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.a + " vs " + c.b);
    EXPECT_EQ(EditDistance(c.a, c.b), c.expected);
  }
}

TEST(TextClosestMatches, BestFirstWithinThreshold) {
  EXPECT_EQ(ClosestMatches("dens", {"conv2d", "dense", "lstm"}), Names{"dense"});
  // "flopz": flops 1, flop 1, fma 4. Ties keep the caller's order.
  EXPECT_EQ(ClosestMatches("flopz", {"fma", "flops", "flop"}), (Names{"flops", "flop"}));
  EXPECT_EQ(ClosestMatches("flopz", {"fma", "flops", "flop"}, 1), Names{"flops"});
  // Closer candidates come first whatever the input order: flops 1, flop 2.
  EXPECT_EQ(ClosestMatches("flops2", {"flop", "flops"}), (Names{"flops", "flop"}));
  EXPECT_TRUE(ClosestMatches("xyzzy", {"dense", "conv2d"}).empty());
  EXPECT_TRUE(ClosestMatches("", {"k", "ab"}).empty());
  EXPECT_TRUE(ClosestMatches("dens", {"dense"}, 0).empty());
  // The length gap bounds the distance: "densee" is 2 edits from "dens"
  // (limit max(2, 6/3) = 2); "denseeee" is 4 (limit max(2, 8/3) = 2).
  EXPECT_EQ(ClosestMatches("densee", {"dens"}), Names{"dens"});
  EXPECT_TRUE(ClosestMatches("denseeee", {"dens"}).empty());
}

TEST(TextClosestMatches, LengthGapIsALowerBoundOfTheDistance) {
  EXPECT_EQ(LengthGap("dense", "dens"), 1u);
  EXPECT_EQ(LengthGap("", "conv2d"), 6u);
  EXPECT_EQ(EditDistance("", "conv2d"), 6);
  EXPECT_GE(EditDistance("kitten", "sitting"), static_cast<int>(LengthGap("kitten", "sitting")));
  EXPECT_TRUE(ClosestMatches(std::string(100000, 'd') + "ense", {"dense"}).empty());
}

TEST(TextClosestMatches, ThresholdIsMaxOfTwoAndALengthThird) {
  // Short names: distance up to 2.
  EXPECT_EQ(ClosestMatches("ab", {"xy"}), Names{"xy"});
  EXPECT_TRUE(ClosestMatches("ab", {"xyz"}).empty());
  // Nine letters: up to 9/3 = 3.
  EXPECT_EQ(ClosestMatches("abcdefghi", {"abcdefxyz"}), Names{"abcdefxyz"});
  EXPECT_TRUE(ClosestMatches("abcdefghi", {"abcdewxyz"}).empty());
}

// The banded distance equals the full one up to the bound, and is bound + 1
// past it, for every pair of the Levenshtein cases above and more.
TEST(TextBoundedEditDistance, AgreesWithTheFullDistanceUpToTheBound) {
  const std::vector<std::string> words = {"",       "a",       "abc",    "FLOP",      "flop",
                                          "kitten", "sitting", "flaw",   "lawn",      "ab",
                                          "ba",     "conv2d",  "conv3d", "intention", "execution"};
  for (const std::string& a : words) {
    for (const std::string& b : words) {
      const int full = EditDistance(a, b);
      for (int bound = 0; bound <= 10; ++bound) {
        SCOPED_TRACE(a + " vs " + b + " within " + std::to_string(bound));
        EXPECT_EQ(BoundedEditDistance(a, b, bound), std::min(full, bound + 1));
      }
    }
  }
}

// 60,000 characters each, one substitution apart: the band makes this
// 60,000 x 5 steps (the full table would be 3.6e9).
TEST(TextBoundedEditDistance, LongNamesCostTheirLengthTimesTheBound) {
  std::string a(60000, 'x');
  std::string b = a;
  b[30000] = 'y';
  EXPECT_EQ(BoundedEditDistance(a, b, 2), 1);
  b[100] = 'y';
  b[200] = 'y';
  EXPECT_EQ(BoundedEditDistance(a, b, 2), 3);
}

// A name longer than 64 characters gets no suggestion, even from a list
// holding it (an uploaded table of 60,000-character names cost minutes per
// "did you mean" before); 64 characters still do.
TEST(TextClosestMatches, LongNamesAreNotCompared) {
  const std::string sixty_four(64, 'n');
  EXPECT_EQ(ClosestMatches(sixty_four + "", {sixty_four + "x"}), Names{sixty_four + "x"});
  const std::string long_name(60000, 'n');
  EXPECT_TRUE(ClosestMatches(long_name, {long_name + "x", long_name}).empty());
  EXPECT_TRUE(ClosestMatches(std::string(65, 'n'), {std::string(65, 'n') + "x"}).empty());
  EXPECT_EQ(DidYouMean(long_name, {long_name + "x"}), "");
}

TEST(TextEscapeControlCharacters, EscapesOnlyControlCharacters) {
  EXPECT_EQ(EscapeControlCharacters("plain C:\\path 2·N"), "plain C:\\path 2·N");
  EXPECT_EQ(EscapeControlCharacters("a\nb\rc\td"), "a\\nb\\rc\\td");
  EXPECT_EQ(EscapeControlCharacters("\x1b[2J"), "\\x1b[2J");
  EXPECT_EQ(EscapeControlCharacters(std::string("\0\x01\x7f", 3)), "\\x00\\x01\\x7f");
  EXPECT_EQ(EscapeControlCharacters("x\xC2\x85y"), "x\\u0085y");  // C1: NEL
  EXPECT_EQ(EscapeControlCharacters("\xC2\xB2"), "\xC2\xB2");     // "²" is not a control
  // Escaping twice changes nothing more.
  EXPECT_EQ(EscapeControlCharacters(EscapeControlCharacters("a\nb")), "a\\nb");
  EXPECT_TRUE(HasControlCharacters("a\nb"));
  EXPECT_FALSE(HasControlCharacters("a\\nb"));
  EXPECT_FALSE(HasControlCharacters("\xC2"));  // a lone lead byte at the end
}

TEST(TextDidYouMean, EscapesTheSuggestion) {
  EXPECT_EQ(DidYouMean("dens", {"dense\n"}), "; did you mean 'dense\\n'?");
}

TEST(TextClosestMatches, DropsRepeatedNames) {
  EXPECT_EQ(ClosestMatches("flp", {"FLOP", "flop", "flop"}), Names{"FLOP"});
}

TEST(TextDidYouMean, Phrasing) {
  EXPECT_EQ(DidYouMean("dens", {"dense", "conv2d"}), "; did you mean 'dense'?");
  EXPECT_EQ(DidYouMean("flopz", {"flops", "flop"}), "; did you mean 'flops' or 'flop'?");
  // A clearly closest name is offered alone.
  EXPECT_EQ(DidYouMean("flops2", {"flop", "flops"}), "; did you mean 'flops'?");
  EXPECT_EQ(DidYouMean("xyzzy", {"dense"}), "");
  EXPECT_EQ(DidYouMean("dense", {}), "");
}

TEST(TextJoinNames, Separators) {
  EXPECT_EQ(JoinNames({"a", "b", "c"}), "a, b, c");
  EXPECT_EQ(JoinNames({"a"}), "a");
  EXPECT_EQ(JoinNames({}), "");
  EXPECT_EQ(JoinNames({"h", "w", "c"}, " x "), "h x w x c");
}

}  // namespace
}  // namespace trainflops
