#include "mini/core/storage.h"

namespace mini {
inline namespace ch06 {

Storage::Storage(std::size_t nbytes, Device device)
    : dataPtr(device.isMeta() ? DataPtr(
                                    nullptr, [](void*) {}, device)
                              : getAllocator(device.type).allocate(nbytes, device)),
      nbytes(nbytes) {}

}  // namespace ch06
}  // namespace mini
