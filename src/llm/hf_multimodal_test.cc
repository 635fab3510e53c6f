// Multimodal wrappers (tests/fixtures/hf/, written from the published
// config.json files, which hold only the fields that differ from their
// configuration classes' defaults). Every part is derived by hand in the
// comment above its row from the modelling code's shapes (docs/llm.md); the
// totals equal sum(p.numel() for p in model.parameters()) of the Hugging Face
// model, and the publisher's figure is checked to the digits it gives.
#include <gtest/gtest.h>

#include "hf_test_util.h"
#include "trainflops/hf_config.h"

namespace trainflops {
namespace {

using testing::Fixture;
using testing::FixtureTestName;

struct Wrapper {
  const char* file;
  const char* model_type;
  double language, vision, projector;
  // The publisher's figure in billions of `published_part` ("total" or a
  // part's name), within half a unit of its last digit (a whole unit when
  // the publisher truncates).
  double published;
  double tolerance;
  const char* published_part;
  const char* source;
};
// Test output names the case, not its bytes.
void PrintTo(const Wrapper& c, std::ostream* os) { *os << c.file; }

double PartParams(const HfModel& m, const std::string& name) {
  for (const HfPart& p : m.parts) {
    if (p.name == name) return p.params;
  }
  return -1;
}

// "vision with merger" for Qwen2-VL: the vision tower module (visual) holds
// the merger, as the paper counts it.
double VisionWithMerger(const HfModel& m) {
  return PartParams(m, "vision encoder") + PartParams(m, "projector");
}

// The count a publisher's figure is about.
double Published(const HfModel& m, const std::string& part) {
  if (part == "total") return TotalParams(m.model);
  if (part == "vision with merger") return VisionWithMerger(m);
  return PartParams(m, part);
}

class Wrappers : public ::testing::TestWithParam<Wrapper> {};

TEST_P(Wrappers, PartsSumToTheTotalAndOnlyTheLanguageModelIsActive) {
  const Wrapper& w = GetParam();
  Result<HfModel> m = ParseHfConfig(Fixture(w.file), w.file);
  ASSERT_TRUE(m.ok()) << m.status().message();
  EXPECT_EQ(m->model_type, w.model_type);
  ASSERT_EQ(m->parts.size(), 3u);
  EXPECT_EQ(PartParams(*m, "language model"), w.language);
  EXPECT_EQ(PartParams(*m, "vision encoder"), w.vision);
  EXPECT_EQ(PartParams(*m, "projector"), w.projector);
  EXPECT_EQ(TotalParams(m->model), w.language + w.vision + w.projector);
  // A text token uses the language model only (the image parts run per image).
  EXPECT_EQ(ActiveParams(m->model), w.language);
  EXPECT_NEAR(Published(*m, w.published_part) / 1e9, w.published, w.tolerance) << w.source;
}

INSTANTIATE_TEST_SUITE_P(
    Published, Wrappers,
    ::testing::Values(
        // llava-1.5-7b. Language model (text_config: vocab 32064 given, the rest
        // LlamaConfig's defaults: 4096 wide, 32 layers of 11008, 32 heads):
        // 2 x 32064·4096 (embed, head) = 262,668,288; per layer 4·4096² + 3·4096·11008 +
        // 2·4096 = 202,383,360, x32 = 6,476,267,520; norm 4096 -> 6,738,939,904.
        // CLIP ViT-L/14 at 336 (576 patches): conv 3·14²·1024 = 602,112, class 1024,
        // positions 577·1024 = 590,848; per layer 4(1024² + 1024) + (1024·4096 + 4096) +
        // (4096·1024 + 1024) + 4·1024 = 12,596,224, x24 = 302,309,376; pre- and
        // post-LayerNorm 4096 -> 303,507,456. Projector: 1024·4096 + 4096 + 4096² + 4096 =
        // 20,979,712. Total 7,063,427,072.
        Wrapper{"llava-1.5-7b-hf.json", "llava", 6738939904, 303507456, 20979712, 7.06, 0.005,
                "total", "Hugging Face Hub, llava-hf/llava-1.5-7b-hf: 7.06B parameters"},
        // gemma-3-4b-it. Language model (gemma3_text, vocab 262,208 from
        // Gemma3TextConfig's default, tied): per layer q 2560·2048, k and v 2 x 2560·1024,
        // o 2048·2560 = 15,728,640, q/k norms 512, MLP 3·2560·10240 = 78,643,200, 4 norms
        // 10,240 -> 94,382,592, x34 = 3,209,008,128; norm 2560; embed 262208·2560 =
        // 671,252,480 -> 3,880,263,168. SigLIP (896/14 = 64, 4096 patches): conv 3·14²·1152
        // + 1152 = 678,528, positions 4096·1152 = 4,718,592; per layer 4(1152² + 1152) +
        // (1152·4304 + 4304) + (4304·1152 + 1152) + 4·1152 = 15,239,504, x27 =
        // 411,466,608; post-LayerNorm 2304; no head -> 416,866,032. Projector 1152·2560 +
        // 1152 = 2,950,272.
        Wrapper{"gemma-3-4b-it.json", "gemma3", 3880263168, 416866032, 2950272, 0.417, 0.0005,
                "vision encoder",
                "Gemma 3 technical report (2025), table 1: 4B: vision encoder 417M"},
        // Qwen2-VL-7B. Language model (Qwen2: q, k, v biases): per layer q 3584² + 3584,
        // k and v 2 x (3584·512 + 512), o 3584², MLP 3·3584·18944, 2 norms 7168 =
        // 233,057,792, x28 = 6,525,618,176; norm 3584; embed and head 2 x 152064·3584 =
        // 1,089,994,752 -> 7,615,616,512. Vision: Conv3d 1280·3·2·14² = 1,505,280; per
        // block 2·2560 + (3·1280² + 3840) + (1280² + 1280) + (1280·5120 + 5120) + (5120·1280
        // + 1280) = 19,677,440, x32 = 629,678,080 -> 631,183,360. Merger: 2560 + (5120² +
        // 5120) + (5120·3584 + 3584) = 44,575,744.
        Wrapper{"qwen2-vl-7b-instruct.json", "qwen2_vl", 7615616512, 631183360, 44575744, 7.6, 0.05,
                "language model",
                "Wang et al. 2024, Qwen2-VL, table 1: 7B: LLM 7.6B, vision encoder 675M"},
        // 675,759,104 is 675.76M: the paper truncates (a whole unit of tolerance).
        Wrapper{"qwen2-vl-7b-instruct.json", "qwen2_vl", 7615616512, 631183360, 44575744, 0.675,
                0.001, "vision with merger",
                "Wang et al. 2024, Qwen2-VL, table 1: vision encoder 675M (with the merger)"},
        // Llama 3.2 11B Vision. Language model: embed (128256 + 8)·4096 = 525,369,344;
        // 32 self-attention layers of 4096² + 2·4096·1024 + 4096² + 3·4096·14336 + 2·4096 =
        // 218,112,000 and 8 cross-attention layers of 218,112,000 + 2·128 + 2 =
        // 218,112,258; norm 4096; head 128256·4096 = 525,336,576 -> 9,775,192,080.
        // Vision (560/14 = 40, 1601 positions, 4 tiles, 8 aspect ratios): conv 3·14²·1280 =
        // 752,640, class 1280, gated positions 1 + 1601·1280 + 9·4·1601·1280 = 75,823,361,
        // pre/post tile 2 x (9·4·1280 + 1) = 92,162, 2 LayerNorms 5120; local layers
        // 4·1280² + (1280·5120 + 5120) + (5120·1280 + 1280) + 4·1280 = 19,672,320 x32,
        // global layers 19,672,322 x8 -> 863,567,379. Projector 7680·4096 + 4096 =
        // 31,461,376. Total 10,670,220,835.
        Wrapper{"llama-3.2-11b-vision.json", "mllama", 9775192080, 863567379, 31461376, 10.7, 0.05,
                "total",
                "Hugging Face Hub, meta-llama/Llama-3.2-11B-Vision: 10.7B (Meta's own "
                "figure, 10.6, is explained in MllamaMetaCountsTheOriginalCheckpoint)"}),
    [](const ::testing::TestParamInfo<Wrapper>& row) {
      return FixtureTestName(row.param.file) + "_" + std::to_string(row.index);
    });

// Llama 4 Scout (modeling_llama4.py; vision_config: d = 1408, 5632 wide MLP,
// 34 layers, 16 heads of 88, 336 / 14 = 24, so 576 patches + a class token):
// patch linear 3·14²·1408 = 827,904; class 1408; positions 577·1408 = 812,416;
// LayerNorms pre and post 4·1408 = 5,632; per layer q, k, v, o with biases
// 4(1408² + 1408) = 7,935,488, fc1 and fc2 with biases 2·1408·5632 + 5632 + 1408
// = 15,866,752, two LayerNorms 5,632 -> 23,807,872, x34 = 809,467,648; adapter
// 5632·4096 + 4096² = 39,845,888 -> 850,960,896. Projector 4096·5120 (the text
// width) = 20,971,520. The language model: hf_families_test.cc.
TEST(HfMultimodal, Llama4CountsTheVisionEncoderAndProjector) {
  Result<HfModel> m = ParseHfConfig(Fixture("llama-4-scout-17b-16e.json"), "scout.json");
  ASSERT_TRUE(m.ok()) << m.status().message();
  EXPECT_EQ(PartParams(*m, "language model"), 107769861120);
  EXPECT_EQ(PartParams(*m, "vision encoder"), 850960896);
  EXPECT_EQ(PartParams(*m, "projector"), 20971520);
  // The Hugging Face Hub's safetensors count of meta-llama/Llama-4-Scout-17B-16E-Instruct
  // (BF16 parameters): 108,641,793,536; Meta's model card: "109B total".
  EXPECT_EQ(TotalParams(m->model), 108641793536);
  EXPECT_NEAR(TotalParams(m->model) / 1e9, 109, 0.5);
  // A text token uses the language model's active parameters only.
  EXPECT_EQ(ActiveParams(m->model), 17172894720);
}

TEST(HfMultimodal, QwenVisionTowerIsTheEncoderAndTheMerger) {
  Result<HfModel> m = ParseHfConfig(Fixture("qwen2-vl-7b-instruct.json"), "q.json");
  ASSERT_TRUE(m.ok()) << m.status().message();
  // 631,183,360 + 44,575,744 = 675,759,104: the paper's 675M.
  EXPECT_EQ(VisionWithMerger(*m), 675759104);
}

// Meta's model card gives 10.6B for Llama 3.2 11B Vision: its original
// checkpoint stores the tile position embedding as 4 x 4 tiles of
// 1601 x 1280 and the two tile embeddings as 4 x 4 x 1280, where the Hugging
// Face model (the one counted here) has (8 + 1) aspect ratios x 4 tiles
// (convert_mllama_weights_to_hf.py). The difference, (36 - 16) x 1601 x 1280
// + 2 x (36 - 16) x 1280 = 41,036,800, takes 10,670,220,835 to
// 10,629,184,035: Meta's 10.6.
TEST(HfMultimodal, MllamaMetaCountsTheOriginalCheckpoint) {
  Result<HfModel> m = ParseHfConfig(Fixture("llama-3.2-11b-vision.json"), "m.json");
  ASSERT_TRUE(m.ok()) << m.status().message();
  const double original =
      TotalParams(m->model) - (36 - 16) * 1601 * 1280.0 - 2 * (36 - 16) * 1280.0;
  EXPECT_EQ(original, 10629184035);
  EXPECT_NEAR(original / 1e9, 10.6, 0.05);
}

TEST(HfMultimodal, ClassDefaultsAreNamedInTheFields) {
  Result<HfModel> m = ParseHfConfig(Fixture("llava-1.5-7b-hf.json"), "llava.json");
  ASSERT_TRUE(m.ok()) << m.status().message();
  bool hidden = false;
  for (const Input& f : m->fields) {
    if (f.name == "text_config.hidden_size") {
      hidden = true;
      EXPECT_EQ(f.value, 4096);
      EXPECT_EQ(f.origin, "LlamaConfig default (absent from config)");
    }
    if (f.name == "text_config.vocab_size") {
      EXPECT_EQ(f.origin, "llava.json");
    }
  }
  EXPECT_TRUE(hidden);
  // A default is not a field of the file: neither read nor ignored.
  for (const auto* list : {&m->fields_read, &m->fields_ignored}) {
    for (const std::string& k : *list) EXPECT_NE(k, "text_config.hidden_size");
  }
}

TEST(HfMultimodal, SiglipPoolingHeadCountsWhenVisionUseHeadIsNotFalse) {
  std::string text = Fixture("gemma-3-4b-it.json");
  const std::string off = "\"vision_use_head\": false";
  text.replace(text.find(off), off.size(), "\"vision_use_head\": true");
  Result<HfModel> m = ParseHfConfig(text, "g.json");
  ASSERT_TRUE(m.ok()) << m.status().message();
  // Probe 1152, in_proj 3·1152² + 3·1152, out_proj 1152² + 1152, LayerNorm 2304, MLP
  // 1152·4304 + 4304 + 4304·1152 + 1152 = 15,238,352 more.
  EXPECT_EQ(PartParams(*m, "vision encoder"), 416866032 + 15238352);
}

TEST(HfMultimodal, LlavaWithoutVisionConfigUsesLlavaConfigDefaults) {
  // LlavaConfig's default vision encoder is CLIP ViT-L/14 at 336, the one the
  // fixture spells out: the same count.
  std::string text = Fixture("llava-1.5-7b-hf.json");
  const size_t at = text.find("\"vision_config\"");
  const size_t end = text.find('}', at);
  text.erase(at, end - at + 2);  // the object and its comma
  Result<HfModel> m = ParseHfConfig(text, "l.json");
  ASSERT_TRUE(m.ok()) << m.status().message() << text;
  EXPECT_EQ(PartParams(*m, "vision encoder"), 303507456);
}

TEST(HfMultimodal, BadInputsNameTheField) {
  struct Case {
    std::string config;
    std::string expected;
  };
  const std::vector<Case> cases = {
      {R"({"model_type": "llava", "text_config": {"model_type": "llamma"}})",
       "language model has model_type 'llamma', which is not a known family"},
      {R"({"model_type": "mllama", "text_config": {"cross_attention_layers": [3, 3]}})",
       "'cross_attention_layers' must list distinct layer numbers from 0 to 39"},
      {R"({"model_type": "mllama", "text_config": {"cross_attention_layers": [40]}})",
       "from 0 to 39 (num_hidden_layers - 1), got 40"},
      {R"({"model_type": "gemma3", "vision_config": {"hidden_size": 2.5}})",
       "'vision_config.hidden_size' must be a whole number"},
      {R"({"model_type": "qwen2_vl", "vision_config": {"mlp_ratio": -1}})",
       "'vision_config.mlp_ratio' must be a positive number"},
      {R"({"model_type": "llava", "vision_feature_layer": "last"})",
       "'vision_feature_layer' must be a number or a non-empty list"},
  };
  for (const Case& c : cases) {
    Result<HfModel> m = ParseHfConfig(c.config, "c.json");
    ASSERT_FALSE(m.ok()) << c.config;
    EXPECT_NE(m.status().message().find(c.expected), std::string::npos) << m.status().message();
  }
}

}  // namespace
}  // namespace trainflops
