#pragma once
/// \file
/// \brief `out << value` for every type of the course that fmt can print.

#include <ostream>
#include <string>
#include <string_view>
#include <type_traits>

#include <fmt/format.h>

namespace mini {
inline namespace ch04 {

/// Whether T is a complete type here. GoogleTest asks whether a shared_ptr's
/// pointee can be printed, and that pointee may be only forward-declared.
template <typename T, typename = void>
inline constexpr bool kIsComplete = false;
template <typename T>
inline constexpr bool kIsComplete<T, std::void_t<decltype(sizeof(T))>> = true;

/// A class or an enum, the kinds of type the course gives a formatter.
template <typename T>
inline constexpr bool kIsClassOrEnum = std::is_class_v<T> || std::is_enum_v<T>;

/// A type of the course that fmt prints. Strings are left to the standard
/// library's own operator<<, and an incomplete type is answered "no" before
/// anything looks inside it.
template <typename T>
concept FmtPrintable = kIsComplete<T> && kIsClassOrEnum<T> && !std::is_convertible_v<const T&, std::string_view> &&
                       fmt::is_formattable<T>::value;

/// c10 gives its types an operator<< (DispatchKey, DispatchKeySet, Device,
/// ScalarType, IValue, FunctionSchema, ...). The course prints with fmt, so
/// this one template serves every type of the namespace that has a
/// fmt::formatter, and prints exactly what fmt prints. Its main reader is
/// GoogleTest: a failed assertion shows `DispatchKeySet(CPU)` rather than
/// `16-byte object <...>`. Argument-dependent lookup finds it for the
/// course's types only.
template <FmtPrintable T>
std::ostream& operator<<(std::ostream& out, const T& value) {
  const std::string text = fmt::format("{}", value);
  return out.write(text.data(), static_cast<std::streamsize>(text.size()));
}

}  // namespace ch04
}  // namespace mini
