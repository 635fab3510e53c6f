#include "request_options.h"

#include <algorithm>

#include "cite_output.h"
#include "trainflops/defaults.h"

namespace trainflops::cli {

std::vector<std::string> AllValues(const ParsedArgs& args, const std::string& name) {
  const auto it = args.options.find(name);
  return it == args.options.end() ? std::vector<std::string>() : it->second;
}

const std::vector<OptionSpec>& Method1OptionSpecs() {
  static const std::vector<OptionSpec> specs = {
      {"--epochs", "N", "passes over the data (overrides training.epochs) [range]"},
      {"--examples", "N", "examples per epoch (overrides the spec) [range]"},
      {"--batches", "N", "batches per epoch (with --batch-size) [range]"},
      {"--batch-size", "N", "examples per batch (with --batches) [range]"},
      {"--tokens-per-sequence", "N", "average tokens per sequence, for per-token parts"},
      {"--bp-ratio", "R", "backward/forward ratio: a number (default 2), 'table' or 'per-layer'"},
      {"--batch-regime", "large|small",
       "for --bp-ratio table: large batches (or heavy conv) or small"},
      {"--formula", "exact|approx", "Table 1's exact terms (default) or its approximate form"},
  };
  return specs;
}

TrainingRequest TrainingRequestFrom(const ParsedArgs& args) {
  TrainingRequest r;
  r.epochs = args.Get("--epochs");
  r.examples = args.Get("--examples");
  r.batches = args.Get("--batches");
  r.batch_size = args.Get("--batch-size");
  r.tokens_per_sequence = args.Get("--tokens-per-sequence");
  r.bp_ratio = args.Get("--bp-ratio");
  r.batch_regime = args.Get("--batch-regime");
  r.formula = args.Get("--formula");
  return r;
}

const std::vector<OptionSpec>& UncertaintyOptionSpecs() {
  static const std::vector<OptionSpec> specs = {
      {"--uncertainty", "",
       "give assumptions their default ranges (utilization, backward/forward ratio, guessed "
       "precision, imputed peak; docs/uncertainty.md) and report a 90% interval"},
      {"--samples", "N",
       "Monte Carlo samples (default " + WithThousands(kDefaultSamples) + "; at most 1e8)"},
      {"--seed", "S",
       "Monte Carlo seed (default " + std::to_string(kDefaultSeed) +
           "; printed with every result)"},
      {"--quantile", "P", "also report the P quantile, P in (0, 1); repeatable", true},
  };
  return specs;
}

UncertaintyRequest UncertaintyRequestFrom(const ParsedArgs& args) {
  UncertaintyRequest r;
  r.uncertainty = args.Has("--uncertainty");
  r.samples = args.Get("--samples");
  r.seed = args.Get("--seed");
  r.quantiles = AllValues(args, "--quantile");
  return r;
}

std::vector<OptionSpec> LlmCommonOptions() {
  std::vector<OptionSpec> specs = {
      {"--tokens", "D", "pre-training tokens (SI suffixes: 2T, 300B) [range]"},
      {"--stage", "NAME:TOKENS[:forward]",
       "a training stage (fine-tuning, RL...); repeatable; ':forward' = forward passes only "
       "(synthetic-data generation, rollouts); TOKENS [range]",
       true},
      {"--seq-len", "T", "training sequence length (for the attention terms)"},
      {"--convention", "NAME", "6nd (default), kaplan, palm, chinchilla or megatron (docs/llm.md)"},
      {"--attention", "causal|full",
       "count the keys a causal query sees (T/2; w - w²/2T in a window of w) or the whole span "
       "(T; w) in the attention-score terms (default: as each paper counts them); each layer's "
       "span follows the config (sliding window, chunk)"},
      {"--recompute", "none|selective|full",
       "activation recomputation: reported as hardware FLOP, separately from model FLOP"},
      {"--thresholds", "", "check the total against the legal compute thresholds"},
      {"--range", "LOW..HIGH",
       "uncertainty range of the total, for the threshold check (default: the 90% interval "
       "when inputs are ranges)"},
      {"--json", "", "print one JSON object"},
      CiteOption(),
      {"--help", "", "show this help"},
  };
  specs.insert(specs.end() - 2, UncertaintyOptionSpecs().begin(), UncertaintyOptionSpecs().end());
  return specs;
}

LlmRequest LlmRequestFrom(const ParsedArgs& args) {
  LlmRequest r;
  r.tokens = args.Get("--tokens");
  r.stages = AllValues(args, "--stage");
  r.seq_len = args.Get("--seq-len");
  r.convention = args.Get("--convention");
  r.attention = args.Get("--attention");
  r.recompute = args.Get("--recompute");
  r.thresholds = args.Has("--thresholds");
  r.range = args.Get("--range");
  r.uncertainty = UncertaintyRequestFrom(args);
  return r;
}

std::string RangeHelp() {
  return "Numeric inputs marked [range] also take a range or a distribution: '0.3..0.5', "
         "'5..6 days', '1e12..2e12', 'lognormal(70B, 1.5)', 'triangular(0.2, 0.3, 0.5)' "
         "(docs/uncertainty.md); the result then has a median and a 90% interval.\n";
}

Result<std::optional<InputFile>> HardwareDbFrom(const ParsedArgs& args, const FileOpener& open) {
  const std::optional<std::string> path = args.Get("--hardware-db");
  if (!path) return std::optional<InputFile>();
  TF_ASSIGN_OR_RETURN(InputFile file, open(*path, InputKind::kHardwareTable));
  return std::optional<InputFile>(std::move(file));
}

// ---- hardware runs --------------------------------------------------------

namespace {

// "--chip-hours" for the field chip_hours.
std::string OptionOf(const PhaseField& field) {
  std::string option = std::string("--") + field.name;
  std::replace(option.begin(), option.end(), '_', '-');
  return option;
}

bool IsPhaseOption(const std::string& name) {
  const auto& f = PhaseFields();
  return std::any_of(f.begin(), f.end(), [&](const PhaseField& p) { return name == OptionOf(p); });
}

PhaseRequest PhaseRequestFrom(const ParsedArgs& args) {
  PhaseRequest r;
  for (const PhaseField& f : PhaseFields()) r.*f.member = args.Get(OptionOf(f));
  return r;
}

const OptionSpec* SpecOf(const std::string& arg, const std::vector<OptionSpec>& specs) {
  const std::string name = arg.substr(0, arg.find('='));
  for (const OptionSpec& s : specs) {
    if (s.name == name) return &s;
  }
  return nullptr;
}

// Cuts the words before every --chip, keeping each option with its value.
std::vector<std::vector<std::string>> SplitAtChip(const std::vector<std::string>& words,
                                                  const std::vector<OptionSpec>& specs) {
  std::vector<std::vector<std::string>> segments(1);
  for (size_t i = 0; i < words.size(); ++i) {
    const std::string& arg = words[i];
    if (arg == "--chip" || arg.rfind("--chip=", 0) == 0) segments.emplace_back();
    segments.back().push_back(arg);
    const OptionSpec* spec = SpecOf(arg, specs);
    if (spec && !spec->value_name.empty() && arg.find('=') == std::string::npos &&
        i + 1 < words.size()) {
      segments.back().push_back(words[++i]);
    }
  }
  return segments;
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
      {"--precision", "P",
       "fp64|fp32|tf32|fp16|bf16|fp8|int8 (default: the rule of Sevilla et al. 2022)"},
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

Result<HardwareWords> ParseHardwareWords(const std::vector<std::string>& words,
                                         const std::vector<OptionSpec>& specs,
                                         const FileOpener& open) {
  const std::vector<std::vector<std::string>> segments = SplitAtChip(words, specs);
  const bool many = segments.size() > 2;  // several phases: errors say which
  HardwareWords out;
  for (size_t i = 0; i < segments.size(); ++i) {
    Result<ParsedArgs> p = ParseArgs(segments[i], specs);
    if (!p.ok()) return p.status().WithContext(i == 0 || !many ? "" : SegmentName(i, segments[i]));
    for (const auto& [name, values] : p->options) {
      if (IsPhaseOption(name)) continue;
      if (out.command.Has(name))
        return Status::InvalidArgument("option '" + name + "' given twice");
      out.command.options[name] = values;
    }
    out.command.positional.insert(out.command.positional.end(), p->positional.begin(),
                                  p->positional.end());
    if (i == 0) {
      out.request.all_phases = PhaseRequestFrom(*p);
    } else {
      out.request.phases.push_back(PhaseRequestFrom(*p));
    }
  }
  const ParsedArgs& c = out.command;
  out.request.year = c.Get("--year");
  out.request.llm = c.Get("--llm");
  out.request.industry = c.Get("--industry");
  out.request.energy = c.Has("--energy");
  out.request.pue = c.Get("--pue");
  out.request.uncertainty = UncertaintyRequestFrom(c);
  out.request.unit = c.Get("--unit");
  if (!c.Has("--help")) {
    TF_ASSIGN_OR_RETURN(out.request.hardware_db, HardwareDbFrom(c, open));
  }
  return out;
}

}  // namespace trainflops::cli
