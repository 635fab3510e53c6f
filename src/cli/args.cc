#include "args.h"

#include "core/text.h"
#include "trainflops/units.h"

namespace trainflops::cli {

std::optional<std::string> ParsedArgs::Get(const std::string& name) const {
  auto it = options.find(name);
  if (it == options.end() || it->second.empty()) return std::nullopt;
  return it->second.back();
}

Result<std::optional<double>> ParsedArgs::Positive(const std::string& name) const {
  const std::optional<std::string> text = Get(name);
  if (!text) return std::optional<double>();
  Result<double> v = ParsePositive(*text);
  if (!v.ok()) return v.status().WithContext(name);
  return std::optional<double>(*v);
}

Result<ParsedArgs> ParseArgs(const std::vector<std::string>& argv,
                             const std::vector<OptionSpec>& specs) {
  ParsedArgs parsed;
  std::vector<std::string> names;
  for (const OptionSpec& s : specs) names.push_back(s.name);
  for (size_t i = 0; i < argv.size(); ++i) {
    std::string arg = argv[i];
    if (arg.size() < 2 || arg.rfind("--", 0) != 0) {
      parsed.positional.push_back(arg);
      continue;
    }
    std::optional<std::string> inline_value;
    if (const size_t eq = arg.find('='); eq != std::string::npos) {
      inline_value = arg.substr(eq + 1);
      arg = arg.substr(0, eq);
    }
    const OptionSpec* spec = nullptr;
    for (const OptionSpec& s : specs) {
      if (s.name == arg) spec = &s;
    }
    if (spec == nullptr) {
      return Status::InvalidArgument("unknown option '" + arg + "'" + DidYouMean(arg, names) +
                                     " (accepted: " + JoinNames(names) + ")");
    }
    if (!spec->repeatable && parsed.Has(arg)) {
      return Status::InvalidArgument("option '" + arg + "' given twice");
    }
    std::string value;
    if (!spec->value_name.empty()) {
      if (inline_value) {
        value = *inline_value;
      } else if (i + 1 < argv.size()) {
        value = argv[++i];
      } else {
        return Status::InvalidArgument("option '" + arg + "' needs a value (" + spec->value_name +
                                       ")");
      }
    } else if (inline_value) {
      return Status::InvalidArgument("option '" + arg + "' takes no value");
    }
    parsed.options[arg].push_back(value);
  }
  return parsed;
}

std::string OptionsHelp(const std::vector<OptionSpec>& specs) {
  size_t width = 0;
  for (const OptionSpec& s : specs) {
    width = std::max(width, s.name.size() + (s.value_name.empty() ? 0 : s.value_name.size() + 1));
  }
  std::string out;
  for (const OptionSpec& s : specs) {
    std::string left = s.name + (s.value_name.empty() ? "" : " " + s.value_name);
    out += "  " + left + std::string(width - left.size() + 2, ' ') + s.help + "\n";
  }
  return out;
}

}  // namespace trainflops::cli
