#pragma once
/// \file
/// \brief Exercise 05.2: the order in which the engine runs a graph's nodes.

#include <string>
#include <vector>

#include "mini/core/tensor.h"

namespace mini {
inline namespace ch05 {

/// Exercise 05.2 (exercises/execution_order.cpp): the names of the nodes
/// backward() from `root` would run, in the engine's order: a node only
/// after every node with an edge to it, and among the ready ones the newest
/// (highest sequence number) first.
std::vector<std::string> executionOrder(const Tensor& root);

}  // namespace ch05
}  // namespace mini
