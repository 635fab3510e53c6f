// The log-linear fit, its bootstrap interval, and eras.
#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

#include "core/finite.h"
#include "trainflops/input_limits.h"
#include "trainflops/trend.h"

namespace trainflops {
namespace {

struct Sums {
  double slope = 0, intercept = 0, sxx = 0, sxy = 0, syy = 0;
};

// Two passes (means, then centred sums): dates near 2020 would lose digits
// in the one-pass sum of x^2.
template <typename Get>
Sums LeastSquares(std::size_t n, Get get) {
  double mx = 0, my = 0;
  for (std::size_t i = 0; i < n; ++i) {
    mx += get(i).first;
    my += get(i).second;
  }
  mx /= static_cast<double>(n);
  my /= static_cast<double>(n);
  Sums s;
  for (std::size_t i = 0; i < n; ++i) {
    const double dx = get(i).first - mx, dy = get(i).second - my;
    s.sxx += dx * dx;
    s.sxy += dx * dy;
    s.syy += dy * dy;
  }
  s.slope = s.sxx > 0 ? s.sxy / s.sxx : 0;
  s.intercept = my - s.slope * mx;
  return s;
}

// Indices in [0, n) without modulo bias: draws above the largest multiple
// of n are rejected (our own arithmetic, so the same on every platform). The
// limit is computed once, not per draw: each division costs as much as a draw.
class UniformIndex {
 public:
  explicit UniformIndex(std::size_t n) : range_(n), limit_(kMax - kMax % range_) {}
  std::size_t operator()(std::mt19937_64& engine) const {
    std::uint64_t x;
    do {
      x = engine();
    } while (x >= limit_);
    return static_cast<std::size_t>(x % range_);
  }

 private:
  static constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t range_;
  std::uint64_t limit_;
};

// Each resample draws n points: 2,000 resamples of 300,000 points draw 6e8.
// Each draw copies a (year, log10 FLOP) pair, its logarithm taken once, from
// one array of 16-byte pairs into the resample, which the fit's two passes
// then read in order. Reading the points themselves (a name and a date each)
// at random, twice, made 300,000 points cost 150 s.
std::optional<BootstrapInterval> Bootstrap(const std::vector<TrendPoint>& points,
                                           const TrendOptions& options, std::uint64_t stream) {
  if (options.bootstrap == 0) return std::nullopt;
  std::mt19937_64 engine(StreamSeed(options.seed, stream));
  const std::size_t n = points.size();
  std::vector<std::pair<double, double>> xy(n);
  for (std::size_t i = 0; i < n; ++i) xy[i] = {points[i].year, std::log10(points[i].flop)};
  std::vector<std::pair<double, double>> resample(n);
  std::vector<double> slopes;
  slopes.reserve(options.bootstrap);
  BootstrapInterval b;
  const UniformIndex draw(n);
  for (std::size_t r = 0; r < options.bootstrap; ++r) {
    for (std::pair<double, double>& p : resample) p = xy[draw(engine)];
    const Sums s = LeastSquares(n, [&](std::size_t i) { return resample[i]; });
    if (s.sxx > 0) {
      slopes.push_back(s.slope);
    } else {
      ++b.degenerate;
    }
  }
  if (slopes.empty()) return std::nullopt;
  std::sort(slopes.begin(), slopes.end());
  b.level = options.level;
  b.resamples = options.bootstrap;
  b.slope_low = SortedQuantile(slopes, (1 - options.level) / 2);
  b.slope_high = SortedQuantile(slopes, (1 + options.level) / 2);
  b.doubling_low = DoublingTimeMonths(b.slope_high);
  b.doubling_high = DoublingTimeMonths(b.slope_low);
  return b;
}

Result<TrendFit> FitSegment(const std::vector<TrendPoint>& points, const TrendOptions& options,
                            std::uint64_t stream) {
  TF_ASSIGN_OR_RETURN(const LinearFit fit, FitLogLinear(points));
  TrendFit t;
  t.fit = fit;
  t.first_year = points.front().year;
  t.last_year = points.back().year;
  t.interval = Bootstrap(points, options, stream);
  return t;
}

struct Break {
  std::string date;
  double year;
};

Result<std::vector<Break>> ParseBreaks(const std::vector<TrendPoint>& points,
                                       const std::vector<std::string>& texts) {
  std::vector<Break> breaks;
  for (const std::string& text : texts) {
    Result<double> year = DecimalYear(text);
    if (!year.ok()) return year.status().WithContext("`breaks`");
    if (*year <= points.front().year || *year > points.back().year) {
      return Status::InvalidArgument("`breaks` " + text + " is outside the data (" +
                                     points.front().date + " .. " + points.back().date +
                                     "); a break must fall after the first point");
    }
    breaks.push_back({text, *year});
  }
  std::sort(breaks.begin(), breaks.end(),
            [](const Break& a, const Break& b) { return a.year < b.year; });
  for (std::size_t i = 1; i < breaks.size(); ++i) {
    if (breaks[i].year == breaks[i - 1].year) {
      return Status::InvalidArgument("`breaks` " + breaks[i].date + " is given twice");
    }
  }
  return breaks;
}

// The inputs most likely at fault when a figure overflows or underflows: the
// points of least and most compute.
std::vector<Input> Extremes(const std::vector<TrendPoint>& points) {
  const auto [least, most] = std::minmax_element(
      points.begin(), points.end(), [](const auto& a, const auto& b) { return a.flop < b.flop; });
  std::vector<Input> out;
  for (const TrendPoint* p : {&*least, &*most}) {
    out.push_back({"compute of '" + Abbreviate(p->name) + "'", p->flop, "FLOP",
                   "line " + std::to_string(p->line)});
  }
  return out;
}

// Every figure the report prints: slopes and intercepts finite, growth
// factors (10^slope) neither past 1.8e308 nor underflowing to "0x".
Status CheckFit(const TrendFit& f, const std::string& what, const std::vector<Input>& inputs) {
  const LinearFit& l = f.fit;
  if (!std::isfinite(l.slope) || !std::isfinite(l.intercept) || !std::isfinite(l.r_squared)) {
    return Status::InvalidArgument("the " + what + " line is not finite (slope " +
                                   FormatScientific(l.slope) + ", intercept " +
                                   FormatScientific(l.intercept) + "); check the compute values");
  }
  std::vector<Figure> figures = {{what + " growth per year", GrowthPerYear(l.slope), ""}};
  if (f.interval) {
    figures.push_back(
        {what + " interval's low growth per year", GrowthPerYear(f.interval->slope_low), ""});
    figures.push_back(
        {what + " interval's high growth per year", GrowthPerYear(f.interval->slope_high), ""});
  }
  return RequireFinitePositive(figures, inputs);
}

std::string EraStart(const TrendFit& e) { return e.from.empty() ? "from the start" : e.from; }

Status CheckFigures(const std::vector<TrendPoint>& points, const TrendResult& result) {
  const std::vector<Input> inputs = Extremes(points);
  TF_RETURN_IF_ERROR(CheckFit(result.overall, "overall fit's", inputs));
  for (const TrendFit& e : result.eras) {
    TF_RETURN_IF_ERROR(CheckFit(e, "era " + EraStart(e) + "'s", inputs));
  }
  const double largest =
      std::max_element(points.begin(), points.end(), [](const auto& a, const auto& b) {
        return a.flop < b.flop;
      })->flop;
  return RequireFinitePositive({{"largest / earliest compute", largest / points.front().flop, ""}},
                               inputs);
}

}  // namespace

double DoublingTimeMonths(double slope) {
  if (!(slope > 0)) return std::numeric_limits<double>::infinity();
  return 12 * std::log10(2.0) / slope;
}

double GrowthPerYear(double slope) { return std::pow(10.0, slope); }

Result<LinearFit> FitLogLinear(const std::vector<TrendPoint>& points) {
  if (points.size() < 3) {
    return Status::InvalidArgument("a trend needs at least 3 points (got " +
                                   std::to_string(points.size()) + ")");
  }
  const Sums s = LeastSquares(points.size(), [&](std::size_t i) {
    return std::pair(points[i].year, std::log10(points[i].flop));
  });
  if (!(s.sxx > 0)) {
    return Status::InvalidArgument("all " + std::to_string(points.size()) +
                                   " points have the same date; a trend needs different dates");
  }
  LinearFit fit;
  fit.slope = s.slope;
  fit.intercept = s.intercept;
  // R^2 = Sxy^2 / (Sxx Syy); identical compute values are fitted exactly.
  fit.r_squared = s.syy > 0 ? s.sxy * s.sxy / (s.sxx * s.syy) : 1.0;
  fit.n = points.size();
  return fit;
}

Result<TrendResult> FitTrend(const std::vector<TrendPoint>& points, const TrendOptions& options) {
  if (!(options.level > 0 && options.level < 1)) {
    return Status::InvalidArgument("the interval level must be between 0 and 1 (e.g. 0.9)");
  }
  TrendResult result;
  result.seed = options.seed;
  result.bootstrap = options.bootstrap;
  result.level = options.level;
  TF_ASSIGN_OR_RETURN(result.overall, FitSegment(points, options, 0));
  TF_ASSIGN_OR_RETURN(const std::vector<Break> breaks, ParseBreaks(points, options.breaks));
  auto begin = points.begin();
  for (std::size_t e = 0; e <= breaks.size() && !breaks.empty(); ++e) {
    const bool last = e == breaks.size();
    const auto end =
        last ? points.end() : std::find_if(begin, points.end(), [&](const TrendPoint& p) {
          return p.year >= breaks[e].year;
        });
    const std::string from = e == 0 ? "" : breaks[e - 1].date;
    const std::string to = last ? "" : breaks[e].date;
    const std::vector<TrendPoint> segment(begin, end);
    if (segment.size() < 3) {
      return Status::InvalidArgument("the era " + (from.empty() ? points.front().date : from) +
                                     " .. " + (to.empty() ? points.back().date : "before " + to) +
                                     " has " + std::to_string(segment.size()) + " point" +
                                     (segment.size() == 1 ? "" : "s") +
                                     "; each era needs at least 3 (move or drop a `breaks`)");
    }
    TF_ASSIGN_OR_RETURN(TrendFit fit, FitSegment(segment, options, e + 1));
    fit.from = from;
    fit.to = to;
    result.eras.push_back(std::move(fit));
    begin = end;
  }
  TF_RETURN_IF_ERROR(CheckFigures(points, result));
  return result;
}

}  // namespace trainflops
