// "Cite this estimate": the sentence states the figure, the method and its
// source, the inputs and assumptions; the BibTeX covers every work cited.
#include "trainflops/citation.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

namespace trainflops {
namespace {

Estimate TwoPetaflopSDays() {
  Estimate e;
  e.method = "method1_counting";
  e.training_flop = 2 * 8.64e19;  // 2 pfs-days (1 pfs-day = 1e15 FLOP/s x 86,400 s)
  e.inputs = {{"epochs", 90, "", "--epochs"}, {"examples", 1.28e6, "examples", "--examples"}};
  e.assumptions = {{"backward/forward ratio", "2", "Sevilla et al. 2022, Method 1"}};
  e.formula = {"ratio from Hobbhahn & Sevilla (2021)"};
  return e;
}

TEST(Citation, SentenceNamesFigureMethodInputsAndSources) {
  Citation c = CiteEstimate(TwoPetaflopSDays(), {.subject = "VGG-16"});
  EXPECT_EQ(c.text,
            "We estimate that training VGG-16 used 1.728e20 FLOP (2 pfs-days), by counting the "
            "operations of its architecture (Sevilla et al. 2022, Method 1). Inputs: epochs 90, "
            "1.28e6 examples. Assumptions: backward/forward ratio 2 (Sevilla et al. "
            "2022, Method 1). Computed with trainflops " +
                std::string(TrainflopsVersion()) + ".");
  EXPECT_EQ(c.references, (std::vector<std::string>{"sevilla2022", "hobbhahn2021", "trainflops"}));
  EXPECT_NE(c.bibtex.find("@misc{sevilla2022,"), std::string::npos);
  EXPECT_NE(c.bibtex.find("@misc{hobbhahn2021,"), std::string::npos);
  EXPECT_NE(c.bibtex.find("@software{trainflops,"), std::string::npos);
  EXPECT_EQ(c.bibtex.find("amodei2018"), std::string::npos);  // not cited, not listed
}

// Units once, names as words: the citation read "epochs 10 epochs" and
// "peak_flop_per_s 1.57e13 FLOP/s".
TEST(Citation, InputsSayTheirUnitOnceInWords) {
  Estimate e = TwoPetaflopSDays();
  e.inputs = {{"epochs", 10, "epochs", "--epochs"},
              {"chips", 8, "chips", "`count`"},
              {"peak_flop_per_s", 1.57e13, "FLOP/s", "hardware table"},
              {"utilization", 0.4, "", "default"}};
  const std::string text = CiteEstimate(e, {}).text;
  EXPECT_NE(text.find("Inputs: 10 epochs, 8 chips, peak 1.57e13 FLOP/s, utilization 0.4."),
            std::string::npos)
      << text;
}

TEST(Citation, StatesTheIntervalWhenThereIsOne) {
  UncertaintySummary interval;
  interval.low = 1e20;
  interval.high = 3e20;
  Citation c = CiteEstimate(TwoPetaflopSDays(), {.subject = "", .interval = &interval});
  EXPECT_NE(c.text.find("training the model used 1.728e20 FLOP (2 pfs-days), 90% interval "
                        "1e20 to 3e20 FLOP, by counting"),
            std::string::npos)
      << c.text;
}

TEST(Citation, VersionMatchesCitationCff) {
  // CMakeLists.txt: project(trainflops VERSION x.y.z); CITATION.cff must repeat it.
  EXPECT_EQ(std::count(TrainflopsVersion().begin(), TrainflopsVersion().end(), '.'), 2);
  std::ifstream in(std::string(TRAINFLOPS_SOURCE_DIR) + "/CITATION.cff");
  std::stringstream cff;
  cff << in.rdbuf();
  EXPECT_NE(cff.str().find("\nversion: " + std::string(TrainflopsVersion()) + "\n"),
            std::string::npos);
}

TEST(Citation, TrainflopsEntryComesFromCitationCff) {
  // trainflops' entry is built from CITATION.cff (cff_test.cc): its title,
  // its author (a group: double braces keep BibTeX from reading it as a first
  // and last name), the year of its date-released "2026-12-03", its version;
  // it gives no repository-code or url, so the entry has no url.
  const std::string bibtex = CiteEstimate(TwoPetaflopSDays(), {}).bibtex;
  EXPECT_TRUE(bibtex.ends_with(
      "\n@software{trainflops,\n"
      "  author = {{The trainflops contributors}},\n"
      "  year = {2026},\n"
      "  title = {trainflops: estimates of the compute used to train deep-learning models},\n"
      "  version = {" +
      std::string(TrainflopsVersion()) +
      "},\n"
      "  note = {Methods of Sevilla et al. (2022) and Amodei and Hernandez (2018)}\n"
      "}\n"))
      << bibtex;
}

}  // namespace
}  // namespace trainflops
