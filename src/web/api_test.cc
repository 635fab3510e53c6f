// The web API without sockets: routing, status codes, content types, the
// error messages (the command line's own), and results checked against
// independent arithmetic.
#include "api.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <thread>

#include "../onnx/testing/onnx_writer.h"
#include "cost.h"
#include "request_args.h"
#include "trainflops/batch.h"
#include "trainflops/evidence_request.h"
#include "trainflops/hardware_request.h"
#include "trainflops/ledger_request.h"
#include "trainflops/trend_request.h"

namespace trainflops::web {
namespace {

using nlohmann::json;

HttpRequest Request(std::string method, std::string path, std::string query = "",
                    std::string content_type = "", std::string body = "") {
  HttpRequest r;
  r.method = std::move(method);
  r.path = std::move(path);
  r.query = std::move(query);
  r.content_type = std::move(content_type);
  r.body = std::move(body);
  return r;
}

std::string Header(const HttpResponse& r, const std::string& name) {
  for (const auto& [key, value] : r.headers) {
    if (key == name) return value;
  }
  return "";
}

bool Has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

json JsonOf(const HttpResponse& r) {
  EXPECT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.content_type, "application/json");
  return r.status == 200 ? json::parse(r.body) : json::object();
}

std::string ReadSource(const std::string& relative) {
  std::ifstream in(std::string(TRAINFLOPS_SOURCE_DIR) + "/" + relative, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

struct RouteCase {
  const char* method;
  const char* path;
  const char* query;
  int status;
  const char* content_type;  // prefix
  const char* body_part;
};

TEST(WebApi, RoutesStatusesAndContentTypes) {
  const RouteCase cases[] = {
      {"GET", "/", "", 200, "text/html", "<title>trainflops</title>"},
      {"HEAD", "/", "", 200, "text/html", "<title>trainflops</title>"},
      {"GET", "/index.html", "", 200, "text/html", "<script src=\"/app.js\""},
      {"GET", "/app.js", "", 200, "text/javascript", "X-Trainflops-Command"},
      {"GET", "/style.css", "", 200, "text/css", "font-family"},
      {"GET", "/view.js", "", 200, "text/javascript", "function layerShares"},
      {"GET", "/charts.js", "", 200, "text/javascript", "function trendChart"},
      {"GET", "/share.js", "", 200, "text/javascript", "function downloads"},
      {"GET", "/favicon.svg", "", 200, "image/svg+xml", "<svg"},
      {"GET", "/api", "", 200, "application/json", "\"/api/hardware\""},
      {"POST", "/", "", 405, "application/json",
       "method 'POST' is not allowed on / (accepted: GET, HEAD)"},
      {"DELETE", "/api/units", "", 405, "application/json", "(accepted: GET, HEAD, POST)"},
      {"GET", "/api/estimat", "", 404, "application/json",
       "no endpoint '/api/estimat'; did you mean '/api/estimate'?"},
      {"GET", "/favicon.ico", "", 404, "application/json", "(endpoints: /, /index.html, /app.js"},
      // batch is an endpoint of its own (batch_endpoint.h), for POST only;
      // serve is the server itself.
      {"POST", "/api/batch", "", 400, "application/json", "the request body is empty"},
      {"GET", "/api/batch", "", 405, "application/json", "(accepted: POST)"},
      {"GET", "/api/serve", "", 404, "application/json", "no endpoint"},
      {"GET", "/api/hardware", "help", 200, "text/plain",
       "flags (alone, or =true / =false): --energy"},
      {"GET", "/api/units", "arg=1e20&text", 200, "text/plain", "1e20 FLOP"},
      {"GET", "/api/layer", "list", 200, "text/plain", "conv2d"},  // --list ignores --json
  };
  for (const RouteCase& c : cases) {
    const HttpResponse r = Handle(Request(c.method, c.path, c.query));
    EXPECT_EQ(r.status, c.status) << c.method << " " << c.path << "\n" << r.body;
    EXPECT_EQ(r.content_type.rfind(c.content_type, 0), 0u) << c.path << ": " << r.content_type;
    EXPECT_TRUE(Has(r.body, c.body_part)) << c.method << " " << c.path << "\n" << r.body;
    EXPECT_EQ(Header(r, "X-Content-Type-Options"), "nosniff");
  }
  EXPECT_EQ(Header(Handle(Request("PUT", "/api/hardware")), "Allow"), "GET, HEAD, POST");
}

// Every link of the page is served: the guides it names answered 404 before
// they were served (the page links /docs/*.md), and so would the data it loads.
TEST(WebPage, EveryLinkAndDataFileOfThePageIsServed) {
  const std::string page = ReadSource("src/web/assets/index.html");
  std::vector<std::string> paths;
  for (size_t at = 0; (at = page.find("href=\"/", at)) != std::string::npos;) {
    at += 6;
    paths.push_back(page.substr(at, page.find('"', at) - at));
  }
  EXPECT_GE(paths.size(), 5u);  // style, icon, /api and the guides
  paths.push_back("/presets.json");
  paths.push_back("/data/epoch_notable_models_dev.csv");
  for (const std::string& path : paths) {
    EXPECT_EQ(Handle(Request("GET", path)).status, 200) << path;
  }
  EXPECT_EQ(Handle(Request("GET", "/docs/spec-format.md")).body, ReadSource("docs/spec-format.md"));
  const HttpResponse record = Handle(Request("GET", "/data/epoch_notable_models_dev.csv"));
  EXPECT_EQ(record.content_type.rfind("text/csv", 0), 0u);
  EXPECT_EQ(record.body, ReadSource("data/epoch_notable_models_dev.csv"));
  const json presets = json::parse(Handle(Request("GET", "/presets.json")).body);
  for (const char* kind : {"models", "clusters"}) {
    for (const json& row : presets[kind]) {
      EXPECT_FALSE(row.value("source", "").empty()) << row.dump();
    }
  }
}

// The page draws a chart's SVG onto a canvas for its PNG: blob: images only.
TEST(WebPage, PolicyAdmitsOnlyItsOwnScriptAndBlobImages) {
  EXPECT_EQ(Header(Handle(Request("GET", "/")), "Content-Security-Policy"),
            "default-src 'self'; img-src 'self' blob:");
}

TEST(WebApi, HardwareMatchesHandArithmeticAndNamesTheCommand) {
  const HttpResponse r =
      Handle(Request("GET", "/api/hardware", "chip=V100&count=8&time=5%20days&utilization=0.33"));
  const json j = JsonOf(r);
  // V100 SXM2 FP32 peak 15.7 TFLOPS (NVIDIA V100 datasheet); FP32 is the
  // the rule of Sevilla et al. 2022 without --industry: 8 x 5 x 86400 s x 1.57e13 x 0.33.
  EXPECT_DOUBLE_EQ(j["training_flop"].get<double>(), 8 * 5 * 86400.0 * 1.57e13 * 0.33);
  EXPECT_EQ(j["method"], "method2_hardware");
  EXPECT_FALSE(j["formula"].empty());
  EXPECT_FALSE(j["assumptions"].empty());
  EXPECT_EQ(Header(r, "X-Trainflops-Command"),
            "trainflops hardware --chip=V100 --count=8 '--time=5 days' --utilization=0.33 --json");
}

// The hardware table's `thresholds` row is a field of the API too: 4,096
// A100 (BF16 dense 3.12e14 FLOP/s, datasheet) x 227 days x 86,400 s x 0.4 =
// 1.002568679424e25 FLOP, over the EU AI Act's 1e25 (Art. 51(2)).
TEST(WebApi, HardwareChecksTheThresholdsWhenAsked) {
  const std::string run = "chip=A100&count=4096&time=227%20days&precision=bf16&utilization=0.4";
  EXPECT_FALSE(JsonOf(Handle(Request("GET", "/api/hardware", run))).contains("thresholds"));
  const json j = JsonOf(Handle(Request("GET", "/api/hardware", run + "&thresholds")));
  ASSERT_TRUE(j["thresholds"].is_array()) << j.dump();
  EXPECT_EQ(j["thresholds"][0]["id"], "eu_ai_act_art51");
  EXPECT_EQ(j["thresholds"][0]["exceeds"], "yes");
  EXPECT_NEAR(j["thresholds"][0]["ratio"].get<double>(), 1.002568679424, 1e-12);
}

TEST(WebApi, EnvelopeRunsTokensAndCompare) {
  // Chinchilla (Hoffmann et al. 2022): 6 x 70e9 x 1.4e12 = 5.88e23 FLOP.
  json j = JsonOf(Handle(Request("POST", "/api/tokens", "", "application/json",
                                 R"({"options": {"params": "70B", "tokens": "1.4T"}})")));
  EXPECT_DOUBLE_EQ(j["training_flop"].get<double>(), 6 * 70e9 * 1.4e12);
  // Method 1 given as exactly the Method 2 figure above: the ratio is 1.
  j = JsonOf(Handle(Request("POST", "/api/compare", "", "application/json",
                            R"({"args": ["--method1-flop", "1.7905536e19", "--chip", "V100",
                                         "--count", "8", "--time", "5 days",
                                         "--utilization", "0.33"]})")));
  EXPECT_NEAR(j["ratio_method1_over_method2"].get<double>(), 1.0, 1e-12);
  // cite=false is no citation; cite alone is one.
  EXPECT_FALSE(JsonOf(Handle(Request("GET", "/api/tokens", "params=70B&tokens=1T&cite=false")))
                   .contains("citation"));
  EXPECT_TRUE(JsonOf(Handle(Request("GET", "/api/tokens", "params=70B&tokens=1T&cite")))
                  .contains("citation"));
  // A positional field given by name takes no word: the words are the
  // dimensions. Dense 100 -> 10 (Sevilla et al. 2022, Table 1): 100·10 + 10
  // = 1010 parameters.
  j = JsonOf(Handle(Request("GET", "/api/layer", "type=dense&arg=n=100&arg=units=10")));
  EXPECT_DOUBLE_EQ(j["params"].get<double>(), 1010);
}

TEST(WebApi, UnitsAndThresholds) {
  // 1 pfs-day = 1e15 FLOP/s x 86,400 s; 1 multiply-add = 2 FLOP.
  json j = JsonOf(Handle(Request("GET", "/api/units", "arg=22%20pfs-days")));
  EXPECT_DOUBLE_EQ(j["flop"].get<double>(), 22 * 8.64e19);
  EXPECT_DOUBLE_EQ(j["multiply_adds"].get<double>(), 22 * 8.64e19 / 2);
  EXPECT_DOUBLE_EQ(j["pfs_days"].get<double>(), 22);
  // EU AI Act Art. 51(2): "greater than 10^25".
  j = JsonOf(Handle(Request("GET", "/api/thresholds", "arg=2e25")));
  bool found = false;
  for (const json& t : j["thresholds"]) {
    if (t["id"] != "eu_ai_act_art51") continue;
    found = true;
    EXPECT_EQ(t["exceeds"], "yes");
    EXPECT_DOUBLE_EQ(t["ratio"].get<double>(), 2);
  }
  EXPECT_TRUE(found);
}

constexpr char kDenseSpec[] =
    "name: one-dense\ninput: [100]\nlayers:\n  - {type: dense, name: fc, units: 10}\n"
    "training: {epochs: 2, examples: 1000}\n";

TEST(WebApi, EstimateOnUploadedSpecText) {
  // Sevilla et al. 2022, Table 1, dense N->M exact: 2·N·M + M + M = 2000 + 20 = 2020
  // FLOP forward; x (1 + 2) x 2 epochs x 1000 examples = 1.212e7.
  const HttpResponse r = Handle(Request("POST", "/api/estimate", "", "text/yaml", kDenseSpec));
  const json j = JsonOf(r);
  EXPECT_EQ(j["params"].get<double>(), 100 * 10 + 10);
  EXPECT_DOUBLE_EQ(j["training_flop"].get<double>(), 2020.0 * 3 * 2 * 1000);
  EXPECT_EQ(Header(r, "X-Trainflops-Command"), "trainflops estimate model.yaml --json");
  // Options from the query override the spec's training section.
  const json k =
      JsonOf(Handle(Request("POST", "/api/estimate", "epochs=5&file=d.yaml", "", kDenseSpec)));
  EXPECT_DOUBLE_EQ(k["training_flop"].get<double>(), 2020.0 * 3 * 5 * 1000);
}

// A positional field given as a field is a word of the equivalent command
// line, as the command line takes it: `estimate d.yaml`, never `--model`.
TEST(WebApi, APositionalFieldIsAWordOfTheCommandLine) {
  const HttpResponse r =
      Handle(Request("POST", "/api/estimate", "model=d.yaml&file=d.yaml&epochs=5", "", kDenseSpec));
  EXPECT_DOUBLE_EQ(JsonOf(r)["training_flop"].get<double>(), 2020.0 * 3 * 5 * 1000);
  EXPECT_EQ(Header(r, "X-Trainflops-Command"), "trainflops estimate d.yaml --epochs=5 --json");
}

// Messages name a field as the command's own command line does: `dims` is
// estimate's option --dim, but layer's KEY=VALUE words.
TEST(WebApi, MessagesNameFieldsAsTheirCommandDoes) {
  const HttpResponse estimate =
      Handle(Request("POST", "/api/estimate", "dim=batch=1", "", kDenseSpec));
  EXPECT_EQ(estimate.status, 400);
  EXPECT_NE(json::parse(estimate.body)["error"].get<std::string>().find(
                "--dim, --examples-per-run and --strict apply to ONNX graphs"),
            std::string::npos)
      << estimate.body;
  const HttpResponse layer = Handle(Request("POST", "/api/layer", "", "application/json",
                                            R"({"options": {"type": "dense", "dims": ["h224"]}})"));
  EXPECT_EQ(layer.status, 400);
  const std::string message = json::parse(layer.body)["error"].get<std::string>();
  EXPECT_NE(message.find("dims: 'h224' is not accepted"), std::string::npos) << message;
  EXPECT_EQ(message.find("--dim"), std::string::npos) << message;
}

// The Evidence tab's request reaches the library call the command line and
// Python make (Run(EvidenceFileRequest)), with the same JSON. The figure is
// Epoch AI's arithmetic for Mistral Large: 20e6 EUR / 1.9 EUR per H100-hour
// x 3600 s x 989.5e12 FLOP/s (the table's dense BF16 peak) x 0.30
// = 1.1249e25 FLOP (Epoch: 1.12e25 with 989e12).
TEST(WebApi, EvidenceIsTheLibrarysCall) {
  const std::string file = ReadSource("examples/evidence/mistral_large.yaml");
  const HttpResponse r =
      Handle(Request("POST", "/api/evidence", "seed=7", "application/octet-stream", file));
  const json j = JsonOf(r);
  EXPECT_NEAR(j["combination"]["median"].get<double>() / (20e6 / 1.9 * 3600 * 989.5e12 * 0.30), 1,
              1e-9);
  EvidenceFileRequest direct;
  direct.file = InputFile::Owned("model.yaml", file);
  direct.uncertainty.seed = "7";
  Result<EvidenceReport> report = trainflops::Run(direct);
  ASSERT_TRUE(report.ok()) << report.status().message();
  EXPECT_EQ(j, json::parse(report->Json()));
  // A file that is not evidence: 400 with the file's line and the key.
  const HttpResponse bad = Handle(
      Request("POST", "/api/evidence", "", "application/octet-stream", "model: x\nlines: []\n"));
  EXPECT_EQ(bad.status, 400) << bad.body;
  // The file's own `samples` key is held to the API's limit of 1e6 per line:
  // 100 lines of 1e8 samples would hold a server thread for minutes.
  const HttpResponse heavy = Handle(Request("POST", "/api/evidence", "", "application/octet-stream",
                                            "samples: 2000000\n" + file));
  ASSERT_EQ(heavy.status, 400) << heavy.body;
  EXPECT_TRUE(Has(heavy.body, "'samples' 2000000 is over the limit of 1000000")) << heavy.body;
}

// The Filing tab's request reaches the library call of `trainflops ledger`
// and Python (Run(LedgerFileRequest)), in the three formats. DeepSeek-V3
// (DeepSeek-AI 2024, Table 1): 2.788e6 H800-hours x 3600 s x 9.895e14 FLOP/s
// (the table's dense BF16 peak) x 0.3 = 2.979e24 FLOP, "3.0e24" to two figures.
TEST(WebApi, LedgerIsTheLibrarysCall) {
  const std::string file = ReadSource("examples/ledger/deepseek-v3.yaml");
  const HttpResponse r =
      Handle(Request("POST", "/api/ledger", "seed=7", "application/octet-stream", file));
  const json j = JsonOf(r);
  ASSERT_FALSE(j["regimes"].empty()) << r.body;
  EXPECT_EQ(j["regimes"][0]["id"], "eu_cumulative");
  EXPECT_NEAR(j["regimes"][0]["total_flop"].get<double>() / (2.788e6 * 3600 * 9.895e14 * 0.3), 1,
              1e-9);
  EXPECT_EQ(j["regimes"][0]["total_2sf"], "3.0e24");
  LedgerFileRequest direct;
  direct.file = InputFile::Owned("model.yaml", file);
  direct.uncertainty.seed = "7";
  Result<LedgerReport> report = trainflops::Run(direct);
  ASSERT_TRUE(report.ok()) << report.status().message();
  EXPECT_EQ(j, json::parse(report->Json()));
  EXPECT_EQ(Header(r, "X-Trainflops-Command"), "trainflops ledger model.yaml --seed=7 --json");
  // --format html: the printable statement, as `--format html` writes it.
  const HttpResponse html = Handle(
      Request("POST", "/api/ledger", "seed=7&format=html", "application/octet-stream", file));
  EXPECT_EQ(html.status, 200);
  EXPECT_EQ(html.content_type, "text/html; charset=utf-8");
  EXPECT_EQ(html.body, report->Html());
  // Its inline style applies when opened from the API; no script can run.
  EXPECT_EQ(Header(html, "Content-Security-Policy"),
            "default-src 'none'; style-src 'unsafe-inline'");
  EXPECT_EQ(Header(html, "X-Trainflops-Command"),
            "trainflops ledger model.yaml --seed=7 --format=html");
  const HttpResponse markdown = Handle(
      Request("POST", "/api/ledger", "seed=7&format=markdown", "application/octet-stream", file));
  EXPECT_EQ(markdown.status, 200);
  EXPECT_TRUE(Has(markdown.body, "3.0e24")) << markdown.body;
  // A format the command does not have, and a record with a misspelt kind.
  const HttpResponse pdf =
      Handle(Request("POST", "/api/ledger", "format=pdf", "application/octet-stream", file));
  EXPECT_EQ(pdf.status, 400);
  EXPECT_TRUE(Has(pdf.body, "accepted: markdown, json, html")) << pdf.body;
  const HttpResponse bad = Handle(Request("POST", "/api/ledger", "", "application/octet-stream",
                                          "model: x\nphases:\n  - {kind: sfft, flop: 1e20}\n"));
  EXPECT_EQ(bad.status, 400);
  EXPECT_TRUE(Has(bad.body, "did you mean 'sft'")) << bad.body;
  // --format belongs to the ledger only.
  EXPECT_EQ(Handle(Request("GET", "/api/units", "arg=1e20&format=html")).status, 400);
}

// The Filing tab's example is the bundled record, not a copy that could drift.
TEST(WebPage, FilingExampleIsTheBundledFile) {
  const std::string example = ReadSource("examples/ledger/deepseek-v3.yaml");
  EXPECT_TRUE(Has(ReadSource("src/web/assets/app.js"), "const EXAMPLE_LEDGER = `" + example + "`"));
}

// The page's "Load an example" text is the bundled example, not a copy that
// could drift from it.
TEST(WebPage, EvidenceExampleIsTheBundledFile) {
  const std::string example = ReadSource("examples/evidence/llama4_scout.yaml");
  const std::string document = example.substr(example.find("model:"));
  EXPECT_TRUE(
      Has(ReadSource("src/web/assets/app.js"), "const EXAMPLE_EVIDENCE = `" + document + "`"));
}

TEST(WebApi, EstimateOnUploadedOnnxAndHuggingFaceConfig) {
  // torchvision's documentation: ResNet-18 has 11,689,512 parameters.
  json j = JsonOf(
      Handle(Request("POST", "/api/estimate", "file=resnet18.onnx&examples=1",
                     "application/octet-stream", ReadSource("tests/fixtures/onnx/resnet18.onnx"))));
  EXPECT_EQ(j["params"].get<double>(), 11689512);
  EXPECT_EQ(j["method"], "method1_onnx");
  // Llama 2 7B: 6,738,415,616 parameters (hf_config_test.cc); 6ND with 2T
  // tokens = 8.0860987392e22 (Touvron et al. 2023).
  const json envelope = {
      {"args", {"llama.json", "--tokens", "2T"}},
      {"files",
       {{{"name", "llama.json"}, {"text", ReadSource("tests/fixtures/hf/llama-2-7b.json")}}}}};
  j = JsonOf(Handle(Request("POST", "/api/estimate", "", "application/json", envelope.dump())));
  EXPECT_EQ(j["params"].get<double>(), 6738415616.0);
  EXPECT_NEAR(j["training_flop"].get<double>() / 8.0860987392e22, 1.0, 1e-12);
}

// onnx::testing::UnknownOperatorModel: fc1 counted (2·2·8·4 = 128 FLOP), then
// FooBar (no rule) and the two nodes after it uncounted; `strict` stops at
// the first of those.
TEST(WebApi, StrictStopsAtTheFirstUnknownShape) {
  const std::string onnx = onnx::testing::UnknownOperatorModel();
  const json j = JsonOf(Handle(Request("POST", "/api/estimate", "file=unknown.onnx&examples=1",
                                       "application/octet-stream", onnx)));
  EXPECT_EQ(j["graph_forward_flop"].get<double>(), 128);
  EXPECT_TRUE(j["lower_bound"].get<bool>());
  EXPECT_EQ(j["uncounted_nodes"].size(), 3u);
  const HttpResponse strict =
      Handle(Request("POST", "/api/estimate", "file=unknown.onnx&examples=1&strict=true",
                     "application/octet-stream", onnx));
  ASSERT_EQ(strict.status, 400) << strict.body;
  EXPECT_EQ(json::parse(strict.body)["error"],
            "unknown.onnx: node 'fc2' (MatMul): input 'u': its shape is unknown (it comes from an "
            "operator without a shape rule and the file gives no value_info for it)");
}

// Regression (found while writing the fuzzer): text that is not UTF-8 in an answer,
// here an ONNX producer name and an upload's name, made the JSON printer
// throw: a 500 here, an abort on the command line. It is now replaced (U+FFFD).
TEST(WebApi, TextThatIsNotUtf8StillGivesJson) {
  std::string onnx = ReadSource("tests/fixtures/onnx/alexnet.onnx");
  const size_t producer = onnx.find("pytorch");
  ASSERT_NE(producer, std::string::npos);
  onnx[producer] = '\xff';
  HttpResponse r =
      Handle(Request("POST", "/api/estimate", "examples=1", "application/octet-stream", onnx));
  EXPECT_EQ(r.status, 200) << r.body;
  EXPECT_TRUE(json::accept(r.body));
  r = Handle(Request("POST", "/api/estimate", "file=%FF.json&tokens=1T", "application/octet-stream",
                     ReadSource("tests/fixtures/hf/gpt2.json")));
  EXPECT_EQ(r.status, 200) << r.body;
  EXPECT_TRUE(json::accept(r.body));
  EXPECT_EQ(Header(r, "X-Trainflops-Command"),
            "trainflops estimate $'\\xff.json' --tokens=1T --json");
}

// Words in the hardware command: each --chip starts a phase, phase fields
// before the first apply to every phase. The expected totals come from the
// library's HardwareRequest built directly, not from the web's words.
TEST(WebApi, SeveralChipsArePhasesAndShowNamesOneChip) {
  HardwareRequest direct;
  direct.all_phases.utilization = "0.5";
  direct.phases.resize(2);
  direct.phases[0].chip = "V100";
  direct.phases[0].count = "8";
  direct.phases[0].time = "5d";
  direct.phases[1].chip = "A100";
  direct.phases[1].count = "4";
  direct.phases[1].time = "2d";
  const Result<HardwareResult> expected = trainflops::Run(direct);
  ASSERT_TRUE(expected.ok()) << expected.status().message();
  const json want = json::parse(expected->Json());
  const json got = JsonOf(
      Handle(Request("GET", "/api/hardware",
                     "utilization=0.5&chip=V100&count=8&time=5d&chip=A100&count=4&time=2d")));
  EXPECT_EQ(got["training_flop"], want["training_flop"]);
  // By hand, at the FP32 peaks of the datasheets (no precision given; V100
  // SXM2 15.7 TFLOP/s, A100 SXM4 19.5 TFLOP/s) and utilization 0.5:
  // 8 x 5 d x 86,400 s x 15.7e12 x 0.5 + 4 x 2 d x 86,400 s x 19.5e12 x 0.5
  // = 2.71296e19 + 6.7392e18 = 3.38688e19 FLOP.
  EXPECT_NEAR(got["training_flop"].get<double>(), 3.38688e19, 3.38688e19 * 1e-12);
  EXPECT_EQ(got["chip"], "NVIDIA V100 SXM2 32 GB + NVIDIA A100 SXM4 40 GB");
  // At most 32 phases per request; an error inside a phase names it.
  std::string many;
  for (int i = 0; i < 33; ++i) many += "&chip=V100&count=1&time=1d";
  const HttpResponse over = Handle(Request("GET", "/api/hardware", many.substr(1)));
  EXPECT_EQ(over.status, 400);
  EXPECT_TRUE(Has(over.body, "33 phases (--chip) are over the web API's limit of 32")) << over.body;
  const HttpResponse bad_phase = Handle(Request(
      "GET", "/api/hardware", "chip=V100&count=8&time=1d&chip=A100&count=4&count=5&time=1d"));
  EXPECT_TRUE(Has(bad_phase.body, "phase 2 (--chip 'A100'): --count: expected one value, got 2"))
      << bad_phase.body;
  // chips show NAME: the words "show A100" name one row (the `show` field).
  EXPECT_EQ(JsonOf(Handle(Request("GET", "/api/chips", "arg=show&arg=A100")))["name"],
            "NVIDIA A100 SXM4 40 GB");
}

// A JSON option or a query field reaches its field on the typed request as
// it is, never as a word: column names that begin with "--", hold '=' and
// spaces are read from the CSV as given, and the equivalent command line
// spells each field as its option. Five points a decade apart, one a year
// on 1 January: log10 FLOP rises by exactly 1 per year, so the fitted slope
// is 1, R² is 1 and the doubling time 12 x log10(2) = 3.6124 months; the
// sixth row is left out by `where`.
TEST(WebApi, FieldsReachTheTypedRequestAsGiven) {
  const std::string csv =
      "--when=date,flop total,the lab\n2010-01-01,1e18,a\n2011-01-01,1e19,a\n2012-01-01,1e20,a\n"
      "2013-01-01,1e21,a\n2014-01-01,1e22,a\n2015-01-01,1e30,b\n";
  // ordered_json: the options in this order (json would sort them).
  const nlohmann::ordered_json envelope = {{"options",
                                            {{"data", "p.csv"},
                                             {"date_column", "--when=date"},
                                             {"compute_column", "flop total"},
                                             {"name_column", "--when=date"},
                                             {"where", "the lab=a"},
                                             {"bootstrap", 10}}},
                                           {"files", {{{"name", "p.csv"}, {"text", csv}}}}};
  const HttpResponse r =
      Handle(Request("POST", "/api/trend", "", "application/json", envelope.dump()));
  const json j = JsonOf(r);
  EXPECT_EQ(j["n_points"], 5);
  EXPECT_NEAR(j["slope"].get<double>(), 1, 1e-9);
  EXPECT_NEAR(j["r_squared"].get<double>(), 1, 1e-9);
  EXPECT_NEAR(j["doubling_time_months"].get<double>(), 12 * std::log10(2.0), 1e-6);
  EXPECT_EQ(j["dataset"]["date_column"], "--when=date");
  EXPECT_EQ(j["dataset"]["compute_column"], "flop total");
  // The library's TrendRequest built directly gives the same answer.
  TrendRequest direct;
  direct.data = InputFile::Owned("p.csv", csv);
  direct.date_column = direct.name_column = "--when=date";
  direct.compute_column = "flop total";
  direct.where = {"the lab=a"};
  direct.bootstrap = "10";
  const Result<TrendAnalysis> want = trainflops::Run(direct);
  ASSERT_TRUE(want.ok()) << want.status().message();
  EXPECT_EQ(j, json::parse(want->Json()));
  EXPECT_EQ(Header(r, "X-Trainflops-Command"),
            "trainflops trend --data=p.csv --date-column=--when=date '--compute-column=flop total' "
            "--name-column=--when=date '--where=the lab=a' --bootstrap=10 --json");
  // The same fields from the query ('+' a space, %3D '=').
  const HttpResponse q =
      Handle(Request("POST", "/api/trend",
                     "file=p.csv&data=p.csv&date-column=--when%3Ddate&compute-column=flop+total&"
                     "name-column=--when%3Ddate&where=the+lab%3Da&bootstrap=10",
                     "application/octet-stream", csv));
  EXPECT_EQ(JsonOf(q), j);
  EXPECT_EQ(Header(q, "X-Trainflops-Command"), Header(r, "X-Trainflops-Command"));
  // A repeatable field by its plural. Dense 100 -> 10 (Sevilla et al. 2022,
  // Table 1): 100·10 + 10 = 1010. `type` and `dims` are layer's positional
  // fields: the command line takes them as words (`trainflops layer dense
  // n=100 units=10`; it has no --type or --dim).
  const HttpResponse layer =
      Handle(Request("POST", "/api/layer", "", "application/json",
                     R"({"options": {"type": "dense", "dims": ["n=100", "units=10"]}})"));
  EXPECT_DOUBLE_EQ(JsonOf(layer)["params"].get<double>(), 1010);
  EXPECT_EQ(Header(layer, "X-Trainflops-Command"), "trainflops layer dense n=100 units=10 --json");
}

// A field given alone is a flag; any other field needs a value, and takes
// none from what follows it. As words, "--tokens" took the "--json" the API
// adds, and the option {"model": true} took the next option's word
// "--epochs=3" as the model file.
TEST(WebApi, AFieldAloneTakesNoWordAfterIt) {
  const HttpResponse tokens = Handle(Request("GET", "/api/tokens", "params=70B&tokens"));
  ASSERT_EQ(tokens.status, 400) << tokens.body;
  EXPECT_EQ(json::parse(tokens.body)["error"], "--tokens: needs a value");
  const HttpResponse model = Handle(Request("POST", "/api/estimate", "", "application/json",
                                            R"({"options": {"model": true, "epochs": 3}})"));
  ASSERT_EQ(model.status, 400) << model.body;
  EXPECT_EQ(json::parse(model.body)["error"], "model: needs a value");
}

// A 400 names the field as the web's words spell it, what was wrong and
// what is accepted. The library's message is the same on every front end
// (request_fields_test.cc); only the field names are spelled otherwise.
TEST(WebApi, BadInputGetsAPointedMessage) {
  const std::pair<const char*, const char*> cases[][2] = {
      {{"/api/hardware", "chip=V10O&count=8&time=1d"},
       {"unknown chip 'V10O'; did you mean 'NVIDIA V100", "--peak-flops instead of --chip"}},
      {{"/api/hardware", "chip=V100&count=-1&time=1d"}, {"--count", "'-1'"}},
      {{"/api/units", "arg=12%20parsecs"}, {"unknown compute unit 'parsecs'", "(accepted: flop,"}},
      {{"/api/tokens", "params=70B&tokns=1T"},
       {"unknown option '--tokns'; did you mean '--tokens'?", "(accepted: --params,"}},
      {{"/api/estimate", ""}, {"model: no model file given", "ONNX graph"}},
      {{"/api/estimate", "arg=a.yaml&arg=b.yaml"}, {"unexpected word 'b.yaml'", "takes model"}},
      {{"/api/hardware", "arg=V100"}, {"unexpected word 'V100'", "fields only"}},
      {{"/api/hardware", "chip=V100&count=8&time=1d&energy=maybe"},
       {"--energy: 'maybe' is not accepted", "true or false"}},
      {{"/api/layer", "arg=conv2d&arg=h224"}, {"dims: 'h224' is not accepted", "KEY=VALUE"}},
      {{"/api/tokens", "params=70B&tokens=1T&tokens=2T"},
       {"--tokens: expected one value, got 2", ""}},
      {{"/api/chips", "arg=show"}, {"show needs a chip NAME", "show A100"}},
      {{"/api/units", "arg=1e20&json=false"},
       {"--json=false is not accepted", "the query's 'text'"}},
      {{"/api/tokens", "params=70B&tokens=1T&uncertainty=true&uncertainty=false"},
       {"--uncertainty: given both true and false", ""}},
  };
  for (const auto& c : cases) {
    const HttpResponse r = Handle(Request("GET", c[0].first, c[0].second));
    ASSERT_EQ(r.status, 400) << c[0].first << "?" << c[0].second << "\n" << r.body;
    const std::string message = json::parse(r.body)["error"];
    EXPECT_TRUE(Has(message, c[1].first)) << message;
    EXPECT_TRUE(Has(message, c[1].second)) << message;
  }
}

TEST(WebApi, ReadsOnlyUploadsAndWritesNothing) {
  const std::pair<const char*, const char*> cases[] = {
      {"/api/chips", "hardware-db=/etc/passwd"},
      {"/api/trend", "data=/etc/passwd"},
      {"/api/estimate", "arg=/etc/passwd"},
      {"/api/estimate", "arg=" TRAINFLOPS_SOURCE_DIR "/tests/fixtures/onnx/alexnet.onnx"},
  };
  for (const auto& [path, query] : cases) {
    const HttpResponse r = Handle(Request("GET", path, query));
    EXPECT_EQ(r.status, 400) << path << "?" << query << "\n" << r.body;
    EXPECT_TRUE(Has(r.body,
                    "is not an uploaded file; the web API reads only the files sent "
                    "with the request (none were sent)"))
        << r.body;
  }
  const HttpResponse plot = Handle(Request("GET", "/api/trend", "plot=/tmp/x.svg"));
  EXPECT_EQ(plot.status, 400);
  EXPECT_TRUE(Has(plot.body, "option '--plot' writes a file on the server")) << plot.body;
  // An upload is found by its name; another name gets a did-you-mean.
  const json envelope = {{"args", {"nett.yaml"}},
                         {"files", {{{"name", "net.yaml"}, {"text", kDenseSpec}}}}};
  const HttpResponse other =
      Handle(Request("POST", "/api/estimate", "", "application/json", envelope.dump()));
  EXPECT_TRUE(Has(other.body,
                  "'nett.yaml' is not an uploaded file; the web API reads only the "
                  "files sent with the request; did you mean 'net.yaml'? (uploaded: "
                  "net.yaml)"))
      << other.body;
}

// The text answer is the command line's report, its table cells cut at 120
// columns: a 100,000-byte layer name above 1,000 more layers gave 1,001 rows
// of 100 KB each (a 2 GiB answer for a larger upload). The JSON keeps it.
TEST(Api, TheTextAnswerCutsLongCellsAsTheCommandLineDoes) {
  const std::string name(100000, 'n');
  const std::string spec = "input: [4]\nlayers:\n  - {type: dense, name: " + name +
                           ", units: 4}\n  - {repeat: 1000, layers: [{type: relu}]}\n"
                           "training: {examples: 10}\n";
  const json envelope = {{"args", {"net.yaml"}},
                         {"files", {{{"name", "net.yaml"}, {"text", spec}}}}};
  const HttpResponse text =
      Handle(Request("POST", "/api/estimate", "text", "application/json", envelope.dump()));
  ASSERT_EQ(text.status, 200) << text.body.substr(0, 500);
  EXPECT_LT(text.body.size(), 200000u);
  EXPECT_TRUE(Has(text.body, std::string(120 - 18, 'n') + "... (100000 bytes)  dense"))
      << text.body;
  const HttpResponse j =
      Handle(Request("POST", "/api/estimate", "", "application/json", envelope.dump()));
  ASSERT_EQ(j.status, 200);
  EXPECT_TRUE(Has(j.body, name));
}

// An uploaded model.safetensors.index.json is the checkpoint beside an
// uploaded config.json. A Llama-shaped config of 2 layers: embed and head
// 2 x 100·64, per layer 4·64² + 3·64·128 + 2·64 = 41,088, norm 64:
// 12,800 + 82,176 + 64 = 95,040 parameters; float32, so an index of
// 4 x 95,040 = 380,160 bytes matches exactly.
TEST(WebApi, UploadedIndexBesideTheConfigIsCompared) {
  const json config = {{"model_type", "llama"},    {"hidden_size", 64},
                       {"intermediate_size", 128}, {"num_hidden_layers", 2},
                       {"num_attention_heads", 4}, {"vocab_size", 100},
                       {"torch_dtype", "float32"}};
  const json index = {{"metadata", {{"total_size", 380160}}}, {"weight_map", json::object()}};
  const json envelope = {{"args", {"config.json", "--tokens", "1B"}},
                         {"files",
                          {{{"name", "config.json"}, {"text", config.dump()}},
                           {{"name", "model.safetensors.index.json"}, {"text", index.dump()}}}}};
  const HttpResponse r =
      Handle(Request("POST", "/api/estimate", "", "application/json", envelope.dump()));
  ASSERT_EQ(r.status, 200) << r.body;
  const json j = JsonOf(r);
  EXPECT_EQ(j["params"].get<double>(), 95040);
  EXPECT_EQ(j["checkpoint"]["params"].get<double>(), 95040);
  EXPECT_EQ(j["checkpoint"]["flagged"], false);
}

TEST(WebApi, BodyLimitAndHostCheck) {
  ApiOptions options;
  options.max_body = 10;
  HttpResponse r = Handle(Request("POST", "/api/units", "", "", std::string(11, 'x')), options);
  EXPECT_EQ(r.status, 413);
  EXPECT_TRUE(Has(r.body, "the request body has 11 bytes, over the limit of 10")) << r.body;
  options.max_body = kDefaultMaxBody;
  options.allowed_hosts = {"127.0.0.1", "localhost"};
  HttpRequest request = Request("GET", "/api/units", "arg=1");
  for (const char* host : {"127.0.0.1:8080", "LOCALHOST", ""}) {
    request.host = host;
    EXPECT_EQ(Handle(request, options).status, 200) << host;
  }
  request.host = "evil.example:8080";  // DNS rebinding: a foreign name for our address
  r = Handle(request, options);
  EXPECT_EQ(r.status, 403);
  EXPECT_TRUE(Has(r.body, "Host 'evil.example:8080' is not accepted")) << r.body;
}

// Each request's uploads are its own, also when requests run concurrently
// (the server answers on a pool of threads).
TEST(WebApi, ConcurrentRequestsSeeOnlyTheirOwnUploads) {
  std::vector<std::thread> threads;
  std::vector<int> failures(4, 0);
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([t, &failures] {
      for (int i = 0; i < 10; ++i) {
        const std::string query = "epochs=" + std::to_string(t + 1);
        const HttpResponse r = Handle(Request("POST", "/api/estimate", query, "", kDenseSpec));
        const bool ok = r.status == 200 && json::parse(r.body)["training_flop"].get<double>() ==
                                               2020.0 * 3 * (t + 1) * 1000;
        failures[t] += ok ? 0 : 1;
      }
    });
  }
  for (std::thread& t : threads) t.join();
  for (int f : failures) EXPECT_EQ(f, 0);
}

// Every file field of every command reads an upload and nothing else: a
// name that was not uploaded (a path on the server's disk included) is
// refused. The fields come from each command's --help, and the ones known
// today must all be found, so a change in its format cannot make the test
// pass vacuously. The words the request itself uses (arg, file, text) are
// not fields.
TEST(WebApi, EveryFileFieldReadsOnlyUploads) {
  const std::set<std::string> known = {"--model", "--checkpoint",        "--hardware-db",
                                       "--data",  "--params-checkpoint", "--checkpoint-config"};
  std::set<std::string> seen;
  const json list = json::parse(Handle(Request("GET", "/api")).body);
  for (const json& e : list["endpoints"]) {
    if (!e.contains("command")) continue;
    const HttpResponse help = Handle(Request("GET", e["path"], "help"));
    ASSERT_EQ(help.status, 200) << e["path"];
    EXPECT_FALSE(Has(help.body, "--arg,") || Has(help.body, "--file,") || Has(help.body, "--text,"))
        << help.body;
    const std::string prefix = "files (the name of an uploaded file): ";
    const size_t at = help.body.find(prefix);
    if (at == std::string::npos) continue;
    std::istringstream names(
        help.body.substr(at + prefix.size(), help.body.find('\n', at) - at - prefix.size()));
    for (std::string option; std::getline(names >> std::ws, option, ',');) {
      seen.insert(option);
      const HttpResponse r = Handle(Request("GET", e["path"], option.substr(2) + "=/etc/passwd"));
      EXPECT_EQ(r.status, 400) << e["path"] << " " << option;
      EXPECT_TRUE(Has(r.body, "'/etc/passwd' is not an uploaded file")) << option << ": " << r.body;
    }
  }
  for (const std::string& name : known) EXPECT_EQ(seen.count(name), 1u) << name << " not found";
}

// The web API's cost limits (api.h), under the command line's; a value at the
// limit passes, one above it is a 400 that names the option and the limit.
TEST(WebApi, CostLimitsCapSamplesAndBootstrap) {
  struct Case {
    const char* path;
    const char* query;
    int status;
    const char* part;
  };
  const Case cases[] = {
      {"/api/hardware", "chip=V100&count=8&time=5d..6d&samples=1e8", 400,
       "--samples: '1e8' is over the web API's limit of 1,000,000"},
      {"/api/hardware", "chip=V100&count=8&time=5d..6d&samples=2000", 200, "\"training_flop\""},
      {"/api/trend", "bootstrap=20000", 400,
       "--bootstrap: '20000' is over the web API's limit of 10,000"},
      {"/api/trend", "bootstrap=200", 200, "doubling"},
      // Every request with Monte Carlo options, wherever the request keeps them.
      {"/api/tokens", "params=7e9&tokens=1T..2T&samples=2e6", 400,
       "--samples: '2e6' is over the web API's limit of 1,000,000"},
      {"/api/compare", "method1-flop=1e20&chip=V100&count=8&time=5d..6d&samples=2e6", 400,
       "--samples: '2e6' is over the web API's limit of 1,000,000"},
      {"/api/tokens", "params=7e9&tokens=1T..2T&samples=1e6", 200, "\"training_flop\""},
  };
  for (const Case& c : cases) {
    const HttpResponse r = Handle(Request("GET", c.path, c.query));
    EXPECT_EQ(r.status, c.status) << c.query << ": " << r.body.substr(0, 300);
    EXPECT_NE(r.body.find(c.part), std::string::npos) << c.query << ": " << r.body.substr(0, 300);
  }
  // A JSON envelope's options are held to the same limits as the query's.
  const HttpResponse envelope =
      Handle(Request("POST", "/api/hardware", "", "application/json",
                     R"({"options": {"chip": "V100", "count": 8, "time": "5d..6d",
                                     "samples": 100000000}})"));
  EXPECT_EQ(envelope.status, 400) << envelope.body;
  EXPECT_TRUE(Has(envelope.body, "--samples: '100000000' is over the web API's limit"))
      << envelope.body;
  // Training stages: each an estimate with its own samples, 32 at most.
  std::string stages = "params=7e9&tokens=1T";
  for (int i = 0; i < 33; ++i) stages += "&stage=sft" + std::to_string(i) + ":1B";
  const HttpResponse many = Handle(Request("GET", "/api/tokens", stages));
  EXPECT_EQ(many.status, 400) << many.body;
  EXPECT_TRUE(Has(many.body, "33 training stages (--stage) are over the web API's limit of 32"))
      << many.body;
}

// The work an upload may cost: ONNX nodes, and trend rows x resamples. The
// limits are lowered so small inputs reach them.
TEST(WebApi, CostLimitsCapOnnxNodesAndTrendRows) {
  ApiOptions options;
  // alexnet.onnx (torchvision, exported by PyTorch) has 26 nodes as the onnx
  // Python package counts them (len(onnx.load(...).graph.node)): 5 Conv,
  // 7 Relu, 3 MaxPool, 1 AveragePool, 1 Flatten, 3 Gemm, 2 Dropout, 4 Constant.
  const std::string onnx = ReadSource("tests/fixtures/onnx/alexnet.onnx");
  const auto estimate = [&](int64_t max_nodes) {
    options.max_onnx_nodes = max_nodes;
    return Handle(Request("POST", "/api/estimate", "file=alexnet.onnx&examples=1",
                          "application/octet-stream", onnx),
                  options);
  };
  const HttpResponse over = estimate(25);
  EXPECT_EQ(over.status, 400);
  EXPECT_TRUE(Has(over.body,
                  "'alexnet.onnx' holds 26 nodes, or items costing as much memory (4 KiB a node), "
                  "over the web API's limit of 25"))
      << over.body;
  const HttpResponse at = estimate(26);
  EXPECT_EQ(at.status, 200) << at.body.substr(0, 300);
  // The library takes binary bytes for ONNX whatever their name: so does the limit.
  options.max_onnx_nodes = 25;
  const HttpResponse renamed = Handle(Request("POST", "/api/estimate", "file=graph.bin&examples=1",
                                              "application/octet-stream", onnx),
                                      options);
  EXPECT_EQ(renamed.status, 400);
  EXPECT_TRUE(Has(renamed.body, "'graph.bin' holds 26 nodes")) << renamed.body;

  // Five points a year apart: a header and 5 rows.
  const std::string csv =
      "date,flop\n2010-01-01,1e18\n2011-01-01,1e19\n2012-01-01,1e20\n2013-01-01,1e21\n"
      "2014-01-01,1e22\n";
  options.max_trend_work = 50;  // 5 rows x 10 resamples
  const auto trend = [&](const std::string& resamples, const std::string& name = "points.csv",
                         const std::string& bytes = "") {
    return Handle(
        Request("POST", "/api/trend",
                "file=" + name + "&data=" + name +
                    "&date-column=date&compute-column=flop&name-column=date&bootstrap=" + resamples,
                "application/octet-stream", bytes.empty() ? csv : bytes),
        options);
  };
  const HttpResponse too_many = trend("11");  // floor(50 / 11) = 4 rows at most
  EXPECT_EQ(too_many.status, 400);
  EXPECT_TRUE(Has(too_many.body,
                  "'points.csv' has 5 rows; with 11 bootstrap resamples the web "
                  "API fits at most 4"))
      << too_many.body;
  const HttpResponse fits = trend("10");
  EXPECT_EQ(fits.status, 200) << fits.body.substr(0, 300);
  // No bootstrap (0 resamples) is one fit of the 5 rows, not the default
  // 2,000 resamples (which would fit floor(50 / 2000) = 0 rows, at least 1).
  const HttpResponse no_bootstrap = trend("0");
  EXPECT_EQ(no_bootstrap.status, 200) << no_bootstrap.body.substr(0, 300);
  // Records end as the CSV reader ends them (a lone CR too), and a .jsonl name
  // does not escape the limit.
  std::string cr = csv;
  std::replace(cr.begin(), cr.end(), '\n', '\r');
  const HttpResponse cr_only = trend("11", "p.csv", cr);
  EXPECT_TRUE(Has(cr_only.body, "'p.csv' has 5 rows")) << cr_only.body;
  const HttpResponse jsonl = trend("11", "p.jsonl");
  EXPECT_TRUE(Has(jsonl.body, "'p.jsonl' has 5 rows")) << jsonl.body;
  // The limit is held on the typed request, whatever spelled the field: the
  // JSON envelope's options too.
  const HttpResponse envelope = Handle(
      Request("POST", "/api/trend", "", "application/json",
              R"({"options": {"data": "p.csv", "date_column": "date", "compute_column": "flop",
                  "name_column": "date", "bootstrap": 11},
                  "files": [{"name": "p.csv", "text": ")" +
                  std::string("date,flop\\n2010-01-01,1e18\\n2011-01-01,1e19\\n2012-01-01,"
                              "1e20\\n2013-01-01,1e21\\n2014-01-01,1e22\\n") +
                  R"("}]})"),
      options);
  EXPECT_EQ(envelope.status, 400) << envelope.body.substr(0, 300);
  EXPECT_TRUE(Has(envelope.body, "'p.csv' has 5 rows")) << envelope.body;
}

// Rows as the readers see them (RFC 4180 for CSV): a quoted field may span
// lines, the header and blank lines are not rows, CRLF and a lone CR end a
// record, the last record needs no line end; JSON lines count their
// non-blank lines.
TEST(WebApi, DataRowsAreRecordsNotLines) {
  struct Case {
    const char* bytes;
    InputKind kind;
    size_t rows;
  };
  const Case cases[] = {
      {"a,b\n1,2\n3,4\n", InputKind::kCsv, 2},
      {"a,b\n1,\"two\nlines\nof note\"\n3,4", InputKind::kCsv, 2},
      {"a,b\r\n1,\"say \"\"hi\"\"\r\n\"\r\n\r\n3,4\r\n", InputKind::kCsv, 2},
      {"a,b\r1,2\r3,4\r", InputKind::kCsv, 2},
      {"a,b\n", InputKind::kCsv, 0},
      {"", InputKind::kCsv, 0},
      {"{\"a\": 1}\n\n{\"a\": 2}\n{\"a\": 3}", InputKind::kJsonLines, 3},
  };
  for (const Case& c : cases) EXPECT_EQ(CountDataRows(c.bytes, c.kind), c.rows) << c.bytes;
}

// The bundled factor of a confidence label: "error,all,LABEL,0.9,FACTOR,ROWS"
// in data/calibration.csv (90% of the record's rows with the label were
// within FACTOR of it).
double LabelFactor(const std::string& label) {
  std::istringstream lines(ReadSource("data/calibration.csv"));
  const std::string prefix = "error,all," + label + ",0.9,";
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind(prefix, 0) == 0) return std::stod(line.substr(prefix.size()));
  }
  ADD_FAILURE() << "no " << prefix << " in data/calibration.csv";
  return 0;
}

// The Dataset tab's request: two rows worked by hand. Row 1: 6ND = 6 x 1e9
// x 1e10 = 6e19. Its 5%-95% interval: the training factor triangular(2, 3,
// 4) has its 95th percentile at 4 - sqrt(0.1) = 3.68377, 1.22792 x the mode;
// widened x3.848 in log space (data/calibration.csv, widen,6ND,medium,0.9):
// 1.22792^3.848 = 2.20360, so the high end is 1.322e20. P(> 1e25) reads it as
// a lognormal side of sigma = ln(2.20360) / 1.64485 = 0.48034: z =
// ln(1e25 / 6e19) / 0.48034 = 25.0, P below 1e-100, under 0.001. Row 2: 6 x
// 1e11 x 1.5e13 = 9e24; z = ln(1e25 / 9e24) / 0.48034 = 0.21935, P = 1 -
// Phi(0.21935) = 0.41319. Both are labelled "medium" (6ND, epochs not
// given), with the label's bundled factor.
TEST(WebApi, BatchRowsCarryProbabilitiesLabelsAndTheSummary) {
  const std::string csv =
      "Model,Parameters,Training dataset size (total)\nSmall,1e9,1e10\nLarge,1e11,1.5e13\n";
  const HttpResponse r = Handle(Request("POST", "/api/batch", "file=two.csv", "text/csv", csv));
  const json j = JsonOf(r);
  std::vector<std::string> columns = {"Model"};
  for (const std::string& c : BatchOutputColumns()) columns.push_back(c);
  EXPECT_EQ(j["columns"], columns);
  ASSERT_EQ(j["rows"].size(), 2u) << r.body;
  const json& small = j["rows"][0];
  EXPECT_EQ(small["Model"], "Small");
  EXPECT_DOUBLE_EQ(small["estimated_training_flop"].get<double>(), 6e19);
  EXPECT_EQ(small["estimate_method"], "6ND");
  ASSERT_TRUE(small["p_over_eu_ai_act_art51"].is_number()) << small.dump();
  EXPECT_LT(small["p_over_eu_ai_act_art51"].get<double>(), 0.001);
  EXPECT_EQ(small["estimate_confidence"], "medium");
  EXPECT_DOUBLE_EQ(small["label_error_factor"].get<double>(), LabelFactor("medium"));
  EXPECT_EQ(small["within_eu_30pct_margin"], "no");  // 5%-95% is far wider than +-30%
  EXPECT_TRUE(small["estimate_flags"].is_null());
  const json& large = j["rows"][1];
  EXPECT_DOUBLE_EQ(large["estimated_training_flop"].get<double>(), 9e24);
  EXPECT_NEAR(large["estimate_high"].get<double>() / 9e24, 2.20360, 1e-5);
  EXPECT_NEAR(large["p_over_eu_ai_act_art51"].get<double>(), 0.41319, 1e-5);
  // The thresholds the p_over columns name, from data/thresholds.yaml.
  bool eu = false;
  for (const json& t : j["thresholds"]) {
    if (t["column"] == "p_over_eu_ai_act_art51") eu = t["flop"] == 1e25;
  }
  EXPECT_TRUE(eu) << j["thresholds"].dump();
  // The summary is the one `batch --summary-json` writes for the same file.
  BatchOptions options;
  options.source = "two.csv";
  const Result<BatchSummary> direct = RunBatchCsv(csv, options, [](const std::string&) {});
  ASSERT_TRUE(direct.ok()) << direct.status().message();
  EXPECT_EQ(j["summary"], json::parse(direct->ToJson()));
  EXPECT_EQ(j["summary"]["rows"], 2);
  EXPECT_EQ(Header(r, "X-Trainflops-Command"), "trainflops batch two.csv");
  // JSON lines, by Content-Type, with a rule switched off: the same 6ND.
  const json object = {
      {"Model", "Small"}, {"Parameters", 1e9}, {"Training dataset size (total)", 1e10}};
  const HttpResponse lines = Handle(Request("POST", "/api/batch", "rules_off=guards",
                                            "application/x-ndjson", object.dump() + "\n"));
  const json k = JsonOf(lines);
  ASSERT_EQ(k["rows"].size(), 1u) << lines.body;
  EXPECT_DOUBLE_EQ(k["rows"][0]["estimated_training_flop"].get<double>(), 6e19);
  EXPECT_EQ(k["summary"]["rules_off"], json::array({"guards"}));
  EXPECT_EQ(Header(lines, "X-Trainflops-Command"),
            "trainflops batch dataset.jsonl --rules-off guards");
}

// Too large a dataset is refused before a row is estimated (413), naming the
// figure and the limit; an empty body, a file the library refuses, an
// unknown rule or query parameter with 400 and the message.
TEST(WebApi, BatchRefusesLargeEmptyAndBadDatasets) {
  ApiOptions options;
  options.max_batch_rows = 2;
  const std::string csv =
      "Model,Parameters,Training dataset size (total)\nA,1e9,1e10\nB,1,1\nC,1,1\n";
  HttpResponse r =
      Handle(Request("POST", "/api/batch", "file=three.csv", "text/csv", csv), options);
  EXPECT_EQ(r.status, 413);
  EXPECT_TRUE(Has(r.body, "'three.csv' has 3 rows; the web API estimates at most 2")) << r.body;
  // Rows, not lines: a note that spans lines is one row's cell (RFC 4180).
  const std::string two =
      "Model,Parameters,Training dataset size (total),Notes\nA,1e9,1e10,\"a\nlong\nnote\"\n"
      "B,1,1,\n";
  r = Handle(Request("POST", "/api/batch", "file=two.csv", "text/csv", two), options);
  EXPECT_EQ(r.status, 200) << r.body.substr(0, 300);
  // Over the CSV dataset's cap (64 MiB) with a body limit that lets it in.
  options = ApiOptions();
  options.max_body = size_t{128} << 20;
  r = Handle(
      Request("POST", "/api/batch", "", "text/csv", std::string((size_t{64} << 20) + 1, 'x')),
      options);
  EXPECT_EQ(r.status, 413);
  EXPECT_TRUE(Has(r.body, "a CSV dataset may be at most 64 MiB")) << r.body;
  // Over the server's body limit, as for every endpoint.
  options.max_body = 10;
  r = Handle(Request("POST", "/api/batch", "", "text/csv", csv), options);
  EXPECT_EQ(r.status, 413);
  EXPECT_TRUE(Has(r.body, "over the limit of 10")) << r.body;
  const std::pair<std::string, std::string> bad[] = {
      {"", " \n"},  // empty but for blanks
      {"", "Name,Size\nA,1\n"},
      {"rules_off=gaurds", csv},
      {"rule_off=guards", csv},
  };
  const char* messages[] = {
      "the request body is empty; send the dataset as the body",
      "dataset.csv:1: the header names none of the columns batch reads",
      "unknown rule 'gaurds'; did you mean 'guards'?",
      "unknown query parameter 'rule_off'; did you mean 'rules_off'?",
  };
  for (size_t i = 0; i < std::size(bad); ++i) {
    r = Handle(Request("POST", "/api/batch", bad[i].first, "text/csv", bad[i].second));
    EXPECT_EQ(r.status, 400) << r.body;
    EXPECT_TRUE(Has(r.body, messages[i])) << r.body;
  }
}

}  // namespace
}  // namespace trainflops::web
