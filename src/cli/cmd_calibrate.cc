// `trainflops calibrate`: the coverage of batch intervals against a record
// file, out of sample, and the fitted factors (include/trainflops/calibration.h).
#include <charconv>
#include <optional>
#include <ostream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "args.h"
#include "commands.h"
#include "output_file.h"
#include "trainflops/calibration.h"
#include "trainflops/defaults.h"
#include "trainflops/plot.h"

namespace trainflops::cli {
namespace {

const std::vector<OptionSpec>& CalibrateOptionSpecs() {
  static const std::vector<OptionSpec> specs = {
      {"--folds", "N", "folds of the cross-validation, 2 to 100 (default 5)"},
      {"--seed", "N",
       "seed of the rows' shuffle and of batch's intervals (default " +
           std::to_string(kDefaultSeed) + ")"},
      {"--output", "FILE", "write the fitted factors as a calibration data file"},
      {"--svg", "FILE", "write the reliability diagram (SVG)"},
      {"--png", "FILE", "write the reliability diagram (PNG, drawn with cairo)"},
      {"--record", "FILE", "write the reproduced record: every row's estimate and outcome (CSV)"},
      {"--record-svg", "FILE", "write the reproduced record's plot: estimate against record (SVG)"},
      {"--record-png", "FILE", "write the reproduced record's plot (PNG, drawn with cairo)"},
      {"--help", "", "show this help"},
  };
  return specs;
}

constexpr char kCalibrateHelp[] =
    "usage: trainflops calibrate FILE [--folds N] [--seed N] [--output FILE] [--svg FILE]\n"
    "                            [--png FILE] [--record FILE] [--record-svg FILE]\n"
    "                            [--record-png FILE]\n\n"
    "Runs batch on a record file (Epoch AI's Notable AI Models columns) and measures, per\n"
    "estimation path and confidence label, how often the nominal 50%, 80% and 90% intervals\n"
    "contain the recorded compute, out of sample (k-fold cross-validation over the rows),\n"
    "before and after the widening factors fitted on the other folds. --output writes the\n"
    "factors fitted on every row (data/calibration.csv is made this way; batch applies it).\n"
    "See docs/uncertainty.md, \"Calibration\".\n\noptions:\n";

Result<std::uint64_t> WholeNumber(const std::string& option, const std::string& text,
                                  std::uint64_t min, std::uint64_t max) {
  std::uint64_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || v < min || v > max) {
    return Status::InvalidArgument("`" + option + "` '" + text +
                                   "' is not accepted (accepted: a whole number from " +
                                   std::to_string(min) + " to " + std::to_string(max) + ")");
  }
  return v;
}

}  // namespace

Result<Call> ParseCalibrate(const std::vector<std::string>& words, const FileOpener& open) {
  TF_ASSIGN_OR_RETURN(const ParsedArgs args, ParseArgs(words, CalibrateOptionSpecs()));
  Call call;
  if (args.Has("--help")) {
    call.help = kCalibrateHelp + OptionsHelp(CalibrateOptionSpecs());
    return call;
  }
  if (args.positional.size() != 1) {
    return Status::InvalidArgument("expected one record file (CSV), got " +
                                   std::to_string(args.positional.size()));
  }
  CalibrationOptions options;
  if (const auto f = args.Get("--folds")) {
    TF_ASSIGN_OR_RETURN(options.folds, WholeNumber("folds", *f, 2, 100));
  }
  if (const auto s = args.Get("--seed")) {
    TF_ASSIGN_OR_RETURN(options.seed, WholeNumber("seed", *s, 0, UINT64_MAX));
    options.batch.seed = options.seed;
  }
  TF_ASSIGN_OR_RETURN(InputFile data, open(args.positional.front(), InputKind::kCsv));
  options.source = data.name();
  std::string command = "trainflops calibrate";
  for (const std::string& w : words) command += " " + w;
  call.stream = [data = std::move(data), options, command, output = args.Get("--output"),
                 svg = args.Get("--svg"), png = args.Get("--png"), record = args.Get("--record"),
                 record_svg = args.Get("--record-svg"),
                 record_png = args.Get("--record-png")](std::ostream& out) {
    std::string storage;
    TF_ASSIGN_OR_RETURN(const std::string_view text, data.TextView(storage));
    TF_ASSIGN_OR_RETURN(const CalibrationReport report, Calibrate(text, options));
    // Every file is made before any is written: a PNG that cairo cannot draw
    // leaves none half-written.
    std::vector<std::pair<std::string, std::string>> files;
    if (output) files.emplace_back(*output, report.ToCsv(command));
    using Plot = Result<std::string> (CalibrationReport::*)(PlotFormat) const;
    const std::tuple<const std::optional<std::string>&, Plot, PlotFormat> plots[] = {
        {svg, &CalibrationReport::ReliabilityPlot, PlotFormat::kSvg},
        {png, &CalibrationReport::ReliabilityPlot, PlotFormat::kPng},
        {record_svg, &CalibrationReport::RecordPlot, PlotFormat::kSvg},
        {record_png, &CalibrationReport::RecordPlot, PlotFormat::kPng},
    };
    for (const auto& [path, plot, format] : plots) {
      if (!path) continue;
      TF_ASSIGN_OR_RETURN(std::string bytes, (report.*plot)(format));
      files.emplace_back(*path, std::move(bytes));
    }
    if (record) files.emplace_back(*record, report.RecordCsv(command));
    for (const auto& [path, bytes] : files) TF_RETURN_IF_ERROR(WriteFileAtomically(path, bytes));
    out << report.ToText();
    return Status::Ok();
  };
  return call;
}

}  // namespace trainflops::cli
