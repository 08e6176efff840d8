#include "mini/util/load_library.h"

#include <dlfcn.h>

#include <filesystem>
#include <stdexcept>

#include <fmt/format.h>

namespace mini {
inline namespace ch06 {

// RTLD_NOW: an undefined symbol fails here, not at the first kernel call.
// RTLD_GLOBAL is not needed: the library resolves the dispatcher against
// this executable, which exports its symbols (ENABLE_EXPORTS in CMake).
LoadedLibrary::LoadedLibrary(const std::string& path) : handle_(dlopen(path.c_str(), RTLD_NOW)), path_(path) {
  if (handle_ == nullptr) {
    throw std::runtime_error(fmt::format("could not load the backend library {}: {}", path, dlerror()));
  }
}

void* LoadedLibrary::rawSymbol(const std::string& name) const {
  void* address = dlsym(handle_, name.c_str());
  if (address == nullptr) {
    throw std::runtime_error(fmt::format("{} exports no symbol '{}'", path_, name));
  }
  return address;
}

std::string besideThisProgram(const std::string& fileName) {
  return (std::filesystem::read_symlink("/proc/self/exe").parent_path() / fileName).string();
}

}  // namespace ch06
}  // namespace mini
