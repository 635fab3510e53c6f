#include "commands.h"

#include <filesystem>
#include <iostream>
#include <map>

#include "core/text.h"
#include "trainflops/hub_cache.h"
#include "trainflops/request_fields.h"

namespace trainflops::cli {

const std::vector<Command>& Commands() {
  static const std::vector<Command> commands = {
      {"estimate", "Method 1: count a model's operations from a spec file", ParseEstimate},
      {"layer", "one layer's parameters and forward FLOP (Table 1 of Sevilla et al. 2022)",
       ParseLayer},
      {"hardware", "Method 2: chips x time x peak FLOP/s x utilization", ParseHardware},
      {"compare", "both methods side by side, their ratio and the reconciling utilization",
       ParseCompare},
      {"chips", "the hardware table: list, filter, show one chip", ParseChips},
      {"tokens", "language models: 6ND and attention-aware per-token formulas", ParseTokens},
      {"thresholds", "compare a compute figure with legal thresholds (EU AI Act, SB 53)",
       ParseThresholds},
      {"units", "convert between FLOP, multiply-adds and petaflop/s-days", ParseUnits},
      {"trend", "fit the growth of training compute over time (doubling time)", ParseTrend},
      {"evidence", "combine lines of indirect evidence (cost, power, cluster, ratios, figures)",
       ParseEvidence},
      {"ledger", "a compute statement for a filing: a run record under each regime's rules",
       ParseLedger},
      {"batch", "estimate a whole dataset of models (CSV or JSON lines)", ParseBatch},
      {"calibrate", "measure and fit the coverage of batch intervals against a record file",
       ParseCalibrate},
      {"serve", "the local web page and HTTP API (http://127.0.0.1:8080/)", ParseServe},
  };
  return commands;
}

std::string OptionName(std::string_view field) {
  // Fields whose option is spelled otherwise (repeatable options are
  // singular) or that are positional words.
  static const std::map<std::string, std::string, std::less<>> kSpelling = {
      {"dims", "--dim"},     {"stages", "--stage"},
      {"breaks", "--break"}, {"quantiles", "--quantile"},
      {"model", "FILE"},     {"amount", "AMOUNT"},
      {"flop", "FLOP"},      {"type", "TYPE"},
      {"filter", "FILTER"},  {"show", "show NAME"},
  };
  if (const auto it = kSpelling.find(field); it != kSpelling.end()) return it->second;
  std::string option = "--" + std::string(field);
  for (char& c : option) {
    if (c == '_') c = '-';
  }
  return option;
}

std::string OptionWording(std::string_view message) { return RenameFields(message, OptionName); }

InputKind ModelInputKind(const std::string& name) { return InputKindFor(FileRole::kModel, name); }

namespace {

// Standard input, whole, refused once it passes the cap of its kind (never
// read more than one byte past it).
Result<InputFile> ReadStandardInput(InputKind kind) {
  const std::uint64_t cap = LimitOf(kind).max_bytes;
  std::string text;
  char buffer[65536];
  while (text.size() <= cap && std::cin.read(buffer, sizeof buffer).gcount() > 0) {
    text.append(buffer, static_cast<size_t>(std::cin.gcount()));
  }
  if (std::cin.bad()) return Status::IoError("cannot read standard input");
  TF_RETURN_IF_ERROR(CheckInputSize(text.size(), kind, "standard input"));
  return InputFile::Owned("stdin", std::move(text));
}

}  // namespace

Result<InputFile> OpenFromDisk(const std::string& path, InputKind kind) {
  if (path == "-" && kind == InputKind::kEvidence) {
    return ReadStandardInput(kind);
  }
  Result<InputFile> file = OpenInputFile(path, kind);
  // A config named by a Hugging Face repository id that is not a path: the
  // snapshot in the local cache (hub_cache.h). A path that exists stays a path.
  std::error_code ec;
  if (file.ok() || kind != InputKind::kJsonConfig || !LooksLikeHubModelId(path) ||
      std::filesystem::exists(std::filesystem::symlink_status(path, ec))) {
    return file;
  }
  TF_ASSIGN_OR_RETURN(const std::string config,
                      ResolveHubConfig(path, HubEnvironmentFromProcess()));
  return OpenInputFile(config, kind);
}

}  // namespace trainflops::cli
