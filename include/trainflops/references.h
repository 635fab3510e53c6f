// The bibliography: every work an estimate's formulas and assumptions cite.
//
// Sources in reports are short citations with a section, e.g. "Sevilla et al.
// 2022, Table 1". Each short form here maps to a stable key (the one used in
// docs/references.md and in the `reference` field of --json output), the full
// entry, and BibTeX, so a reader can look every source up.
#ifndef TRAINFLOPS_REFERENCES_H_
#define TRAINFLOPS_REFERENCES_H_

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace trainflops {

struct Reference {
  std::string_view key;         // "sevilla2022": stable, as in docs/references.md
  std::string_view short_form;  // "Sevilla et al. 2022": how sources cite it
  std::string_view authors;     // "Jaime Sevilla and Lennart Heim and ..." (BibTeX order)
  std::string_view year;
  std::string_view title;
  std::string_view published;   // "Epoch AI blog, 20 January 2022", "arXiv:2001.08361"
  std::string_view url;
  std::string_view bibtex_type; // "misc", "article", "inproceedings"
};

// Every reference, in the order of docs/references.md.
std::span<const Reference> References();

// The entry with this key, or nullptr.
const Reference* FindReference(std::string_view key);

// The keys of the works `text` cites (by their short form, also written with
// the year in parentheses: "Hobbhahn & Sevilla (2021)"), in order of first
// appearance, each once.
std::vector<std::string> CitedKeys(std::string_view text);

// The key of the first work `text` cites, or "" when it cites none (a value
// the user gave, a default stated by the tool itself).
std::string PrimaryKey(std::string_view text);

// "Sevilla, J. et al. (2022). Estimating Training Compute of Deep Learning
// Models. Epoch AI blog, 20 January 2022. https://..."
std::string FormatReference(const Reference& reference);

// One BibTeX entry, keyed by reference.key.
std::string BibTeX(const Reference& reference);

}  // namespace trainflops

#endif  // TRAINFLOPS_REFERENCES_H_
