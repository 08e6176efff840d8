#pragma once
/// \file
/// \brief An edge of the backward graph: which node, and which of its inputs.

#include <cstdint>
#include <memory>

namespace mini {
inline namespace ch05 {

class Node;

/// Where one gradient goes: input `inputNr` of `function`. A node has one
/// edge per input of its forward operator; an input that needs no gradient
/// gets an invalid edge (no function), so positions still line up.
struct Edge {
  std::shared_ptr<Node> function;
  std::uint32_t inputNr = 0;

  bool isValid() const { return function != nullptr; }
};

}  // namespace ch05
}  // namespace mini
