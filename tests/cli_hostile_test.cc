// Hostile input on the command line: files and figures chosen as an attacker
// would (nesting tens of thousands deep, YAML alias bombs, /dev/zero as a
// file, a megabyte line, figures near 1.8e308). Each must end in exit code 2
// and one short message that names the actual problem: never a crash, an
// unbounded read or an "inf" printed as an answer. The hostile files are
// generated here; the large ones are sparse or a few MB. Time and memory
// bounds are measured by scripts/hostile_bounds.sh, not asserted here.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <ostream>
#include <random>
#include <sstream>

#include "../src/onnx/testing/onnx_writer.h"
#include "cli_test_util.h"

namespace {

using namespace trainflops::testing;  // RunCli, CliOutput, SourcePath, WriteTempFile
namespace w = trainflops::onnx::testing;

std::string Read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string Quoted(const std::string& path) { return "'" + path + "'"; }

// `[[[...]]]`, `depth` levels.
std::string DeepArray(size_t depth) { return std::string(depth, '[') + std::string(depth, ']'); }

std::string Replace(std::string text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

// Fixed pseudo-random bytes (the same on every run).
// A directory holding `files` (name, bytes), for a config with its checkpoint
// index beside it, which estimate reads on its own.
std::string DirectoryWith(const std::vector<std::pair<std::string, std::string>>& files) {
  const std::string dir = WriteTempFile("directory", "") + ".d";
  std::filesystem::create_directory(dir);
  for (const auto& [name, bytes] : files) {
    std::ofstream(dir + "/" + name, std::ios::binary) << bytes;
  }
  return dir;
}

// A safetensors file: the header's length (8 bytes, little-endian), the
// header, and `data` bytes.
std::string Safetensors(const std::string& header, size_t data) {
  std::string bytes;
  for (int i = 0; i < 8; ++i) bytes += static_cast<char>((header.size() >> (8 * i)) & 0xFF);
  return bytes + header + std::string(data, '\0');
}

const std::string kLlamaConfig =
    R"({"model_type": "llama", "hidden_size": 64, "intermediate_size": 128,
        "num_hidden_layers": 2, "num_attention_heads": 4, "vocab_size": 100,
        "torch_dtype": "float32"})";
const std::string kDeepIndex =
    R"({"metadata": {"total_size": )" + DeepArray(80000) + R"(}, "weight_map": {}})";

std::string RandomBytes(size_t n) {
  std::mt19937 rng(20260101);
  std::string bytes(n, '\0');
  for (char& c : bytes) c = static_cast<char>(rng() & 0xFF);
  return bytes;
}

// A file of `bytes` that occupies no disk: a hole, as `truncate -s` makes.
std::string SparseFile(const std::string& name, uintmax_t bytes) {
  const std::string path = WriteTempFile(name, "");
  std::filesystem::resize_file(path, bytes);
  return path;
}

constexpr char kHardware[] = "--chip V100 --count 8 --time '5 days'";

struct Hostile {
  const char* name;
  std::function<std::string()> args;  // shell text after `trainflops`
  std::vector<std::string> parts;     // each must be in the message
};

// Test output names the case ("GetParam() = deep_jsonl_row"), not its bytes.
void PrintTo(const Hostile& h, std::ostream* os) { *os << h.name; }

class HostileInput : public ::testing::TestWithParam<Hostile> {};

// Exit 2, nothing on standard output, one short line on standard error that
// says what is wrong, and no "inf" or "nan" anywhere.
TEST_P(HostileInput, ExitsTwoWithAPointedMessage) {
  const CliOutput o = RunCli(GetParam().args());
  EXPECT_EQ(o.code, 2) << o.err.substr(0, 2000);
  EXPECT_EQ(o.out, "");
  EXPECT_LT(o.err.size(), 1000u) << o.err.substr(0, 2000);
  EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err.substr(0, 2000);
  for (const std::string& part : GetParam().parts) {
    EXPECT_NE(o.err.find(part), std::string::npos) << "wanted '" << part << "' in: " << o.err;
  }
  EXPECT_EQ(o.err.find(" inf "), std::string::npos) << o.err;
  EXPECT_EQ(o.err.find("nan"), std::string::npos) << o.err;
}

const std::string kDeepConfig =
    R"({"model_type": "llama", "hidden_size": )" + DeepArray(80000) + "}";

INSTANTIATE_TEST_SUITE_P(
    All, HostileInput,
    ::testing::Values(
        // 1. Deep nesting crashed the JSON printer while quoting the value.
        Hostile{"deep_jsonl_row",
                [] { return "batch " + WriteTempFile("rows.jsonl", DeepArray(70000) + "\n"); },
                {"no usable row", "nested more than 64 levels deep"}},
        Hostile{
            "deep_config_value",
            [] { return "estimate " + WriteTempFile("config.json", kDeepConfig) + " --tokens 1T"; },
            {"config.json:1: nested more than 64 levels deep"}},
        Hostile{"deep_yaml_spec",
                [] {
                  return "estimate " +
                         WriteTempFile("deep.yaml", "input: [4]\nlayers: " + DeepArray(5000));
                },
                {"deep.yaml:2: nested more than 64 levels deep"}},
        // 2. A token routed to more experts than exist.
        Hostile{
            "deepseek_experts_per_token",
            [] {
              return "estimate " +
                     WriteTempFile(
                         "ds.json",
                         Replace(Read(SourcePath("tests/fixtures/hf/deepseek-v3.json")),
                                 "\"num_experts_per_tok\": 8", "\"num_experts_per_tok\": 300")) +
                     " --tokens 14.8T";
            },
            {"num_experts_per_tok (300) exceeds the number of experts, n_routed_experts (256)"}},
        // 3. Repeat and alias bombs are counted while reading.
        Hostile{"alias_bomb",
                [] { return "estimate " + WriteTempFile("bomb.yaml", AliasBombSpec()); },
                {"bomb.yaml:",
                 "at most 10,000 layers after expanding 'repeat' blocks and YAML aliases"}},
        Hostile{"repeat_million",
                [] {
                  return "estimate " +
                         WriteTempFile(
                             "r.yaml",
                             "input: [4]\nlayers: [{repeat: 1000000, layers: [{type: relu}]}]\n"
                             "training: {examples: 1}\n");
                },
                {"field 'repeat' must be a whole number of copies (1 to 10,000)"}},
        // 4. Devices, directories and oversized files are refused unread.
        Hostile{"dev_zero_spec",
                [] { return std::string("estimate /dev/zero"); },
                {"'/dev/zero' is a character device", "give the path of a model spec"}},
        Hostile{"dev_urandom_compare",
                [] { return "compare /dev/urandom " + std::string(kHardware); },
                {"'/dev/urandom' is a character device"}},
        Hostile{"dev_zero_hardware_db",
                [] { return "hardware --hardware-db /dev/zero " + std::string(kHardware); },
                {"'/dev/zero' is a character device", "hardware table"}},
        Hostile{"dev_zero_trend",
                [] { return std::string("trend --data /dev/zero"); },
                {"'/dev/zero' is a character device"}},
        Hostile{"dev_zero_batch_csv",
                [] { return std::string("batch /dev/zero"); },
                {"'/dev/zero' is a character device", "CSV dataset"}},
        Hostile{"dev_zero_batch_jsonl",
                [] { return std::string("batch /dev/zero --format jsonl"); },
                {"'/dev/zero' is a character device", "JSON-lines dataset"}},
        Hostile{"directory_as_spec",
                [] { return "estimate " + Quoted(::testing::TempDir()); },
                {"is a directory", "give the path of a model spec"}},
        Hostile{"csv_200_mb",
                [] { return "trend --data " + SparseFile("big.csv", 200'000'000); },
                {"the file is 200 MB; a CSV dataset may be at most 64 MiB"}},
        Hostile{"batch_200_mb",
                [] { return "batch " + SparseFile("big.jsonl", 200'000'000); },
                {"the file is 200 MB; a JSON-lines dataset may be at most 64 MiB"}},
        Hostile{"spec_2_mb",
                [] { return "estimate " + SparseFile("big.yaml", 2'000'000); },
                {"the file is 2000 kB; a model spec may be at most 1 MiB"}},
        // 5. Line, field and column caps in the CSV reader.
        Hostile{
            "csv_2_mb_line",
            [] { return "trend --data " + WriteTempFile("line.csv", std::string(2'000'000, 'a')); },
            {"line.csv:1:1: a field longer than 65536 bytes"}},
        Hostile{"csv_million_columns",
                [] {
                  std::string line;
                  for (int i = 0; i < 1'000'000; ++i) line += i ? ",c" : "c";
                  return "batch " + WriteTempFile("wide.csv", line + "\n");
                },
                {"more than 1000 fields in a record"}},
        // 6. Figures past 1.8e308 are refused, naming the inputs.
        Hostile{"epochs_1e308",
                [] { return "estimate " + SourcePath("examples/vgg16.yaml") + " --epochs 1e308"; },
                {"training compute (FLOP) overflows", "epochs = 1e308"}},
        Hostile{"spec_training_1e300",
                [] {
                  return "estimate " +
                         WriteTempFile("huge.yaml",
                                       "input: [4]\nlayers: [{type: dense, units: 4}]\n"
                                       "training: {examples: 1e300, epochs: 1e300}\n");
                },
                {"training compute (FLOP) overflows"}},
        Hostile{"onnx_dims_1e18",
                [] {
                  std::vector<w::D> dims(18, int64_t{1'000'000'000'000'000'000});
                  return "estimate " + WriteTempFile("huge.onnx", OnnxRelu(dims)) + " --examples 1";
                },
                {"huge.onnx", "graph's forward compute (FLOP) overflows"}},
        Hostile{"layer_forward_1e308",
                [] { return std::string("layer given forward=1e308 shape=10"); },
                {"training compute, forward x (1 + backward/forward ratio) (FLOP) overflows"}},
        Hostile{"compare_epochs_1e308",
                [] {
                  return "compare " + SourcePath("examples/vgg16.yaml") + " --epochs 1e308 " +
                         kHardware;
                },
                {"training compute (FLOP) overflows"}},
        Hostile{"price_1e300",
                [] {
                  return std::string(
                      "hardware --chip V100 --count 1e6 --time '1000 days' "
                      "--price-per-chip-hour 1e300");
                },
                {"the cost (USD) overflows"}},
        Hostile{"tdp_1e300",
                [] {
                  return std::string(
                      "hardware --chip V100 --count 1e6 --time '1000 days' --tdp 1e300 --energy");
                },
                {"the energy (kWh) overflows"}},
        // The median is finite, but samples from the top of the range overflow.
        Hostile{"uncertainty_range_reaching_1e308",
                [] {
                  return "estimate " + SourcePath("examples/vgg16.yaml") +
                         " --uncertainty --epochs 1e290..1e292";
                },
                {"the interval overflows", "narrow the range of --epochs '1e290..1e292'"}},
        Hostile{"uncertainty_epochs_1e300",
                [] {
                  return "estimate " + SourcePath("examples/vgg16.yaml") +
                         " --uncertainty --epochs 1e300";
                },
                {"training compute (FLOP) overflows", "epochs = 1e300"}},
        // 7. Zero, negative and fractional counts.
        Hostile{"negative_units",
                [] { return std::string("units '-5 pfs-days'"); },
                {"'-5 pfs-days' is not an amount of compute: an amount of compute must be greater "
                 "than zero"}},
        Hostile{"tokens_underflow",
                [] { return std::string("tokens --params 1e-300 --tokens 1e-300"); },
                {"training compute (FLOP) is 0"}},
        Hostile{"onnx_zero_dimension",
                [] {
                  return "estimate " + WriteTempFile("empty.onnx", OnnxRelu(w::S({0, 16}))) +
                         " --examples 1";
                },
                {"graph's forward compute (FLOP) is 0", "a zero-size dimension"}},
        Hostile{"fractional_layers",
                [] {
                  return std::string(
                      "tokens --params 7e9 --tokens 1T --convention chinchilla --layers 32.5 "
                      "--d-model 4096 --heads 32 --vocab 32000");
                },
                {"--layers must be a whole number"}},
        // 8. A range must contain its figure.
        Hostile{"range_without_figure",
                [] { return std::string("thresholds 2e25 --range 2e26..1e27"); },
                {"does not contain the figure 2e25"}},
        // 9. Nothing usable in a batch file.
        Hostile{"batch_random_bytes",
                [] { return "batch " + WriteTempFile("random.jsonl", RandomBytes(4096)); },
                {"random.jsonl: no usable row: no line is a JSON object"}},
        Hostile{"batch_random_csv",
                [] { return "batch " + WriteTempFile("random.csv", RandomBytes(4096)); },
                {"random.csv"}},
        Hostile{"batch_empty_jsonl",
                [] { return "batch " + WriteTempFile("empty.jsonl", ""); },
                {"empty.jsonl: no usable row"}},
        // Checkpoint files are JSON too: deep nesting crashed the reader.
        Hostile{"deep_checkpoint_index",
                [] {
                  return "tokens --tokens 1T --params " +
                         WriteTempFile("model.safetensors.index.json", kDeepIndex);
                },
                {"model.safetensors.index.json:1: nested more than 64 levels deep"}},
        Hostile{"deep_safetensors_header",
                [] {
                  return "tokens --tokens 1T --params " +
                         WriteTempFile(
                             "model.safetensors",
                             Safetensors(R"({"w": {"dtype": "F32", "shape": )" + DeepArray(80000) +
                                             R"(, "data_offsets": [0, 4]}})",
                                         4));
                },
                {"nested more than 64 levels deep"}},
        Hostile{"batch_unknown_header",
                [] { return "batch " + WriteTempFile("other.csv", "foo,bar\n1,2\n"); },
                {"other.csv:1: the header names none of the columns batch reads"}}),
    [](const ::testing::TestParamInfo<Hostile>& p) { return p.param.name; });

// A tiny figure is still a figure: 1e-280 FLOP is log10(1e-280) - 25 = -305
// orders of magnitude under the EU AI Act's 1e25, not "-inf". A subnormal
// one (1e-320, stored with a few significant bits) is refused: its ratio to
// the threshold would print as 0.
TEST(HostileThresholds, ATinyFigureHasFiniteOrdersASubnormalOneIsRefused) {
  const CliOutput o = RunCli("thresholds 1e-280 --json");
  ASSERT_EQ(o.code, 0) << o.err;
  const nlohmann::json j = nlohmann::json::parse(o.out);
  bool eu = false;
  for (const nlohmann::json& t : j["thresholds"]) {
    if (t["threshold_flop"].get<double>() != 1e25) continue;
    eu = true;
    EXPECT_NEAR(t["orders_of_magnitude"].get<double>(), -305.0, 1e-9) << t.dump();
  }
  EXPECT_TRUE(eu) << o.out;
  const CliOutput subnormal = RunCli("thresholds 1e-320");
  EXPECT_EQ(subnormal.code, 2);
  EXPECT_NE(subnormal.err.find("'1e-320' is not an amount of compute: outside the range"),
            std::string::npos)
      << subnormal.err;
}

// The index found beside a config (not asked for) is only a cross-check: a
// hostile one is named in a note and the estimate goes on. The config: 2
// layers x (4 x 64 x 64 attention + 3 x 64 x 128 gated MLP + 2 x 64 norms) +
// 2 x 100 x 64 (embeddings, untied head) + 64 (final norm) = 95,040 parameters;
// 6ND with 1e12 tokens = 6 x 95,040 x 1e12 = 5.7024e17 FLOP.
TEST(HostileCheckpoint, ADeepIndexBesideTheConfigIsANote) {
  const CliOutput o = RunCli(
      "estimate --json --tokens 1T " +
      DirectoryWith({{"config.json", kLlamaConfig}, {"model.safetensors.index.json", kDeepIndex}}) +
      "/config.json");
  ASSERT_EQ(o.code, 0) << o.err;
  const nlohmann::json j = nlohmann::json::parse(o.out);
  EXPECT_DOUBLE_EQ(j["training_flop"].get<double>(), 6 * 95040 * 1e12);
  EXPECT_NE(j["notes"].dump().find("checkpoint beside the config not compared"), std::string::npos);
  EXPECT_NE(j["notes"].dump().find("nested more than 64 levels deep"), std::string::npos);
}

// A row whose 6ND product overflows (1e200 x 1e200) is reported as such in its
// note; the other columns stay empty, and no "inf" is written.
TEST(HostileBatch, OverflowingRowIsANoteNotInf) {
  const CliOutput o =
      RunCli("batch " + WriteTempFile("o.csv",
                                      "Model,Parameters,Training dataset size (total)\n"
                                      "big,1e200,1e200\nsmall,1e9,1e12\n"));
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_EQ(o.out.find("inf"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("6ND estimate (FLOP) overflows"), std::string::npos) << o.out;
  // The usable row: 6 x 1e9 x 1e12 = 6e21 FLOP.
  EXPECT_NE(o.out.find("small,1e9,1e12,6e21,6ND"), std::string::npos) << o.out;
}

// `compare` reads a Hugging Face config or an ONNX graph as `estimate` does.
// Llama 2 7B: 6,738,415,616 parameters (src/llm/hf_config_test.cc); 6ND with
// 2T tokens = 6 x 6,738,415,616 x 2e12 = 8.0860987392e22 (Touvron et al. 2023).
TEST(HostileCompare, AcceptsAHuggingFaceConfigAndAnOnnxGraph) {
  CliOutput o = RunCli("compare " + SourcePath("tests/fixtures/hf/llama-2-7b.json") +
                       " --tokens 2T " + kHardware + " --json");
  ASSERT_EQ(o.code, 0) << o.err;
  nlohmann::json j = nlohmann::json::parse(o.out);
  EXPECT_NEAR(j["method1"]["training_flop"].get<double>() / 8.0860987392e22, 1, 1e-12);

  // The same graph, the same Method 1 figure as `estimate` gives it.
  const std::string onnx = SourcePath("tests/fixtures/onnx/resnet18.onnx");
  o = RunCli("compare " + onnx + " --examples 1.28M --epochs 90 " + kHardware + " --json");
  ASSERT_EQ(o.code, 0) << o.err;
  const CliOutput e = RunCli("estimate " + onnx + " --examples 1.28M --epochs 90 --json");
  ASSERT_EQ(e.code, 0) << e.err;
  EXPECT_EQ(nlohmann::json::parse(o.out)["method1"]["training_flop"].get<double>(),
            nlohmann::json::parse(e.out)["training_flop"].get<double>());

  o = RunCli("compare " + SourcePath("tests/fixtures/hf/llama-2-7b.json") + " " + kHardware);
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find("is a Hugging Face config: give --tokens D"), std::string::npos) << o.err;
}

// A deep row among good ones: the good rows are estimated, the deep one says why not.
TEST(HostileBatch, DeepRowAmongGoodRowsIsANote) {
  const CliOutput o = RunCli(
      "batch " +
      WriteTempFile("mixed.jsonl",
                    DeepArray(70000) + "\n" +
                        R"j({"Parameters": 1e9, "Training dataset size (total)": 1e12})j" + "\n"));
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_NE(o.out.find("nested more than 64 levels deep"), std::string::npos);
  EXPECT_NE(o.out.find("\"estimated_training_flop\":6e+21"), std::string::npos) << o.out;
}

}  // namespace
