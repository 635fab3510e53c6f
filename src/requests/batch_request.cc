// Run(BatchRequest): the options, then the rows streamed through the batch
// engine.
#include "trainflops/batch_request.h"

#include <charconv>

#include "core/text.h"
#include "trainflops/units.h"

namespace trainflops {
namespace {

Result<BatchOptions> OptionsFrom(const BatchRequest& r) {
  BatchOptions o;
  o.source = r.data.name();
  // Keys named in columns must exist in the file; the defaults may be absent.
  for (const std::string& spec : r.columns) {
    TF_RETURN_IF_ERROR(ApplyColumnMapping(spec, o.columns, &o.required_keys));
  }
  if (const auto& s = r.samples) {
    Result<double> n = ParseNumber(*s);
    if (!n.ok() || *n < 1 || *n > 1e6 || static_cast<double>(static_cast<long>(*n)) != *n) {
      return Status::InvalidArgument("`samples` '" + *s +
                                     "' is not accepted (accepted: a whole number from 1 to "
                                     "1000000)");
    }
    o.samples = static_cast<std::size_t>(*n);
  }
  if (const auto& s = r.rules_off) TF_RETURN_IF_ERROR(ParseRulesOff(*s, o.rules_off));
  if (const auto& s = r.seed) {
    const auto [end, ec] = std::from_chars(s->data(), s->data() + s->size(), o.seed);
    if (ec != std::errc() || end != s->data() + s->size()) {
      return Status::InvalidArgument("`seed` '" + *s +
                                     "' is not accepted (accepted: a whole number from 0 to " +
                                     std::to_string(UINT64_MAX) + ")");
    }
  }
  return o;
}

Result<bool> IsJsonLines(const BatchRequest& r) {
  if (r.format) {
    const std::string format = ToLower(*r.format);
    if (format == "csv") return false;
    if (format == "jsonl" || format == "json" || format == "ndjson") return true;
    return Status::InvalidArgument("`format` '" + *r.format +
                                   "' is not accepted (accepted: csv, jsonl)");
  }
  const std::string lower = ToLower(r.data.name());
  return lower.ends_with(".jsonl") || lower.ends_with(".ndjson");
}

}  // namespace

Result<BatchSummary> Run(const BatchRequest& request, const LineSink& sink) {
  TF_ASSIGN_OR_RETURN(const BatchOptions options, OptionsFrom(request));
  TF_ASSIGN_OR_RETURN(const bool jsonl, IsJsonLines(request));
  std::string storage;
  TF_ASSIGN_OR_RETURN(const std::string_view text, request.data.TextView(storage));
  return jsonl ? RunBatchJsonLines(text, options, sink) : RunBatchCsv(text, options, sink);
}

}  // namespace trainflops
