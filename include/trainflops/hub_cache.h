// The local Hugging Face cache: a repository id ("Qwen/Qwen3-8B", or
// "Qwen/Qwen3-8B@REV" for a branch, tag or commit) in place of a config.json
// path. trainflops never downloads: it reads the files huggingface_hub left in
// its cache (huggingface_hub's file_download.py and constants.py):
//
//   $HF_HUB_CACHE (or the older $HUGGINGFACE_HUB_CACHE), else $HF_HOME/hub,
//   else $XDG_CACHE_HOME/huggingface/hub, else ~/.cache/huggingface/hub;
//   in it models--OWNER--NAME/refs/REV holds the commit of a branch or tag,
//   and models--OWNER--NAME/snapshots/COMMIT/config.json the file (a link
//   into blobs/).
//
// The paths are computed here from the environment's values, given as
// arguments (testable without a filesystem); the front ends read the
// environment and the files (ResolveHubConfig).
#ifndef TRAINFLOPS_HUB_CACHE_H_
#define TRAINFLOPS_HUB_CACHE_H_

#include <string>
#include <string_view>

#include "trainflops/status.h"

namespace trainflops {

// The environment variables' values; empty = unset.
struct HubEnvironment {
  std::string hf_hub_cache, huggingface_hub_cache, hf_home, xdg_cache_home, home;
};

struct HubModelId {
  std::string repo;               // "Qwen/Qwen3-8B"
  std::string revision = "main";  // a branch, tag or commit
  bool commit = false;            // revision is a 40-digit commit hash
};

// OWNER/NAME[@REV] as the Hub spells repositories (letters, digits, '-', '_'
// and '.'; no "--" or ".."; at most 96 characters), and not a name ending in
// a file extension trainflops reads (.json, .yaml, .onnx, ...): such a word
// is a path that does not exist, not a repository.
bool LooksLikeHubModelId(std::string_view text);
Result<HubModelId> ParseHubModelId(std::string_view text);
bool IsCommitHash(std::string_view text);

struct HubPaths {
  std::string cache;          // the hub cache directory
  std::string repo_dir;       // <cache>/models--Qwen--Qwen3-8B
  std::string ref_file;       // <repo_dir>/refs/<revision>; empty for a commit
  std::string snapshots_dir;  // <repo_dir>/snapshots
};
// The cache directory and the repository's folders; an error when neither
// a cache variable nor HOME is set.
Result<HubPaths> HubPathsFor(const HubEnvironment& env, const HubModelId& id);
// <snapshots_dir>/<commit>/<file>
std::string HubSnapshotFile(const HubPaths& paths, std::string_view commit, std::string_view file);
// The error for a model that is not in the cache: what was looked for, and
// the huggingface-cli command that downloads it.
Status HubNotCached(const HubModelId& id, const HubPaths& paths, const std::string& missing);

// File access, for the front ends (command line, Python): the snapshot's
// config.json for `text` (an id as above), reading refs/REV when the
// revision is a branch or tag. NotFound with the download command when the
// model or the revision is not cached. Nothing is fetched from the network.
Result<std::string> ResolveHubConfig(std::string_view text, const HubEnvironment& env);
// The process's environment variables.
HubEnvironment HubEnvironmentFromProcess();

}  // namespace trainflops

#endif  // TRAINFLOPS_HUB_CACHE_H_
