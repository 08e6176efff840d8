// Tensors carry the key sets PyTorch gives them.
#include <gtest/gtest.h>

#include "mini/core/tensor.h"

namespace mini {
namespace {

TEST(Tensor, DenseCPUTensorHasPyTorchsKeySet) {
  const Tensor t = makeTensor(1.5);
  EXPECT_EQ(t.keySet(), (DispatchKeySet{DispatchKey::CPU, DispatchKey::ADInplaceOrView, DispatchKey::AutogradCPU,
                                        DispatchKey::AutocastCPU}));
  EXPECT_EQ(fmt::format("{}", t.keySet()), "DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU, AutocastCPU)");
  EXPECT_EQ(t.backend(), BackendComponent::CPUBit);
  EXPECT_EQ(t.item(), 1.5);
}

TEST(Tensor, OtherBackendsGetTheirOwnAutogradAndAutocastKeys) {
  EXPECT_EQ(makeTensor(0, BackendComponent::CUDABit).keySet(),
            (DispatchKeySet{DispatchKey::CUDA, DispatchKey::ADInplaceOrView, DispatchKey::AutogradCUDA,
                            DispatchKey::AutocastCUDA}));
  EXPECT_EQ(makeTensor(0, BackendComponent::MetaBit).keySet(),
            (DispatchKeySet{DispatchKey::Meta, DispatchKey::ADInplaceOrView, DispatchKey::AutogradMeta}));
  EXPECT_EQ(makeTensor(0, BackendComponent::PrivateUse1Bit).keySet(),
            (DispatchKeySet{DispatchKey::PrivateUse1, DispatchKey::ADInplaceOrView, DispatchKey::AutogradPrivateUse1}));
}

TEST(Tensor, RequiresGradDoesNotChangeTheKeySet) {
  EXPECT_EQ(makeTensor(1, BackendComponent::CPUBit, true).keySet(), makeTensor(1).keySet());
  EXPECT_TRUE(makeTensor(1, BackendComponent::CPUBit, true).requiresGrad());
}

TEST(Tensor, PrintsValueBackendAndAutogradState) {
  EXPECT_EQ(fmt::format("{}", makeTensor(3, BackendComponent::CUDABit)), "tensor(3, CUDABit)");
  EXPECT_EQ(fmt::format("{}", Tensor(makeTensor(3).keySet(), 3, true, "AddBackward0")),
            "tensor(3, CPUBit, requires_grad, grad_fn=AddBackward0)");
}

}  // namespace
}  // namespace mini
