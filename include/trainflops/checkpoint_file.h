// A checkpoint named in a request (`estimate`'s `checkpoint`, `tokens`'
// `params_checkpoint`): its exact parameter count, without reading weights.
//
// model.safetensors.index.json gives metadata.total_size in bytes, divided by
// the bytes per value of the model's torch_dtype; a .safetensors shard or a
// GGUF file gives its tensors' shapes in its header (checkpoint.h).
#ifndef TRAINFLOPS_CHECKPOINT_FILE_H_
#define TRAINFLOPS_CHECKPOINT_FILE_H_

#include <string>
#include <string_view>

#include "trainflops/checkpoint.h"
#include "trainflops/request.h"

namespace trainflops {

// An index is read whole; one larger than this is not an index (DeepSeek-V3's,
// 91,991 tensors in 163 shards, is about 9 MB).
inline constexpr std::uint64_t kMaxIndexBytes = 64u << 20;

// The count of `file`, chosen by its name (CheckpointKindOf). For an index
// the bytes per value come from `torch_dtype`, or when that is empty from the
// torch_dtype of `config` (the config.json beside the index; an error names
// both files when neither is there).
Result<CheckpointCount> CountCheckpoint(const InputFile& file, std::string_view torch_dtype,
                                        const InputFile& config = {});

// The name of the file called `name` in the directory of `path` (the index
// beside a config.json, the config.json beside an index): text only, so that
// each front end looks it up its own way (the command line on disk, the web
// API among the request's uploads).
std::string PathBeside(const std::string& path, std::string_view name);

}  // namespace trainflops

#endif  // TRAINFLOPS_CHECKPOINT_FILE_H_
