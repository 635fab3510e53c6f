// The web API as a pure function: one HTTP request in, one response out, no
// sockets and no file access (server.h adapts it to cpp-httplib).
//
//   GET  /, /app.js, /style.css   the page (src/web/assets)
//   GET  /api                     the endpoints, as JSON
//   GET|POST /api/COMMAND         the fields and words of request_args.h
//                                 set on the command's typed library
//                                 request field by field (web_commands.h:
//                                 estimate, layer, hardware, compare, chips,
//                                 tokens, thresholds, units, trend) and run;
//                                 200 with the result's JSON (as `trainflops
//                                 COMMAND --json` prints it), or 400
//                                 {"error": one line naming the field}
//   POST /api/batch               a dataset of models (CSV, or JSON lines)
//                                 estimated row by row (batch_endpoint.h)
//
// Every response to /api/COMMAND carries X-Trainflops-Command, the request's
// fields and words as a command line. Unknown paths get 404 with a
// did-you-mean, a wrong method 405 with Allow, a body over `max_body` 413, a
// Host not in `allowed_hosts` 403 (DNS rebinding: a web page in the user's
// browser must not reach the server under another name), and a request a
// browser marks as sent by another site 403 too (an Origin that is not the
// server's own, or Sec-Fetch-Site other than same-origin or none).
// docs/web.md is the reference.
#ifndef TRAINFLOPS_SRC_WEB_API_H_
#define TRAINFLOPS_SRC_WEB_API_H_

#include <cstddef>
#include <string>
#include <vector>

#include "http.h"

namespace trainflops::web {

inline constexpr size_t kDefaultMaxBody = size_t{64} << 20;  // 64 MiB
// The most work one request may ask for, below the command line's limits: a
// request runs on the server's threads, and any program on this machine can
// send one. 1e6 Monte Carlo samples take about 0.1 s and 8 MB; the command
// line allows 1e8 (9 s, 790 MB).
inline constexpr double kApiMaxSamples = 1e6;
inline constexpr double kApiMaxBootstrap = 1e4;
// An uploaded ONNX graph is analysed only up to this many nodes (subgraphs
// included). A 50,000-node graph takes about 2 s and 220 MB for the JSON
// answer (docs/web.md), while one at the 64 MiB body limit could hold 1.8
// million nodes. Real exports hold far fewer: a 32-layer decoder, a few
// thousand.
inline constexpr int64_t kApiMaxOnnxNodes = 50'000;
// A trend fit's work: data rows x bootstrap resamples (each resample refits
// every point). 25,000 points x 2,000 resamples take about 2 s and 40 MB.
inline constexpr double kApiMaxTrendWork = 5e7;
// Hardware phases (--chip) and training stages (--stage) per request: each is
// an estimate of its own, with up to kApiMaxSamples Monte Carlo samples (32
// phases x 1e6 samples take about 1.5 s). Real runs have a handful.
inline constexpr size_t kApiMaxRepeats = 32;
// Rows of a dataset sent to /api/batch (records, not lines: a quoted note
// may span lines): each row is estimated and answered as a JSON object with
// its note, about 0.8 KB. The bundled development file (2,858 lines, 477
// rows) takes 0.15 s and answers 365 KB; 20,000 rows would answer about
// 16 MB, which the page still shows.
inline constexpr size_t kApiMaxBatchRows = 20'000;

struct ApiOptions {
  size_t max_body = kDefaultMaxBody;
  int64_t max_onnx_nodes = kApiMaxOnnxNodes;
  double max_trend_work = kApiMaxTrendWork;
  size_t max_batch_rows = kApiMaxBatchRows;
  // Accepted Host header names, without port ("127.0.0.1", "localhost");
  // empty accepts any. A request without Host (HTTP/1.0) is accepted.
  std::vector<std::string> allowed_hosts;
};

HttpResponse Handle(const HttpRequest& request, const ApiOptions& options = {});

// The paths the API serves, for listings and did-you-mean.
std::vector<std::string> EndpointPaths();

// {"error": message} with `status`, as every failure is reported.
HttpResponse JsonError(int status, const std::string& message);

}  // namespace trainflops::web

#endif  // TRAINFLOPS_SRC_WEB_API_H_
