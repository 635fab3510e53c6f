// Dimensions, node contexts and the rule registry.
#include "graph.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <unordered_map>

#include "trainflops/units.h"
#include "values.h"

namespace trainflops::onnx {

// Formulas are written for every node of a graph, so these format into a
// stack buffer rather than through temporary strings.
std::string Num(double v) {
  if (v == std::floor(v) && std::fabs(v) < 1e15) {
    char digits[24];
    const char* end =
        std::to_chars(digits, digits + sizeof digits, static_cast<long long>(std::fabs(v))).ptr;
    const size_t n = static_cast<size_t>(end - digits);
    char out[32];  // a sign, 15 digits and 4 commas at most
    size_t k = 0;
    if (v < 0) out[k++] = '-';
    for (size_t i = 0; i < n; ++i) {
      if (i > 0 && (n - i) % 3 == 0) out[k++] = ',';
      out[k++] = digits[i];
    }
    return std::string(out, k);
  }
  return FormatScientific(v, 6);
}

std::string DimsToString(const Dims& dims) {
  if (dims.empty()) return "scalar";
  std::string out;
  bool symbolic = false;
  for (const Dim& d : dims) symbolic = symbolic || !d.literal();
  for (size_t i = 0; i < dims.size(); ++i) {
    if (i) out += symbolic ? " x " : "x";
    out += dims[i].literal() ? std::to_string(dims[i].value)
                             : (dims[i].symbol.empty() ? "?" : dims[i].symbol);
  }
  return out;
}

std::string Shape(const std::vector<int64_t>& dims) {
  if (dims.empty() || std::find(dims.begin(), dims.end(), kUnknownDim) != dims.end()) {
    return DimsToString(ToDims(dims));
  }
  std::string out;  // all literal: "2x3x4", as DimsToString writes it
  char buf[24];
  for (size_t i = 0; i < dims.size(); ++i) {
    if (i) out += 'x';
    out.append(buf, std::to_chars(buf, buf + sizeof buf, dims[i]).ptr);
  }
  return out;
}

std::string TensorShapeString(const TensorInfo& t) {
  return t.rank_known ? DimsToString(t.shape) : "unknown";
}

std::optional<double> KnownElements(const TensorInfo& t) {
  if (!t.rank_known) return std::nullopt;
  double n = 1;
  for (const Dim& d : t.shape) {
    if (!d.known()) return std::nullopt;
    n *= static_cast<double>(d.value);
  }
  return n;
}

std::string DimAdvice(const std::string& symbol) {
  std::string out = "pass";
  for (const std::string& name : SymbolNames(symbol)) out += " `dims` " + name + "=N";
  return out;
}

Result<std::vector<int64_t>> ConcreteDims(const TensorInfo& t, const std::string& tensor) {
  if (!t.rank_known) {
    return Status::Indeterminate("the shape of '" + tensor +
                                 "' is unknown (it comes from an operator without a shape "
                                 "rule and the file gives no value_info for it)");
  }
  std::vector<int64_t> out;
  for (size_t i = 0; i < t.shape.size(); ++i) {
    const Dim& d = t.shape[i];
    if (d.known()) {
      out.push_back(d.value);
    } else if (!d.symbol.empty()) {
      return Status::InvalidArgument("dimension '" + d.symbol + "' of '" + tensor + "' (shape " +
                                     DimsToString(t.shape) + ") is not set; " +
                                     DimAdvice(d.symbol));
    } else {
      return Status::Indeterminate("dimension " + std::to_string(i) + " of '" + tensor +
                                   "' (shape " + DimsToString(t.shape) + ") could not be inferred");
    }
  }
  return out;
}

double Product(const std::vector<int64_t>& dims, size_t from, size_t to) {
  double p = 1;
  for (size_t i = from; i < dims.size() && i < to; ++i) p *= static_cast<double>(dims[i]);
  return p;
}

Dims ToDims(const std::vector<int64_t>& values) {
  Dims out;
  out.reserve(values.size());
  for (int64_t v : values) out.push_back(Dim::Of(v));
  return out;
}

Result<Dims> Broadcast(const Dims& a, const Dims& b) {
  const size_t rank = std::max(a.size(), b.size());
  Dims out(rank);
  const Dim one = Dim::Of(1);
  for (size_t i = 0; i < rank; ++i) {
    // Missing leading dimensions act as 1.
    const Dim& x = i < rank - a.size() ? one : a[i - (rank - a.size())];
    const Dim& y = i < rank - b.size() ? one : b[i - (rank - b.size())];
    if (x.known() && x.value == 1) {
      out[i] = y;
    } else if (y.known() && y.value == 1) {
      out[i] = x;
    } else if (x.known() && y.known()) {
      if (x.value != y.value) {
        return Status::InvalidArgument("shapes " + DimsToString(a) + " and " + DimsToString(b) +
                                       " do not broadcast (dimension " + std::to_string(i) + ": " +
                                       std::to_string(x.value) + " vs " + std::to_string(y.value) +
                                       ")");
      }
      out[i] = x;
    } else {
      // A symbol against a number > 1 must equal it; two symbols: keep one.
      out[i] = x.known() ? x : y.known() ? y : x;
    }
  }
  return out;
}

Result<int64_t> ToDim(double v, const std::string& what) {
  if (!(v >= 0 && v <= kMaxDimValue)) {
    return Status::InvalidArgument(what + " " + Num(v) + " is out of range (at most 2^62)");
  }
  return static_cast<int64_t>(v);
}

Dim AddDim(int64_t a, int64_t b) {
  int64_t r = 0;
  return __builtin_add_overflow(a, b, &r) ? Dim::Symbol("") : Dim::Of(r);
}
Dim SubDim(int64_t a, int64_t b) {
  int64_t r = 0;
  return __builtin_sub_overflow(a, b, &r) ? Dim::Symbol("") : Dim::Of(r);
}
Dim MulDim(int64_t a, int64_t b) {
  int64_t r = 0;
  return __builtin_mul_overflow(a, b, &r) ? Dim::Symbol("") : Dim::Of(r);
}

Result<int64_t> Axis(int64_t axis, int64_t rank, const std::string& what) {
  if (axis < -rank || axis >= std::max<int64_t>(rank, 1)) {
    return Status::InvalidArgument(what + " " + std::to_string(axis) +
                                   " is out of range for rank " + std::to_string(rank));
  }
  return axis < 0 ? axis + rank : axis;
}

Result<const TensorInfo*> NodeContext::Required(size_t i) const {
  const TensorInfo* t = input(i);
  if (t == nullptr) {
    return Status::InvalidArgument("input " + std::to_string(i) + " is required but missing");
  }
  if (t->sequence != nullptr) {
    return InputError(i, "it is a sequence of tensors, not a tensor");
  }
  if (!t->rank_known) {
    return Unknown(i,
                   "its shape is unknown (it comes from an operator without a shape rule "
                   "and the file gives no value_info for it)");
  }
  return t;
}

Status NodeContext::InputError(size_t i, const std::string& what) const {
  const std::string name = i < node_.inputs.size() ? node_.inputs[i] : std::to_string(i);
  return Status::InvalidArgument("input '" + name + "': " + what);
}

Status NodeContext::Unknown(size_t i, const std::string& what) const {
  // An absent input is missing, not unknown: the graph is wrong.
  if (input(i) == nullptr) return InputError(i, what);
  const std::string name = i < node_.inputs.size() ? node_.inputs[i] : std::to_string(i);
  return Status::Indeterminate("input '" + name + "': " + what);
}

Result<std::vector<int64_t>> NodeContext::Concrete(size_t i) const {
  TF_ASSIGN_OR_RETURN(const TensorInfo* t, Required(i));
  return ConcreteDims(*t, i < node_.inputs.size() ? node_.inputs[i] : std::to_string(i));
}

Result<std::vector<int64_t>> NodeContext::ConcreteNamedAs(const TensorInfo& t, size_t i) const {
  return ConcreteDims(t, i < node_.inputs.size() ? node_.inputs[i] : std::to_string(i));
}

Result<double> NodeContext::Elements(size_t i) const {
  TF_ASSIGN_OR_RETURN(const std::vector<int64_t> dims, Concrete(i));
  return Product(dims);
}

Result<std::vector<int64_t>> NodeContext::IntValues(size_t i, const char* what) const {
  const TensorInfo* t = input(i);
  if (t == nullptr)
    return Status::InvalidArgument(std::string(what) + " (input " + std::to_string(i) +
                                   ") is missing");
  if (!t->has_int_values) {
    return Unknown(i, std::string("the values of ") + what +
                          " are not known (they must be a constant, an initializer of at "
                          "most 1024 values, or computed from shapes)");
  }
  std::vector<int64_t> out;
  for (const Dim& d : t->int_values) {
    if (!d.literal()) {
      const std::string values = std::string(what) + " " + DimsToString(t->int_values) + ": ";
      // An unset symbol is the user's to set (--dim); a value no rule
      // could infer is unknown.
      if (DependsOnIteration(d)) {
        return Unknown(i, values +
                              "a value depends on a loop's iteration number (known only per "
                              "iteration)");
      }
      if (!d.symbol.empty()) {
        return InputError(i, values + "'" + d.symbol + "' is not set; " + DimAdvice(d.symbol));
      }
      return Unknown(i, values + "a value could not be inferred");
    }
    out.push_back(d.value);
  }
  return out;
}

int64_t NodeContext::Int(const std::string& name, int64_t fallback) const {
  const Attribute* a = Attr(name);
  return a && a->has_i ? a->i : fallback;
}

float NodeContext::Float(const std::string& name, float fallback) const {
  const Attribute* a = Attr(name);
  return a && a->has_f ? a->f : fallback;
}

std::string NodeContext::Str(const std::string& name, const std::string& fallback) const {
  const Attribute* a = Attr(name);
  return a && a->has_s ? a->s : fallback;
}

std::optional<std::vector<int64_t>> NodeContext::Ints(const std::string& name) const {
  const Attribute* a = Attr(name);
  if (a == nullptr) return std::nullopt;
  return a->ints;
}

const std::vector<RuleTable>& RuleTables() {
  static const std::vector<RuleTable> tables = {
      {"", "rules_shape.cc", &ShapeOpRules()},
      {"", "rules_data.cc", &DataOpRules()},
      {"", "rules_elementwise.cc", &ElementwiseOpRules()},
      {"", "rules_conv.cc", &ConvOpRules()},
      {"", "rules_linear.cc", &LinearOpRules()},
      {"", "rules_sequence.cc", &SequenceOpRules()},
      {"", "rules_tensor_sequence.cc", &TensorSequenceOpRules()},
      {"", "rules_select.cc", &SelectOpRules()},
      {"com.microsoft", "rules_sequence.cc", &ContribOpRules()},
      {"com.microsoft", "rules_contrib.cc", &ContribFusedOpRules()},
  };
  return tables;
}

Status CheckRuleTables(const std::vector<RuleTable>& tables) {
  std::unordered_map<std::string, const char*> seen;  // "domain/op" -> file
  for (const RuleTable& table : tables) {
    for (const OpRule& r : *table.rules) {
      const std::string key = std::string(table.domain) + "/" + r.op_type;
      const auto [it, fresh] = seen.emplace(key, table.file);
      if (!fresh) {
        return Status::InvalidArgument(
            std::string("operator '") + r.op_type + "'" +
            (*table.domain ? std::string(" of domain '") + table.domain + "'" : "") +
            " has two rules, in " + it->second + " and " + table.file +
            "; an operator has exactly one rule");
      }
    }
  }
  return Status::Ok();
}

const OpRule* FindRule(const std::string& domain, const std::string& op_type) {
  using Table = std::unordered_map<std::string, const OpRule*>;
  const auto build = [](std::string_view wanted) {
    Table t;
    for (const RuleTable& table : RuleTables()) {
      if (table.domain != wanted) continue;
      for (const OpRule& r : *table.rules) t.emplace(r.op_type, &r);
    }
    return t;
  };
  static const Table standard = build("");
  static const Table contrib = build("com.microsoft");
  const Table* table = domain.empty() || domain == "ai.onnx" ? &standard
                       : domain == "com.microsoft"           ? &contrib
                                                             : nullptr;
  if (table == nullptr) return nullptr;
  const auto it = table->find(op_type);
  return it == table->end() ? nullptr : it->second;
}

}  // namespace trainflops::onnx
