// Checkpoint files as a cross-check of a config's parameter count.
//
// - model.safetensors.index.json: metadata.total_size (bytes) divided by the
//   bytes per value of the config's torch_dtype gives the stored values.
// - .safetensors and GGUF files: only their headers are read (tensor names,
//   dtypes and shapes; never the weights), bounded so that a hostile length
//   or shape gets an error, never an allocation or an overflow. The count is
//   exact and given per tensor group (the name with its layer numbers as *).
#ifndef TRAINFLOPS_CHECKPOINT_H_
#define TRAINFLOPS_CHECKPOINT_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "trainflops/byte_source.h"
#include "trainflops/status.h"

namespace trainflops {

// Bytes per value of a torch_dtype ("bfloat16" 2, "float32" 4, "float8_e4m3fn"
// 1, ...); an unknown name gets the accepted list.
Result<double> DtypeBytes(std::string_view torch_dtype);

struct CheckpointIndex {
  std::string file;
  double total_size = 0;  // bytes, metadata.total_size
  double shards = 0;      // distinct files in weight_map
  double tensors = 0;     // entries in weight_map
};
// model.safetensors.index.json's text.
Result<CheckpointIndex> ParseSafetensorsIndex(std::string_view json_text, const std::string& file);

// A parameter count read from a checkpoint, and how.
// The tensors whose names differ only in their layer numbers.
struct TensorGroup {
  std::string name;  // "model.layers.*.self_attn.q_proj.weight"
  double tensors = 0;
  double params = 0;
};
struct CheckpointCount {
  std::string file;
  double params = 0;
  std::string how;  // "metadata.total_size 13,476,839,424 bytes / 2 (bfloat16)"
  // Counted from headers (an index gives only bytes): the count per group.
  std::vector<TensorGroup> groups;
};
// total_size / the bytes per value of `torch_dtype` (the config's).
Result<CheckpointCount> CountFromIndex(const CheckpointIndex& index, std::string_view torch_dtype);

// The checkpoint's count next to the config's, flagged over 1%.
struct CheckpointCrossCheck {
  CheckpointCount checkpoint;
  double config_params = 0;
  double relative_difference = 0;  // (checkpoint - config) / config
  bool flagged = false;            // |difference| > 1%
  std::string explanation;         // what such a difference usually means
};
CheckpointCrossCheck CrossCheckCheckpoint(const CheckpointCount& checkpoint, double config_params);

// A config.json's torch_dtype ("bfloat16"), or an error naming the file.
Result<std::string> ConfigTorchDtype(std::string_view config_json, const std::string& file);

// What a file given to --params or --checkpoint is, by its name.
enum class CheckpointKind { kNotAFile, kIndex, kSafetensors, kGguf };
CheckpointKind CheckpointKindOf(std::string_view path);

struct TensorInfo {
  std::string name;
  std::string dtype;  // "BF16", "F32", GGUF's "Q4_K", ...
  std::vector<double> shape;
  double elements = 0;
};
struct CheckpointHeader {
  std::string file;
  std::string format;  // "safetensors" or "gguf"
  std::vector<TensorInfo> tensors;
  std::vector<TensorGroup> groups;  // in first-seen order
  double params = 0;
};

// Limits far above any published checkpoint (a shard's header holds a few
// hundred KB, ~10^5 tensors at most, ~10^12 elements per tensor) so that a
// hostile file cannot make the reader allocate or loop without bound. An
// 8 MiB header of 75,000 tensors is read in about 0.5 s and 90 MB (the JSON
// document in memory); the safetensors library itself allows 100 MB, which
// would take about 1 GB here.
inline constexpr uint64_t kMaxHeaderBytes = 8u << 20;
inline constexpr uint64_t kMaxTensors = 1u << 20;
inline constexpr double kMaxTensorElements = 1e15;

// A .safetensors file: an 8-byte little-endian header length, then that
// many bytes of JSON {name: {dtype, shape, data_offsets}, "__metadata__"}.
Result<CheckpointHeader> ReadSafetensorsHeader(const ByteSource& bytes, const std::string& file);
// A GGUF file (versions 2 and 3): magic, version, tensor and key-value
// counts, the key-values (skipped), then each tensor's name, dimensions
// and type.
Result<CheckpointHeader> ReadGgufHeader(const ByteSource& bytes, const std::string& file);

// The group of a tensor name: each all-digit dot-separated part becomes *.
std::string TensorGroupName(std::string_view tensor_name);
// The header's exact count, with its tensors and groups in `how`.
CheckpointCount CountFromHeader(const CheckpointHeader& header);

}  // namespace trainflops

#endif  // TRAINFLOPS_CHECKPOINT_H_
