#include "mini/dispatch_key.h"

namespace mini {
inline namespace ch01 {

std::string_view toString(DispatchKey key) {
  switch (key) {
    case DispatchKey::Real: return "Real";
    case DispatchKey::Rectangular: return "Rectangular";
    case DispatchKey::Polar: return "Polar";
  }
  return "<invalid DispatchKey>";
}

}  // namespace ch01
}  // namespace mini
