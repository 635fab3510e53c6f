// Internal: the software entry of a CITATION.cff (Citation File Format
// 1.2.0), from which trainflops' own BibTeX entry is built, so that the file
// GitHub and Zenodo read and the entry `--cite` prints have one source.
#ifndef TRAINFLOPS_SRC_REPORT_CFF_H_
#define TRAINFLOPS_SRC_REPORT_CFF_H_

#include <string>
#include <string_view>

#include "trainflops/status.h"

namespace trainflops {

struct CffSoftware {
  std::string title;
  // The BibTeX author field: each entity (`name:`) in braces, so that BibTeX
  // does not split a group's name into first and last names, each person
  // (`family-names:`, `given-names:`) as "Family, Given"; joined by " and ".
  std::string author;
  std::string version;
  std::string year;  // of `date-released`
  std::string url;   // `repository-code`, else `url`; empty when neither is given
};

// Reads the top-level keys of a CITATION.cff's text; `file` names it in
// errors, which name the key missing or malformed.
Result<CffSoftware> ParseCitationCff(std::string_view text, const std::string& file);

// A BibTeX @software entry: author, year, title, version, url when there is
// one, and `note` when it is not empty.
std::string SoftwareBibTeX(const CffSoftware& software, std::string_view key,
                           std::string_view note);

// The repository's CITATION.cff, compiled into the library.
std::string_view BundledCitationCff();

}  // namespace trainflops

#endif  // TRAINFLOPS_SRC_REPORT_CFF_H_
