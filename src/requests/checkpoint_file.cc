// Counting the parameters of a checkpoint named in a request.
#include "trainflops/checkpoint_file.h"

#include "trainflops/input_limits.h"
#include "trainflops/units.h"

namespace trainflops {
namespace {

Result<CheckpointCount> CountIndex(const InputFile& file, std::string_view torch_dtype,
                                   const InputFile& config) {
  if (file.source().size() > kMaxIndexBytes) {
    return Status::InvalidArgument(file.name() + ": an index (model.safetensors.index.json) is " +
                                   "at most 64 MiB; this file is " +
                                   FormatCount(static_cast<double>(file.source().size())) +
                                   " bytes: give the .safetensors shards instead");
  }
  TF_ASSIGN_OR_RETURN(const std::string text, file.Text());
  TF_ASSIGN_OR_RETURN(const CheckpointIndex index, ParseSafetensorsIndex(text, file.name()));
  std::string dtype(torch_dtype);
  if (dtype.empty()) {
    if (config.empty()) {
      return Status::InvalidArgument(
          file.name() +
          ": an index gives bytes, and the bytes per value come from the torch_dtype of the "
          "config.json beside it, which is not there: put the model's config.json beside the "
          "index, or give the .safetensors shards");
    }
    TF_ASSIGN_OR_RETURN(const std::string config_text, config.Text());
    TF_ASSIGN_OR_RETURN(dtype, ConfigTorchDtype(config_text, config.name()));
  }
  return CountFromIndex(index, dtype);
}

}  // namespace

std::string PathBeside(const std::string& path, std::string_view name) {
  const size_t slash = path.find_last_of('/');
  return (slash == std::string::npos ? std::string() : path.substr(0, slash + 1)) +
         std::string(name);
}

Result<CheckpointCount> CountCheckpoint(const InputFile& file, std::string_view torch_dtype,
                                        const InputFile& config) {
  if (file.empty()) return Status::InvalidArgument("no checkpoint file given");
  switch (CheckpointKindOf(file.name())) {
    case CheckpointKind::kIndex:
      return CountIndex(file, torch_dtype, config);
    case CheckpointKind::kSafetensors: {
      TF_ASSIGN_OR_RETURN(const CheckpointHeader header,
                          ReadSafetensorsHeader(file.source(), file.name()));
      return CountFromHeader(header);
    }
    case CheckpointKind::kGguf: {
      TF_ASSIGN_OR_RETURN(const CheckpointHeader header,
                          ReadGgufHeader(file.source(), file.name()));
      return CountFromHeader(header);
    }
    case CheckpointKind::kNotAFile:
      break;
  }
  return Status::InvalidArgument(std::string("'").append(Abbreviate(file.name())) +
                                 "' is not a checkpoint file (accepted: "
                                 "model.safetensors.index.json, .safetensors, .gguf)");
}

}  // namespace trainflops
