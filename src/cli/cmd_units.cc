// `trainflops units AMOUNT [--to UNIT]`: UnitsRequest.
#include "args.h"
#include "commands.h"
#include "core/text.h"
#include "request_options.h"
#include "trainflops/request_fields.h"
#include "trainflops/units_request.h"

namespace trainflops::cli {

Result<Call> ParseUnits(const std::vector<std::string>& words, const FileOpener& open) {
  // UnitsFields but the word AMOUNT.
  static const std::vector<OptionSpec> specs =
      AroundOptionsOf({}, UnitsFields(), {"amount"},
                      {{"--json", "", "print one JSON object: flop, multiply_adds, pfs_days"},
                       {"--help", "", "show this help"}});
  TF_ASSIGN_OR_RETURN(const ParsedArgs args, ParseArgs(words, specs));
  Call call;
  if (args.Has("--help")) {
    call.help =
        "usage: trainflops units AMOUNT [--to UNIT]   e.g. trainflops units \"22 pfs-days\"\n\n"
        "1 multiply-add = 2 FLOP; 1 pfs-day = 1e15 FLOP/s x 86,400 s = 8.64e19 "
        "FLOP.\n\noptions:\n" +
        OptionsHelp(specs);
    return call;
  }
  if (args.positional.empty()) {
    return Status::InvalidArgument(
        "expected an AMOUNT such as \"3.1e23\", \"2.5 GMAC\" or \"22 pfs-days\"");
  }
  UnitsRequest r;
  r.amount = JoinNames(args.positional, " ");
  // --json prints every unit: --to shapes the text only.
  const std::vector<std::string> text_only = {"to"};
  TF_RETURN_IF_ERROR(SetFromOptions(UnitsFields(), args, open, r,
                                    args.Has("--json") ? text_only : std::vector<std::string>()));
  call.json = args.Has("--json");
  call.run = LibraryCall(std::move(r));
  return call;
}

}  // namespace trainflops::cli
