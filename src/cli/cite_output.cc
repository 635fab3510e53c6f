#include "cite_output.h"

#include <ostream>

#include "commands.h"

namespace trainflops::cli {

OptionSpec CiteOption() {
  return {"--cite", "",
          "add 'Cite this estimate': a sentence with the figure, method, inputs and "
          "sources, and the BibTeX of the works used"};
}

std::string WithCitation(const std::string& report, bool json, const Citation& citation) {
  // In text, the citation's request fields read as options, as the report's do.
  if (!json) return report + OptionWording(RenderCitationText(citation));
  return AddCitationToJson(report, citation);
}

std::string RenderCall(const Call& call, const Report& report) {
  // The text names request fields as the command line spells them
  // ("`chip_hours`" -> "--chip-hours"); JSON keeps the library's names.
  std::string out = call.json ? report.Json() : OptionWording(report.Text());
  if (!call.cite) return out;
  const std::optional<Citation> citation = report.Cite();
  return citation ? WithCitation(out, call.json, *citation) : out;
}

void WriteCall(const Call& call, const Report& report, std::ostream& out) {
  if (!call.cite) {
    if (call.json) {
      report.WriteJson(out);
    } else {
      report.WriteText(out, OptionWording);
    }
    return;
  }
  out << RenderCall(call, report);
}

}  // namespace trainflops::cli
