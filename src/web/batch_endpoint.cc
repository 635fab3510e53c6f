#include "batch_endpoint.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/text.h"
#include "cost.h"
#include "query.h"
#include "trainflops/batch.h"
#include "trainflops/input_limits.h"
#include "trainflops/status.h"
#include "trainflops/thresholds.h"

namespace trainflops::web {
namespace {

using Json = nlohmann::ordered_json;

struct BatchUpload {
  std::string name;
  std::string_view bytes;
  bool json_lines = false;
  std::optional<std::string> rules_off;
};

// The query's parameters, the body (or a multipart body's first file) and
// its kind: JSON lines by Content-Type or by the file's name.
Result<BatchUpload> ReadUpload(const HttpRequest& request) {
  TF_ASSIGN_OR_RETURN(const std::vector<QueryParam> params, ParseQuery(request.query));
  BatchUpload u;
  std::optional<std::string> file;
  for (const QueryParam& p : params) {
    if (p.name == "rules_off") {
      u.rules_off = p.value.value_or("");
    } else if (p.name == "file") {
      file = p.value.value_or("");
    } else {
      static const std::vector<std::string> kAccepted = {"rules_off", "file"};
      return Status::InvalidArgument(std::string(kBatchPath) + ": unknown query parameter '" +
                                     Abbreviate(p.name) + "'" + DidYouMean(p.name, kAccepted) +
                                     " (accepted: " + JoinNames(kAccepted) + ")");
    }
  }
  u.bytes = request.body;
  if (!request.parts.empty()) {  // a form (curl -F): its first part
    u.bytes = request.parts.front().content;
    if (!file && !request.parts.front().filename.empty()) file = request.parts.front().filename;
  }
  const std::string type = ToLower(
      Trim(std::string_view(request.content_type).substr(0, request.content_type.find(';'))));
  const std::string lower = ToLower(file.value_or(""));
  u.json_lines =
      type == "application/x-ndjson" || lower.ends_with(".jsonl") || lower.ends_with(".ndjson");
  u.name = file && !file->empty() ? *file : u.json_lines ? "dataset.jsonl" : "dataset.csv";
  return u;
}

// The row's name: the key of the name column, else one equal to it in any
// case (a CSV header is matched so); null when the row has none.
Json NameOf(const Json& row, const std::string& column) {
  if (const auto it = row.find(column); it != row.end()) return *it;
  for (const auto& [key, value] : row.items()) {
    if (ToLower(key) == ToLower(column)) return value;
  }
  return nullptr;
}

Json ThresholdsInForce() {
  Json list = Json::array();
  const std::vector<std::string>& columns = BatchOutputColumns();
  for (const Threshold& t : BundledThresholds()) {
    const std::string column = "p_over_" + t.id;
    if (!t.in_force || std::find(columns.begin(), columns.end(), column) == columns.end()) continue;
    list.push_back({{"column", column}, {"id", t.id}, {"name", t.name}, {"flop", t.flop}});
  }
  return list;
}

// The equivalent command line, shown by the page.
std::string BatchCommand(const BatchUpload& u) {
  std::vector<std::string> words = {u.name};
  const std::string lower = ToLower(u.name);
  if (u.json_lines && !lower.ends_with(".jsonl") && !lower.ends_with(".ndjson")) {
    words.insert(words.end(), {"--format", "jsonl"});
  }
  if (u.rules_off) words.insert(words.end(), {"--rules-off", *u.rules_off});
  return CommandLine("batch", words);
}

HttpResponse JsonAnswer(std::string body) {
  HttpResponse r;
  r.content_type = "application/json";
  r.body = std::move(body);
  return r;
}

}  // namespace

HttpResponse BatchResponse(const HttpRequest& request, const ApiOptions& options) {
  const Result<BatchUpload> upload = ReadUpload(request);
  if (!upload.ok()) return JsonError(400, upload.status().message());
  const BatchUpload& u = *upload;
  if (Trim(u.bytes).empty()) {
    return JsonError(400, std::string(kBatchPath) +
                              ": the request body is empty; send the dataset as the body: CSV "
                              "with a header row (Epoch AI's Notable AI Models columns), or JSON "
                              "lines with Content-Type application/x-ndjson (docs/web.md)");
  }
  const InputKind kind = u.json_lines ? InputKind::kJsonLines : InputKind::kCsv;
  if (const Status size = CheckBatchUpload(u.name, u.bytes, kind, options.max_batch_rows);
      !size.ok()) {
    return JsonError(413, size.message());
  }
  BatchOptions batch;
  batch.source = u.name;
  batch.csv_as_json_lines = true;
  if (u.rules_off) {
    if (const Status s = ParseRulesOff(*u.rules_off, batch.rules_off); !s.ok()) {
      return JsonError(400, s.message());
    }
  }
  // Each row keeps its name and the added keys (an input of many columns is
  // not sent back).
  const std::string& name_column = batch.columns.name;
  std::string rows;
  const LineSink sink = [&](const std::string& line) {
    const Json full = Json::parse(line, nullptr, false);
    Json kept = Json::object();
    kept[name_column] = NameOf(full, name_column);
    for (const std::string& key : BatchOutputColumns()) kept[key] = full.value(key, Json());
    // Each probability as the library prints it (tails as "< 0.1%", "> 99.9%").
    Json texts = Json::object();
    for (const Threshold& t : BundledThresholds()) {
      const Json& p = full.value("p_over_" + t.id, Json());
      if (p.is_number()) texts["p_over_" + t.id] = FormatProbability(p.get<double>());
    }
    kept["p_over_text"] = texts;
    rows += (rows.empty() ? "" : ",\n") +
            kept.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  };
  const Result<BatchSummary> summary =
      u.json_lines ? RunBatchJsonLines(u.bytes, batch, sink) : RunBatchCsv(u.bytes, batch, sink);
  if (!summary.ok()) return JsonError(400, summary.status().message());
  Json columns = Json::array({name_column});
  for (const std::string& key : BatchOutputColumns()) columns.push_back(key);
  HttpResponse r = JsonAnswer(
      "{\n\"columns\": " + columns.dump() + ",\n\"thresholds\": " + ThresholdsInForce().dump() +
      ",\n\"rows\": [\n" + rows + "\n],\n\"summary\": " + summary->ToJson() + "\n}\n");
  r.headers.emplace_back("X-Trainflops-Command", BatchCommand(u));
  return r;
}

}  // namespace trainflops::web
