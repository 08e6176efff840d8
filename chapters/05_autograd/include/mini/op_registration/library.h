#pragma once
/// \file
/// \brief Library: def, impl and fallback, and the registration macros
///        MINI_LIBRARY, MINI_LIBRARY_IMPL and MINI_LIBRARY_FRAGMENT.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mini/dispatch/dispatcher.h"
#include "mini/op_registration/cpp_function.h"
#include "mini/util/source_site.h"

namespace mini {
inline namespace ch05 {

// [library]
/// A batch of registrations for one namespace (torch::Library). It owns the
/// RegistrationHandleRAII of everything it registered, so destroying it
/// undoes them all. Each call records the file:line it was written at, which
/// every error about it will name.
///
/// - DEF (MINI_LIBRARY): the one place a namespace's operators are def()'d;
/// - FRAGMENT (MINI_LIBRARY_FRAGMENT): more def()s for a namespace, elsewhere;
/// - IMPL (MINI_LIBRARY_IMPL): kernels for one dispatch key; namespace `_`
///   with fallback() registers a kernel for every operator on that key.
class Library {
 public:
  enum Kind { DEF, IMPL, FRAGMENT };

  Library(Kind kind, std::string ns, std::optional<DispatchKey> key, SourceSite site);
  /// Undoes the registrations newest first, so kernels go before their def().
  ~Library();
  Library(const Library&) = delete;
  Library& operator=(const Library&) = delete;

  /// Declares an operator: `m.def("myadd(Tensor self, Tensor other) -> Tensor")`.
  /// A name without a namespace gets the library's.
  Library& def(std::string_view schema, SourceSite site = SourceSite::here());

  /// Declares an operator and gives it a kernel for every key at once: the
  /// old catch-all, which lands on CompositeImplicitAutograd as in PyTorch
  /// 1.13. `m.def("myops::twice(Tensor x) -> Tensor", &twice)` checks the
  /// kernel's type against the schema; `m.def("twice", &twice)` takes the
  /// schema from the kernel's type: `twice(Tensor _0) -> Tensor _0`.
  template <class Func>
  Library& def(std::string_view nameOrSchema, Func&& kernel, SourceSite site = SourceSite::here()) {
    return defWithKernel(nameOrSchema, CppFunction(std::forward<Func>(kernel)), site);
  }

  /// A kernel for the library's dispatch key: `m.impl("myadd", &myadd_cpu)`,
  /// `TORCH_FN<&myadd_cpu>`, a lambda, a CppFunction or a KernelFunction.
  /// In a DEF or FRAGMENT block, with no key, the kernel is CompositeImplicitAutograd.
  template <class Func>
  Library& impl(std::string_view name, Func&& kernel, SourceSite site = SourceSite::here()) {
    return impl(name, std::nullopt, std::forward<Func>(kernel), site);
  }
  /// A kernel for an explicit key: `m.impl("myadd", DispatchKey::Autograd, &myadd_autograd)`.
  template <class Func>
  Library& impl(std::string_view name, std::optional<DispatchKey> key, Func&& kernel,
                SourceSite site = SourceSite::here()) {
    CppFunction function(std::forward<Func>(kernel));
    return registerKernel(name, key, std::move(function.func_), std::move(function.schema_), site);
  }

  /// A kernel for every operator on the library's key (MINI_LIBRARY_IMPL(_, Key, m)).
  Library& fallback(KernelFunction kernel, SourceSite site = SourceSite::here());

 private:
  Library& registerKernel(std::string_view name, std::optional<DispatchKey> key, KernelFunction kernel,
                          std::optional<FunctionSchema> inferredSchema, SourceSite site);
  /// `myadd` -> `myops::myadd`; a different explicit namespace is an error.
  std::string qualifiedName(std::string_view name, std::string_view what) const;
  Library& defWithKernel(std::string_view nameOrSchema, CppFunction kernel, SourceSite site);
  void checkCanDefine(SourceSite site) const;
  std::string_view blockName() const;

  Kind kind_;
  std::string ns_;
  std::optional<DispatchKey> key_;
  SourceSite site_;
  std::vector<RegistrationHandleRAII> registrations_;
};
// [library]

// [library_init]
/// What the macros define at namespace scope: constructing it (during static
/// initialisation, before main) makes the Library and runs the block's body
/// on it; the Library then lives as long as the program.
class LibraryInit {
 public:
  LibraryInit(Library::Kind kind, void (*initializer)(Library&), const char* ns, std::optional<DispatchKey> key,
              SourceSite site)
      : library_(kind, ns, key, site) {
    initializer(library_);
  }

 private:
  Library library_;
};
// [library_init]

}  // namespace ch05
}  // namespace mini

// [macros]
// The registration macros: the one place a macro is the right tool, because
// a block must become a function *and* a static object that calls it, with
// names unique per file and the file:line of the block.

#define MINI_CONCATENATE_IMPL(a, b) a##b
#define MINI_CONCATENATE(a, b) MINI_CONCATENATE_IMPL(a, b)
#define MINI_UID __COUNTER__

/// Defines the operators of namespace `ns`: `MINI_LIBRARY(myops, m) { m.def(...); }`.
/// One per namespace in the whole program.
#define MINI_LIBRARY(ns, m)                                                                                      \
  static void MINI_LIBRARY_init_##ns(::mini::Library&);                                                          \
  static const ::mini::LibraryInit MINI_LIBRARY_static_init_##ns(                                                \
      ::mini::Library::DEF, &MINI_LIBRARY_init_##ns, #ns, std::nullopt, ::mini::SourceSite{__FILE__, __LINE__}); \
  void MINI_LIBRARY_init_##ns(::mini::Library& m)

/// More definitions for namespace `ns`, from anywhere.
#define MINI_LIBRARY_FRAGMENT(ns, m) MINI_LIBRARY_FRAGMENT_UID(ns, m, MINI_UID)
#define MINI_LIBRARY_FRAGMENT_UID(ns, m, uid)                                                                   \
  static void MINI_CONCATENATE(MINI_LIBRARY_FRAGMENT_init_##ns##_, uid)(::mini::Library&);                      \
  static const ::mini::LibraryInit MINI_CONCATENATE(MINI_LIBRARY_FRAGMENT_static_init_##ns##_, uid)(            \
      ::mini::Library::FRAGMENT, &MINI_CONCATENATE(MINI_LIBRARY_FRAGMENT_init_##ns##_, uid), #ns, std::nullopt, \
      ::mini::SourceSite{__FILE__, __LINE__});                                                                  \
  void MINI_CONCATENATE(MINI_LIBRARY_FRAGMENT_init_##ns##_, uid)(::mini::Library & m)

/// Kernels of namespace `ns` for dispatch key `k` (`CPU`, `Autograd`, ...);
/// with `_` for `ns`, fallbacks for every operator.
#define MINI_LIBRARY_IMPL(ns, k, m) MINI_LIBRARY_IMPL_UID(ns, k, m, MINI_UID)
#define MINI_LIBRARY_IMPL_UID(ns, k, m, uid)                                                           \
  static void MINI_CONCATENATE(MINI_LIBRARY_IMPL_init_##ns##_##k##_, uid)(::mini::Library&);           \
  static const ::mini::LibraryInit MINI_CONCATENATE(MINI_LIBRARY_IMPL_static_init_##ns##_##k##_, uid)( \
      ::mini::Library::IMPL, &MINI_CONCATENATE(MINI_LIBRARY_IMPL_init_##ns##_##k##_, uid), #ns,        \
      ::mini::DispatchKey::k, ::mini::SourceSite{__FILE__, __LINE__});                                 \
  void MINI_CONCATENATE(MINI_LIBRARY_IMPL_init_##ns##_##k##_, uid)(::mini::Library & m)
// [macros]
