// What an estimate is compared with in the record (the `ratio_to_recorded`
// column, and so the batch summary and calibrate's measurements): like with
// like, or no ratio with the reason. Unlike the guards, this reads the
// recorded compute: it judges the comparison, never the estimate.
#include <cmath>
#include <string>

#include "core/text.h"
#include "row_methods.h"
#include "trainflops/units.h"

namespace trainflops::batch {
namespace {

// A recorded figure under this utilization of the row's own chips x hours
// at peak counts something other than that training run (a forward pass, a
// share of the run): 10x below the lowest training utilization on record.
// Epoch AI's Notable AI Models gives MFU 0.19 to 0.52 on the 16 rows of the
// development file that report it; Llama 4 Scout's card implies 11.5% in
// FP8 (Epoch's note on that model).
constexpr double kMinRecordedUtilization = 0.01;

// A fine-tune's record under half its base's estimate cannot include the
// base's pre-training: it counts the fine-tune alone.
constexpr double kBaseShareOfRecord = 0.5;

std::string Percent(double u) { return FormatScientific(u * 100, 3) + "%"; }

// The record against the row's own hardware: a figure far under what any
// run on those chips for that time would reach; empty when plausible. (A
// record over the capacity is not judged: the row's format may not be the
// one the record assumed, and a higher peak would hold it.)
std::string ImplausibleOnHardware(double recorded, double capacity) {
  if (capacity <= 0 || recorded >= kMinRecordedUtilization * capacity) return "";
  return "no ratio: the recorded compute " + FormatScientific(recorded) +
         " implies a utilization of " + Percent(recorded / capacity) +
         " of the row's chips x hours at peak (" + FormatScientific(capacity) +
         " FLOP), under 1%, 10x below any training run on record: the record or the row's "
         "hardware cells count something else";
}

}  // namespace

RecordComparison CompareWithRecord(double recorded, const RowEstimate& out, double capacity) {
  RecordComparison c;
  std::optional<double> compared = out.with_base ? out.with_base : out.flop;
  // A fine-tune's hardware cells are the fine-tune's: a record that counts
  // the base as well is larger still, so the check below holds for it too.
  if (out.with_base) {
    const double base = *out.with_base - out.flop.value_or(0);
    if (recorded < kBaseShareOfRecord * base) {
      c.note = "the recorded compute " + FormatScientific(recorded) +
               " is under half the base's estimate alone (" + FormatScientific(base) +
               "): the record counts the fine-tune only, ";
      if (!out.flop) {
        c.note = "no ratio: " + c.note + "whose own compute is not estimated here";
        c.reason = "not compared: the record counts the fine-tune only, not estimated";
        return c;
      }
      c.note += "so the ratio compares the fine-tune's own " + FormatScientific(*out.flop);
      compared = out.flop;
    }
  }
  if (std::string implausible = ImplausibleOnHardware(recorded, capacity); !implausible.empty()) {
    c.note = std::move(implausible);
    c.reason = "not compared: the record implies a utilization under 1% of the row's hardware";
    return c;
  }
  if (!compared) return c;
  const double ratio = *compared / recorded;
  if (std::isnormal(ratio) && ratio > 0) {
    c.ratio = ratio;
  } else {
    c.note = std::string("no ratio: the estimate over the recorded compute ") +
             (std::isfinite(ratio) ? "underflows" : "overflows") + " a double";
  }
  return c;
}

}  // namespace trainflops::batch
