// The file side of the Hugging Face cache (hub_cache.h): the front ends'
// edge reads the environment, refs/REV and the snapshot's config.json here.
// Nothing is fetched from the network.
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "core/text.h"
#include "trainflops/hub_cache.h"
#include "trainflops/input_limits.h"

namespace trainflops {
namespace {

std::string Env(const char* name) {
  const char* v = std::getenv(name);
  return v == nullptr ? "" : v;
}

bool Exists(const std::string& path) {
  std::error_code ec;
  return std::filesystem::exists(path, ec);  // follows the snapshot's links into blobs/
}

// The commit a branch or tag names: refs/REV holds it, one line of 40 hex
// digits (huggingface_hub writes it without a newline). Read at most 128 bytes.
Result<std::string> ReadRef(const HubModelId& id, const HubPaths& paths) {
  std::ifstream in(paths.ref_file, std::ios::binary);
  if (!in) return HubNotCached(id, paths, paths.ref_file);
  std::string text(128, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<size_t>(in.gcount()));
  const std::string commit(Trim(text));
  if (!IsCommitHash(commit)) {
    return Status::InvalidArgument(paths.ref_file +
                                   ": expected a 40-digit commit hash, as huggingface_hub "
                                   "writes it, got '" +
                                   Abbreviate(commit) + "'");
  }
  return commit;
}

}  // namespace

HubEnvironment HubEnvironmentFromProcess() {
  HubEnvironment env;
  env.hf_hub_cache = Env("HF_HUB_CACHE");
  env.huggingface_hub_cache = Env("HUGGINGFACE_HUB_CACHE");
  env.hf_home = Env("HF_HOME");
  env.xdg_cache_home = Env("XDG_CACHE_HOME");
  env.home = Env("HOME");
  return env;
}

Result<std::string> ResolveHubConfig(std::string_view text, const HubEnvironment& env) {
  TF_ASSIGN_OR_RETURN(const HubModelId id, ParseHubModelId(text));
  TF_ASSIGN_OR_RETURN(const HubPaths paths, HubPathsFor(env, id));
  std::string commit = id.revision;
  if (!id.commit) {
    TF_ASSIGN_OR_RETURN(commit, ReadRef(id, paths));
  }
  const std::string config = HubSnapshotFile(paths, commit, "config.json");
  if (!Exists(config)) return HubNotCached(id, paths, config);
  return config;
}

}  // namespace trainflops
