// Test helpers for the real server: one running on a free loopback port, and
// the normal request every hostile-input test ends with.
#ifndef TRAINFLOPS_SRC_WEB_SERVER_TESTING_H_
#define TRAINFLOPS_SRC_WEB_SERVER_TESTING_H_

#include <gtest/gtest.h>
#include <httplib.h>

#include <nlohmann/json.hpp>

#include "server.h"

namespace trainflops::web {

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

// A normal request: 8 V100 (FP32 15.7 TFLOPS, NVIDIA datasheet) x 5 days x
// 0.33, by hand. Returns the response for further checks.
inline httplib::Result ExpectHardwareAnswer(httplib::Client& client) {
  httplib::Result hw = client.Post(
      "/api/hardware",
      R"({"options": {"chip": "V100", "count": 8, "time": "5 days", "utilization": 0.33}})",
      "application/json");
  EXPECT_TRUE(hw) << httplib::to_string(hw.error());
  if (!hw) return hw;
  EXPECT_EQ(hw->status, 200) << hw->body;
  if (hw->status == 200) {
    EXPECT_DOUBLE_EQ(nlohmann::json::parse(hw->body)["training_flop"].get<double>(),
                     8 * 5 * 86400.0 * 1.57e13 * 0.33);
  }
  return hw;
}

}  // namespace trainflops::web

#endif  // TRAINFLOPS_SRC_WEB_SERVER_TESTING_H_
