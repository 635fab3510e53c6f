// The combination of lines of evidence (docs/evidence.md, "Combination"):
// each line is read as a lognormal from its median and 90% interval, the
// lines are averaged in log space weighted by their precision, lines whose
// intervals do not overlap are named, and their scatter widens the interval
// by the Particle Data Group's scale factor.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <tuple>

#include "combine_internal.h"
#include "lines.h"
#include "tables.h"
#include "trainflops/units.h"

namespace trainflops::evidence {
namespace {

constexpr char kPdgSource[] =
    "Navas et al. 2024 (Particle Data Group), Introduction, section 5.2.2";

// A line on the log scale. A point (a zero-width interval) is read as
// median /x kPointSpread, and its interval below is that one.
struct LogLine {
  const EvidenceLineResult* line = nullptr;
  double median = 0, low = 0, high = 0;
  double mu = 0, sigma = 0;
  bool point = false;
};

Result<LogLine> ReadLine(const EvidenceLineResult& line) {
  LogLine l;
  l.line = &line;
  TF_ASSIGN_OR_RETURN(const LineInterval i, IntervalOf(line));
  l.median = i.median;
  l.low = i.low;
  l.high = i.high;
  l.mu = std::log(i.median);
  l.sigma = SigmaOf(i.low, i.high);
  if (l.sigma == 0) {
    l.point = true;
    l.sigma = SigmaOf(i.median / kPointSpread, i.median * kPointSpread);
    l.low = i.median / kPointSpread;
    l.high = i.median * kPointSpread;
  }
  return l;
}

// Lines in the order of their names: sums in one order, so the combination
// does not depend on the order the lines were written in.
Result<std::vector<LogLine>> ReadLines(const std::vector<EvidenceLineResult>& lines) {
  std::vector<LogLine> out;
  for (const EvidenceLineResult& line : lines) {
    TF_ASSIGN_OR_RETURN(LogLine l, ReadLine(line));
    out.push_back(l);
  }
  std::sort(out.begin(), out.end(),
            [](const LogLine& a, const LogLine& b) { return a.line->name < b.line->name; });
  return out;
}

std::string Num(double v) { return FormatScientific(v, 3); }

std::string IntervalText(const LogLine& l) {
  return "'" + l.line->name + "' " + Num(l.low) + " .. " + Num(l.high) + " FLOP";
}

// Pairs whose 90% intervals do not overlap; the higher line first.
std::vector<Disagreement> Disagreements(const std::vector<LogLine>& lines) {
  std::vector<Disagreement> out;
  for (size_t i = 0; i < lines.size(); ++i) {
    for (size_t j = i + 1; j < lines.size(); ++j) {
      const bool i_above = lines[i].median >= lines[j].median;
      const LogLine& a = i_above ? lines[i] : lines[j];
      const LogLine& b = i_above ? lines[j] : lines[i];
      if (a.low <= b.high) continue;
      out.push_back({a.line->name, b.line->name, a.median / b.median,
                     "the 90% intervals do not overlap: " + IntervalText(a) +
                         " lies wholly above " + IntervalText(b) + "; median ratio " +
                         Num(a.median / b.median)});
    }
  }
  std::sort(out.begin(), out.end(), [](const Disagreement& x, const Disagreement& y) {
    return std::tie(x.line_a, x.line_b) < std::tie(y.line_a, y.line_b);
  });
  return out;
}

// The inverse-variance weighted mean of ln FLOP, widened by the scale factor.
void CombineWeighted(const std::vector<LogLine>& lines, EvidenceResult& r) {
  double weight = 0, weighted_mu = 0;
  for (const LogLine& l : lines) {
    weight += 1 / (l.sigma * l.sigma);
    weighted_mu += l.mu / (l.sigma * l.sigma);
  }
  const double mu = weighted_mu / weight;
  const double sigma_stat = 1 / std::sqrt(weight);
  double chi2 = 0;
  std::string weights;
  for (const LogLine& l : lines) {
    chi2 += std::pow((l.mu - mu) / l.sigma, 2);
    weights += (weights.empty() ? "" : ", ") + std::string("'") + l.line->name + "' " +
               FormatScientific(1 / (l.sigma * l.sigma) / weight, 2) + " (sigma " + Num(l.sigma) +
               ")";
  }
  const double dof = static_cast<double>(lines.size() - 1);
  r.scale_factor = std::sqrt(chi2 / dof);
  const double sigma = sigma_stat * std::max(1.0, r.scale_factor);
  r.median = std::exp(mu);
  r.low = std::exp(mu - kZ95 * sigma);
  r.high = std::exp(mu + kZ95 * sigma);
  r.combination_rule =
      "precision-weighted mean of ln FLOP, each line a lognormal with sigma = ln(high / low) / "
      "(2 x 1.645); weights " +
      weights + "; sigma = 1 / sqrt(sum of 1 / sigma^2) = " + Num(sigma_stat) +
      "; scale factor S = sqrt(chi^2 / (n - 1)) = sqrt(" + Num(chi2) + " / " + Num(dof) +
      ") = " + Num(r.scale_factor) +
      (r.scale_factor > 1 ? " > 1, so sigma x S = " + Num(sigma)
                          : " <= 1, so the interval is not widened") +
      " (" + kPdgSource + "); 90% interval = median /x exp(1.645 x sigma)";
  if (r.scale_factor > 1) {
    r.notes.push_back(
        "the lines scatter more than their intervals allow (S = " + Num(r.scale_factor) +
        "): the combined interval is widened by S (" + kPdgSource + ")");
  }
}

void CombineOne(const LogLine& l, EvidenceResult& r) {
  const LineInterval own = *IntervalOf(*l.line);
  r.median = own.median;
  r.low = own.low;
  r.high = own.high;
  r.combination_rule = "one line: its own median and 90% interval";
}

void AddNotes(const std::vector<LogLine>& lines, EvidenceResult& r) {
  for (const LogLine& l : lines) {
    if (l.point && lines.size() > 1) {
      r.notes.push_back("'" + l.line->name +
                        "' is a point (no interval): it is read as its median /x " +
                        Num(kPointSpread) + " (a 90% interval of +-10%) so that it has a weight");
    }
  }
  for (const Disagreement& d : r.disagreements) {
    r.notes.push_back("'" + d.line_a + "' and '" + d.line_b + "' disagree (ratio " + Num(d.ratio) +
                      "): both are kept in the combination, not averaged silently; check "
                      "their inputs");
  }
  if (r.low == r.high) {
    r.notes.push_back(
        "the interval has no width: every input of the evidence was given as a point, so the "
        "label says nothing of its uncertainty; give the inputs as ranges (docs/uncertainty.md)");
  }
  if (std::optional<std::string> note = ScaleCheckNote(r.median)) r.notes.push_back(*note);
}

}  // namespace

Result<LineInterval> IntervalOf(const EvidenceLineResult& line) {
  const UncertaintySummary& s = line.uncertainty.summary;
  const double point = line.estimate.training_flop;
  const LineInterval i =
      s.median > 0 ? LineInterval{s.median, s.low, s.high} : LineInterval{point, point, point};
  const bool finite = std::isfinite(i.low) && std::isfinite(i.high);
  if (!finite || !(i.low > 0) || !(i.low <= i.median && i.median <= i.high)) {
    return Status::InvalidArgument(
        "line '" + line.name + "': its median and 90% interval (" + Num(i.median) + ", " +
        Num(i.low) + " .. " + Num(i.high) +
        " FLOP) cannot be combined (accepted: finite, above 0, low <= median <= high)");
  }
  return i;
}

double SigmaOf(double low, double high) { return std::log(high / low) / (2 * kZ95); }

double RoundToSignificant(double value, int digits) {
  if (!(value > 0) || !std::isfinite(value)) return value;
  // Through decimal text: 44 x 1e23 in binary is 4.4000000000000006e24, while
  // the double nearest to "4.4e24" prints as 4.4e24 in every report.
  char text[32];
  std::snprintf(text, sizeof text, "%.*e", digits - 1, value);
  return std::strtod(text, nullptr);
}

Rounding RoundForLabel(double median, ConfidenceLabel label) {
  const int digits = label == ConfidenceLabel::kSpeculative ? 1 : 2;
  return {RoundToSignificant(median, digits),
          std::string(digits == 1 ? "one significant figure" : "two significant figures") + " (" +
              std::string(ConfidenceLabelName(label)) + ")"};
}

std::string JoinLineNames(const std::vector<std::string>& names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    out += (i == 0 ? "" : (i + 1 == names.size() ? " and " : ", ")) + std::string("'") + names[i] +
           "'";
  }
  return out;
}

std::vector<ImpliedQuantity> ImpliedQuantities(const std::vector<EvidenceLineResult>& lines) {
  std::vector<ImpliedQuantity> out;
  for (const EvidenceLineResult& a : lines) {
    for (const EvidenceLineResult& h : lines) {
      const bool hardware = h.kind != EvidenceKind::kFigure;
      if (a.kind == EvidenceKind::kFigure && hardware && h.capacity_flop && *h.capacity_flop > 0) {
        const double flop = a.estimate.training_flop;
        out.push_back({"implied utilization",
                       {a.name, h.name},
                       flop / *h.capacity_flop,
                       "",
                       "'" + a.name + "' " + Num(flop) + " FLOP / '" + h.name + "' capacity " +
                           Num(*h.capacity_flop) +
                           " FLOP (chip-seconds x peak FLOP/s) = " + Num(flop / *h.capacity_flop)});
      }
      const bool timed = h.kind == EvidenceKind::kPower || h.kind == EvidenceKind::kCluster;
      if (a.kind == EvidenceKind::kCost && a.cost_usd && timed && h.chip_hours &&
          *h.chip_hours > 0) {
        const double price = *a.cost_usd / *h.chip_hours;
        // Dollars of the price table's base year (cost.cc converts every amount).
        const std::string usd = "USD of " + std::to_string(kMoneyBaseYear);
        out.push_back({"implied price per chip-hour",
                       {a.name, h.name},
                       price,
                       usd + " per chip-hour",
                       "'" + a.name + "' " + Num(*a.cost_usd) + " " + usd + " / '" + h.name + "' " +
                           Num(*h.chip_hours) + " chip-hours = " + Num(price) + " " + usd +
                           " per chip-hour"});
      }
    }
  }
  std::sort(out.begin(), out.end(), [](const ImpliedQuantity& x, const ImpliedQuantity& y) {
    return std::tie(x.name, x.lines) < std::tie(y.name, y.lines);
  });
  return out;
}

Status CheckLineNames(const std::vector<std::string>& names) {
  if (names.empty()) {
    return Status::InvalidArgument(
        "no lines of evidence: give at least one line (cost, power, cluster, reference, stage or "
        "figure)");
  }
  std::set<std::string> seen;
  for (const std::string& name : names) {
    if (name.empty()) return Status::InvalidArgument("a line of evidence has no name");
    if (!seen.insert(name).second) {
      return Status::InvalidArgument("two lines are named '" + name +
                                     "': each line needs its own name");
    }
  }
  return Status::Ok();
}

namespace {

// What to pin down first to narrow the combined interval (evidence.h).
std::string Narrowing(const std::vector<LogLine>& logs, const EvidenceResult& r) {
  if (logs.size() == 1) {
    const EvidenceLineResult& line = *logs.front().line;
    if (line.uncertainty.width_shares.empty()) return "";
    const WidthShare& top = line.uncertainty.width_shares.front();
    return "pin down " + top.name + " in the line '" + line.name + "' first (" +
           std::to_string(std::lround(100 * top.share)) + "% of its width)";
  }
  if (r.scale_factor > 1) {
    std::string pair;
    if (!r.disagreements.empty()) {
      const Disagreement& d = r.disagreements.front();
      pair = " between '" + d.line_a + "' and '" + d.line_b + "'";
    }
    return "settle the disagreement" + pair +
           " first: the lines scatter more than their "
           "intervals allow, which multiplies the combined sigma by " +
           Num(r.scale_factor);
  }
  double total = 0;
  for (const LogLine& l : logs) total += 1 / (l.sigma * l.sigma);
  const LogLine& most =
      *std::min_element(logs.begin(), logs.end(),
                        [](const LogLine& a, const LogLine& b) { return a.sigma < b.sigma; });
  return "narrow the line '" + most.line->name + "' first: it carries " +
         std::to_string(std::lround(100 / (most.sigma * most.sigma) / total)) +
         "% of the weight, so its range sets most of the combined width";
}

}  // namespace

Result<EvidenceResult> CombineLines(const std::string& model,
                                    std::vector<EvidenceLineResult> lines) {
  std::vector<std::string> names;
  for (const EvidenceLineResult& l : lines) names.push_back(l.name);
  TF_RETURN_IF_ERROR(CheckLineNames(names));
  TF_ASSIGN_OR_RETURN(const std::vector<LogLine> logs, ReadLines(lines));
  EvidenceResult r;
  r.model = model;
  if (logs.size() == 1) {
    CombineOne(logs.front(), r);
  } else {
    CombineWeighted(logs, r);
  }
  r.disagreements = Disagreements(logs);
  r.label = LabelForInterval(r.median, r.low, r.high);
  const Rounding rounding = RoundForLabel(r.median, r.label);
  r.rounded = rounding.value;
  r.rounding_rule = rounding.rule;
  r.implied = ImpliedQuantities(lines);
  for (const ImpliedQuantity& q : r.implied) {
    if (q.unit.empty() && q.value > 1) {
      r.notes.push_back(q.name + " " + Num(q.value) + " from " + JoinLineNames(q.lines) +
                        " is above 1: the hardware could not do the figure's FLOP in that time, "
                        "so one of these lines is wrong");
    }
  }
  AddNotes(logs, r);
  r.narrowing = Narrowing(logs, r);
  TF_ASSIGN_OR_RETURN(r.thresholds, CheckThresholds(r.median, ComputeRange{r.low, r.high}, {}));
  r.lines = std::move(lines);
  return r;
}

}  // namespace trainflops::evidence

namespace trainflops {

Result<EvidenceResult> EstimateEvidence(const EvidenceRequest& request, const HardwareDb& db) {
  std::vector<std::string> names;
  for (const EvidenceLine& l : request.lines) names.push_back(l.name);
  TF_RETURN_IF_ERROR(evidence::CheckLineNames(names));
  std::vector<EvidenceLineResult> results;
  for (const EvidenceLine& line : request.lines) {
    TF_ASSIGN_OR_RETURN(EvidenceLineResult r, EstimateEvidenceLine(line, request, db));
    results.push_back(std::move(r));
  }
  return evidence::CombineLines(request.model, std::move(results));
}

}  // namespace trainflops
