#include "mini/op_registration/library.h"

#include <stdexcept>

#include <fmt/format.h>

#include "mini/op_registration/schema_parser.h"

namespace mini {
inline namespace ch06 {

namespace {
std::string registeredAt(SourceSite site) { return fmt::format("registered at {}", site); }
}  // namespace

Library::Library(Kind kind, std::string ns, std::optional<DispatchKey> key, SourceSite site)
    : kind_(kind), ns_(std::move(ns)), key_(key), site_(site) {
  if (kind_ == DEF) {
    registrations_.push_back(Dispatcher::singleton().registerLibrary(ns_, registeredAt(site_)));
  }
}

Library::~Library() {
  while (!registrations_.empty()) {
    registrations_.pop_back();
  }
}

std::string_view Library::blockName() const {
  switch (kind_) {
    case DEF: return "MINI_LIBRARY";
    case FRAGMENT: return "MINI_LIBRARY_FRAGMENT";
    case IMPL: return "MINI_LIBRARY_IMPL";
  }
  return "MINI_LIBRARY";
}

std::string Library::qualifiedName(std::string_view name, std::string_view what) const {
  const auto separator = name.find("::");
  if (separator == std::string_view::npos) {
    return fmt::format("{}::{}", ns_, name);
  }
  if (name.substr(0, separator) != ns_) {
    throw std::invalid_argument(fmt::format(
        "Explicitly provided namespace ({}) in {} does not match namespace of enclosing {} block ({}). Move this "
        "definition to the {} block corresponding to this namespace (and consider deleting the namespace from "
        "your {}.) (Error occurred while processing {} block at {})",
        name.substr(0, separator), what, blockName(), ns_, blockName(), what, blockName(), site_));
  }
  return std::string(name);
}

Library& Library::def(std::string_view schemaText, SourceSite site) {
  if (kind_ == IMPL) {
    throw std::logic_error(
        fmt::format("Cannot define an operator inside of a MINI_LIBRARY_IMPL block. All def()s should be placed in the "
                    "(unique) MINI_LIBRARY block for their namespace. (Error occurred at {})",
                    site));
  }
  FunctionSchema schema = parseSchema(schemaText);
  schema.name = qualifiedName(schema.name, "schema string");
  registrations_.push_back(Dispatcher::singleton().registerDef(std::move(schema), registeredAt(site)));
  return *this;
}

Library& Library::registerKernel(std::string_view name, std::optional<DispatchKey> key, KernelFunction kernel,
                                 std::optional<FunctionSchema> inferredSchema, SourceSite site) {
  if (key && key_ && *key != *key_) {
    throw std::invalid_argument(
        fmt::format("Explicitly provided dispatch key ({}) is inconsistent with the dispatch key of the enclosing "
                    "MINI_LIBRARY_IMPL block ({}). (Error occurred at {})",
                    *key, *key_, site));
  }
  // No key anywhere: a kernel for every backend and autograd, as PyTorch
  // treats a def()'s kernel.
  const DispatchKey target = key.value_or(key_.value_or(DispatchKey::CompositeImplicitAutograd));
  registrations_.push_back(Dispatcher::singleton().registerImpl(
      qualifiedName(name, "operator name"), target, std::move(kernel), std::move(inferredSchema), registeredAt(site)));
  return *this;
}

Library& Library::impl(std::string_view name, KernelFunction kernel, SourceSite site) {
  return registerKernel(name, std::nullopt, std::move(kernel), std::nullopt, site);
}

Library& Library::fallback(KernelFunction kernel, SourceSite site) {
  if (kind_ != IMPL || !key_) {
    throw std::logic_error(fmt::format(
        "Cannot define a fallback in a {} block; use MINI_LIBRARY_IMPL(_, Key, m) with a dispatch key. (Error "
        "occurred at {})",
        blockName(), site));
  }
  registrations_.push_back(Dispatcher::singleton().registerFallback(*key_, std::move(kernel), registeredAt(site)));
  return *this;
}

}  // namespace ch06
}  // namespace mini
