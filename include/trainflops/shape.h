// Tensor shapes of one example (or one token): no batch dimension.
//
// Layout is channels-last, as in Table 1 of Sevilla et al. 2022 (H x W x C):
//   conv1d [L, C], conv2d [H, W, C], conv3d [D, H, W, C], dense/RNN [N].
#ifndef TRAINFLOPS_SHAPE_H_
#define TRAINFLOPS_SHAPE_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "trainflops/status.h"

namespace trainflops {

using Shape = std::vector<int64_t>;

// "400x400x5"; a scalar (one token id) prints as "scalar".
std::string ShapeToString(const Shape& shape);

// Parses "400x400x5", "400,400,5" or "1024". Each dimension must be a positive
// integer no larger than 2^53 (exactly representable in a double).
Result<Shape> ParseShape(std::string_view text);

// Number of elements, as a double (exact below 2^53; element counts above
// 1e15 are refused as implausible for one example and a sign of a typo).
Result<double> NumElements(const Shape& shape);

}  // namespace trainflops

#endif  // TRAINFLOPS_SHAPE_H_
