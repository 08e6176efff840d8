// The fuzzer's finding that chapter 05 shares with chapter 06 (see
// fuzz/README.md): an in-place operator with no formula of its own goes
// through the autograd-not-implemented fallback, which once gave a leaf that
// requires grad a history pointing back at the leaf, a cycle that leaked.
#include <optional>

#include <gtest/gtest.h>

#include "mini/aten/operators.h"
#include "mini/autograd/autograd_not_implemented_fallback.h"
#include "mini/boxing/stack.h"
#include "mini/core/grad_mode.h"
#include "mini/dispatch/dispatcher.h"
#include "mini/op_registration/library.h"
#include "support/test_helpers.h"

namespace mini {
namespace {

using mini_test::errorOf;

// The CPU kernel of an in-place operator: it writes nothing, which is enough
// to see whether the fallback's check came first.
Tensor& touchCpu_(Tensor& self) { return self; }

class FuzzFindings : public ::testing::Test {
 protected:
  void SetUp() override {
    def_.emplace(Library::DEF, "fuzzfind", std::nullopt, SourceSite::here());
    def_->def("touch_(Tensor(a!) self) -> Tensor(a!)");
    cpu_.emplace(Library::IMPL, "fuzzfind", DispatchKey::CPU, SourceSite::here());
    cpu_->impl("touch_", &touchCpu_);
    autograd_.emplace(Library::IMPL, "fuzzfind", DispatchKey::Autograd, SourceSite::here());
    autograd_->impl("touch_", KernelFunction::makeFromBoxedFunction<&autogradNotImplementedFallback>());
  }

  static std::string touchError(const Tensor& self) {
    Stack stack;
    push(stack, self);
    return errorOf([&] { Dispatcher::singleton().findSchemaOrThrow("fuzzfind::touch_", "").callBoxed(stack); });
  }

 private:
  // Destroyed in reverse: the kernels go before their def().
  std::optional<Library> def_;
  std::optional<Library> cpu_;
  std::optional<Library> autograd_;
};

TEST_F(FuzzFindings, AnInplaceOperatorWithoutAFormulaRefusesALeafThatRequiresGrad) {
  EXPECT_EQ(touchError(fromValues({1, 2}, {2}, true)),
            "a leaf Variable that requires grad is being used in an in-place operation.");
}

TEST_F(FuzzFindings, ItStillWritesANonLeafOrALeafUnderNoGrad) {
  const Tensor leaf = fromValues({1, 2}, {2}, true);
  EXPECT_EQ(touchError(exp(leaf)), "");
  NoGradGuard noGrad;
  EXPECT_EQ(touchError(leaf), "");
}

}  // namespace
}  // namespace mini
