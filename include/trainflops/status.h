// Status and Result: how every library function reports failure.
//
// Library code never prints or exits (CONTRIBUTING.md, "How the code is laid
// out"); it returns a Status (or a Result<T> carrying either a value or a
// Status). Only the front ends (the command line, the web server, the Python
// package) turn a failed Status into a message, an exit code, an HTTP status
// or an exception.
#ifndef TRAINFLOPS_STATUS_H_
#define TRAINFLOPS_STATUS_H_

#include <optional>
#include <string>
#include <utility>

namespace trainflops {

enum class StatusCode {
  kOk = 0,
  kInvalidArgument,  // a value is out of range, malformed or inconsistent
  kNotFound,         // an unknown name (layer type, chip, field)
  kParseError,       // a document could not be read (YAML/JSON/CSV syntax)
  kIoError,          // a file could not be opened or read
  // The input does not determine a value the computation needs (an ONNX
  // tensor's shape written by an operator without a shape rule): not wrong,
  // unknown. A caller may go on without it (an ONNX analysis then gives a
  // lower bound).
  kIndeterminate,
  kInternal,  // a bug in trainflops, never the user's input
};

// [[nodiscard]]: a Status that nobody looks at is an error silently lost.
class [[nodiscard]] Status {
 public:
  Status() = default;  // OK
  static Status Ok() { return Status(); }
  static Status InvalidArgument(std::string msg) {
    return Status(StatusCode::kInvalidArgument, std::move(msg));
  }
  static Status NotFound(std::string msg) { return Status(StatusCode::kNotFound, std::move(msg)); }
  static Status ParseError(std::string msg) {
    return Status(StatusCode::kParseError, std::move(msg));
  }
  static Status IoError(std::string msg) { return Status(StatusCode::kIoError, std::move(msg)); }
  static Status Indeterminate(std::string msg) {
    return Status(StatusCode::kIndeterminate, std::move(msg));
  }
  static Status Internal(std::string msg) { return Status(StatusCode::kInternal, std::move(msg)); }

  bool ok() const { return code_ == StatusCode::kOk; }
  StatusCode code() const { return code_; }
  const std::string& message() const { return message_; }

  // Returns a copy whose message is "<context>: <message>", so that callers
  // can say where an error happened (file, line, layer) without losing what.
  Status WithContext(const std::string& context) const {
    if (ok() || context.empty()) return *this;
    return Status(code_, context + ": " + message_);
  }

 private:
  Status(StatusCode code, std::string msg) : code_(code), message_(std::move(msg)) {}
  StatusCode code_ = StatusCode::kOk;
  std::string message_;
};

// Either a value or a non-OK Status. Built from an OK Status (a function
// that forgot its value), it holds an internal error instead, so that
// TF_ASSIGN_OR_RETURN never goes on without a value.
template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : value_(std::move(value)) {}  // NOLINT(implicit)
  Result(Status status)                          // NOLINT(implicit)
      : status_(status.ok() ? Status::Internal("a result was returned with neither a value "
                                               "nor an error")
                            : std::move(status)) {}

  bool ok() const { return value_.has_value(); }
  const Status& status() const { return status_; }
  const T& value() const& { return *value_; }
  T& value() & { return *value_; }
  T&& value() && { return std::move(*value_); }
  const T& operator*() const& { return *value_; }
  T& operator*() & { return *value_; }
  const T* operator->() const { return &*value_; }
  T* operator->() { return &*value_; }

 private:
  std::optional<T> value_;
  Status status_;
};

inline const Status& StatusOf(const Status& s) { return s; }
template <typename T>
const Status& StatusOf(const Result<T>& r) {
  return r.status();
}

}  // namespace trainflops

// Propagate a failed Status (or the Status of a failed Result) to the caller.
#define TF_RETURN_IF_ERROR(expr)                                     \
  do {                                                               \
    auto tf_status_ = (expr);                                        \
    if (!tf_status_.ok()) return ::trainflops::StatusOf(tf_status_); \
  } while (0)

#define TF_CONCAT_INNER_(a, b) a##b
#define TF_CONCAT_(a, b) TF_CONCAT_INNER_(a, b)
// `TF_ASSIGN_OR_RETURN(auto x, ParseThing(...));`
#define TF_ASSIGN_OR_RETURN(lhs, expr) \
  TF_ASSIGN_OR_RETURN_IMPL_(TF_CONCAT_(tf_result_, __LINE__), lhs, expr)
#define TF_ASSIGN_OR_RETURN_IMPL_(tmp, lhs, expr) \
  auto tmp = (expr);                              \
  if (!tmp.ok()) return tmp.status();             \
  lhs = std::move(tmp).value()

#endif  // TRAINFLOPS_STATUS_H_
