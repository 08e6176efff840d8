// Keys on their own: priority order, names, and the per-backend arithmetic.
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

#include "mini/core/dispatch_key.h"
#include "mini/dispatch/dispatch_trace.h"

namespace mini {
namespace {

TEST(DispatchKey, FunctionalitiesAreOrderedByPriorityAsInPyTorch) {
  const DispatchKey lowestFirst[] = {DispatchKey::Undefined,
                                     DispatchKey::Dense,
                                     DispatchKey::FPGA,
                                     DispatchKey::BackendSelect,
                                     DispatchKey::Python,
                                     DispatchKey::ADInplaceOrView,
                                     DispatchKey::AutogradOther,
                                     DispatchKey::AutogradFunctionality,
                                     DispatchKey::Tracer,
                                     DispatchKey::AutocastCPU,
                                     DispatchKey::AutocastCUDA,
                                     DispatchKey::Batched,
                                     DispatchKey::PythonTLSSnapshot,
                                     DispatchKey::EndOfFunctionalityKeys};
  for (std::size_t i = 1; i < std::size(lowestFirst); ++i) {
    EXPECT_LT(lowestFirst[i - 1], lowestFirst[i]) << toString(lowestFirst[i]);
  }
  EXPECT_EQ(kNumFunctionalityKeys, 12u);
  EXPECT_EQ(kNumBackends, 4u);
}

TEST(DispatchKey, RuntimeKeysAreFunctionalityTimesBackend) {
  EXPECT_EQ(toRuntimePerBackendFunctionalityKey(DispatchKey::Dense, BackendComponent::CPUBit), DispatchKey::CPU);
  EXPECT_EQ(toRuntimePerBackendFunctionalityKey(DispatchKey::Dense, BackendComponent::PrivateUse1Bit),
            DispatchKey::PrivateUse1);
  EXPECT_EQ(toRuntimePerBackendFunctionalityKey(DispatchKey::AutogradFunctionality, BackendComponent::CUDABit),
            DispatchKey::AutogradCUDA);
  EXPECT_EQ(toFunctionalityKey(DispatchKey::AutogradMeta), DispatchKey::AutogradFunctionality);
  EXPECT_EQ(toFunctionalityKey(DispatchKey::CUDA), DispatchKey::Dense);
  EXPECT_EQ(toFunctionalityKey(DispatchKey::Tracer), DispatchKey::Tracer);
  EXPECT_EQ(toFunctionalityKey(DispatchKey::Autograd), DispatchKey::Undefined);
  EXPECT_EQ(toBackendComponent(DispatchKey::AutogradMeta), BackendComponent::MetaBit);
  EXPECT_EQ(toBackendComponent(DispatchKey::CPU), BackendComponent::CPUBit);
  EXPECT_EQ(toBackendComponent(DispatchKey::Dense), BackendComponent::InvalidBit);
  EXPECT_EQ(toBackendComponent(DispatchKey::Tracer), BackendComponent::InvalidBit);
}

TEST(DispatchKey, OnlyRuntimeKeysCanHoldAKernel) {
  for (DispatchKey key : {DispatchKey::CPU, DispatchKey::AutogradPrivateUse1, DispatchKey::BackendSelect,
                          DispatchKey::Batched, DispatchKey::AutogradOther}) {
    EXPECT_TRUE(isRuntimeDispatchKey(key)) << toString(key);
  }
  for (DispatchKey key : {DispatchKey::Undefined, DispatchKey::Dense, DispatchKey::AutogradFunctionality,
                          DispatchKey::Autograd, DispatchKey::CompositeImplicitAutograd,
                          DispatchKey::StartOfDenseBackends, DispatchKey::EndOfFunctionalityKeys}) {
    EXPECT_FALSE(isRuntimeDispatchKey(key)) << static_cast<int>(key);
  }
  EXPECT_TRUE(isAliasDispatchKey(DispatchKey::CompositeExplicitAutograd));
  EXPECT_FALSE(isAliasDispatchKey(DispatchKey::AutogradCPU));
}

TEST(DispatchKey, PrintsAndParsesEveryName) {
  for (DispatchKey key :
       {DispatchKey::Undefined, DispatchKey::CPU, DispatchKey::AutogradCUDA, DispatchKey::ADInplaceOrView,
        DispatchKey::PrivateUse1, DispatchKey::Autograd, DispatchKey::CompositeExplicitAutograd,
        DispatchKey::AutocastCPU, DispatchKey::PythonTLSSnapshot}) {
    EXPECT_EQ(parseDispatchKey(toString(key)), key) << toString(key);
  }
  EXPECT_EQ(fmt::format("{}", DispatchKey::AutogradCPU), "AutogradCPU");
  EXPECT_EQ(fmt::format("{}", BackendComponent::CUDABit), "CUDABit");
  EXPECT_EQ(toString(DispatchKey::StartOfDenseBackends), "<invalid DispatchKey>");
}

TEST(DispatchKey, UnknownNameSaysTheNameAndListsTheValidOnes) {
  try {
    parseDispatchKey("AutogradGPU");
    FAIL() << "an unknown name must throw";
  } catch (const std::invalid_argument& error) {
    EXPECT_EQ(
        std::string(error.what()),
        "Unknown dispatch key name 'AutogradGPU'. Valid names are: [Undefined, Dense, FPGA, BackendSelect, "
        "Python, ADInplaceOrView, AutogradOther, AutogradFunctionality, Tracer, AutocastCPU, AutocastCUDA, Batched, "
        "PythonTLSSnapshot, CPU, CUDA, Meta, PrivateUse1, AutogradCPU, AutogradCUDA, AutogradMeta, "
        "AutogradPrivateUse1, "
        "Autograd, CompositeImplicitAutograd, CompositeExplicitAutograd]");
  }
  EXPECT_THROW(parseDispatchKey("cpu"), std::invalid_argument);  // names are case-sensitive
}

TEST(DispatchTrace, LineMatchesPyTorchsFormatIndentedByDepth) {
  EXPECT_EQ(formatTraceLine("call", "myops::myadd", DispatchKey::AutogradCPU, 0),
            "[call] op=[myops::myadd], key=[AutogradCPU]");
  EXPECT_EQ(formatTraceLine("redispatch", "myops::myadd", DispatchKey::CPU, 1),
            " [redispatch] op=[myops::myadd], key=[CPU]");
}

}  // namespace
}  // namespace mini
