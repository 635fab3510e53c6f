// The statement as a printable, self-contained HTML page: the statement's
// layout (the Markdown statement's lines) as headings, lists and emphasis,
// with a print style and nothing loaded from elsewhere. The record's text is
// escaped and taken literally: only the layout's own structure (and a field
// name, "`precision`", as code) is markup.
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "core/text.h"
#include "ledger/internal.h"
#include "trainflops/field_names.h"
#include "trainflops/ledger.h"

namespace trainflops {
namespace {

using ledger::StatementLine;
using ledger::TextSpan;

// A span's text escaped; a field named as library messages name one
// ("`precision`", field_names.h) is set as code, the one markup text carries.
std::string TextOf(const TextSpan& span) {
  const std::string text = EscapeMarkup(span.text);
  if (span.style == TextSpan::Style::kCode) return text;
  return RenameFields(text,
                      [](std::string_view f) { return "<code>" + std::string(f) + "</code>"; });
}

// The spans of a line, each in the element of its style.
std::string Inline(const std::vector<TextSpan>& spans) {
  static constexpr const char* kTag[] = {"", "em", "strong", "code"};
  std::string out;
  for (const TextSpan& s : spans) {
    const std::string tag = kTag[static_cast<size_t>(s.style)];
    out += tag.empty() ? TextOf(s) : "<" + tag + ">" + TextOf(s) + "</" + tag + ">";
  }
  return out;
}

// The element of a line (none for a blank line).
const char* ElementOf(StatementLine::Kind kind) {
  switch (kind) {
    case StatementLine::Kind::kTitle:
      return "h1";
    case StatementLine::Kind::kSection:
      return "h2";
    case StatementLine::Kind::kSubsection:
      return "h3";
    case StatementLine::Kind::kItem:
      return "li";
    case StatementLine::Kind::kParagraph:
      return "p";
    case StatementLine::Kind::kBlank:
      break;
  }
  return nullptr;
}

constexpr char kStyle[] =
    "body{font-family:Georgia,serif;max-width:48em;margin:2em auto;line-height:1.4;color:#111}"
    "h1,h2,h3{font-family:Helvetica,Arial,sans-serif}h2{border-bottom:1px solid #999}"
    "code{font-size:90%}@media print{body{margin:0;max-width:none}h2{break-after:avoid}}";

}  // namespace

std::string RenderLedgerHtml(const LedgerStatement& statement) {
  std::ostringstream o;
  o << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Compute "
       "statement: "
    << EscapeMarkup(statement.record.model) << "</title><style>" << kStyle
    << "</style></head><body>\n";
  bool list = false;
  for (const StatementLine& line : ledger::LayOutStatement(statement)) {
    const bool item = line.kind == StatementLine::Kind::kItem;
    if (list && !item) o << "</ul>\n";
    if (item && !list) o << "<ul>\n";
    list = item;
    if (const char* element = ElementOf(line.kind)) {
      o << "<" << element << ">" << Inline(line.spans) << "</" << element << ">\n";
    }
  }
  if (list) o << "</ul>\n";
  o << "</body></html>\n";
  return o.str();
}

}  // namespace trainflops
