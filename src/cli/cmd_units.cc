// `trainflops units AMOUNT [--to UNIT]`: FLOP, multiply-adds, pfs-days.
#include <nlohmann/json.hpp>
#include <ostream>

#include "args.h"
#include "commands.h"
#include "trainflops/units.h"

namespace trainflops::cli {

Status RunUnits(const std::vector<std::string>& argv, std::ostream& out) {
  static const std::vector<OptionSpec> specs = {
      {"--to", "UNIT", "flop, mac or pfs-day (default: all three)"},
      {"--json", "", "print one JSON object: flop, multiply_adds, pfs_days"},
      {"--help", "", "show this help"},
  };
  TF_ASSIGN_OR_RETURN(const ParsedArgs args, ParseArgs(argv, specs));
  if (args.Has("--help")) {
    out << "usage: trainflops units AMOUNT [--to UNIT]   e.g. trainflops units \"22 pfs-days\"\n\n"
           "1 multiply-add = 2 FLOP; 1 pfs-day = 1e15 FLOP/s x 86,400 s = 8.64e19 FLOP.\n\noptions:\n"
        << OptionsHelp(specs);
    return HelpShown();
  }
  if (args.positional.empty()) {
    return Status::InvalidArgument("expected an AMOUNT such as \"3.1e23\", \"2.5 GMAC\" or \"22 pfs-days\"");
  }
  std::string text;
  for (const std::string& p : args.positional) text += (text.empty() ? "" : " ") + p;
  TF_ASSIGN_OR_RETURN(const double flop, ParseCompute(text));
  if (args.Has("--json")) {
    const nlohmann::json j = {{"input", text},
                              {"flop", flop},
                              {"multiply_adds", flop / FlopPerUnit(ComputeUnit::kMultiplyAdd)},
                              {"pfs_days", flop / FlopPerUnit(ComputeUnit::kPetaflopSDay)}};
    out << j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    return Status::Ok();
  }
  if (auto to = args.Get("--to")) {
    TF_ASSIGN_OR_RETURN(const ComputeUnit unit, ParseComputeUnit(*to));
    out << FormatCompute(flop, unit, 6) << "\n";
    return Status::Ok();
  }
  for (ComputeUnit unit : {ComputeUnit::kFlop, ComputeUnit::kMultiplyAdd, ComputeUnit::kPetaflopSDay}) {
    out << FormatCompute(flop, unit, 6) << "\n";
  }
  return Status::Ok();
}

}  // namespace trainflops::cli
