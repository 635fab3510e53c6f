// Which keys each layer's attention sees, from a config.json: transformers'
// configuration classes derive a per-layer `layer_types` list from the
// fields read here (configuration_gemma2.py, configuration_gemma3.py,
// configuration_cohere2.py, configuration_qwen2.py, configuration_llama4.py;
// modeling_mistral.py applies `sliding_window` to every layer). The
// attention cores the family builders made are then split by span, so that
// each convention charges a sliding-window layer its window and a chunked
// layer its chunk (KeysPerQuery) instead of the whole sequence.
#include "hf_spans.h"

#include <cctype>
#include <cmath>

#include "core/text.h"
#include "llm_internal.h"
#include "trainflops/input_limits.h"

namespace trainflops::llm {
namespace {

using nlohmann::json;

// The text model's object: text_config for the multimodal wrappers (Gemma 3,
// Llama 4), else the config itself.
bool HasTextConfig(const json& config) {
  auto it = config.find("text_config");
  return it != config.end() && it->is_object();
}

double LayerCount(const json& text) {
  for (const char* k : {"num_hidden_layers", "n_layer", "num_layers"}) {
    auto it = text.find(k);
    if (it != text.end() && it->is_number_integer() && it->get<double>() > 0 &&
        it->get<double>() <= kMaxLayers) {
      return it->get<double>();
    }
  }
  return 0;
}

std::string ModelType(const json& config, const json& text) {
  for (const json* o : {&text, &config}) {
    auto it = o->find("model_type");
    if (it != o->end() && it->is_string()) return it->get<std::string>();
  }
  return "";
}

// The configuration classes' defaults where a config leaves the pattern or
// the window out (Gemma2Config, Gemma3TextConfig, Cohere2Config; Olmo3Config
// and Exaone4Config: every 4th layer full, windows of 4096).
struct SlidingDefault {
  const char* model_type;
  double pattern, window;
};
const SlidingDefault* FindSlidingDefault(const std::string& type) {
  static const SlidingDefault kDefaults[] = {{"gemma2", 2, 4096},      {"gemma3", 6, 4096},
                                             {"gemma3_text", 6, 4096}, {"cohere2", 4, 4096},
                                             {"olmo3", 4, 4096},       {"exaone4", 4, 4096}};
  for (const SlidingDefault& d : kDefaults) {
    if (type == d.model_type) return &d;
  }
  return nullptr;
}

std::vector<LayerSpan> FromLayerTypes(const json& types, double layers, double window, double chunk,
                                      HfFields& f) {
  const std::string name = f.Name({"layer_types"});
  f.MarkRead({"layer_types"});
  if (!types.is_array() || static_cast<double>(types.size()) != layers) {
    f.Bad("'" + name + "' must list one type per layer (" + Num(layers) + "), got " +
          Abbreviate(types.dump()));
    return {};
  }
  std::vector<LayerSpan> spans;
  for (const json& t : types) {
    if (!t.is_string()) {
      f.Bad("'" + name + "' must list layer types as text (\"full_attention\", ...), got " +
            Abbreviate(t.dump()));
      return {};
    }
    const std::string type = t.get<std::string>();
    if (type == "full_attention" || type == "attention") {
      spans.push_back({});
    } else if ((type == "sliding_attention" || type == "sliding_window") && window > 0) {
      spans.push_back({AttentionSpan::kSlidingWindow, window});
    } else if (type == "chunked_attention" && chunk > 0) {
      spans.push_back({AttentionSpan::kChunked, chunk});
    } else if (type == "sliding_attention" || type == "chunked_attention") {
      f.Bad("'" + name + "' has '" + type + "' layers but '" +
            (type == "chunked_attention" ? "attention_chunk_size" : "sliding_window") +
            "' is absent (accepted: a positive width)");
      return {};
    } else {
      return {};  // another kind of layer (linear attention, Mamba): its family's rule counts it
    }
  }
  return spans;
}

// Llama 4: no_rope_layers[i] = 1 means RoPE, and a RoPE layer is chunked;
// an empty list is the default, every 4th layer without RoPE (full).
std::vector<LayerSpan> FromNoRope(double layers, double chunk, HfFields& f) {
  std::vector<double> rope = f.List("no_rope_layers");
  const double interval =
      f.Has("no_rope_layer_interval") ? f.Divisor({"no_rope_layer_interval"}, 4, kModuloUse) : 4;
  if (rope.empty()) {
    for (double i = 0; i < layers; ++i) rope.push_back(std::fmod(i + 1, interval) != 0 ? 1 : 0);
  }
  if (static_cast<double>(rope.size()) != layers) {
    f.Bad("'" + f.Name({"no_rope_layers"}) + "' must have one entry per layer (" + Num(layers) +
          "), got " + Num(static_cast<double>(rope.size())));
    return {};
  }
  std::vector<LayerSpan> spans;
  for (double r : rope) {
    spans.push_back(r != 0 ? LayerSpan{AttentionSpan::kChunked, chunk} : LayerSpan{});
  }
  return spans;
}

std::vector<LayerSpan> FromWindow(double layers, double window, const std::string& type,
                                  HfFields& f, std::string* rule) {
  std::vector<LayerSpan> spans(static_cast<size_t>(layers));
  const LayerSpan sliding{AttentionSpan::kSlidingWindow, window};
  // Dots1Config has no use_sliding_window switch: a window always applies
  // from max_window_layers (default 62, the model's depth: none) on.
  const bool dots = type == "dots1";
  if (dots || f.Has("use_sliding_window")) {
    if (!dots && !f.Flag("use_sliding_window", false)) return {};
    // Qwen2Config's default 28, Dots1Config's 62.
    const double first = f.Get({"max_window_layers"}, dots ? 62 : 28);
    for (size_t i = 0; i < spans.size(); ++i) {
      if (static_cast<double>(i) >= first) spans[i] = sliding;
    }
    *rule = dots ? "configuration_dots1.py: layers from max_window_layers on slide"
                 : "configuration_qwen2.py: layers from max_window_layers on slide";
    return spans;
  }
  const SlidingDefault* d = FindSlidingDefault(type);
  double pattern = 1;
  if (f.Has("sliding_window_pattern")) {
    pattern = f.Divisor({"sliding_window_pattern"}, 1, kModuloUse);
  } else if (d != nullptr) {
    pattern = d->pattern;
  }
  for (size_t i = 0; i < spans.size(); ++i) {
    if (pattern == 1 || std::fmod(static_cast<double>(i) + 1, pattern) != 0) spans[i] = sliding;
  }
  *rule = pattern == 1 ? "modeling_mistral.py (and Mixtral, Phi-3, Starcoder2): sliding_window "
                         "applies to every layer"
                       : "configuration_gemma3.py, configuration_cohere2.py: layer i slides "
                         "unless (i + 1) % " +
                             Num(pattern) + " == 0 (Gemma 2: every other layer)";
  return spans;
}

std::vector<LayerSpan> FromText(const json& config, const json& text, HfFields& f,
                                std::string* rule) {
  const double layers = LayerCount(text);
  if (layers == 0) return {};
  const std::string type = ModelType(config, text);
  const SlidingDefault* d = FindSlidingDefault(type);
  double window = f.Has("sliding_window") ? f.Get({"sliding_window"}, 0) : 0;
  if (window == 0 && d != nullptr && !text.contains("sliding_window")) window = d->window;
  const double chunk = f.Has("attention_chunk_size") ? f.Get({"attention_chunk_size"}, 0) : 0;
  if (text.contains("layer_types") && !text["layer_types"].is_null()) {
    *rule = "the config's layer_types, one per layer";
    return FromLayerTypes(text["layer_types"], layers, window, chunk, f);
  }
  if (chunk > 0) {
    *rule =
        "configuration_llama4.py: a layer with RoPE (no_rope_layers[i] = 1) attends within "
        "its chunk of attention_chunk_size, the others to the whole sequence";
    return FromNoRope(layers, chunk, f);
  }
  if (window > 0) return FromWindow(layers, window, type, f, rule);
  return {};
}

// The layers a component covers, from its label: "layers.3-60/attention_core"
// gives {3, 60}, "layers.5/..." {5, 5}; false for other labels ("layers (4
// attention + MLP)").
bool LabelRange(const std::string& name, double* first, double* last) {
  const size_t at = name.rfind("layers.");
  if (at == std::string::npos) return false;
  size_t i = at + 7;
  auto number = [&](double* out) {
    const size_t start = i;
    while (i < name.size() && std::isdigit(static_cast<unsigned char>(name[i]))) ++i;
    if (i == start || i - start > 6) return false;
    *out = std::stod(name.substr(start, i - start));
    return true;
  };
  if (!number(first)) return false;
  *last = *first;
  if (i < name.size() && name[i] == '-') {
    ++i;
    if (!number(last)) return false;
  }
  return i < name.size() && name[i] == '/';
}

std::string Describe(const LayerSpan& s) {
  switch (s.span) {
    case AttentionSpan::kSlidingWindow:
      return "sliding window " + Num(s.width);
    case AttentionSpan::kChunked:
      return "chunked " + Num(s.width);
    case AttentionSpan::kFull:
      break;
  }
  return "full";
}

// The distinct spans of `spans` in order of first appearance, with counts.
std::vector<std::pair<LayerSpan, double>> Tally(const std::vector<LayerSpan>& spans) {
  std::vector<std::pair<LayerSpan, double>> tally;
  for (const LayerSpan& s : spans) {
    bool found = false;
    for (auto& [span, n] : tally) {
      if (span == s) {
        n += 1;
        found = true;
      }
    }
    if (!found) tally.push_back({s, 1});
  }
  return tally;
}

// The core `c` split by the spans of the layers it covers; empty when its
// layers are not known and the spans differ.
std::vector<Component> SplitCore(const Component& c, const std::vector<LayerSpan>& spans) {
  std::vector<LayerSpan> mine;
  double first = 0, last = 0;
  const bool ranged = LabelRange(c.name, &first, &last) && last - first + 1 == c.count &&
                      last < static_cast<double>(spans.size());
  if (ranged) {
    mine.assign(spans.begin() + static_cast<long>(first),
                spans.begin() + static_cast<long>(last) + 1);
  }
  const auto all = Tally(spans);
  if (!ranged && all.size() != 1) return {};
  const auto tally =
      ranged ? Tally(mine) : std::vector<std::pair<LayerSpan, double>>{{all[0].first, c.count}};
  std::vector<Component> parts;
  for (const auto& [span, n] : tally) {
    Component p = c;
    p.count = n;
    p.span = span.span;
    p.span_width = span.width;
    if (tally.size() > 1 || span.span != AttentionSpan::kFull)
      p.name += " [" + Describe(span) + "]";
    parts.push_back(std::move(p));
  }
  return parts;
}

std::string Summary(const std::vector<LayerSpan>& spans) {
  std::string text;
  for (const auto& [span, n] : Tally(spans)) {
    text += (text.empty() ? "" : ", ") + Num(n) + " of " + Num(static_cast<double>(spans.size())) +
            " layers " + Describe(span);
  }
  return text;
}

}  // namespace

Status ApplyLayerSpans(const json& config, HfFields& fields, HfModel& out) {
  std::string rule;
  const std::vector<LayerSpan> spans = ReadLayerSpans(config, fields, &rule);
  TF_RETURN_IF_ERROR(fields.Check());
  if (spans.empty()) return Status::Ok();
  std::vector<Component> components;
  std::vector<std::string> unplaced;
  for (const Component& c : out.model.components) {
    std::vector<Component> parts;
    if (c.role == ComponentRole::kAttentionCore && !c.bidirectional) parts = SplitCore(c, spans);
    if (parts.empty()) {
      if (c.role == ComponentRole::kAttentionCore && !c.bidirectional) unplaced.push_back(c.name);
      components.push_back(c);
    }
    components.insert(components.end(), parts.begin(), parts.end());
  }
  out.model.components = std::move(components);
  out.model.notes.push_back("attention per layer: " + Summary(spans) + " (" + rule +
                            "); each layer's score and value terms count the keys its span "
                            "lets a query see");
  if (!unplaced.empty()) {
    out.model.notes.push_back("the layers of " + JoinNames(unplaced) +
                              " are not known by number: their attention is counted over the "
                              "whole sequence, not by the config's per-layer spans");
  }
  return Status::Ok();
}

std::vector<LayerSpan> ReadLayerSpans(const json& config, HfFields& fields, std::string* rule) {
  if (HasTextConfig(config)) {
    HfFields text = fields.Sub("text_config");
    return FromText(config, config["text_config"], text, rule);
  }
  return FromText(config, config, fields, rule);
}

}  // namespace trainflops::llm
