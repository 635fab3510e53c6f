// 6ND and hardware x time on one row, each with its interval. Intervals come
// from uncertainty.h's default ranges: exact quantiles when one factor is
// uncertain, Monte Carlo with the run's fixed seed otherwise (memoized by
// the uncertain factors: the point factor only scales every sample).
#include "row_methods.h"

#include <charconv>
#include <vector>

#include "active_parameters.h"
#include "cell_reading.h"
#include "core/finite.h"
#include "core/text.h"
#include "notes_hardware.h"
#include "trainflops/field_names.h"
#include "trainflops/hardware.h"
#include "trainflops/input_limits.h"
#include "trainflops/method2.h"
#include "trainflops/uncertainty.h"
#include "trainflops/units.h"

namespace trainflops::batch {
namespace {

// The earliest year whose chips x hours rows get the year-average peak
// without a chip name. The year-average table (Sevilla et al. 2022,
// "imputing GPU performance") starts in 2012, but its 2012 and 2013 rows are
// one shared figure (FP32 1.58e12 FLOP/s), and runs of those years mixed
// CPUs and GPUs: an unnamed chip then says little.
constexpr int kFirstUnnamedChipYear = 2014;

// Method 2's messages name its request fields ("`tdp`"); a row's note is
// about the row's cells, so it names them plainly ("tdp").
std::string InputWording(const Status& status) {
  return RenameFields(status.message(), [](std::string_view field) { return std::string(field); });
}

Quantity Read(const RowCells& row, Key key, const Context& context) {
  Quantity q = ReadQuantity(row.values[key], context.On(BatchRule::kListCells));
  if (!q.problem.empty()) q.problem = row.names[key] + " " + q.problem;
  if (!q.note.empty()) q.note = row.names[key] + " " + q.note;
  return q;
}

const Distribution& RangeOf(std::string_view name) { return (*FindDefaultRange(name))->range; }

std::string Describe(const Distribution& d) { return d.Describe(17); }

// 5% and 95% of point x the product of `uncertain` (independent factors).
void FillInterval(double point, const std::vector<Distribution>& uncertain, const Context& context,
                  Attempt& out) {
  double low = 1, high = 1;
  if (uncertain.size() == 1) {
    low = uncertain[0].Quantile(0.05);
    high = uncertain[0].Quantile(0.95);
  } else if (uncertain.size() > 1) {
    std::string key;
    for (const Distribution& d : uncertain) key += Describe(d) + ";";
    auto [it, fresh] = context.caches->quantiles.try_emplace(key, 0.0, 0.0);
    if (fresh) {
      std::vector<Factor> factors;
      for (const Distribution& d : uncertain) factors.push_back({"factor", d, 1});
      MonteCarloOptions mc;
      mc.samples = context.options->samples;
      mc.seed = context.options->seed;
      Result<UncertaintySummary> s = Propagate(factors, mc);
      it->second = s.ok() ? std::make_pair(s->low, s->high) : std::make_pair(0.0, 0.0);
    }
    if (it->second.first <= 0) return;  // no interval
    std::tie(low, high) = it->second;
  }
  // An interval past 1.8e308 (or of a NaN) is not printed: the row then has none.
  if (!RequireFinitePositive(
           {{"5th percentile", point * low, "FLOP"}, {"95th percentile", point * high, "FLOP"}}, {})
           .ok()) {
    return;
  }
  // Near 1e308 closed-form quantiles can lose their order (batch fuzzer:
  // 6e300 FLOP gave 8e300..4e300): no interval rather than a wrong one.
  if (!(point * low <= point * high)) return;
  out.low = point * low;
  out.high = point * high;
}

// A range cell as a factor around its median, for the interval.
void AddRange(const Quantity& q, std::vector<Distribution>& uncertain) {
  if (!q.range) return;
  if (Result<Distribution> d = q.range->Scaled(1 / *q.value); d.ok()) uncertain.push_back(*d);
}

bool Mentions(const RowCells& row, Key key, std::string_view word) {
  return ToLower(row.values[key]).find(word) != std::string::npos;
}

// Why 6ND does not apply to the row's domain, or nothing. Kaplan et al. (2020)
// derive 6ND for transformer language models with D in tokens; Epoch's
// dataset size for other domains counts images, image-text pairs, clips,
// episodes or steps. An empty domain is unknown: 6ND applies.
std::optional<std::string> DomainRefusal(const RowCells& row, const Context& context,
                                         std::string& note) {
  const std::string_view domain = Trim(row.values[kDomain]);
  if (domain.empty()) return std::nullopt;
  const bool language = Mentions(row, kDomain, "language");
  bool other_media = false;
  for (std::string_view w :
       {"multimodal", "vision", "speech", "audio", "video", "robotics", "image"}) {
    other_media = other_media || Mentions(row, kDomain, w);
  }
  const std::string not_language =
      row.names[kDomain] + " '" + Abbreviate(domain) + "' is not language (6ND needs D in tokens)";
  if (!context.On(BatchRule::kTokenData)) {
    if (language) return std::nullopt;
    return not_language;
  }
  if (!other_media) {
    if (language) return std::nullopt;
    return not_language;
  }
  if (Mentions(row, kDatasetNotes, "token")) {
    note = row.names[kDatasetNotes] + " count tokens";
    return std::nullopt;
  }
  return row.names[kDomain] + " '" + Abbreviate(domain) +
         "' counts images, pairs, clips or episodes, and " + row.names[kDatasetNotes] +
         " do not say tokens";
}

// The parameters a token passes through: the active ones of a mixture of
// experts. Sets `note` and the low-confidence flag for the default share.
double ParametersPerToken(const RowCells& row, double total, const Context& context,
                          std::string& note, bool& low_confidence) {
  if (!context.On(BatchRule::kActiveParameters)) return total;
  const ActiveParameters a = FindActiveParameters(row.values[kName], row.values[kParametersNotes]);
  if (a.count && *a.count < total) {
    note = "mixture of experts: " + FormatScientific(*a.count) + " active of " +
           FormatScientific(total) + " parameters (" + a.evidence + ")";
    return *a.count;
  }
  if (a.share && *a.share > 0 && *a.share < 1) {
    note = "mixture of experts: " + FormatScientific(*a.share) + " of " + FormatScientific(total) +
           " parameters active (" + a.evidence + ")";
    return total * *a.share;
  }
  if (!a.moe) return total;
  low_confidence = true;
  note = "mixture of experts without an active count: the default active share " +
         FormatScientific(kDefaultActiveShare) + " of " + FormatScientific(total) +
         " (median of the rows that state it; docs/batch.md)";
  return total * kDefaultActiveShare;
}

}  // namespace

std::optional<int> YearOf(const RowCells& row) {
  const std::string_view date = Trim(row.values[kDate]);
  int year = 0;
  const auto [end, ec] = std::from_chars(date.data(), date.data() + date.size(), year);
  if (ec != std::errc() || end - date.data() != 4) return std::nullopt;
  return year;
}

std::string JoinComma(const std::vector<std::string>& parts) {
  std::string out;
  for (const std::string& p : parts) {
    if (!p.empty()) out += (out.empty() ? "" : ", ") + p;
  }
  return out;
}

// The first chip of a list ("NVIDIA A100,NVIDIA V100"), or "unknown" with a
// note when the table does not know it (the peak is then imputed by year).
std::string ChooseChip(std::string_view text, const Context& context,
                       std::vector<std::string>& notes, bool& imputed) {
  std::string chip(Trim(text));
  if (const size_t comma = chip.find(','); comma != std::string::npos) {
    notes.push_back("several chips listed: used the first, '" + Abbreviate(chip.substr(0, comma)) +
                    "'");
    chip = std::string(Trim(chip.substr(0, comma)));
  }
  auto [known, fresh] = context.caches->chip_known.try_emplace(chip, false);
  if (fresh) known->second = DefaultHardwareDb().Find(chip).ok();
  if (!known->second) {
    notes.push_back("hardware '" + Abbreviate(chip) +
                    "' not in the table: peak imputed from the year");
    imputed = true;
    return "unknown";
  }
  return chip;
}

Attempt Try6nd(const RowCells& row, const Context& context) {
  const Quantity n = Read(row, kParameters, context), d = Read(row, kDataset, context);
  const Quantity e = Read(row, kEpochs, context);
  Attempt out;
  out.attempted = n.value || d.value || !n.problem.empty() || !d.problem.empty();
  for (const Quantity* c : {&n, &d, &e}) {
    if (!c->problem.empty()) {
      out.note = "6ND: " + c->problem;
      out.cause = "unreadable cell";
      return out;
    }
  }
  if (!n.value || !d.value) {
    out.note = std::string("6ND: no ") + (!n.value ? row.names[kParameters] : row.names[kDataset]);
    out.cause = "no parameters and dataset";
    return out;
  }
  std::string tokens_note;
  if (std::optional<std::string> refusal = DomainRefusal(row, context, tokens_note)) {
    out.note = "6ND not applied: " + *refusal;
    out.cause = refusal->find("not language") != std::string::npos ? "domain not language"
                                                                   : "dataset not in tokens";
    return out;
  }
  std::string moe_note;
  const double params = ParametersPerToken(row, *n.value, context, moe_note, out.low_confidence);
  const double epochs = e.value.value_or(1.0);
  const double base = 2 * params * *d.value * epochs;  // x (1 + r), r = backward/forward
  const Status finite = RequireFinitePositive({{"6ND estimate", 3 * base, "FLOP"}},
                                              {{row.names[kParameters], params, "", ""},
                                               {row.names[kDataset], *d.value, "", ""},
                                               {row.names[kEpochs], epochs, "", ""}});
  if (!finite.ok()) {
    out.note = "6ND: " + finite.message();
    out.cause = "estimate not finite";
    return out;
  }
  out.flop = 3 * base;
  out.params_per_token = params;
  out.tokens = *d.value * epochs;
  // Factor 6 = 2 FLOP per multiply-add x training_factor, triangular(2, 3, 4).
  std::vector<Distribution> uncertain = {RangeOf("training_factor")};
  for (const Quantity* c : {&n, &d, &e}) AddRange(*c, uncertain);
  FillInterval(base, uncertain, context, out);
  out.note = JoinComma({"6ND = 6 x " + FormatScientific(params) + " x " +
                            FormatScientific(*d.value) + " x " + FormatScientific(epochs) +
                            (e.value ? "" : " (epochs not given: 1 assumed)"),
                        moe_note, tokens_note, n.note, d.note, e.note});
  return out;
}

namespace {

// The chip's peak for the row's format, year and kind of model: one
// EstimateMethod2 per distinct key, for 1 chip-hour at the default utilization.
const Caches::Peak& LookupPeak(const std::string& chip, std::optional<Precision> precision,
                               const Method2Options& base, const Context& context) {
  const std::string key = chip + "|" + (precision ? std::string(PrecisionName(*precision)) : "") +
                          "|" + (base.year ? std::to_string(*base.year) : "") + "|" +
                          (*base.llm ? "l" : "") + (*base.industry ? "i" : "");
  auto [it, fresh] = context.caches->peaks.try_emplace(key);
  if (!fresh) return it->second;
  Caches::Peak& peak = it->second;
  Method2Options options = base;
  Phase phase;
  phase.chip = chip;
  phase.count = 1;
  phase.time = Duration{kSecondsPerHour, 1, "hours"};
  phase.precision = precision;
  options.phases.push_back(phase);
  Result<Method2Result> r = EstimateMethod2(options, DefaultHardwareDb());
  if (!r.ok()) {
    peak.error = InputWording(r.status());
    return peak;
  }
  const PhaseResult& p = r->phases.front();
  peak.peak = p.peak;
  peak.chip = p.chip;
  peak.precision = p.precision;
  peak.imputed = p.imputed;
  peak.fallback = precision && p.precision != PrecisionName(*precision);
  peak.rate_note = peak.fallback ? p.precision_rule : "";
  peak.sixteen_bit_tensor =
      (p.precision == "bf16" || p.precision == "fp8" || p.precision == "fp16") &&
      p.rate.find("plain") == std::string::npos;
  peak.tensor_caveat = p.utilization.value < 0.35 && !*base.llm;
  return peak;
}

// The row's utilization, else the default of the utilization rule.
double ChooseUtilization(const RowCells& row, const Caches::Peak& peak, bool llm,
                         const Context& context, std::vector<std::string>& notes,
                         bool& default_used) {
  const std::string_view text = Trim(row.values[kUtilization]);
  if (!text.empty()) {
    if (Result<Utilization> u = ParseUtilization(text); u.ok()) return u->value;
    notes.push_back(row.names[kUtilization] + " '" + Abbreviate(text) +
                    "' not usable: the default used");
  }
  default_used = true;
  if (!context.On(BatchRule::kUtilization)) {
    return llm || peak.tensor_caveat ? 0.3 : 0.4;  // DefaultUtilization: NVIDIA tensor cores only
  }
  // Sevilla et al. 2022, Method 2: 0.3 for large language models, 0.4 for
  // other networks; a 16-bit tensor/matrix peak (any vendor) needs special
  // conditions, so it takes the lower end.
  if (llm) return 0.3;
  return peak.sixteen_bit_tensor ? 0.3 : 0.4;
}

}  // namespace

Attempt TryHardware(const RowCells& row, const Context& context) {
  Attempt out;
  Quantity q = Read(row, kQuantity, context), h = Read(row, kHours, context);
  const std::string_view chip_text = Trim(row.values[kHardware]);
  out.attempted =
      !chip_text.empty() || q.value || h.value || !q.problem.empty() || !h.problem.empty();
  if (!q.problem.empty() || !h.problem.empty()) {
    out.note = "hardware: " + (q.problem.empty() ? h.problem : q.problem);
    out.cause = "unreadable cell";
    return out;
  }
  bool chip_hours_whole = false;
  if (context.On(BatchRule::kNotesHardware) && !chip_text.empty() && (!q.value || !h.value)) {
    chip_hours_whole = FillHardwareFromNotes(row, q, h);
  }
  const std::optional<int> year = YearOf(row);
  const bool unnamed = chip_text.empty() && context.On(BatchRule::kUnnamedChips) && year &&
                       *year >= kFirstUnnamedChipYear;
  if ((chip_text.empty() && !unnamed) || !q.value || !h.value) {
    out.note = "hardware: needs " + row.names[kHardware] + ", " + row.names[kQuantity] + " and " +
               row.names[kHours] +
               (chip_text.empty() && q.value && h.value
                    ? " (without a chip name, a year from " +
                          std::to_string(kFirstUnnamedChipYear) + " on)"
                    : "");
    out.cause = "no chips x hours";
    return out;
  }
  std::vector<std::string> notes;
  bool imputed = false;
  std::string chip = "unknown";
  if (unnamed) {
    notes.push_back("no chip named: the " + std::to_string(*year) + " year-average peak");
    imputed = true;
  } else {
    chip = ChooseChip(chip_text, context, notes, imputed);
  }
  std::optional<Precision> precision;
  const std::string_view format = Trim(row.values[kFormat]);
  if (!format.empty()) {
    if (Result<Precision> p = ParsePrecision(format); p.ok()) {
      precision = *p;
    } else {
      notes.push_back("format '" + Abbreviate(format) +
                      "' not known: the rule of Sevilla et al. 2022 chose");
    }
  }
  Method2Options options;
  options.year = year;
  options.llm = Mentions(row, kDomain, "language");
  options.industry = Mentions(row, kOrganization, "industry");
  const Caches::Peak& peak = LookupPeak(chip, precision, options, context);
  std::string error = peak.error;
  if (error.empty() && peak.fallback && !context.On(BatchRule::kFormatFallback)) {
    error = "'" + peak.chip + "' has no " + Abbreviate(format) + " rate (format fallback off)";
  }
  if (!error.empty()) {
    out.note = "hardware: " + (notes.empty() ? "" : notes.front() + ", but ") + error;
    out.cause = "chip or format not usable";
    return out;
  }
  if (peak.fallback) notes.push_back(peak.rate_note);
  bool default_u = false;
  const double u = ChooseUtilization(row, peak, *options.llm, context, notes, default_u);
  const double capacity = *q.value * *h.value * kSecondsPerHour * peak.peak;
  const Status finite = RequireFinitePositive(
      {{"hardware estimate", capacity * u, "FLOP"}},
      {{row.names[kQuantity], *q.value, "", ""}, {row.names[kHours], *h.value, "h", ""}});
  if (!finite.ok()) {
    out.note = "hardware: " + finite.message();
    out.cause = "estimate not finite";
    return out;
  }
  out.flop = capacity * u;
  out.capacity = capacity;
  if (!chip_hours_whole) out.chips = q.value;
  out.capacity_is_floor = !imputed && !peak.imputed && (precision || peak.precision == "fp32");
  out.low_confidence = imputed;
  std::vector<Distribution> uncertain;
  uncertain.push_back(default_u ? RangeOf(u < 0.35 ? "utilization_llm" : "utilization_other")
                                : Distribution::Point(u));
  if (imputed) uncertain.push_back(RangeOf("hardware_peak_imputed"));
  if (!precision) uncertain.push_back(RangeOf("precision_guessed"));
  AddRange(q, uncertain);
  AddRange(h, uncertain);
  std::erase_if(uncertain, [](const Distribution& d) { return d.is_point(); });
  FillInterval(default_u ? capacity : capacity * u, uncertain, context, out);
  if (!out.low) notes.push_back("no interval");
  notes.insert(notes.begin(), "hardware = " + FormatScientific(*q.value) + " x " +
                                  FormatScientific(*h.value) + " h x " +
                                  FormatScientific(peak.peak) + " FLOP/s (" + peak.chip + ", " +
                                  peak.precision + ") x utilization " + FormatScientific(u) +
                                  (default_u ? " (default)" : ""));
  for (const Quantity* c : {&q, &h}) notes.push_back(c->note);
  out.note = JoinComma(notes);
  return out;
}

Recorded ReadRecorded(const RowCells& row) {
  const Quantity c = ReadQuantity(row.values[kRecorded], false);
  return {c.value, c.problem.empty() ? "" : "no ratio: " + row.names[kRecorded] + " " + c.problem};
}

std::optional<double> ReadFinetune(const RowCells& row) {
  return ReadQuantity(row.values[kFinetune], false).value;
}

}  // namespace trainflops::batch
