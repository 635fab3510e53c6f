// What every request shares: the files it reads (InputFile), the uncertainty
// options, the Report every result is, and how error messages name fields.
//
// The library's front ends (the command line, the web API, Python) map their
// own syntax onto the typed requests of estimate_request.h, hardware_request.h,
// ... and call Run(request). Quantity fields are text, parsed by the library
// exactly as the command line always did ("5 days", "1.4T", "0.3..0.5"), so
// every front end accepts the same values and reports the same errors.
//
// Error messages name the request's fields between backquotes: "`time`: '0h'
// is not a duration ...", "`time` needs `count` N ...". A front end rewrites
// them into its own wording with RenameFields (the command line writes
// "--time", Python "time").
#ifndef TRAINFLOPS_REQUEST_H_
#define TRAINFLOPS_REQUEST_H_

#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "trainflops/byte_source.h"
#include "trainflops/citation.h"
#include "trainflops/field_names.h"
#include "trainflops/input_limits.h"
#include "trainflops/status.h"

namespace trainflops {

// A file a request reads, with the name that identifies it in messages and
// reports (a path, an upload's name, "model.onnx"). File access stays at the
// edge: the front end opens the file (or holds uploaded bytes) and the
// library reads the bytes.
class InputFile {
 public:
  InputFile() = default;
  // Bytes the InputFile owns.
  static InputFile Owned(std::string name, std::string bytes);
  // Bytes the caller keeps alive while the InputFile and any result made
  // from it are used (uploads, a Python bytes object): never copied.
  static InputFile View(std::string name, std::string_view bytes);
  // A random-access source (a file read piece by piece, for ONNX graphs).
  static InputFile Source(std::string name, std::shared_ptr<const ByteSource> source);

  bool empty() const { return source_ == nullptr; }
  const std::string& name() const { return name_; }
  const ByteSource& source() const { return *source_; }
  // The whole content as text (spec files, configs, CSV): a view of bytes
  // held in memory, or the source read once.
  Result<std::string> Text() const;
  // The same without a copy when the bytes are in memory (Owned, View): a
  // 60 MB CSV then costs 60 MB, not 120. A Source is read into `storage`,
  // which the view points into.
  Result<std::string_view> TextView(std::string& storage) const;
  // Up to `n` bytes from the start (format detection).
  std::string Head(std::size_t n) const;

 private:
  std::string name_;
  std::shared_ptr<const std::string> owned_;
  std::string_view view_;
  std::shared_ptr<const ByteSource> source_;
};

// A file named by a path, for a front end to put in a request: an ONNX graph
// is read piece by piece, any other kind whole. Refuses what is not a regular
// file (a directory, /dev/zero, a pipe) and a file over the size cap of its
// kind (input_limits.h), before reading it, and never reads past the cap.
Result<InputFile> OpenInputFile(const std::string& path, InputKind kind);
// What a file that is not a regular file is, from its st_mode ("a pipe",
// "a directory"), for messages.
std::string NonRegularFileName(unsigned mode);

// Monte Carlo options shared by every estimate. Unset fields take the
// defaults of defaults.h.
struct UncertaintyRequest {
  // Give the assumptions that were not given their documented default
  // ranges (docs/uncertainty.md) and report a 90% interval.
  bool uncertainty = false;
  std::optional<std::string> samples;  // a whole number, 1 to 1e8
  std::optional<std::string> seed;     // a whole number, 0 to 2^53
  std::vector<std::string> quantiles;  // extra quantiles, each in (0, 1)

  friend bool operator==(const UncertaintyRequest&, const UncertaintyRequest&) = default;
};

// Every result: one JSON document (what `--json` prints, what the web API
// returns, what Python's to_dict() holds) and the text report.
class Report {
 public:
  virtual ~Report() = default;
  virtual std::string Json() const = 0;
  virtual std::string Text() const = 0;
  // Json() written to `out` piece by piece; results whose JSON grows with
  // the model (an ONNX graph's nodes) stream it rather than hold it whole.
  virtual void WriteJson(std::ostream& out) const { out << Json(); }
  // Text() written to `out`, its prose passed through `wording` when set
  // (the command line spells request fields as options: "`chip_hours`" ->
  // "--chip-hours"). An ONNX estimate writes its node table, the graph's
  // names, without the wording.
  using Wording = std::function<std::string(std::string_view)>;
  virtual void WriteText(std::ostream& out, const Wording& wording) const {
    out << (wording ? wording(Text()) : Text());
  }
  // "Cite this estimate" (citation.h) for results that estimate training
  // compute; nullopt for the others (units, chips, thresholds, trends).
  virtual std::optional<Citation> Cite() const { return std::nullopt; }
};

}  // namespace trainflops

#endif  // TRAINFLOPS_REQUEST_H_
