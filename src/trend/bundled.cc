// The bundled dataset: the 20 points of OpenAI's "AI and Compute" chart
// (Amodei & Hernandez 2018), and what the post says of them.
#include "trainflops/trend.h"

namespace trainflops {
namespace embedded {
extern const char ai_and_compute_csv[];
extern const unsigned long ai_and_compute_csv_size;
}  // namespace embedded

std::string_view BundledAiAndComputeCsv() {
  return {embedded::ai_and_compute_csv, embedded::ai_and_compute_csv_size};
}

TrendColumns AiAndComputeColumns() {
  TrendColumns c;
  c.date = "date";
  c.compute = "petaflop_s_days";
  c.name = "system";
  c.unit = ComputeUnit::kPetaflopSDay;  // 1 pfs-day = 8.64e19 FLOP
  return c;
}

PublishedTrend AiAndComputePublished() {
  PublishedTrend p;
  // Seed 001: "翻倍时间为 3.4 个月" (the post: "a 3.4-month doubling time");
  // the post's first version said 3.43 (reference/calculators-and-thresholds.md).
  p.doubling_months = 3.4;
  p.doubling_quote = "3.4-month doubling time";
  p.original_doubling_months = 3.43;
  // Seed 001: "AlexNet 到 AlphaGo Zero：计算量增加了 300,000 倍".
  p.growth = 300000;
  p.growth_quote = "300,000x";
  p.growth_from = "AlexNet";
  p.growth_to = "AlphaGo Zero";
  p.source = "OpenAI, \"AI and Compute\" (Amodei & Hernandez 2018)";
  return p;
}

}  // namespace trainflops
