#include "mini/flat_dispatch_key_set.h"

#include <iterator>
#include <stdexcept>

namespace mini {
inline namespace ch02 {

int flatBitOf(DispatchKey key) {
  for (int bit = 0; bit < static_cast<int>(std::size(kFlatKeyOrder)); ++bit) {
    if (kFlatKeyOrder[bit] == key) {
      return bit;
    }
  }
  throw std::invalid_argument(fmt::format("DispatchKey {} has no bit in the flat key set: only runtime keys do ({})",
                                          key, fmt::join(kFlatKeyOrder, ", ")));
}

std::vector<DispatchKey> FlatDispatchKeySet::keys() const {
  std::vector<DispatchKey> result;
  for (DispatchKey key : kFlatKeyOrder) {
    if (has(key)) {
      result.push_back(key);
    }
  }
  return result;
}

}  // namespace ch02
}  // namespace mini
