// Internal to web_commands.cc: a request's inputs (request_args.h), fields
// and words, collected per field, then set on a typed request through its
// field table.
#ifndef TRAINFLOPS_SRC_WEB_WEB_WORDS_H_
#define TRAINFLOPS_SRC_WEB_WEB_WORDS_H_

#include <string>
#include <utility>
#include <vector>

#include "core/text.h"
#include "request_args.h"
#include "trainflops/request_fields.h"
#include "web_commands.h"

namespace trainflops::web {

// Values per field, in the order the fields were first given. Flags hold
// "true" or "false"; file fields hold upload names.
struct Collected {
  std::vector<std::pair<std::string, std::vector<std::string>>> fields;

  void Add(const std::string& field, std::string value);
  const std::vector<std::string>* Find(const std::string& field) const;
  void Erase(const std::string& field);
};

// The inputs of one request before they meet a field table: the fields of
// the whole request, those of each phase after the second chip, and the
// positional words.
struct SortedWords {
  Collected options;
  std::vector<Collected> phases;
  std::vector<std::string> positional;
  bool help = false, cite = false;
};

// How inputs fill a request: which fields there are and which are flags,
// and whether a repeated chip starts a phase.
struct WordRules {
  std::vector<std::string> fields;        // every field: another name is refused at once
  std::vector<std::string> flags;         // fields that take no value
  std::vector<std::string> phase_fields;  // empty: no phases
};

// "--bp-ratio" -> "bp_ratio"; the singulars of repeatable fields ("dim")
// read as the field ("dims").
std::string FieldOfOption(std::string_view option);
// The option that sets `field`: "bp_ratio" -> "--bp-ratio", "dims" -> "--dim".
std::string OptionOf(const std::string& field);
// "unknown option '--x'; did you mean '--y'? (accepted: ...)".
Status UnknownOption(const std::string& field, const std::vector<std::string>& fields);

// The inputs in order. A word "--name value" or "--name=value" sets the
// field `name`, as the command line reads it; a field input sets its field
// with its value as it is. Either given alone sets a flag to "true" (any
// other field needs a value: a field input never takes the next input's).
Result<SortedWords> SortWords(const std::vector<WebInput>& inputs, const WordRules& rules);

// A flag's value: "true", "yes", "on", "1" and the opposites.
Result<bool> FlagValue(const std::string& field, const std::string& text);

// Sets every collected field on `request` (files opened with `open`).
template <typename R>
Status Apply(const RequestFields<R>& table, const Collected& collected, const UploadOpener& open,
             R& request) {
  for (const auto& [name, values] : collected.fields) {
    const Result<const RequestField<R>*> found = FindField(table, name);
    if (!found.ok()) return UnknownOption(name, FieldNames(table));
    const RequestField<R>* field = *found;
    FieldValue value = FieldValue::List(values);
    if (field->kind == FieldKind::kFlag) {
      // The same flag twice is fine (the form's box and More options);
      // true and false at once is not.
      TF_ASSIGN_OR_RETURN(value.flag, FlagValue(name, values.front()));
      for (const std::string& v : values) {
        TF_ASSIGN_OR_RETURN(const bool again, FlagValue(name, v));
        if (again != value.flag) {
          return Status::InvalidArgument(FieldRef(name) + ": given both true and false");
        }
      }
    } else if (field->kind == FieldKind::kFile) {
      if (values.size() != 1) {
        return Status::InvalidArgument(FieldRef(name) + ": expected one file, got " +
                                       std::to_string(values.size()));
      }
      TF_ASSIGN_OR_RETURN(value.file, open(values[0], InputKindFor(field->role, values[0])));
    }
    TF_RETURN_IF_ERROR(field->set(request, std::move(value)));
  }
  return Status::Ok();
}

template <typename R>
WordRules RulesOf(const RequestFields<R>& table, bool phased) {
  WordRules rules;
  rules.fields = FieldNames(table);
  for (const RequestField<R>& f : table) {
    if (f.kind == FieldKind::kFlag) rules.flags.push_back(f.name);
  }
  if (phased) rules.phase_fields = FieldNames(PhaseRequestFields());
  return rules;
}

// "--help": the fields a command takes, by kind, spelled as words.
template <typename R>
std::string FieldsHelp(const char* command, const RequestFields<R>& table,
                       const std::vector<std::string>& positional) {
  std::string out = std::string("/api/") + command +
                    ": the fields of the library's request, given as words (--name value, in "
                    "More options), query parameters or form fields (name=value) or JSON "
                    "\"options\"; docs/web.md and docs/python.md say what each means.\n";
  if (!positional.empty()) {
    out += "words without --: " + JoinNames(positional, ", then ") + "\n";
  }
  const std::pair<FieldKind, const char*> kinds[] = {
      {FieldKind::kText, "values"},
      {FieldKind::kList, "repeatable (one value per word)"},
      {FieldKind::kFlag, "flags (alone, or =true / =false)"},
      {FieldKind::kFile, "files (the name of an uploaded file)"}};
  for (const auto& [kind, what] : kinds) {
    std::vector<std::string> options;
    for (const RequestField<R>& f : table) {
      if (f.kind == kind) options.push_back(OptionOf(f.name));
    }
    if (!options.empty()) out += std::string(what) + ": " + JoinNames(options) + "\n";
  }
  return out + "also: --cite (add the citation), --help\n";
}

}  // namespace trainflops::web

#endif  // TRAINFLOPS_SRC_WEB_WEB_WORDS_H_
