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

void Library::checkCanDefine(SourceSite site) const {
  if (kind_ == IMPL) {
    throw std::logic_error(
        fmt::format("Cannot define an operator inside of a MINI_LIBRARY_IMPL block. All def()s should be placed in the "
                    "(unique) MINI_LIBRARY block for their namespace. (Error occurred at {})",
                    site));
  }
}

Library& Library::def(std::string_view schemaText, SourceSite site) {
  checkCanDefine(site);
  FunctionSchema schema = parseSchema(schemaText);
  schema.name = qualifiedName(schema.name, "schema string");
  registrations_.push_back(Dispatcher::singleton().registerDef(std::move(schema), registeredAt(site)));
  return *this;
}

// [def_with_kernel]
Library& Library::defWithKernel(std::string_view nameOrSchema, CppFunction kernel, SourceSite site) {
  checkCanDefine(site);
  // A schema has an argument list; anything else is a name, `twice` or
  // `twice.overload`, whose schema comes from the kernel's C++ type (c10's
  // Library::_def tells the two apart the same way, by parsing).
  if (nameOrSchema.find('(') != std::string_view::npos) {
    def(nameOrSchema, site);
  } else {
    if (!kernel.schema_) {
      throw std::invalid_argument(
          fmt::format("def(\"{}\"): Full schema string was not specified, and we couldn't infer schema either.  "
                      "Please explicitly provide a schema string. (Error occurred at {})",
                      nameOrSchema, site));
    }
    FunctionSchema schema = *kernel.schema_;
    const std::string_view::size_type dot = nameOrSchema.find('.');
    schema.name = qualifiedName(nameOrSchema.substr(0, dot), "operator name");
    schema.overload_name = dot == std::string_view::npos ? "" : std::string(nameOrSchema.substr(dot + 1));
    // A schema inferred from C++ types knows nothing of aliasing: c10 says
    // CONSERVATIVE for it.
    registrations_.push_back(
        Dispatcher::singleton().registerDef(std::move(schema), registeredAt(site), AliasAnalysisKind::CONSERVATIVE));
  }
  // The kernel serves every key (the catch-all): the name registerKernel
  // needs is the operator's, with its overload.
  const std::string_view name = nameOrSchema.substr(0, nameOrSchema.find('('));
  return registerKernel(name, std::nullopt, std::move(kernel.func_), std::move(kernel.schema_), site);
}
// [def_with_kernel]

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
