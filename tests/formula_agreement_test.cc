// One formula, one place: the three paths that count a layer's forward FLOP
// and parameters, on the same small layers worked by hand:
//  - the Method 1 layer catalogue (src/catalogue/, `trainflops layer`);
//  - the ONNX operator rules (src/onnx/rules_*.cc), on tiny graphs built in
//    memory with the project's ONNX writer;
//  - the language-model blocks (src/llm/blocks.cc) under the Chinchilla
//    convention (Hoffmann et al. 2022, appendix F), the one that counts a
//    model term by term.
// Every path gives the row's hand value, or differs from it by the amount
// the path's row states, with the place where that difference is documented.
//
// Unit throughout: one sequence of T = 4 tokens (batch 1), as an ONNX graph
// runs it. The catalogue's dense and attention layers and the language-model
// conventions count one token: their figures are multiplied by 4.
#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "llm/blocks.h"
#include "onnx/testing/analyze_util.h"
#include "trainflops/catalogue.h"
#include "trainflops/onnx.h"
#include "trainflops/status.h"
#include "trainflops/transformer.h"

namespace trainflops {
namespace {

namespace ox = onnx::testing;

constexpr double kTokens = 4;  // T: the sequence every row counts

struct Count {
  double flop = 0;
  std::optional<double> params;  // when the path gives them for this layer
};

// One path's count of a row's layer. `difference` is what the path's
// convention adds to the hand value (negative: what it leaves out), `why`
// where that is documented; 0 and empty for a path that must equal it.
struct Path {
  std::string name;
  std::function<Result<Count>()> count;
  double difference = 0;
  std::string why;
};

struct Case {
  std::string name;
  double flop;
  std::optional<double> params;
  std::vector<Path> paths;
};

// ---- The layer catalogue -------------------------------------------------

using Args = std::map<std::string, std::string>;

struct LayerCall {
  std::string type;
  Shape input;
  Args args;
};

Result<LayerCost> Layer(const LayerCall& call) {
  TF_ASSIGN_OR_RETURN(const LayerKind* kind, FindLayerKind(call.type));
  LayerArgs args;
  for (const auto& [key, value] : call.args) args.Set(key, value);
  return ComputeLayer(*kind, call.input, args);
}

// The exact forward FLOP and parameters of `layers` in sequence, each run
// `times` (per token -> per sequence).
Path Catalogue(std::string name, std::vector<LayerCall> layers, double times = 1,
               double difference = 0, std::string why = "") {
  return {std::move(name),
          [layers, times]() -> Result<Count> {
            Count c{0, 0.0};
            for (const LayerCall& call : layers) {
              TF_ASSIGN_OR_RETURN(const LayerCost cost, Layer(call));
              c.flop += times * cost.forward_flop;
              *c.params += cost.params;
            }
            return c;
          },
          difference, std::move(why)};
}

// The catalogue's multi-head attention over one token of W = 8: H = 2 heads,
// D = N = 4, M = 8, sequence length `seq_len`.
LayerCall Mha(double seq_len, bool causal = false) {
  return {"multi_head_attention",
          {8},
          {{"key_size", "4"},
           {"head_size", "4"},
           {"heads", "2"},
           {"output_size", "8"},
           {"seq_len", std::to_string(static_cast<int>(seq_len))},
           {"causal", causal ? "true" : "false"}}};
}

// Which figure of the catalogue's attention a path reads: its approximate
// (Table 1 "≈") form, the matrix products alone, or what the exact form
// adds to it.
enum class Form { kApprox, kExactLessApprox };

// The terms of the catalogue's attention that grow with L, per sequence: the
// cost is a + b·(attended length), so at L the L-terms are cost(2L) - cost(L)
// without a mask, and a causal cost(L) less the same a = 2·cost(L) - cost(2L).
Path CatalogueAttentionLTerms(std::string name, Form form, bool causal, double difference = 0,
                              std::string why = "") {
  auto flop = [form](double seq_len, bool masked) -> Result<double> {
    TF_ASSIGN_OR_RETURN(const LayerCost cost, Layer(Mha(seq_len, masked)));
    return form == Form::kApprox ? cost.forward_flop_approx
                                 : cost.forward_flop - cost.forward_flop_approx;
  };
  return {std::move(name),
          [flop, causal]() -> Result<Count> {
            TF_ASSIGN_OR_RETURN(const double at_l, flop(kTokens, causal));
            TF_ASSIGN_OR_RETURN(const double full_l, flop(kTokens, false));
            TF_ASSIGN_OR_RETURN(const double full_2l, flop(2 * kTokens, false));
            const double constant = 2 * full_l - full_2l;
            return Count{kTokens * (at_l - constant), std::nullopt};
          },
          difference, std::move(why)};
}

// The catalogue's attention in its approximate (Table 1 "≈") form, the
// matrix products alone, with the exact parameters.
Path CatalogueAttentionProducts() {
  return {"catalogue multi_head_attention, ≈ form",
          []() -> Result<Count> {
            TF_ASSIGN_OR_RETURN(const LayerCost cost, Layer(Mha(kTokens)));
            return Count{kTokens * cost.forward_flop_approx, cost.params};
          },
          0, ""};
}

// ---- The ONNX operator rules -------------------------------------------

// A small graph: graph inputs (name, shape, element type: 1 float, 7
// int64), weights (trainable float initializers), constant int64
// initializers (shapes), nodes.
struct OnnxGraph {
  std::vector<std::tuple<std::string, std::vector<int64_t>, int32_t>> inputs;
  std::vector<std::pair<std::string, std::vector<int64_t>>> weights, ints;
  std::vector<ox::Proto> nodes;
  int64_t opset = 17;
  bool contrib = false;  // imports the com.microsoft domain

  std::string Bytes() const {
    ox::Graph g;
    for (const auto& [name, dims, type] : inputs) {
      g.inputs.push_back(ox::ValueInfo(name, std::vector<ox::D>(dims.begin(), dims.end()), type));
    }
    for (const auto& [name, dims] : weights) g.initializers.push_back(ox::WeightTensor(name, dims));
    for (const auto& [name, values] : ints) g.initializers.push_back(ox::IntTensor(name, values));
    g.nodes = nodes;
    return ox::Model(g, opset, contrib);
  }
};

enum class Measure {
  kAll,          // the graph's forward FLOP and trainable parameters
  kProducts,     // 2 x the multiply-adds of its matrix products, and its parameters
  kNotProducts,  // forward FLOP less 2 x the multiply-adds
  kNodes,        // the forward FLOP of the nodes named
};

Result<Count> Measured(const OnnxAnalysis& a, Measure measure,
                       const std::vector<std::string>& nodes) {
  if (!a.uncounted.empty() || !a.unsupported.empty()) {
    return Status::Internal("the graph is not counted whole: " + (a.uncounted.empty()
                                                                      ? a.unsupported[0].op_type
                                                                      : a.uncounted[0].reason));
  }
  switch (measure) {
    case Measure::kAll:
      return Count{a.forward_flop, a.params};
    case Measure::kProducts:
      return Count{2 * a.multiply_adds, a.params};
    case Measure::kNotProducts:
      return Count{a.forward_flop - 2 * a.multiply_adds, std::nullopt};
    case Measure::kNodes:
      break;
  }
  Count c;
  for (const std::string& name : nodes) {
    const OnnxNode* node = ox::FindNode(a, name);
    if (node == nullptr) return Status::NotFound("no node '" + name + "'");
    c.flop += node->forward_flop;
  }
  return c;
}

Path Onnx(std::string name, OnnxGraph graph, Measure measure = Measure::kAll,
          std::vector<std::string> nodes = {}) {
  return {std::move(name),
          [graph = std::move(graph), measure, nodes]() -> Result<Count> {
            TF_ASSIGN_OR_RETURN(const OnnxAnalysis a, ox::Analyze(graph.Bytes()));
            return Measured(a, measure, nodes);
          },
          0, ""};
}

// Input [4, 64] through a 64 x 32 weight and a bias of 32: Gemm, or MatMul then Add.
OnnxGraph DenseGraph(bool gemm) {
  OnnxGraph g{{{"x", {4, 64}, 1}}, {{"w", {64, 32}}, {"b", {32}}}, {}, {}};
  if (gemm) {
    g.nodes = {ox::Node("Gemm", {"x", "w", "b"}, {"y"})};
  } else {
    g.nodes = {ox::Node("MatMul", {"x", "w"}, {"h"}), ox::Node("Add", {"h", "b"}, {"y"})};
  }
  return g;
}

// d = 8 -> 32 -> 8 with biases and a ReLU between, over 4 tokens.
OnnxGraph MlpGraph() {
  return {{{"x", {4, 8}, 1}},
          {{"w1", {8, 32}}, {"b1", {32}}, {"w2", {32, 8}}, {"b2", {8}}},
          {},
          {ox::Node("Gemm", {"x", "w1", "b1"}, {"h"}), ox::Node("Relu", {"h"}, {"a"}),
           ox::Node("Gemm", {"a", "w2", "b2"}, {"y"})}};
}

// 3 -> 8 channels, 3x3 kernel, 16x16 input, stride 1, padding 1, bias.
OnnxGraph ConvGraph() {
  return {{{"x", {1, 3, 16, 16}, 1}},
          {{"w", {8, 3, 3, 3}}, {"b", {8}}},
          {},
          {ox::Node("Conv", {"x", "w", "b"}, {"y"},
                    {ox::AttrInts("kernel_shape", {3, 3}), ox::AttrInts("pads", {1, 1, 1, 1}),
                     ox::AttrInts("strides", {1, 1})})}};
}

// 4 token ids into a 100 x 8 table.
OnnxGraph EmbeddingGraph() {
  return {
      {{"ids", {4}, 7}}, {{"table", {100, 8}}}, {}, {ox::Node("Gather", {"table", "ids"}, {"y"})}};
}

// A normalisation of 4 tokens of d = 8 with `params` ([8] each).
OnnxGraph NormGraph(const std::string& op, std::vector<std::string> params, int64_t opset) {
  OnnxGraph g{{{"x", {4, 8}, 1}}, {}, {}, {}, opset};
  std::vector<std::string> inputs = {"x"};
  for (const std::string& p : params) {
    g.weights.push_back({p, {8}});
    inputs.push_back(p);
  }
  g.nodes = {ox::Node(op, inputs, {"y"})};
  return g;
}

// Multi-head attention as exporters write it: 4 tokens of d = 8, 2 heads of
// 4. Q, K, V projections with biases, split into heads (Reshape, Transpose:
// no FLOP), scores Q·Kᵀ ("scores"), scaled by 1/√d_k ("scale": a Div by a
// graph input, so that no float constant counts as a parameter), softmax
// ("softmax"), the weighted sum ("weighted_sum"), heads merged and the output
// projection with its bias.
OnnxGraph AttentionGraph() {
  OnnxGraph g;
  g.inputs = {{"x", {1, 4, 8}, 1}, {"sqrt_dk", {1}, 1}};
  g.ints = {{"heads_shape", {1, 4, 2, 4}}, {"merged_shape", {1, 4, 8}}};
  const std::vector<int64_t> by_head = {0, 2, 1, 3}, keys_transposed = {0, 2, 3, 1};
  for (const std::string p : {"q", "k", "v"}) {
    g.weights.push_back({"w" + p, {8, 8}});
    g.weights.push_back({"b" + p, {8}});
    g.nodes.push_back(ox::Node("MatMul", {"x", "w" + p}, {p + "0"}, {}, p + "_proj"));
    g.nodes.push_back(ox::Node("Add", {p + "0", "b" + p}, {p + "1"}, {}, p + "_bias"));
    g.nodes.push_back(ox::Node("Reshape", {p + "1", "heads_shape"}, {p + "2"}));
    g.nodes.push_back(ox::Node("Transpose", {p + "2"}, {p},
                               {ox::AttrInts("perm", p == "k" ? keys_transposed : by_head)}));
  }
  g.weights.push_back({"wo", {8, 8}});
  g.weights.push_back({"bo", {8}});
  g.nodes.push_back(ox::Node("MatMul", {"q", "k"}, {"s"}, {}, "scores"));
  g.nodes.push_back(ox::Node("Div", {"s", "sqrt_dk"}, {"s1"}, {}, "scale"));
  g.nodes.push_back(ox::Node("Softmax", {"s1"}, {"p"}, {ox::AttrInt("axis", -1)}, "softmax"));
  g.nodes.push_back(ox::Node("MatMul", {"p", "v"}, {"o"}, {}, "weighted_sum"));
  g.nodes.push_back(ox::Node("Transpose", {"o"}, {"o1"}, {ox::AttrInts("perm", by_head)}));
  g.nodes.push_back(ox::Node("Reshape", {"o1", "merged_shape"}, {"o2"}));
  g.nodes.push_back(ox::Node("MatMul", {"o2", "wo"}, {"o3"}, {}, "out_proj"));
  g.nodes.push_back(ox::Node("Add", {"o3", "bo"}, {"y"}, {}, "out_bias"));
  return g;
}

// The same block as ONNX Runtime's fusion writes it: com.microsoft
// Attention (the Q, K, V projections of [8, 24] weights with a bias of 24,
// then the scores over 2 heads), then the output projection.
OnnxGraph FusedAttentionBlockGraph() {
  return {{{"x", {1, 4, 8}, 1}},
          {{"wqkv", {8, 24}}, {"bqkv", {24}}, {"wo", {8, 8}}, {"bo", {8}}},
          {},
          {ox::Node("Attention", {"x", "wqkv", "bqkv"}, {"o"}, {ox::AttrInt("num_heads", 2)}, "",
                    "com.microsoft"),
           ox::Node("MatMul", {"o", "wo"}, {"o1"}), ox::Node("Add", {"o1", "bo"}, {"y"})},
          17,
          true};
}

// The fused ONNX Attention operator (opset 23) on Q, K, V of [1, 2 heads, 4, 4].
OnnxGraph FusedAttentionGraph(bool causal) {
  std::vector<ox::Proto> attrs;
  if (causal) attrs.push_back(ox::AttrInt("is_causal", 1));
  return {{{"q", {1, 2, 4, 4}, 1}, {"k", {1, 2, 4, 4}, 1}, {"v", {1, 2, 4, 4}, 1}},
          {},
          {},
          {ox::Node("Attention", {"q", "k", "v"}, {"y"}, attrs)},
          23};
}

// ---- The language-model blocks ------------------------------------------

// d = 8, one block of multi-head attention (2 heads of 4, biases on Q, K,
// V and the output) and an MLP 8 -> 32 -> 8 with biases; a vocabulary of
// 100; T = 4. Beside it, the norms and the projection the rows compare, as
// components of their own.
TransformerModel TinyModel() {
  TransformerModel m;
  m.name = "formula agreement";
  m.layers = 1;
  m.d_model = 8;
  m.vocab = 100;
  m.seq_len = kTokens;
  llm::AddEmbedding(m, "embedding", m.vocab, m.d_model);
  llm::BlockGroup g;
  g.label = "layers.0";
  g.count = 1;
  g.attention.heads = g.attention.kv_heads = 2;
  g.attention.head_dim = 4;
  g.attention.qkv_bias = g.attention.out_bias = true;
  g.mlp.d_ff = 32;
  g.mlp.bias = true;
  g.norms = 0;
  llm::AddBlocks(m, g);
  llm::AddFinalNorm(m, "layer_norm", 2 * m.d_model, "layernorm");
  llm::AddFinalNorm(m, "rms_norm", m.d_model, "rmsnorm");
  llm::AddProjection(m, "dense", 64, 32, /*bias=*/true);
  return m;
}

// The Chinchilla convention's forward FLOP per token of the named
// components (with their parameters) and terms, per sequence.
Path Llm(std::string name, std::vector<std::string> components, std::vector<std::string> terms,
         double difference, std::string why, AttentionMode mode = AttentionMode::kFull) {
  return {std::move(name),
          [components, terms, mode]() -> Result<Count> {
            const TransformerModel m = TinyModel();
            ConventionOptions options;
            options.attention = mode;
            TF_ASSIGN_OR_RETURN(const ConventionResult r, FlopChinchilla(m, options));
            Count c;
            if (!components.empty()) c.params = 0;
            for (const std::string& wanted : components) {
              size_t i = 0;
              while (i < m.components.size() && m.components[i].name != wanted) ++i;
              if (i == m.components.size()) return Status::NotFound("no component " + wanted);
              c.flop += kTokens * r.component_forward[i];
              *c.params += m.components[i].params;
            }
            for (const std::string& wanted : terms) {
              size_t i = 0;
              while (i < r.terms.size() && r.terms[i].name != wanted) ++i;
              if (i == r.terms.size()) return Status::NotFound("no term " + wanted);
              c.flop += kTokens * r.terms[i].forward_flop;
            }
            return c;
          },
          difference, std::move(why)};
}

constexpr const char* kLogits = "attention: K @ Q logits";
constexpr const char* kSoftmax = "attention: softmax";
constexpr const char* kWeighted = "attention: softmax @ V";
constexpr const char* kChinchillaWeightsOnly =
    "the Chinchilla convention counts 2 FLOP per weight a token multiplies by: biases, norms "
    "and activations are not counted (Hoffmann et al. 2022, appendix F; docs/llm.md)";
constexpr const char* kTableOneSoftmax =
    "Sevilla et al. 2022, Table 1 counts the attention softmax as L, 1 FLOP per score, where "
    "every other path counts 3 (exp, sum, divide; the catalogue softmax's note)";

std::vector<Case> Cases() {
  const LayerCall dense = {"dense", {64}, {{"units", "32"}, {"activation", "none"}}};
  return {
      // Fully connected N = 64 -> M = 32 with a bias, no non-linearity (ONNX
      // has a node of its own for one), at 4 positions. Sevilla et al. 2022,
      // Table 1: per position 2·N·M + M = 4,096 + 32 = 4,128; 4 positions
      // 16,512. Params N·M + M = 2,048 + 32 = 2,080. ONNX Gemm by the
      // operator's definition, Y = A·B + C with A [4, 64], B [64, 32]: each
      // of the 4·32 outputs a dot product of 64 terms (2·64 FLOP) plus C:
      // 128·129 = 16,512; MatMul then Add the same.
      {"dense",
       16512,
       2080,
       {Catalogue("catalogue dense", {dense}, kTokens), Onnx("ONNX Gemm", DenseGraph(true)),
        Onnx("ONNX MatMul + Add", DenseGraph(false)),
        // 2 x 2,048 weights x 4 tokens = 16,384: the 4·32 = 128 bias additions less.
        Llm("language-model projection", {"dense"}, {}, -128, kChinchillaWeightsOnly)}},
      // An MLP d = 8 -> 32 -> 8 with biases and a ReLU between. Table 1: the
      // first layer 2·8·32 + 32 (bias) + 32 (non-linearity) = 576, the second
      // 2·32·8 + 8 = 520; per token 1,096, 4 tokens 4,384. Params 256 + 32 +
      // 256 + 8 = 552. ONNX: Gemm 4·32·(2·8 + 1) = 2,176, Relu 4·32 = 128,
      // Gemm 4·8·(2·32 + 1) = 2,080: 4,384.
      {"mlp",
       4384,
       552,
       {Catalogue("catalogue dense + dense",
                  {{"dense", {8}, {{"units", "32"}}},
                   {"dense", {32}, {{"units", "8"}, {"activation", "none"}}}},
                  kTokens),
        Onnx("ONNX Gemm, Relu, Gemm", MlpGraph()),
        // 2 x 512 weights x 4 = 4,096: 4 x (40 biases + 32 ReLU) = 288 less.
        Llm("language-model MLP", {"layers.0/mlp"}, {}, -288, kChinchillaWeightsOnly)}},
      // D = 8 filters of 3·3·3 over a 16·16·3 input, stride 1, padding 1,
      // bias, no non-linearity. Table 1 (CNN): H' = (16 - 3 + 2·1 + 1)/1 =
      // 16, P = 256 positions; 2·K²·C·D·P = 2·9·3·8·256 = 110,592 + P·D =
      // 2,048 (bias) = 112,640. Params D·K²·C + D = 216 + 8 = 224. ONNX Conv
      // by definition: 8·256 outputs, each a dot product of 27 terms plus the
      // bias: 2,048·55 = 112,640.
      {"conv2d",
       112640,
       224,
       {Catalogue(
            "catalogue conv2d",
            {{"conv2d",
              {16, 16, 3},
              {{"filters", "8"}, {"kernel", "3"}, {"padding", "1"}, {"activation", "none"}}}}),
        Onnx("ONNX Conv", ConvGraph())}},
      // Word embedding V = 100, W = 8, 4 token ids. Table 1: 0 FLOP (a
      // lookup), params W·V = 800; ONNX Gather moves data: 0.
      {"embedding",
       0,
       800,
       {Catalogue("catalogue embedding", {{"embedding", {4, 1}, {{"vocab", "100"}, {"dim", "8"}}}}),
        Onnx("ONNX Gather", EmbeddingGraph()),
        // 2·V·d = 1,600 per token, 6,400 per sequence: the lookup counted as
        // a product with a one-hot vector.
        Llm("language-model embedding", {"embedding"}, {}, 6400,
            "the Chinchilla convention counts the embedding as 2·V·d per token (Hoffmann et al. "
            "2022, appendix F; docs/llm.md), Table 1 and ONNX Gather as a lookup, 0")}},
      // Layer normalisation of 4 tokens of d = 8, 32 elements. The catalogue's
      // convention (src/catalogue/elementwise.cc), which the ONNX rules share:
      // mean 1, centre 1, variance 2, normalise 1, scale and shift 2 = 7 per
      // element: 224. Params γ and β: 16.
      {"layer_norm",
       224,
       16,
       {Catalogue("catalogue layernorm", {{"layernorm", {4, 8}, {}}}),
        Onnx("ONNX LayerNormalization", NormGraph("LayerNormalization", {"scale", "bias"}, 17)),
        Llm("language-model layer norm", {"layer_norm"}, {}, -224, kChinchillaWeightsOnly)}},
      // RMS normalisation of the same 32 elements: square 1, sum 1,
      // normalise 1, scale 1 = 4 per element: 128. Params γ: 8.
      {"rms_norm",
       128,
       8,
       {Catalogue("catalogue rmsnorm", {{"rmsnorm", {4, 8}, {}}}),
        Onnx("ONNX RMSNormalization", NormGraph("RMSNormalization", {"scale"}, 23)),
        Llm("language-model RMS norm", {"rms_norm"}, {}, -128, kChinchillaWeightsOnly)}},
      // Softmax over the attention scores of 2 heads, 4 queries, 4 keys:
      // 32 scores x 3 (exp, sum, divide) = 96. Chinchilla's 3·heads·T per
      // token: 3·2·4 = 24, x 4 = 96.
      {"softmax",
       96,
       std::nullopt,
       {Catalogue("catalogue softmax", {{"softmax", {2, 4, 4}, {}}}),
        Onnx("ONNX Softmax in the attention graph", AttentionGraph(), Measure::kNodes, {"softmax"}),
        Llm("language-model attention softmax", {}, {kSoftmax}, 0, "")}},
      // Attention of 2 heads, d_k = d_v = 4, T = L = 4, no mask: Q·Kᵀ gives
      // 2·4·4 = 32 scores, each a dot product of d_k = 4 terms: 2·32·4 = 256;
      // the weighted sum gives 2·4·4 = 32 outputs, each a sum of L = 4
      // weighted values: 2·32·4 = 256. Together 512. The catalogue (Table 1,
      // ≈ form): 2·L·(D + N) per head per token = 2·4·8 = 64, x 2 heads x 4
      // tokens = 512. Chinchilla: logits 2·T·(key_size·heads) = 2·4·8 = 64 and
      // softmax @ V 64 per token: 128 x 4 = 512.
      {"attention_scores_and_weighted_sum",
       512,
       std::nullopt,
       {CatalogueAttentionLTerms("catalogue multi_head_attention, ≈ form, terms in L",
                                 Form::kApprox, /*causal=*/false),
        Onnx("ONNX MatMul chain", AttentionGraph(), Measure::kNodes, {"scores", "weighted_sum"}),
        Onnx("ONNX Attention (opset 23), its products", FusedAttentionGraph(false),
             Measure::kProducts),
        Llm("language-model attention core", {}, {kLogits, kWeighted}, 0, "")}},
      // What each attention formula adds per score besides the products: the
      // scale by 1/√d_k (1) and the softmax (3): 4 x 32 scores = 128.
      {"attention_scale_and_softmax",
       128,
       std::nullopt,
       {Onnx("ONNX Div + Softmax", AttentionGraph(), Measure::kNodes, {"scale", "softmax"}),
        Onnx("ONNX Attention (opset 23), beside its products", FusedAttentionGraph(false),
             Measure::kNotProducts),
        // Table 1's L·(2D + 1) + L + 2·L·N less its ≈ 2·L·(D + N): 2·L per
        // head per token, a scale and a softmax of 1 per score: 2·32 = 64,
        // 64 less.
        CatalogueAttentionLTerms("catalogue multi_head_attention, exact less ≈, terms in L",
                                 Form::kExactLessApprox, /*causal=*/false, -64, kTableOneSoftmax),
        // 3 per score, no scale: 96, 32 less.
        Llm("language-model attention softmax", {}, {kSoftmax}, -32,
            "the Chinchilla convention has no term for the scale by 1/√d_k (Hoffmann et al. 2022, "
            "appendix F; docs/llm.md)")}},
      // The whole multi-head attention block, its matrix products: the Q, K,
      // V and output projections, 4 x (4 tokens x 8 outputs x 8 terms) x 2 =
      // 2,048, and the 512 above: 2,560. Params 4 x 64 weights + 4 x 8
      // biases = 288. Table 1's ≈ form: 2·H·(W·(2D + N) + L·(D + N) + N·M) =
      // 4·(96 + 32 + 32) = 640 per token, 2,560; its exact params H·3·(W·D +
      // D) + H·N·M + M = 216 + 64 + 8 = 288. Chinchilla: 2 x 256 projection
      // weights + 64 + 64 = 640 per token.
      {"attention_block_products",
       2560,
       288,
       {CatalogueAttentionProducts(),
        Onnx("ONNX attention graph, its products", AttentionGraph(), Measure::kProducts),
        Llm("language-model attention block", {"layers.0/attention"}, {kLogits, kWeighted}, 0,
            "")}},
      // The same block, every operation: 2,560 + the biases 4 x 32 = 128 +
      // the scale 32 + the softmax 96 = 2,816 (the ONNX graph's nodes).
      // com.microsoft Attention: 2·4·8·24 = 1,536 + 96 (bias) + the scores
      // 512 + 32 + 96 = 2,272; the output MatMul 512 and Add 32: 2,816.
      {"attention_block",
       2816,
       288,
       {Onnx("ONNX attention graph", AttentionGraph()),
        Onnx("ONNX com.microsoft Attention + MatMul + Add", FusedAttentionBlockGraph()),
        // Table 1, per token: H·[(2WD + 2D)·2 + (2WN + 2N) + L·(2D + 1) + L +
        // 2·L·N] + 2·H·N·M + M + M = 2·[144 + 72 + 36 + 4 + 32] + 128 + 16 =
        // 720, x 4 = 2,880: +64, = +128 for a non-linearity term on each
        // projection (2·D beyond the weights, bias and non-linearity, as
        // Table 1's fully connected row; H·(D + D + N) + M = 32 per token)
        // and -64 for the softmax.
        Catalogue("catalogue multi_head_attention", {Mha(kTokens)}, kTokens, 64,
                  "Sevilla et al. 2022, Table 1 counts each projection as its fully connected "
                  "row, 2·D beyond the weights (bias and non-linearity), though attention's "
                  "projections have no non-linearity; and the softmax as 1 per score, not 3"),
        // Chinchilla: 640 + 24 per token, 2,656: the 128 bias additions and
        // the 32 scales less.
        Llm("language-model attention block", {"layers.0/attention", "layers.0/attention_core"}, {},
            -160,
            "the Chinchilla convention counts neither biases nor the scale by 1/√d_k (Hoffmann "
            "et al. 2022, appendix F; docs/llm.md)")}},
      // Causal: query t (1..4) attends to t keys, 1 + 2 + 3 + 4 = 10 scores a
      // head, an average of (L + 1)/2 = 2.5: 2·2 heads·10·(d_k + d_v) =
      // 4·10·8 = 320. The ONNX MatMul chain is left out: a MatMul computes
      // every score whatever mask follows it.
      {"causal_attention_products",
       320,
       std::nullopt,
       {CatalogueAttentionLTerms("catalogue multi_head_attention causal, ≈ form, terms in L",
                                 Form::kApprox, /*causal=*/true),
        Onnx("ONNX Attention (opset 23) is_causal, its products", FusedAttentionGraph(true),
             Measure::kProducts),
        // T/2 = 2 keys a query: 2·2·2·8 = 64 per token, 256: 64 less.
        Llm("language-model attention core, causal", {}, {kLogits, kWeighted}, -64,
            "the language-model conventions average the causal triangle continuously, T/2 keys "
            "per query rather than (T + 1)/2 (docs/llm.md, \"Attention per layer\")",
            AttentionMode::kCausal)}},
  };
}

class FormulaAgreement : public ::testing::TestWithParam<Case> {};

void PrintTo(const Case& c, std::ostream* os) { *os << c.name; }

std::string CaseName(const ::testing::TestParamInfo<Case>& p) { return p.param.name; }

TEST_P(FormulaAgreement, EveryPathGivesTheHandValue) {
  const Case& c = GetParam();
  int equal = 0;
  for (const Path& path : c.paths) {
    SCOPED_TRACE(path.name);
    const Result<Count> got = path.count();
    ASSERT_TRUE(got.ok()) << got.status().message();
    EXPECT_DOUBLE_EQ(got->flop, c.flop + path.difference) << path.why;
    if (c.params && got->params) {
      EXPECT_DOUBLE_EQ(*got->params, *c.params);
    }
    EXPECT_EQ(path.difference == 0, path.why.empty()) << "a difference needs its source";
    if (path.difference == 0) ++equal;
  }
  // A row holds at least two paths equal to the hand value: a row of
  // differences alone would compare nothing.
  EXPECT_GE(equal, 2);
}

INSTANTIATE_TEST_SUITE_P(ThreePaths, FormulaAgreement, ::testing::ValuesIn(Cases()), CaseName);

}  // namespace
}  // namespace trainflops
