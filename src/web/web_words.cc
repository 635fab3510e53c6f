#include "web_words.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "core/text.h"

namespace trainflops::web {
namespace {

bool Contains(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// Repeatable fields whose option is singular, as on the command line.
const std::vector<std::pair<std::string, std::string>>& SingularOptions() {
  static const std::vector<std::pair<std::string, std::string>> singulars = {
      {"dim", "dims"}, {"break", "breaks"}, {"stage", "stages"}, {"quantile", "quantiles"}};
  return singulars;
}

}  // namespace

void Collected::Add(const std::string& field, std::string value) {
  for (auto& [name, values] : fields) {
    if (name == field) {
      values.push_back(std::move(value));
      return;
    }
  }
  fields.push_back({field, {std::move(value)}});
}

const std::vector<std::string>* Collected::Find(const std::string& field) const {
  for (const auto& [name, values] : fields) {
    if (name == field) return &values;
  }
  return nullptr;
}

void Collected::Erase(const std::string& field) {
  std::erase_if(fields, [&](const auto& entry) { return entry.first == field; });
}

std::string OptionOf(const std::string& field) {
  for (const auto& [singular, plural] : SingularOptions()) {
    if (plural == field) return "--" + singular;
  }
  std::string option = "--" + field;
  std::replace(option.begin(), option.end(), '_', '-');
  return option;
}

Status UnknownOption(const std::string& field, const std::vector<std::string>& fields) {
  std::vector<std::string> options;
  for (const std::string& f : fields) options.push_back(OptionOf(f));
  options.insert(options.end(), {"--cite", "--help"});
  const std::string option = OptionOf(field);
  return Status::InvalidArgument("unknown option '" + Abbreviate(option) + "'" +
                                 DidYouMean(option, options) + " (accepted: " + JoinNames(options) +
                                 ")");
}

std::string FieldOfOption(std::string_view option) {
  std::string name(option.starts_with("--") ? option.substr(2) : option);
  std::replace(name.begin(), name.end(), '-', '_');
  for (const auto& [singular, field] : SingularOptions()) {
    if (name == singular) return field;
  }
  return name;
}

Result<bool> FlagValue(const std::string& field, const std::string& text) {
  const std::string v = ToLower(text);
  if (v == "true" || v == "yes" || v == "on" || v == "1") return true;
  if (v == "false" || v == "no" || v == "off" || v == "0") return false;
  return Status::InvalidArgument(FieldRef(field) + ": '" + Abbreviate(text) +
                                 "' is not accepted (accepted: true or false)");
}

namespace {

// An input as the field it sets and its value (none: given alone), or
// nullopt for a positional word.
struct Named {
  std::string field;
  std::optional<std::string> value;
};

std::optional<Named> NamedOf(const WebInput& in) {
  if (!in.is_word) return Named{FieldOfOption(in.text), in.value};
  const std::string& word = in.text;
  if (!word.starts_with("--") || word.size() == 2) return std::nullopt;
  const size_t eq = word.find('=');
  Named named{FieldOfOption(word.substr(0, eq)), std::nullopt};
  if (eq != std::string::npos) named.value = word.substr(eq + 1);
  return named;
}

bool IsChip(const WebInput& in) {
  const std::optional<Named> named = NamedOf(in);
  return named && named->field == "chip";
}

}  // namespace

Result<SortedWords> SortWords(const std::vector<WebInput>& inputs, const WordRules& rules) {
  SortedWords out;
  const bool phased =
      !rules.phase_fields.empty() && std::count_if(inputs.begin(), inputs.end(), IsChip) > 1;
  for (size_t i = 0; i < inputs.size(); ++i) {
    std::optional<Named> named = NamedOf(inputs[i]);
    if (!named) {
      out.positional.push_back(inputs[i].text);
      continue;
    }
    std::string& field = named->field;
    std::optional<std::string>& value = named->value;
    if (field == "help" || field == "cite") {
      TF_ASSIGN_OR_RETURN(const bool on, FlagValue(field, value.value_or("true")));
      (field == "help" ? out.help : out.cite) = on;
      continue;
    }
    if (field == "json") {  // JSON is the default; the text report is asked with `text`
      TF_ASSIGN_OR_RETURN(const bool json, FlagValue(field, value.value_or("true")));
      if (!json) {
        return Status::InvalidArgument(
            "--json=false is not accepted: the answer is JSON unless the request asks for the "
            "text report (the query's 'text', or \"text\": true in a JSON body)");
      }
      continue;
    }
    if (field == "no_layers") {  // the report without its per-layer table
      TF_ASSIGN_OR_RETURN(const bool off, FlagValue(field, value.value_or("true")));
      field = "show_layers";
      value = off ? "false" : "true";
    }
    // Refused at once: collecting unknown names first would cost a scan of
    // every name so far per word.
    if (!Contains(rules.fields, field)) return UnknownOption(field, rules.fields);
    if (!value && Contains(rules.flags, field)) value = "true";
    if (!value) {
      // "--name value": only a word takes the next word as its value.
      const bool next_word = inputs[i].is_word && i + 1 < inputs.size() && inputs[i + 1].is_word;
      if (!next_word) return Status::InvalidArgument(FieldRef(field) + ": needs a value");
      value = inputs[++i].text;
    }
    if (phased && field == "chip") out.phases.emplace_back();
    const bool in_phase = !out.phases.empty() && Contains(rules.phase_fields, field);
    (in_phase ? out.phases.back() : out.options).Add(field, std::move(*value));
  }
  return out;
}

}  // namespace trainflops::web
