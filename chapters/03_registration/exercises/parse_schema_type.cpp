// Exercise 03.1: parse the type of one schema argument.
// The lesson: chapters/03_registration/README.md#exercise-31
// Declared in: mini/exercises/parse_schema_type.h
#include "mini/exercises/parse_schema_type.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch03 {
namespace exercises {

// TODO(03.1): a base name (baseKindFromName), then an optional alias
// annotation `(a)` or `(a!)`, then any number of `?` and `[]` / `[N]`
// suffixes, each wrapping the type so far. Nothing may follow.
std::pair<SchemaType, std::optional<AliasInfo>> parseSchemaType(std::string_view text) {
  (void)text;
  throw ExerciseNotDone("03.1");
}

}  // namespace exercises
}  // namespace ch03
}  // namespace mini
