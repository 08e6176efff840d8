#pragma once
/// \file
/// \brief An error a kernel raises, with its operator kept apart from its
///        message: C++ reads "add: The size of tensor a ...", Python reads
///        1.13's "The size of tensor a ...".

#include <stdexcept>
#include <string>
#include <string_view>

#include <fmt/format.h>

namespace mini {
inline namespace ch06 {

/// What every OperatorError has, whatever standard exception it is: the
/// message as 1.13's c10::Error holds it, without the operator's name.
class OperatorErrorMessage {
 public:
  explicit OperatorErrorMessage(std::string message) : message_(std::move(message)) {}
  virtual ~OperatorErrorMessage() = default;
  const std::string& messageWithoutOperator() const { return message_; }

 private:
  std::string message_;
};

/// The course's errors name their operator first, so that a C++ reader (a
/// test, a backtrace in gdb) sees which call failed: what() is
/// "add: The size of tensor a (2) must match ...". 1.13's message is the
/// text alone, and so is what the Python binding raises (it reads
/// messageWithoutOperator()). `Base` keeps the standard type a caller
/// catches (std::invalid_argument, std::runtime_error).
template <class Base>
class OperatorError : public Base, public OperatorErrorMessage {
 public:
  OperatorError(std::string_view op, std::string message)
      : Base(fmt::format("{}: {}", op, message)), OperatorErrorMessage(std::move(message)) {}
};

using OperatorInvalidArgument = OperatorError<std::invalid_argument>;
using OperatorRuntimeError = OperatorError<std::runtime_error>;

}  // namespace ch06
}  // namespace mini
