// Citations on the command line: every JSON assumption names its source and
// bibliography key, and --cite gives a sentence with the figure, the method
// and its sources, plus BibTeX, on each estimating command. The figures in
// the sentences are hand arithmetic (comments), not the program's output.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli_test_util.h"
#include "trainflops/references.h"

namespace trainflops::testing {
namespace {

using nlohmann::json;

TEST(CliCite, EveryDefaultAssumptionOfASpecCitesAWork) {
  CliOutput o = RunCli("estimate " + SourcePath("examples/vgg16.yaml") + " --json");
  ASSERT_EQ(o.code, 0) << o.err;
  json j = json::parse(o.out);
  ASSERT_FALSE(j["assumptions"].empty());
  for (const json& a : j["assumptions"]) {
    EXPECT_TRUE(a["reference"].is_string()) << a.dump();  // nothing here is user-given
  }
  for (const json& layer : j["layers"]) {
    if (layer["type"] == "conv2d" || layer["type"] == "dense") {
      EXPECT_EQ(layer["reference"], "sevilla2022") << layer.dump();  // Table 1
    } else if (layer["type"] == "maxpool2d") {  // output sizes: Dumoulin & Visin 2016
      EXPECT_EQ(layer["reference"], "dumoulin2016") << layer.dump();
    } else {  // flatten: no arithmetic, nothing to cite
      EXPECT_EQ(layer["type"], "flatten");
      EXPECT_TRUE(layer["reference"].is_null());
    }
  }
}

TEST(CliCite, UserGivenValuesCiteNoWork) {
  CliOutput o = RunCli("estimate " + SourcePath("examples/vgg16.yaml") + " --bp-ratio 1 --json");
  ASSERT_EQ(o.code, 0) << o.err;
  bool found = false;
  const json j = json::parse(o.out);
  for (const json& a : j["assumptions"]) {
    if (a["name"] == "backward/forward ratio") {
      found = true;
      EXPECT_TRUE(a["reference"].is_null()) << a.dump();
    }
  }
  EXPECT_TRUE(found);
}

// Every object of the JSON that names a `source` also gives its `reference`:
// the bibliography key of the work it cites (docs/references.md), or null
// when it cites none (a value the user gave, a datasheet address).
void ExpectEverySourceHasAReference(const json& j, const std::string& path,
                                    const std::string& command) {
  if (j.is_object()) {
    if (j.contains("source")) {
      ASSERT_TRUE(j.contains("reference")) << command << ": " << path << " has a source only";
      const json& key = j["reference"];
      EXPECT_TRUE(key.is_null() || (key.is_string() && FindReference(key.get<std::string>())))
          << command << ": " << path << ": " << key;
    }
    for (const auto& [name, value] : j.items()) {
      ExpectEverySourceHasAReference(value, path + "." + name, command);
    }
  } else if (j.is_array()) {
    for (size_t i = 0; i < j.size(); ++i) {
      ExpectEverySourceHasAReference(j[i], path + "[" + std::to_string(i) + "]", command);
    }
  }
}

TEST(CliCite, EverySourceInTheJsonHasAReferenceKey) {
  const std::string hf = SourcePath("tests/fixtures/hf/llama-2-7b.json");
  const std::string commands[] = {
      "estimate " + SourcePath("tests/fixtures/onnx/resnet18.onnx") +
          " --examples 1.28M --epochs 90 --uncertainty",
      "estimate " + hf + " --tokens 2T --uncertainty --thresholds",
      "estimate " + SourcePath("examples/vgg16.yaml") + " --uncertainty",
      "hardware --chip V100 --count 8 --time 5d --uncertainty",
      "tokens --params 70B --tokens 1.4T --thresholds --uncertainty",
      "compare --params 70B --tokens 1.4T --chip A100 --count 1024 --time 20d",
      "trend --bootstrap 100",
      "thresholds 3e25",
      "layer conv2d h=32 w=32 c=3 filters=16 kernel=3",
  };
  for (const std::string& command : commands) {
    const CliOutput o = RunCli(command + " --json");
    ASSERT_EQ(o.code, 0) << command << ": " << o.err;
    const json j = json::parse(o.out);
    ExpectEverySourceHasAReference(j, "", command);
    // An estimate's method and formula chain cite the work they follow.
    if (j.contains("training_flop") && !command.starts_with("compare")) {
      EXPECT_TRUE(j.contains("reference") && j["reference"].is_string()) << command;
    }
  }
  // Where a layer's rule cites the paper, the key says so: Table 1 of
  // Sevilla et al. 2022 for the first convolution of ResNet-18.
  const json onnx = json::parse(
      RunCli("estimate " + SourcePath("tests/fixtures/onnx/resnet18.onnx") + " --examples 1 --json")
          .out);
  EXPECT_EQ(onnx["layers"][0]["reference"], "sevilla2022");
  // Every layer's key follows its own source, whatever the layer before it
  // cited: ResNet-18's nodes alternate between rules that cite Sevilla et al.
  // 2022 (Conv, Relu, Gemm) and the project's conventions (BatchNormalization,
  // Add, pooling), which cite no work.
  int cited = 0, uncited = 0;
  for (const json& layer : onnx["layers"]) {
    const std::string source = layer["source"].get<std::string>();
    if (source.starts_with("Sevilla et al. 2022")) {
      EXPECT_EQ(layer["reference"], "sevilla2022") << layer.dump();
      ++cited;
    } else if (source.starts_with("our convention")) {
      EXPECT_TRUE(layer["reference"].is_null()) << layer.dump();
      ++uncited;
    }
  }
  // ResNet-18 (He et al. 2016, Table 1): 1 stem + 16 block + 3 shortcut
  // convolutions = 20 Conv, each with its BatchNormalization; 1 + 2 x 8
  // blocks = 17 Relu; 8 residual Adds; 1 Gemm; a MaxPool and a global
  // average pool.
  EXPECT_EQ(cited, 38);
  EXPECT_EQ(uncited, 30);
}

TEST(CliCite, EstimateCitesTheFigureMethodAndWorks) {
  // VGG-16, 74 epochs of 1.2M images (as in Amodei & Hernandez 2018's
  // appendix): 30,972,233,168 FLOP per image x 3 x 1.2e6 x 74 = 8.2510e18
  // FLOP, the hand derivation of docs/worked-examples-derivation.md, section 4.
  CliOutput o = RunCli("estimate " + SourcePath("examples/vgg16.yaml") + " --cite");
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_NE(o.out.find("Cite this estimate\n  We estimate that training "), std::string::npos);
  EXPECT_NE(o.out.find(" used 8.251e18 FLOP ("), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("by counting the operations of its architecture (Sevilla et al. 2022, "
                       "Method 1)"),
            std::string::npos);
  EXPECT_NE(o.out.find("@misc{sevilla2022,"), std::string::npos);
  EXPECT_NE(o.out.find("@software{trainflops,"), std::string::npos);
}

TEST(CliCite, JsonCarriesTheCitationObject) {
  CliOutput o = RunCli("estimate " + SourcePath("examples/vgg16.yaml") + " --json --cite");
  ASSERT_EQ(o.code, 0) << o.err;
  json c = json::parse(o.out)["citation"];
  ASSERT_TRUE(c.is_object()) << o.out;
  EXPECT_EQ(c["references"].front(), "sevilla2022");
  EXPECT_EQ(c["references"].back(), "trainflops");
  EXPECT_NE(c["text"].get<std::string>().find("8.251e18 FLOP"), std::string::npos);
  EXPECT_NE(c["bibtex"].get<std::string>().find("@misc{sevilla2022,"), std::string::npos);
  // Without --cite there is no citation member.
  CliOutput plain = RunCli("estimate " + SourcePath("examples/vgg16.yaml") + " --json");
  EXPECT_FALSE(json::parse(plain.out).contains("citation"));
}

TEST(CliCite, TokensCitesSixND) {
  // 6 x 70e9 x 1.4e12 = 5.88e23 FLOP (Kaplan et al. 2020, C = 6ND).
  CliOutput o = RunCli("tokens --params 70B --tokens 1.4T --cite");
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_NE(o.out.find("used 5.88e23 FLOP"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("as 6 x parameters x tokens (Kaplan et al. 2020"), std::string::npos);
  EXPECT_NE(o.out.find("@misc{kaplan2020,"), std::string::npos);
}

TEST(CliCite, HardwareCitesMethodTwo) {
  // 10 chips x 1 day (86,400 s) x 1e14 FLOP/s x 0.5 = 4.32e19 FLOP = 0.5 pfs-days.
  CliOutput o = RunCli(
      "hardware --chip V100 --peak-flops 1e14 --count 10 --time 1d --utilization 0.5 --cite");
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_NE(o.out.find("used 4.32e19 FLOP (0.5 pfs-days), from the hardware and the training "
                       "time (Sevilla et al. 2022, Method 2)"),
            std::string::npos)
      << o.out;
}

// The sentence names request fields as options on the command line, as the
// report does; JSON keeps the library's field names.
TEST(CliCite, TextNamesOptionsNotFields) {
  CliOutput o = RunCli("hardware --chip V100 --count 8 --time 5d --cite");
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_NE(o.out.find("(--industry yes)"), std::string::npos) << o.out;
  EXPECT_EQ(o.out.find('`'), std::string::npos) << o.out;
  o = RunCli("hardware --chip V100 --count 8 --time 5d --cite --json");
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_NE(o.out.find("(`industry` yes)"), std::string::npos) << o.out;
}

TEST(CliCite, CompareCitesBothMethods) {
  // Method 1: 6 x 1e9 x 1e12 = 6e21 FLOP; Method 2: 100 x 10 days (864,000 s)
  // x 1e14 x 0.5 = 4.32e21 FLOP.
  CliOutput o = RunCli(
      "compare --params 1e9 --tokens 1e12 --chip A100 --peak-flops 1e14 --count 100 "
      "--time 10d --utilization 0.5 --cite");
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_NE(o.out.find("used 6e21 FLOP"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("4.32e21 FLOP"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("Method 2"), std::string::npos);
}

TEST(CliCite, LayerCitesTableOne) {
  // conv2d, 5x5 kernel, 5 -> 16 channels, 200 x 200 outputs (Sevilla et al. 2022,
  // Table 1, exact): 2·25·5·16·40,000 + 40,000·16 (bias) + 40,000·16 (non-linearity) =
  // 161,280,000 forward; one example trains with x (1 + 2) = 483,840,000 = 4.838e8 FLOP.
  CliOutput o =
      RunCli("layer conv2d h=400 w=400 c=5 filters=16 kernel=5 stride=2 padding=2 --cite");
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_NE(o.out.find("training one example through a conv2d layer used 4.838e8 FLOP"),
            std::string::npos)
      << o.out;
  EXPECT_NE(o.out.find("(Sevilla et al. 2022, Table 1 and Method 1)"), std::string::npos);
  EXPECT_NE(o.out.find("@misc{sevilla2022,"), std::string::npos);
  // The listing estimates nothing: no citation.
  EXPECT_EQ(RunCli("layer --list --cite").out.find("Cite this estimate"), std::string::npos);
}

TEST(CliCite, IsRefusedWhereNothingIsEstimated) {
  CliOutput o = RunCli("units 1e20 --cite");
  EXPECT_EQ(o.code, 2);
  EXPECT_TRUE(o.out.empty());
}

}  // namespace
}  // namespace trainflops::testing
