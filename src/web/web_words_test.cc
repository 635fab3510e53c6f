// The web's words (web_commands.h) before they meet a field table.
#include "web_words.h"

#include <gtest/gtest.h>

namespace trainflops::web {
namespace {

TEST(WebWords, OptionsAreFieldNames) {
  EXPECT_EQ(FieldOfOption("--bp-ratio"), "bp_ratio");
  EXPECT_EQ(FieldOfOption("--chip_hours"), "chip_hours");
  EXPECT_EQ(FieldOfOption("--dim"), "dims");  // the singular of a repeatable field
  EXPECT_EQ(OptionOf("dims"), "--dim");
  EXPECT_EQ(OptionOf("price_per_chip_hour"), "--price-per-chip-hour");
}

TEST(WebWords, FlagsValuesAndPositionalWords) {
  const WordRules rules{.fields = {"model", "epochs", "uncertainty", "energy", "dims"},
                        .flags = {"uncertainty", "energy"},
                        .phase_fields = {}};
  const Result<SortedWords> w =
      SortWords({"model.yaml", "--epochs", "3", "--uncertainty", "--energy=false", "--dim=a=1",
                 "--dim", "b=2", "--cite", "--json"},
                rules);
  ASSERT_TRUE(w.ok()) << w.status().message();
  EXPECT_EQ(w->positional, std::vector<std::string>{"model.yaml"});
  EXPECT_EQ(*w->options.Find("epochs"), std::vector<std::string>{"3"});
  EXPECT_EQ(*w->options.Find("uncertainty"), std::vector<std::string>{"true"});
  EXPECT_EQ(*w->options.Find("energy"), std::vector<std::string>{"false"});
  EXPECT_EQ(*w->options.Find("dims"), (std::vector<std::string>{"a=1", "b=2"}));
  EXPECT_TRUE(w->cite);
  EXPECT_FALSE(w->help);
  EXPECT_EQ(w->options.Find("json"), nullptr);
  EXPECT_EQ(SortWords({"--epochs"}, rules).status().message(), "`epochs`: needs a value");
  EXPECT_EQ(SortWords({"--cite=false", "--help=no"}, rules)->cite, false);
  EXPECT_NE(SortWords({"--epoch", "3"}, rules)
                .status()
                .message()
                .find("unknown option '--epoch'; did you mean '--epochs'?"),
            std::string::npos);
  EXPECT_EQ(FlagValue("energy", "maybe").status().message(),
            "`energy`: 'maybe' is not accepted (accepted: true or false)");
}

// With several --chip, each starts a phase; phase fields before the first
// apply to every phase (they stay with the request's own options).
TEST(WebWords, EachChipStartsAPhase) {
  const WordRules rules{.fields = {"chip", "count", "utilization", "year"},
                        .flags = {},
                        .phase_fields = {"chip", "count", "utilization"}};
  const Result<SortedWords> w = SortWords({"--utilization", "0.5", "--chip", "V100", "--count", "8",
                                           "--year", "2020", "--chip=A100", "--count=4"},
                                          rules);
  ASSERT_TRUE(w.ok()) << w.status().message();
  EXPECT_EQ(*w->options.Find("utilization"), std::vector<std::string>{"0.5"});
  EXPECT_EQ(*w->options.Find("year"), std::vector<std::string>{"2020"});  // not a phase field
  ASSERT_EQ(w->phases.size(), 2u);
  EXPECT_EQ(*w->phases[0].Find("chip"), std::vector<std::string>{"V100"});
  EXPECT_EQ(*w->phases[0].Find("count"), std::vector<std::string>{"8"});
  EXPECT_EQ(*w->phases[1].Find("chip"), std::vector<std::string>{"A100"});
  EXPECT_EQ(*w->phases[1].Find("count"), std::vector<std::string>{"4"});
  // One --chip: no phases, everything is the request's own.
  const Result<SortedWords> one = SortWords({"--chip", "V100", "--count", "8"}, rules);
  ASSERT_TRUE(one.ok());
  EXPECT_TRUE(one->phases.empty());
  EXPECT_EQ(*one->options.Find("chip"), std::vector<std::string>{"V100"});
}

}  // namespace
}  // namespace trainflops::web
