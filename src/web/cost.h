// The web API's limits on the work of one request (the constants in api.h):
// a request runs on the server's threads, and any program on this machine can
// send one, so what the command line allows is capped lower here. The limits
// are checked on the typed library request, once the web's fields are set
// on it, whatever words or JSON spelled them.
#ifndef TRAINFLOPS_SRC_WEB_COST_H_
#define TRAINFLOPS_SRC_WEB_COST_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "api.h"
#include "trainflops/input_limits.h"
#include "trainflops/request.h"
#include "trainflops/status.h"

namespace trainflops::web {

// Data rows as the readers see them: CSV records after the header (a quoted
// field may span lines, RFC 4180), or the lines of JSON lines; blank lines
// are not rows. A malformed file is counted as far as it goes: the reader
// reports it with its own message.
std::size_t CountDataRows(std::string_view bytes, InputKind kind);

// The request's Monte Carlo samples ("`samples`"): over kApiMaxSamples is
// refused. A value the library itself refuses is left to its own message.
Status CheckSamples(const UncertaintyRequest& uncertainty);
// `count` estimates of their own in one request (hardware phases, training
// stages), each with its own samples: over kApiMaxRepeats is refused.
Status CheckRepeats(std::size_t count, const std::string& what);
// A trend fit: its `bootstrap` resamples, and its data's rows x resamples
// against `options.max_trend_work` (each resample refits every row).
Status CheckTrendWork(const std::optional<InputFile>& data,
                      const std::optional<std::string>& bootstrap, const ApiOptions& options);

// The limits that apply to a typed request, found by its members: every
// request with Monte Carlo options has its samples capped, hardware runs
// their phases, language-model trainings their stages, trends their work.
template <typename R>
Status CheckRequestCost(const R& r, const ApiOptions& options) {
  if constexpr (requires { r.uncertainty.samples; })
    TF_RETURN_IF_ERROR(CheckSamples(r.uncertainty));
  if constexpr (requires { r.llm.uncertainty; }) {
    TF_RETURN_IF_ERROR(CheckSamples(r.llm.uncertainty));
    TF_RETURN_IF_ERROR(CheckRepeats(r.llm.stages.size(), "training stages (`stages`)"));
  }
  if constexpr (requires { r.phases.size(); }) {
    TF_RETURN_IF_ERROR(CheckRepeats(r.phases.size(), "phases (--chip)"));
  }
  if constexpr (requires { r.hardware.phases; })
    TF_RETURN_IF_ERROR(CheckRequestCost(r.hardware, options));
  if constexpr (requires {
                  r.bootstrap;
                  r.data;
                }) {
    TF_RETURN_IF_ERROR(CheckTrendWork(r.data, r.bootstrap, options));
  }
  return Status::Ok();
}

// An upload `name` opened as `kind`: an ONNX graph over `max_onnx_nodes` is
// refused with both figures. A malformed file passes: the command reports
// it with its own message.
Status CheckUploadCost(const std::string& name, std::string_view bytes, InputKind kind,
                       std::int64_t max_onnx_nodes);

// A dataset sent to /api/batch: refused, with the figure and the limit, when
// it is over its kind's size cap (CheckInputSize) or holds more than
// `max_rows` rows (each is estimated and answered).
Status CheckBatchUpload(const std::string& name, std::string_view bytes, InputKind kind,
                        std::size_t max_rows);

}  // namespace trainflops::web

#endif  // TRAINFLOPS_SRC_WEB_COST_H_
