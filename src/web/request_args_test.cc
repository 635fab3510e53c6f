#include "request_args.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace trainflops::web {
namespace {

HttpRequest Post(std::string query, std::string content_type, std::string body) {
  HttpRequest r;
  r.method = "POST";
  r.path = "/api/estimate";
  r.query = std::move(query);
  r.content_type = std::move(content_type);
  r.body = std::move(body);
  return r;
}

using Inputs = std::vector<WebInput>;

WebInput W(std::string word) { return WebInput::Word(std::move(word)); }
WebInput F(std::string name, std::optional<std::string> value = std::nullopt) {
  return WebInput::Field(std::move(name), std::move(value));
}

TEST(RequestArgs, QueryFieldsAndWordsInOrder) {
  const Result<CommandRequest> r =
      CommandRequestFrom(Post("chip=V100&count=8&time=5%20days&energy&arg=show&text", "", ""));
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->inputs, (Inputs{F("chip", "V100"), F("count", "8"), F("time", "5 days"), F("energy"),
                               W("show")}));
  EXPECT_TRUE(r->text);
  EXPECT_TRUE(r->uploads.empty());
}

TEST(RequestArgs, JsonEnvelopeKeepsArgsOptionsOrderAndFiles) {
  const Result<CommandRequest> r = CommandRequestFrom(
      Post("json", "application/json; charset=utf-8",
           R"({"args": ["m.yaml", "--epochs", 90], "options": {"--count": 8, "chip": "A100",
          "dim": ["a=1", "b=2"], "energy": true, "llm": false},
          "files": [{"name": "m.yaml", "text": "x"}, {"name": "b.bin", "base64": "AAE="}]})"));
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->inputs,
            (Inputs{W("m.yaml"), W("--epochs"), W("90"), F("count", "8"), F("chip", "A100"),
                    F("dim", "a=1"), F("dim", "b=2"), F("energy"), F("json")}));
  ASSERT_EQ(r->uploads.size(), 2u);
  EXPECT_EQ(r->uploads.at("m.yaml"), "x");
  EXPECT_EQ(r->uploads.at("b.bin"), std::string("\0\x01", 2));
}

TEST(RequestArgs, RawBodyIsAnUploadNamedFirst) {
  Result<CommandRequest> r =
      CommandRequestFrom(Post("file=net.onnx&epochs=2", "application/octet-stream", "bytes"));
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->inputs, (Inputs{W("net.onnx"), F("epochs", "2")}));
  EXPECT_EQ(r->uploads.at("net.onnx"), "bytes");
  // Named by an option already: not repeated as a positional argument.
  r = CommandRequestFrom(Post("file=pts.csv&data=pts.csv", "text/csv", "a,b"));
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->inputs, (Inputs{F("data", "pts.csv")}));
}

// Fields keep their values as given, however they would read as words: a
// value beginning with "--", holding '=' or spaces, and a field named with
// "--" (the name without it). The query's "+" and "%3D" decode to a space
// and '=' (RFC 3986 section 2.1, HTML forms).
TEST(RequestArgs, FieldValuesAreNotWords) {
  Result<CommandRequest> r = CommandRequestFrom(
      Post("", "application/json",
           R"({"options": {"--name-column": "--model=x y", "model": true, "epochs": 3}})"));
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->inputs, (Inputs{F("name-column", "--model=x y"), F("model"), F("epochs", "3")}));
  r = CommandRequestFrom(Post("note=--json%3D1+2&arg=--help", "", ""));
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->inputs, (Inputs{F("note", "--json=1 2"), W("--help")}));
}

TEST(RequestArgs, GuessesTheNameOfAnUnnamedBody) {
  EXPECT_EQ(GuessUploadName(std::string("\x08\x07\x12", 3)), "model.onnx");
  EXPECT_EQ(GuessUploadName(std::string("ab\0c", 4)), "model.onnx");
  EXPECT_EQ(GuessUploadName(" {\"model_type\": \"llama\"}"), "config.json");
  EXPECT_EQ(GuessUploadName("{\"name\": \"x\", \"layers\": []}"), "model.json");
  EXPECT_EQ(GuessUploadName("name: x\nlayers: []\n"), "model.yaml");
}

struct BadRequest {
  const char* query;
  const char* content_type;
  const char* body;
  const char* message;  // a part of the error
};

TEST(RequestArgs, BadRequestsNameWhatIsWrong) {
  const BadRequest cases[] = {
      {"plot=x.svg", "", "", "option '--plot' writes a file on the server"},
      {"", "application/json", R"({"options": {"--summary-json": "s.json"}})",
       "option '--summary-json' writes a file"},
      {"arg=--output=x.csv", "", "", "option '--output' writes a file"},
      // Every spelling a field takes.
      {"summary_json=s.json", "", "", "option '--summary-json' writes a file"},
      {"", "application/json", R"({"options": {"summary-json": "s.json"}})",
       "option '--summary-json' writes a file"},
      {"arg=--summary_json=s.json", "", "", "option '--summary-json' writes a file"},
      {"", "application/json", R"({"args": ["--summary-json", "s.json"]})",
       "'--summary-json' writes"},
      {"", "application/json", R"({"argz": []})",
       "unknown field 'argz' in the JSON body; did you mean 'args'?"},
      {"", "application/json", "[1]", "is not a JSON object"},
      {"", "application/json", "{", "is not a JSON object"},
      {"", "application/json", R"({"args": "x"})", "\"args\" must be an array"},
      {"", "application/json", R"({"args": [true]})",
       "args[0]: expected a string or a number, got boolean"},
      {"", "application/json", R"({"options": {"": 1}})", "is not an option name"},
      {"", "application/json", R"({"options": {"a=b": 1}})", "is not an option name"},
      {"", "application/json", R"({"files": [{"name": "x"}]})", "files[0]: expected {\"name\""},
      {"", "application/json", R"({"files": [{"name": "x", "base64": "!"}]})",
       "files[0].base64: not base64"},
      {"", "application/json", R"({"files": [{"name": "../etc/passwd", "text": ""}]})",
       "is not accepted as a file name"},
      {"", "application/json", R"({"files": [{"name": "--json", "text": ""}]})",
       "is not accepted as a file name"},
      {"", "application/json",
       R"({"files": [{"name": "a", "text": ""}, {"name": "a", "text": ""}]})", "uploaded twice"},
      {"", "application/json", R"({"text": 1})", "\"text\" must be true or false"},
      {"file", "", "x", "query 'file' needs a value"},
      {"file=a.yaml", "", "", "the body is empty"},
      {"file=a/b.yaml", "", "x", "is not accepted as a file name"},
      {"a=%zz", "", "", "'%zz' is not a percent-escape"},
  };
  for (const BadRequest& c : cases) {
    const Result<CommandRequest> r = CommandRequestFrom(Post(c.query, c.content_type, c.body));
    ASSERT_FALSE(r.ok()) << c.query << " " << c.body;
    EXPECT_NE(r.status().message().find(c.message), std::string::npos)
        << c.query << " " << c.body << "\n"
        << r.status().message();
  }
}

// A JSON body of 2.1 MB of empty maps in "args" (about 80 MB once parsed, by
// the estimate of input_limits.h) is refused before a tree is built; the old
// server parsed it (a 60 MB body took 1.6 GB).
TEST(RequestArgs, AWideJsonBodyIsRefusedUnparsed) {
  std::string maps = "{}";
  for (int i = 0; i < 700'000; ++i) maps += ",{}";
  const Result<CommandRequest> r =
      CommandRequestFrom(Post("", "application/json", R"({"args": [)" + maps + "]}"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message().rfind("the JSON body: too many values for its size", 0), 0u)
      << r.status().message();
}

}  // namespace
}  // namespace trainflops::web
