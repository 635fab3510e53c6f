// `trainflops hardware`: Method 2, chips x time x peak FLOP/s x utilization;
// and the parsing of hardware runs shared with `compare`.
#include <algorithm>
#include <cmath>
#include <set>
#include <ostream>

#include "commands.h"
#include "hardware_options.h"
#include "uncertainty_options.h"
#include "trainflops/hardware_report.h"
#include "trainflops/text.h"

namespace trainflops::cli {
namespace {

const std::vector<std::string>& PhaseOptionNames() {
  static const std::vector<std::string> names = {"--chip",
                                                 "--count",
                                                 "--time",
                                                 "--chip-hours",
                                                 "--chip-days",
                                                 "--precision",
                                                 "--tensor-cores",
                                                 "--utilization",
                                                 "--peak-flops",
                                                 "--tdp",
                                                 "--price-per-chip-hour"};
  return names;
}

bool IsPhaseOption(const std::string& name) {
  const auto& n = PhaseOptionNames();
  return std::find(n.begin(), n.end(), name) != n.end();
}

const OptionSpec* SpecOf(const std::string& arg, const std::vector<OptionSpec>& specs) {
  const std::string name = arg.substr(0, arg.find('='));
  for (const OptionSpec& s : specs) {
    if (s.name == name) return &s;
  }
  return nullptr;
}

// Cuts argv before every --chip, keeping each option with its value.
std::vector<std::vector<std::string>> SplitAtChip(const std::vector<std::string>& argv,
                                                  const std::vector<OptionSpec>& specs) {
  std::vector<std::vector<std::string>> segments(1);
  for (size_t i = 0; i < argv.size(); ++i) {
    const std::string& arg = argv[i];
    if (arg == "--chip" || arg.rfind("--chip=", 0) == 0) segments.emplace_back();
    segments.back().push_back(arg);
    const OptionSpec* spec = SpecOf(arg, specs);
    if (spec && !spec->value_name.empty() && arg.find('=') == std::string::npos &&
        i + 1 < argv.size()) {
      segments.back().push_back(argv[++i]);
    }
  }
  return segments;
}

Result<std::optional<int>> Year(const ParsedArgs& a) {
  const std::optional<std::string> text = a.Get("--year");
  if (!text) return std::optional<int>();
  Result<double> y = ParseNumber(*text);
  if (!y.ok() || *y != std::floor(*y) || *y < 1950 || *y > 2100) {
    return Status::InvalidArgument("--year: '" + *text +
                                   "' is not a year (accepted: 1950 to 2100)");
  }
  return std::optional<int>(static_cast<int>(*y));
}

Status ReadRunOptions(const ParsedArgs& g, Method2Options& o) {
  TF_ASSIGN_OR_RETURN(o.year, Year(g));
  TF_ASSIGN_OR_RETURN(o.llm, YesNo(g, "--llm"));
  TF_ASSIGN_OR_RETURN(o.industry, YesNo(g, "--industry"));
  o.energy = g.Has("--energy");
  TF_ASSIGN_OR_RETURN(o.pue, g.Positive("--pue"));
  TF_ASSIGN_OR_RETURN(o.uncertainty, ReadUncertaintyOptions(g));
  return Status::Ok();
}

std::string SegmentName(size_t i, const std::vector<std::string>& segment) {
  return "phase " + std::to_string(i) + " (--chip '" +
         (segment.size() > 1 && segment[0] == "--chip" ? segment[1] : segment[0].substr(7)) + "')";
}

}  // namespace

const std::vector<OptionSpec>& HardwareRunOptions() {
  static const std::vector<OptionSpec> specs = {
      {"--chip", "NAME",
       "hardware as named in papers ('V100', 'TPU v3'); starts a phase; "
       "'unknown' imputes from --year",
       true},
      {"--count", "N", "number of chips [range]"},
      {"--time", "DURATION",
       "wall-clock training time: '14.8 days', '355h', '2 weeks', '3 months' [range]"},
      {"--chip-hours", "H", "total chip-hours instead of --count and --time [range]"},
      {"--chip-days", "D", "total chip-days (e.g. 2500 V100-days) [range]"},
      {"--precision", "P", "fp64|fp32|tf32|fp16|bf16|fp8|int8 (default: the seeds' rule)"},
      {"--tensor-cores", "yes|no",
       "yes: tensor-core peak attainable; no: plain FP16 rate "
       "(default: tensor peak with utilization 0.30)"},
      {"--utilization", "U",
       "in (0, 1], a percentage, or openai-gpu|openai-cpu|epoch-llm|epoch-other [range]"},
      {"--peak-flops", "F", "peak FLOP/s per chip, replacing the table's ('125 TFLOPS') [range]"},
      {"--tdp", "W", "power per chip in watts, for --energy (default: the table's TDP)"},
      {"--price-per-chip-hour", "USD", "price of one chip-hour: adds the cost"},
      {"--year", "Y", "training year: precision rule (FP32 before 2019) and imputation"},
      {"--llm", "yes|no", "large language model: utilization 0.30 (else 0.40)"},
      {"--industry", "yes|no", "large industry model: FP16/BF16 (default: as --llm)"},
      {"--energy", "", "add the energy: TDP x chip-hours x PUE"},
      {"--pue", "P",
       "power usage effectiveness, >= 1 (default 1.0: the chips only); implies --energy"},
      {"--hardware-db", "FILE", "use this hardware table (same columns as data/hardware.csv)"},
  };
  static const std::vector<OptionSpec> with_uncertainty = [] {
    std::vector<OptionSpec> all = specs;
    const auto& u = UncertaintyOptionSpecs();
    all.insert(all.end(), u.begin(), u.end());
    return all;
  }();
  return with_uncertainty;
}

std::string HardwareRunHelp() {
  return "Each --chip starts a phase; the phase options after it belong to it, and those given "
         "before the first --chip apply to every phase. Months are 30.4375 days, years 365.25 "
         "days. See docs/hardware.md.\n" +
         RangeHelp();
}

Result<std::optional<bool>> YesNo(const ParsedArgs& args, const std::string& name) {
  const std::optional<std::string> text = args.Get(name);
  if (!text) return std::optional<bool>();
  const std::string v = ToLower(*text);
  if (v == "yes" || v == "true" || v == "on") return std::optional<bool>(true);
  if (v == "no" || v == "false" || v == "off") return std::optional<bool>(false);
  return Status::InvalidArgument(name + ": '" + *text + "' is not accepted (accepted: yes, no)");
}

Result<HardwareDb> LoadHardwareDb(const ParsedArgs& args) {
  const std::optional<std::string> path = args.Get("--hardware-db");
  if (!path) return DefaultHardwareDb();
  TF_ASSIGN_OR_RETURN(const std::string text, ReadFile(*path, InputKind::kHardwareTable));
  return ParseHardwareCsv(text, *path);
}

Result<HardwareRun> ParseHardwareRun(const std::vector<std::string>& argv,
                                     const std::vector<OptionSpec>& specs) {
  const std::vector<std::vector<std::string>> segments = SplitAtChip(argv, specs);
  const bool many = segments.size() > 2;  // several phases: errors say which
  HardwareRun run;
  std::vector<ParsedArgs> parsed;
  for (size_t i = 0; i < segments.size(); ++i) {
    Result<ParsedArgs> p = ParseArgs(segments[i], specs);
    if (!p.ok()) return p.status().WithContext(i == 0 || !many ? "" : SegmentName(i, segments[i]));
    for (const auto& [name, values] : p->options) {
      if (IsPhaseOption(name)) continue;
      if (run.command.Has(name))
        return Status::InvalidArgument("option '" + name + "' given twice");
      run.command.options[name] = values;
    }
    run.command.positional.insert(run.command.positional.end(), p->positional.begin(),
                                  p->positional.end());
    parsed.push_back(std::move(p).value());
  }
  for (size_t i = parsed.size() > 1 ? 1 : 0; i < parsed.size(); ++i) {
    ParsedArgs merged;
    std::set<std::string> shared;  // given before the first --chip, not overridden here
    for (const auto* source : {&parsed.front(), &parsed[i]}) {
      for (const auto& [name, values] : source->options) {
        if (!IsPhaseOption(name)) continue;
        merged.options[name] = values;
        if (source == &parsed.front() && i > 0) shared.insert(name);
        if (source != &parsed.front()) shared.erase(name);
      }
    }
    Result<Phase> phase = PhaseFrom(merged, shared);
    if (!phase.ok()) {
      return phase.status().WithContext(i == 0 || !many ? "" : SegmentName(i, segments[i]));
    }
    run.options.phases.push_back(std::move(phase).value());
  }
  TF_RETURN_IF_ERROR(ReadRunOptions(run.command, run.options));
  TF_ASSIGN_OR_RETURN(run.db, LoadHardwareDb(run.command));
  return run;
}

namespace {

const std::vector<OptionSpec>& HardwareOptions() {
  static const std::vector<OptionSpec> specs = [] {
    std::vector<OptionSpec> s = HardwareRunOptions();
    s.push_back({"--unit", "flop|mac|pfs-day", "unit of the result line (JSON is always in FLOP)"});
    s.push_back({"--json", "", "print one JSON object instead of the report"});
    s.push_back({"--help", "", "show this help"});
    return s;
  }();
  return specs;
}

}  // namespace

Status RunHardware(const std::vector<std::string>& argv, std::ostream& out) {
  TF_ASSIGN_OR_RETURN(const HardwareRun run, ParseHardwareRun(argv, HardwareOptions()));
  if (run.command.Has("--help")) {
    out << "usage: trainflops hardware --chip NAME --count N --time DURATION [options]\n"
           "       trainflops hardware --chip NAME --chip-days D [options]\n"
           "       trainflops hardware --chip unknown --year Y --count N --time DURATION\n\n"
           "Method 2 of the seeds: training FLOP = chips x time x peak FLOP/s x utilization.\n"
        << HardwareRunHelp() << "\noptions:\n"
        << OptionsHelp(HardwareOptions());
    return HelpShown();
  }
  if (!run.command.positional.empty()) {
    return Status::InvalidArgument("unexpected argument '" + run.command.positional.front() +
                                   "' (hardware takes options only; a name with spaces needs "
                                   "quotes: --chip 'A100 80GB')");
  }
  ComputeUnit unit = ComputeUnit::kFlop;
  if (auto u = run.command.Get("--unit")) {
    TF_ASSIGN_OR_RETURN(unit, ParseComputeUnit(*u));
  }
  TF_ASSIGN_OR_RETURN(const Method2Result result, EstimateMethod2(run.options, run.db));
  out << (run.command.Has("--json") ? RenderMethod2Json(result) : RenderMethod2Text(result, unit));
  return Status::Ok();
}

}  // namespace trainflops::cli
