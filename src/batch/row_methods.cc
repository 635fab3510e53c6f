// 6ND and hardware x time on one row, each with its interval. Intervals come
// from uncertainty.h's default ranges: a closed form (ExactProduct) when one
// factor is uncertain, Monte Carlo with the run's fixed seed otherwise.
#include "row_methods.h"

#include <charconv>
#include <vector>

#include "trainflops/finite.h"
#include "trainflops/hardware.h"
#include "trainflops/input_limits.h"
#include "trainflops/method2.h"
#include "trainflops/text.h"
#include "trainflops/uncertainty.h"
#include "trainflops/units.h"

namespace trainflops::batch {
namespace {

struct Cell {
  std::optional<double> value;  // empty cell: nullopt
  std::string problem;          // set when the cell is not a positive number
};

Cell ReadPositive(const RowCells& row, Key key) {
  const std::string_view text = Trim(row.values[key]);
  if (text.empty()) return {};
  Result<double> v = ParsePositive(text);
  if (!v.ok()) {
    return {std::nullopt, row.names[key] + " '" + std::string(text) + "' is not a positive number"};
  }
  return {*v, ""};
}

const Distribution& RangeOf(std::string_view name) { return (*FindDefaultRange(name))->range; }

// 5% and 95% of the product of `factors`.
Status FillInterval(const std::vector<Factor>& factors, std::size_t samples, std::uint64_t seed,
                    Attempt& out) {
  size_t uncertain = 0;
  for (const Factor& f : factors) uncertain += f.distribution.is_point() ? 0 : 1;
  if (uncertain <= 1) {  // closed form: a scaled range (or a point)
    TF_ASSIGN_OR_RETURN(const Distribution exact, ExactProduct(factors));
    const double low = exact.is_point() ? exact.param(0) : exact.Quantile(0.05);
    const double high = exact.is_point() ? exact.param(0) : exact.Quantile(0.95);
    TF_RETURN_IF_ERROR(RequireFinitePositive(
        {{"5th percentile", low, "FLOP"}, {"95th percentile", high, "FLOP"}}, {}));
    // Near 1e308 the closed-form quantiles lose their order (batch fuzzer:
    // 6e300 FLOP gave 8e300..4e300): no interval rather than a wrong one.
    if (!(low <= high)) {
      return Status::InvalidArgument("the interval cannot be computed at this magnitude");
    }
    out.low = low;
    out.high = high;
    return Status::Ok();
  }
  MonteCarloOptions mc;
  mc.samples = samples;
  mc.seed = seed;
  TF_ASSIGN_OR_RETURN(const UncertaintySummary s, Propagate(factors, mc));
  TF_RETURN_IF_ERROR(RequireFinitePositive(
      {{"5th percentile", s.low, "FLOP"}, {"95th percentile", s.high, "FLOP"}}, {}));
  out.low = s.low;
  out.high = s.high;
  return Status::Ok();
}

std::optional<int> YearOf(const RowCells& row) {
  const std::string_view date = Trim(row.values[kDate]);
  int year = 0;
  const auto [end, ec] = std::from_chars(date.data(), date.data() + date.size(), year);
  if (ec != std::errc() || end - date.data() != 4) return std::nullopt;
  return year;
}

bool Mentions(const RowCells& row, Key key, std::string_view word) {
  return ToLower(row.values[key]).find(word) != std::string::npos;
}

// The first chip of a list ("NVIDIA A100,NVIDIA V100"), or "unknown" with a
// note when the table does not know it (the peak is then imputed by year).
std::string ChooseChip(const RowCells& row, std::vector<std::string>& notes) {
  std::string chip(Trim(row.values[kHardware]));
  if (const size_t comma = chip.find(','); comma != std::string::npos) {
    notes.push_back("several chips listed: used the first, '" + chip.substr(0, comma) + "'");
    chip = std::string(Trim(chip.substr(0, comma)));
  }
  if (!DefaultHardwareDb().Find(chip).ok()) {
    notes.push_back("hardware '" + chip + "' not in the table: peak imputed from the year");
    return "unknown";
  }
  return chip;
}

}  // namespace

Attempt Try6nd(const RowCells& row) {
  const Cell n = ReadPositive(row, kParameters), d = ReadPositive(row, kDataset);
  const Cell e = ReadPositive(row, kEpochs);
  Attempt out;
  out.attempted = n.value || d.value || !n.problem.empty() || !d.problem.empty();
  for (const Cell* c : {&n, &d, &e}) {
    if (!c->problem.empty()) {
      out.note = "6ND: " + c->problem;
      return out;
    }
  }
  if (!n.value || !d.value) {
    out.note = std::string("6ND: no ") + (!n.value ? row.names[kParameters] : row.names[kDataset]);
    return out;
  }
  // Kaplan et al. (2020) derive 6ND for transformer language models, D in
  // tokens; for other domains Epoch's dataset size counts images, samples or
  // steps, which do not pass through every parameter once each. An empty
  // domain is unknown: 6ND applies.
  if (!Trim(row.values[kDomain]).empty() && !Mentions(row, kDomain, "language")) {
    out.note = "6ND not applied: " + row.names[kDomain] + " '" + Abbreviate(row.values[kDomain]) +
               "' is not language (6ND needs D in tokens)";
    return out;
  }
  const double epochs = e.value.value_or(1.0);
  const double base = 2 * *n.value * *d.value * epochs;  // x (1 + r), r = backward/forward
  const Status finite = RequireFinitePositive({{"6ND estimate", 3 * base, "FLOP"}},
                                              {{row.names[kParameters], *n.value, "", ""},
                                               {row.names[kDataset], *d.value, "", ""},
                                               {row.names[kEpochs], epochs, "", ""}});
  if (!finite.ok()) {
    out.note = "6ND: " + finite.message();
    return out;
  }
  out.flop = 3 * base;
  // Factor 6 = 2 FLOP per multiply-add x training_factor, triangular(2, 3, 4).
  const std::vector<Factor> factors = {{"2 N D epochs", Distribution::Point(base), 1},
                                       {"training_factor", RangeOf("training_factor"), 1}};
  if (Status s = FillInterval(factors, 1, 0, out); !s.ok()) out.low = out.high = out.flop;
  out.note = "6ND = 6 x " + FormatScientific(*n.value) + " x " + FormatScientific(*d.value) +
             " x " + FormatScientific(epochs) + (e.value ? "" : " (epochs not given: 1 assumed)");
  return out;
}

Attempt TryHardware(const RowCells& row, std::size_t samples, std::uint64_t seed) {
  Attempt out;
  const Cell q = ReadPositive(row, kQuantity), h = ReadPositive(row, kHours);
  const std::string_view chip_text = Trim(row.values[kHardware]);
  out.attempted =
      !chip_text.empty() || q.value || h.value || !q.problem.empty() || !h.problem.empty();
  if (!q.problem.empty() || !h.problem.empty()) {
    out.note = "hardware: " + (q.problem.empty() ? h.problem : q.problem);
    return out;
  }
  if (chip_text.empty() || !q.value || !h.value) {
    out.note = "hardware: needs " + row.names[kHardware] + ", " + row.names[kQuantity] + " and " +
               row.names[kHours];
    return out;
  }
  std::vector<std::string> notes;
  Phase phase;
  phase.chip = ChooseChip(row, notes);
  phase.count = *q.value;
  phase.time = Duration{*h.value * kSecondsPerHour, *h.value, "hours"};
  const std::string_view format = Trim(row.values[kFormat]);
  if (!format.empty()) {
    if (Result<Precision> p = ParsePrecision(format); p.ok()) {
      phase.precision = *p;
    } else {
      notes.push_back("format '" + Abbreviate(format) + "' not known: the seeds' rule chose");
    }
  }
  const std::string_view u_text = Trim(row.values[kUtilization]);
  if (!u_text.empty()) {
    if (Result<Utilization> u = ParseUtilization(u_text); u.ok()) {
      phase.utilization = *u;
    } else {
      notes.push_back(row.names[kUtilization] + " '" + Abbreviate(u_text) +
                      "' not usable: the default used");
    }
  }
  Method2Options options;
  options.phases.push_back(phase);
  options.year = YearOf(row);
  options.llm = Mentions(row, kDomain, "language");
  options.industry = Mentions(row, kOrganization, "industry");
  Result<Method2Result> r = EstimateMethod2(options, DefaultHardwareDb());
  if (!r.ok()) {
    out.note =
        "hardware: " + (notes.empty() ? "" : notes.front() + ", but ") + r.status().message();
    return out;
  }
  const PhaseResult& p = r->phases.front();
  out.flop = r->estimate.training_flop;
  std::vector<Factor> factors = {
      {"chip-seconds x peak", Distribution::Point(p.chip_seconds * p.peak), 1}};
  const bool default_u = !phase.utilization.has_value();
  factors.push_back(
      {"utilization",
       default_u ? RangeOf(p.utilization.value < 0.35 ? "utilization_llm" : "utilization_other")
                 : Distribution::Point(p.utilization.value),
       1});
  if (p.imputed) factors.push_back({"peak", RangeOf("hardware_peak_imputed"), 1});
  if (!phase.precision) factors.push_back({"precision", RangeOf("precision_guessed"), 1});
  if (Status s = FillInterval(factors, samples, seed, out); !s.ok()) {
    notes.push_back("no interval: " + s.message());
  }
  notes.insert(notes.begin(), "hardware = " + FormatScientific(p.count) + " x " +
                                  FormatScientific(*h.value) + " h x " + FormatScientific(p.peak) +
                                  " FLOP/s (" + p.chip + ", " + p.precision + ") x utilization " +
                                  FormatScientific(p.utilization.value) +
                                  (default_u ? " (seed 002 default)" : ""));
  std::string joined;
  for (const std::string& n : notes) joined += (joined.empty() ? "" : ", ") + n;
  out.note = joined;
  return out;
}

Recorded ReadRecorded(const RowCells& row) {
  const Cell c = ReadPositive(row, kRecorded);
  return {c.value, c.problem.empty() ? "" : "no ratio: " + c.problem};
}

}  // namespace trainflops::batch
