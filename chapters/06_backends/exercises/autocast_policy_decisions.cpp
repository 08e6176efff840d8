// Exercise 06.8: decide the autocast policy of new operators.
// The lesson: chapters/06_backends/part6_autocast.md#exercise-68
// Declared in: mini/exercises/autocast_policy_decisions.h
#include "mini/exercises/autocast_policy_decisions.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch06 {
namespace autocast {

// TODO(06.8): one AutocastPolicy{"aten::mm", cpu, cuda} per operator, in the
// order the header gives, each policy read from 1.13's lists (section 14).
std::vector<AutocastPolicy> decidedAutocastPolicies() { throw ExerciseNotDone("06.8"); }

}  // namespace autocast
}  // namespace ch06
}  // namespace mini
