// Paths in the local Hugging Face cache, computed from the environment's
// values (include/trainflops/hub_cache.h). No file is read here.
#include "trainflops/hub_cache.h"

#include <algorithm>
#include <array>
#include <cctype>

#include "core/text.h"
#include "trainflops/input_limits.h"

namespace trainflops {
namespace {

bool HubNameChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.';
}

// One part of OWNER/NAME: huggingface_hub's validate_repo_id rules.
bool HubNamePart(std::string_view part) {
  if (part.empty() || !std::all_of(part.begin(), part.end(), HubNameChar)) return false;
  if (part.front() == '-' || part.front() == '.' || part.back() == '-' || part.back() == '.')
    return false;
  return part.find("--") == std::string_view::npos && part.find("..") == std::string_view::npos;
}

// A file trainflops reads, named by a path that does not exist.
bool HasFileExtension(std::string_view name) {
  static constexpr std::array<std::string_view, 9> kExtensions = {
      ".json", ".yaml", ".yml", ".onnx", ".csv", ".jsonl", ".safetensors", ".gguf", ".txt"};
  const std::string lower = ToLower(name);
  return std::any_of(kExtensions.begin(), kExtensions.end(),
                     [&](std::string_view e) { return lower.ends_with(e); });
}

bool RevisionChar(char c) { return HubNameChar(c) || c == '/'; }

std::string JoinPath(const std::string& dir, std::string_view name) {
  if (dir.empty() || dir.back() == '/') return dir + std::string(name);
  return dir + "/" + std::string(name);
}

}  // namespace

bool IsCommitHash(std::string_view text) {
  return text.size() == 40 && std::all_of(text.begin(), text.end(), [](char c) {
           return std::isdigit(static_cast<unsigned char>(c)) || (c >= 'a' && c <= 'f');
         });
}

bool LooksLikeHubModelId(std::string_view text) {
  std::string_view repo = text;
  if (const size_t at = text.find('@'); at != std::string_view::npos) {
    const std::string_view rev = text.substr(at + 1);
    if (rev.empty() || !std::all_of(rev.begin(), rev.end(), RevisionChar) ||
        rev.find("..") != std::string_view::npos || rev.front() == '/') {
      return false;
    }
    repo = text.substr(0, at);
  }
  const size_t slash = repo.find('/');
  if (slash == std::string_view::npos || repo.size() > 96) return false;
  return HubNamePart(repo.substr(0, slash)) && HubNamePart(repo.substr(slash + 1)) &&
         !HasFileExtension(repo);
}

Result<HubModelId> ParseHubModelId(std::string_view text) {
  if (!LooksLikeHubModelId(text)) {
    return Status::InvalidArgument("'" + Abbreviate(text) +
                                   "' is not a Hugging Face repository id (accepted: OWNER/NAME "
                                   "or OWNER/NAME@REVISION, e.g. Qwen/Qwen3-8B)");
  }
  HubModelId id;
  const size_t at = text.find('@');
  id.repo = std::string(text.substr(0, at));
  if (at != std::string_view::npos) id.revision = std::string(text.substr(at + 1));
  id.commit = IsCommitHash(id.revision);
  return id;
}

Result<HubPaths> HubPathsFor(const HubEnvironment& env, const HubModelId& id) {
  HubPaths p;
  if (!env.hf_hub_cache.empty()) {
    p.cache = env.hf_hub_cache;
  } else if (!env.huggingface_hub_cache.empty()) {
    p.cache = env.huggingface_hub_cache;
  } else if (!env.hf_home.empty()) {
    p.cache = JoinPath(env.hf_home, "hub");
  } else if (!env.xdg_cache_home.empty()) {
    p.cache = JoinPath(env.xdg_cache_home, "huggingface/hub");
  } else if (!env.home.empty()) {
    p.cache = JoinPath(env.home, ".cache/huggingface/hub");
  } else {
    return Status::InvalidArgument(
        "cannot find the Hugging Face cache for '" + id.repo +
        "': none of HF_HUB_CACHE, HF_HOME, XDG_CACHE_HOME or HOME is set (set HF_HUB_CACHE, or "
        "give the path of a config.json)");
  }
  std::string folder = "models--" + id.repo;
  folder.replace(folder.find('/'), 1, "--");
  p.repo_dir = JoinPath(p.cache, folder);
  if (!id.commit) p.ref_file = JoinPath(p.repo_dir, "refs/" + id.revision);
  p.snapshots_dir = JoinPath(p.repo_dir, "snapshots");
  return p;
}

std::string HubSnapshotFile(const HubPaths& paths, std::string_view commit, std::string_view file) {
  return JoinPath(JoinPath(paths.snapshots_dir, commit), file);
}

Status HubNotCached(const HubModelId& id, const HubPaths& paths, const std::string& missing) {
  const std::string revision = id.revision == "main" ? "" : " --revision " + id.revision;
  return Status::NotFound("'" + id.repo + (id.revision == "main" ? "" : "@" + id.revision) +
                          "' is not a file, and the Hugging Face cache " + paths.cache +
                          " does not hold its config.json (" + missing +
                          " not found); trainflops never downloads: fetch it with "
                          "`huggingface-cli download " +
                          id.repo + " config.json" + revision +
                          "` (add model.safetensors.index.json for the checkpoint cross-check)");
}

}  // namespace trainflops
