// Small-tensor values: reading and writing them, symbolic dimension
// arithmetic, and the element-wise operators (arithmetic, comparisons,
// logic, Where, Cast) with numpy broadcasting. The structural operators
// (Expand, Tile, Range, Transpose, reductions...) are in values_ops.cc.
#include "values.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <string_view>
#include <system_error>

namespace trainflops::onnx {

bool IsFloatType(int32_t type) {
  return type == kFloat || type == kDouble || type == kFloat16 || type == kBfloat16;
}

std::optional<Values> ReadValues(const TensorInfo* t) {
  if (t == nullptr || !t->rank_known) return std::nullopt;
  Values v;
  double n = 1;
  for (const Dim& d : t->shape) {
    if (!d.known()) return std::nullopt;
    v.shape.push_back(d.value);
    n *= static_cast<double>(d.value);
  }
  if (n > static_cast<double>(kMaxValues)) return std::nullopt;
  const auto count = static_cast<size_t>(n);
  if (t->has_int_values && t->int_values.size() == count) {
    v.ints = t->int_values;
    return v;
  }
  if (t->has_float_values && t->float_values.size() == count) {
    v.is_float = true;
    v.floats = t->float_values;
    return v;
  }
  return std::nullopt;
}

void WriteValues(const Values& v, TensorInfo* out) {
  out->has_int_values = !v.is_float;
  out->int_values = v.is_float ? Dims() : v.ints;
  const bool known =
      std::none_of(v.floats.begin(), v.floats.end(), [](double f) { return std::isnan(f); });
  out->has_float_values = v.is_float && known;
  out->float_values = out->has_float_values ? v.floats : std::vector<double>();
}

std::vector<int64_t> Unravel(size_t k, const std::vector<int64_t>& shape) {
  std::vector<int64_t> coords(shape.size());
  for (size_t i = shape.size(); i-- > 0;) {
    const auto d = static_cast<size_t>(std::max<int64_t>(shape[i], 1));
    coords[i] = static_cast<int64_t>(k % d);
    k /= d;
  }
  return coords;
}

size_t BroadcastIndex(const std::vector<int64_t>& coords, const std::vector<int64_t>& in) {
  size_t k = 0;
  const size_t offset = coords.size() - in.size();
  for (size_t i = 0; i < in.size(); ++i) {
    const int64_t c = in[i] == 1 ? 0 : coords[offset + i];
    k = k * static_cast<size_t>(in[i]) + static_cast<size_t>(c);
  }
  return k;
}

size_t Ravel(const std::vector<int64_t>& coords, const std::vector<int64_t>& shape) {
  size_t k = 0;
  for (size_t i = 0; i < shape.size(); ++i) {
    k = k * static_cast<size_t>(shape[i]) + static_cast<size_t>(coords[i]);
  }
  return k;
}

namespace {

std::string Operand(const Dim& d) {
  if (d.literal()) return std::to_string(d.value);
  const bool compound = d.symbol.find_first_of(" +-*/%(") != std::string::npos;
  return compound ? "(" + d.symbol + ")" : d.symbol;
}

// An expression symbol: anonymous when an operand is an anonymous unknown.
Dim Expression(const std::string& op, const Dim& a, const Dim& b) {
  if ((!a.literal() && a.symbol.empty()) || (!b.literal() && b.symbol.empty())) {
    return Dim::Symbol("");
  }
  if (op == "min" || op == "max")
    return Dim::Symbol(op + "(" + Operand(a) + ", " + Operand(b) + ")");
  const std::string sep = op == "+" || op == "-" ? " " + op + " " : op;
  return Dim::Symbol(Operand(a) + sep + Operand(b));
}

bool Is(const Dim& d, int64_t v) { return d.literal() && d.value == v; }

// `d` as an operand and a literal offset: "t + 2" is ("t", 2), "t - 1" is
// ("t", -1), "t" is ("t", 0) and 5 is ("", 5). Expression() writes a sum
// with a literal as Operand(a), the sign, then the number.
struct Offset {
  std::string base;
  int64_t k = 0;
};
Offset SplitOffset(const Dim& d) {
  if (d.literal()) return {"", d.value};
  const size_t plus = d.symbol.rfind(" + "), minus = d.symbol.rfind(" - ");
  const size_t at = plus == std::string::npos    ? minus
                    : minus == std::string::npos ? plus
                                                 : std::max(plus, minus);
  if (at != std::string::npos) {
    const char* first = d.symbol.data() + at + 3;
    const char* last = d.symbol.data() + d.symbol.size();
    int64_t v = 0;
    const auto [end, error] = std::from_chars(first, last, v);
    if (error == std::errc() && end == last && first != last && v != INT64_MIN) {
      return {d.symbol.substr(0, at), at == plus ? v : -v};
    }
  }
  return {Operand(d), 0};
}

// `base` + `k` as a dimension (base without its enclosing parentheses when
// k is 0).
Dim WithOffset(const std::string& base, int64_t k) {
  if (k == INT64_MIN) return Dim::Symbol("");
  if (k > 0) return Dim::Symbol(base + " + " + std::to_string(k));
  if (k < 0) return Dim::Symbol(base + " - " + std::to_string(-k));
  int depth = 0;
  for (size_t i = 0; i < base.size(); ++i) {
    depth += base[i] == '(' ? 1 : base[i] == ')' ? -1 : 0;
    if (depth == 0 && i + 1 < base.size()) return Dim::Symbol(base);  // not one group
  }
  return Dim::Symbol(base.size() > 1 && base.front() == '(' ? base.substr(1, base.size() - 2)
                                                            : base);
}

// (t + a) - (t + b) = a - b, and (t + a) ± b = t + (a ± b): the bounds of
// x[t:t + 1] differ by 1 whatever t is. nullopt when neither applies.
std::optional<Dim> FoldOffsets(const std::string& op, const Dim& a, const Dim& b) {
  if ((!a.literal() && a.symbol.empty()) || (!b.literal() && b.symbol.empty())) {
    return std::nullopt;
  }
  const Offset x = SplitOffset(a), y = SplitOffset(b);
  if (op == "-" && !x.base.empty() && x.base == y.base) return SubDim(x.k, y.k);
  if (x.base.empty() || !y.base.empty() || x.k == 0) return std::nullopt;
  const Dim k = op == "+" ? AddDim(x.k, y.k) : SubDim(x.k, y.k);
  return k.literal() ? WithOffset(x.base, k.value) : Dim::Symbol("");
}

// Integer Mod with the divisor's sign (ONNX Mod, fmod = 0, as Python's %).
int64_t FloorMod(int64_t a, int64_t b) {
  const int64_t r = a % b;
  return r != 0 && ((r < 0) != (b < 0)) ? r + b : r;
}

std::optional<int64_t> IntPow(int64_t a, int64_t b) {
  if (b < 0) return std::nullopt;
  int64_t r = 1;
  for (int64_t i = 0; i < b; ++i) {
    if (__builtin_mul_overflow(r, a, &r)) return std::nullopt;
    if (r == 0 || r == 1) break;
  }
  return r;
}

Dim LiteralOp(const std::string& op, int64_t a, int64_t b) {
  if (op == "+") return AddDim(a, b);
  if (op == "-") return SubDim(a, b);
  if (op == "*") return MulDim(a, b);
  if (op == "min") return Dim::Of(std::min(a, b));
  if (op == "max") return Dim::Of(std::max(a, b));
  if (b == 0 || (b == -1 && a == INT64_MIN)) return Dim::Symbol("");
  if (op == "/") return Dim::Of(a / b);  // ONNX integer Div truncates
  if (op == "%") return Dim::Of(FloorMod(a, b));
  if (op == "^") {
    const auto p = IntPow(a, b);
    return p ? Dim::Of(*p) : Dim::Symbol("");
  }
  return Dim::Symbol("");
}

}  // namespace

Dim SymbolicOp(const std::string& op, const Dim& a, const Dim& b) {
  if (a.literal() && b.literal()) {
    const Dim r = LiteralOp(op, a.value, b.value);
    // Literal results keep negative values (a Reshape target's -1).
    return r;
  }
  if ((op == "+" || op == "-") && Is(b, 0)) return a;
  if (op == "+" && Is(a, 0)) return b;
  if ((op == "*" || op == "/" || op == "^") && Is(b, 1)) return a;
  if (op == "*" && Is(a, 1)) return b;
  if (op == "*" && (Is(a, 0) || Is(b, 0))) return Dim::Of(0);
  if (!a.symbol.empty() && a == b) {
    if (op == "-") return Dim::Of(0);
    if (op == "min" || op == "max") return a;
    if (op == "/") return Dim::Of(1);
  }
  if (op == "^") return Dim::Symbol("");
  if (op == "+" || op == "-") {
    if (const auto folded = FoldOffsets(op, a, b)) return *folded;
  }
  return Expression(op, a, b);
}

bool NonNegative(const Dim& d) {
  if (d.literal()) return d.value >= 0;
  return !d.symbol.empty() && d.symbol.find('-') == std::string::npos;
}

std::vector<std::string> SymbolNames(const std::string& symbol) {
  static const std::string kWords[] = {"min", "max"};
  std::vector<std::string> names;
  size_t i = 0;
  while (i < symbol.size()) {
    const auto c = static_cast<unsigned char>(symbol[i]);
    if (std::isalpha(c) || c == '_') {
      size_t j = i;
      while (j < symbol.size() && (std::isalnum(static_cast<unsigned char>(symbol[j])) ||
                                   symbol[j] == '_' || symbol[j] == '.')) {
        ++j;
      }
      const std::string word = symbol.substr(i, j - i);
      const bool function =
          j < symbol.size() && symbol[j] == '(' &&
          std::find(std::begin(kWords), std::end(kWords), word) != std::end(kWords);
      if (!function && std::find(names.begin(), names.end(), word) == names.end()) {
        names.push_back(word);
      }
      i = j;
    } else {
      ++i;
    }
  }
  // A dim_param that is not an identifier ("2*seq", "batch size") is one name.
  if (names.empty() || symbol.find_first_of("+-*/%(") == std::string::npos) return {symbol};
  return names;
}

namespace {
constexpr std::string_view kIterationSymbol = "iteration#";
}  // namespace

Dim IterationNumber(uint32_t scope) {
  return Dim::Symbol(std::string(kIterationSymbol) + std::to_string(scope));
}

bool DependsOnIteration(const Dim& d) {
  return !d.literal() && d.symbol.find(kIterationSymbol) != std::string::npos;
}

void ForgetIterationDims(TensorInfo* t) {
  for (Dim& d : t->shape) {
    if (DependsOnIteration(d)) d = Dim::Symbol("");
  }
}

namespace {

// One element: an integer (possibly symbolic) or a float (NaN: unknown).
struct Scalar {
  bool is_float = false;
  Dim i;
  double f = 0;
  double AsDouble() const {
    return is_float ? f : i.literal() ? static_cast<double>(i.value) : std::nan("");
  }
};

Scalar At(const Values& v, size_t k) {
  Scalar s;
  s.is_float = v.is_float;
  if (v.is_float)
    s.f = v.floats[k];
  else
    s.i = v.ints[k];
  return s;
}

Scalar Int(Dim d) { return Scalar{false, std::move(d), 0}; }
Scalar Bool(bool b) { return Int(Dim::Of(b ? 1 : 0)); }
Scalar UnknownInt() { return Int(Dim::Symbol("")); }
Scalar Float(double f) { return Scalar{true, Dim(), f}; }

// Compares a and b: -1, 0, 1, or nullopt when not known. A symbol (a
// dimension, never negative) is above any negative number: Equal(batch, -1)
// is false, as the class-token expand(n, -1, -1) pattern needs.
std::optional<int> Compare(const Scalar& a, const Scalar& b) {
  if (a.is_float || b.is_float) {
    const double x = a.AsDouble(), y = b.AsDouble();
    if (std::isnan(x) || std::isnan(y)) return std::nullopt;
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (a.i.literal() && b.i.literal()) return a.i.value < b.i.value ? -1 : a.i.value > b.i.value;
  if (!a.i.symbol.empty() && a.i == b.i) return 0;
  if (NonNegative(a.i) && b.i.literal() && b.i.value < 0) return 1;
  if (NonNegative(b.i) && a.i.literal() && a.i.value < 0) return -1;
  return std::nullopt;
}

std::optional<bool> Truth(const Scalar& s) {
  if (s.is_float) return std::isnan(s.f) ? std::nullopt : std::optional(s.f != 0);
  if (!s.i.literal()) return std::nullopt;
  return s.i.value != 0;
}

Scalar Comparison(const std::string& op, const Scalar& a, const Scalar& b) {
  const auto c = Compare(a, b);
  if (!c) return UnknownInt();
  if (op == "Equal") return Bool(*c == 0);
  if (op == "Less") return Bool(*c < 0);
  if (op == "LessOrEqual") return Bool(*c <= 0);
  if (op == "Greater") return Bool(*c > 0);
  return Bool(*c >= 0);  // GreaterOrEqual
}

Scalar Logic(const std::string& op, const Scalar& a, const Scalar& b) {
  const auto x = Truth(a), y = Truth(b);
  if (op == "And" && ((x && !*x) || (y && !*y))) return Bool(false);
  if (op == "Or" && ((x && *x) || (y && *y))) return Bool(true);
  if (!x || !y) return UnknownInt();
  if (op == "And") return Bool(*x && *y);
  if (op == "Or") return Bool(*x || *y);
  return Bool(*x != *y);  // Xor
}

double FloatOp(const std::string& op, double x, double y, bool fmod) {
  if (op == "Add") return x + y;
  if (op == "Sub") return x - y;
  if (op == "Mul") return x * y;
  if (op == "Div") return x / y;
  if (op == "Pow") return std::pow(x, y);
  if (op == "Min") return std::min(x, y);
  if (op == "Max") return std::max(x, y);
  if (op == "Mod") {
    const double r = std::fmod(x, y);
    return fmod || r == 0 || ((r < 0) == (y < 0)) ? r : r + y;
  }
  return std::nan("");
}

const char* SymbolOf(const std::string& op) {
  if (op == "Add") return "+";
  if (op == "Sub") return "-";
  if (op == "Mul") return "*";
  if (op == "Div") return "/";
  if (op == "Mod") return "%";
  if (op == "Pow") return "^";
  if (op == "Min") return "min";
  if (op == "Max") return "max";
  return "";
}

Scalar Arithmetic(const std::string& op, const Scalar& a, const Scalar& b, bool float_out,
                  bool fmod) {
  if (float_out || a.is_float || b.is_float) {
    return Float(FloatOp(op, a.AsDouble(), b.AsDouble(), fmod));
  }
  return Int(SymbolicOp(SymbolOf(op), a.i, b.i));
}

Scalar Unary(const std::string& op, const Scalar& a, bool float_out) {
  if (op == "Not") {
    const auto t = Truth(a);
    return t ? Bool(!*t) : UnknownInt();
  }
  if (!a.is_float && !float_out) {
    if (op == "Neg") return Int(a.i.literal() ? SubDim(0, a.i.value) : Dim::Symbol(""));
    if (op == "Abs") {
      if (a.i.literal()) return Int(a.i.value < 0 ? SubDim(0, a.i.value) : a.i);
      return NonNegative(a.i) ? a : UnknownInt();
    }
    if (op == "Floor" || op == "Ceil" || op == "Round") return a;
  }
  const double x = a.AsDouble();
  double r = std::nan("");
  if (op == "Neg") r = -x;
  if (op == "Abs") r = std::fabs(x);
  if (op == "Floor") r = std::floor(x);
  if (op == "Ceil") r = std::ceil(x);
  if (op == "Round") r = std::nearbyint(x);  // ONNX Round: halves to even
  if (op == "Sqrt") r = std::sqrt(x);
  return Float(r);
}

// Cast to `to`: floats truncate toward zero into integers; bool is != 0.
Scalar CastTo(const Scalar& a, int32_t to) {
  if (IsFloatType(to)) return Float(a.AsDouble());
  if (to == kBool) {
    const auto t = Truth(a);
    return t ? Bool(*t) : UnknownInt();
  }
  if (!a.is_float) return a;
  const double t = std::trunc(a.f);
  if (!(std::fabs(t) <= kMaxDimValue)) return UnknownInt();
  return Int(Dim::Of(static_cast<int64_t>(t)));
}

Scalar Select(const Scalar& cond, const Scalar& x, const Scalar& y) {
  const auto c = Truth(cond);
  if (c) return *c ? x : y;
  const bool same =
      x.is_float == y.is_float &&
      (x.is_float ? x.f == y.f : (x.i == y.i && (x.i.literal() || !x.i.symbol.empty())));
  return same ? x : x.is_float ? Float(std::nan("")) : UnknownInt();
}

bool IsOneOf(const std::string& op, std::initializer_list<const char*> names) {
  return std::any_of(names.begin(), names.end(), [&](const char* n) { return op == n; });
}

}  // namespace

Status EvaluateValuesOfStructure(const NodeContext& ctx, NodeEval* eval);  // values_ops.cc

Status EvaluateValues(const NodeContext& ctx, NodeEval* eval) {
  if (eval->outputs.empty() || ctx.num_inputs() == 0) return Status::Ok();
  // Every value rule computes from known input values; most nodes of a
  // large graph have none (weights and activations), so they stop here.
  bool any_values = false;
  for (size_t i = 0; i < ctx.num_inputs() && !any_values; ++i) {
    const TensorInfo* t = ctx.input(i);
    any_values = t != nullptr && (t->has_int_values || t->has_float_values);
  }
  if (!any_values) return Status::Ok();
  const std::string& op = ctx.op_type();
  const bool compare = IsOneOf(op, {"Equal", "Less", "LessOrEqual", "Greater", "GreaterOrEqual"});
  const bool logic = IsOneOf(op, {"And", "Or", "Xor"});
  const bool arith = IsOneOf(op, {"Add", "Sub", "Mul", "Div", "Mod", "Pow", "Min", "Max"});
  const bool unary = IsOneOf(op, {"Neg", "Abs", "Floor", "Ceil", "Round", "Sqrt", "Not"});
  const bool cast = op == "Cast" || op == "CastLike";
  if (!compare && !logic && !arith && !unary && !cast && op != "Where") {
    return EvaluateValuesOfStructure(ctx, eval);
  }
  std::vector<Values> in;
  for (size_t i = 0; i < ctx.num_inputs(); ++i) {
    auto v = ReadValues(ctx.input(i));
    if (!v) return Status::Ok();
    in.push_back(std::move(*v));
  }
  TensorInfo& out = eval->outputs[0];
  std::vector<int64_t> dims;
  for (const Dim& d : out.shape) {
    if (!d.known()) return Status::Ok();
    dims.push_back(d.value);
  }
  if (Product(dims) > static_cast<double>(kMaxValues)) return Status::Ok();
  const int32_t to = op == "Cast"       ? static_cast<int32_t>(ctx.Int("to", kUndefined))
                     : op == "CastLike" ? ctx.type(1)
                                        : out.elem_type;
  const bool any_float =
      std::any_of(in.begin(), in.end(), [](const Values& v) { return v.is_float; });
  const bool float_out = compare || logic   ? false
                         : cast             ? IsFloatType(to)
                         : to == kUndefined ? any_float
                                            : IsFloatType(to);
  const bool fmod = ctx.Int("fmod", 0) != 0;
  Values result;
  result.shape = dims;
  result.is_float = float_out;
  const auto n = static_cast<size_t>(Product(dims));
  for (size_t k = 0; k < n; ++k) {
    const std::vector<int64_t> coords = Unravel(k, dims);
    std::vector<Scalar> args;
    for (const Values& v : in) args.push_back(At(v, BroadcastIndex(coords, v.shape)));
    Scalar r;
    if (compare)
      r = Comparison(op, args[0], args[1]);
    else if (logic)
      r = Logic(op, args[0], args[1]);
    else if (unary)
      r = Unary(op, args[0], float_out);
    else if (cast)
      r = CastTo(args[0], to);
    else if (op == "Where")
      r = args.size() == 3 ? Select(args[0], args[1], args[2]) : UnknownInt();
    else {
      r = args[0];
      for (size_t i = 1; i < args.size(); ++i) r = Arithmetic(op, r, args[i], float_out, fmod);
    }
    if (float_out) {
      result.floats.push_back(r.AsDouble());
    } else {
      result.ints.push_back(r.is_float ? CastTo(r, kInt64).i : r.i);
    }
  }
  WriteValues(result, &out);
  return Status::Ok();
}

}  // namespace trainflops::onnx
