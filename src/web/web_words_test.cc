// The web's inputs, fields and words (web_commands.h), before they meet a
// field table.
#include "web_words.h"

#include <gtest/gtest.h>

namespace trainflops::web {
namespace {

std::vector<WebInput> Words(const std::vector<std::string>& words) {
  std::vector<WebInput> inputs;
  for (const std::string& w : words) inputs.push_back(WebInput::Word(w));
  return inputs;
}

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
      SortWords(Words({"model.yaml", "--epochs", "3", "--uncertainty", "--energy=false",
                       "--dim=a=1", "--dim", "b=2", "--cite", "--json"}),
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
  EXPECT_EQ(SortWords(Words({"--epochs"}), rules).status().message(), "`epochs`: needs a value");
  EXPECT_EQ(SortWords(Words({"--cite=false", "--help=no"}), rules)->cite, false);
  EXPECT_NE(SortWords(Words({"--epoch", "3"}), rules)
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
  const Result<SortedWords> w =
      SortWords(Words({"--utilization", "0.5", "--chip", "V100", "--count", "8", "--year", "2020",
                       "--chip=A100", "--count=4"}),
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
  const Result<SortedWords> one = SortWords(Words({"--chip", "V100", "--count", "8"}), rules);
  ASSERT_TRUE(one.ok());
  EXPECT_TRUE(one->phases.empty());
  EXPECT_EQ(*one->options.Find("chip"), std::vector<std::string>{"V100"});
}

// A field input (a JSON option, a query or form field) goes to its field as
// it is: its value is never read as a word, and a field given alone takes
// nothing from the inputs after it. Read as words, as the web once read
// them, "--epochs" then "3" set epochs to 3, and the option {"model": true}
// before {"epochs": 3} set model to the word "--epochs=3".
TEST(WebWords, FieldsGoStraightToTheirField) {
  const WordRules rules{.fields = {"model", "epochs", "uncertainty", "dims", "chip", "count"},
                        .flags = {"uncertainty"},
                        .phase_fields = {"chip", "count"}};
  const Result<SortedWords> w =
      SortWords({WebInput::Field("model", "--epochs=3 x"), WebInput::Field("dim", "a=1"),
                 WebInput::Word("--dim=b=2"), WebInput::Field("uncertainty", std::nullopt),
                 WebInput::Field("count", "--chip")},
                rules);
  ASSERT_TRUE(w.ok()) << w.status().message();
  EXPECT_TRUE(w->positional.empty());
  EXPECT_EQ(*w->options.Find("model"), std::vector<std::string>{"--epochs=3 x"});
  EXPECT_EQ(w->options.Find("epochs"), nullptr);
  EXPECT_EQ(*w->options.Find("dims"), (std::vector<std::string>{"a=1", "b=2"}));
  EXPECT_EQ(*w->options.Find("uncertainty"), std::vector<std::string>{"true"});
  // A value "--chip" is no chip: one count, no phases.
  EXPECT_TRUE(w->phases.empty());
  EXPECT_EQ(*w->options.Find("count"), std::vector<std::string>{"--chip"});
  // A field alone that is no flag needs a value, whatever follows it.
  EXPECT_EQ(SortWords({WebInput::Field("epochs", std::nullopt), WebInput::Word("3")}, rules)
                .status()
                .message(),
            "`epochs`: needs a value");
  // A word alone takes the next word, not a field.
  EXPECT_EQ(SortWords({WebInput::Word("--epochs"), WebInput::Field("model", "m.yaml")}, rules)
                .status()
                .message(),
            "`epochs`: needs a value");
  // Fields and words start phases alike, in order.
  const Result<SortedWords> phased =
      SortWords({WebInput::Field("chip", "V100"), WebInput::Word("--count=8"),
                 WebInput::Word("--chip"), WebInput::Word("A100"), WebInput::Field("count", "4")},
                rules);
  ASSERT_TRUE(phased.ok()) << phased.status().message();
  ASSERT_EQ(phased->phases.size(), 2u);
  EXPECT_EQ(*phased->phases[0].Find("count"), std::vector<std::string>{"8"});
  EXPECT_EQ(*phased->phases[1].Find("chip"), std::vector<std::string>{"A100"});
  EXPECT_EQ(*phased->phases[1].Find("count"), std::vector<std::string>{"4"});
}

}  // namespace
}  // namespace trainflops::web
