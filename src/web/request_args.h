// From an HTTP request to its inputs and uploads; web_commands.h then sets
// the inputs on the command's typed library request, field by field.
//
// An input is either a field by name with its value, set on the field as it
// is, or a word as the user typed it, read as the command line reads it
// (web_commands.h). They come from, in order:
//  1. a JSON body (Content-Type application/json), an envelope
//       {"args": [...], "options": {...}, "files": [...], "text": false}
//     "args" are words as typed, then "options" maps field names (with or
//     without "--") to a value, true (the field given alone: a flag) or an
//     array (a repeatable field, one input per value), in the object's
//     order; "files" are uploads {"name", "text" | "base64"} that the
//     inputs refer to by name;
//  2. any other non-empty body, which is one uploaded file: its name is the
//     query's "file" (else guessed from the bytes: model.onnx, config.json,
//     model.json, model.yaml) and is put first, as a word, unless an input
//     already names it;
//  3. a multipart/form-data body (an HTML form, `curl -F file=@spec.yaml`):
//     each part with a file name is an upload under that name, the first put
//     first as in 2; each plain field reads as a query parameter (below),
//     after the query's own;
//  4. the query string, in its order: "arg=WORD" is one word as typed, "file"
//     and "text" are as above, and any other "name=value" is the field
//     `name` with that value ("name" alone: the field given alone, a flag).
// Options that write files on the server (--plot, --output, --summary-json)
// are refused; the command reads only the uploads (api.cc).
#ifndef TRAINFLOPS_SRC_WEB_REQUEST_ARGS_H_
#define TRAINFLOPS_SRC_WEB_REQUEST_ARGS_H_

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "http.h"
#include "trainflops/status.h"

namespace trainflops::web {

// One input of a request: a field with its value, or a word.
struct WebInput {
  // A word as typed: the envelope's "args", the query's "arg=WORD", the
  // name of an upload put first.
  static WebInput Word(std::string word) { return {true, std::move(word), std::nullopt}; }
  // A field by name as given ("epochs", "bp-ratio", "dim"), with its value,
  // or none when given alone (a flag). The value is never read as a word.
  static WebInput Field(std::string name, std::optional<std::string> value) {
    return {false, std::move(name), std::move(value)};
  }
  bool operator==(const WebInput&) const = default;

  bool is_word = false;
  std::string text;                  // the word, or the field's name
  std::optional<std::string> value;  // a field's value
};

struct CommandRequest {
  std::vector<WebInput> inputs;                // in order (web_commands.h)
  std::map<std::string, std::string> uploads;  // file name -> bytes
  bool text = false;                           // the text report instead of --json
};

Result<CommandRequest> CommandRequestFrom(const HttpRequest& request);

// The options a request may not use because they write files on the server.
const std::vector<std::string>& FileWritingOptions();

// The guessed name of an uploaded body (see above).
std::string GuessUploadName(const std::string& bytes);

}  // namespace trainflops::web

#endif  // TRAINFLOPS_SRC_WEB_REQUEST_ARGS_H_
