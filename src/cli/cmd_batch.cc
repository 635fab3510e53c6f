// `trainflops batch`: estimate every model of a dataset (CSV or JSON lines).
#include <unistd.h>

#include <iostream>
#include <ostream>

#include "args.h"
#include "cite_output.h"
#include "commands.h"
#include "core/text.h"
#include "output_file.h"
#include "request_options.h"
#include "trainflops/batch_request.h"
#include "trainflops/citation.h"
#include "trainflops/request_fields.h"
#include "trainflops/uncertainty.h"
#include "trainflops/units.h"

namespace trainflops::cli {
namespace {

// BatchFields but `data` (the FILE word), with the command line's files
// after --columns and --cite after --seed.
const std::vector<OptionSpec>& BatchOptionSpecs() {
  static const std::vector<OptionSpec> specs = [] {
    std::vector<OptionSpec> all =
        AroundOptionsOf({}, BatchFields(), {"data"}, {{"--help", "", "show this help"}});
    all = InsertAfter(std::move(all), "--columns",
                      {{"--output", "FILE", "write the rows to FILE (default: standard output)"},
                       {"--summary-json", "FILE", "write the summary as one JSON object to FILE"}});
    return InsertAfter(std::move(all), "--seed",
                       {{"--cite", "",
                         "add 'Cite this estimate' to the summary: the models estimated by each "
                         "method, its source, and the BibTeX of the works used"}});
  }();
  return specs;
}

constexpr char kBatchHelp[] =
    "usage: trainflops batch FILE [--columns KEY=NAME,...] [--output FILE] [--summary-json "
    "FILE]\n\n"
    "Estimates the training compute of every row: 6ND = 6 x parameters (active ones for a\n"
    "mixture of experts) x dataset size x epochs, and hardware x time (chips x hours x peak x\n"
    "utilization); their geometric mean when they agree within 3x, else a measured rule\n"
    "chooses. A fine-tune is also estimated with its base model when the base is in the file.\n"
    "Each estimate has a 5%-95% interval from the default assumption ranges and its ratio to\n"
    "the recorded compute. Default column names are those of Epoch AI's Notable AI Models CSV.\n"
    "Adds the columns estimated_training_flop, estimate_method, estimate_low, estimate_high,\n"
    "ratio_to_recorded, estimate_6nd, estimate_hardware, methods_ratio, estimate_confidence,\n"
    "estimated_with_base, p_over_ID (the probability of exceeding each threshold in force,\n"
    "e.g. p_over_eu_ai_act_art51), within_eu_30pct_margin, label_error_factor (90% of the\n"
    "record's rows with this label were within it), estimate_flags (what the guards found\n"
    "impossible) and estimate_note; a row that cannot be estimated says why. The summary\n"
    "goes to standard error (standard output with --output). See docs/batch.md.\n\noptions:\n";

// "\rbatch: 120,000 rows" on a terminal every 10,000 rows; nothing otherwise.
class Progress {
 public:
  Progress() : enabled_(isatty(STDERR_FILENO) == 1) {}
  void Row() {
    if (enabled_ && ++rows_ % 10000 == 0) {
      std::cerr << "\rbatch: " << FormatCount(static_cast<double>(rows_)) << " rows";
    }
  }
  void Done() {
    if (enabled_ && rows_ >= 10000) std::cerr << "\r\033[K";
  }

 private:
  bool enabled_;
  std::size_t rows_ = 0;
};

// Streams the rows to --output FILE (written atomically) or `out`.
Status StreamRows(const BatchRequest& request, const std::optional<std::string>& output,
                  const std::optional<std::string>& summary_json, bool cite, std::ostream& out) {
  std::unique_ptr<OutputFile> file;
  if (output) {
    TF_ASSIGN_OR_RETURN(file, OutputFile::Create(*output));
  }
  std::ostream& rows = file ? file->stream() : out;
  Progress progress;
  const LineSink sink = [&](const std::string& line) {
    rows << line << '\n';
    progress.Row();
  };
  Result<BatchSummary> summary = Run(request, sink);
  progress.Done();
  TF_RETURN_IF_ERROR(summary.status());
  const std::optional<Citation> citation =
      cite ? std::optional<Citation>(CiteBatch(*summary)) : std::nullopt;
  if (summary_json) {
    const std::string object = summary->ToJson();
    TF_RETURN_IF_ERROR(WriteFileAtomically(
        *summary_json, citation ? WithCitation(object, true, *citation) : object + "\n"));
  }
  const std::string text = citation
                               ? OptionWording(summary->ToText() + RenderCitationText(*citation))
                               : summary->ToText();
  if (file) {
    TF_RETURN_IF_ERROR(file->Commit());
    out << "wrote " << *output << "\n" << text;
  } else {
    std::cerr << text;
  }
  return Status::Ok();
}

}  // namespace

// The data file's kind, for its size cap: JSON lines by --format or by name.
InputKind BatchInputKind(const std::optional<std::string>& format, const std::string& path) {
  const std::string lower = ToLower(format.value_or(path));
  const bool jsonl = lower == "jsonl" || lower == "json" || lower == "ndjson" ||
                     lower.ends_with(".jsonl") || lower.ends_with(".ndjson");
  return jsonl ? InputKind::kJsonLines : InputKind::kCsv;
}

Result<Call> ParseBatch(const std::vector<std::string>& words, const FileOpener& open) {
  TF_ASSIGN_OR_RETURN(const ParsedArgs args, ParseArgs(words, BatchOptionSpecs()));
  Call call;
  if (args.Has("--help")) {
    call.help = kBatchHelp + OptionsHelp(BatchOptionSpecs());
    return call;
  }
  if (args.positional.size() != 1) {
    return Status::InvalidArgument("expected one input file (CSV or JSON lines), got " +
                                   std::to_string(args.positional.size()));
  }
  BatchRequest r;
  TF_RETURN_IF_ERROR(SetFromOptions(BatchFields(), args, open, r));
  TF_ASSIGN_OR_RETURN(
      r.data, open(args.positional.front(), BatchInputKind(r.format, args.positional.front())));
  call.stream = [r = std::move(r), output = args.Get("--output"),
                 summary = args.Get("--summary-json"), cite = args.Has("--cite")](
                    std::ostream& out) { return StreamRows(r, output, summary, cite, out); };
  return call;
}

}  // namespace trainflops::cli
