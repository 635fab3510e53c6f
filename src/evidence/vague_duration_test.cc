// Durations of cluster lines, vague ones included: each reading against the
// table in vague_duration.cc, in seconds worked out by hand (1 day = 86,400 s,
// 1 week = 604,800 s, 1 month = 30.4375 days = 2,629,800 s).
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "../core/test_util.h"
#include "lines.h"

namespace trainflops {
namespace {

using testing::ValueOrFail;

Distribution Read(const std::string& text) {
  return ValueOrFail(evidence::ParseEvidenceDuration(text), text).distribution;
}

void ExpectRange(const std::string& text, DistributionKind kind, double low, double high) {
  const Distribution d = Read(text);
  EXPECT_EQ(d.kind(), kind) << text;
  EXPECT_NEAR(d.param(0), low, low * 1e-12) << text;
  EXPECT_NEAR(d.param(1), high, high * 1e-12) << text;
}

// "several" = loguniform(2, 4.5) units, median sqrt(2 x 4.5) = 3: Epoch AI's
// "several" = 3 of the MegaScale note; 3 weeks = 1,814,400 s.
TEST(EvidenceDuration, SeveralWeeksHasEpochsMedianOfThree) {
  ExpectRange("several weeks", DistributionKind::kLogUniform, 1209600, 2721600);
  EXPECT_NEAR(Read("Several Weeks").Median(), 1814400, 1e-6);
  const Uncertain u = ValueOrFail(evidence::ParseEvidenceDuration("several weeks"), "several");
  EXPECT_EQ(u.text, "several weeks");
  EXPECT_NE(u.note.find("MegaScale"), std::string::npos) << u.note;
}

// "a few" = loguniform(2, 4): 2 and 4 days; median 2 sqrt(2) days = 172,800 x 1.4142136 = 244,376.1
// s.
TEST(EvidenceDuration, AFewDays) {
  ExpectRange("a few days", DistributionKind::kLogUniform, 172800, 345600);
  EXPECT_NEAR(Read("a few days").Median(), 244376.1, 0.1);
}

// "about X" = X x loguniform(0.8, 1.25): a month is 2,629,800 s, so
// 2,103,840 .. 3,287,250 with median 2,629,800; 3 weeks: 1,451,520 .. 2,268,000.
TEST(EvidenceDuration, AboutWidensOnePoint) {
  ExpectRange("about a month", DistributionKind::kLogUniform, 2103840, 3287250);
  EXPECT_NEAR(Read("about a month").Median(), 2629800, 1e-6);
  ExpectRange("~3 weeks", DistributionKind::kLogUniform, 1451520, 2268000);
  ExpectRange("roughly 3 weeks", DistributionKind::kLogUniform, 1451520, 2268000);
}

// Spelled-out numbers: three weeks = 1,814,400 s; about two months =
// 2 x 2,629,800 x (0.8 .. 1.25) = 4,207,680 .. 6,574,500 s.
TEST(EvidenceDuration, NumbersInWords) {
  EXPECT_EQ(Read("three weeks").Median(), 1814400);
  EXPECT_EQ(Read("Twelve hours").Median(), 43200);
  ExpectRange("about two months", DistributionKind::kLogUniform, 4207680, 6574500);
}

TEST(EvidenceDuration, OneAndACouple) {
  EXPECT_EQ(Read("a week").Median(), 604800);
  EXPECT_TRUE(Read("a week").is_point());
  EXPECT_EQ(Read("an hour").Median(), 3600);
  EXPECT_EQ(Read("a couple of days").Median(), 172800);
}

// Plain durations and ranges go through ParseUncertain: 2..3 weeks spans
// less than 10x, so it is uniform.
TEST(EvidenceDuration, PlainDurationsAndRanges) {
  EXPECT_EQ(Read("3 weeks").Median(), 1814400);
  EXPECT_TRUE(Read("3 weeks").is_point());
  ExpectRange("2-3 weeks", DistributionKind::kUniform, 1209600, 1814400);
  ExpectRange("2 to 3 weeks", DistributionKind::kUniform, 1209600, 1814400);
  ExpectRange("2..4 weeks", DistributionKind::kUniform, 1209600, 2419200);
}

// The rules text given to help texts states the readings tested above.
TEST(EvidenceDuration, RulesTextStatesTheReadings) {
  const std::string rules = evidence::VagueDurationRules();
  for (const char* reading :
       {"\"a few UNITs\" = loguniform(2, 4)", "\"several UNITs\" = loguniform(2, 4.5), median 3",
        "\"about X\" = X x loguniform(0.8, 1.25)", "MegaScale"}) {
    EXPECT_NE(rules.find(reading), std::string::npos) << reading << " in " << rules;
  }
}

TEST(EvidenceDuration, Refusals) {
  const auto says = [](const std::string& text, const std::string& what) {
    Result<Uncertain> r = evidence::ParseEvidenceDuration(text);
    EXPECT_FALSE(r.ok()) << text;
    if (!r.ok()) {
      EXPECT_NE(r.status().message().find(what), std::string::npos) << r.status().message();
    }
  };
  says("some weeks", "'several weeks'");  // the accepted phrases are listed
  says("several parsecs", "'parsecs' is not a unit of time");
  says("about several weeks", "already a range");
  says("0 days", "not a duration");
  says("", "empty");
  says("3..2 weeks", "must be below the high end");
}

}  // namespace
}  // namespace trainflops
