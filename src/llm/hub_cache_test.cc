// The Hugging Face cache's paths from the environment's values, as
// huggingface_hub's constants.py and file_download.py compute them:
// HF_HUB_CACHE (or HUGGINGFACE_HUB_CACHE), else HF_HOME/hub, else
// XDG_CACHE_HOME/huggingface/hub, else ~/.cache/huggingface/hub; the
// repository's folder models--OWNER--NAME; refs/REV; snapshots/COMMIT/FILE.
#include "trainflops/hub_cache.h"

#include <gtest/gtest.h>

namespace trainflops {
namespace {

HubPaths PathsOf(const HubEnvironment& env, const std::string& id) {
  Result<HubModelId> parsed = ParseHubModelId(id);
  EXPECT_TRUE(parsed.ok()) << parsed.status().message();
  Result<HubPaths> p = HubPathsFor(env, parsed.ok() ? *parsed : HubModelId{});
  EXPECT_TRUE(p.ok()) << p.status().message();
  return p.ok() ? *p : HubPaths{};
}

TEST(HubCache, TheCacheDirectoryFollowsTheEnvironmentsPrecedence) {
  HubEnvironment env;
  env.home = "/home/u";
  EXPECT_EQ(PathsOf(env, "Qwen/Qwen3-8B").cache, "/home/u/.cache/huggingface/hub");
  env.xdg_cache_home = "/xdg";
  EXPECT_EQ(PathsOf(env, "Qwen/Qwen3-8B").cache, "/xdg/huggingface/hub");
  env.hf_home = "/hf/";
  EXPECT_EQ(PathsOf(env, "Qwen/Qwen3-8B").cache, "/hf/hub");
  env.huggingface_hub_cache = "/old";
  EXPECT_EQ(PathsOf(env, "Qwen/Qwen3-8B").cache, "/old");
  env.hf_hub_cache = "/cache";
  EXPECT_EQ(PathsOf(env, "Qwen/Qwen3-8B").cache, "/cache");
  Result<HubPaths> none = HubPathsFor({}, {"Qwen/Qwen3-8B"});
  ASSERT_FALSE(none.ok());
  EXPECT_NE(none.status().message().find("HF_HUB_CACHE"), std::string::npos);
}

TEST(HubCache, RepositoryFoldersRefsAndSnapshots) {
  HubEnvironment env;
  env.hf_hub_cache = "/c";
  const HubPaths main = PathsOf(env, "Qwen/Qwen3-8B");
  EXPECT_EQ(main.repo_dir, "/c/models--Qwen--Qwen3-8B");
  EXPECT_EQ(main.ref_file, "/c/models--Qwen--Qwen3-8B/refs/main");
  EXPECT_EQ(HubSnapshotFile(main, "abc", "config.json"),
            "/c/models--Qwen--Qwen3-8B/snapshots/abc/config.json");
  EXPECT_EQ(PathsOf(env, "meta-llama/Llama-3.1-8B@v1.0").ref_file,
            "/c/models--meta-llama--Llama-3.1-8B/refs/v1.0");
  // A commit names its snapshot directly: no ref to read.
  const std::string commit(40, 'e');
  EXPECT_EQ(PathsOf(env, "Qwen/Qwen3-8B@" + commit).ref_file, "");
}

TEST(HubCache, WhatIsARepositoryId) {
  EXPECT_TRUE(LooksLikeHubModelId("Qwen/Qwen3-8B"));
  EXPECT_TRUE(LooksLikeHubModelId("deepseek-ai/DeepSeek-V3.1@main"));
  EXPECT_TRUE(LooksLikeHubModelId("org/model@refs/pr/1"));
  EXPECT_FALSE(LooksLikeHubModelId("gpt2"));                // no owner: a file name
  EXPECT_FALSE(LooksLikeHubModelId("models/config.json"));  // a path that does not exist
  EXPECT_FALSE(LooksLikeHubModelId("a/b/c"));
  EXPECT_FALSE(LooksLikeHubModelId("/abs/path"));
  EXPECT_FALSE(LooksLikeHubModelId("org/mo--del"));
  EXPECT_FALSE(LooksLikeHubModelId("org/model@../x"));
  EXPECT_FALSE(LooksLikeHubModelId("org/model@"));
  Result<HubModelId> bad = ParseHubModelId("a/b/c");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("OWNER/NAME"), std::string::npos);
}

TEST(HubCache, NotCachedSaysHowToDownload) {
  HubEnvironment env;
  env.hf_hub_cache = "/c";
  Result<HubModelId> id = ParseHubModelId("Qwen/Qwen3-8B@v2");
  ASSERT_TRUE(id.ok());
  const Status s = HubNotCached(*id, PathsOf(env, "Qwen/Qwen3-8B@v2"), "/c/x");
  EXPECT_EQ(s.code(), StatusCode::kNotFound);
  EXPECT_NE(s.message().find("huggingface-cli download Qwen/Qwen3-8B config.json --revision v2"),
            std::string::npos)
      << s.message();
}

}  // namespace
}  // namespace trainflops
