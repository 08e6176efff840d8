#pragma once
// Helpers shared by chapter 05's tests.

#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fmt/format.h>

#include "mini/aten/aten.h"
#include "mini/core/tensor.h"

namespace mini_test {

/// The elements of a tensor, for EXPECT_THAT(..., ElementsAre(...)).
/// The elements in index order as doubles, whatever the tensor's dtype, strides or device.
inline std::vector<double> values(const mini::Tensor& tensor) {
  const mini::Tensor copy = mini::_to_copy(tensor.detach(), mini::ScalarType::Double, mini::kCpu);
  return {copy.data().begin(), copy.data().end()};
}

/// The message of the exception `body` throws, or "" if it throws none.
template <class Body>
std::string errorOf(Body body) {
  try {
    body();
  } catch (const std::exception& error) {
    return error.what();
  }
  return "";
}

}  // namespace mini_test
