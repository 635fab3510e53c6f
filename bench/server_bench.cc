// Requests per second of the web API (a performance target: docs/reliability.md): the real server
// over localhost with one keep-alive client, for a cheap endpoint (/api/units) and for a Method 1
// estimate of an uploaded spec (/api/estimate); and the pure handler without sockets, to separate
// the HTTP cost from the command's. Run: build/bench/bin/trainflops_bench --benchmark_filter=Server
#include <benchmark/benchmark.h>
#include <httplib.h>

#include <cstdlib>
#include <string>

#include "api.h"
#include "server.h"

namespace {

using trainflops::web::HttpRequest;

// VGG-16's convolution stack in spec form: a Method 1 estimate of realistic
// size (16 layers with shapes, costs and the report).
std::string Vgg16Spec() {
  std::string text = "name: vgg16\ninput: [224, 224, 3]\nlayers:\n";
  const int blocks[5][2] = {{2, 64}, {2, 128}, {3, 256}, {3, 512}, {3, 512}};
  for (const auto& [convs, filters] : blocks) {
    for (int i = 0; i < convs; ++i) {
      text +=
          "  - {type: conv2d, filters: " + std::to_string(filters) + ", kernel: 3, padding: 1}\n";
      text += "  - {type: relu}\n";
    }
    text += "  - {type: maxpool2d, kernel: 2}\n";
  }
  text += "  - {type: flatten}\n  - {type: dense, units: 4096}\n  - {type: dense, units: 4096}\n";
  return text + "  - {type: dense, units: 1000}\ntraining: {epochs: 74, examples: 1.2M}\n";
}

// The server on a free port for the whole benchmark run.
trainflops::web::BackgroundServer& Shared() {
  static trainflops::web::BackgroundServer server([] {
    trainflops::web::ServerOptions o;
    o.port = 0;
    return o;
  }());
  if (!server.status().ok()) std::abort();
  return server;
}

void BM_ServerUnits(benchmark::State& state) {
  httplib::Client client("127.0.0.1", Shared().port());
  client.set_keep_alive(true);
  client.set_tcp_nodelay(true);
  for (auto _ : state) {
    httplib::Result r = client.Get("/api/units?arg=22%20pfs-days");
    if (!r || r->status != 200) state.SkipWithError("request failed");
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}
BENCHMARK(BM_ServerUnits)->UseRealTime();

void BM_ServerEstimate(benchmark::State& state) {
  httplib::Client client("127.0.0.1", Shared().port());
  client.set_keep_alive(true);
  client.set_tcp_nodelay(true);
  const std::string spec = Vgg16Spec();
  for (auto _ : state) {
    httplib::Result r = client.Post("/api/estimate?file=vgg16.yaml", spec, "text/yaml");
    if (!r || r->status != 200) state.SkipWithError("request failed");
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}
BENCHMARK(BM_ServerEstimate)->UseRealTime();

void HandlerLoop(benchmark::State& state, const HttpRequest& request) {
  for (auto _ : state) {
    const trainflops::web::HttpResponse r = trainflops::web::Handle(request);
    if (r.status != 200) state.SkipWithError("request failed");
    benchmark::DoNotOptimize(r.body.data());
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}

void BM_HandlerUnits(benchmark::State& state) {
  HandlerLoop(state, {"GET", "/api/units", "arg=22%20pfs-days", "", "", "", "", "", {}});
}
BENCHMARK(BM_HandlerUnits);

void BM_HandlerEstimate(benchmark::State& state) {
  HandlerLoop(
      state,
      {"POST", "/api/estimate", "file=vgg16.yaml", "text/yaml", "", Vgg16Spec(), "", "", {}});
}
BENCHMARK(BM_HandlerEstimate);

}  // namespace
