// The bundled record of notable models: the development half of Epoch AI's
// Notable AI Models (snapshot of 2 May 2026, CC BY 4.0, credit "Epoch AI";
// data/README.md), compiled into the library, so that a line may name
// another model ("40% of GPT-4's compute") and take Epoch AI's figure with
// its confidence label.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/text.h"
#include "lines.h"
#include "trainflops/csv.h"
#include "trainflops/units.h"

namespace trainflops {
namespace embedded {
extern const char epoch_notable_models_csv[];
extern const unsigned long epoch_notable_models_csv_size;
}  // namespace embedded

namespace evidence {
namespace {

constexpr std::string_view kRecordFile = "data/epoch_notable_models_dev.csv";
constexpr std::string_view kRecordName =
    "the bundled record (data/epoch_notable_models_dev.csv: the development half of Epoch AI, "
    "Notable AI Models, snapshot of 2 May 2026)";

struct RecordRow {
  std::string name;
  std::string flop;        // as written; "" when the record has no figure
  std::string confidence;  // as written
  int line = 0;
};

struct ModelRecord {
  std::vector<RecordRow> rows;
  std::vector<std::string> names;
  Status status;  // an error when the bundled file does not parse (a build defect)
};

Result<ModelRecord> ParseRecord() {
  const std::string_view text(embedded::epoch_notable_models_csv,
                              embedded::epoch_notable_models_csv_size);
  TF_ASSIGN_OR_RETURN(const CsvTable table, ParseCsv(text, kRecordFile));
  TF_ASSIGN_OR_RETURN(const std::size_t model, table.Column("Model"));
  TF_ASSIGN_OR_RETURN(const std::size_t flop, table.Column("Training compute (FLOP)"));
  TF_ASSIGN_OR_RETURN(const std::size_t confidence, table.Column("Confidence"));
  ModelRecord record;
  for (std::size_t i = 0; i < table.rows.size(); ++i) {
    const std::vector<std::string>& row = table.rows[i];
    record.rows.push_back({std::string(Trim(row[model])), std::string(Trim(row[flop])),
                           std::string(Trim(row[confidence])), table.lines[i]});
    record.names.push_back(record.rows.back().name);
  }
  return record;
}

const ModelRecord& BundledRecord() {
  static const ModelRecord record = [] {
    Result<ModelRecord> parsed = ParseRecord();
    if (parsed.ok()) return std::move(parsed).value();
    ModelRecord failed;
    failed.status =
        Status::Internal("the bundled record does not parse: " + parsed.status().message());
    return failed;
  }();
  return record;
}

// Names that extend the one asked for ("GPT-4" -> "GPT-4 (Mar 2023)"), then
// the closest by edit distance; at most three.
std::string RecordSuggestions(std::string_view name, const std::vector<std::string>& names) {
  const std::string key = ToLower(Trim(name));
  std::vector<std::string> found;
  for (const std::string& n : names) {
    const std::string lower = ToLower(n);
    if (found.size() < 3 && !key.empty() && lower.rfind(key + " ", 0) == 0) found.push_back(n);
  }
  for (const std::string& n : ClosestMatches(name, names)) {
    if (found.size() < 3 && std::find(found.begin(), found.end(), n) == found.end()) {
      found.push_back(n);
    }
  }
  if (found.empty()) return "";
  std::string out = "; did you mean ";
  for (std::size_t i = 0; i < found.size(); ++i) {
    out += (i == 0 ? "" : (i + 1 == found.size() ? " or " : ", ")) + ("'" + found[i] + "'");
  }
  return out + "?";
}

// No label, or "Unknown": the widest, Speculative.
ConfidenceLabel RecordedLabel(const std::string& text) {
  Result<ConfidenceLabel> label = ParseConfidenceLabel(text);
  return label.ok() ? *label : ConfidenceLabel::kSpeculative;
}

}  // namespace

std::string_view RecordFile() { return kRecordFile; }

Result<ConfidenceLabel> ParseConfidenceLabel(std::string_view text) {
  const ConfidenceLabel labels[] = {ConfidenceLabel::kConfident, ConfidenceLabel::kLikely,
                                    ConfidenceLabel::kSpeculative};
  std::vector<std::string> names;
  for (ConfidenceLabel label : labels) {
    if (ToLower(ConfidenceLabelName(label)) == ToLower(Trim(text))) return label;
    names.push_back(std::string(ConfidenceLabelName(label)));
  }
  return Status::InvalidArgument("unknown confidence label '" + std::string(text) + "'" +
                                 DidYouMean(text, names) + " (accepted: " + JoinNames(names) +
                                 ", Epoch AI's labels)");
}

Result<RecordedModel> FindRecordedModel(std::string_view name) {
  const ModelRecord& record = BundledRecord();
  TF_RETURN_IF_ERROR(record.status);
  const std::string key = ToLower(Trim(name));
  for (const RecordRow& row : record.rows) {
    if (ToLower(row.name) != key) continue;
    const std::string where = std::string(kRecordFile) + " line " + std::to_string(row.line);
    if (row.flop.empty()) {
      return Status::NotFound("'" + row.name + "' is in the bundled record of notable models (" +
                              where +
                              ") without a training compute figure: give the reference's "
                              "compute with `reference_flop` and its source");
    }
    Result<double> flop = ParseNumber(row.flop);
    if (!flop.ok() || !(*flop > 0) || !std::isfinite(*flop)) {
      return Status::Internal(where + ": the training compute of '" + row.name + "' ('" + row.flop +
                              "') is not a positive number");
    }
    return RecordedModel{row.name, *flop, RecordedLabel(row.confidence), row.confidence, row.line};
  }
  return Status::NotFound("'" + std::string(name) + "' is not in " + std::string(kRecordName) +
                          RecordSuggestions(name, record.names) +
                          "; for another model give its compute with `reference_flop` and "
                          "its source");
}

// Epoch AI's Notable AI Models documentation ("Estimation": the metadata on
// estimate confidence, epoch.ai/data/ai-models-documentation/estimation)
// labels a figure Confident, Likely or Speculative when the true value is
// within about 3x, about 10x, or beyond; the project reads "within Nx" as the
// 90% interval (docs/uncertainty.md, LabelForInterval). A recorded figure is
// therefore read as the widest lognormal its label allows: 90% interval
// figure / N .. figure x N. Speculative has no outer bound there: its 30x is
// a trainflops convention (the next step after 3x and 10x, half a decade each).
double ConfidenceFactor(ConfidenceLabel label) {
  switch (label) {
    case ConfidenceLabel::kConfident:
      return kConfidentSpread;
    case ConfidenceLabel::kLikely:
      return kLikelySpread;
    case ConfidenceLabel::kSpeculative:
      break;
  }
  return 30.0;
}

std::string ConfidenceWideningRule(ConfidenceLabel label) {
  const std::string n = FormatScientific(ConfidenceFactor(label));
  return std::string(ConfidenceLabelName(label)) + " read as a lognormal whose 90% interval is /" +
         n + " .. x" + n +
         " of the figure (Epoch AI, Notable AI Models documentation, 'Estimation': Confident "
         "within about 3x, Likely within about 10x, Speculative beyond; the interval reading of "
         "docs/uncertainty.md" +
         (label == ConfidenceLabel::kSpeculative
              ? "; 30x for Speculative is a trainflops convention)"
              : ")");
}

Result<Uncertain> WidenedFigure(double flop, ConfidenceLabel label, const std::string& text) {
  // gsd^z = N for z the 95th percentile of the standard normal.
  const double gsd = std::exp(std::log(ConfidenceFactor(label)) / InverseNormalCdf(0.95));
  TF_ASSIGN_OR_RETURN(Distribution d, Distribution::LogNormal(flop, gsd));
  return Uncertain{std::move(d), text, ConfidenceWideningRule(label)};
}

}  // namespace evidence
}  // namespace trainflops
