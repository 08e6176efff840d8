// Exercise 03.4: is an operator's new schema backward compatible with its old one?
// The lesson: chapters/03_registration/part4_custom_operator.md#exercise-34
// Declared in: mini/exercises/backward_compatible.h
#include "mini/exercises/backward_compatible.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch03 {
namespace exercises {

// TODO(03.4): a call written against `old` must still work, and mean the
// same, with `updated`. The rules, in the order the lesson gives them, and
// the reason to return for each:
//   same operator name and overload        "f.out is another operator than f"
//   same number of returns                 "The number of returns is different: was 1, is 2"
//   each return the same or narrower       "return 1 was Tensor, is Tensor?"
//   each old argument before its out
//   arguments, at the same position:
//     same name                            "argument 'dim' is now named 'axis'"
//     same alias annotation                "argument 'self' was Tensor, is Tensor(a!): its alias annotation changed"
//     not made keyword-only                "argument 'x' became keyword-only"
//     a type that accepts the old one      "argument 'x' was int, is float, which does not accept every int"
//     the same default, if it had one      "argument 'x' had the default 1, has 2" (or "has none")
//     not removed                          "argument 'dim' was removed"
//   every argument added before the out arguments has a default: PyTorch's
//     "Function schema not backward compatible since the new argument 'dim' of type int did not provide a default
//     value."
//   every old out argument still there, unchanged
//                                          "out argument 'out' was Tensor(a!) out, is Tensor(a!) result" (or "was
//                                          removed")
std::optional<std::string> backwardIncompatibility(const FunctionSchema& updated, const FunctionSchema& old) {
  (void)updated;
  (void)old;
  throw ExerciseNotDone("03.4");
}

}  // namespace exercises
}  // namespace ch03
}  // namespace mini
