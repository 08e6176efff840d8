// libFuzzer target: any text given to parseDispatchKey() ends in a key or a
// std::invalid_argument naming the text, never a crash or another exception.
// A name that parses is the key's own name: toString() gives it back.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string_view>

#include <fmt/format.h>

#include "mini/core/dispatch_key.h"
#include "mini/core/dispatch_key_set.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view name(reinterpret_cast<const char*>(data), size);
  try {
    const mini::DispatchKey key = mini::parseDispatchKey(name);
    if (mini::toString(key) != name) {
      fmt::print(stderr, "fuzz_dispatch_key_name: '{}' parsed to a key named '{}'\n", name, mini::toString(key));
      std::abort();
    }
    // The parsed key is a real key: building a set from it and reading it
    // back touches the bit layout (runtime, functionality and alias keys).
    if (mini::isRuntimeDispatchKey(key)) {
      const mini::DispatchKeySet set(key);
      if (set.highestPriorityKey() != key) {
        fmt::print(stderr, "fuzz_dispatch_key_name: DispatchKeySet({}) reads back as {}\n", key,
                   set.highestPriorityKey());
        std::abort();
      }
    }
  } catch (const std::invalid_argument&) {
    // The clean error: an unknown name, reported by name.
  }
  return 0;
}
