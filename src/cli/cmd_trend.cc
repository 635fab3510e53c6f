// `trainflops trend`: the growth of training compute over time (doubling
// time, growth per year, bootstrap interval, eras, figure).
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <ostream>

#include "args.h"
#include "commands.h"
#include "trainflops/csv.h"
#include "trainflops/plot.h"
#include "trainflops/text.h"
#include "trainflops/trend.h"

namespace trainflops::cli {
namespace {

const std::vector<OptionSpec>& TrendOptionSpecs() {
  static const std::vector<OptionSpec> specs = {
      {"--data", "FILE", "a CSV of models (default: the bundled AI-and-Compute points)"},
      {"--date-column", "NAME", "publication date column, YYYY-MM-DD (default 'Publication date')"},
      {"--compute-column", "NAME", "training compute column (default 'Training compute (FLOP)')"},
      {"--name-column", "NAME", "model name column (default 'Model')"},
      {"--compute-unit", "UNIT", "unit of bare numbers in the compute column: flop, mac, pfs-day"},
      {"--from", "DATE", "keep points on or after DATE (YYYY-MM-DD)"},
      {"--to", "DATE", "keep points on or before DATE (YYYY-MM-DD)"},
      {"--where", "COLUMN=VALUE",
       "keep rows whose cell (or one of its comma-separated items) is VALUE", true},
      {"--exclude", "NAME", "leave out the model NAME", true},
      {"--include-modest", "", "bundled data: keep the post's 'modest compute' results"},
      {"--break", "DATE", "start a new era at DATE and fit each era separately", true},
      {"--bootstrap", "N", "bootstrap resamples for the interval (default 2000; 0 for none)"},
      {"--level", "P", "level of the interval (default 0.9)"},
      {"--seed", "N", "random seed of the bootstrap (default 20260101)"},
      {"--plot", "FILE", "write the figure to FILE (.svg, or .png)"},
      {"--json", "", "print one JSON object instead of the report"},
      {"--help", "", "show this help"},
  };
  return specs;
}

constexpr char kHelp[] =
    "usage: trainflops trend [--data FILE] [filters] [--break DATE]... [--plot FILE] [--json]\n\n"
    "Fits log10(training FLOP) against the publication date by least squares and reports the\n"
    "doubling time (12 x log10(2) / slope months), the growth per year (10^slope) and a\n"
    "percentile-bootstrap interval. Without --data it fits the points of OpenAI's \"AI and\n"
    "Compute\" chart (seed 001), leaving out the results the post lists as using modest\n"
    "compute, as its 3.4-month headline trend does. Default columns are those of Epoch AI's\n"
    "Notable AI Models CSV.\n\noptions:\n";

struct Loaded {
  std::string dataset;
  CsvTable table;
  std::string source;  // for error messages
  TrendColumns columns;
  bool bundled = false;
};

Result<Loaded> LoadData(const ParsedArgs& args) {
  Loaded d;
  if (auto path = args.Get("--data")) {
    TF_ASSIGN_OR_RETURN(const std::string text, ReadFile(*path, InputKind::kCsv));
    TF_ASSIGN_OR_RETURN(d.table, ParseCsv(text, *path));
    d.dataset = *path;
    d.source = *path;
  } else {
    d.source = "data/ai_and_compute.csv";
    TF_ASSIGN_OR_RETURN(d.table, ParseCsv(BundledAiAndComputeCsv(), d.source));
    d.dataset =
        "bundled: the points of OpenAI's \"AI and Compute\" chart (Amodei & Hernandez "
        "2018), data/ai_and_compute.csv";
    d.columns = AiAndComputeColumns();
    d.bundled = true;
  }
  if (auto c = args.Get("--date-column")) d.columns.date = *c;
  if (auto c = args.Get("--compute-column")) d.columns.compute = *c;
  if (auto c = args.Get("--name-column")) d.columns.name = *c;
  if (auto u = args.Get("--compute-unit")) {
    Result<ComputeUnit> unit = ParseComputeUnit(*u);
    if (!unit.ok()) return unit.status().WithContext("--compute-unit");
    d.columns.unit = *unit;
  }
  return d;
}

Result<TrendFilters> FiltersFrom(const ParsedArgs& args, bool bundled) {
  TrendFilters f;
  if (auto v = args.Get("--from")) f.from = *v;
  if (auto v = args.Get("--to")) f.to = *v;
  if (args.Has("--include-modest") && !bundled) {
    return Status::InvalidArgument(
        "--include-modest applies to the bundled AI-and-Compute points only (with --data, "
        "filter with --where)");
  }
  if (bundled && !args.Has("--include-modest")) {
    f.where.push_back({"modest_compute", "no",
                       "the post's headline trend leaves out its results that used modest "
                       "compute; --include-modest keeps them"});
  }
  if (args.Has("--where")) {
    for (const std::string& w : args.options.at("--where")) {
      const size_t eq = w.find('=');
      if (eq == std::string::npos || eq == 0) {
        return Status::InvalidArgument("--where '" + w +
                                       "': expected COLUMN=VALUE (e.g. --where Domain=Language)");
      }
      f.where.push_back({w.substr(0, eq), w.substr(eq + 1), ""});
    }
  }
  if (args.Has("--exclude")) f.exclude = args.options.at("--exclude");
  return f;
}

Result<std::uint64_t> ParseSeed(const std::string& text) {
  std::uint64_t seed = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seed);
  if (ec != std::errc() || end != text.data() + text.size()) {
    return Status::InvalidArgument("--seed '" + text +
                                   "' is not accepted (accepted: an integer from 0 to " +
                                   std::to_string(UINT64_MAX) + ")");
  }
  return seed;
}

Result<TrendOptions> FitOptionsFrom(const ParsedArgs& args) {
  TrendOptions o;
  if (auto b = args.Get("--bootstrap")) {
    Result<double> n = ParseNumber(*b);
    if (!n.ok() || *n < 0 || *n > 100000 || std::floor(*n) != *n) {
      return Status::InvalidArgument(
          "--bootstrap '" + *b + "' is not accepted (accepted: a whole number from 0 to 100000)");
    }
    o.bootstrap = static_cast<std::size_t>(*n);
  }
  if (auto l = args.Get("--level")) {
    Result<double> level = ParseNumber(*l);
    if (!level.ok() || !(*level > 0 && *level < 1)) {
      return Status::InvalidArgument("--level '" + *l +
                                     "' is not accepted (accepted: a probability between 0 and 1, "
                                     "e.g. 0.9)");
    }
    o.level = *level;
  }
  if (auto s = args.Get("--seed")) {
    TF_ASSIGN_OR_RETURN(o.seed, ParseSeed(*s));
  }
  if (args.Has("--break")) o.breaks = args.options.at("--break");
  return o;
}

// The figure is written to a temporary file in the same directory and
// renamed over FILE, so a failure never leaves a half-written figure.
Status WriteFileAtomically(const std::string& path, const std::string& bytes) {
  const std::string temp = path + ".tmp." + std::to_string(getpid());
  std::ofstream out(temp, std::ios::binary | std::ios::trunc);
  if (!out) return Status::IoError("cannot write '" + path + "': " + std::strerror(errno));
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) {
    std::remove(temp.c_str());
    return Status::IoError("cannot write '" + path + "'");
  }
  if (std::rename(temp.c_str(), path.c_str()) != 0) {
    const int error = errno;
    std::remove(temp.c_str());
    return Status::IoError("cannot write '" + path + "': " + std::strerror(error));
  }
  return Status::Ok();
}

// The post's own figures apply only to the post's own selection of points.
bool IsPostSelection(const ParsedArgs& args, bool bundled) {
  for (const char* changed :
       {"--include-modest", "--from", "--to", "--where", "--exclude", "--date-column",
        "--compute-column", "--name-column", "--compute-unit"}) {
    if (args.Has(changed)) return false;
  }
  return bundled;
}

}  // namespace

Status RunTrend(const std::vector<std::string>& argv, std::ostream& out) {
  TF_ASSIGN_OR_RETURN(const ParsedArgs args, ParseArgs(argv, TrendOptionSpecs()));
  if (args.Has("--help")) {
    out << kHelp << OptionsHelp(TrendOptionSpecs());
    return HelpShown();
  }
  if (!args.positional.empty()) {
    return Status::InvalidArgument("unexpected argument '" + args.positional.front() +
                                   "' (give a dataset with --data FILE)");
  }
  TF_ASSIGN_OR_RETURN(const Loaded data, LoadData(args));
  TF_ASSIGN_OR_RETURN(const TrendFilters filters, FiltersFrom(args, data.bundled));
  TF_ASSIGN_OR_RETURN(const TrendOptions options, FitOptionsFrom(args));
  TrendReport report;
  report.dataset = data.dataset;
  report.columns = data.columns;
  TF_ASSIGN_OR_RETURN(report.selection,
                      SelectTrendPoints(data.table, data.columns, filters, data.source));
  TF_ASSIGN_OR_RETURN(report.result, FitTrend(report.selection.points, options));
  if (IsPostSelection(args, data.bundled)) report.published = AiAndComputePublished();
  if (auto path = args.Get("--plot")) {
    TF_ASSIGN_OR_RETURN(const PlotFormat format, PlotFormatForPath(*path));
    TF_ASSIGN_OR_RETURN(const std::string bytes,
                        RenderTrendPlot(report.selection.points, report.result, format));
    TF_RETURN_IF_ERROR(WriteFileAtomically(*path, bytes));
    report.plot_path = *path;
  }
  out << (args.Has("--json") ? RenderTrendJson(report) : RenderTrendText(report));
  return Status::Ok();
}

}  // namespace trainflops::cli
