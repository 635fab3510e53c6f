// `trainflops thresholds FLOP [--range LOW..HIGH]`: ThresholdsRequest.
#include "args.h"
#include "commands.h"
#include "core/text.h"
#include "request_options.h"
#include "trainflops/request_fields.h"
#include "trainflops/thresholds_request.h"

namespace trainflops::cli {

Result<Call> ParseThresholds(const std::vector<std::string>& words, const FileOpener& open) {
  // ThresholdsFields but the word FLOP.
  static const std::vector<OptionSpec> specs =
      AroundOptionsOf({}, ThresholdsFields(), {"flop"},
                      {{"--json", "", "print one JSON object"}, {"--help", "", "show this help"}});
  TF_ASSIGN_OR_RETURN(const ParsedArgs args, ParseArgs(words, specs));
  Call call;
  if (args.Has("--help")) {
    call.help =
        "usage: trainflops thresholds FLOP [--range LOW..HIGH] [--json]\n\n"
        "Compares training compute with the EU AI Act (Art. 51: > 1e25 FLOP; guidelines\n"
        "¶17: > 1e23), California SB 53 (> 1e26) and others, strictly greater than.\n\n"
        "options:\n" +
        OptionsHelp(specs);
    return call;
  }
  if (args.positional.empty()) {
    return Status::InvalidArgument("expected a compute figure such as 3e25 or \"2e5 pfs-days\"");
  }
  ThresholdsRequest r;
  r.flop = JoinNames(args.positional, " ");
  TF_RETURN_IF_ERROR(SetFromOptions(ThresholdsFields(), args, open, r));
  call.json = args.Has("--json");
  call.run = LibraryCall(std::move(r));
  return call;
}

}  // namespace trainflops::cli
