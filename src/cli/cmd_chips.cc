// `trainflops chips [FILTER]` and `trainflops chips show NAME`: the hardware table.
#include <ostream>

#include "commands.h"
#include "hardware_options.h"
#include "trainflops/hardware_report.h"
#include "trainflops/text.h"

namespace trainflops::cli {
namespace {

const std::vector<OptionSpec>& ChipsOptions() {
  static const std::vector<OptionSpec> specs = {
      {"--hardware-db", "FILE", "use this hardware table (same columns as data/hardware.csv)"},
      {"--json", "", "print one JSON object"},
      {"--help", "", "show this help"},
  };
  return specs;
}

// Words after the subcommand, so that `chips show a100 80gb` needs no quotes.
std::string Words(const std::vector<std::string>& words, size_t from) {
  std::vector<std::string> rest(words.begin() + static_cast<std::ptrdiff_t>(from), words.end());
  return JoinNames(rest, " ");
}

}  // namespace

Status RunChips(const std::vector<std::string>& argv, std::ostream& out) {
  TF_ASSIGN_OR_RETURN(const ParsedArgs args, ParseArgs(argv, ChipsOptions()));
  if (args.Has("--help")) {
    out << "usage: trainflops chips [FILTER] [--json]\n"
           "       trainflops chips show NAME [--json]\n\n"
           "Lists the hardware table (rows whose name, alias, vendor or type contains FILTER),\n"
           "or shows one row with every precision. Names ignore case, spaces and hyphens.\n\n"
           "options:\n"
        << OptionsHelp(ChipsOptions());
    return HelpShown();
  }
  TF_ASSIGN_OR_RETURN(const HardwareDb db, LoadHardwareDb(args));
  const bool json = args.Has("--json");
  if (!args.positional.empty() && args.positional.front() == "show") {
    if (args.positional.size() < 2) {
      return Status::InvalidArgument("chips show needs a NAME (e.g. trainflops chips show V100)");
    }
    TF_ASSIGN_OR_RETURN(const ChipMatch match, db.Find(Words(args.positional, 1)));
    out << (json ? RenderChipJson(match, db) : RenderChipText(match, db));
    return Status::Ok();
  }
  const std::string filter = Words(args.positional, 0);
  const std::vector<const Chip*> rows = db.Filter(filter);
  if (rows.empty()) {
    std::vector<std::string> names;
    for (const Chip* c : db.FindClosest(filter)) names.push_back(c->name);
    return Status::NotFound("no row of the hardware table matches '" + filter + "'" +
                            (names.empty() ? "" : "; closest: " + JoinNames(names)) +
                            " (run 'trainflops chips' for the whole table)");
  }
  out << (json ? RenderChipListJson(rows, db) : RenderChipListText(rows, db));
  return Status::Ok();
}

}  // namespace trainflops::cli
