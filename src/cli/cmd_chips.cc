// `trainflops chips [FILTER]` and `trainflops chips show NAME`: ChipsRequest.
#include "commands.h"
#include "core/text.h"
#include "request_options.h"
#include "trainflops/chips_request.h"
#include "trainflops/request_fields.h"

namespace trainflops::cli {
namespace {

const std::vector<OptionSpec>& ChipsOptions() {
  // ChipsFields but the words FILTER and show NAME.
  static const std::vector<OptionSpec> specs =
      AroundOptionsOf({}, ChipsFields(), {"filter", "show"},
                      {{"--json", "", "print one JSON object"}, {"--help", "", "show this help"}});
  return specs;
}

// Words after the subcommand, so that `chips show a100 80gb` needs no quotes.
std::string Words(const std::vector<std::string>& words, size_t from) {
  std::vector<std::string> rest(words.begin() + static_cast<std::ptrdiff_t>(from), words.end());
  return JoinNames(rest, " ");
}

}  // namespace

Result<Call> ParseChips(const std::vector<std::string>& words, const FileOpener& open) {
  TF_ASSIGN_OR_RETURN(const ParsedArgs args, ParseArgs(words, ChipsOptions()));
  Call call;
  if (args.Has("--help")) {
    call.help =
        "usage: trainflops chips [FILTER] [--json]\n"
        "       trainflops chips show NAME [--json]\n\n"
        "Lists the hardware table (rows whose name, alias, vendor or type contains FILTER),\n"
        "or shows one row with every precision. Names ignore case, spaces and hyphens.\n\n"
        "options:\n" +
        OptionsHelp(ChipsOptions());
    return call;
  }
  ChipsRequest r;
  if (!args.positional.empty() && args.positional.front() == "show") {
    if (args.positional.size() < 2) {
      return Status::InvalidArgument("chips show needs a NAME (e.g. trainflops chips show V100)");
    }
    r.show = Words(args.positional, 1);
  } else {
    r.filter = Words(args.positional, 0);
  }
  TF_RETURN_IF_ERROR(SetFromOptions(ChipsFields(), args, open, r));
  call.json = args.Has("--json");
  call.run = LibraryCall(std::move(r));
  return call;
}

}  // namespace trainflops::cli
