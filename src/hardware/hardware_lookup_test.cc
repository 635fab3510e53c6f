// Finding chips by the names people write, and the bundled table itself.
#include <gtest/gtest.h>

#include <set>

#include "trainflops/hardware.h"

namespace trainflops {
namespace {

const HardwareDb& Db() { return DefaultHardwareDb(); }

TEST(HardwareLookup, BundledTableParses) {
  Result<HardwareDb> db = ParseHardwareCsv(EmbeddedHardwareCsv(), "data/hardware.csv");
  ASSERT_TRUE(db.ok()) << db.status().message();
  EXPECT_EQ(db->Rows().size(), 120u);  // data/HARDWARE.md, "Coverage"
  EXPECT_EQ(Db().Rows().size(), 120u);
}

TEST(HardwareLookup, NormalisesCaseSpacesHyphensUnderscores) {
  EXPECT_EQ(NormalizeChipName("A100-SXM4-80GB"), "a100sxm480gb");
  EXPECT_EQ(NormalizeChipName("a100 sxm4 80gb"), "a100sxm480gb");
  EXPECT_EQ(NormalizeChipName("a100_SXM4_80GB"), "a100sxm480gb");
  EXPECT_EQ(NormalizeChipName("Titan X (Pascal)"), "titanxpascal");
}

TEST(HardwareLookup, NamesAsPeopleWriteThem) {
  const std::pair<const char*, const char*> cases[] = {
      {"V100", "NVIDIA V100 SXM2 32 GB"},  // ambiguous: SXM default
      {"Tesla V100", "NVIDIA V100 SXM2 32 GB"},
      {"v100-pcie-16gb", "NVIDIA V100 PCIe 16 GB"},
      {"A100-SXM4-80GB", "NVIDIA A100 SXM4 80 GB"},
      {"a100 sxm4 80gb", "NVIDIA A100 SXM4 80 GB"},
      {"a100_sxm4_80GB", "NVIDIA A100 SXM4 80 GB"},
      {"a100 80gb", "NVIDIA A100 SXM4 80 GB"},
      {"A100", "NVIDIA A100 SXM4 40 GB"},
      {"TPUv4", "Google TPU v4"},
      {"tpu v4", "Google TPU v4"},
      {"Google TPU v3", "Google TPU v3"},
      {"H100 SXM5", "NVIDIA H100 SXM5 80 GB"},
      {"H100", "NVIDIA H100 SXM5 80 GB"},
      {"h100 pcie", "NVIDIA H100 PCIe 80 GB"},
      {"NVIDIA Tesla K40", "NVIDIA Tesla K40"},         // canonical name
      {"nvidia k80", "NVIDIA Tesla K80"},               // vendor + alias
      {"AMD MI250X", "AMD Instinct MI250X (per GCD)"},  // vendor prefix dropped
      {"GTX 580", "NVIDIA GeForce GTX 580"},
      {"GTX Titan X", "NVIDIA GeForce GTX Titan X (Maxwell)"},
      {"P100", "NVIDIA Tesla P100 SXM2"},
  };
  for (const auto& [query, row] : cases) {
    Result<ChipMatch> m = Db().Find(query);
    ASSERT_TRUE(m.ok()) << query << ": " << m.status().message();
    EXPECT_EQ(m->chip->name, row) << query;
  }
}

TEST(HardwareLookup, AmbiguousShortNameSaysWhichRowAndWhy) {
  Result<ChipMatch> m = Db().Find("V100");
  ASSERT_TRUE(m.ok());
  EXPECT_NE(m->explanation.find("names several rows"), std::string::npos) << m->explanation;
  EXPECT_NE(m->explanation.find("NVIDIA V100 PCIe 16 GB"), std::string::npos);
  EXPECT_NE(m->explanation.find("SXM/NVLink"), std::string::npos);
  EXPECT_NE(m->explanation.find("Sevilla et al. 2022"), std::string::npos);
  const std::set<std::string> others(m->other_rows.begin(), m->other_rows.end());
  EXPECT_EQ(others.count("NVIDIA V100 PCIe 32 GB"), 1u);
  EXPECT_EQ(others.count("NVIDIA V100 SXM2 32 GB"), 0u);  // not the row itself

  // An exact name is not ambiguous; a model number that merely starts the
  // same ("K40" / "K4000") is not a variant.
  Result<ChipMatch> exact = Db().Find("NVIDIA V100 PCIe 16 GB");
  ASSERT_TRUE(exact.ok());
  EXPECT_TRUE(exact->other_rows.empty());
  Result<ChipMatch> k40 = Db().Find("K40");
  ASSERT_TRUE(k40.ok());
  EXPECT_TRUE(k40->other_rows.empty()) << k40->explanation;
}

TEST(HardwareLookup, UnknownNamesGetTheClosestRows) {
  Result<ChipMatch> m = Db().Find("H100 SXM6");
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.status().code(), StatusCode::kNotFound);
  EXPECT_NE(
      m.status().message().find("unknown chip 'H100 SXM6'; did you mean 'NVIDIA H100 SXM5 80 GB'"),
      std::string::npos)
      << m.status().message();
  // A name that is part of longer ones suggests those.
  std::vector<std::string> names;
  for (const Chip* c : Db().FindClosest("mi300")) names.push_back(c->name);
  ASSERT_GE(names.size(), 2u);
  EXPECT_EQ(names[0], "AMD Instinct MI300A");
  EXPECT_EQ(names[1], "AMD Instinct MI300X");
  EXPECT_TRUE(Db().FindClosest("zzzzzzzz").empty());
  // A 100 kB name is at least 100 kB - |name| edits from every chip name.
  EXPECT_TRUE(Db().FindClosest(std::string(100000, 'a') + "100").empty());
}

// "H1000" is one edit from the H100 and two from the H800, the H200, the
// Tesla S1070 ("s1070") and the Quadro K4000 ("k4000"); only names of its own
// series ("h") are offered beside the closest (before, the S1070 and K4000
// were, in place of the H800 and H200).
TEST(HardwareLookup, FartherSuggestionsAreOfTheQuerysSeries) {
  std::vector<std::string> names;
  for (const Chip* c : Db().FindClosest("H1000")) names.push_back(c->name);
  EXPECT_EQ(names, (std::vector<std::string>{"NVIDIA H100 SXM5 80 GB", "NVIDIA H800 SXM5",
                                             "NVIDIA H200 SXM"}));
}

// An uploaded table of 60,000-character names and a 60,000-character query:
// no suggestion (a name that long is a typo of none) and no quadratic count
// (it took two minutes); the message quotes 40 characters of the name.
TEST(HardwareLookup, LongNamesGetNoSuggestionQuickly) {
  const std::string longest(60000, 'q');
  std::string table = "name,fp64,fp32,tf32,fp16,fp16_tensor,bf16,fp8,int8\n";
  for (int i = 0; i < 20; ++i) table += longest + std::to_string(i) + ",,1e12,,,,,,\n";
  Result<HardwareDb> db = ParseHardwareCsv(table, "hw.csv");
  ASSERT_TRUE(db.ok()) << db.status().message();
  EXPECT_TRUE(db->FindClosest(longest + "x").empty());
  Result<ChipMatch> m = db->Find(longest + "x");
  ASSERT_FALSE(m.ok());
  const std::string start =
      "unknown chip '" + std::string(40, 'q') + "... (60001 bytes)' (accepted";
  EXPECT_EQ(m.status().message().substr(0, start.size()), start);
}

TEST(HardwareLookup, FilterMatchesNamesVendorsAndTypes) {
  EXPECT_EQ(Db().Filter("").size(), 120u);
  EXPECT_EQ(Db().Filter("tpu").size(), 9u);   // data/HARDWARE.md: Google 9
  EXPECT_EQ(Db().Filter("AMD").size(), 11u);  // AMD 11
  // SXM4 40/80, PCIe 40/80, and RTX A1000, whose name contains "a100": a substring filter.
  EXPECT_EQ(Db().Filter("a100").size(), 5u);
}

// Datasheet values (dense, per chip), checked against the rows they cite.
TEST(HardwareLookup, RowsMatchTheirDatasheets) {
  struct Case {
    const char* chip;
    RateColumn column;
    double value;
  };
  const Case cases[] = {
      // NVIDIA V100 datasheet (SXM2): 125 TFLOPS tensor, 15.7 FP32, 7.8 FP64.
      {"V100", RateColumn::kFp16Tensor, 125e12},
      {"V100", RateColumn::kFp32, 15.7e12},
      {"V100", RateColumn::kFp64, 7.8e12},
      // NVIDIA A100 datasheet: BF16 624 TFLOPS with sparsity -> 312 dense; TF32 312* -> 156.
      {"A100", RateColumn::kBf16, 312e12},
      {"A100", RateColumn::kTf32, 156e12},
      // NVIDIA H100 datasheet (SXM): BF16 1,979 TFLOPS with sparsity -> 989.5 dense.
      {"H100", RateColumn::kBf16, 989.5e12},
      // Google Cloud TPU docs: v3 123 TFLOPS BF16 per chip; v4 275.
      {"TPU v3", RateColumn::kBf16, 123e12},
      {"TPU v4", RateColumn::kBf16, 275e12},
      // K80 datasheet: board 8.73 TFLOPS FP32 at boost, two GK210 dies -> about 4.37 per die.
      {"K80", RateColumn::kFp32, 4.368e12},
  };
  for (const Case& c : cases) {
    Result<ChipMatch> m = Db().Find(c.chip);
    ASSERT_TRUE(m.ok()) << c.chip;
    ASSERT_TRUE(m->chip->Rate(c.column).has_value()) << c.chip;
    EXPECT_NEAR(*m->chip->Rate(c.column) / c.value, 1.0, 1e-3) << c.chip;
  }
}

// Invariants every row must keep (data/HARDWARE.md conventions).
TEST(HardwareLookup, TableInvariants) {
  for (const Chip& c : Db().Rows()) {
    const auto fp64 = c.Rate(RateColumn::kFp64), fp32 = c.Rate(RateColumn::kFp32);
    const auto fp16 = c.Rate(RateColumn::kFp16), tensor = c.Rate(RateColumn::kFp16Tensor);
    if (fp64 && fp32) {
      EXPECT_LE(*fp64, *fp32) << c.name;
    }
    if (tensor && fp32) {
      EXPECT_GE(*tensor, *fp32) << c.name;
    }
    if (tensor && fp16) {
      EXPECT_GE(*tensor, *fp16) << c.name;
    }
    EXPECT_GT(c.release_year, 2000) << c.name;
    EXPECT_EQ(c.source.rfind("http", 0), 0u) << c.name;
    for (const std::string& a : c.aliases) {
      for (char ch : a) EXPECT_FALSE(ch >= 'A' && ch <= 'Z') << c.name << ": alias " << a;
    }
  }
}

}  // namespace
}  // namespace trainflops
