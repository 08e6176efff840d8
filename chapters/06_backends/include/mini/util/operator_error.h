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

/// c10::NotImplementedError: a call nothing implements, "Could not run
/// 'aten::x' with arguments from the 'CPU' backend", which Python raises as
/// NotImplementedError, as 1.13's binding does.
class NotImplementedError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// What 1.13's kernel does and this course's does not (a matmul of a 1-D
/// tensor): the operator's error, raised in Python as NotImplementedError.
class OperatorNotImplemented : public OperatorInvalidArgument {
 public:
  using OperatorInvalidArgument::OperatorInvalidArgument;
};

}  // namespace ch06
}  // namespace mini
