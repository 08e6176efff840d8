#include "mini/dispatch/cpp_signature.h"

#include <cstdlib>
#include <memory>

#include <cxxabi.h>

namespace mini {
inline namespace ch06 {

std::string CppSignature::name() const {
  // typeid names are mangled ("FN4mini4ch066TensorERKS1_S3_E"); errors are
  // for people, so ask the C++ runtime to demangle it.
  int status = 0;
  const std::unique_ptr<char, void (*)(void*)> demangled(
      abi::__cxa_demangle(signature_.name(), nullptr, nullptr, &status), std::free);
  return status == 0 && demangled ? std::string(demangled.get()) : std::string(signature_.name());
}

}  // namespace ch06
}  // namespace mini
