// Limits on hostile input: how large each kind of file may be, how deeply a
// JSON or YAML document may nest, and how much of a user's value an error
// message quotes. Every file the program reads passes CheckInputSize at the
// edge (the CLI's file reader, which the web server's uploads go through too),
// and every JSON or YAML parser calls CheckNestingDepth before it builds a
// tree, so that no input can exhaust memory or the stack. See
// docs/reliability.md, "Limits on input".
#ifndef TRAINFLOPS_INPUT_LIMITS_H_
#define TRAINFLOPS_INPUT_LIMITS_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "trainflops/status.h"

namespace trainflops {

enum class InputKind {
  kSpec,           // a model spec (YAML or JSON)
  kJsonConfig,     // a Hugging Face config.json
  kCsv,            // a dataset (batch or trend) as CSV
  kJsonLines,      // a dataset (batch) as JSON lines
  kHardwareTable,  // a chip table (CSV)
  kOnnx,           // an ONNX graph (read piece by piece; weights skipped)
  kCheckpoint,     // model.safetensors.index.json, .safetensors or GGUF (headers only)
  kEvidence,       // an evidence file (YAML or JSON)
};

struct InputLimit {
  std::string_view what;  // "a model spec"
  std::uint64_t max_bytes;
};

// The documented size cap of each kind of file (docs/reliability.md).
InputLimit LimitOf(InputKind kind);

// "FILE is 300 MB; a CSV dataset may be at most 64 MiB ..." when `bytes` is
// over the cap of `kind`, else OK.
Status CheckInputSize(std::uint64_t bytes, InputKind kind, std::string_view file);

// JSON and YAML documents may nest at most this many arrays/maps deep. A real
// spec or config.json nests fewer than 10; a deeper document is hostile and
// would overflow the stack of a recursive reader or writer.
inline constexpr int kMaxNestingDepth = 64;

// A parsed JSON tree may take at most this many bytes of memory per byte of
// its text, or kJsonTreeFloorBytes whichever is more. Real files take at
// most 10 by the estimate below (a safetensors header ~9, a config's label
// map ~9, a checkpoint index ~3); a document of empty objects or tightly
// packed one-digit numbers, 25 to 38, which is how a 64 MiB file became a
// 2 GB tree.
inline constexpr std::uint64_t kMaxJsonTreeBytesPerByte = 16;
inline constexpr std::uint64_t kJsonTreeFloorBytes = std::uint64_t{16} << 20;

// An upper estimate of the bytes nlohmann::json takes for the tree of
// `text`, from its tokens outside strings: 48 per value (its 16-byte node,
// with a growing array's spare capacity and its old buffer while it moves),
// 64 more per array or map, 48 more per string (its heap copy) and per map
// member (its tree node), and the text's bytes once (the characters of long
// strings).
std::uint64_t EstimateJsonTreeBytes(std::string_view text);

// Refuses text whose flow brackets ([ ] { }) nest deeper than `max_depth`,
// outside quoted strings, or whose tree would take more memory than
// kMaxJsonTreeBytesPerByte allows (EstimateJsonTreeBytes). Linear,
// allocation-free, run before every JSON and YAML parser builds a tree, so
// that the one scan bounds both the stack and the memory of each parse.
Status CheckNestingDepth(std::string_view text, std::string_view file,
                         int max_depth = kMaxNestingDepth);

// A whole number with thousands separators, for limits in messages:
// 10000 -> "10,000".
std::string WithThousands(std::uint64_t value);

// How much of a user's value an error message quotes: enough to recognise it,
// never a megabyte line on a terminal.
inline constexpr size_t kMaxQuotedChars = 40;

// The longest error message a front end shows (the command line on stderr,
// the web API in its JSON): a last guard, whatever a message quotes.
inline constexpr size_t kMaxErrorMessageChars = 2000;

// `text` itself when it has at most `max_chars` bytes, else its first bytes
// (cut at a UTF-8 character boundary) followed by "... (N bytes)"; control
// characters escaped (EscapeControlCharacters), so the message stays one line.
// Every value a user supplied goes through this before it is quoted in an
// error, and every whole message before a front end shows it.
std::string Abbreviate(std::string_view text, size_t max_chars = kMaxQuotedChars);

// JoinNames of at most `max_names` names, each abbreviated, then "and N more".
// For lists read from the input (a CSV header), which may be huge.
std::string JoinSomeNames(const std::vector<std::string>& names, size_t max_names = 20);

}  // namespace trainflops

#endif  // TRAINFLOPS_INPUT_LIMITS_H_
