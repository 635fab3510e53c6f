// The statement as a printable, self-contained HTML page: the Markdown
// statement's headings, lists and emphasis as HTML, with a print style and
// nothing loaded from elsewhere.
#include <sstream>

#include "core/text.h"
#include "trainflops/ledger.h"

namespace trainflops {
namespace {

// **bold**, *italic* and `code` of one escaped line.
std::string Inline(const std::string& line) {
  std::string out;
  bool bold = false, italic = false, code = false;
  for (size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '`') {
      out += (code = !code) ? "<code>" : "</code>";
    } else if (!code && line.compare(i, 2, "**") == 0) {
      out += (bold = !bold) ? "<strong>" : "</strong>";
      ++i;
    } else if (!code && line[i] == '*') {
      out += (italic = !italic) ? "<em>" : "</em>";
    } else {
      out += line[i];
    }
  }
  return out;
}

constexpr char kStyle[] =
    "body{font-family:Georgia,serif;max-width:48em;margin:2em auto;line-height:1.4;color:#111}"
    "h1,h2,h3{font-family:Helvetica,Arial,sans-serif}h2{border-bottom:1px solid #999}"
    "code{font-size:90%}@media print{body{margin:0;max-width:none}h2{break-after:avoid}}";

}  // namespace

std::string RenderLedgerHtml(const LedgerStatement& statement) {
  std::istringstream in(RenderLedgerMarkdown(statement));
  std::ostringstream o;
  o << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Compute "
       "statement: "
    << EscapeMarkup(statement.record.model) << "</title><style>" << kStyle
    << "</style></head><body>\n";
  std::string line;
  bool list = false;
  while (std::getline(in, line)) {
    const bool item = line.starts_with("- ");
    if (list && !item) o << "</ul>\n";
    if (item && !list) o << "<ul>\n";
    list = item;
    const std::string text = Inline(EscapeMarkup(line));
    if (line.starts_with("### ")) {
      o << "<h3>" << text.substr(4) << "</h3>\n";
    } else if (line.starts_with("## ")) {
      o << "<h2>" << text.substr(3) << "</h2>\n";
    } else if (line.starts_with("# ")) {
      o << "<h1>" << text.substr(2) << "</h1>\n";
    } else if (item) {
      o << "<li>" << text.substr(2) << "</li>\n";
    } else if (!line.empty()) {
      o << "<p>" << text << "</p>\n";
    }
  }
  if (list) o << "</ul>\n";
  o << "</body></html>\n";
  return o.str();
}

}  // namespace trainflops
