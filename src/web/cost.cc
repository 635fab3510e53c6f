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

// The value of `option` among the words, as "--samples N" or "--samples=N".
std::vector<std::string> OptionValues(const std::vector<std::string>& words,
                                      const std::string& option) {
  std::vector<std::string> values;
  for (size_t i = 0; i < words.size(); ++i) {
    if (words[i] == option && i + 1 < words.size()) values.push_back(words[i + 1]);
    if (words[i].rfind(option + "=", 0) == 0) values.push_back(words[i].substr(option.size() + 1));
  }
  return values;
}

// Lines as the CSV reader ends them: at "\n", "\r\n" or a lone "\r".
size_t CountLines(std::string_view bytes) {
  size_t lines = 0;
  for (size_t i = 0; i < bytes.size(); ++i) {
    if (bytes[i] == '\n' || (bytes[i] == '\r' && (i + 1 == bytes.size() || bytes[i + 1] != '\n'))) {
      ++lines;
    }
  }
  return lines;
}

}  // namespace

Status CheckCost(const std::vector<std::string>& words) {
  static const std::pair<const char*, double> kLimits[] = {{"--samples", kApiMaxSamples},
                                                           {"--bootstrap", kApiMaxBootstrap}};
  // Each hardware phase and each training stage is an estimate of its own
  // (with its own Monte Carlo samples).
  static const std::pair<std::vector<const char*>, const char*> kRepeats[] = {
      {{"--chip"}, "phases (--chip)"}, {{"--stage", "--stages"}, "training stages (--stage)"}};
  for (const auto& [options, what] : kRepeats) {
    size_t n = 0;
    for (const char* option : options) n += OptionValues(words, option).size();
    if (n > kApiMaxRepeats) {
      return Status::InvalidArgument(std::to_string(n) + " " + what +
                                     " are over the web API's limit of " +
                                     std::to_string(kApiMaxRepeats) +
                                     " (a request must stay cheap; the command line accepts more)");
    }
  }
  for (const auto& [option, limit] : kLimits) {
    for (const std::string& value : OptionValues(words, option)) {
      const Result<double> n = ParseNumber(value);
      if (n.ok() && *n > limit) {
        return Status::InvalidArgument(std::string(option) + ": '" + Abbreviate(value) +
                                       "' is over the web API's limit of " +
                                       WithThousands(static_cast<std::uint64_t>(limit)) +
                                       " (a request must stay cheap; the command line accepts "
                                       "more)");
      }
    }
  }
  return Status::Ok();
}

UploadLimits LimitsFor(const std::string& command, const std::vector<std::string>& words,
                       const ApiOptions& options) {
  UploadLimits limits;
  limits.max_onnx_nodes = options.max_onnx_nodes;
  if (command == "trend") {
    limits.resamples = static_cast<double>(kDefaultBootstrap);
    for (const std::string& value : OptionValues(words, "--bootstrap")) {
      const Result<double> n = ParseNumber(value);
      if (n.ok() && *n >= 1) limits.resamples = std::floor(*n);
    }
    limits.max_csv_rows = std::max(1.0, std::floor(options.max_trend_work / limits.resamples));
  }
  return limits;
}

Status CheckUploadCost(const std::string& name, std::string_view bytes, InputKind kind,
                       const UploadLimits& limits) {
  // By its name or, whatever the name, by its bytes, as `estimate` tells an
  // ONNX graph from a spec (DetectModelFileKind).
  if (kind == InputKind::kOnnx ||
      DetectModelFileKind(InputFile::View(name, bytes)) == ModelFileKind::kOnnx) {
    const Result<int64_t> nodes = CountOnnxNodes(MemoryByteSource(bytes));
    if (nodes.ok() && *nodes > limits.max_onnx_nodes) {
      return Status::InvalidArgument(
          "'" + Abbreviate(name) + "' holds " + Thousands(static_cast<double>(*nodes)) +
          " nodes, or items costing as much memory (4 KiB a node), over the web API's limit of " +
          Thousands(static_cast<double>(limits.max_onnx_nodes)) +
          " (a request must stay cheap; the command line analyses graphs of any size)");
    }
  }
  const bool rows_of_data = kind == InputKind::kCsv || kind == InputKind::kJsonLines;
  if (rows_of_data && limits.max_csv_rows > 0) {
    const double rows = static_cast<double>(CountLines(bytes));
    if (rows > limits.max_csv_rows) {
      return Status::InvalidArgument(
          "'" + Abbreviate(name) + "' has " + Thousands(rows) + " lines; with " +
          Thousands(limits.resamples) + " bootstrap resamples the web API fits at most " +
          Thousands(limits.max_csv_rows) + " (lines x resamples at most " +
          Thousands(limits.max_csv_rows * limits.resamples) +
          ", to keep a request cheap; pass a smaller --bootstrap, or use the command line)");
    }
  }
  return Status::Ok();
}

Status CheckBatchUpload(const std::string& name, std::string_view bytes, InputKind kind,
                        size_t max_rows) {
  TF_RETURN_IF_ERROR(CheckInputSize(bytes.size(), kind, name));
  const size_t lines = CountLines(bytes);
  if (lines <= max_rows) return Status::Ok();
  return Status::InvalidArgument(
      "'" + Abbreviate(name) + "' has " + Thousands(static_cast<double>(lines)) +
      " lines; the web API estimates at most " + Thousands(static_cast<double>(max_rows)) +
      " (to keep a request and its answer small; `trainflops batch` takes any number)");
}

}  // namespace trainflops::web
