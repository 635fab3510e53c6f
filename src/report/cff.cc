// Internal: the software entry of a CITATION.cff (src/report/cff.h).
#include "report/cff.h"

#include <yaml-cpp/yaml.h>

#include <cctype>
#include <string>
#include <vector>

#include "trainflops/input_limits.h"

namespace trainflops {

namespace embedded {
extern const char trainflops_citation_cff[];
extern const unsigned long trainflops_citation_cff_size;
}  // namespace embedded

namespace {

std::string CffLine(const std::string& file, const YAML::Node& node) {
  return file + ":" + std::to_string(node.Mark().line + 1);
}

// A top-level key's text, empty when the key is absent; `what` says what the
// key must hold.
Result<std::string> OptionalCffText(const YAML::Node& root, const char* key,
                                    const std::string& file, std::string_view what) {
  const YAML::Node value = root[key];
  if (!value || value.IsNull()) return std::string();
  if (!value.IsScalar() || value.Scalar().empty()) {
    return Status::InvalidArgument(CffLine(file, value) + ": key '" + key + "' must be " +
                                   std::string(what));
  }
  return value.Scalar();
}

Result<std::string> RequiredCffText(const YAML::Node& root, const char* key,
                                    const std::string& file, std::string_view what) {
  TF_ASSIGN_OR_RETURN(std::string text, OptionalCffText(root, key, file, what));
  if (text.empty()) {
    return Status::InvalidArgument(file + ": missing key '" + key + "' (" + std::string(what) +
                                   ")");
  }
  return text;
}

bool IsIsoDate(std::string_view date) {
  if (date.size() != 10 || date[4] != '-' || date[7] != '-') return false;
  for (const size_t i : {0, 1, 2, 3, 5, 6, 8, 9}) {
    if (std::isdigit(static_cast<unsigned char>(date[i])) == 0) return false;
  }
  const int month = (date[5] - '0') * 10 + (date[6] - '0');
  const int day = (date[8] - '0') * 10 + (date[9] - '0');
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

// Quoted or not: unquoted, YAML 1.1 reads 2026-12-03 as a timestamp, and
// yaml-cpp keeps such a scalar's text as written.
Result<std::string> ReleaseYear(const YAML::Node& root, const std::string& file) {
  constexpr std::string_view kWhat = "the release date, YYYY-MM-DD";
  TF_ASSIGN_OR_RETURN(const std::string date, RequiredCffText(root, "date-released", file, kWhat));
  if (!IsIsoDate(date)) {
    return Status::InvalidArgument(CffLine(file, root["date-released"]) +
                                   ": key 'date-released' is '" + Abbreviate(date) +
                                   "' (accepted: " + std::string(kWhat) + ", e.g. 2026-12-03)");
  }
  return date.substr(0, 4);
}

std::string AuthorText(const YAML::Node& author, const char* key) {
  const YAML::Node value = author[key];
  return value && value.IsScalar() ? value.Scalar() : std::string();
}

// One author as BibTeX reads it: an entity's name in braces (a group is not
// a first and a last name), a person as "von Family, Jr, Given".
Result<std::string> BibTeXAuthor(const YAML::Node& author, const std::string& file) {
  const std::string accepted =
      " (accepted: an entity with 'name', or a person with 'family-names' and "
      "'given-names')";
  if (!author.IsMap()) {
    return Status::InvalidArgument(CffLine(file, author) +
                                   ": an entry of key 'authors' is not a map" + accepted);
  }
  const std::string name = AuthorText(author, "name");
  if (!name.empty()) return "{" + name + "}";
  const std::string family = AuthorText(author, "family-names");
  if (family.empty()) {
    return Status::InvalidArgument(CffLine(file, author) +
                                   ": an entry of key 'authors' has neither 'name' nor "
                                   "'family-names'" +
                                   accepted);
  }
  const std::string particle = AuthorText(author, "name-particle");
  const std::string suffix = AuthorText(author, "name-suffix");
  const std::string given = AuthorText(author, "given-names");
  std::string out = particle.empty() ? family : particle + " " + family;
  if (!suffix.empty()) out += ", " + suffix + ",";
  if (!given.empty()) out += (suffix.empty() ? ", " : " ") + given;
  return out;
}

Result<std::string> BibTeXAuthors(const YAML::Node& root, const std::string& file) {
  const YAML::Node list = root["authors"];
  if (!list || list.IsNull()) {
    return Status::InvalidArgument(file +
                                   ": missing key 'authors' (a list of persons and "
                                   "entities)");
  }
  if (!list.IsSequence() || list.size() == 0) {
    return Status::InvalidArgument(CffLine(file, list) +
                                   ": key 'authors' must be a non-empty list of persons and "
                                   "entities");
  }
  std::string out;
  for (size_t i = 0; i < list.size(); ++i) {
    TF_ASSIGN_OR_RETURN(const std::string author, BibTeXAuthor(list[i], file));
    out += (out.empty() ? "" : " and ") + author;
  }
  return out;
}

}  // namespace

Result<CffSoftware> ParseCitationCff(std::string_view text, const std::string& file) {
  TF_RETURN_IF_ERROR(CheckNestingDepth(text, file));
  YAML::Node root;
  try {
    root = YAML::Load(std::string(text));
  } catch (const YAML::Exception& e) {
    return Status::ParseError(file + ":" + std::to_string(e.mark.line + 1) +
                              ": malformed YAML: " + e.msg);
  }
  if (!root.IsMap()) {
    return Status::InvalidArgument(file +
                                   ": expected a map of keys (title, authors, version, "
                                   "date-released, ...)");
  }
  CffSoftware s;
  TF_ASSIGN_OR_RETURN(s.title,
                      RequiredCffText(root, "title", file, "a string: the software's title"));
  TF_ASSIGN_OR_RETURN(s.author, BibTeXAuthors(root, file));
  TF_ASSIGN_OR_RETURN(s.version,
                      RequiredCffText(root, "version", file, "a string: the release's version"));
  TF_ASSIGN_OR_RETURN(s.year, ReleaseYear(root, file));
  TF_ASSIGN_OR_RETURN(s.url,
                      OptionalCffText(root, "repository-code", file, "a string: the code's URL"));
  if (s.url.empty()) {
    TF_ASSIGN_OR_RETURN(s.url, OptionalCffText(root, "url", file, "a string: the software's URL"));
  }
  return s;
}

std::string SoftwareBibTeX(const CffSoftware& software, std::string_view key,
                           std::string_view note) {
  std::vector<std::string> fields = {
      "author = {" + software.author + "}", "year = {" + software.year + "}",
      "title = {" + software.title + "}", "version = {" + software.version + "}"};
  if (!software.url.empty()) fields.push_back("url = {" + software.url + "}");
  if (!note.empty()) fields.push_back("note = {" + std::string(note) + "}");
  std::string out = "@software{" + std::string(key) + ",\n";
  for (size_t i = 0; i < fields.size(); ++i) {
    out += "  " + fields[i] + (i + 1 < fields.size() ? ",\n" : "\n");
  }
  return out + "}\n";
}

std::string_view BundledCitationCff() {
  return std::string_view(embedded::trainflops_citation_cff,
                          embedded::trainflops_citation_cff_size);
}

}  // namespace trainflops
