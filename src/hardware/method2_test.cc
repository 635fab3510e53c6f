// Method 2 against the worked examples of Sevilla et al. 2022 (independent hand arithmetic,
// docs/worked-examples-derivation.md section 8) and its rules.
#include "trainflops/method2.h"

#include <gtest/gtest.h>

namespace trainflops {
namespace {

Phase MakePhase(const std::string& chip, double count, const char* time) {
  Phase p;
  p.chip = chip;
  p.count = count;
  p.time = *ParseDuration(time);
  return p;
}

Method2Result Estimate2(const Method2Options& o) {
  Result<Method2Result> r = EstimateMethod2(o, DefaultHardwareDb());
  EXPECT_TRUE(r.ok()) << r.status().message();
  return r.ok() ? *r : Method2Result{};
}

Method2Result One(const Phase& p, std::optional<int> year = {}, std::optional<bool> llm = {},
                  std::optional<bool> industry = {}) {
  Method2Options o;
  o.phases = {p};
  o.year = year;
  o.llm = llm;
  o.industry = industry;
  return Estimate2(o);
}

// Amodei & Hernandez 2018 (OpenAI, appendix), Method 2 list, with the article's own peaks.
struct OpenAiCase {
  const char* name;
  double gpus;
  const char* time;
  double peak;
  double utilization;
  double expected;  // hand arithmetic, docs/worked-examples-derivation.md section 8
};

TEST(Method2, OpenAiWorkedExamples) {
  const OpenAiCase cases[] = {
      // 1 x 4 x 86400 x 1.54e12 x 0.33; the article prints 184 PF, its inputs give 175.6 PF.
      {"Dropout", 1, "4 days", 1.54e12, 0.33, 1.7563392e17},
      // 12 days; printed 532 PF (rounding).
      {"ZFNet", 1, "12 days", 1.54e12, 0.33, 5.2690176e17},
      // printed 8,100 PF (rounding of 7,983 PF).
      {"Seq2Seq", 8, "10 days", 3.5e12, 0.33, 7.98336e18},
      // printed 10,000 PF = 0.12 pfs-days: an arithmetic error; 8,725 PF = 0.101.
      {"VGG", 4, "15 days", 5.1e12, 0.33, 8.724672e18},
      // printed 21,000 PF = 0.25 pfs-days; 20,736 PF = 0.24 pfs-days exactly.
      {"DeepSpeech2", 16, "5 days", 6e12, 0.50, 2.0736e19},
      // printed 4.5e5 PF (rounding of 4.36e5).
      {"Xception", 60, "30 days", 8.5e12, 0.33, 4.362336e20},
      // printed 2.8e6 PF (rounding of 2.68e6).
      {"NAS", 800, "28 days", 4.2e12, 0.33, 2.68240896e21},
  };
  for (const OpenAiCase& c : cases) {
    Phase p = MakePhase("", c.gpus, c.time);
    p.peak_flops = c.peak;
    p.utilization = Utilization{c.utilization, "", ""};
    const Method2Result r = One(p);
    EXPECT_NEAR(r.estimate.training_flop / c.expected, 1.0, 1e-12) << c.name;
  }
  // DeepSpeech2 in pfs-days: 2.0736e19 / 8.64e19 = 0.24 exactly (the article prints 0.25).
  Phase ds2 = MakePhase("", 16, "5 days");
  ds2.peak_flops = 6e12;
  ds2.utilization = Utilization{0.5, "", ""};
  EXPECT_NEAR(One(ds2).estimate.training_flop / 8.64e19, 0.24, 1e-15);
}

TEST(Method2, ImageGptFromTheTable) {
  // Sevilla et al. 2022: "iGPT-L was trained for roughly 2500 V100-days"; FP16 for a large
  // industry model of 2020; V100 tensor 125 TFLOPS (datasheet); 30% because
  // tensor cores need special conditions: 0.3 x 125e12 x 2500 x 86400 = 8.1e21.
  Phase p;
  p.chip = "V100";
  p.chip_time = Duration{2500 * 86400.0, 2500, "days"};
  const Method2Result r = One(p, 2020, std::nullopt, true);
  EXPECT_NEAR(r.estimate.training_flop / 8.1e21, 1.0, 1e-12);
  ASSERT_EQ(r.phases.size(), 1u);
  EXPECT_EQ(r.phases[0].chip, "NVIDIA V100 SXM2 32 GB");
  EXPECT_EQ(r.phases[0].precision, "fp16");
  EXPECT_EQ(r.phases[0].peak, 125e12);
  EXPECT_EQ(r.phases[0].utilization.value, 0.30);
  EXPECT_NE(r.phases[0].utilization.source.find("tensor-core"), std::string::npos);
  EXPECT_NE(r.phases[0].precision_rule.find("rule 2"), std::string::npos);
}

TEST(Method2, PrecisionRule) {
  struct Case {
    const char* name;
    std::optional<int> year;
    std::optional<bool> llm, industry;
    const char* precision;
    double peak;  // V100 SXM2 datasheet: FP32 15.7, tensor FP16 125 TFLOPS
    double utilization;
    const char* rule;
  };
  const Case cases[] = {
      {"before 2019, industry", 2018, std::nullopt, true, "fp32", 15.7e12, 0.40, "before 2019"},
      {"academic, year unknown", std::nullopt, std::nullopt, std::nullopt, "fp32", 15.7e12, 0.40,
       "year unknown"},
      {"academic 2020", 2020, std::nullopt, false, "fp32", 15.7e12, 0.40, "small academic"},
      {"industry 2020", 2020, std::nullopt, true, "fp16", 125e12, 0.30, "rule 2"},
      {"llm implies industry", 2021, true, std::nullopt, "fp16", 125e12, 0.30, "`llm` yes"},
      // From 2021 the record's format column shows 16 bits as the norm,
      // academic runs included (docs/hardware.md: 73 of 76 runs): the
      // recent-run revision of rule 3 takes the tensor rate, and with it the
      // tensor-core utilization of 0.3.
      {"llm, not industry", 2021, true, false, "fp16", 125e12, 0.30, "from 2021 on a chip"},
      {"academic 2021", 2021, std::nullopt, false, "fp16", 125e12, 0.30, "academic runs included"},
      {"academic 2024", 2024, std::nullopt, std::nullopt, "fp16", 125e12, 0.30, "73 of the 76"},
  };
  for (const Case& c : cases) {
    const Method2Result r = One(MakePhase("V100", 1, "1 h"), c.year, c.llm, c.industry);
    ASSERT_EQ(r.phases.size(), 1u) << c.name;
    EXPECT_EQ(r.phases[0].precision, c.precision) << c.name;
    EXPECT_EQ(r.phases[0].peak, c.peak) << c.name;
    EXPECT_EQ(r.phases[0].utilization.value, c.utilization) << c.name;
    EXPECT_NE(r.phases[0].precision_rule.find(c.rule), std::string::npos)
        << c.name << ": " << r.phases[0].precision_rule;
  }
  // Without a year, neither year rule applies, and the report names both:
  // rule 1 (FP32 before 2019) and the from-2021 revision of rule 3.
  const std::string unknown = One(MakePhase("V100", 1, "1 h")).phases[0].precision_rule;
  EXPECT_NE(unknown.find("give `year` to apply the rules that depend on it (FP32 before 2019; "
                         "16-bit on a chip with 16-bit tensor/matrix units from 2021 on)"),
            std::string::npos)
      << unknown;
}

// The large-run revision of rule 2 (docs/hardware.md): 256 chips or more with
// tensor units, from 2019 or of unknown year, take the 16-bit tensor rate;
// rule 1, `industry` no, smaller runs and chips without tensor units keep FP32.
TEST(Method2, LargeRunsOnTensorChipsTakeTheSixteenBitRate) {
  struct Case {
    const char* chip;
    double count;
    std::optional<int> year;
    std::optional<bool> industry;
    double peak;  // datasheets: V100 FP32 15.7, tensor FP16 125 TFLOPS; K80 FP32 4.368 (per die)
    const char* rule;
  };
  const Case cases[] = {
      {"V100", 256, std::nullopt, std::nullopt, 125e12, "a run on 256 chips (at least 256)"},
      {"V100", 1024, 2020, std::nullopt, 125e12, "from 2020 is a large model's run"},
      {"V100", 255, std::nullopt, std::nullopt, 15.7e12, "small academic"},
      {"V100", 1024, 2018, std::nullopt, 15.7e12, "before 2019"},
      {"V100", 1024, 2020, false, 15.7e12, "small academic"},
      {"K80", 1024, 2020, std::nullopt, 4.368e12, "small academic"},
      // No tensor units: the recent-run revision does not apply either.
      {"K80", 8, 2022, std::nullopt, 4.368e12, "small academic"},
  };
  for (const Case& c : cases) {
    const Method2Result r =
        One(MakePhase(c.chip, c.count, "1 h"), c.year, std::nullopt, c.industry);
    ASSERT_EQ(r.phases.size(), 1u) << c.chip << " x " << c.count;
    EXPECT_EQ(r.phases[0].peak, c.peak) << c.chip << " x " << c.count;
    EXPECT_NE(r.phases[0].precision_rule.find(c.rule), std::string::npos)
        << c.chip << " x " << c.count << ": " << r.phases[0].precision_rule;
  }
}

TEST(Method2, TensorCoreOverrides) {
  Phase p = MakePhase("V100", 1, "1 h");
  p.precision = Precision::kFp16;
  p.tensor_cores = TensorCores::kNo;  // plain FP16: V100 datasheet 31.3 TFLOPS
  Method2Result r = One(p);
  EXPECT_EQ(r.phases[0].peak, 31.3e12);
  EXPECT_EQ(r.phases[0].utilization.value, 0.40);  // no tensor-core caveat
  p.tensor_cores = TensorCores::kYes;              // tensor peak taken as attainable: no lowering
  r = One(p);
  EXPECT_EQ(r.phases[0].peak, 125e12);
  EXPECT_EQ(r.phases[0].utilization.value, 0.40);
  // --tensor-cores yes without --precision: the fastest tensor rate.
  Phase auto_tc = MakePhase("A100", 1, "1 h");
  auto_tc.tensor_cores = TensorCores::kYes;
  EXPECT_EQ(One(auto_tc).phases[0].peak, 312e12);  // A100 datasheet, dense
  // TPUs are not NVIDIA tensor cores: no lowering (Epoch uses TPU v3 123 TF x 0.4).
  EXPECT_EQ(
      One(MakePhase("TPU v3", 1, "1 h"), 2020, std::nullopt, true).phases[0].utilization.value,
      0.40);
}

TEST(Method2, FallsBackWhenTheChipLacksTheRuleFormat) {
  // K40 has no FP16: an industry run uses FP32 (5.046e12, boost clock), and says so.
  const Method2Result k40 = One(MakePhase("K40", 1, "1 h"), 2020, std::nullopt, true);
  EXPECT_EQ(k40.phases[0].precision, "fp32");
  EXPECT_NE(k40.phases[0].precision_rule.find("no FP16/BF16 rate"), std::string::npos);
  // TPU v3 has no FP32 in the table: an academic run uses its BF16 matrix rate.
  const Method2Result tpu = One(MakePhase("TPU v3", 1, "1 h"), 2020);
  EXPECT_EQ(tpu.phases[0].precision, "bf16");
  EXPECT_EQ(tpu.phases[0].peak, 123e12);
  EXPECT_NE(tpu.phases[0].precision_rule.find("no FP32 rate"), std::string::npos);
  bool core_note = false;  // papers often count TPU cores, not chips
  for (const std::string& n : tpu.estimate.notes)
    core_note |= n.find("TensorCores") != std::string::npos;
  EXPECT_TRUE(core_note);
}

TEST(Method2, PhasesAreSummed) {
  // Phase 1: 8 V100 x 3 days at FP32 (15.7 TF) x 0.4 = 1.3022208e19 (hand:
  // 8 x 259200 x 15.7e12 x 0.4). Phase 2: 16 K80 dies x 2 days at 4.368e12 x 0.4
  // = 16 x 172800 x 4.368e12 x 0.4 = 4.830658560e18.
  Method2Options o;
  o.phases = {MakePhase("V100", 8, "3 days"), MakePhase("K80", 16, "2 days")};
  const Method2Result r = Estimate2(o);
  ASSERT_EQ(r.phases.size(), 2u);
  EXPECT_NEAR(r.phases[0].training_flop / 1.3022208e19, 1.0, 1e-12);
  EXPECT_NEAR(r.phases[1].training_flop / 4.83065856e18, 1.0, 1e-12);
  EXPECT_NEAR(r.estimate.training_flop / (1.3022208e19 + 4.83065856e18), 1.0, 1e-12);
  EXPECT_EQ(r.chip_seconds, 8 * 259200.0 + 16 * 172800.0);
  EXPECT_NEAR(r.utilization, 0.4, 1e-12);  // both phases at 0.4
  // The K80 row counts one die: the report says to check boards vs dies.
  bool per_note = false;
  for (const std::string& n : r.estimate.notes)
    per_note |= n.find("GPU die (board has 2)") != std::string::npos;
  EXPECT_TRUE(per_note);
}

TEST(Method2, EnergyAndCost) {
  // 8 V100 (300 W TDP, datasheet) x 10 days = 1920 chip-hours:
  // 300 W x 1920 h = 576 kWh; with PUE 1.5, 864 kWh. At $2.50 per chip-hour: $4,800.
  Method2Options o;
  Phase p = MakePhase("V100", 8, "10 days");
  p.price_per_chip_hour = 2.5;
  o.phases = {p};
  o.energy = true;
  Method2Result r = Estimate2(o);
  ASSERT_TRUE(r.energy_kwh.has_value());
  EXPECT_NEAR(*r.energy_kwh, 576.0, 1e-9);
  EXPECT_EQ(r.pue, 1.0);
  ASSERT_TRUE(r.cost_usd.has_value());
  EXPECT_NEAR(*r.cost_usd, 4800.0, 1e-9);
  o.pue = 1.5;
  r = Estimate2(o);
  EXPECT_NEAR(*r.energy_kwh, 864.0, 1e-9);
}

TEST(Method2, HugeRunsDoNotOverflow) {
  // 1e6 chips x 10 years x 1e16 FLOP/s x 1 = 1e6 x 315,576,000 s x 1e16 = 3.15576e30.
  Phase p = MakePhase("", 1e6, "10 years");
  p.peak_flops = 1e16;
  p.utilization = Utilization{1.0, "", ""};
  EXPECT_NEAR(One(p).estimate.training_flop / 3.15576e30, 1.0, 1e-12);
  Phase overflow = MakePhase("", 1e300, "1e10 years");
  overflow.peak_flops = 1e300;
  Method2Options o;
  o.phases = {overflow};
  Result<Method2Result> r = EstimateMethod2(o, DefaultHardwareDb());
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("overflows"), std::string::npos);
}

struct BadRun {
  const char* name;
  Phase phase;
  std::optional<int> year;
  const char* message;
};

TEST(Method2, BadInputs) {
  Phase no_count = MakePhase("V100", 1, "1 h");
  no_count.count.reset();
  Phase both = MakePhase("V100", 1, "1 h");
  both.chip_time = Duration{3600, 1, "hours"};
  Phase zero = MakePhase("V100", 1, "1 h");
  zero.count = 0;
  Phase bf16_k40 = MakePhase("K40", 1, "1 h");
  bf16_k40.precision = Precision::kBf16;
  Phase fp32_tc = MakePhase("V100", 1, "1 h");
  fp32_tc.precision = Precision::kFp32;
  fp32_tc.tensor_cores = TensorCores::kYes;
  const BadRun cases[] = {
      {"unknown chip", MakePhase("V1000", 1, "1 h"), {}, "unknown chip 'V1000'; did you mean"},
      {"no count", no_count, {}, "`time` needs `count` N"},
      {"time and chip-time", both, {}, "not both"},
      {"zero count", zero, {}, "`count` must be a number of chips greater than zero"},
      {"precision lacking",
       bf16_k40,
       {},
       "'NVIDIA Tesla K40' has no bf16 rate in the hardware table (it has: fp64 1.682e12 FLOP/s, "
       "fp32 5.046e12 FLOP/s)"},
      {"fp32 on tensor cores", fp32_tc, {}, "FP32 work on tensor cores is `precision` tf32"},
      {"unknown chip, no year", MakePhase("unknown", 1, "1 h"), {}, "`year` Y to impute"},
      {"too early to impute", MakePhase("unknown", 1, "1 h"), 2011, "starts in 2012"},
  };
  for (const BadRun& c : cases) {
    Method2Options o;
    o.phases = {c.phase};
    o.year = c.year;
    Result<Method2Result> r = EstimateMethod2(o, DefaultHardwareDb());
    ASSERT_FALSE(r.ok()) << c.name;
    EXPECT_NE(r.status().message().find(c.message), std::string::npos)
        << c.name << ": " << r.status().message();
  }
}

// A format the chip's row lacks falls back to the nearest one it runs:
// V100 has no bf16, its fp16 tensor rate is 1.25e14 FLOP/s (NVIDIA V100
// datasheet); TPU v3's matrix units run bf16 only, 1.23e14 FLOP/s (Google
// Cloud TPU system architecture). 1 chip x 3,600 s x peak x 0.4 (explicit).
TEST(Method2, MissingFormatFallsBackToTheNearest) {
  const struct {
    const char* chip;
    Precision precision;
    double flop;
    const char* rate;
  } kCases[] = {{"V100", Precision::kBf16, 3600 * 1.25e14 * 0.4, "fp16 (tensor cores"},
                {"TPU v3", Precision::kFp32, 3600 * 1.23e14 * 0.4, "bf16"},
                {"TPU v3", Precision::kFp16, 3600 * 1.23e14 * 0.4, "bf16"}};
  for (const auto& c : kCases) {
    Phase phase = MakePhase(c.chip, 1, "1 h");
    phase.precision = c.precision;
    phase.utilization = Utilization{0.4, "0.4", "test"};
    Method2Options o;
    o.phases = {phase};
    Result<Method2Result> r = EstimateMethod2(o, DefaultHardwareDb());
    ASSERT_TRUE(r.ok()) << c.chip << ": " << r.status().message();
    EXPECT_NEAR(r->estimate.training_flop, c.flop, c.flop * 1e-12) << c.chip;
    EXPECT_EQ(r->phases[0].rate.substr(0, std::string(c.rate).size()), c.rate) << c.chip;
    EXPECT_NE(r->phases[0].precision_rule.find("the nearest format it runs"), std::string::npos)
        << r->phases[0].precision_rule;
  }
}

TEST(Method2, Utilization) {
  const std::pair<const char*, double> good[] = {
      {"openai-gpu", 0.33}, {"openai-cpu", 0.17}, {"epoch-llm", 0.30}, {"epoch-other", 0.40},
      {"0.5", 0.5},         {"1", 1.0},           {"33%", 0.33}};
  for (const auto& [text, value] : good) {
    Result<Utilization> u = ParseUtilization(text);
    ASSERT_TRUE(u.ok()) << text;
    EXPECT_DOUBLE_EQ(u->value, value) << text;
    EXPECT_FALSE(u->source.empty());
  }
  for (const char* bad : {"0", "1.5", "-0.3", "150%", "openai", "abc"}) {
    Result<Utilization> u = ParseUtilization(bad);
    ASSERT_FALSE(u.ok()) << bad;
    EXPECT_NE(u.status().message().find("accepted: a number in (0, 1]"), std::string::npos);
  }
  EXPECT_NE(ParseUtilization("openai-gpuu").status().message().find("did you mean 'openai-gpu'?"),
            std::string::npos);
  EXPECT_EQ(DefaultUtilization(true, false).value, 0.30);   // Sevilla et al. 2022: LLMs
  EXPECT_EQ(DefaultUtilization(false, false).value, 0.40);  // Sevilla et al. 2022: other models
  EXPECT_EQ(DefaultUtilization(false, true).value, 0.30);   // tensor-core caveat
}

}  // namespace
}  // namespace trainflops
