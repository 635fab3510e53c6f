// The command-line description of a hardware run, shared by `hardware` and
// `compare` (defined in cmd_hardware.cc).
//
// Options group into phases: each --chip starts a phase, and the phase
// options after it (--count, --time, --chip-hours, --chip-days, --precision,
// --tensor-cores, --utilization, --peak-flops, --tdp, --price-per-chip-hour)
// belong to it. Phase options given before the first --chip apply to every
// phase (a phase's own value wins). The run options (--year, --llm,
// --industry, --energy, --pue, --hardware-db) may appear anywhere, once.
#ifndef TRAINFLOPS_SRC_CLI_HARDWARE_OPTIONS_H_
#define TRAINFLOPS_SRC_CLI_HARDWARE_OPTIONS_H_

#include <set>
#include <string>
#include <vector>

#include "args.h"
#include "trainflops/hardware.h"
#include "trainflops/method2.h"

namespace trainflops::cli {

// The phase and run options, for a command's option table and --help.
const std::vector<OptionSpec>& HardwareRunOptions();

struct HardwareRun {
  Method2Options options;
  HardwareDb db;       // the bundled table, or --hardware-db FILE
  ParsedArgs command;  // positional arguments and the command's other options
};

// Parses argv with `specs` (which must contain HardwareRunOptions()).
Result<HardwareRun> ParseHardwareRun(const std::vector<std::string>& argv,
                                     const std::vector<OptionSpec>& specs);

// One phase from its options (hardware_phase.cc); `shared` names the options
// given before the first --chip, whose ranges are one quantity for every phase.
Result<Phase> PhaseFrom(const ParsedArgs& args, const std::set<std::string>& shared);

// The bundled table, or the file given with --hardware-db.
Result<HardwareDb> LoadHardwareDb(const ParsedArgs& args);

// "yes"/"no" (also true/false, on/off) for the option `name`.
Result<std::optional<bool>> YesNo(const ParsedArgs& args, const std::string& name);

// Text shared by the --help of `hardware` and `compare`.
std::string HardwareRunHelp();

}  // namespace trainflops::cli

#endif  // TRAINFLOPS_SRC_CLI_HARDWARE_OPTIONS_H_
