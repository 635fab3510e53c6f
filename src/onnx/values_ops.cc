// Small-tensor values of the structural operators: each output element is
// an input element picked by index (Expand, Tile, Transpose, Gather, Concat,
// Split...), a generated number (Range, ConstantOfShape), or an accumulation
// (Reduce*, ArgMax/ArgMin, CumSum). Semantics follow the ONNX operator
// specification (onnx/docs/Operators.md). Symbols flow through additions and
// products (values.cc); nothing larger than kMaxValues elements is built.
#include <algorithm>
#include <cmath>
#include <functional>

#include "values.h"

namespace trainflops::onnx {
std::optional<std::vector<int64_t>> SmallShape(const TensorInfo& out) {
  if (!out.rank_known) return std::nullopt;
  std::vector<int64_t> dims;
  for (const Dim& d : out.shape) {
    if (!d.known()) return std::nullopt;
    dims.push_back(d.value);
  }
  if (Product(dims) > static_cast<double>(kMaxValues)) return std::nullopt;
  return dims;
}

void PickValues(const Values& in, const std::vector<int64_t>& dims, const ValuePicker& pick,
                TensorInfo* out) {
  Values r;
  r.shape = dims;
  r.is_float = in.is_float;
  const auto n = static_cast<size_t>(Product(dims));
  for (size_t k = 0; k < n; ++k) {
    const size_t i = pick(Unravel(k, dims));
    if (in.is_float)
      r.floats.push_back(i == SIZE_MAX ? 0.0 : in.floats[i]);
    else
      r.ints.push_back(i == SIZE_MAX ? Dim::Of(0) : in.ints[i]);
  }
  WriteValues(r, out);
}

namespace {

const auto& Pick = PickValues;

// Integer values all literal (indices, axes).
std::optional<std::vector<int64_t>> Literals(const Values& v) {
  if (v.is_float) return std::nullopt;
  std::vector<int64_t> out;
  for (const Dim& d : v.ints) {
    if (!d.literal()) return std::nullopt;
    out.push_back(d.value);
  }
  return out;
}

double AsDouble(const Values& v, size_t k) {
  if (v.is_float) return v.floats[k];
  return v.ints[k].literal() ? static_cast<double>(v.ints[k].value) : std::nan("");
}

Status Transpose(const NodeContext& ctx, const Values& in, const std::vector<int64_t>& dims,
                 TensorInfo* out) {
  std::vector<int64_t> perm = ctx.Ints("perm").value_or(std::vector<int64_t>());
  if (perm.empty()) {
    for (size_t i = in.shape.size(); i-- > 0;) perm.push_back(static_cast<int64_t>(i));
  }
  Pick(
      in, dims,
      [&](const std::vector<int64_t>& c) {
        std::vector<int64_t> from(in.shape.size());
        for (size_t i = 0; i < perm.size(); ++i) from[static_cast<size_t>(perm[i])] = c[i];
        return Ravel(from, in.shape);
      },
      out);
  return Status::Ok();
}

// Gather(axis): out[i.., j.., k..] = data[i.., indices[j..], k..].
Status Gather(const NodeContext& ctx, const Values& data, const std::vector<int64_t>& dims,
              TensorInfo* out) {
  const auto indices_values = ReadValues(ctx.input(1));
  if (!indices_values) return Status::Ok();
  const auto indices = Literals(*indices_values);
  if (!indices) return Status::Ok();
  const auto rank = static_cast<int64_t>(data.shape.size());
  TF_ASSIGN_OR_RETURN(const int64_t axis, Axis(ctx.Int("axis", 0), rank, "axis"));
  const int64_t n = data.shape[static_cast<size_t>(axis)];
  for (int64_t i : *indices) {
    if (i < -n || i >= n) {
      return ctx.InputError(1, "index " + std::to_string(i) +
                                   " is out of range for a dimension of " + std::to_string(n));
    }
  }
  const size_t index_rank = indices_values->shape.size();
  Pick(
      data, dims,
      [&](const std::vector<int64_t>& c) {
        std::vector<int64_t> from(c.begin(), c.begin() + axis);
        const std::vector<int64_t> j(c.begin() + axis,
                                     c.begin() + axis + static_cast<int64_t>(index_rank));
        const int64_t i = (*indices)[Ravel(j, indices_values->shape)];
        from.push_back(i < 0 ? i + n : i);
        from.insert(from.end(), c.begin() + axis + static_cast<int64_t>(index_rank), c.end());
        return Ravel(from, data.shape);
      },
      out);
  return Status::Ok();
}

// GatherElements(axis): out[c] = data[c with c[axis] = indices[c]].
Status GatherElements(const NodeContext& ctx, const Values& data, const std::vector<int64_t>& dims,
                      TensorInfo* out) {
  const auto indices_values = ReadValues(ctx.input(1));
  if (!indices_values || indices_values->shape.size() != data.shape.size()) return Status::Ok();
  const auto indices = Literals(*indices_values);
  if (!indices) return Status::Ok();
  TF_ASSIGN_OR_RETURN(const int64_t axis,
                      Axis(ctx.Int("axis", 0), static_cast<int64_t>(data.shape.size()), "axis"));
  const int64_t n = data.shape[static_cast<size_t>(axis)];
  for (size_t d = 0; d < dims.size(); ++d) {
    if (d != static_cast<size_t>(axis) && dims[d] > data.shape[d]) return Status::Ok();
  }
  for (int64_t i : *indices) {
    if (i < -n || i >= n)
      return ctx.InputError(1, "index " + std::to_string(i) + " is out of range");
  }
  Pick(
      data, dims,
      [&](std::vector<int64_t> c) {
        const int64_t i = (*indices)[Ravel(c, dims)];
        c[static_cast<size_t>(axis)] = i < 0 ? i + n : i;
        return Ravel(c, data.shape);
      },
      out);
  return Status::Ok();
}

// Concat(axis) of inputs with known values (any rank).
Status Concat(const NodeContext& ctx, const std::vector<int64_t>& dims, TensorInfo* out) {
  std::vector<Values> in;
  for (size_t i = 0; i < ctx.num_inputs(); ++i) {
    auto v = ReadValues(ctx.input(i));
    if (!v || (!in.empty() && v->is_float != in[0].is_float)) return Status::Ok();
    in.push_back(std::move(*v));
  }
  TF_ASSIGN_OR_RETURN(const int64_t axis,
                      Axis(ctx.Int("axis", 0), static_cast<int64_t>(dims.size()), "axis"));
  Values all;  // the inputs one after another, with their offsets
  all.is_float = in[0].is_float;
  std::vector<size_t> base;
  for (const Values& v : in) {
    base.push_back(all.size());
    all.ints.insert(all.ints.end(), v.ints.begin(), v.ints.end());
    all.floats.insert(all.floats.end(), v.floats.begin(), v.floats.end());
  }
  Pick(
      all, dims,
      [&](std::vector<int64_t> c) {
        size_t i = 0;
        while (i + 1 < in.size() &&
               c[static_cast<size_t>(axis)] >= in[i].shape[static_cast<size_t>(axis)]) {
          c[static_cast<size_t>(axis)] -= in[i].shape[static_cast<size_t>(axis)];
          ++i;
        }
        return base[i] + Ravel(c, in[i].shape);
      },
      out);
  return Status::Ok();
}

// Split along `axis`: output j starts after the earlier outputs.
Status Split(const NodeContext& ctx, const Values& in, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const int64_t axis,
                      Axis(ctx.Int("axis", 0), static_cast<int64_t>(in.shape.size()), "axis"));
  int64_t offset = 0;
  for (TensorInfo& out : eval->outputs) {
    const auto dims = SmallShape(out);
    if (!dims || dims->size() != in.shape.size()) return Status::Ok();
    if (offset + (*dims)[static_cast<size_t>(axis)] > in.shape[static_cast<size_t>(axis)]) {
      return Status::Ok();
    }
    Pick(
        in, *dims,
        [&](std::vector<int64_t> c) {
          c[static_cast<size_t>(axis)] += offset;
          return Ravel(c, in.shape);
        },
        &out);
    offset += (*dims)[static_cast<size_t>(axis)];
  }
  return Status::Ok();
}

// ConstantOfShape: every element the `value` attribute (default float 0).
void Fill(const NodeContext& ctx, const std::vector<int64_t>& dims, TensorInfo* out) {
  Values r;
  r.shape = dims;
  const auto n = static_cast<size_t>(Product(dims));
  const Attribute* v = ctx.Attr("value");
  if (v && v->t && v->t->has_values && v->t->int_values.size() == 1) {
    r.ints.assign(n, Dim::Of(v->t->int_values[0]));
  } else {
    r.is_float = true;
    const bool given = v && v->t && v->t->has_values && v->t->float_values.size() == 1;
    r.floats.assign(n, given ? v->t->float_values[0] : 0.0);
  }
  WriteValues(r, out);
}

// Range(start, limit, delta): start + k·delta for k < the output length.
void RangeValues(const NodeContext& ctx, const std::vector<int64_t>& dims, TensorInfo* out) {
  const auto start = ReadValues(ctx.input(0));
  const auto delta = ReadValues(ctx.input(2));
  if (!start || !delta || start->size() != 1 || delta->size() != 1 || dims.size() != 1) return;
  Values r;
  r.shape = dims;
  r.is_float = start->is_float || delta->is_float;
  for (int64_t k = 0; k < dims[0]; ++k) {
    if (r.is_float) {
      r.floats.push_back(AsDouble(*start, 0) + static_cast<double>(k) * AsDouble(*delta, 0));
    } else {
      r.ints.push_back(
          SymbolicOp("+", start->ints[0], SymbolicOp("*", Dim::Of(k), delta->ints[0])));
    }
  }
  WriteValues(r, out);
}

// ReduceSum/Prod/Min/Max/Mean and ArgMax/ArgMin over the reduced axes.
Status Reduce(const NodeContext& ctx, const Values& in, const std::vector<int64_t>& dims,
              TensorInfo* out) {
  const std::string& op = ctx.op_type();
  const bool arg = op == "ArgMax" || op == "ArgMin";
  if (!arg && op != "ReduceSum" && op != "ReduceProd" && op != "ReduceMin" && op != "ReduceMax" &&
      op != "ReduceMean") {
    return Status::Ok();
  }
  TF_ASSIGN_OR_RETURN(const std::vector<bool> reduced, ReducedAxes(ctx, in.shape.size()));
  std::vector<int64_t> kept;  // the output's coordinates with keepdims
  for (size_t i = 0; i < reduced.size(); ++i) kept.push_back(reduced[i] ? 1 : in.shape[i]);
  const auto n = static_cast<size_t>(Product(kept));
  if (n != static_cast<size_t>(Product(dims))) return Status::Ok();
  const bool last = ctx.Int("select_last_index", 0) != 0;
  Values r;
  r.shape = dims;
  r.is_float = in.is_float && !arg;
  std::vector<Dim> acc(n);
  std::vector<double> facc(n, std::nan("")), best(n, std::nan(""));
  std::vector<int64_t> count(n, 0), where(n, 0);
  const char* symbol = op == "ReduceProd"  ? "*"
                       : op == "ReduceMin" ? "min"
                       : op == "ReduceMax" ? "max"
                                           : "+";
  for (size_t k = 0; k < in.size(); ++k) {
    std::vector<int64_t> c = Unravel(k, in.shape);
    const int64_t along = [&] {
      for (size_t i = 0; i < c.size(); ++i)
        if (reduced[i]) return c[i];
      return int64_t{0};
    }();
    for (size_t i = 0; i < c.size(); ++i) c[i] = reduced[i] ? 0 : c[i];
    const size_t o = Ravel(c, kept);
    const double x = AsDouble(in, k);
    if (arg) {
      const bool better = op == "ArgMax" ? x > best[o] || (last && x == best[o])
                                         : x < best[o] || (last && x == best[o]);
      if (count[o] == 0 || better) {
        best[o] = x;
        where[o] = along;
      }
      if (std::isnan(x)) where[o] = -1;  // not known: neither is the position
    } else if (r.is_float) {
      facc[o] = count[o] == 0        ? x
                : op == "ReduceProd" ? facc[o] * x
                : op == "ReduceMin"  ? std::min(facc[o], x)
                : op == "ReduceMax"  ? std::max(facc[o], x)
                                     : facc[o] + x;
    } else {
      acc[o] = count[o] == 0 ? in.ints[k] : SymbolicOp(symbol, acc[o], in.ints[k]);
    }
    ++count[o];
  }
  for (size_t o = 0; o < n; ++o) {
    if (arg) {
      r.ints.push_back(where[o] < 0 ? Dim::Symbol("") : Dim::Of(where[o]));
    } else if (r.is_float) {
      r.floats.push_back(op == "ReduceMean" ? facc[o] / static_cast<double>(count[o]) : facc[o]);
    } else {
      r.ints.push_back(op == "ReduceMean" ? SymbolicOp("/", acc[o], Dim::Of(count[o])) : acc[o]);
    }
  }
  WriteValues(r, out);
  return Status::Ok();
}

// NonZero on known values: the coordinates of the non-zero elements,
// [rank, count]. Its output size becomes known.
void NonZero(const Values& in, TensorInfo* out) {
  std::vector<std::vector<int64_t>> hits;
  for (size_t k = 0; k < in.size(); ++k) {
    const double x = AsDouble(in, k);
    if (std::isnan(x)) return;
    if (x != 0) hits.push_back(Unravel(k, in.shape));
  }
  const size_t rank = in.shape.size();
  Values r;
  r.shape = {static_cast<int64_t>(rank), static_cast<int64_t>(hits.size())};
  for (size_t d = 0; d < rank; ++d)
    for (const auto& c : hits) r.ints.push_back(Dim::Of(c[d]));
  out->shape = ToDims(r.shape);
  WriteValues(r, out);
}

// Trilu(k = input 1, upper): keeps j - i >= k (upper) or j - i <= k (lower)
// on the last two axes; zeros elsewhere.
void Trilu(const NodeContext& ctx, const Values& in, const std::vector<int64_t>& dims,
           TensorInfo* out) {
  if (dims.size() < 2) return;
  int64_t k = 0;
  if (ctx.has_input(1)) {
    const auto kv = ReadValues(ctx.input(1));
    const auto lit = kv ? Literals(*kv) : std::nullopt;
    if (!lit || lit->size() != 1) return;
    k = (*lit)[0];
  }
  const bool upper = ctx.Int("upper", 1) != 0;
  Pick(
      in, dims,
      [&](const std::vector<int64_t>& c) {
        const int64_t diff = c[c.size() - 1] - c[c.size() - 2];
        return (upper ? diff >= k : diff <= k) ? Ravel(c, in.shape) : SIZE_MAX;
      },
      out);
}

// CumSum(x, axis): running sums along axis (exclusive, reverse attributes).
void CumSum(const NodeContext& ctx, const Values& in, TensorInfo* out) {
  const auto av = ReadValues(ctx.input(1));
  const auto axis_values = av ? Literals(*av) : std::nullopt;
  if (!axis_values || axis_values->size() != 1) return;
  const auto rank = static_cast<int64_t>(in.shape.size());
  const auto axis = Axis((*axis_values)[0], rank, "axis");
  if (!axis.ok()) return;
  const auto a = static_cast<size_t>(*axis);
  const bool exclusive = ctx.Int("exclusive", 0) != 0, reverse = ctx.Int("reverse", 0) != 0;
  Values r = in;
  const int64_t n = in.shape[a];
  for (size_t k = 0; k < in.size(); ++k) {
    std::vector<int64_t> c = Unravel(k, in.shape);
    if (c[a] != 0) continue;  // walk each line along the axis once, from its start
    Dim sum = Dim::Of(0);
    double fsum = 0;
    for (int64_t step = 0; step < n; ++step) {
      c[a] = reverse ? n - 1 - step : step;
      const size_t at = Ravel(c, in.shape);
      const auto store = [&] {
        if (in.is_float)
          r.floats[at] = fsum;
        else
          r.ints[at] = sum;
      };
      if (exclusive) store();
      if (in.is_float)
        fsum += in.floats[at];
      else
        sum = SymbolicOp("+", sum, in.ints[at]);
      if (!exclusive) store();
    }
  }
  WriteValues(r, out);
}

}  // namespace

Status EvaluateValuesOfStructure(const NodeContext& ctx, NodeEval* eval) {
  const std::string& op = ctx.op_type();
  TensorInfo& out = eval->outputs[0];
  const auto in = ReadValues(ctx.input(0));
  if (op == "Split") return in ? Split(ctx, *in, eval) : Status::Ok();
  if (op == "NonZero") {
    if (in) NonZero(*in, &out);
    return Status::Ok();
  }
  const auto dims = SmallShape(out);
  if (!dims) return Status::Ok();
  if (op == "ConstantOfShape") {
    Fill(ctx, *dims, &out);
  } else if (op == "Range") {
    RangeValues(ctx, *dims, &out);
  } else if (op == "Concat") {
    return Concat(ctx, *dims, &out);
  }
  if (!in) return Status::Ok();
  if (op == "Expand") {
    Pick(
        *in, *dims, [&](const std::vector<int64_t>& c) { return BroadcastIndex(c, in->shape); },
        &out);
  } else if (op == "Tile") {
    Pick(
        *in, *dims,
        [&](std::vector<int64_t> c) {
          for (size_t i = 0; i < c.size(); ++i) c[i] %= std::max<int64_t>(in->shape[i], 1);
          return Ravel(c, in->shape);
        },
        &out);
  } else if (op == "Flatten" || op == "Reshape" || op == "Squeeze" || op == "Unsqueeze" ||
             op == "Identity") {
    if (static_cast<double>(in->size()) == Product(*dims)) WriteValues(*in, &out);
  } else if (op == "Transpose") {
    return Transpose(ctx, *in, *dims, &out);
  } else if (op == "Gather") {
    return Gather(ctx, *in, *dims, &out);
  } else if (op == "GatherElements") {
    return GatherElements(ctx, *in, *dims, &out);
  } else if (op == "Trilu") {
    Trilu(ctx, *in, *dims, &out);
  } else if (op == "CumSum") {
    CumSum(ctx, *in, &out);
  } else {
    return Reduce(ctx, *in, *dims, &out);
  }
  return Status::Ok();
}

}  // namespace trainflops::onnx
