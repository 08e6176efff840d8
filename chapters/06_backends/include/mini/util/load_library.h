#pragma once
/// \file
/// \brief Loading a backend that lives in its own shared library
///        (torch.ops.load_library): its static registrations run on load.

#include <string>

namespace mini {
inline namespace ch06 {

// [load_library]
/// A loaded shared library. Loading runs its static initializers, so the
/// MINI_LIBRARY_IMPL blocks of an out-of-tree backend register its kernels
/// and its allocator with this process's dispatcher: the core needs no
/// edit and no rebuild. The library is never unloaded, as in PyTorch: its
/// kernels stay in the dispatch tables.
class LoadedLibrary {
 public:
  /// dlopen(path); throws with dlerror()'s text if it cannot be loaded.
  explicit LoadedLibrary(const std::string& path);
  /// A function the library exports with C linkage, or a throw naming it.
  template <class Function>
  Function* symbol(const std::string& name) const {
    return reinterpret_cast<Function*>(rawSymbol(name));
  }

 private:
  void* rawSymbol(const std::string& name) const;

  void* handle_ = nullptr;
  std::string path_;
};
// [load_library]

/// The path of `fileName` in the folder of the running program
/// (/proc/self/exe): the build puts the counted device's library next to the
/// demo and the test programs, so they find it from any working folder, and
/// no build folder's absolute path is compiled into them.
std::string besideThisProgram(const std::string& fileName);

}  // namespace ch06
}  // namespace mini
