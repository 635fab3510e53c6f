// Internal: each file of the catalogue contributes its layer kinds here.
#ifndef TRAINFLOPS_SRC_CATALOGUE_KINDS_H_
#define TRAINFLOPS_SRC_CATALOGUE_KINDS_H_

#include <string>
#include <vector>

#include "trainflops/catalogue.h"

namespace trainflops::catalogue {

std::vector<LayerKind> DenseKinds();        // dense.cc: fully connected, embedding, given
std::vector<LayerKind> ConvKinds();         // conv.cc: conv1d/2d/3d, transposed, pooling
std::vector<LayerKind> RecurrentKinds();    // recurrent.cc: rnn, gru, lstm
std::vector<LayerKind> AttentionKinds();    // attention.cc: self-attention, multi-head
std::vector<LayerKind> ElementwiseKinds();  // elementwise.cc: norms, activations, softmax,
                                            // add, dropout, flatten

// Exact integer text for values below 2^53 ("640256"), else scientific.
std::string Num(double value);

}  // namespace trainflops::catalogue

#endif  // TRAINFLOPS_SRC_CATALOGUE_KINDS_H_
