#pragma once
/// \file
/// \brief The C++ type a kernel was registered with, so a caller asking for
///        another type is caught instead of calling through a wrong pointer.

#include <string>
#include <typeindex>
#include <typeinfo>

namespace mini {
inline namespace ch06 {

/// A C++ function type such as `Tensor(const Tensor&, const Tensor&)`.
///
/// A kernel is stored as an untyped function pointer; calling it through the
/// wrong type is undefined behaviour that may even appear to work. So the
/// operator remembers the type its first kernel was registered with, and
/// OperatorHandle::typed<Sig>() compares. std::type_index makes the
/// comparison exact (a `Tensor` parameter is not a `const Tensor&` one).
class CppSignature {
 public:
  template <class FunctionType>
  static CppSignature make() {
    return CppSignature(typeid(FunctionType));
  }

  /// `mini::ch06::Tensor (mini::ch06::Tensor const&, mini::ch06::Tensor const&)`,
  /// the demangled name the errors print (PyTorch prints the same form).
  std::string name() const;

  bool operator==(const CppSignature& other) const { return signature_ == other.signature_; }

 private:
  explicit CppSignature(const std::type_info& type) : signature_(type) {}

  std::type_index signature_;
};

}  // namespace ch06
}  // namespace mini
