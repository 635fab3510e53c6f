// `--cite` on the estimating commands: the option, and the "Cite this
// estimate" block (include/trainflops/citation.h) added to their output.
#ifndef TRAINFLOPS_SRC_CLI_CITE_OUTPUT_H_
#define TRAINFLOPS_SRC_CLI_CITE_OUTPUT_H_

#include <string>

#include "args.h"
#include "trainflops/citation.h"

namespace trainflops::cli {

OptionSpec CiteOption();

// `report` with `citation` added: after a text report, the sentence and the
// BibTeX; in a JSON report (one object), a "citation" member
// {text, references, bibtex}.
std::string WithCitation(const std::string& report, bool json, const Citation& citation);

}  // namespace trainflops::cli

#endif  // TRAINFLOPS_SRC_CLI_CITE_OUTPUT_H_
