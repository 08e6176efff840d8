#pragma once
// The operators a `call` statement of the parity data names, each run
// through chapter 06's public function, as maint/reference/gen_parity_data.py runs
// the same name on torch (its OPS table).

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "mini/aten/aten.h"
#include "parity/parity_tensor_text.h"

namespace mini_parity {

using Env = std::map<std::string, mini::Tensor>;

/// The arguments of a call, typed by the operator that reads them: a
/// variable's name, `[1,2]`, `true`, a number, a dtype's name.
class Args {
 public:
  Args(const std::vector<std::string>& words, Env& env) : words_(words), env_(env) {}

  std::size_t size() const { return words_.size(); }
  mini::Tensor& tensor(std::size_t i) const {
    auto found = env_.find(word(i));
    if (found == env_.end()) throw std::runtime_error(fmt::format("no variable '{}'", word(i)));
    return found->second;
  }
  std::vector<std::int64_t> ints(std::size_t i) const { return intList(word(i)); }
  bool flag(std::size_t i) const { return word(i) == "true"; }
  std::int64_t integer(std::size_t i) const { return std::strtoll(word(i).c_str(), nullptr, 10); }
  /// An optional int: `none` when left out (argmax's dim).
  std::optional<std::int64_t> optionalInteger(std::size_t i) const {
    return word(i) == "none" ? std::nullopt : std::optional(integer(i));
  }
  double real(std::size_t i) const { return std::strtod(word(i).c_str(), nullptr); }
  mini::ScalarType dtype(std::size_t i) const { return parseDtype(word(i)); }
  /// A Scalar of the kind the word spells, as Python's literal would be:
  /// `true` a bool, `2.0` or `-0.5` a float, `2` an int.
  mini::Scalar scalar(std::size_t i) const {
    const std::string& text = word(i);
    if (text == "true" || text == "false") return text == "true";
    if (text.find_first_of(".eEn") != std::string::npos) return real(i);
    return static_cast<std::int64_t>(std::strtoll(text.c_str(), nullptr, 10));
  }

 private:
  const std::string& word(std::size_t i) const {
    if (i >= words_.size()) throw std::runtime_error(fmt::format("argument {} missing", i));
    return words_[i];
  }
  const std::vector<std::string>& words_;
  Env& env_;
};

using Op = std::function<mini::Tensor(const Args&)>;

inline std::map<std::string, Op> makeOps() {
  using mini::Tensor;
  std::map<std::string, Op> ops;
  // The elementwise operators, each in its three variants.
  using Binary = Tensor (*)(const Tensor&, const Tensor&);
  // An in-place variant is a method only (a.mul_(b)), as in PyTorch 1.13.
  using BinaryInplace = Tensor& (Tensor::*)(const Tensor&) const;
  using BinaryOut = Tensor& (*)(Tensor&, const Tensor&, const Tensor&);
  auto binary = [&](const std::string& name, Binary fn, BinaryInplace inplace, BinaryOut out) {
    ops[name] = [fn](const Args& a) { return fn(a.tensor(0), a.tensor(1)); };
    ops[name + "_"] = [inplace](const Args& a) { return (a.tensor(0).*inplace)(a.tensor(1)); };
    ops[name + ".out"] = [out](const Args& a) { return out(a.tensor(2), a.tensor(0), a.tensor(1)); };
  };
  // add and sub: an alpha, when given, is the argument after `other`.
  using Alpha = Tensor (*)(const Tensor&, const Tensor&, const mini::Scalar&);
  using AlphaInplace = Tensor& (Tensor::*)(const Tensor&, const mini::Scalar&) const;
  using AlphaOut = Tensor& (*)(Tensor&, const Tensor&, const Tensor&, const mini::Scalar&);
  auto withAlpha = [&](const std::string& name, Alpha fn, AlphaInplace inplace, AlphaOut out) {
    auto alpha = [](const Args& a, std::size_t count) { return a.size() > count ? a.scalar(2) : mini::Scalar(1); };
    ops[name] = [fn, alpha](const Args& a) { return fn(a.tensor(0), a.tensor(1), alpha(a, 2)); };
    ops[name + "_"] = [inplace, alpha](const Args& a) { return (a.tensor(0).*inplace)(a.tensor(1), alpha(a, 2)); };
    ops[name + ".out"] = [out, alpha](const Args& a) {
      return out(a.tensor(a.size() - 1), a.tensor(0), a.tensor(1), alpha(a, 3));
    };
  };
  withAlpha("add", mini::add, &Tensor::add_, mini::add_out);
  withAlpha("sub", mini::sub, &Tensor::sub_, mini::sub_out);
  // rsub, a function only: other - alpha * self (alpha after `other`, as
  // add's), and its Scalar overload, whose `other` is a number.
  ops["rsub"] = [](const Args& a) {
    return mini::rsub(a.tensor(0), a.tensor(1), a.size() > 2 ? a.scalar(2) : mini::Scalar(1));
  };
  ops["rsub.Scalar"] = [](const Args& a) {
    return mini::rsub(a.tensor(0), a.scalar(1), a.size() > 2 ? a.scalar(2) : mini::Scalar(1));
  };
  // The comparisons: the Tensor and Scalar overloads and their out= ones.
  auto comparison = [&](const std::string& name, Binary fn, Tensor (*scalar)(const Tensor&, const mini::Scalar&),
                        BinaryOut out, Tensor& (*scalarOut)(Tensor&, const Tensor&, const mini::Scalar&)) {
    ops[name] = [fn](const Args& a) { return fn(a.tensor(0), a.tensor(1)); };
    ops[name + ".Scalar"] = [scalar](const Args& a) { return scalar(a.tensor(0), a.scalar(1)); };
    ops[name + ".Tensor_out"] = [out](const Args& a) { return out(a.tensor(2), a.tensor(0), a.tensor(1)); };
    ops[name + ".Scalar_out"] = [scalarOut](const Args& a) { return scalarOut(a.tensor(2), a.tensor(0), a.scalar(1)); };
  };
#define MINI_PARITY_COMPARISON(op)                                                  \
  comparison(#op, static_cast<Binary>(mini::op),                                    \
             static_cast<Tensor (*)(const Tensor&, const mini::Scalar&)>(mini::op), \
             static_cast<BinaryOut>(mini::op##_out),                                \
             static_cast<Tensor& (*)(Tensor&, const Tensor&, const mini::Scalar&)>(mini::op##_out))
  MINI_PARITY_COMPARISON(eq);
  MINI_PARITY_COMPARISON(ne);
  MINI_PARITY_COMPARISON(lt);
  MINI_PARITY_COMPARISON(le);
  MINI_PARITY_COMPARISON(gt);
  MINI_PARITY_COMPARISON(ge);
#undef MINI_PARITY_COMPARISON
  binary("mul", mini::mul, &Tensor::mul_, mini::mul_out);
  binary("div", mini::div, &Tensor::div_, mini::div_out);
  binary("atan2", mini::atan2, &Tensor::atan2_, mini::atan2_out);
  using Unary = Tensor (*)(const Tensor&);
  using UnaryInplace = Tensor& (*)(Tensor&);
  using UnaryOut = Tensor& (*)(Tensor&, const Tensor&);
  auto unary = [&](const std::string& name, Unary fn, UnaryInplace inplace, UnaryOut out) {
    ops[name] = [fn](const Args& a) { return fn(a.tensor(0)); };
    ops[name + "_"] = [inplace](const Args& a) { return inplace(a.tensor(0)); };
    ops[name + ".out"] = [out](const Args& a) { return out(a.tensor(1), a.tensor(0)); };
  };
  unary("neg", mini::neg, mini::neg_, mini::neg_out);
  unary("relu", mini::relu, mini::relu_, mini::relu_out);
  unary("exp", mini::exp, mini::exp_, mini::exp_out);
  unary("sigmoid", mini::sigmoid, mini::sigmoid_, mini::sigmoid_out);
  ops["sin"] = [](const Args& a) { return mini::sin(a.tensor(0)); };
  ops["cos"] = [](const Args& a) { return mini::cos(a.tensor(0)); };
  ops["sum"] = [](const Args& a) { return mini::sum(a.tensor(0)); };
  ops["sum.dim_IntList"] = [](const Args& a) { return mini::sum(a.tensor(0), a.ints(1), a.flag(2)); };
  ops["sum.IntList_out"] = [](const Args& a) { return mini::sum_out(a.tensor(3), a.tensor(0), a.ints(1), a.flag(2)); };
  ops["matmul"] = [](const Args& a) { return mini::matmul(a.tensor(0), a.tensor(1)); };
  ops["matmul.out"] = [](const Args& a) { return mini::matmul_out(a.tensor(2), a.tensor(0), a.tensor(1)); };
  ops["threshold_backward"] = [](const Args& a) { return mini::threshold_backward(a.tensor(0), a.tensor(1)); };
  ops["sigmoid_backward"] = [](const Args& a) { return mini::sigmoid_backward(a.tensor(0), a.tensor(1)); };
  ops["sigmoid_backward.grad_input"] = [](const Args& a) {
    return mini::sigmoid_backward_out(a.tensor(2), a.tensor(0), a.tensor(1));
  };
  // The training script's operators (the classifier family).
  ops["argmax"] = [](const Args& a) { return mini::argmax(a.tensor(0), a.optionalInteger(1), a.flag(2)); };
  ops["argmax.out"] = [](const Args& a) {
    return mini::argmax_out(a.tensor(3), a.tensor(0), a.optionalInteger(1), a.flag(2));
  };
  ops["slice"] = [](const Args& a) {
    return mini::slice(a.tensor(0), a.integer(1), a.optionalInteger(2), a.optionalInteger(3), a.integer(4));
  };
  ops["_log_softmax"] = [](const Args& a) { return mini::_log_softmax(a.tensor(0), a.integer(1), a.flag(2)); };
  ops["_log_softmax.out"] = [](const Args& a) {
    return mini::_log_softmax_out(a.tensor(3), a.tensor(0), a.integer(1), a.flag(2));
  };
  ops["_log_softmax_backward_data"] = [](const Args& a) {
    return mini::_log_softmax_backward_data(a.tensor(0), a.tensor(1), a.integer(2), a.dtype(3));
  };
  ops["_log_softmax_backward_data.out"] = [](const Args& a) {
    return mini::_log_softmax_backward_data_out(a.tensor(4), a.tensor(0), a.tensor(1), a.integer(2), a.dtype(3));
  };
  // Exercise 06.5's operator, three tensors (the lerp family).
  ops["lerp"] = [](const Args& a) { return mini::lerp(a.tensor(0), a.tensor(1), a.tensor(2)); };
  ops["lerp_"] = [](const Args& a) { return a.tensor(0).lerp_(a.tensor(1), a.tensor(2)); };
  ops["lerp.Tensor_out"] = [](const Args& a) {
    return mini::lerp_out(a.tensor(3), a.tensor(0), a.tensor(1), a.tensor(2));
  };
  // Views and copies.
  ops["t"] = [](const Args& a) { return mini::t(a.tensor(0)); };
  ops["view"] = [](const Args& a) { return a.tensor(0).view(a.ints(1)); };
  ops["copy_"] = [](const Args& a) { return a.tensor(0).copy_(a.tensor(1)); };
  ops["fill_"] = [](const Args& a) { return mini::fill_(a.tensor(0), a.real(1)); };
  ops["_to_copy"] = [](const Args& a) { return mini::_to_copy(a.tensor(0), a.dtype(1), mini::kCpu); };
  ops["clone"] = [](const Args& a) { return mini::clone(a.tensor(0)); };
  ops["detach"] = [](const Args& a) { return a.tensor(0).detach(); };
  // Factories, on the CPU.
  auto on = [](mini::ScalarType dtype) { return mini::TensorOptions{dtype, mini::kCpu, false}; };
  ops["empty"] = [on](const Args& a) { return mini::empty(a.ints(0), on(a.dtype(1))); };
  ops["zeros"] = [on](const Args& a) { return mini::zeros(a.ints(0), on(a.dtype(1))); };
  ops["ones"] = [on](const Args& a) { return mini::ones(a.ints(0), on(a.dtype(1))); };
  ops["randn"] = [on](const Args& a) { return mini::randn(a.ints(0), on(a.dtype(1))); };
  ops["full"] = [on](const Args& a) { return mini::full(a.ints(0), a.real(1), on(a.dtype(2))); };
  ops["arange"] = [on](const Args& a) { return mini::arange(a.real(0), a.real(1), a.real(2), on(a.dtype(3))); };
  return ops;
}

inline const std::map<std::string, Op>& ops() {
  static const std::map<std::string, Op> table = makeOps();
  return table;
}

}  // namespace mini_parity
