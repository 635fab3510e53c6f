// The bibliography: lookups, and that every work the code cites is in it and
// in docs/references.md, so no source in a report is a dead end.
#include "trainflops/references.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

namespace trainflops {
namespace {

std::string Slurp(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(References, KeysAreUniqueAndFound) {
  std::set<std::string_view> keys;
  for (const Reference& r : References()) {
    EXPECT_TRUE(keys.insert(r.key).second) << r.key;
    ASSERT_NE(FindReference(r.key), nullptr);
    EXPECT_EQ(FindReference(r.key)->title, r.title);
  }
  EXPECT_EQ(FindReference("nonexistent"), nullptr);
}

TEST(References, CitedKeysInOrderOfFirstAppearance) {
  EXPECT_EQ(CitedKeys("Hobbhahn & Sevilla (2021), as tabulated in Sevilla et al. 2022, Method 1;"
                      " again Sevilla et al. 2022"),
            (std::vector<std::string>{"hobbhahn2021", "sevilla2022"}));
  EXPECT_EQ(PrimaryKey("Sevilla et al. 2022, Method 2; Amodei & Hernandez 2018, Appendix"),
            "sevilla2022");
  EXPECT_EQ(PrimaryKey("given by the user"), "");
}

TEST(References, FormatsAnEntryAndBibTeX) {
  const Reference* r = FindReference("sevilla2022");
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(FormatReference(*r),
            "Sevilla, J. et al. (2022). Estimating Training Compute of Deep Learning Models. "
            "Epoch AI, 20 January 2022. https://epoch.ai/blog/estimating-training-compute");
  std::string bib = BibTeX(*r);
  EXPECT_EQ(bib.rfind("@misc{sevilla2022,\n", 0), 0u) << bib;
  EXPECT_NE(bib.find("  title = {Estimating Training Compute of Deep Learning Models},\n"),
            std::string::npos);
  EXPECT_EQ(bib.back(), '\n');
}

// Every "Author et al. YYYY" or "Author & Author YYYY" in the library's
// sources (tests aside) names a work of the bibliography, and
// docs/references.md lists every key.
TEST(References, EveryCitationInTheCodeIsInTheBibliography) {
  const std::filesystem::path root = TRAINFLOPS_SOURCE_DIR;
  const std::regex citation(R"(([A-Z][a-z]+ (et al\.|& [A-Z][a-z]+)) \(?((19|20)\d\d)\)?)");
  std::set<std::string> unknown;
  for (const char* dir : {"src", "include"}) {
    for (const auto& entry : std::filesystem::recursive_directory_iterator(root / dir)) {
      const std::string name = entry.path().filename().string();
      if (!entry.is_regular_file() || name.ends_with("_test.cc")) continue;
      if (!name.ends_with(".cc") && !name.ends_with(".h")) continue;
      const std::string text = Slurp(entry.path());
      for (auto m = std::sregex_iterator(text.begin(), text.end(), citation);
           m != std::sregex_iterator(); ++m) {
        if (CitedKeys((*m)[0].str()).empty()) unknown.insert((*m)[0].str());
      }
    }
  }
  EXPECT_TRUE(unknown.empty()) << "not in the bibliography (src/core/references.cc): "
                               << *unknown.begin();
  const std::string doc = Slurp(root / "docs" / "references.md");
  for (const Reference& r : References()) {
    EXPECT_NE(doc.find("`" + std::string(r.key) + "`"), std::string::npos)
        << r.key << " missing from docs/references.md";
  }
}

}  // namespace
}  // namespace trainflops
