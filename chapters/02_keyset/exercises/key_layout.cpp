// Exercise 02.5: a key layout written as data.
// The lesson: chapters/02_keyset/part2_call_key_set.md#exercise-25
// Declared in: mini/key_layout.h
#include "mini/key_layout.h"
#include "mini/exercise.h"

namespace mini {
inline namespace ch02 {

// TODO(02.5): the word of the key named `name` in this layout: backends
// take the low bits in the order of backends(), functionalities the bits
// above them in the order of functionalities(). "Undefined" is no bit; an
// unknown name is a std::invalid_argument that names it.
std::uint64_t KeyLayout::bitsOf(std::string_view name) const {
  (void)name;
  (void)backends_;  // what the stub leaves unused; clang would say so
  (void)functionalities_;
  throw ExerciseNotDone("02.5");
}

// TODO(02.5): the name of the key a call with `word` runs.
std::string KeyLayout::highestPriorityKey(std::uint64_t word) const {
  (void)word;
  throw ExerciseNotDone("02.5");
}

// TODO(02.5): `word` as the chapter prints a DispatchKeySet.
std::string KeyLayout::format(std::uint64_t word) const {
  (void)word;
  throw ExerciseNotDone("02.5");
}

// TODO(02.5): (tensors | included) - excluded, with PyTorch's minus.
std::uint64_t KeyLayout::callKeySet(std::uint64_t tensors, std::uint64_t included, std::uint64_t excluded) const {
  (void)tensors;
  (void)included;
  (void)excluded;
  throw ExerciseNotDone("02.5");
}

// TODO(02.5): the slot of a runtime key; a name that is no runtime key
// (Dense, AutogradFunctionality) is a std::invalid_argument.
std::size_t KeyLayout::slotOf(std::string_view name) const {
  (void)name;
  throw ExerciseNotDone("02.5");
}

// TODO(02.5): how many slots an operator's table has in this layout.
std::size_t KeyLayout::numRuntimeEntries() const { throw ExerciseNotDone("02.5"); }

}  // namespace ch02
}  // namespace mini
