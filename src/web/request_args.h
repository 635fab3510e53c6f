// From an HTTP request to its words and uploads; web_commands.h then sets
// the words on the command's typed library request, field by field.
//
// The words come from, in order:
//  1. a JSON body (Content-Type application/json), an envelope
//       {"args": [...], "options": {...}, "files": [...], "text": false}
//     "args" are words as typed; "options" maps field names (with or
//     without "--") to a value, true (a flag) or an array (a repeatable
//     field); "files" are uploads {"name", "text" | "base64"}
//     that the words refer to by name;
//  2. any other non-empty body, which is one uploaded file: its name is the
//     query's "file" (else guessed from the bytes: model.onnx, config.json,
//     model.json, model.yaml) and is put first among the words unless a word
//     already names it;
//  3. a multipart/form-data body (an HTML form, `curl -F file=@spec.yaml`):
//     each part with a file name is an upload under that name, the first put
//     first among the words as in 2; each plain field reads as a query
//     parameter (below), after the query's own;
//  4. the query string: "arg=WORD" appends one word as typed, "file" and
//     "text" are as above, and any other "name=value" is the field
//     --name=value ("name" alone is the flag --name).
// Options that write files on the server (--plot, --output, --summary-json)
// are refused; the command reads only the uploads (api.cc).
#ifndef TRAINFLOPS_SRC_WEB_REQUEST_ARGS_H_
#define TRAINFLOPS_SRC_WEB_REQUEST_ARGS_H_

#include <map>
#include <string>
#include <vector>

#include "http.h"
#include "trainflops/status.h"

namespace trainflops::web {

struct CommandRequest {
  std::vector<std::string> args;               // the words (web_commands.h)
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
