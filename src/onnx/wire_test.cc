// Malformed, truncated and hostile protobuf: clear errors that name the
// byte offset, never a crash or an allocation by a declared size.
#include "wire.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <random>

#include "testing/analyze_util.h"

namespace trainflops::onnx::testing {
namespace {

std::string Error(const std::string& bytes) {
  const auto a = Analyze(bytes);
  return a.ok() ? "OK" : a.status().message();
}

std::string SmallModel() {
  Graph g;
  g.inputs.push_back(ValueInfo("x", S({2, 4})));
  g.initializers.push_back(WeightTensor("w", {4, 3}));
  g.nodes.push_back(Node("MatMul", {"x", "w"}, {"h"}, {}, "mm"));
  g.nodes.push_back(Node("Relu", {"h"}, {"y"}, {AttrInts("unused", {1, 2, 3})}, "relu"));
  return Model(g);
}

TEST(OnnxWire, VarintLongerThan64BitsIsRefused) {
  EXPECT_EQ(Error("\x08" + std::string(11, '\xff')),
            "byte 1: bad varint in a varint field (more than 64 bits)");
}

TEST(OnnxWire, TruncatedVarint) {
  EXPECT_EQ(Error("\x08\xff"),
            "byte 1: truncated varint in a varint field (the message ends at byte 2)");
}

TEST(OnnxWire, LengthBeyondTheFile) {
  // Field 7 (graph), length 100, then 3 bytes.
  EXPECT_EQ(Error(std::string("\x3a\x64", 2) + "abc"),
            "byte 0: field 7 declares 100 bytes but its message ends 3 bytes later (at byte 5)");
}

TEST(OnnxWire, LengthBeyondTheEnclosingMessage) {
  // Graph of 3 bytes whose node (field 1) claims 50; more bytes follow the graph.
  const std::string bytes = std::string("\x3a\x03\x0a\x32", 4) + "z" + std::string(60, '\0');
  EXPECT_EQ(Error(bytes),
            "byte 2: field 1 declares 50 bytes but its message ends 1 bytes later (at byte 5)");
}

TEST(OnnxWire, GroupsAndFieldZeroAreRefused) {
  EXPECT_EQ(Error("\x3b"),
            "byte 0: field 7 has wire type 3 (accepted: 0, 1, 2, 5; groups are obsolete)");
  EXPECT_EQ(Error(std::string("\x00\x01", 2)), "byte 0: invalid field number 0");
}

TEST(OnnxWire, DeepSubgraphNestingIsRefused) {
  Proto graph = Graph{}.Build();
  for (int i = 0; i < 40; ++i) {  // each level: graph > node > attribute > graph
    const Proto attr = Proto().Bytes(1, "then_branch").Message(6, graph).Varint(20, 5);
    graph = Graph{{Node("If", {"c"}, {"y"}, {attr})}, {}, {}, {}, {}}.Build();
  }
  Proto model;
  model.Message(7, graph).Message(8, Proto().Bytes(1, "").Varint(2, 17));
  const std::string message = Error(model.str());
  EXPECT_NE(message.find("nested 65 messages deep (at most 64 accepted)"), std::string::npos)
      << message;
}

TEST(OnnxWire, OverlongNameAndTooManyDimsAreRefused) {
  Graph g;
  g.nodes.push_back(Node("Relu", {"x"}, {"y"}, {}, std::string(kMaxString + 1, 'n')));
  EXPECT_NE(Error(Model(g)).find("NodeProto.name is 1048577 bytes long (at most 1048576 accepted)"),
            std::string::npos);
  Graph dims;
  dims.initializers.push_back(Tensor("w", std::vector<int64_t>(65, 1)));
  EXPECT_NE(Error(Model(dims)).find("TensorProto.dims has more than 64 values"), std::string::npos);
}

TEST(OnnxWire, EveryTruncationIsAnError) {
  const std::string model = SmallModel();
  ASSERT_EQ(Error(model), "OK");
  for (size_t n = 0; n < model.size(); ++n) {
    EXPECT_NE(Error(model.substr(0, n)), "OK") << "prefix of " << n << " bytes";
  }
}

// Random byte flips of a valid model: each gives a consistent analysis or a
// located error (the sanitizer build also checks that none reads out of
// bounds). The test fails on an error of the wrong kind, a malformed-input
// error that does not name a byte inside the file, an analysis with
// impossible totals, a result that differs between two runs on the same
// bytes, or a mutation series that never reaches one of the two outcomes.
void CheckMutant(const std::string& bytes) {
  const auto a = Analyze(bytes);
  const auto again = Analyze(bytes);
  ASSERT_EQ(a.ok(), again.ok());
  if (!a.ok()) {
    const Status& s = a.status();
    EXPECT_EQ(s.message(), again.status().message());
    // (kIndeterminate: nothing in the mutant could be counted.)
    ASSERT_TRUE(s.code() == StatusCode::kParseError || s.code() == StatusCode::kInvalidArgument ||
                s.code() == StatusCode::kIndeterminate)
        << s.message();
    if (s.code() != StatusCode::kParseError || s.message().rfind("byte ", 0) != 0) return;
    // "byte N: ..." with N within the file.
    const uint64_t at = std::stoull(s.message().substr(5));
    EXPECT_LE(at, bytes.size()) << s.message();
    return;
  }
  EXPECT_EQ(a->forward_flop, again->forward_flop);
  EXPECT_EQ(a->params, again->params);
  EXPECT_TRUE(std::isfinite(a->forward_flop) && a->forward_flop >= 0);
  EXPECT_TRUE(std::isfinite(a->params) && a->params >= 0);
  EXPECT_LE(a->nodes.size() * 2, bytes.size());  // a node takes at least two bytes
  double sum = 0;
  for (const OnnxNode& n : a->nodes) {
    EXPECT_FALSE(n.name.empty());
    EXPECT_FALSE(n.outputs.empty());
    sum += n.forward_flop;
  }
  EXPECT_DOUBLE_EQ(sum, a->forward_flop);
}

TEST(OnnxWire, MutatedModelsNeverCrash) {
  const std::string model = SmallModel();
  std::mt19937 rng(12345);
  int analysed = 0, refused = 0;
  for (int i = 0; i < 3000; ++i) {
    std::string bytes = model;
    const int flips = 1 + static_cast<int>(rng() % 4);
    for (int f = 0; f < flips; ++f) bytes[rng() % bytes.size()] = static_cast<char>(rng() & 0xff);
    CheckMutant(bytes);
    (Analyze(bytes).ok() ? analysed : refused) += 1;
    if (::testing::Test::HasFailure()) break;
  }
  // Flips in names and padding leave a readable model; flips in tags and
  // lengths do not: both outcomes must be exercised.
  EXPECT_GT(analysed, 100);
  EXPECT_GT(refused, 100);
}

// Fields read within the 64 KiB window and across its edges give the values
// written: 30,000 fields of every wire type (about 350 KB, six windows),
// encoded here by hand (protobuf.dev, "Encoding").
TEST(OnnxWire, FieldsAcrossReadWindowsKeepTheirValues) {
  const auto varint = [](std::string* out, uint64_t v) {
    while (v >= 0x80) {
      out->push_back(static_cast<char>((v & 0x7f) | 0x80));
      v >>= 7;
    }
    out->push_back(static_cast<char>(v));
  };
  struct Expected {
    uint32_t number;
    WireType type;
    uint64_t value;  // varint or fixed bits; kLen: the length
  };
  std::string bytes;
  std::vector<Expected> expected;
  for (uint64_t i = 0; i < 30000; ++i) {
    const auto type = static_cast<WireType>(std::vector<int>{0, 1, 2, 5}[i % 4]);
    const auto number = static_cast<uint32_t>(1 + i % 3000);  // 1- and 2-byte tags
    varint(&bytes, (uint64_t{number} << 3) | type);
    uint64_t value = i * 0x9E3779B97F4A7C15ULL >> (i % 64);  // 1- to 10-byte varints
    if (type == kVarint) {
      varint(&bytes, value);
    } else if (type == kLen) {
      value = i % 40;
      varint(&bytes, value);
      bytes.append(value, 'x');
    } else {
      const int width = type == kFixed64 ? 8 : 4;
      if (width == 4) value &= 0xffffffffULL;
      for (int b = 0; b < width; ++b) bytes.push_back(static_cast<char>(value >> (8 * b)));
    }
    expected.push_back({number, type, value});
  }
  ASSERT_GT(bytes.size(), 5u * 64 * 1024);
  const MemoryByteSource source(bytes);
  WireReader reader(source);
  size_t i = 0;
  uint64_t at = 0;  // where the next field starts, followed independently
  const Status read = reader.ForEachField(reader.Whole(), [&](const Field& f) -> Status {
    if (i >= expected.size()) return Status::Internal("more fields than written");
    const Expected& e = expected[i++];
    EXPECT_EQ(f.number, e.number) << "field " << i;
    EXPECT_EQ(f.type, e.type) << "field " << i;
    EXPECT_EQ(f.offset, at) << "field " << i;
    if (e.type == kLen) {
      EXPECT_EQ(f.span.size(), e.value) << "field " << i;
      at = f.span.end;
    } else {
      EXPECT_EQ(f.value, e.value) << "field " << i;
      std::string head;
      varint(&head, (uint64_t{e.number} << 3) | e.type);
      std::string body;
      if (e.type == kVarint) varint(&body, e.value);
      at += head.size() + (e.type == kVarint ? body.size() : e.type == kFixed64 ? 8 : 4);
    }
    return Status::Ok();
  });
  ASSERT_TRUE(read.ok()) << read.message();
  EXPECT_EQ(i, expected.size());
  EXPECT_EQ(at, bytes.size());
}

TEST(OnnxWire, MemorySourceChecksBounds) {
  const MemoryByteSource source("abc");
  char buf[4];
  EXPECT_TRUE(source.Read(1, std::span<char>(buf, 2)).ok());
  EXPECT_EQ(source.Read(2, std::span<char>(buf, 4)).message(),
            "read of 4 bytes at byte 2 runs past the end of the data (3 bytes)");
  EXPECT_FALSE(source.Read(UINT64_MAX, std::span<char>(buf, 1)).ok());
}

TEST(OnnxWire, FileSourceErrorsNameThePath) {
  const auto missing = OpenFileByteSource("/nonexistent/model.onnx");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().message(),
            "/nonexistent/model.onnx: cannot open: No such file or directory");
  const auto dir = OpenFileByteSource("/");
  ASSERT_FALSE(dir.ok());
  EXPECT_EQ(dir.status().message(), "/: cannot read: is a directory");
}

}  // namespace
}  // namespace trainflops::onnx::testing

namespace trainflops::onnx::testing {
namespace {

// A 3 GiB weight written as a hole in a sparse file (no disk space), with the
// node and inputs after it: every offset past the weight is above 2^31.
TEST(OnnxWire, FilesOver2GiBAreReadWithSixtyFourBitOffsets) {
  constexpr int64_t kRows = int64_t{3} << 28;  // 805,306,368 floats = 3 GiB
  constexpr uint64_t kBytes = uint64_t{kRows} * 4;
  std::string head = Tensor("w", {kRows, 1}).str();
  head.push_back('\x4a');  // TensorProto.raw_data
  head += Proto::VarintBytes(kBytes);
  Graph rest;
  rest.nodes.push_back(Node("MatMul", {"x", "w"}, {"y"}, {}, "mm"));
  rest.inputs.push_back(ValueInfo("x", S({1, kRows})));
  const std::string tail = rest.Build().str();
  std::string init(1, '\x2a');  // GraphProto.initializer
  init += Proto::VarintBytes(head.size() + kBytes);
  init += head;
  const uint64_t graph_size = init.size() + kBytes + tail.size();
  const std::string path = ::testing::TempDir() + "trainflops_large_" + std::to_string(getpid());
  {
    std::ofstream out(path, std::ios::binary);
    out << Proto().Varint(1, 8).str() << '\x3a' << Proto::VarintBytes(graph_size) << init;
    out.seekp(static_cast<std::streamoff>(kBytes), std::ios::cur);  // the hole
    out << tail << Proto().Message(8, Proto().Bytes(1, "").Varint(2, 17)).str();
  }
  auto source = OpenFileByteSource(path);
  ASSERT_TRUE(source.ok()) << source.status().message();
  EXPECT_GT((*source)->size(), uint64_t{3} << 30);
  const auto a = AnalyzeOnnx(**source);
  std::remove(path.c_str());
  ASSERT_TRUE(a.ok()) << a.status().message();
  EXPECT_DOUBLE_EQ(a->params, 805306368);
  EXPECT_DOUBLE_EQ(a->forward_flop, 2.0 * 805306368);  // 2·1·K·1
}

}  // namespace
}  // namespace trainflops::onnx::testing
