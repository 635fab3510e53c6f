// The option handling of the commands that read one file (file_command.h).
#include "file_command.h"

#include <string>
#include <vector>

#include "args.h"

namespace trainflops::cli {
namespace {

std::vector<OptionSpec> OptionsOf(const FileCommand& command) {
  std::vector<OptionSpec> specs = command.own;
  specs.insert(specs.end(), command.request.begin(), command.request.end());
  specs.push_back({"--output", "F",
                   "write the " + command.output +
                       " to F (replaced only when complete) instead of standard output"});
  specs.push_back({"--help", "", "show this help"});
  return specs;
}

std::string UsageOf(const FileCommand& command) {
  return "usage: trainflops " + command.name + " " + command.file + " " + command.own_usage +
         " [--samples N] [--seed S] [--output F]";
}

}  // namespace

Result<FileWords> ParseFileWords(const std::vector<std::string>& words,
                                 const FileCommand& command) {
  const std::vector<OptionSpec> specs = OptionsOf(command);
  FileWords w;
  TF_ASSIGN_OR_RETURN(w.args, ParseArgs(words, specs));
  if (w.args.Has("--help")) {
    w.help = UsageOf(command) + "\n\n" + command.description + " " + command.file +
             " is YAML or JSON, '-' for standard input. See " + command.doc + ".\n\noptions:\n" +
             OptionsHelp(specs);
    return w;
  }
  if (w.args.positional.size() != 1) {
    return Status::InvalidArgument("give exactly one " + command.what + " (" + UsageOf(command) +
                                   ")");
  }
  w.path = w.args.positional.front();
  w.output = w.args.Get("--output");
  return w;
}

}  // namespace trainflops::cli
