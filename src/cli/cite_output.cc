#include "cite_output.h"

#include <nlohmann/json.hpp>

namespace trainflops::cli {

OptionSpec CiteOption() {
  return {"--cite", "",
          "add 'Cite this estimate': a sentence with the figure, method, inputs and "
          "sources, and the BibTeX of the works used"};
}

std::string WithCitation(const std::string& report, bool json, const Citation& citation) {
  if (!json) return report + RenderCitationText(citation);
  nlohmann::json object = nlohmann::json::parse(report);
  object["citation"] = {{"text", citation.text},
                        {"references", citation.references},
                        {"bibtex", citation.bibtex}};
  return object.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace trainflops::cli
