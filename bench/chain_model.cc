#include "chain_model.h"

#include "../src/onnx/testing/onnx_writer.h"

namespace trainflops::bench {

namespace w = trainflops::onnx::testing;

std::string NumberedName(const char* prefix, int64_t i) {
  std::string s(prefix);
  s += std::to_string(i);
  return s;
}

std::string SharedWeightChain(int64_t nodes) {
  w::Graph g;
  g.inputs.push_back(w::ValueInfo("x0", w::S({1, 16})));
  g.initializers.push_back(w::WeightTensor("w", {16, 16}));
  g.initializers.push_back(w::WeightTensor("b", {16}));
  std::string x = "x0";
  for (int64_t i = 0; i < nodes; ++i) {
    const std::string out = NumberedName("t", i);
    g.nodes.push_back(i % 2 == 0 ? w::Node("MatMul", {x, "w"}, {out}, {}, NumberedName("m", i))
                                 : w::Node("Add", {x, "b"}, {out}, {}, NumberedName("a", i)));
    x = out;
  }
  g.outputs.push_back(w::ValueInfo(x, w::S({1, 16})));
  return w::Model(g);
}

}  // namespace trainflops::bench
