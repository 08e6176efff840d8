// add through its table, as the chapter registers it: tensors and
// thread-local state together pick the kernel.
#include <gtest/gtest.h>

#include "mini/operators.h"

namespace mini {
namespace {

TEST(Operators, KernelsAreRegisteredFromTheirOwnFiles) {
  EXPECT_EQ(addTable().registeredKeys(),
            (std::vector{DispatchKey::CPU, DispatchKey::CUDA, DispatchKey::AutogradCPU, DispatchKey::AutogradCUDA}));
  EXPECT_EQ(addTable().registrationSite(DispatchKey::CPU)->file,
            std::string("chapters/02_keyset/src/backend_kernels.cpp"));
  EXPECT_EQ(addTable().registrationSite(DispatchKey::AutogradCUDA)->file,
            std::string("chapters/02_keyset/src/autograd_kernels.cpp"));
}

TEST(Operators, CallKeySetIsUnionPlusIncludedMinusExcluded) {
  const DispatchKeySet ks = computeDispatchKeySet(makeTensor(1), makeTensor(2, BackendComponent::CUDABit));
  EXPECT_EQ(fmt::format("{}", ks),
            "DispatchKeySet(CPU, CUDA, BackendSelect, ADInplaceOrView, AutogradCPU, AutogradCUDA)");
  EXPECT_EQ(addTable().dispatchKeySetFor(ks).highestPriorityKey(), DispatchKey::AutogradCUDA);
  ExcludeDispatchKeyGuard guard(DispatchKey::AutogradFunctionality);
  EXPECT_EQ(computeDispatchKeySet(makeTensor(1), makeTensor(2)),
            (DispatchKeySet{DispatchKey::CPU, DispatchKey::BackendSelect, DispatchKey::ADInplaceOrView}));
}

TEST(Operators, AutogradKernelRunsFirstThenStepsDownToCPU) {
  const Tensor sum = add(makeTensor(1, BackendComponent::CPUBit, true), makeTensor(2));
  EXPECT_EQ(sum.item(), 3);
  EXPECT_TRUE(sum.requiresGrad());
  EXPECT_EQ(sum.gradFn(), "AddBackward0");
  EXPECT_EQ(sum.backend(), BackendComponent::CPUBit);
  EXPECT_EQ(localDispatchKeySet(), kDefaultLocalDispatchKeySet);  // the kernel's guard is gone
}

TEST(Operators, WithoutRequiresGradNoBackwardNodeIsAttached) {
  const Tensor sum = add(makeTensor(1), makeTensor(2));
  EXPECT_FALSE(sum.requiresGrad());
  EXPECT_EQ(sum.gradFn(), "");
}

TEST(Operators, ExcludingAutogradSkipsTheAutogradKernel) {
  ExcludeDispatchKeyGuard guard(kAutogradDispatchKeySetWithADInplaceOrView);
  const Tensor sum = add(makeTensor(1, BackendComponent::CPUBit, true), makeTensor(2));
  EXPECT_EQ(sum.item(), 3);
  EXPECT_EQ(sum.gradFn(), "");
}

TEST(Operators, TheHighestBackendAmongTheArgumentsWins) {
  EXPECT_EQ(add(makeTensor(1), makeTensor(2, BackendComponent::CUDABit)).backend(), BackendComponent::CUDABit);
  EXPECT_EQ(add(makeTensor(1, BackendComponent::CUDABit), makeTensor(2)).backend(), BackendComponent::CUDABit);
}

TEST(Operators, MetaHasNoAutogradKernelAndSaysSoAsPyTorchDoes) {
  const Tensor meta = makeTensor(1, BackendComponent::MetaBit);
  try {
    add(meta, meta);
    FAIL() << "add has no AutogradMeta kernel";
  } catch (const std::runtime_error& error) {
    EXPECT_EQ(std::string(error.what())
                  .rfind("Could not run 'add' with arguments from the 'AutogradMeta' backend. "
                         "'add' is only available for these backends: [CPU, CUDA, AutogradCPU, "
                         "AutogradCUDA].",
                         0),
              0u)
        << error.what();
  }
  ExcludeDispatchKeyGuard guard(kAutogradDispatchKeySetWithADInplaceOrView);
  EXPECT_THROW(
      {
        try {
          add(meta, meta);
        } catch (const std::runtime_error& error) {
          EXPECT_NE(std::string(error.what()).find("from the 'Meta' backend"), std::string::npos) << error.what();
          throw;
        }
      },
      std::runtime_error);
}

TEST(Operators, AnExcludedKeyBeatsAnIncludedOne) {
  ExcludeDispatchKeyGuard guard(DispatchKey::BackendSelect);
  EXPECT_FALSE(computeDispatchKeySet(makeTensor(1), makeTensor(2)).has(DispatchKey::BackendSelect));
}

TEST(Operators, AnErrorBelowTheAutogradKernelUnwindsItsGuard) {
  // Autograd keys and no Dense key: the autograd kernel runs, excludes
  // autograd, and the inner call finds nothing to run.
  const Tensor autogradOnly(DispatchKey::AutogradCPU, 1);
  try {
    add(autogradOnly, autogradOnly);
    FAIL() << "the inner call has no kernel";
  } catch (const std::runtime_error& error) {
    EXPECT_NE(std::string(error.what()).find("from the 'Undefined' backend"), std::string::npos) << error.what();
  }
  EXPECT_EQ(localDispatchKeySet(), kDefaultLocalDispatchKeySet);
}

}  // namespace
}  // namespace mini
