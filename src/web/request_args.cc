#include "request_args.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/text.h"
#include "query.h"
#include "trainflops/estimate_request.h"
#include "web_words.h"

namespace trainflops::web {
namespace {

using Json = nlohmann::ordered_json;  // keeps the order of "options" (hardware phases)

// The body is a JSON envelope when its media type says so; parameters such as
// "; charset=utf-8" are ignored.
bool IsJsonMediaType(const std::string& content_type) {
  return ToLower(Trim(content_type.substr(0, content_type.find(';')))) == "application/json";
}

// The field an option given by name ("epochs" or "--epochs") sets, with its
// value as given (none: the field alone).
Result<WebInput> FieldInput(const std::string& where, std::string name,
                            std::optional<std::string> value) {
  if (name.rfind("--", 0) == 0) name = name.substr(2);
  if (name.empty() || name.find('=') != std::string::npos || name.front() == '-') {
    return Status::InvalidArgument(where + ": '" + name +
                                   "' is not an option name (e.g. epochs or --epochs)");
  }
  return WebInput::Field(std::move(name), std::move(value));
}

// A JSON scalar as text: strings as they are, numbers as printed (8, 0.33,
// 1e+25).
Result<std::string> ScalarText(const std::string& where, const Json& value) {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_number()) return value.dump();
  return Status::InvalidArgument(where + ": expected a string or a number, got " +
                                 std::string(value.type_name()));
}

Status AddOptions(const Json& options, CommandRequest& out) {
  if (!options.is_object()) return Status::InvalidArgument("\"options\" must be an object");
  for (const auto& [name, value] : options.items()) {
    const std::string where = "options." + name;
    if (value.is_boolean() || value.is_null()) {
      if (!value.is_boolean() || !value.get<bool>()) continue;  // false/null: not given
      TF_ASSIGN_OR_RETURN(WebInput alone, FieldInput(where, name, std::nullopt));
      out.inputs.push_back(std::move(alone));
      continue;
    }
    const Json values = value.is_array() ? value : Json::array({value});
    for (const Json& v : values) {
      TF_ASSIGN_OR_RETURN(std::string text, ScalarText(where, v));
      TF_ASSIGN_OR_RETURN(WebInput field, FieldInput(where, name, std::move(text)));
      out.inputs.push_back(std::move(field));
    }
  }
  return Status::Ok();
}

// An upload name is a plain file name: it appears in the equivalent command
// line and must not read as an option or a path.
Status CheckUploadName(const std::string& where, const std::string& name) {
  const bool bad_char = std::any_of(name.begin(), name.end(), [](char c) {
    return c == '/' || c == '\\' || static_cast<unsigned char>(c) < 0x20;
  });
  if (name.empty() || name.size() > 255 || bad_char || name.front() == '-' || name == "." ||
      name == "..") {
    return Status::InvalidArgument(where + ": '" + name +
                                   "' is not accepted as a file name (accepted: a plain name "
                                   "such as model.yaml, without '/', not starting with '-')");
  }
  return Status::Ok();
}

Status AddUpload(const std::string& where, const std::string& name, std::string bytes,
                 CommandRequest& out) {
  TF_RETURN_IF_ERROR(CheckUploadName(where, name));
  if (!out.uploads.emplace(name, std::move(bytes)).second) {
    return Status::InvalidArgument(where + ": file '" + name + "' uploaded twice");
  }
  return Status::Ok();
}

Status AddFiles(const Json& files, CommandRequest& out) {
  if (!files.is_array()) return Status::InvalidArgument("\"files\" must be an array");
  for (size_t i = 0; i < files.size(); ++i) {
    const std::string where = "files[" + std::to_string(i) + "]";
    const Json& f = files[i];
    const bool text = f.is_object() && f.contains("text") && f["text"].is_string();
    const bool base64 = f.is_object() && f.contains("base64") && f["base64"].is_string();
    if (!f.is_object() || !f.contains("name") || !f["name"].is_string() || text == base64 ||
        f.size() != 2) {
      return Status::InvalidArgument(where +
                                     ": expected {\"name\": NAME, \"text\": TEXT} or "
                                     "{\"name\": NAME, \"base64\": BYTES}");
    }
    std::string bytes = f[text ? "text" : "base64"].get<std::string>();
    if (base64) {
      Result<std::string> decoded = DecodeBase64(bytes);
      if (!decoded.ok()) return decoded.status().WithContext(where + ".base64");
      bytes = std::move(*decoded);
    }
    TF_RETURN_IF_ERROR(
        AddUpload(where + ".name", f["name"].get<std::string>(), std::move(bytes), out));
  }
  return Status::Ok();
}

Status ReadEnvelope(const std::string& body, CommandRequest& out) {
  TF_RETURN_IF_ERROR(CheckNestingDepth(body, "the JSON body"));
  Json j = Json::parse(body, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object()) {
    return Status::InvalidArgument(
        "the JSON body is not a JSON object {\"args\", \"options\", \"files\", \"text\"}; "
        "to upload a file as the body, send it as application/octet-stream");
  }
  static const std::vector<std::string> kFields = {"args", "options", "files", "text"};
  for (const auto& [key, value] : j.items()) {
    if (std::find(kFields.begin(), kFields.end(), key) == kFields.end()) {
      return Status::InvalidArgument("unknown field '" + Abbreviate(key) + "' in the JSON body" +
                                     DidYouMean(key, kFields) +
                                     " (accepted: " + JoinNames(kFields) +
                                     "; to upload a file as the body, send it as "
                                     "application/octet-stream)");
    }
  }
  if (j.contains("args")) {
    if (!j["args"].is_array()) return Status::InvalidArgument("\"args\" must be an array of words");
    for (size_t i = 0; i < j["args"].size(); ++i) {
      TF_ASSIGN_OR_RETURN(std::string word,
                          ScalarText("args[" + std::to_string(i) + "]", j["args"][i]));
      out.inputs.push_back(WebInput::Word(std::move(word)));
    }
  }
  if (j.contains("options")) TF_RETURN_IF_ERROR(AddOptions(j["options"], out));
  if (j.contains("files")) TF_RETURN_IF_ERROR(AddFiles(j["files"], out));
  if (j.contains("text")) {
    if (!j["text"].is_boolean()) return Status::InvalidArgument("\"text\" must be true or false");
    out.text = j["text"].get<bool>();
  }
  return Status::Ok();
}

// True when some input is `name`: a word, a word's "--option=name" value,
// or a field's value.
bool Mentions(const std::vector<WebInput>& inputs, const std::string& name) {
  return std::any_of(inputs.begin(), inputs.end(), [&](const WebInput& in) {
    if (!in.is_word) return in.value == name;
    const std::string& w = in.text;
    const size_t eq = w.find('=');
    return w == name ||
           (w.rfind("--", 0) == 0 && eq != std::string::npos && w.substr(eq + 1) == name);
  });
}

// A word "--plot" or "--plot=x", or the field plot, in any of the spellings
// fields take ("--summary_json", "summary-json"): refused.
Status RefuseFileWrites(const std::vector<WebInput>& inputs) {
  for (const WebInput& in : inputs) {
    const std::string name =
        in.is_word ? (in.text.starts_with("--") ? in.text.substr(0, in.text.find('=')) : "")
                   : in.text;
    for (const std::string& option : FileWritingOptions()) {
      const bool writes = !name.empty() && OptionOf(FieldOfOption(name)) == option;
      if (writes) {
        return Status::InvalidArgument(
            "option '" + option +
            "' writes a file on the server, which the web API never does (run it with the "
            "trainflops command line instead)");
      }
    }
  }
  return Status::Ok();
}

}  // namespace

const std::vector<std::string>& FileWritingOptions() {
  static const std::vector<std::string> options = {"--plot", "--output", "--summary-json"};
  return options;
}

std::string GuessUploadName(const std::string& bytes) {
  // An ONNX ModelProto starts with field 1 (ir_version) as a varint: byte 0x08
  // (onnx.proto); any NUL byte means binary, which only ONNX is.
  if ((!bytes.empty() && bytes.front() == '\x08') || bytes.find('\0') != std::string::npos) {
    return "model.onnx";
  }
  const std::string_view text = Trim(bytes);
  if (!text.empty() && text.front() == '{') {
    return LooksLikeHfConfig(bytes) ? "config.json" : "model.json";
  }
  return "model.yaml";
}

// A multipart body (an HTML form, `curl -F`): its files are uploads, under
// the file name they were sent with; its plain fields read as query
// parameters, after the query's own. Returns the first file's name.
Result<std::optional<std::string>> ReadFormParts(const std::vector<FormPart>& parts,
                                                 std::vector<QueryParam>& query,
                                                 CommandRequest& out) {
  std::optional<std::string> first_file;
  for (const FormPart& part : parts) {
    const std::string where = "form part '" + Abbreviate(part.name) + "'";
    if (part.filename.empty()) {
      query.push_back({part.name, part.content});
      continue;
    }
    TF_RETURN_IF_ERROR(AddUpload(where, part.filename, part.content, out));
    if (!first_file) first_file = part.filename;
  }
  return first_file;
}

Result<CommandRequest> CommandRequestFrom(const HttpRequest& request) {
  CommandRequest out;
  Result<std::vector<QueryParam>> query = ParseQuery(request.query);
  if (!query.ok()) return query.status();
  TF_ASSIGN_OR_RETURN(const std::optional<std::string> first_form_file,
                      ReadFormParts(request.parts, *query, out));
  const bool envelope = IsJsonMediaType(request.content_type) && !request.body.empty();
  if (envelope) TF_RETURN_IF_ERROR(ReadEnvelope(request.body, out));
  std::optional<std::string> body_name;
  std::vector<WebInput> query_inputs;
  for (const QueryParam& p : *query) {
    if (p.name == "arg") {
      query_inputs.push_back(WebInput::Word(p.value.value_or("")));
    } else if (p.name == "file") {
      if (!p.value) return Status::InvalidArgument("query 'file' needs a value (file=model.onnx)");
      body_name = p.value;
    } else if (p.name == "text") {
      out.text = true;
    } else {
      TF_ASSIGN_OR_RETURN(WebInput field, FieldInput("query '" + p.name + "'", p.name, p.value));
      query_inputs.push_back(std::move(field));
    }
  }
  if (!envelope && !request.body.empty()) {
    const std::string name = body_name.value_or(GuessUploadName(request.body));
    TF_RETURN_IF_ERROR(AddUpload("query 'file'", name, request.body, out));
    if (!Mentions(out.inputs, name) && !Mentions(query_inputs, name)) {
      out.inputs.insert(out.inputs.begin(), WebInput::Word(name));
    }
  } else if (body_name) {
    return Status::InvalidArgument("query 'file' names the request body, but " +
                                   std::string(envelope ? "the body is a JSON envelope (use its "
                                                          "\"files\")"
                                                        : "the body is empty"));
  }
  if (first_form_file && !Mentions(out.inputs, *first_form_file) &&
      !Mentions(query_inputs, *first_form_file)) {
    out.inputs.insert(out.inputs.begin(), WebInput::Word(*first_form_file));
  }
  out.inputs.insert(out.inputs.end(), query_inputs.begin(), query_inputs.end());
  TF_RETURN_IF_ERROR(RefuseFileWrites(out.inputs));
  return out;
}

}  // namespace trainflops::web
