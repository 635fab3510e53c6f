// Internal helpers shared by the llm sources: number formatting for the
// formulas and building components.
#ifndef TRAINFLOPS_SRC_LLM_LLM_INTERNAL_H_
#define TRAINFLOPS_SRC_LLM_LLM_INTERNAL_H_

#include <string>

#include "trainflops/transformer.h"

namespace trainflops::llm {

// A number in a formula: whole numbers below 1e6 plainly ("4096"), the rest
// with 4 significant digits ("6.738e9").
std::string Num(double value);
// A whole count with thousands separators: 6738415616 -> "6,738,415,616".
std::string Exact(double value);
// "{T, d}" per-sequence shape when T is known, else empty.
std::vector<double> SeqShape(double seq_len, double width);

}  // namespace trainflops::llm

#endif  // TRAINFLOPS_SRC_LLM_LLM_INTERNAL_H_
