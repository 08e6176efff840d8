#pragma once
/// \file
/// \brief Exercise 04.3's declaration: the stack a boxed call needs, from the
///        arguments a caller gave and the schema's defaults. The dispatcher
///        never calls it.

#include "mini/boxing/stack.h"
#include "mini/op_registration/function_schema.h"

namespace mini {
inline namespace ch04 {
namespace exercises {

/// Exercise 04.3 (exercises/complete_stack.cpp): what `torch.ops` does
/// before a boxed call (PyTorch's createStackForSchema). `stack` holds the
/// positional arguments a caller gave, in schema order and nothing else;
/// push the default of every argument after them, read from the schema's
/// text into the IValue its type asks for (`float weight=1` is the Double
/// 1.0, `Scalar alpha=1` the Int 1, `bool keepdim=False` a Bool, `str
/// mode="mean"` the String mean, `=None` None). Defaults of other types (lists)
/// are not asked for. Errors (std::invalid_argument), as PyTorch 1.13 words them:
///
///     myops::mylerp() is missing value for argument 'end'. Declaration: <schema>
///     myops::mylerp() takes 2 positional argument(s) but 3 was/were given.  Declaration: <schema>
///     myops::myclamp() expected at most 3 argument(s) but received 4 argument(s). Declaration: <schema>
///
/// (the second when the schema has keyword-only arguments, which a
/// positional argument cannot fill; the third when it has none).
void completeStackForSchema(const FunctionSchema& schema, Stack& stack);

}  // namespace exercises
}  // namespace ch04
}  // namespace mini
