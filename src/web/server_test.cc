// The real server on an ephemeral port, in-process, talked to with
// cpp-httplib's client: the adaptor passes everything through both ways.
#include "server.h"

#include <gtest/gtest.h>
#include <httplib.h>

#include <chrono>
#include <future>
#include <nlohmann/json.hpp>

#include "server_testing.h"

namespace trainflops::web {
namespace {

TEST(WebServer, ServesThePageAndTheApiOverHttp) {
  RunningServer server;
  ASSERT_GT(server.port(), 0);
  httplib::Client client("127.0.0.1", server.port());
  client.set_keep_alive(true);

  httplib::Result page = client.Get("/");
  ASSERT_TRUE(page) << httplib::to_string(page.error());
  EXPECT_EQ(page->status, 200);
  EXPECT_EQ(page->get_header_value("Content-Type"), "text/html; charset=utf-8");
  EXPECT_NE(page->body.find("<title>trainflops</title>"), std::string::npos);

  httplib::Result hw = ExpectHardwareAnswer(client);
  ASSERT_TRUE(hw);
  EXPECT_EQ(hw->get_header_value("X-Trainflops-Command"),
            "trainflops hardware --chip=V100 --count=8 '--time=5 days' --utilization=0.33 --json");

  httplib::Result missing = client.Get("/api/hardwar?x=1");
  ASSERT_TRUE(missing);
  EXPECT_EQ(missing->status, 404);
  EXPECT_NE(missing->body.find("did you mean '/api/hardware'?"), std::string::npos);

  httplib::Result wrong = client.Delete("/api/units");
  ASSERT_TRUE(wrong);
  EXPECT_EQ(wrong->status, 405);
  EXPECT_EQ(wrong->get_header_value("Allow"), "GET, HEAD, POST");

  // The query reaches the API undecoded and in order (phases of hardware).
  httplib::Result units = client.Get("/api/units?arg=22%20pfs-days");
  ASSERT_TRUE(units);
  EXPECT_DOUBLE_EQ(nlohmann::json::parse(units->body)["flop"].get<double>(), 22 * 8.64e19);
}

TEST(WebServer, RefusesABodyOverTheLimitWithJson) {
  RunningServer server(/*max_body=*/1000);
  httplib::Client client("127.0.0.1", server.port());
  httplib::Result r =
      client.Post("/api/estimate", std::string(2000, 'x'), "application/octet-stream");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 413);
  EXPECT_EQ(r->get_header_value("Content-Type"), "application/json");
  EXPECT_NE(r->body.find("over the limit of 1,000 bytes"), std::string::npos) << r->body;
}

// Hostile uploads: each gets a 400 naming the problem, and the server still
// answers a normal request after all of them (a 200 with the hand-computed
// figure). A config nested 80,000 deep once killed the server (a stack
// overflow while quoting the value into the error).
TEST(WebServer, SurvivesHostileUploadsAndAnswersAfterwards) {
  RunningServer server;
  httplib::Client client("127.0.0.1", server.port());
  const std::string deep = std::string(80000, '[') + std::string(80000, ']');
  // Nested repeats: 10^6 layers in 90 bytes.
  const std::string repeats =
      "input: [4]\nlayers: [{repeat: 1000, layers: [{repeat: 1000, layers: [{type: relu}]}]}]\n";
  std::string header =
      R"({"w": {"dtype": "F32", "shape": )" + deep + R"(, "data_offsets": [0, 4]}})";
  std::string safetensors;  // the header's length, 8 bytes little-endian, the header, 4 bytes
  for (int i = 0; i < 8; ++i) safetensors += static_cast<char>((header.size() >> (8 * i)) & 0xFF);
  safetensors += header + std::string(4, '\0');
  std::string junk(4096, '\0');  // bytes that are not a CSV
  for (size_t i = 0; i < junk.size(); ++i) junk[i] = static_cast<char>((i * 7919) & 0xFF);
  struct Upload {
    std::string target, body, content_type, part;
  };
  const std::vector<Upload> uploads = {
      {"/api/estimate?file=config.json&tokens=1T",
       R"({"model_type": "llama", "hidden_size": )" + deep + "}", "application/octet-stream",
       "config.json:1: nested more than 64 levels deep"},
      {"/api/estimate", R"({"args": )" + deep + "}", "application/json",
       "the JSON body:1: nested more than 64 levels deep"},
      {"/api/estimate?file=r.yaml", repeats + "training: {examples: 1}\n",
       "application/octet-stream", "at most 10,000 layers after expanding"},
      {"/api/estimate?file=d.yaml&epochs=1e308",
       "input: [4]\nlayers: [{type: dense, units: 4}]\ntraining: {examples: 10}\n",
       "application/octet-stream", "training compute (FLOP) overflows"},
      {"/api/units?arg=-5%20pfs-days", "", "application/octet-stream", "must be greater than zero"},
      {"/api/thresholds?arg=2e25&range=2e26..1e27", "", "application/octet-stream",
       "does not contain the figure"},
      // Checkpoint files are JSON too; deep nesting there once killed the server.
      {"/api/tokens?file=i.json&params=i.json&tokens=1T",
       R"({"metadata": {"total_size": )" + deep + R"(}, "weight_map": {}})",
       "application/octet-stream", "i.json:1: nested more than 64 levels deep"},
      {"/api/tokens?file=m.safetensors&params=m.safetensors&tokens=1T", safetensors,
       "application/octet-stream", "nested more than 64 levels deep"},
      {"/api/trend?file=t.csv&data=t.csv", junk, "text/csv", "t.csv"},
      // A 100 kB name is quoted in a few dozen bytes.
      {"/api/layer", R"({"args": [")" + std::string(100000, 'x') + R"("]})", "application/json",
       "unknown layer type 'xxxx"},
  };
  for (const Upload& u : uploads) {
    httplib::Client fresh("127.0.0.1", server.port());
    httplib::Result r = fresh.Post(u.target, u.body, u.content_type);
    ASSERT_TRUE(r) << u.target << ": " << httplib::to_string(r.error());
    EXPECT_EQ(r->status, 400) << u.target << ": " << r->body.substr(0, 500);
    EXPECT_NE(r->body.find(u.part), std::string::npos)
        << u.target << ": " << r->body.substr(0, 500);
    EXPECT_LT(r->body.size(), 2000u) << u.target;
  }
  ExpectHardwareAnswer(client);
}

TEST(WebServer, ABusyPortIsAnErrorNamingTheAddress) {
  RunningServer first;
  ServerOptions o;
  o.port = first.port();
  const std::unique_ptr<Server> second = NewHttpServer(o, ApiHandlers(o));
  const Status bound = second->Bind();
  ASSERT_FALSE(bound.ok());
  EXPECT_NE(bound.message().find("cannot listen on 127.0.0.1 port " + std::to_string(o.port)),
            std::string::npos)
      << bound.message();
}

TEST(WebServer, StopBeforeRunReturnsAtOnce) {
  ServerOptions o;
  o.port = 0;
  const std::unique_ptr<Server> made = NewHttpServer(o, ApiHandlers(o));
  Server& server = *made;
  ASSERT_TRUE(server.Bind().ok());
  server.Stop();
  // Run() must return at once; a Run() that blocks fails here after 10 s
  // instead of hanging the suite (the server is then stopped again).
  std::future<void> run = std::async(std::launch::async, [&server] { server.Run(); });
  const bool returned = run.wait_for(std::chrono::seconds(10)) == std::future_status::ready;
  if (!returned) server.Stop();
  EXPECT_TRUE(returned) << "Run() after Stop() did not return within 10 s";
}

TEST(WebServer, LoopbackAddressesAnswerOnlyToLoopbackNames) {
  EXPECT_TRUE(IsLoopback("127.0.0.1"));
  EXPECT_TRUE(IsLoopback("::1"));
  EXPECT_TRUE(IsLoopback("localhost"));
  EXPECT_FALSE(IsLoopback("0.0.0.0"));
  EXPECT_EQ(AllowedHostsFor("127.0.0.1"),
            (std::vector<std::string>{"127.0.0.1", "localhost", "[::1]"}));
  EXPECT_EQ(AllowedHostsFor("127.0.0.2"),
            (std::vector<std::string>{"127.0.0.1", "localhost", "[::1]", "127.0.0.2"}));
}

}  // namespace
}  // namespace trainflops::web
