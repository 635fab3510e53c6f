// The hardware table: dense peak FLOP/s per chip for each number format,
// with release date, memory, power and a source per row.
//
// The bundled table is data/hardware.csv (conventions in data/HARDWARE.md:
// dense, per chip as software sees it, FP32-accumulate tensor rates, empty =
// unknown). Users may load their own table with the same columns.
#ifndef TRAINFLOPS_HARDWARE_H_
#define TRAINFLOPS_HARDWARE_H_

#include <array>
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "trainflops/status.h"

namespace trainflops {

// Number formats a training run may use (what --precision accepts).
enum class Precision { kFp64, kFp32, kTf32, kFp16, kBf16, kFp8, kInt8 };

std::string_view PrecisionName(Precision precision);  // "fp32", "bf16", ...
// Accepts fp64/double, fp32/float32/single, tf32, fp16/float16/half,
// bf16/bfloat16, fp8, int8 (case-insensitive); errors list them.
Result<Precision> ParsePrecision(std::string_view text);
const std::vector<Precision>& AllPrecisions();

// The peak-rate columns of the table. kFp16 is the plain (vector, CUDA-core)
// FP16 rate; kFp16Tensor the tensor/matrix-unit FP16 rate with FP32 accumulate.
enum class RateColumn { kFp64, kFp32, kTf32, kFp16, kFp16Tensor, kBf16, kFp8, kInt8 };
inline constexpr size_t kRateColumnCount = 8;

std::string_view RateColumnName(RateColumn column);  // the CSV header: "fp16_tensor"
// "fp16 (tensor cores)", "fp16 (plain)", "bf16", ...: for people.
std::string RateColumnLabel(RateColumn column);
const std::vector<RateColumn>& AllRateColumns();
// Tensor/matrix-unit rates (fp16_tensor, bf16, tf32, fp8), which reach their
// peak only under special conditions on NVIDIA chips (Sevilla et al. 2022, "NVIDIA tensor cores").
bool IsTensorColumn(RateColumn column);

struct Chip {
  std::string name;                      // canonical row name
  std::vector<std::string> aliases;      // as written in the table (lowercase)
  std::vector<std::string> default_for;  // ambiguous short names this row is the default for
  std::string vendor, type, variant, release_date, per, notes, source;
  int release_year = 0;                                       // 0 when the date is unknown
  std::array<std::optional<double>, kRateColumnCount> rates;  // FLOP/s (OP/s for int8)
  std::optional<double> memory_gb, memory_bandwidth_gbps, tdp_w;
  int line = 0;  // line of the row in its CSV file

  std::optional<double> Rate(RateColumn column) const { return rates[static_cast<size_t>(column)]; }
  bool HasAnyRate() const;
};

// How a name was resolved to a row, for the report ("which row and why").
struct ChipMatch {
  const Chip* chip = nullptr;
  std::string query;                    // as the user wrote it
  std::string explanation;              // one sentence: which row and why
  std::vector<std::string> other_rows;  // rows the name could also mean (ambiguous names)
};

// A peak rate as written: "1.54e12", "1.54T", "1.54 TFLOPS", "125 TFLOP/s",
// "989.5 tflops" (the prefix before FLOPS may be lower case). Must be > 0.
Result<double> ParseFlopRate(std::string_view text);

// Lower-case ASCII letters and digits only: "A100-SXM4-80GB", "a100 sxm4 80gb"
// and "a100_sxm4_80GB" all become "a100sxm480gb". Non-ASCII bytes are kept.
std::string NormalizeChipName(std::string_view name);

class HardwareDb {
 public:
  HardwareDb() = default;

  const std::vector<Chip>& Rows() const { return rows_; }
  const std::string& file() const { return file_; }

  // Resolves a chip name written as people write it: the canonical name or
  // an alias, ignoring case, spaces, hyphens and underscores, with or without
  // the vendor ("NVIDIA"). An ambiguous short name ("V100") resolves to the
  // row the table marks as its default (the data-centre SXM/NVLink variant)
  // and the explanation says so. Unknown names: NotFound with the closest rows.
  Result<ChipMatch> Find(std::string_view name) const;

  // Rows whose names are closest to `name` (edit distance on normalised
  // names, substrings first), best first.
  std::vector<const Chip*> FindClosest(std::string_view name, size_t max_results = 3) const;

  // Rows whose name, an alias, the vendor or the type contains `text`
  // (normalised); all rows for empty text.
  std::vector<const Chip*> Filter(std::string_view text) const;

 private:
  friend Result<HardwareDb> ParseHardwareCsv(std::string_view text, std::string_view file);
  friend const HardwareDb& DefaultHardwareDb();
  // Takes the rows and builds the name index; no name or alias may name two rows.
  Status Index(std::vector<Chip> rows, std::string_view file);

  std::vector<Chip> rows_;
  std::string file_;
  std::string problem_;  // why the bundled table is empty (never, if the tests pass)
  std::map<std::string, size_t> index_;    // normalised name or alias -> row
  std::map<std::string, size_t> derived_;  // the same without the vendor prefix
};

// Parses a hardware table (RFC 4180 CSV with a header row; columns as in
// data/HARDWARE.md). Errors read "<file>:<line>:<column>: field '<name>': ...".
Result<HardwareDb> ParseHardwareCsv(std::string_view text, std::string_view file);

// The bundled table (data/hardware.csv, compiled into the library).
std::string_view EmbeddedHardwareCsv();
// The bundled table, parsed once. Its validity is checked by the test suite;
// should it ever fail to parse, this is an empty table whose Find() reports why.
const HardwareDb& DefaultHardwareDb();

}  // namespace trainflops

#endif  // TRAINFLOPS_HARDWARE_H_
