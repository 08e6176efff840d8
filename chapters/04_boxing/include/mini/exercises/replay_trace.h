#pragma once
/// \file
/// \brief Exercise 04.5's declaration: a traced program run again, on new
///        inputs, through the dispatcher. The dispatcher never calls it.

#include <map>
#include <string>
#include <vector>

#include "mini/fallbacks/tracer.h"

namespace mini {
inline namespace ch04 {
namespace exercises {

/// Exercise 04.5 (exercises/replay_trace.cpp): what torch.jit's interpreter
/// does with a traced graph, for the Tracer fallback's text. Runs `trace`
/// line by line: an input line (`%2 = input tensor(...)`) binds the next of
/// `inputs`, in order; a call line (`%3 = myops::myscale(%2, 3)`) finds the
/// operator by its name, builds a stack of its arguments (a `%k` is that
/// value, a `[%0, %1]` a list of them, any other text is read as the
/// argument's schema type asks: `3` for a `float` is the Double 3.0) and
/// calls it boxed, through the dispatcher, so the inputs' keys decide (a
/// batched input runs through the Batched fallback, a live TracingScope
/// records the replay); the results named `%k` are bound, a result written
/// as a value (`2 = myops::mynumel(%3)`, not a tensor) is not.
/// Returns every value by name. A wrong number of inputs is
/// std::invalid_argument: "replayTrace: the trace has 2 inputs but 1 were given".
std::map<std::string, IValue> replayTrace(const Trace& trace, const std::vector<Tensor>& inputs);

}  // namespace exercises
}  // namespace ch04
}  // namespace mini
