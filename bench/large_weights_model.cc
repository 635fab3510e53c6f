#include "large_weights_model.h"

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include "../src/onnx/testing/onnx_writer.h"

namespace trainflops::bench {
namespace {

namespace w = trainflops::onnx::testing;

std::string Id(const std::string& prefix, int64_t i) { return prefix + std::to_string(i); }

}  // namespace

bool WriteLargeWeightsModel(const std::string& path) {
  constexpr int64_t kDim = 8192, kLayers = 6;
  constexpr uint64_t kBytes = uint64_t{kDim} * kDim * 4;
  w::Graph small;  // everything but the initializers
  small.inputs.push_back(w::ValueInfo("x0", w::S({1, kDim})));
  for (int64_t i = 0; i < kLayers; ++i) {
    small.nodes.push_back(w::Node("MatMul", {Id("x", i), Id("w", i)}, {Id("x", i + 1)}));
  }
  std::string graph = small.Build().str();
  std::vector<std::string> heads;  // each initializer's bytes before its raw_data content
  uint64_t graph_size = graph.size();
  for (int64_t i = 0; i < kLayers; ++i) {
    // The initializer (GraphProto field 5, tag 0x2a) up to its raw_data
    // (TensorProto field 9, tag 0x4a) length; the zeros are streamed after it.
    std::string body = w::Tensor(Id("w", i), {kDim, kDim}).str();
    body.push_back('\x4a');
    body += w::Proto::VarintBytes(kBytes);
    std::string head(1, '\x2a');
    head += w::Proto::VarintBytes(body.size() + kBytes);
    head += body;
    heads.push_back(head);
    graph_size += heads.back().size() + kBytes;
  }
  std::ofstream out(path, std::ios::binary);
  // ModelProto: ir_version, then the graph (field 7, tag 0x3a) and its length.
  out << w::Proto().Varint(1, 8).str() << '\x3a' << w::Proto::VarintBytes(graph_size) << graph;
  const std::string zeros(1 << 20, '\0');
  for (const std::string& head : heads) {
    out << head;
    for (uint64_t done = 0; done < kBytes; done += zeros.size()) out << zeros;
  }
  out << w::Proto().Message(8, w::Proto().Bytes(1, "").Varint(2, 17)).str();
  out.close();
  return static_cast<bool>(out);
}

}  // namespace trainflops::bench
