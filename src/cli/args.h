// A small command-line parser: options declared per command as a table,
// errors that name the option and suggest the closest one.
#ifndef TRAINFLOPS_SRC_CLI_ARGS_H_
#define TRAINFLOPS_SRC_CLI_ARGS_H_

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "trainflops/status.h"

namespace trainflops::cli {

struct OptionSpec {
  std::string name;        // "--epochs"
  std::string value_name;  // "N"; empty for a flag such as --json
  std::string help;
  bool repeatable = false;
};

struct ParsedArgs {
  std::vector<std::string> positional;
  std::map<std::string, std::vector<std::string>> options;  // name -> values ("" for flags)

  bool Has(const std::string& name) const { return options.count(name) > 0; }
  std::optional<std::string> Get(const std::string& name) const;
  // A positive number (SI suffixes accepted), or nullopt when absent.
  Result<std::optional<double>> Positive(const std::string& name) const;
};

Result<ParsedArgs> ParseArgs(const std::vector<std::string>& argv,
                             const std::vector<OptionSpec>& specs);

// "  --epochs N   passes over the data" lines for --help.
std::string OptionsHelp(const std::vector<OptionSpec>& specs);

}  // namespace trainflops::cli

#endif  // TRAINFLOPS_SRC_CLI_ARGS_H_
