// model.safetensors.index.json and the cross-check of a config's count
// against the bytes a checkpoint stores (checkpoint.h).
#include "trainflops/checkpoint.h"

#include <cmath>
#include <nlohmann/json.hpp>
#include <set>
#include <unordered_map>

#include "checkpoint_internal.h"
#include "core/text.h"
#include "llm_internal.h"
#include "trainflops/input_limits.h"
#include "trainflops/units.h"

namespace trainflops {
namespace {

using nlohmann::json;

struct Dtype {
  const char* name;
  double bytes;
};

// torch_dtype names as transformers writes them (str(torch.dtype) without
// "torch."), with the aliases torch accepts.
const std::vector<Dtype>& Dtypes() {
  static const std::vector<Dtype> dtypes = {
      {"float32", 4},     {"float", 4},           {"float16", 2},         {"half", 2},
      {"bfloat16", 2},    {"float64", 8},         {"double", 8},          {"float8_e4m3fn", 1},
      {"float8_e5m2", 1}, {"float8_e4m3fnuz", 1}, {"float8_e5m2fnuz", 1}, {"int8", 1},
      {"uint8", 1}};
  return dtypes;
}

}  // namespace

Result<double> DtypeBytes(std::string_view torch_dtype) {
  std::string name = ToLower(Trim(torch_dtype));
  if (name.rfind("torch.", 0) == 0) name = name.substr(6);
  std::vector<std::string> names;
  for (const Dtype& d : Dtypes()) {
    if (name == d.name) return d.bytes;
    names.push_back(d.name);
  }
  return Status::InvalidArgument("unknown torch_dtype '" + std::string(torch_dtype) + "'" +
                                 DidYouMean(name, names) + " (accepted: " + JoinNames(names) + ")");
}

Result<CheckpointIndex> ParseSafetensorsIndex(std::string_view json_text, const std::string& file) {
  // Deep nesting would overflow the stack of the recursive dump and free.
  TF_RETURN_IF_ERROR(CheckNestingDepth(json_text, file));
  json index;
  try {
    index = json::parse(json_text);
  } catch (const json::exception& e) {
    return Status::ParseError(file + ": malformed JSON: " + e.what());
  }
  if (!index.is_object()) return Status::ParseError(file + ": expected a JSON object");
  CheckpointIndex out;
  out.file = file;
  auto meta = index.find("metadata");
  if (meta == index.end() || !meta->is_object() || !meta->contains("total_size")) {
    return Status::InvalidArgument(
        file +
        ": no 'metadata.total_size' (a model.safetensors.index.json has "
        "{\"metadata\": {\"total_size\": BYTES}, \"weight_map\": {...}})");
  }
  const json& size = (*meta)["total_size"];
  // Some writers store the size as a string of digits.
  double bytes = -1;
  if (size.is_number()) bytes = size.get<double>();
  if (size.is_string()) {
    const std::string text = size.get<std::string>();
    if (!text.empty() && text.size() < 20 &&
        text.find_first_not_of("0123456789") == std::string::npos) {
      bytes = std::stod(text);
    }
  }
  if (!(bytes > 0) || !std::isfinite(bytes) || bytes != std::floor(bytes)) {
    return Status::InvalidArgument(file +
                                   ": 'metadata.total_size' must be a positive whole "
                                   "number of bytes, got " +
                                   Abbreviate(size.dump()));
  }
  out.total_size = bytes;
  auto map = index.find("weight_map");
  if (map != index.end() && map->is_object()) {
    std::set<std::string> shards;
    for (auto it = map->begin(); it != map->end(); ++it) {
      if (it->is_string()) shards.insert(it->get<std::string>());
    }
    out.tensors = static_cast<double>(map->size());
    out.shards = static_cast<double>(shards.size());
  }
  return out;
}

Result<CheckpointCount> CountFromIndex(const CheckpointIndex& index, std::string_view torch_dtype) {
  Result<double> bytes = DtypeBytes(torch_dtype);
  if (!bytes.ok()) return bytes.status().WithContext(index.file + ": the config's torch_dtype");
  CheckpointCount c;
  c.file = index.file;
  c.params = index.total_size / *bytes;
  if (c.params != std::floor(c.params)) {
    return Status::InvalidArgument(
        index.file + ": metadata.total_size " + llm::Exact(index.total_size) +
        " bytes is not a whole number of " + llm::Exact(*bytes) + "-byte values (" +
        std::string(torch_dtype) +
        ", the config's torch_dtype): the tensors have other dtypes, or the index is damaged; "
        "give the .safetensors files instead, whose headers are counted tensor by tensor");
  }
  c.how = "metadata.total_size " + llm::Exact(index.total_size) + " bytes / " + llm::Exact(*bytes) +
          " bytes per value (" + std::string(torch_dtype) + ", the config's torch_dtype)";
  return c;
}

CheckpointCount CountFromHeader(const CheckpointHeader& header) {
  CheckpointCount c;
  c.file = header.file;
  c.params = header.params;
  c.how = header.format + " header: " + llm::Exact(static_cast<double>(header.tensors.size())) +
          " tensors in " + llm::Exact(static_cast<double>(header.groups.size())) +
          " groups, shapes multiplied out (weights not read)";
  c.groups = header.groups;
  return c;
}

CheckpointCrossCheck CrossCheckCheckpoint(const CheckpointCount& checkpoint, double config_params) {
  CheckpointCrossCheck c;
  c.checkpoint = checkpoint;
  c.config_params = config_params;
  c.relative_difference =
      config_params > 0 ? (checkpoint.params - config_params) / config_params : 0;
  c.flagged = std::abs(c.relative_difference) > 0.01;
  if (c.flagged) {
    c.explanation =
        "the checkpoint and the config differ by more than 1%: common causes are a tied "
        "embedding stored twice, modules the config's family leaves out (vision towers, "
        "multi-token prediction), quantized or mixed-dtype weights (total_size / bytes per value "
        "assumes every tensor has the config's torch_dtype), or a config that does not match the "
        "checkpoint";
  }
  return c;
}

Result<std::string> ConfigTorchDtype(std::string_view config_json, const std::string& file) {
  TF_RETURN_IF_ERROR(CheckNestingDepth(config_json, file));
  json config;
  try {
    config = json::parse(config_json);
  } catch (const json::exception& e) {
    return Status::ParseError(file + ": malformed JSON: " + e.what());
  }
  if (!config.is_object() || !config.contains("torch_dtype") ||
      !config["torch_dtype"].is_string()) {
    return Status::InvalidArgument(file +
                                   ": no 'torch_dtype' string: the bytes per value of the "
                                   "checkpoint are unknown");
  }
  return config["torch_dtype"].get<std::string>();
}

CheckpointKind CheckpointKindOf(std::string_view path) {
  const auto ends = [&](std::string_view suffix) {
    return path.size() >= suffix.size() && path.substr(path.size() - suffix.size()) == suffix;
  };
  if (ends(".json")) return CheckpointKind::kIndex;
  if (ends(".safetensors")) return CheckpointKind::kSafetensors;
  if (ends(".gguf")) return CheckpointKind::kGguf;
  return CheckpointKind::kNotAFile;
}

std::string TensorGroupName(std::string_view tensor_name) {
  std::string out;
  size_t start = 0;
  while (start <= tensor_name.size()) {
    size_t dot = tensor_name.find('.', start);
    if (dot == std::string_view::npos) dot = tensor_name.size();
    const std::string_view part = tensor_name.substr(start, dot - start);
    const bool digits =
        !part.empty() && part.find_first_not_of("0123456789") == std::string_view::npos;
    if (!out.empty() || start > 0) out += '.';
    out += digits ? std::string("*") : std::string(part);
    start = dot + 1;
  }
  return out;
}

}  // namespace trainflops

namespace trainflops::llm {

Result<double> ShapeElements(const std::vector<double>& shape, const std::string& file,
                             const std::string& tensor) {
  double elements = 1;
  const std::string where = file + ": tensor '" + Abbreviate(tensor) + "'";
  for (double dim : shape) {
    if (!(dim >= 0) || dim > kMaxTensorElements || dim != std::floor(dim)) {
      return Status::InvalidArgument(where + ": dimension " + FormatScientific(dim, 6) +
                                     " is not a whole number from 0 to 1e15");
    }
    elements *= dim;
    if (elements > kMaxTensorElements) {
      return Status::InvalidArgument(where + ": its shape has more than 1e15 elements (overflow)");
    }
  }
  return elements;
}

void GroupTensors(CheckpointHeader& header) {
  std::unordered_map<std::string, size_t> where;
  header.groups.clear();
  header.params = 0;
  for (const TensorInfo& t : header.tensors) {
    const std::string group = TensorGroupName(t.name);
    auto [it, added] = where.emplace(group, header.groups.size());
    if (added) header.groups.push_back({group, 0, 0});
    TensorGroup& g = header.groups[it->second];
    g.tensors += 1;
    g.params += t.elements;
    header.params += t.elements;
  }
}

}  // namespace trainflops::llm
