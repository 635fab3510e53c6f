// Run(LedgerFileRequest) on records whose phases name model files: a Method 1
// spec, a Hugging Face config, read beside the record; the figures worked by
// hand from the derivations the spec and config tests already make.
#include "trainflops/ledger_request.h"

#include <gtest/gtest.h>

namespace trainflops {
namespace {

const std::string kSource = TRAINFLOPS_SOURCE_DIR;

Result<LedgerReport> RunRecord(const std::string& yaml, const std::string& directory) {
  LedgerFileRequest r;
  r.file = InputFile::Owned("run.yaml", yaml);
  r.directory = directory;
  return Run(r);
}

constexpr char kHead[] = "model: M\nyear: 2025\nseed: 1\ndefault_ranges: false\nphases:\n";

// The statement of a record of `phases` read beside `directory` (empty when
// it fails: the failure is reported).
LedgerStatement StatementOf(const std::string& phases, const std::string& directory) {
  const Result<LedgerReport> r = RunRecord(kHead + phases, directory);
  EXPECT_TRUE(r.ok()) << r.status().message();
  return r.ok() ? r->statement() : LedgerStatement{};
}

const LedgerPhaseResult& PhaseOf(const LedgerStatement& s, const std::string& name) {
  for (const LedgerPhaseResult& p : s.phases) {
    if (p.name == name) return p;
  }
  static const LedgerPhaseResult none;
  ADD_FAILURE() << "no phase " << name;
  return none;
}

double Rel(double a, double b) { return std::abs(a / b - 1); }

// examples/transformer_corrected.yaml (tests/examples_test.cc, WorkedExamples):
// 415,577,952 FLOP per token forward (exact Table 1 terms); its training
// section: 1 epoch of 300,000 batches of 25,000 tokens = 7.5e9 tokens.
constexpr double kTransformerForward = 415577952.0;
constexpr double kTransformerTokens = 7.5e9;
// Llama-2-7b (src/llm/hf_config_test.cc): embed + head 2 x 32000 x 4096 =
// 262,144,000; per layer 4 x 4096^2 + 3 x 4096 x 11008 + 2 x 4096 =
// 202,383,360, x 32; final norm 4096: 6,738,415,616 parameters.
constexpr double kLlama2Params = 6738415616.0;

TEST(LedgerModelFiles, ASpecWithItsOwnTrainingAndTheTrainingOverridden) {
  const LedgerStatement s = StatementOf(
      "  - {name: own, kind: pre_training, architecture: transformer_corrected.yaml}\n"
      "  - {name: twice, kind: sft, architecture: transformer_corrected.yaml, epochs: 2}\n"
      "  - {name: eval, kind: evaluation, architecture: transformer_corrected.yaml}\n",
      kSource + "/examples");
  // 415,577,952 x (1 + 2) x 7.5e9 = 9.3505e18 (the spec's own training).
  const LedgerPhaseResult& own = PhaseOf(s, "own");
  EXPECT_LT(Rel(own.point, kTransformerForward * 3 * kTransformerTokens), 1e-9);
  EXPECT_NE(own.method.find("Method 1 on the architecture file"), std::string::npos);
  // The phase's 'epochs: 2' replaces the spec's 1: 1.87010e19.
  EXPECT_LT(Rel(PhaseOf(s, "twice").point, kTransformerForward * 3 * 2 * kTransformerTokens), 1e-9);
  // An evaluation runs forward only (backward ratio 0): 415,577,952 x 7.5e9 = 3.11683e18.
  EXPECT_LT(Rel(PhaseOf(s, "eval").point, kTransformerForward * kTransformerTokens), 1e-9);
}

TEST(LedgerModelFiles, AHfConfigTimesTokensTrainingAndForwardOnly) {
  const LedgerStatement s = StatementOf(
      "  - {name: pt, kind: pre_training, hf_config: llama-2-7b.json, tokens: 2T}\n"
      "  - {name: teacher, kind: distillation_teacher, hf_config: llama-2-7b.json, tokens: 1T}\n",
      kSource + "/tests/fixtures/hf");
  // 6ND: 6 x 6,738,415,616 x 2e12 = 8.0860987392e22 (Touvron et al. 2023, 2.0T tokens).
  const LedgerPhaseResult& pt = PhaseOf(s, "pt");
  EXPECT_LT(Rel(pt.point, 6 * kLlama2Params * 2e12), 1e-12);
  EXPECT_NE(pt.method.find("Hugging Face config"), std::string::npos) << pt.method;
  // No range and no default ranges: the interval is the point.
  EXPECT_EQ(pt.low, pt.point);
  EXPECT_EQ(pt.high, pt.point);
  // Teacher inference, forward only: 2 x 6,738,415,616 x 1e12 = 1.3476831232e22.
  EXPECT_LT(Rel(PhaseOf(s, "teacher").point, 2 * kLlama2Params * 1e12), 1e-12);
}

TEST(LedgerModelFiles, AnOnnxGraphWithThePhasesTrainingAmounts) {
  const LedgerStatement s = StatementOf(
      "  - {name: ft, kind: sft, architecture: alexnet.onnx, examples: 1000, epochs: 2}\n",
      kSource + "/tests/fixtures/onnx");
  const LedgerPhaseResult& ft = PhaseOf(s, "ft");
  EXPECT_NE(ft.method.find("ONNX graph"), std::string::npos) << ft.method;
  // Method 1: forward x (1 + 2) x 2 epochs x 1000 examples. torchvision's
  // table of classification weights (pytorch.org/vision/stable/models.html)
  // prints AlexNet at 0.71 GFLOPS, multiply-adds of convolutions and linear
  // layers to two decimals (0.705 to 0.715 G): 2 FLOP each gives 1.41e9 to
  // 1.43e9 FLOP forward; bias, ReLU and pooling, which it does not count, add
  // well under 1%.
  const double forward = ft.point / (3 * 2 * 1000);
  EXPECT_GE(forward, 2 * 0.705e9);
  EXPECT_LE(forward, 2 * 0.715e9 * 1.01);
}

TEST(LedgerModelFiles, TheExampleRecord) {
  LedgerFileRequest q;
  const std::string path = kSource + "/examples/ledger/model-files.yaml";
  Result<InputFile> file = OpenInputFile(path, InputKind::kEvidence);
  ASSERT_TRUE(file.ok()) << file.status().message();
  q.file = std::move(file).value();
  q.directory = kSource + "/examples/ledger";
  const Result<LedgerReport> r = trainflops::Run(q);
  ASSERT_TRUE(r.ok()) << r.status().message();
  const LedgerStatement& s = r->statement();
  // The trial run: 415,577,952 x 3 x 2 epochs x 7.5e9 = 1.870100784e19.
  EXPECT_LT(Rel(PhaseOf(s, "trial run").point, kTransformerForward * 3 * 2 * kTransformerTokens),
            1e-9);
  // Pre-training: 6 x 6,738,415,616 x 2e12 = 8.0860987392e22, with the
  // default ranges' interval around it.
  const LedgerPhaseResult& pt = PhaseOf(s, "pre-training");
  EXPECT_LT(Rel(pt.point, 6 * kLlama2Params * 2e12), 1e-12);
  EXPECT_LT(pt.low, pt.point);
  EXPECT_GT(pt.high, pt.point);
  // EU cumulative: exploratory runs are left out (guidelines ¶122), so the
  // total is the pre-training alone, 8.1e22 to two figures.
  for (const RegimeStatement& g : s.regimes) {
    if (g.regime.id != "eu_cumulative") continue;
    EXPECT_LT(Rel(g.total, 6 * kLlama2Params * 2e12), 1e-12);
    EXPECT_EQ(g.rounded, 8.1e22);
    ASSERT_EQ(g.left_out.size(), 1u);
    EXPECT_EQ(g.left_out[0].name, "trial run");
  }
}

TEST(LedgerModelFiles, ErrorsNameThePhaseTheKeyAndThePath) {
  const std::string dir = kSource + "/examples";
  struct Case {
    std::string phase, error;
  };
  for (const Case& c : {
           // A missing file: the path tried.
           Case{"architecture: nope.yaml",
                "run.yaml: phase 'pt': key 'architecture': cannot open '" + dir + "/nope.yaml'"},
           // A config given as an architecture, and a spec given as a config.
           Case{"architecture: ledger/llama-2-7b.json",
                "phase 'pt': key 'architecture': '" + dir +
                    "/ledger/llama-2-7b.json' is a Hugging Face config.json; give it as "
                    "'hf_config'"},
           Case{"hf_config: dqn.yaml, tokens: 1T",
                "phase 'pt': key 'hf_config': '" + dir +
                    "/dqn.yaml' is not a Hugging Face config.json"},
           // The estimator's own error, its field named as the record's key.
           Case{"architecture: dqn.yaml, batches: 10",
                "phase 'pt': key 'architecture': 'batches' and 'batch_size' go together"},
       }) {
    const Result<LedgerReport> r = RunRecord(
        std::string(kHead) + "  - {name: pt, kind: pre_training, " + c.phase + "}\n", dir);
    ASSERT_FALSE(r.ok()) << c.phase;
    EXPECT_NE(r.status().message().find(c.error), std::string::npos) << r.status().message();
  }
}

}  // namespace
}  // namespace trainflops
