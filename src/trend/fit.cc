// The log-linear fit, its bootstrap interval, and eras.
#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

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

// An index in [0, n) without modulo bias: draws above the largest multiple
// of n are rejected (our own arithmetic, so the same on every platform).
std::size_t UniformIndex(std::mt19937_64& engine, std::size_t n) {
  const std::uint64_t range = n;
  const std::uint64_t limit =
      std::numeric_limits<std::uint64_t>::max() - std::numeric_limits<std::uint64_t>::max() % range;
  std::uint64_t x;
  do {
    x = engine();
  } while (x >= limit);
  return static_cast<std::size_t>(x % range);
}

std::optional<BootstrapInterval> Bootstrap(const std::vector<TrendPoint>& points,
                                           const TrendOptions& options, std::uint64_t stream) {
  if (options.bootstrap == 0) return std::nullopt;
  std::mt19937_64 engine(StreamSeed(options.seed, stream));
  const std::size_t n = points.size();
  std::vector<std::size_t> pick(n);
  std::vector<double> slopes;
  BootstrapInterval b;
  for (std::size_t r = 0; r < options.bootstrap; ++r) {
    for (std::size_t& i : pick) i = UniformIndex(engine, n);
    const Sums s = LeastSquares(n, [&](std::size_t i) {
      const TrendPoint& p = points[pick[i]];
      return std::pair(p.year, std::log10(p.flop));
    });
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
  return result;
}

}  // namespace trainflops
