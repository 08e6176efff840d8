// The mode stack's rules: the Python key is included while the stack is
// non-empty, the running mode is stashed while its handler runs, modes nest,
// an exception restores the stack, and each thread has its own.
#include <gtest/gtest.h>

#include <functional>
#include <optional>
#include <stdexcept>
#include <thread>

#include "mini/aten/aten.h"
#include "mini/core/local_dispatch_key_set.h"
#include "mini/dispatch_modes/logging_mode.h"
#include "mini/dispatch_modes/python_fallback_kernel.h"
#include "mini/dispatch_modes/torch_dispatch_mode.h"
#include "support/test_helpers.h"

namespace mini {
namespace {

using mini_test::errorOf;
using mini_test::values;

/// A mode whose handler is a lambda, so each test says what it does.
class CallbackMode : public TorchDispatchMode {
 public:
  using Handler = std::function<void(const OperatorHandle&, Stack*)>;
  explicit CallbackMode(Handler handler) : handler_(std::move(handler)) {}
  std::string name() const override { return "CallbackMode"; }
  void torchDispatch(const OperatorHandle& op, Stack* stack) override { handler_(op, stack); }

 private:
  Handler handler_;
};

bool pythonKeyIncluded() { return localDispatchKeySet().included.has(DispatchKey::Python); }

TEST(TorchDispatchMode, ThePythonKeyIsIncludedWhileTheStackIsNonEmpty) {
  EXPECT_FALSE(pythonKeyIncluded());
  {
    const TorchDispatchModeGuard outer(std::make_shared<LoggingMode>());
    EXPECT_TRUE(pythonKeyIncluded());
    {
      const TorchDispatchModeGuard inner(std::make_shared<LoggingMode>());
      EXPECT_EQ(TorchDispatchModeTLS::stack_len(), 2u);
      EXPECT_EQ(TorchDispatchModeTLS::get_stack_at(1).get(), &inner.mode());
    }
    EXPECT_TRUE(pythonKeyIncluded());
    EXPECT_EQ(TorchDispatchModeTLS::stack_len(), 1u);
  }
  EXPECT_FALSE(pythonKeyIncluded());
  EXPECT_EQ(TorchDispatchModeTLS::stack_len(), 0u);
}

TEST(TorchDispatchMode, ACallReachesTheModeAndItsResultComesBack) {
  const auto logging = std::make_shared<LoggingMode>();
  Tensor result;
  {
    const TorchDispatchModeGuard guard(logging);
    result = mul(fromValues({1, 2}, {2}), fromValues({3, 4}, {2}));
  }
  EXPECT_EQ(values(result), (std::vector<double>{3, 8}));
  EXPECT_EQ(logging->str(), "$2 = aten::mul.Tensor($0, $1)\n");
  (void)neg(result);
  EXPECT_EQ(logging->lines().size(), 1u) << "the mode is off once its guard is gone";
}

TEST(TorchDispatchMode, TheRunningModeIsStashedWhileItsHandlerRuns) {
  std::size_t calls = 0;
  std::size_t depthInHandler = 99;
  bool keyInHandler = true;
  const auto mode = std::make_shared<CallbackMode>([&](const OperatorHandle& op, Stack* stack) {
    ++calls;
    depthInHandler = TorchDispatchModeTLS::stack_len();
    keyInHandler = pythonKeyIncluded();
    // A call of the handler's own: it must not come back here.
    (void)neg(fromValues({1}, {1}));
    callOperator(op, stack);
  });
  const TorchDispatchModeGuard guard(mode);
  (void)exp(fromValues({0}, {1}));
  EXPECT_EQ(calls, 1u) << "neg, called inside the handler, reached the kernel, not the handler again";
  EXPECT_EQ(depthInHandler, 0u);
  EXPECT_FALSE(keyInHandler) << "with the only mode stashed, nothing is left for the Python key";
  EXPECT_EQ(TorchDispatchModeTLS::stack_len(), 1u) << "the handler's mode is back on the stack";
}

TEST(TorchDispatchMode, ACallInsideAHandlerGoesToTheNextModeDown) {
  const auto outer = std::make_shared<LoggingMode>();
  const TorchDispatchModeGuard outerGuard(outer);
  std::vector<std::string> innerSaw;
  const auto inner = std::make_shared<CallbackMode>([&](const OperatorHandle& op, Stack* stack) {
    innerSaw.push_back(op.operatorName());
    (void)neg(fromValues({1}, {1}));
    callOperator(op, stack);
  });
  const TorchDispatchModeGuard innerGuard(inner);
  (void)exp(fromValues({0}, {1}));
  EXPECT_EQ(innerSaw, (std::vector<std::string>{"aten::exp"}));
  // The outer mode sees the inner handler's own neg, then exp passed on.
  ASSERT_EQ(outer->lines().size(), 2u);
  EXPECT_EQ(outer->lines()[0], "$1 = aten::neg($0)");
  EXPECT_EQ(outer->lines()[1], "$3 = aten::exp($2)");
}

TEST(TorchDispatchMode, AnExceptionInAHandlerRestoresTheStack) {
  const auto failing = std::make_shared<CallbackMode>(
      [](const OperatorHandle& op, Stack*) { throw std::runtime_error(op.operatorName() + " refused"); });
  const auto below = std::make_shared<LoggingMode>();
  const TorchDispatchModeGuard belowGuard(below);
  {
    const TorchDispatchModeGuard guard(failing);
    EXPECT_EQ(errorOf([] { (void)exp(fromValues({0}, {1})); }), "aten::exp refused");
    EXPECT_EQ(TorchDispatchModeTLS::stack_len(), 2u);
    EXPECT_EQ(TorchDispatchModeTLS::get_stack_at(1), failing) << "the stashed mode was put back";
  }
  EXPECT_EQ(TorchDispatchModeTLS::stack_len(), 1u);
  EXPECT_TRUE(pythonKeyIncluded());
  EXPECT_TRUE(below->lines().empty()) << "the failing mode never passed the call on";
}

TEST(TorchDispatchMode, AnExceptionThroughTheGuardsScopeRestoresTheStack) {
  try {
    const TorchDispatchModeGuard guard(std::make_shared<LoggingMode>());
    throw std::runtime_error("leaving the scope");
  } catch (const std::runtime_error&) {
  }
  EXPECT_EQ(TorchDispatchModeTLS::stack_len(), 0u);
  EXPECT_FALSE(pythonKeyIncluded());
}

TEST(TorchDispatchMode, EachThreadHasItsOwnStack) {
  const auto logging = std::make_shared<LoggingMode>();
  const TorchDispatchModeGuard guard(logging);
  std::size_t otherThreadStack = 99;
  bool otherThreadKey = true;
  std::thread other([&] {
    otherThreadStack = TorchDispatchModeTLS::stack_len();
    otherThreadKey = pythonKeyIncluded();
    (void)neg(fromValues({1}, {1}));
  });
  other.join();
  EXPECT_EQ(otherThreadStack, 0u);
  EXPECT_FALSE(otherThreadKey);
  EXPECT_TRUE(logging->lines().empty()) << "the other thread's neg is not this thread's mode's business";
}

// [mode_sees_backward]
TEST(TorchDispatchMode, ItSitsBelowAutogradAndSeesWhatBackwardCalls) {
  const Tensor x = fromValues({1, 2}, {2}, true);
  const auto logging = std::make_shared<LoggingMode>();
  {
    const TorchDispatchModeGuard guard(logging);
    const Tensor y = sum(exp(x));
    y.backward();
  }
  // Forward: exp, sum. Backward: the seed (backward()'s ones), SumBackward0's
  // ones and mul, ExpBackward0's mul, then AccumulateGrad's clone: in this
  // chapter each of them is an operator call.
  EXPECT_EQ(logging->str(),
            "$1 = aten::exp($0)\n"
            "$2 = aten::sum($1)\n"
            "$3 = aten::ones([], 3, cpu)\n"
            "$4 = aten::ones([2], 3, cpu)\n"
            "$5 = aten::mul.Tensor($4, $3)\n"
            "$7 = aten::mul.Tensor($5, $6)\n"
            "$8 = aten::clone($7)\n");
}
// [mode_sees_backward]

TEST(TorchDispatchMode, PoppingAnEmptyStackIsAnError) {
  EXPECT_EQ(errorOf([] { (void)TorchDispatchModeTLS::pop_stack(); }), "Trying to pop from an empty mode stack");
}

TEST(TorchDispatchMode, PushingANullModeIsAnError) {
  EXPECT_EQ(errorOf([] { TorchDispatchModeTLS::push_onto_stack(nullptr); }),
            "TorchDispatchModeTLS::push_onto_stack: the mode is null");
  EXPECT_FALSE(pythonKeyIncluded());
}

TEST(TorchDispatchMode, ReadingPastTheStackIsAnError) {
  EXPECT_EQ(errorOf([] { (void)TorchDispatchModeTLS::get_stack_at(0); }),
            "TorchDispatchModeTLS::get_stack_at(0): the stack holds 0 modes");
}

TEST(TorchDispatchMode, ThePythonKeyWithNoModeIsAnError) {
  const IncludeDispatchKeyGuard pythonOn(DispatchKey::Python);
  EXPECT_EQ(errorOf([] { (void)neg(fromValues({1}, {1})); }),
            "aten::neg reached the Python key's fallback with no dispatch mode on this thread's mode stack");
}

// PythonTLSSnapshot, as 1.13's PythonFallbackKernel.cpp: the keys a call
// entered with are noted at the top, the handler runs below Python, and
// RestorePythonTLSSnapshot gives the entry keys back.
TEST(PythonTLSSnapshot, PushingAModeIncludesBothPythonKeys) {
  const TorchDispatchModeGuard guard(std::make_shared<LoggingMode>());
  EXPECT_TRUE(localDispatchKeySet().included.hasAll(kPythonKeys));
  {
    const StashTorchDispatchModeGuard stashed;
    EXPECT_FALSE(localDispatchKeySet().included.has(DispatchKey::PythonTLSSnapshot)) << "no mode left, no key";
  }
  EXPECT_TRUE(localDispatchKeySet().included.has(DispatchKey::PythonTLSSnapshot));
}

TEST(PythonTLSSnapshot, AHandlerRunsBelowPythonWithTheEntryKeysNoted) {
  std::optional<LocalDispatchKeySet> noted;
  LocalDispatchKeySet inHandler;
  const auto mode = std::make_shared<CallbackMode>([&](const OperatorHandle& op, Stack* stack) {
    noted = pythonTLSOnEntry();
    inHandler = localDispatchKeySet();
    callOperator(op, stack);
  });
  const Tensor x = fromValues({1, 2}, {2}, true);
  {
    const TorchDispatchModeGuard guard(mode);
    (void)neg(x);
  }
  ASSERT_TRUE(noted.has_value()) << "PythonTLSSnapshot's fallback, the highest key, noted the keys";
  EXPECT_FALSE(noted->excluded.has(DispatchKey::AutogradFunctionality)) << "noted as the call came in, before autograd";
  EXPECT_TRUE(noted->included.has(DispatchKey::Python));
  // Functionality bits: an excluded set holds no backend bit.
  for (DispatchKey key : {DispatchKey::ADInplaceOrView, DispatchKey::AutogradFunctionality, DispatchKey::Tracer,
                          DispatchKey::AutocastCPU, DispatchKey::Batched, DispatchKey::PythonTLSSnapshot}) {
    EXPECT_TRUE(inHandler.excluded.has(key)) << toString(key) << " is above Python: the handler's calls skip it";
  }
  EXPECT_FALSE(inHandler.excluded.has(DispatchKey::Python));
  EXPECT_FALSE(inHandler.excluded.has(DispatchKey::BackendSelect));
  EXPECT_FALSE(pythonTLSOnEntry().has_value()) << "the note lasts as long as the call";
  EXPECT_FALSE(localDispatchKeySet().excluded.has(DispatchKey::Tracer)) << "the exclusion lasts as long as the handler";
}

TEST(PythonTLSSnapshot, RestoringGivesAHandlerTheEntryKeysBack) {
  bool gradInside = true;
  bool gradRestored = false;
  std::optional<LocalDispatchKeySet> noteWhileRestored;
  const Tensor x = fromValues({1, 2}, {2}, true);
  const auto mode = std::make_shared<CallbackMode>([&](const OperatorHandle& op, Stack* stack) {
    gradInside = mul(x, x).requiresGrad();
    {
      const RestorePythonTLSSnapshot restored;
      noteWhileRestored = pythonTLSOnEntry();
      // A mode is stashed: a call now would reach the Python key with no
      // mode left, so only autograd is asked for here, below the mode.
      const ExcludeDispatchKeyGuard noPython(kPythonKeys);
      gradRestored = mul(x, x).requiresGrad();
    }
    callOperator(op, stack);
  });
  {
    const TorchDispatchModeGuard guard(mode);
    (void)neg(fromValues({1}, {1}));
  }
  EXPECT_FALSE(gradInside) << "inside the handler autograd is skipped";
  EXPECT_TRUE(gradRestored) << "with the entry keys back, autograd records";
  EXPECT_FALSE(noteWhileRestored.has_value()) << "cleared while restored, so that a new call notes its own";
}

TEST(PythonTLSSnapshot, RestoringOutsideACallIsAnError) {
  EXPECT_EQ(errorOf([] { const RestorePythonTLSSnapshot restored; }),
            "Accessing torch dispatch state outside of '__torch_dispatch__' is not allowed.");
}

}  // namespace
}  // namespace mini
