// Exercise 05.2: the engine's order.
// The lesson: chapters/05_autograd/part1_autograd_key.md#exercise-52
// Declared in: mini/exercises/execution_order.h
#include <queue>

#include "mini/autograd/engine.h"
#include "mini/exercises/execution_order.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch05 {

// TODO(05.2): the names of the nodes backward() of root would run, in the
// order the engine runs them, starting from gradientEdge(root) (an invalid
// edge: no nodes), without running any.
std::vector<std::string> executionOrder(const Tensor& root) {
  (void)root;
  throw ExerciseNotDone("05.2");
}

}  // namespace ch05
}  // namespace mini
