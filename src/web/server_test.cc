// The real server on an ephemeral port, in-process, talked to with
// cpp-httplib's client: the adaptor passes everything through both ways.
#include "server.h"

#include <gtest/gtest.h>

#include <chrono>
#include <future>
#include <httplib.h>

#include <nlohmann/json.hpp>

namespace trainflops::web {
namespace {

// A server on 127.0.0.1 and a free port, running on its own thread.
class RunningServer : public BackgroundServer {
 public:
  explicit RunningServer(size_t max_body = kDefaultMaxBody) : BackgroundServer(Options(max_body)) {
    EXPECT_TRUE(status().ok()) << status().message();
  }

 private:
  static ServerOptions Options(size_t max_body) {
    ServerOptions o;
    o.port = 0;
    o.max_body = max_body;
    return o;
  }
};

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

  // 8 V100 (FP32 15.7 TFLOPS, NVIDIA datasheet) x 5 days x 0.33, by hand.
  httplib::Result hw = client.Post(
      "/api/hardware",
      R"({"options": {"chip": "V100", "count": 8, "time": "5 days", "utilization": 0.33}})",
      "application/json");
  ASSERT_TRUE(hw);
  EXPECT_EQ(hw->status, 200) << hw->body;
  EXPECT_DOUBLE_EQ(nlohmann::json::parse(hw->body)["training_flop"].get<double>(),
                   8 * 5 * 86400.0 * 1.57e13 * 0.33);
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
  EXPECT_NE(r->body.find("over the limit of 1000 bytes"), std::string::npos) << r->body;
}

TEST(WebServer, ABusyPortIsAnErrorNamingTheAddress) {
  RunningServer first;
  ServerOptions o;
  o.port = first.port();
  Server second(o);
  const Status bound = second.Bind();
  ASSERT_FALSE(bound.ok());
  EXPECT_NE(bound.message().find("cannot listen on 127.0.0.1 port " + std::to_string(o.port)),
            std::string::npos)
      << bound.message();
}

TEST(WebServer, StopBeforeRunReturnsAtOnce) {
  ServerOptions o;
  o.port = 0;
  Server server(o);
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
  EXPECT_TRUE(AllowedHostsFor("0.0.0.0").empty());
}

}  // namespace
}  // namespace trainflops::web
