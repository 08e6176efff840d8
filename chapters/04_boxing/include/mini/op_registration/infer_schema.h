#pragma once
/// \file
/// \brief The schema a C++ kernel's type implies, and how it differs from the
///        schema def() gave the operator.
///
/// `Tensor myadd_cpu(const Tensor&, const Tensor&)` implies
/// `(Tensor _0, Tensor _1) -> Tensor _0`. A kernel registered for an operator
/// whose schema says something else would read its arguments wrongly, so impl()
/// compares the two and refuses a mismatch (chapter 04 builds on this to box
/// and unbox arguments).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <vector>

#include "mini/boxing/dict.h"
#include "mini/core/device.h"
#include "mini/core/tensor.h"
#include "mini/op_registration/function_schema.h"

namespace mini {
inline namespace ch04 {

// [schema_type_of]
/// The schema type of one C++ parameter or return type. References and const
/// do not matter to the schema: `const Tensor&` and `Tensor` are both Tensor.
template <class T>
SchemaType schemaTypeOf();

namespace detail {

template <class T>
struct SchemaTypeOf {
  // Only the types below can cross the dispatcher; anything else is a
  // mistake best reported while compiling.
  static_assert(sizeof(T) == 0,
                "this C++ type has no schema type: use Tensor, int64_t, double, bool, "
                "std::string, std::optional<T>, std::vector<T>, std::tuple<T...> or Dict<K, V>");
};
template <>
struct SchemaTypeOf<Tensor> {
  static SchemaType get() { return SchemaType::base(SchemaType::Kind::Tensor); }
};
template <>
struct SchemaTypeOf<std::int64_t> {
  static SchemaType get() { return SchemaType::base(SchemaType::Kind::Int); }
};
template <>
struct SchemaTypeOf<double> {
  static SchemaType get() { return SchemaType::base(SchemaType::Kind::Float); }
};
template <>
struct SchemaTypeOf<bool> {
  static SchemaType get() { return SchemaType::base(SchemaType::Kind::Bool); }
};
template <>
struct SchemaTypeOf<std::string> {
  static SchemaType get() { return SchemaType::base(SchemaType::Kind::String); }
};
template <>
struct SchemaTypeOf<std::string_view> {
  static SchemaType get() { return SchemaType::base(SchemaType::Kind::String); }
};
template <>
struct SchemaTypeOf<Device> {
  static SchemaType get() { return SchemaType::base(SchemaType::Kind::Device); }
};
template <class T>
struct SchemaTypeOf<std::optional<T>> {
  static SchemaType get() { return SchemaType::optionalOf(schemaTypeOf<T>()); }
};
template <class T>
struct SchemaTypeOf<std::vector<T>> {
  static SchemaType get() { return SchemaType::listOf(schemaTypeOf<T>()); }
};
// A tuple parameter is one argument of a tuple type, `(str, Tensor)`; a tuple
// *return* is several returns (ReturnTypesOf below), as in c10's infer_schema.
template <class... Ts>
struct SchemaTypeOf<std::tuple<Ts...>> {
  static SchemaType get() { return SchemaType::containerOf(SchemaType::Kind::Tuple, {schemaTypeOf<Ts>()...}); }
};
template <class Key, class Value>
struct SchemaTypeOf<Dict<Key, Value>> {
  static SchemaType get() {
    return SchemaType::containerOf(SchemaType::Kind::Dict, {schemaTypeOf<Key>(), schemaTypeOf<Value>()});
  }
};

// A kernel returns nothing (void), one value, or a tuple of several.
template <class Ret>
struct ReturnTypesOf {
  static std::vector<SchemaType> get() { return {schemaTypeOf<Ret>()}; }
};
template <>
struct ReturnTypesOf<void> {
  static std::vector<SchemaType> get() { return {}; }
};
template <class... Rets>
struct ReturnTypesOf<std::tuple<Rets...>> {
  static std::vector<SchemaType> get() { return {schemaTypeOf<Rets>()...}; }
};

/// `_0`, `_1`, ...: the names PyTorch gives inferred arguments and returns.
std::vector<Argument> unnamedArguments(const std::vector<SchemaType>& types);

}  // namespace detail

template <class T>
SchemaType schemaTypeOf() {
  return detail::SchemaTypeOf<std::remove_cvref_t<T>>::get();
}
// [schema_type_of]

template <class FunctionType>
struct InferFunctionSchema;

// [infer_schema]
/// The schema of a kernel of type `Ret(Args...)`, with no name:
/// `(Tensor _0, Tensor _1) -> Tensor _0`. (A leading DispatchKeySet parameter
/// is stripped before this is asked; see KernelFunction.)
template <class Ret, class... Args>
struct InferFunctionSchema<Ret(Args...)> {
  static FunctionSchema get() {
    FunctionSchema schema;
    schema.arguments = detail::unnamedArguments({schemaTypeOf<Args>()...});
    schema.returns = detail::unnamedArguments(detail::ReturnTypesOf<Ret>::get());
    return schema;
  }
};

template <class FunctionType>
FunctionSchema inferFunctionSchema() {
  return InferFunctionSchema<FunctionType>::get();
}

/// Why a kernel's inferred schema cannot serve an operator's schema, in
/// PyTorch's words ("Type mismatch in argument 2: int vs Tensor"), or nothing
/// if it can. Names, defaults, alias annotations and fixed list sizes are not
/// types, so they never differ here.
std::optional<std::string> findSchemaDifferences(const FunctionSchema& inferred, const FunctionSchema& specified);
// [infer_schema]

}  // namespace ch04
}  // namespace mini
