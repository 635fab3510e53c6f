// Matrix products: Gemm, MatMul (numpy semantics) and Einsum. One
// multiply-add = 2 FLOP (Sevilla et al. 2022, "Units"; the catalogue's dense layer).
#include <algorithm>
#include <map>
#include <set>

#include "graph.h"

namespace trainflops::onnx {
namespace {

// Gemm(A, B, C?): Y = alpha·A'·B' + beta·C with A' [M, K], B' [K, N]:
//   FLOP = 2·M·N·K + M·N (C added) + M·N (alpha != 1) + M·N (beta != 1, with C)
Status Gemm(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const std::vector<int64_t> a, ctx.Concrete(0));
  TF_ASSIGN_OR_RETURN(const std::vector<int64_t> b, ctx.Concrete(1));
  if (a.size() != 2 || b.size() != 2) {
    return Status::InvalidArgument("Gemm needs 2-D inputs but got " + Shape(a) + " and " +
                                   Shape(b));
  }
  const bool ta = ctx.Int("transA", 0) != 0, tb = ctx.Int("transB", 0) != 0;
  const int64_t m = ta ? a[1] : a[0], k = ta ? a[0] : a[1];
  const int64_t kb = tb ? b[1] : b[0], n = tb ? b[0] : b[1];
  if (k != kb) {
    return Status::InvalidArgument("inner dimensions differ: A' is " + Shape({m, k}) +
                                   " and B' is " + Shape({kb, n}) + " (after transA/transB)");
  }
  const bool c = ctx.has_input(2);
  if (c) {
    TF_ASSIGN_OR_RETURN(const TensorInfo* ct, ctx.Required(2));
    const Result<Dims> fits = Broadcast(ToDims({m, n}), ct->shape);
    if (!fits.ok() || fits->size() != 2 || !((*fits)[0] == Dim::Of(m)) ||
        !((*fits)[1] == Dim::Of(n))) {
      return ctx.InputError(
          2, "C of shape " + TensorShapeString(*ct) + " does not broadcast to " + Shape({m, n}));
    }
  }
  const double mn = static_cast<double>(m) * static_cast<double>(n);
  const bool alpha = ctx.Float("alpha", 1) != 1, beta = c && ctx.Float("beta", 1) != 1;
  eval->multiply_adds = mn * static_cast<double>(k);
  eval->flop = 2 * eval->multiply_adds + (c ? mn : 0) + (alpha ? mn : 0) + (beta ? mn : 0);
  eval->outputs = {TensorInfo::Shaped(ToDims({m, n}), ctx.type(0))};
  eval->formula = "2·M·N·K" + std::string(c ? " + M·N (C)" : "") + (alpha ? " + M·N (alpha)" : "") +
                  (beta ? " + M·N (beta)" : "") + " with M=" + Num(static_cast<double>(m)) +
                  ", N=" + Num(static_cast<double>(n)) + ", K=" + Num(static_cast<double>(k));
  eval->source =
      "Sevilla et al. 2022, Table 1 (fully connected: 2 FLOP per weight per example + bias), as "
      "the catalogue's dense layer";
  return Status::Ok();
}

// MatMul(A, B) with numpy semantics: a 1-D A is [1, K] and a 1-D B is [K, 1]
// (the added axis is removed from the result); batch dimensions broadcast.
//   FLOP = 2·batch·N·K·M
Status MatMul(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(std::vector<int64_t> a, ctx.Concrete(0));
  TF_ASSIGN_OR_RETURN(std::vector<int64_t> b, ctx.Concrete(1));
  return CountMatMul(std::move(a), std::move(b), ctx.type(0), eval);
}

}  // namespace

Status CountMatMul(std::vector<int64_t> a, std::vector<int64_t> b, int32_t type, NodeEval* eval) {
  if (a.empty() || b.empty()) return Status::InvalidArgument("MatMul inputs must not be scalars");
  const bool a_vec = a.size() == 1, b_vec = b.size() == 1;
  if (a_vec) a.insert(a.begin(), 1);
  if (b_vec) b.push_back(1);
  const int64_t n = a[a.size() - 2], k = a.back(), kb = b[b.size() - 2], m = b.back();
  if (k != kb) {
    return Status::InvalidArgument("inner dimensions differ: " + Shape(a) + " x " + Shape(b));
  }
  TF_ASSIGN_OR_RETURN(const Dims batch, Broadcast(ToDims({a.begin(), a.end() - 2}),
                                                  ToDims({b.begin(), b.end() - 2})));
  Dims out = batch;
  if (!a_vec) out.push_back(Dim::Of(n));
  if (!b_vec) out.push_back(Dim::Of(m));
  double batches = 1;
  for (const Dim& d : batch) batches *= static_cast<double>(d.value);
  eval->multiply_adds =
      batches * static_cast<double>(n) * static_cast<double>(k) * static_cast<double>(m);
  eval->flop = 2 * eval->multiply_adds;
  eval->outputs = {TensorInfo::Shaped(out, type)};
  eval->formula = "2·batch·N·K·M with batch=" + Num(batches) + " (" + DimsToString(batch) +
                  "), N=" + Num(static_cast<double>(n)) + ", K=" + Num(static_cast<double>(k)) +
                  ", M=" + Num(static_cast<double>(m));
  eval->source =
      "one multiply-add (2 FLOP) per term of each dot product (Sevilla et al. 2022, Units)";
  return Status::Ok();
}

namespace {

// Einsum: labels are letters; "..." stands for broadcast dimensions, which
// get labels 1..E here (aligned to the right, as numpy does).
struct Einsum {
  std::vector<std::vector<char>> inputs;
  std::vector<char> output;
  std::map<char, int64_t> size;
};

Result<std::vector<char>> ParseTerm(const std::string& term, size_t rank, size_t ellipsis_rank,
                                    bool is_output) {
  std::vector<char> letters;
  bool ellipsis = false;
  for (size_t i = 0; i < term.size(); ++i) {
    const char c = term[i];
    if (c == ' ') continue;
    if (c == '.') {
      if (ellipsis || term.compare(i, 3, "...") != 0)
        return Status::InvalidArgument("misplaced '.'");
      ellipsis = true;
      i += 2;
      const size_t e = is_output ? ellipsis_rank : rank - std::min(rank, term.size());
      (void)e;
      letters.push_back('\0');  // placeholder, expanded below
      continue;
    }
    if (!std::isalpha(static_cast<unsigned char>(c))) {
      return Status::InvalidArgument("'" + std::string(1, c) +
                                     "' is not a label (accepted: letters and ...)");
    }
    letters.push_back(c);
  }
  const size_t named = letters.size() - (ellipsis ? 1 : 0);
  if (is_output) rank = named + (ellipsis ? ellipsis_rank : 0);
  if ((!ellipsis && named != rank) || (ellipsis && named > rank)) {
    return Status::InvalidArgument("term '" + term + "' has " + std::to_string(named) +
                                   " labels for a tensor of rank " + std::to_string(rank));
  }
  std::vector<char> out;
  for (char c : letters) {
    if (c != '\0') {
      out.push_back(c);
      continue;
    }
    const size_t e = rank - named;  // this operand's broadcast dimensions
    for (size_t j = ellipsis_rank - e; j < ellipsis_rank; ++j)
      out.push_back(static_cast<char>(1 + j));
  }
  return out;
}

Result<Einsum> ParseEinsum(const std::string& equation,
                           const std::vector<std::vector<int64_t>>& shapes) {
  const size_t arrow = equation.find("->");
  const std::string lhs = equation.substr(0, arrow);
  std::vector<std::string> terms;
  for (size_t start = 0;;) {
    const size_t comma = lhs.find(',', start);
    terms.push_back(lhs.substr(start, comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (terms.size() != shapes.size()) {
    return Status::InvalidArgument("equation '" + equation + "' has " +
                                   std::to_string(terms.size()) + " terms for " +
                                   std::to_string(shapes.size()) + " inputs");
  }
  size_t ellipsis_rank = 0;
  for (size_t i = 0; i < terms.size(); ++i) {
    size_t letters = 0;
    for (char c : terms[i]) letters += std::isalpha(static_cast<unsigned char>(c)) ? 1 : 0;
    if (terms[i].find("...") != std::string::npos && shapes[i].size() >= letters) {
      ellipsis_rank = std::max(ellipsis_rank, shapes[i].size() - letters);
    }
  }
  if (ellipsis_rank > 20) return Status::InvalidArgument("too many broadcast dimensions");
  Einsum e;
  std::map<char, int> count;
  for (size_t i = 0; i < terms.size(); ++i) {
    TF_ASSIGN_OR_RETURN(std::vector<char> labels,
                        ParseTerm(terms[i], shapes[i].size(), ellipsis_rank, false));
    for (size_t j = 0; j < labels.size(); ++j) {
      const char l = labels[j];
      const int64_t d = shapes[i][j];
      auto [it, fresh] = e.size.emplace(l, d);
      if (!fresh && it->second != d) {
        const bool broadcast = l < 'A' && (it->second == 1 || d == 1);
        if (!broadcast) {
          return Status::InvalidArgument("label '" + std::string(1, l < 'A' ? '.' : l) + "' is " +
                                         std::to_string(it->second) + " in one input and " +
                                         std::to_string(d) + " in another");
        }
        it->second = std::max(it->second, d);
      }
      ++count[l];
    }
    e.inputs.push_back(labels);
  }
  if (arrow != std::string::npos) {
    TF_ASSIGN_OR_RETURN(e.output, ParseTerm(equation.substr(arrow + 2), 0, ellipsis_rank, true));
    for (char l : e.output) {
      if (!e.size.count(l))
        return Status::InvalidArgument("output label '" + std::string(1, l) +
                                       "' is not in any input");
    }
  } else {  // implicit: broadcast dims, then labels used once, alphabetically
    for (size_t j = 0; j < ellipsis_rank; ++j) e.output.push_back(static_cast<char>(1 + j));
    std::vector<char> once;
    for (const auto& [l, n] : count)
      if (l >= 'A' && n == 1) once.push_back(l);
    e.output.insert(e.output.end(), once.begin(), once.end());
  }
  return e;
}

double SizeOf(const Einsum& e, const std::set<char>& labels) {
  double p = 1;
  for (char l : labels) p *= static_cast<double>(e.size.at(l));
  return p;
}

// Einsum cost, contracting left to right as runtimes do: each step multiplies
// over every label of its two operands (one multiply-add, 2 FLOP, per point
// when a label is summed away; one multiply per point when none is). A
// single operand that sums labels away costs one add per input element;
// a pure transpose costs nothing.
Status EinsumRule(const NodeContext& ctx, NodeEval* eval) {
  std::vector<std::vector<int64_t>> shapes;
  for (size_t i = 0; i < ctx.num_inputs(); ++i) {
    TF_ASSIGN_OR_RETURN(std::vector<int64_t> s, ctx.Concrete(i));
    shapes.push_back(std::move(s));
  }
  if (shapes.empty()) return Status::InvalidArgument("Einsum needs inputs");
  const std::string equation = ctx.Str("equation", "");
  TF_ASSIGN_OR_RETURN(const Einsum e, ParseEinsum(equation, shapes));
  std::set<char> out_set(e.output.begin(), e.output.end());
  std::set<char> current(e.inputs[0].begin(), e.inputs[0].end());
  std::string steps;
  if (e.inputs.size() == 1) {
    const bool sums = current != out_set;
    eval->flop = sums ? Product(shapes[0]) : 0;
    steps = sums ? "one add per input element: " + Num(eval->flop) : "a transpose: 0";
  }
  for (size_t i = 1; i < e.inputs.size(); ++i) {
    std::set<char> all = current;
    all.insert(e.inputs[i].begin(), e.inputs[i].end());
    std::set<char> keep;
    for (char l : all) {
      bool later = out_set.count(l) > 0;
      for (size_t j = i + 1; j < e.inputs.size(); ++j) {
        later = later || std::count(e.inputs[j].begin(), e.inputs[j].end(), l) > 0;
      }
      if (later) keep.insert(l);
    }
    const double points = SizeOf(e, all);
    const bool contracts = keep.size() < all.size();
    eval->multiply_adds += contracts ? points : 0;
    eval->flop += contracts ? 2 * points : points;
    steps += (steps.empty() ? "" : " + ") + std::string(contracts ? "2·" : "") + Num(points);
    current = keep;
  }
  Dims out;
  for (char l : e.output) out.push_back(Dim::Of(e.size.at(l)));
  eval->outputs = {TensorInfo::Shaped(out, ctx.type(0))};
  eval->formula =
      "'" + equation + "': 2·(product of the sizes of every label of a contraction) = " + steps;
  eval->source =
      "one multiply-add (2 FLOP) per point of the contracted index space (Sevilla et al. 2022, "
      "Units); pairwise, left to right";
  return Status::Ok();
}

}  // namespace

const std::vector<OpRule>& LinearOpRules() {
  static const std::vector<OpRule> rules = {
      {"Gemm", Gemm, {}, OpRule::kCounted, true, OpRule::kProduct},
      {"MatMul", MatMul, {}, OpRule::kCounted, true, OpRule::kProduct},
      {"Einsum", EinsumRule, {}, OpRule::kCounted, true, OpRule::kProduct},
  };
  return rules;
}

}  // namespace trainflops::onnx
