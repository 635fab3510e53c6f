// trainflops' own BibTeX entry comes from CITATION.cff: the keys it reads,
// how authors are written for BibTeX, and the errors that name a bad key.
#include "report/cff.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "trainflops/citation.h"

namespace trainflops {
namespace {

struct CffCase {
  const char* name;
  std::string cff;
  CffSoftware expected;
};

// The keys every case shares after its own: title and version.
const std::string kTitleVersion = "title: Tool\nversion: 1.2.3\n";

TEST(Cff, ReadsTheSoftwareEntry) {
  const std::vector<CffCase> cases = {
      {"entity, quoted date, repository-code before url",
       kTitleVersion + "date-released: \"2026-12-03\"\nauthors:\n  - name: \"The Group\"\n"
                       "repository-code: \"https://example.org/trainflops\"\nurl: "
                       "\"https://example.org/home\"\n",
       {"Tool", "{The Group}", "1.2.3", "2026", "https://example.org/trainflops"}},
      {"url when repository-code is absent, unquoted date",
       kTitleVersion + "date-released: 2025-01-31\nauthors:\n  - name: The Group\n"
                       "url: https://example.org/home\n",
       {"Tool", "{The Group}", "1.2.3", "2025", "https://example.org/home"}},
      {"persons as Family, Given; an entity among them",
       kTitleVersion + "date-released: 2024-06-01\nauthors:\n"
                       "  - family-names: Sevilla\n    given-names: Jaime\n"
                       "  - given-names: Lennart\n    family-names: Heim\n"
                       "  - name: Epoch AI\n",
       {"Tool", "Sevilla, Jaime and Heim, Lennart and {Epoch AI}", "1.2.3", "2024", ""}},
      // BibTeX's form "von Last, Jr, First".
      {"particle and suffix; a family name alone",
       kTitleVersion + "date-released: 2024-06-01\nauthors:\n"
                       "  - family-names: Rossum\n    name-particle: van\n    given-names: Guido\n"
                       "  - family-names: King\n    name-suffix: Jr\n    given-names: Martin\n"
                       "  - family-names: Plato\n",
       {"Tool", "van Rossum, Guido and King, Jr, Martin and Plato", "1.2.3", "2024", ""}},
  };
  for (const CffCase& c : cases) {
    SCOPED_TRACE(c.name);
    Result<CffSoftware> s = ParseCitationCff(c.cff, "CITATION.cff");
    ASSERT_TRUE(s.ok()) << s.status().message();
    EXPECT_EQ(s->title, c.expected.title);
    EXPECT_EQ(s->author, c.expected.author);
    EXPECT_EQ(s->version, c.expected.version);
    EXPECT_EQ(s->year, c.expected.year);
    EXPECT_EQ(s->url, c.expected.url);
  }
}

struct CffErrorCase {
  const char* name;
  std::string cff;
  std::string message;  // a part of the error
};

TEST(Cff, ErrorsNameTheKey) {
  const std::string authors = "authors:\n  - name: The Group\n";
  const std::string date = "date-released: 2026-12-03\n";
  const std::vector<CffErrorCase> cases = {
      {"no title", "version: 1.2.3\n" + date + authors,
       "CITATION.cff: missing key 'title' (a string: the software's title)"},
      {"no date-released", kTitleVersion + authors,
       "CITATION.cff: missing key 'date-released' (the release date, YYYY-MM-DD)"},
      {"date-released not a date", kTitleVersion + authors + "date-released: 2026/12/03\n",
       "CITATION.cff:5: key 'date-released' is '2026/12/03' (accepted: the release date, "
       "YYYY-MM-DD, e.g. 2026-12-03)"},
      {"month 13", kTitleVersion + authors + "date-released: 2026-13-03\n",
       "key 'date-released' is '2026-13-03'"},
      {"no version", "title: Tool\n" + date + authors, "missing key 'version'"},
      {"no authors", kTitleVersion + date, "CITATION.cff: missing key 'authors'"},
      {"empty authors", kTitleVersion + date + "authors: []\n",
       "CITATION.cff:4: key 'authors' must be a non-empty list"},
      {"author with no name", kTitleVersion + date + "authors:\n  - given-names: Jaime\n",
       "CITATION.cff:5: an entry of key 'authors' has neither 'name' nor 'family-names'"},
      {"author not a map", kTitleVersion + date + "authors:\n  - Jaime Sevilla\n",
       "CITATION.cff:5: an entry of key 'authors' is not a map"},
      {"title a list", "title: [a, b]\nversion: 1.2.3\n" + date + authors,
       "CITATION.cff:1: key 'title' must be a string: the software's title"},
      {"url a map", kTitleVersion + date + authors + "url:\n  a: b\n",
       "CITATION.cff:7: key 'url' must be a string: the software's URL"},
      {"not a map", "- title\n", "CITATION.cff: expected a map of keys"},
      {"malformed YAML", "title: [Tool\n", "malformed YAML"},
  };
  for (const CffErrorCase& c : cases) {
    SCOPED_TRACE(c.name);
    Result<CffSoftware> s = ParseCitationCff(c.cff, "CITATION.cff");
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.status().message().find(c.message), std::string::npos) << s.status().message();
  }
}

TEST(Cff, BibTeXGivesTheUrlOnlyWhenThereIsOne) {
  CffSoftware s = {"Tool", "{The Group}", "1.2.3", "2026", "https://example.org/trainflops"};
  EXPECT_EQ(SoftwareBibTeX(s, "tool", "A note"),
            "@software{tool,\n"
            "  author = {{The Group}},\n"
            "  year = {2026},\n"
            "  title = {Tool},\n"
            "  version = {1.2.3},\n"
            "  url = {https://example.org/trainflops},\n"
            "  note = {A note}\n"
            "}\n");
  s.url.clear();
  EXPECT_EQ(SoftwareBibTeX(s, "tool", ""),
            "@software{tool,\n"
            "  author = {{The Group}},\n"
            "  year = {2026},\n"
            "  title = {Tool},\n"
            "  version = {1.2.3}\n"
            "}\n");
}

// The bundled file must parse: trainflops' entry is left out of every
// citation if it does not.
TEST(Cff, BundledCitationCffParses) {
  std::ifstream in(std::string(TRAINFLOPS_SOURCE_DIR) + "/CITATION.cff", std::ios::binary);
  std::stringstream file;
  file << in.rdbuf();
  EXPECT_EQ(BundledCitationCff(), file.str());
  Result<CffSoftware> s = ParseCitationCff(BundledCitationCff(), "CITATION.cff");
  ASSERT_TRUE(s.ok()) << s.status().message();
  EXPECT_EQ(s->year, "2026");  // date-released: "2026-12-03"
  EXPECT_EQ(s->version, TrainflopsVersion());
  EXPECT_EQ(s->author, "{The trainflops contributors}");
  EXPECT_EQ(s->url, "");
}

}  // namespace
}  // namespace trainflops
