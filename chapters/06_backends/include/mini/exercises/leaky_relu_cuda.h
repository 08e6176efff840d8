#pragma once
/// \file
/// \brief Exercise 06.3's declaration: a CUDA kernel of your own, launched
///        on raw device pointers (what the .cu side of the boundary sees).

#include <cstdint>

namespace mini {
inline namespace ch06 {

/// out[i] = in[i] > 0 ? in[i] : slope * in[i] for n float32 values in
/// device memory (torch.nn.functional.leaky_relu). Written in
/// exercises/leaky_relu_cuda.cu, compiled by nvcc where it is found.
/// Returns false while the exercise is not done: the .cu side cannot throw
/// mini::ExerciseNotDone, whose message needs fmt.
bool launchLeakyReluCuda(const float* in, float* out, std::int64_t n, float slope);

}  // namespace ch06
}  // namespace mini
