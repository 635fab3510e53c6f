#include "query.h"

#include <gtest/gtest.h>

namespace trainflops::web {
namespace {

TEST(Query, ParsesNamesValuesAndFlagsInOrder) {
  const Result<std::vector<QueryParam>> q =
      ParseQuery("chip=V100&energy&time=5+days&&x=%2Fa%3Db&y=");
  ASSERT_TRUE(q.ok()) << q.status().message();
  ASSERT_EQ(q->size(), 5u);
  EXPECT_EQ((*q)[0].name, "chip");
  EXPECT_EQ((*q)[0].value, "V100");
  EXPECT_EQ((*q)[1].name, "energy");
  EXPECT_FALSE((*q)[1].value.has_value());
  EXPECT_EQ((*q)[2].value, "5 days");  // '+' is a space, as HTML forms send it
  EXPECT_EQ((*q)[3].value, "/a=b");
  EXPECT_EQ((*q)[4].value, "");  // "y=" has an empty value, unlike the flag "energy"
}

TEST(Query, BadEscapesAreErrorsThatQuoteThem) {
  for (const char* bad : {"a=%zz", "a=%4", "a=%", "%g1=b"}) {
    const Result<std::vector<QueryParam>> q = ParseQuery(bad);
    ASSERT_FALSE(q.ok()) << bad;
    EXPECT_NE(q.status().message().find("is not a percent-escape"), std::string::npos);
  }
  EXPECT_EQ(*PercentDecode("%41%62%2b+"), "Ab+ ");
}

// RFC 4648 section 10 test vectors.
TEST(Query, Base64MatchesTheRfcVectors) {
  const std::pair<const char*, const char*> vectors[] = {
      {"", ""},
      {"Zg==", "f"},
      {"Zm8=", "fo"},
      {"Zm9v", "foo"},
      {"Zm9vYg==", "foob"},
      {"Zm9vYmE=", "fooba"},
      {"Zm9vYmFy", "foobar"},
      {"Zm9v\nYmFy", "foobar"},
  };
  for (const auto& [encoded, decoded] : vectors) {
    const Result<std::string> r = DecodeBase64(encoded);
    ASSERT_TRUE(r.ok()) << encoded << ": " << r.status().message();
    EXPECT_EQ(*r, decoded) << encoded;
  }
  EXPECT_EQ(*DecodeBase64("AAE="), std::string("\0\x01", 2));
  for (const char* bad : {"Z", "Zm9vY", "Zm=9", "Zm9v!", "Zg==="}) {
    EXPECT_FALSE(DecodeBase64(bad).ok()) << bad;
  }
}

TEST(Query, ShellQuoteKeepsSafeWordsAndQuotesTheRest) {
  const std::pair<const char*, const char*> cases[] = {
      {"--chip=V100", "--chip=V100"},
      {"5 days", "'5 days'"},
      {"it's", "'it'\\''s'"},
      {"", "''"},
      {"a\nb", "$'a\\x0ab'"},
      {"\xc3\xa9", "$'\\xc3\\xa9'"},  // non-ASCII: escaped, so it is a valid header value
      {"$HOME", "'$HOME'"},
  };
  for (const auto& [word, quoted] : cases) EXPECT_EQ(ShellQuote(word), quoted) << word;
  EXPECT_EQ(CommandLine("units", {"22 pfs-days", "--json"}),
            "trainflops units '22 pfs-days' --json");
}

TEST(Query, ALongCommandLineIsShortenedForTheHeader) {
  const std::string line = CommandLine("layer", {std::string(100000, 'x'), "--json"});
  EXPECT_LE(line.size(), 4096u);
  EXPECT_EQ(line, "trainflops layer '" + std::string(40, 'x') + "... (100000 bytes)' --json");
  EXPECT_LE(CommandLine("layer", std::vector<std::string>(5000, "--json")).size(), 4096u);
}

}  // namespace
}  // namespace trainflops::web
