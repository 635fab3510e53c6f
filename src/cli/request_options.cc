#include "request_options.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "cite_output.h"

namespace trainflops::cli {

std::vector<std::string> AllValues(const ParsedArgs& args, const std::string& name) {
  const auto it = args.options.find(name);
  return it == args.options.end() ? std::vector<std::string>() : it->second;
}

std::vector<OptionSpec> InsertAfter(std::vector<OptionSpec> specs, const std::string& after,
                                    const std::vector<OptionSpec>& own) {
  const auto at = std::find_if(specs.begin(), specs.end(),
                               [&after](const OptionSpec& s) { return s.name == after; });
  specs.insert(at == specs.end() ? at : at + 1, own.begin(), own.end());
  return specs;
}

Result<FieldValue> OptionValue(const ParsedArgs& args, const std::string& option, FieldKind kind,
                               FileRole role, const FileOpener& open) {
  switch (kind) {
    case FieldKind::kFlag:
      return FieldValue::Flag(true);
    case FieldKind::kList:
      return FieldValue::List(AllValues(args, option));
    case FieldKind::kFile: {
      const std::string path = args.Get(option).value_or("");
      TF_ASSIGN_OR_RETURN(InputFile file, open(path, InputKindFor(role, path)));
      return FieldValue::File(std::move(file));
    }
    case FieldKind::kText:
      break;
  }
  return FieldValue::Text(args.Get(option).value_or(""));
}

const std::vector<OptionSpec>& Method1OptionSpecs() {
  static const std::vector<OptionSpec> specs = OptionSpecsOf(TrainingFields());
  return specs;
}

const std::vector<OptionSpec>& UncertaintyOptionSpecs() {
  static const std::vector<OptionSpec> specs = OptionSpecsOf(UncertaintyFields());
  return specs;
}

std::string RangeHelp() {
  return "Numeric inputs marked [range] also take a range or a distribution: '0.3..0.5', "
         "'5..6 days', '1e12..2e12', 'lognormal(70B, 1.5)', 'triangular(0.2, 0.3, 0.5)' "
         "(docs/uncertainty.md); the result then has a median and a 90% interval.\n";
}

// ---- hardware runs --------------------------------------------------------

namespace {

bool IsPhaseOption(const std::string& name) {
  const auto& f = PhaseRequestFields();
  return std::any_of(f.begin(), f.end(), [&](const RequestField<PhaseRequest>& p) {
    return name == OptionName(p.name);
  });
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
  static const std::vector<OptionSpec> specs = [] {
    std::vector<OptionSpec> all = OptionSpecsOf(PhaseRequestFields());
    std::vector<std::string> elsewhere = FieldNames(PhaseRequestFields());
    elsewhere.push_back("unit");  // each command words its own
    const std::vector<OptionSpec> run = OptionSpecsOf(HardwareFields(), elsewhere);
    all.insert(all.end(), run.begin(), run.end());
    return all;
  }();
  return specs;
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
    PhaseRequest& phase = i == 0 ? out.request.all_phases : out.request.phases.emplace_back();
    TF_RETURN_IF_ERROR(SetFromOptions(PhaseRequestFields(), *p, open, phase));
  }
  // The phase options were left out of the command's: the run's remain. A
  // help request opens no file.
  if (out.command.Has("--help")) return out;
  TF_RETURN_IF_ERROR(SetFromOptions(HardwareFields(), out.command, open, out.request));
  return out;
}

}  // namespace trainflops::cli
