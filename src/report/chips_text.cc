// The hardware table as text: `trainflops chips` and `trainflops chips show`.
#include "../core/table.h"
#include "core/text.h"
#include "hardware_report.h"

namespace trainflops {
namespace {

// TFLOP/s with 4 significant digits, "" when unknown.
std::string Tera(const std::optional<double>& v) { return v ? FormatScientific(*v / 1e12) : ""; }

std::string Plain(const std::optional<double>& v, const std::string& unit) {
  return v ? FormatScientific(*v) + " " + unit : "unknown";
}

constexpr const char* kCredit =
    "Most rows are adapted from Epoch AI, 'Data on Machine Learning Hardware' (CC BY 4.0), "
    "checked against vendor datasheets; see data/HARDWARE.md.\n";

}  // namespace

std::string RenderChipListText(const std::vector<const Chip*>& chips, const HardwareDb& db) {
  report::TextTable table(
      {"name", "vendor", "released", "fp64", "fp32", "tf32", "fp16", "fp16 TC", "bf16", "fp8",
       "int8", "TDP W"},
      {false, false, false, true, true, true, true, true, true, true, true, true});
  for (const Chip* c : chips) {
    table.AddRow({c->name, c->vendor, c->release_date, Tera(c->Rate(RateColumn::kFp64)),
                  Tera(c->Rate(RateColumn::kFp32)), Tera(c->Rate(RateColumn::kTf32)),
                  Tera(c->Rate(RateColumn::kFp16)), Tera(c->Rate(RateColumn::kFp16Tensor)),
                  Tera(c->Rate(RateColumn::kBf16)), Tera(c->Rate(RateColumn::kFp8)),
                  Tera(c->Rate(RateColumn::kInt8)), c->tdp_w ? FormatScientific(*c->tdp_w) : ""});
  }
  return "Hardware table " + db.file() + ": " + std::to_string(chips.size()) + " of " +
         std::to_string(db.Rows().size()) +
         " rows. Dense peak per chip in TFLOP/s (int8: TOP/s); fp16 = plain FP16, fp16 TC = "
         "tensor cores with FP32 accumulate; empty = unknown or unsupported.\n" +
         table.Render() + kCredit +
         "One chip's row in full (every precision, memory, sources): show NAME.\n";
}

std::string RenderChipText(const ChipMatch& match, const HardwareDb& db) {
  const Chip& c = *match.chip;
  std::string out = c.name + " (" + db.file() + " line " + std::to_string(c.line) + ")\n";
  out += "  lookup:      " + match.explanation + "\n";
  out += "  vendor:      " + c.vendor + (c.type.empty() ? "" : " " + c.type) + "\n";
  out += "  variant:     " + c.variant + "\n";
  out += "  one row is:  " + (c.per.empty() ? std::string("chip") : c.per) + "\n";
  out +=
      "  released:    " + (c.release_date.empty() ? std::string("unknown") : c.release_date) + "\n";
  report::TextTable rates({"format", "FLOP/s", "TFLOP/s"}, {false, true, true});
  for (RateColumn col : AllRateColumns()) {
    const auto v = c.Rate(col);
    rates.AddRow({RateColumnLabel(col), v ? FormatScientific(*v) : "-", v ? Tera(v) : "-"});
  }
  out += "  dense peak per chip (int8 in OP/s; '-' = unknown or unsupported):\n" +
         rates.Render("    ");
  out += "  memory:      " + Plain(c.memory_gb, "GB") + ", bandwidth " +
         Plain(c.memory_bandwidth_gbps, "GB/s") + "\n";
  out += "  TDP:         " + Plain(c.tdp_w, "W") + "\n";
  out += "  aliases:     " + JoinNames(c.aliases) + "\n";
  if (!c.default_for.empty()) {
    out += "  default for: " + JoinNames(c.default_for) + " (ambiguous short names)\n";
  }
  if (!c.notes.empty()) out += "  notes:       " + c.notes + "\n";
  out += "  source:      " + (c.source.empty() ? std::string("not given") : c.source) + "\n";
  return out;
}

}  // namespace trainflops
