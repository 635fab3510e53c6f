// Reads a model spec (YAML or JSON) into a ModelSpec. Every error names the
// file and line and says what is accepted; see docs/spec-format.md.
#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/yaml.h>

#include <set>

#include "core/text.h"
#include "trainflops/input_limits.h"
#include "trainflops/model_spec.h"
#include "trainflops/units.h"

namespace trainflops {
namespace {

class SpecReader {
 public:
  explicit SpecReader(std::string_view file) : file_(file) {}

  Status Error(const YAML::Node& node, const std::string& what) const {
    const int line = node.Mark().is_null() ? 0 : node.Mark().line + 1;
    return Status::InvalidArgument(Where(line) + what);
  }
  std::string Where(int line) const {
    return line > 0 ? file_ + ":" + std::to_string(line) + ": " : file_ + ": ";
  }
  static int Line(const YAML::Node& node) {
    return node.Mark().is_null() ? 0 : node.Mark().line + 1;
  }

  Status CheckKeys(const YAML::Node& map, const std::vector<std::string>& accepted,
                   const std::string& where) const {
    const std::set<std::string> known(accepted.begin(), accepted.end());
    for (const auto& kv : map) {
      const std::string key = kv.first.Scalar();
      if (known.count(key) == 0) {
        return Error(kv.first, "unknown field '" + Abbreviate(key) + "' in " + where +
                                   DidYouMean(key, accepted) +
                                   " (accepted: " + JoinNames(accepted) + ")");
      }
    }
    return Status::Ok();
  }

  Result<std::string> Text(const YAML::Node& node, const std::string& field) const {
    if (!node.IsScalar()) return Error(node, "field '" + field + "' must be a single value");
    return node.Scalar();
  }

  Result<double> Positive(const YAML::Node& node, const std::string& field) const {
    TF_ASSIGN_OR_RETURN(const std::string text, Text(node, field));
    Result<double> v = ParsePositive(text);
    if (!v.ok()) return Error(node, "field '" + field + "': " + v.status().message());
    return *v;
  }

  Result<std::optional<double>> OptionalPositive(const YAML::Node& map,
                                                 const std::string& field) const {
    if (!map[field]) return std::optional<double>();
    TF_ASSIGN_OR_RETURN(const double v, Positive(map[field], field));
    return std::optional<double>(v);
  }

  Result<Shape> ShapeOf(const YAML::Node& node, const std::string& field) const {
    std::string text;
    if (node.IsSequence()) {
      if (node.size() == 0) return Shape{};  // a scalar input: one token id
      for (const auto& dim : node) {
        if (!dim.IsScalar()) return Error(dim, "field '" + field + "': dimensions must be numbers");
        text += (text.empty() ? "" : "x") + dim.Scalar();
      }
    } else if (node.IsScalar()) {
      text = node.Scalar();
      if (ToLower(text) == "scalar" || ToLower(text) == "token") return Shape{};
    } else {
      return Error(node, "field '" + field + "' must be a shape such as [400, 400, 5]");
    }
    Result<Shape> shape = ParseShape(text);
    if (!shape.ok()) return Error(node, "field '" + field + "': " + shape.status().message());
    return *shape;
  }

  Result<std::vector<SpecNode>> Layers(const YAML::Node& list, const std::string& where,
                                       int depth = 0) const;
  Result<SpecNode> LayerEntry(const YAML::Node& entry, size_t index, int depth) const;
  Result<SpecNode> Block(const YAML::Node& entry, SpecNode::Kind kind, int depth) const;
  Status CountLayers(const YAML::Node& at, double layers) const;
  Result<PartSpec> Part(const YAML::Node& node, size_t index) const;
  Result<TrainingSpec> Training(const YAML::Node& node, const std::string& name) const;
  Result<ModelSpec> Model(const YAML::Node& root) const;

 private:
  std::string file_;
  // Layers after expansion, summed over every part read so far, and entries
  // read (an alias counts each time it is used): both stay at most
  // kMaxExpandedLayers, so reading is bounded however the file nests.
  mutable double expanded_ = 0;
  mutable double entries_read_ = 0;
};

// Layers after expanding repeats, for the counts below.
double ExpandedLayers(const std::vector<SpecNode>& nodes);
double ExpandedLayers(const SpecNode& node) {
  if (node.kind == SpecNode::Kind::kLayer) return 1;
  const double times = node.kind == SpecNode::Kind::kRepeat ? static_cast<double>(node.times) : 1;
  return times * ExpandedLayers(node.children);
}
double ExpandedLayers(const std::vector<SpecNode>& nodes) {
  double total = 0;
  for (const SpecNode& node : nodes) total += ExpandedLayers(node);
  return total;
}

std::string LayerCapText() {
  return "at most " + WithThousands(static_cast<uint64_t>(kMaxExpandedLayers)) +
         " layers after expanding 'repeat' blocks and YAML aliases are accepted (check the "
         "'repeat' counts; see docs/spec-format.md)";
}

Status SpecReader::CountLayers(const YAML::Node& at, double layers) const {
  if (layers > kMaxExpandedLayers) {
    const std::string count =
        layers > 1e15 ? "over 1e15" : WithThousands(static_cast<uint64_t>(layers));
    return Error(at, "this expands to " + count + " layers; " + LayerCapText());
  }
  return Status::Ok();
}

Result<std::vector<SpecNode>> SpecReader::Layers(const YAML::Node& list, const std::string& where,
                                                 int depth) const {
  if (!list || !list.IsSequence() || list.size() == 0) {
    return Error(list ? list : YAML::Node(), where + " needs a non-empty 'layers:' list");
  }
  std::vector<SpecNode> nodes;
  for (size_t i = 0; i < list.size(); ++i) {
    entries_read_ += 1;
    if (entries_read_ > kMaxExpandedLayers) {
      return Error(list[i], "the spec has more than " +
                                WithThousands(static_cast<uint64_t>(kMaxExpandedLayers)) +
                                " layer entries (counting each use of a YAML alias); " +
                                LayerCapText());
    }
    TF_ASSIGN_OR_RETURN(SpecNode node, LayerEntry(list[i], i, depth));
    nodes.push_back(std::move(node));
  }
  if (depth == 0) {
    expanded_ += ExpandedLayers(nodes);
    TF_RETURN_IF_ERROR(CountLayers(list, expanded_));
  }
  return nodes;
}

Result<SpecNode> SpecReader::Block(const YAML::Node& entry, SpecNode::Kind kind, int depth) const {
  if (depth >= kMaxBlockNesting) {
    return Error(entry, "'repeat' and 'branch' blocks nested more than " +
                            std::to_string(kMaxBlockNesting) + " deep; at most " +
                            std::to_string(kMaxBlockNesting) + " levels are accepted");
  }
  SpecNode node;
  node.kind = kind;
  node.line = Line(entry);
  const bool repeat = kind == SpecNode::Kind::kRepeat;
  TF_RETURN_IF_ERROR(CheckKeys(entry, {repeat ? "repeat" : "branch", "name", "layers"},
                               repeat ? "a repeat block" : "a branch block"));
  if (repeat) {
    TF_ASSIGN_OR_RETURN(const double times, Positive(entry["repeat"], "repeat"));
    if (times > kMaxExpandedLayers || times != static_cast<double>(static_cast<int64_t>(times))) {
      return Error(entry["repeat"], "field 'repeat' must be a whole number of copies (1 to " +
                                        WithThousands(static_cast<uint64_t>(kMaxExpandedLayers)) +
                                        ")");
    }
    node.times = static_cast<int64_t>(times);
    node.name = entry["name"] ? entry["name"].Scalar() : "block";
  } else {
    node.name = entry["name"] ? entry["name"].Scalar()
                              : (entry["branch"].IsScalar() ? entry["branch"].Scalar() : "branch");
  }
  TF_ASSIGN_OR_RETURN(node.children,
                      Layers(entry["layers"], "block '" + node.name + "'", depth + 1));
  // Refuse here, before an enclosing repeat or alias copies this block again.
  TF_RETURN_IF_ERROR(CountLayers(entry, expanded_ + ExpandedLayers(node)));
  return node;
}

Result<SpecNode> SpecReader::LayerEntry(const YAML::Node& entry, size_t index, int depth) const {
  if (!entry.IsMap()) {
    return Error(entry, "each layer must be a map such as {type: conv2d, filters: 16, kernel: 5}");
  }
  if (entry["repeat"]) return Block(entry, SpecNode::Kind::kRepeat, depth);
  if (entry["branch"]) return Block(entry, SpecNode::Kind::kBranch, depth);

  SpecNode node;
  node.line = Line(entry);
  YAML::Node fields = entry;
  if (entry["type"]) {
    TF_ASSIGN_OR_RETURN(node.type, Text(entry["type"], "type"));
  } else if (entry.size() == 1 &&
             (entry.begin()->second.IsMap() || entry.begin()->second.IsNull())) {
    node.type = entry.begin()->first.Scalar();  // shorthand: `- lstm: {units: 256}`
    fields = entry.begin()->second;
  } else {
    return Error(entry, "layer " + std::to_string(index + 1) +
                            " has no 'type' (e.g. type: conv2d; the layer types are listed in "
                            "docs/spec-format.md)");
  }
  if (fields.IsMap()) {
    for (const auto& kv : fields) {
      const std::string key = kv.first.Scalar();
      if (key == "type") continue;
      if (key == "name") {
        node.name = kv.second.Scalar();
      } else if (key == "input") {
        TF_ASSIGN_OR_RETURN(node.input, ShapeOf(kv.second, "input"));
      } else if (kv.second.IsSequence()) {
        std::string joined;
        for (const auto& v : kv.second) joined += (joined.empty() ? "" : "x") + v.Scalar();
        node.args.Set(key, joined);
      } else if (kv.second.IsScalar()) {
        node.args.Set(key, kv.second.Scalar());
      } else {
        return Error(kv.second, "field '" + key + "' must be a single value");
      }
    }
  }
  if (node.name.empty()) node.name = ToLower(node.type) + "_" + std::to_string(index + 1);
  return node;
}

Result<PartSpec> SpecReader::Part(const YAML::Node& node, size_t index) const {
  TF_RETURN_IF_ERROR(CheckKeys(node,
                               {"name", "recurrent", "per_token", "input", "tokens_per_sequence",
                                "tokens", "defaults", "layers", "description"},
                               "a part"));
  PartSpec part;
  part.line = Line(node);
  part.name = node["name"] ? node["name"].Scalar() : "part" + std::to_string(index + 1);
  for (const char* key : {"recurrent", "per_token"}) {
    if (!node[key]) continue;
    LayerArgs flag;
    flag.Set(key, node[key].Scalar());
    Result<bool> b = flag.Bool(key, false);
    if (!b.ok()) return Error(node[key], b.status().message());
    part.per_token = *b;
  }
  if (node["input"]) {
    TF_ASSIGN_OR_RETURN(part.input, ShapeOf(node["input"], "input"));
  }
  TF_ASSIGN_OR_RETURN(part.tokens_per_sequence, OptionalPositive(node, "tokens_per_sequence"));
  TF_ASSIGN_OR_RETURN(part.tokens, OptionalPositive(node, "tokens"));
  if (node["defaults"]) {
    if (!node["defaults"].IsMap()) return Error(node["defaults"], "'defaults' must be a map");
    for (const auto& kv : node["defaults"]) part.defaults[kv.first.Scalar()] = kv.second.Scalar();
  }
  TF_ASSIGN_OR_RETURN(part.layers, Layers(node["layers"], "part '" + part.name + "'"));
  return part;
}

Result<TrainingSpec> SpecReader::Training(const YAML::Node& node, const std::string& name) const {
  if (!node.IsMap()) return Error(node, "the training section must be a map of fields");
  TF_RETURN_IF_ERROR(
      CheckKeys(node,
                {"name", "epochs", "examples", "batches", "batch_size", "tokens",
                 "tokens_per_batch", "tokens_per_sequence", "runs", "batch_regime", "description"},
                "the training section"));
  TrainingSpec t;
  t.line = Line(node);
  t.name = node["name"] ? node["name"].Scalar() : name;
  TF_ASSIGN_OR_RETURN(t.epochs, OptionalPositive(node, "epochs"));
  TF_ASSIGN_OR_RETURN(t.examples, OptionalPositive(node, "examples"));
  TF_ASSIGN_OR_RETURN(t.batches, OptionalPositive(node, "batches"));
  TF_ASSIGN_OR_RETURN(t.batch_size, OptionalPositive(node, "batch_size"));
  TF_ASSIGN_OR_RETURN(t.tokens, OptionalPositive(node, "tokens"));
  TF_ASSIGN_OR_RETURN(t.tokens_per_batch, OptionalPositive(node, "tokens_per_batch"));
  TF_ASSIGN_OR_RETURN(t.tokens_per_sequence, OptionalPositive(node, "tokens_per_sequence"));
  TF_ASSIGN_OR_RETURN(t.runs, OptionalPositive(node, "runs"));
  if (node["batch_regime"]) {
    const std::string regime = ToLower(node["batch_regime"].Scalar());
    if (regime != "large" && regime != "small") {
      return Error(node["batch_regime"], "field 'batch_regime' must be large or small");
    }
    t.batch_regime = regime;
  }
  return t;
}

Result<ModelSpec> SpecReader::Model(const YAML::Node& root) const {
  if (!root.IsMap()) {
    return Status::InvalidArgument(Where(Line(root)) +
                                   "a spec must be a map with 'input' and 'layers' or 'parts'");
  }
  TF_RETURN_IF_ERROR(
      CheckKeys(root,
                {"name", "description", "source", "notes", "input", "recurrent", "per_token",
                 "defaults", "tokens_per_sequence", "layers", "parts", "training", "stages"},
                "the spec"));
  ModelSpec spec;
  spec.file = file_;
  if (root["name"]) spec.name = root["name"].Scalar();
  if (root["description"]) spec.description = root["description"].Scalar();
  if (root["source"]) spec.source = root["source"].Scalar();
  if (root["notes"] && root["notes"].IsSequence()) {
    for (const auto& n : root["notes"]) spec.notes.push_back(n.Scalar());
  }
  if (root["layers"] && root["parts"]) {
    return Error(root["parts"], "give either 'layers' (one network) or 'parts', not both");
  }
  if (root["parts"]) {
    if (!root["parts"].IsSequence() || root["parts"].size() == 0) {
      return Error(root["parts"], "'parts' must be a non-empty list");
    }
    for (size_t i = 0; i < root["parts"].size(); ++i) {
      TF_ASSIGN_OR_RETURN(PartSpec part, Part(root["parts"][i], i));
      spec.parts.push_back(std::move(part));
    }
    if (root["input"] && !spec.parts.front().input) {
      TF_ASSIGN_OR_RETURN(spec.parts.front().input, ShapeOf(root["input"], "input"));
    }
  } else {
    // A single network: the top-level keys describe its only part.
    YAML::Node part_node(YAML::NodeType::Map);
    for (const char* key :
         {"input", "recurrent", "per_token", "defaults", "tokens_per_sequence", "layers"}) {
      if (root[key]) part_node[key] = root[key];
    }
    if (!root["layers"])
      return Status::InvalidArgument(Where(0) + "the spec has no 'layers' or 'parts'");
    part_node["name"] = "model";
    TF_ASSIGN_OR_RETURN(PartSpec part, Part(part_node, 0));
    part.line = Line(root["layers"]);
    spec.parts.push_back(std::move(part));
  }
  if (!spec.parts.front().input) {
    return Status::InvalidArgument(
        Where(spec.parts.front().line) +
        "missing 'input': the shape of one example, e.g. input: [224, 224, 3]");
  }
  if (root["training"] && root["stages"]) {
    return Error(root["stages"], "give either 'training' or 'stages', not both");
  }
  if (root["training"]) {
    TF_ASSIGN_OR_RETURN(TrainingSpec t, Training(root["training"], "training"));
    spec.stages.push_back(std::move(t));
  }
  if (root["stages"]) {
    if (!root["stages"].IsSequence() || root["stages"].size() == 0) {
      return Error(root["stages"], "'stages' must be a non-empty list of training sections");
    }
    for (size_t i = 0; i < root["stages"].size(); ++i) {
      TF_ASSIGN_OR_RETURN(TrainingSpec t,
                          Training(root["stages"][i], "stage " + std::to_string(i + 1)));
      spec.stages.push_back(std::move(t));
    }
  }
  return spec;
}

}  // namespace

Result<ModelSpec> ParseModelSpec(std::string_view text, std::string_view file) {
  SpecReader reader(file);
  TF_RETURN_IF_ERROR(CheckNestingDepth(text, file));
  YAML::Node root;
  try {
    root = YAML::Load(std::string(text));
  } catch (const YAML::DeepRecursion& e) {
    // Block-style nesting (indentation) that the bracket scan cannot see.
    return Status::ParseError(std::string(file) + ":" + std::to_string(e.mark.line + 1) +
                              ": nested too deeply (yaml-cpp's limit); at most " +
                              std::to_string(kMaxNestingDepth) + " levels are accepted");
  } catch (const YAML::ParserException& e) {
    return Status::ParseError(std::string(file) + ":" + std::to_string(e.mark.line + 1) +
                              ": malformed YAML/JSON: " + e.msg);
  }
  try {
    return reader.Model(root);
  } catch (const YAML::Exception& e) {
    // Conversions yaml-cpp refuses (e.g. a map where a scalar belongs).
    return Status::InvalidArgument(std::string(file) + ":" + std::to_string(e.mark.line + 1) +
                                   ": " + e.msg);
  }
}

}  // namespace trainflops
