// The real server against the requests a careless client or a hostile web
// page sends it over loopback. Each test ends with a normal request that must
// be answered within a second.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <future>
#include <memory>
#include <thread>
#include <vector>

#include "server.h"
#include "server_testing.h"

namespace trainflops::web {
namespace {

using Clock = std::chrono::steady_clock;

// A raw TCP connection to the server, for what httplib's client will not send.
class RawConnection {
 public:
  explicit RawConnection(int port) : fd_(socket(AF_INET, SOCK_STREAM, 0)) {
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    connected_ = connect(fd_, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0;
    const timeval timeout{3, 0};
    setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  }
  ~RawConnection() { close(fd_); }
  RawConnection(const RawConnection&) = delete;
  RawConnection& operator=(const RawConnection&) = delete;

  bool connected() const { return connected_; }
  void Send(const std::string& bytes) { (void)!write(fd_, bytes.data(), bytes.size()); }
  // False once the server has closed the connection (no SIGPIPE).
  bool SendWhileOpen(const std::string& bytes) {
    return send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL) ==
           static_cast<ssize_t>(bytes.size());
  }
  // What arrives until the server closes or goes quiet for 3 s.
  std::string Receive() {
    std::string out;
    char buffer[4096];
    for (ssize_t n; (n = read(fd_, buffer, sizeof buffer)) > 0;) out.append(buffer, n);
    return out;
  }

 private:
  int fd_;
  bool connected_ = false;
};

// The normal request, on a fresh connection, answered within a second.
void ExpectPromptAnswer(int port) {
  httplib::Client client("127.0.0.1", port);
  client.set_connection_timeout(1);
  client.set_read_timeout(1);
  const Clock::time_point start = Clock::now();
  ExpectHardwareAnswer(client);
  EXPECT_LT(Clock::now() - start, std::chrono::seconds(1));
}

// A spec of one dense layer 4 -> 4 padded past 8 KiB with comments. Table 1
// (Sevilla et al. 2022): forward FLOP = 2 x (4 + 1) x 4 = 40 per example;
// training = 40 x (1 + 2) x 10 examples = 1,200 FLOP per epoch.
std::string PaddedSpec() {
  std::string spec = "input: [4]\nlayers: [{type: dense, units: 4}]\ntraining: {examples: 10}\n";
  while (spec.size() < 20000) spec += "# a comment that pads the file past 8 KiB\n";
  return spec;
}

double TrainingFlop(const httplib::Result& r) {
  if (!r || r->status != 200) {
    ADD_FAILURE() << (r ? r->body : httplib::to_string(r.error()));
    return 0;
  }
  return nlohmann::json::parse(r->body)["training_flop"].get<double>();
}

TEST(WebServerHostile, AnyBodyIsTheFileWhateverItsContentType) {
  RunningServer server;
  httplib::Client client("127.0.0.1", server.port());
  // curl --data-binary's default type; httplib alone refused it over 8 KiB.
  EXPECT_DOUBLE_EQ(TrainingFlop(client.Post("/api/estimate?file=d.yaml", PaddedSpec(),
                                            "application/x-www-form-urlencoded")),
                   1200.0);
  EXPECT_DOUBLE_EQ(
      TrainingFlop(client.Post("/api/estimate?file=d.yaml&epochs=2", PaddedSpec(), "text/plain")),
      2400.0);
  ExpectPromptAnswer(server.port());
}

TEST(WebServerHostile, MultipartFormsUploadFilesAndFields) {
  RunningServer server;
  httplib::Client client("127.0.0.1", server.port());
  // curl -F file=@d.yaml -F epochs=3: 1,200 FLOP per epoch x 3.
  const httplib::MultipartFormDataItems form = {
      {"file", PaddedSpec(), "d.yaml", "application/x-yaml"},
      {"epochs", "3", "", ""},
  };
  const httplib::Result r = client.Post("/api/estimate", form);
  EXPECT_DOUBLE_EQ(TrainingFlop(r), 3600.0);
  if (r) {
    EXPECT_EQ(r->get_header_value("X-Trainflops-Command"),
              "trainflops estimate d.yaml --epochs=3 --json");
  }
  const httplib::MultipartFormDataItems bad = {{"file", "x", "../etc/passwd", ""}};
  const httplib::Result refused = client.Post("/api/estimate", bad);
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->status, 400);
  EXPECT_NE(refused->body.find("form part 'file': '../etc/passwd' is not accepted as a file name"),
            std::string::npos)
      << refused->body;
  ExpectPromptAnswer(server.port());
}

// RFC 9112, section 6.3: a request with neither Content-Length nor
// Transfer-Encoding has no body; it is answered, not left waiting.
TEST(WebServerHostile, APostWithoutContentLengthHasAnEmptyBody) {
  RunningServer server;
  RawConnection c(server.port());
  ASSERT_TRUE(c.connected());
  c.Send("POST /api/units?arg=1e20 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
  const std::string response = c.Receive();
  EXPECT_EQ(response.rfind("HTTP/1.1 200", 0), 0u) << response;
  EXPECT_NE(response.find("\"flop\": 1e+20"), std::string::npos) << response;
  ExpectPromptAnswer(server.port());
}

TEST(WebServerHostile, ProtocolErrorsStateTheirCause) {
  // (413, a body over the limit: WebServer.RefusesABodyOverTheLimitWithJson.)
  RunningServer server;
  httplib::Client client("127.0.0.1", server.port());
  const httplib::Result long_target = client.Get("/api/units?arg=" + std::string(9000, '1'));
  ASSERT_TRUE(long_target);
  EXPECT_EQ(long_target->status, 414);
  EXPECT_NE(long_target->body.find("the request line is over 8,192 bytes"), std::string::npos)
      << long_target->body;
  RawConnection c(server.port());
  c.Send("FOO /api HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
  const std::string foo = c.Receive();
  EXPECT_NE(foo.find("method 'FOO' is not accepted (accepted: GET, HEAD, POST)"), std::string::npos)
      << foo;
  ExpectPromptAnswer(server.port());
}

// Headers sent fast are bounded by their bytes, not only by the deadline:
// httplib caps each header line at 8 KiB but not their number, so 20,000
// short headers (200 KB, well within the deadline on loopback) were parsed
// and the request answered 200. The request line and headers may take
// 64 KiB in all (server.cc); past that the connection is closed unanswered
// or answered 400, and a request whose headers fit is still answered.
TEST(WebServerHostile, HeadersPastTheirCapAreRefused) {
  RunningServer server;
  std::string head = "GET /api/units?arg=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n";
  const std::string padding = "X-Pad: 0123\r\n";  // 13 bytes
  for (int i = 0; i < 20000; ++i) head += padding;
  RawConnection many(server.port());
  ASSERT_TRUE(many.connected());
  many.SendWhileOpen(head + "\r\n");
  const std::string refused = many.Receive();
  EXPECT_EQ(refused.find("200 OK"), std::string::npos) << refused.substr(0, 200);
  // 4,000 of them, 52 KB, fit in the cap and are answered.
  head.resize(head.size() - 16000 * padding.size());
  RawConnection fits(server.port());
  ASSERT_TRUE(fits.connected());
  fits.Send(head + "\r\n");
  const std::string answered = fits.Receive();
  EXPECT_NE(answered.find("200 OK"), std::string::npos) << answered.substr(0, 200);
  ExpectPromptAnswer(server.port());
}

// A page on another site, through the user's browser: refused whether it
// says so with Origin or with Fetch Metadata. The server's own page passes.
TEST(WebServerHostile, CrossSiteRequestsAreRefused) {
  RunningServer server;
  httplib::Client client("127.0.0.1", server.port());
  const std::string own = "http://127.0.0.1:" + std::to_string(server.port());
  struct Case {
    httplib::Headers headers;
    int status;
    const char* part;
  };
  const Case cases[] = {
      {{{"Origin", "http://evil.example"}}, 403, "Origin 'http://evil.example' is not this"},
      {{{"Origin", "null"}}, 403, "Origin 'null'"},
      {{{"Sec-Fetch-Site", "cross-site"}}, 403, "Sec-Fetch-Site is 'cross-site'"},
      {{{"Sec-Fetch-Site", "same-site"}}, 403, "Sec-Fetch-Site is 'same-site'"},
      {{{"Origin", own}, {"Sec-Fetch-Site", "same-origin"}}, 200, "\"flop\""},
      {{{"Sec-Fetch-Site", "none"}}, 200, "\"flop\""},
  };
  for (const Case& c : cases) {
    const httplib::Result r = client.Post("/api/units?arg=1e20", c.headers, "", "text/plain");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, c.status) << r->body;
    EXPECT_NE(r->body.find(c.part), std::string::npos) << r->body;
  }
  ExpectPromptAnswer(server.port());
}

// Connections that trickle their headers each hold a worker; twice the eight
// that once stalled the server must leave it answering.
TEST(WebServerHostile, SlowClientsDoNotStallOthers) {
  RunningServer server;
  std::vector<std::unique_ptr<RawConnection>> slow;
  for (int i = 0; i < 16; ++i) {
    slow.push_back(std::make_unique<RawConnection>(server.port()));
    slow.back()->Send("GET /api HTTP/1.1\r\nHost: 127.0.0.1\r\n");
  }
  ExpectPromptAnswer(server.port());
}

// A server whose requests must arrive within a second, for the deadline's tests.
constexpr std::chrono::seconds kDeadline{1};
class DeadlineServer : public BackgroundServer {
 public:
  explicit DeadlineServer(std::chrono::milliseconds deadline = kDeadline)
      : BackgroundServer(Options(deadline)) {
    EXPECT_TRUE(status().ok()) << status().message();
  }

 private:
  static ServerOptions Options(std::chrono::milliseconds deadline) {
    ServerOptions o;
    o.port = 0;
    o.request_deadline = deadline;
    return o;
  }
};

// Slowloris past the pool: more connections than the 64 workers, each
// trickling a header line every 200 ms, well within the 5 s timeout per
// read, so only a deadline for the whole request frees their workers. A
// normal request made meanwhile is answered within the deadline (1 s here)
// and a margin for a loaded machine. Without the deadline the normal request
// waited for as long as the trickling went on (6 s here, past the client's
// 5 s timeout).
TEST(WebServerHostile, TricklingClientsPastThePoolAreCutAtTheDeadline) {
  DeadlineServer server;
  constexpr int kSlowClients = 70;  // > kWorkerThreads (server.cc)
  std::atomic<bool> done{false};
  std::atomic<int> connected{0};
  std::vector<std::thread> slow;
  for (int i = 0; i < kSlowClients; ++i) {
    slow.emplace_back([&server, &done, &connected] {
      RawConnection c(server.port());
      if (!c.connected() || !c.SendWhileOpen("GET /api HTTP/1.1\r\nHost: 127.0.0.1\r\n")) return;
      ++connected;
      const Clock::time_point end = Clock::now() + std::chrono::seconds(6);
      while (!done && Clock::now() < end && c.SendWhileOpen("X-Slow: 1\r\n")) {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
      }
    });
  }
  const Clock::time_point wait_end = Clock::now() + std::chrono::seconds(2);
  while (connected < kSlowClients && Clock::now() < wait_end) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_EQ(connected, kSlowClients);
  httplib::Client client("127.0.0.1", server.port());
  client.set_read_timeout(5);
  const Clock::time_point start = Clock::now();
  ExpectHardwareAnswer(client);
  EXPECT_LT(Clock::now() - start, kDeadline + std::chrono::seconds(2));
  done = true;
  for (std::thread& t : slow) t.join();
}

// The deadline covers the body too: a body trickled a byte every 100 ms is
// cut at the deadline (1 s here), and the connection closed. Without it the
// worker read on for as long as the bytes came (4 s here).
TEST(WebServerHostile, ATrickledBodyIsCutAtTheDeadline) {
  DeadlineServer server;
  RawConnection c(server.port());
  ASSERT_TRUE(c.connected());
  ASSERT_TRUE(c.SendWhileOpen(
      "POST /api/units?arg=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\n"));
  const Clock::time_point start = Clock::now();
  std::atomic<bool> done{false};
  std::thread trickle([&c, &done, start] {
    while (!done && Clock::now() - start < std::chrono::seconds(4) && c.SendWhileOpen("x")) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  });
  const std::string answer = c.Receive();  // until the server closes
  const Clock::duration took = Clock::now() - start;
  done = true;
  trickle.join();
  EXPECT_EQ(answer.rfind("HTTP/1.1 400", 0), 0u) << answer;
  EXPECT_LT(took, kDeadline + std::chrono::seconds(2));
  ExpectPromptAnswer(server.port());
}

// The deadline cuts requests that are still arriving, not those that have
// arrived and wait for a worker: 200 complete requests sent at once to a
// server whose deadline (1 ms) passes while most of them are queued behind
// the 64 workers are all answered. Checked on the deadline alone, the queued
// ones were closed unanswered.
TEST(WebServerHostile, RequestsThatHaveArrivedAreAnsweredPastTheDeadline) {
  DeadlineServer server(std::chrono::milliseconds(1));
  std::vector<std::unique_ptr<RawConnection>> burst;
  for (int i = 0; i < 200; ++i) {
    burst.push_back(std::make_unique<RawConnection>(server.port()));
    burst.back()->Send("GET /api HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
  }
  int answered = 0;
  for (const auto& c : burst) answered += c->Receive().rfind("HTTP/1.1 200", 0) == 0;
  EXPECT_EQ(answered, 200);
}

// The requests that once took 9.4 s and 790 MB each (samples=100000000), four
// at once, and a bootstrap as costly: refused at once with the limit named,
// and the server keeps answering.
TEST(WebServerHostile, CostlyRequestsAreRefusedWhileOthersAreAnswered) {
  RunningServer server;
  const std::string costly[] = {
      "/api/hardware?chip=V100&count=8&time=5d&uncertainty&samples=100000000",
      "/api/tokens?params=70B&tokens=1.4T&uncertainty&samples=100000000",
      "/api/tokens?params=1B&tokens=20B&uncertainty&samples=1e9", "/api/trend?bootstrap=100000000"};
  std::vector<std::future<std::pair<int, std::string>>> answers;
  const Clock::time_point start = Clock::now();
  for (const std::string& target : costly) {
    answers.push_back(std::async(std::launch::async, [&server, target] {
      httplib::Client client("127.0.0.1", server.port());
      client.set_read_timeout(5);
      const httplib::Result r = client.Get(target);
      return r ? std::make_pair(r->status, r->body) : std::make_pair(-1, std::string());
    }));
  }
  ExpectPromptAnswer(server.port());
  for (auto& answer : answers) {
    const auto [status, body] = answer.get();
    EXPECT_EQ(status, 400) << body;
    EXPECT_NE(body.find("over the web API's limit of"), std::string::npos) << body;
  }
  EXPECT_LT(Clock::now() - start, std::chrono::seconds(2));
}

// A burst of 200 clients at once, far more than httplib's own listen backlog
// of 5 and than the 64 workers: each is accepted and answered, and a normal
// request made meanwhile is answered within a second. With a backlog of 5 the
// burst took 17 to 23 s here (dropped SYNs wait for their retransmission).
TEST(WebServerHostile, ABurstOfClientsIsAcceptedAndAnswered) {
  RunningServer server;
  const Clock::time_point start = Clock::now();
  std::vector<std::unique_ptr<RawConnection>> burst;
  for (int i = 0; i < 200; ++i) {
    burst.push_back(std::make_unique<RawConnection>(server.port()));
    burst.back()->Send("GET /api HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
  }
  ExpectPromptAnswer(server.port());
  int answered = 0;
  for (const auto& c : burst) {
    EXPECT_TRUE(c->connected());
    answered += c->Receive().rfind("HTTP/1.1 200", 0) == 0;
  }
  EXPECT_EQ(answered, 200);
  EXPECT_LT(Clock::now() - start, std::chrono::seconds(3));
}

// Stopping (SIGTERM in `trainflops serve`) while a browser keeps an idle
// keep-alive connection open: the connection is let go within about a second.
TEST(WebServerHostile, StopIsPromptWithAnIdleKeepAliveConnection) {
  auto server = std::make_unique<RunningServer>();
  httplib::Client client("127.0.0.1", server->port());
  client.set_keep_alive(true);
  ExpectHardwareAnswer(client);
  const Clock::time_point start = Clock::now();
  server.reset();
  EXPECT_LT(Clock::now() - start, std::chrono::milliseconds(2500));
}

TEST(WebServerHostile, AllowHostExtendsTheHostNamesOfAWildcardAddress) {
  EXPECT_EQ(AllowedHostsFor("0.0.0.0"),
            (std::vector<std::string>{"127.0.0.1", "localhost", "[::1]", "0.0.0.0"}));
  EXPECT_EQ(AllowedHostsFor("0.0.0.0", {"MyHost.local", "fe80::1"}),
            (std::vector<std::string>{"127.0.0.1", "localhost", "[::1]", "0.0.0.0", "myhost.local",
                                      "[fe80::1]"}));
  EXPECT_EQ(AllowedHostsFor("192.168.1.5"),
            (std::vector<std::string>{"127.0.0.1", "localhost", "[::1]", "192.168.1.5"}));
  EXPECT_TRUE(AllowedHostsFor("0.0.0.0", {"*"}).empty());
}

}  // namespace
}  // namespace trainflops::web
