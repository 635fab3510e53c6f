#include "cost.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "core/text.h"
#include "trainflops/byte_source.h"
#include "trainflops/defaults.h"
#include "trainflops/estimate_request.h"
#include "trainflops/onnx.h"
#include "trainflops/units.h"

namespace trainflops::web {
namespace {

std::string Thousands(double v) { return WithThousands(static_cast<std::uint64_t>(v)); }

constexpr const char* kCheap = "(a request must stay cheap; the command line accepts more)";

// `field`'s value over `limit` (a value that is not a number is left to the
// library's own message).
Status CheckAtMost(const std::string& field, const std::optional<std::string>& value,
                   double limit) {
  if (!value) return Status::Ok();
  const Result<double> n = ParseNumber(*value);
  if (!n.ok() || *n <= limit) return Status::Ok();
  return Status::InvalidArgument("`" + field + "`: '" + Abbreviate(*value) +
                                 "' is over the web API's limit of " + Thousands(limit) + " " +
                                 kCheap);
}

// The bootstrap resamples a trend fit draws: the request's (0: none, one
// fit), else the default.
double Resamples(const std::optional<std::string>& bootstrap) {
  if (!bootstrap) return static_cast<double>(kDefaultBootstrap);
  const Result<double> n = ParseNumber(*bootstrap);
  return n.ok() && *n >= 0 ? std::floor(*n) : static_cast<double>(kDefaultBootstrap);
}

}  // namespace

std::size_t CountDataRows(std::string_view bytes, InputKind kind) {
  const bool csv = kind != InputKind::kJsonLines;
  std::size_t records = 0;
  bool quoted = false, blank = true;
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    const char c = bytes[i];
    if (csv && c == '"') quoted = !quoted;  // a doubled quote toggles twice
    const bool end = !quoted && (c == '\n' || c == '\r');
    if (!end) {
      blank = blank && (c == ' ' || c == '\t');
      continue;
    }
    if (c == '\r' && i + 1 < bytes.size() && bytes[i + 1] == '\n') ++i;
    if (!blank) ++records;
    blank = true;
  }
  if (!blank) ++records;  // the last record, without a line end
  return csv && records > 0 ? records - 1 : records;
}

Status CheckSamples(const UncertaintyRequest& uncertainty) {
  return CheckAtMost("samples", uncertainty.samples, kApiMaxSamples);
}

Status CheckRepeats(std::size_t count, const std::string& what) {
  if (count <= kApiMaxRepeats) return Status::Ok();
  return Status::InvalidArgument(std::to_string(count) + " " + what +
                                 " are over the web API's limit of " +
                                 std::to_string(kApiMaxRepeats) + " " + kCheap);
}

Status CheckTrendWork(const std::optional<InputFile>& data,
                      const std::optional<std::string>& bootstrap, const ApiOptions& options) {
  TF_RETURN_IF_ERROR(CheckAtMost("bootstrap", bootstrap, kApiMaxBootstrap));
  if (!data) return Status::Ok();  // the bundled points
  std::string storage;
  const Result<std::string_view> text = data->TextView(storage);
  if (!text.ok()) return Status::Ok();  // the command reports it
  const double resamples = Resamples(bootstrap);
  const double max_rows =
      std::max(1.0, std::floor(options.max_trend_work / std::max(1.0, resamples)));
  const double rows = static_cast<double>(CountDataRows(*text, InputKind::kCsv));
  if (rows <= max_rows) return Status::Ok();
  return Status::InvalidArgument(
      "'" + Abbreviate(data->name()) + "' has " + Thousands(rows) + " rows; with " +
      Thousands(resamples) + " bootstrap resamples the web API fits at most " +
      Thousands(max_rows) + " (rows x resamples at most " + Thousands(max_rows * resamples) +
      ", to keep a request cheap; ask for fewer `bootstrap` resamples, or use the command line)");
}

Status CheckUploadCost(const std::string& name, std::string_view bytes, InputKind kind,
                       std::int64_t max_onnx_nodes) {
  // By its name or, whatever the name, by its bytes, as `estimate` tells an
  // ONNX graph from a spec (DetectModelFileKind).
  if (kind != InputKind::kOnnx &&
      DetectModelFileKind(InputFile::View(name, bytes)) != ModelFileKind::kOnnx) {
    return Status::Ok();
  }
  const Result<int64_t> nodes = CountOnnxNodes(MemoryByteSource(bytes));
  if (!nodes.ok() || *nodes <= max_onnx_nodes) return Status::Ok();
  return Status::InvalidArgument(
      "'" + Abbreviate(name) + "' holds " + Thousands(static_cast<double>(*nodes)) +
      " nodes, or items costing as much memory (4 KiB a node), over the web API's limit of " +
      Thousands(static_cast<double>(max_onnx_nodes)) +
      " (a request must stay cheap; the command line analyses graphs of any size)");
}

Status CheckBatchUpload(const std::string& name, std::string_view bytes, InputKind kind,
                        std::size_t max_rows) {
  TF_RETURN_IF_ERROR(CheckInputSize(bytes.size(), kind, name));
  const std::size_t rows = CountDataRows(bytes, kind);
  if (rows <= max_rows) return Status::Ok();
  return Status::InvalidArgument(
      "'" + Abbreviate(name) + "' has " + Thousands(static_cast<double>(rows)) +
      " rows; the web API estimates at most " + Thousands(static_cast<double>(max_rows)) +
      " (to keep a request and its answer small; `trainflops batch` takes any number)");
}

}  // namespace trainflops::web
