// DispatchStub: which capability this process runs with, what
// ATEN_CPU_CAPABILITY does with each of 1.13's values and with a bad one,
// which kernel each capability gets, and the stub's errors.
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "mini/native/cpu/dispatch_stub.h"
#include "mini/native/cpu/elementwise_stubs.h"
#include "mini/util/warning.h"
#include "support/test_helpers.h"

namespace mini {
namespace {

using mini_test::errorOf;
using ::testing::HasSubstr;

// What the CPU alone would choose: AVX2 where this build has it and the
// processor has AVX2 and FMA.
CPUCapability cpuChoice() {
  const bool avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return avx2 && cpuCapabilityCompiled(CPUCapability::AVX2) ? CPUCapability::AVX2 : CPUCapability::DEFAULT;
}

// Sets ATEN_CPU_CAPABILITY (or unsets it) for one test, collects the
// warnings, and puts both back.
class CapabilityOverride : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const char* value = std::getenv("ATEN_CPU_CAPABILITY")) {
      saved_ = value;
    }
    previousHandler_ = setWarningHandler([this](const std::string& message) { warnings_.push_back(message); });
  }
  void TearDown() override {
    setWarningHandler(previousHandler_);
    if (saved_) {
      setenv("ATEN_CPU_CAPABILITY", saved_->c_str(), 1);
    } else {
      unsetenv("ATEN_CPU_CAPABILITY");
    }
  }
  static CPUCapability computeWith(const char* value) {
    setenv("ATEN_CPU_CAPABILITY", value, 1);
    return compute_cpu_capability();
  }

  std::vector<std::string> warnings_;

 private:
  std::optional<std::string> saved_;
  std::function<void(const std::string&)> previousHandler_;
};

TEST_F(CapabilityOverride, WithoutTheVariableTheCpuChooses) {
  unsetenv("ATEN_CPU_CAPABILITY");
  EXPECT_EQ(compute_cpu_capability(), cpuChoice());
  EXPECT_TRUE(warnings_.empty());
}

TEST_F(CapabilityOverride, DefaultIsAlwaysAccepted) {
  EXPECT_EQ(computeWith("default"), CPUCapability::DEFAULT);
  EXPECT_TRUE(warnings_.empty());
}

TEST_F(CapabilityOverride, Avx2AndAvx512AreAcceptedWhereThisBuildHasAvx2Kernels) {
  if (!cpuCapabilityCompiled(CPUCapability::AVX2)) {
    EXPECT_EQ(computeWith("avx2"), cpuChoice());
    EXPECT_THAT(warnings_, ::testing::ElementsAre("ignoring invalid value for ATEN_CPU_CAPABILITY: avx2"));
    return;
  }
  EXPECT_EQ(computeWith("avx2"), CPUCapability::AVX2);
  EXPECT_EQ(computeWith("avx512"), CPUCapability::AVX512);
  EXPECT_TRUE(warnings_.empty());
}

TEST_F(CapabilityOverride, AnUnknownValueIsIgnoredWithTheWarning113Gives) {
  // 1.13 compares exactly: upper case and the empty string are invalid too.
  for (const char* value : {"bogus", "AVX2", ""}) {
    warnings_.clear();
    EXPECT_EQ(computeWith(value), cpuChoice()) << value;
    EXPECT_THAT(warnings_,
                ::testing::ElementsAre(fmt::format("ignoring invalid value for ATEN_CPU_CAPABILITY: {}", value)));
  }
}

TEST(DispatchStub, TheProcessRunsWithTheCapabilityItsEnvironmentChose) {
  // ctest runs this program twice: as it is, and with ATEN_CPU_CAPABILITY=default.
  const char* value = std::getenv("ATEN_CPU_CAPABILITY");
  const CPUCapability expected = value != nullptr && std::string(value) == "default" ? CPUCapability::DEFAULT
                                 : value == nullptr                                  ? cpuChoice()
                                                                                     : compute_cpu_capability();
  EXPECT_EQ(get_cpu_capability(), expected);
  EXPECT_EQ(add_stub.get_call_ptr(DeviceType::CPU), add_stub.choose_cpu_impl(get_cpu_capability()));
}

// Every capability's slot of `stub`: a default build, an AVX2 build where
// the compiler made one, and AVX512 falling back to AVX2.
template <class FnPtr>
void expectABuildPerCapability(DispatchStub<FnPtr>* stub) {
  {
    const auto defaultKernel = stub->choose_cpu_impl(CPUCapability::DEFAULT);
    ASSERT_NE(defaultKernel, nullptr) << stub->name();
    if (cpuCapabilityCompiled(CPUCapability::AVX2)) {
      EXPECT_NE(stub->choose_cpu_impl(CPUCapability::AVX2), defaultKernel) << stub->name();
      // No AVX512 build: a CPU chosen as AVX512 runs the AVX2 one, as in ATen.
      EXPECT_EQ(stub->choose_cpu_impl(CPUCapability::AVX512), stub->choose_cpu_impl(CPUCapability::AVX2));
    } else {
      EXPECT_EQ(stub->choose_cpu_impl(CPUCapability::AVX2), defaultKernel) << stub->name();
    }
  }
}

TEST(DispatchStub, EachCapabilityHasItsOwnBuildOfTheKernel) {
  expectABuildPerCapability(&add_stub);
  for (auto* stub : {&mul_stub, &div_true_stub, &atan2_stub, &threshold_stub}) {
    expectABuildPerCapability(stub);
  }
}

TEST(DispatchStub, NamesItsCapabilitiesAsPyTorchPrintsThem) {
  EXPECT_EQ(cpuCapabilityName(CPUCapability::DEFAULT), "DEFAULT");
  EXPECT_EQ(cpuCapabilityName(CPUCapability::AVX2), "AVX2");
  EXPECT_EQ(cpuCapabilityName(CPUCapability::AVX512), "AVX512");
}

void doNothing(const Tensor&) {}

TEST(DispatchStub, AStubWithoutADefaultKernelSaysWhichAndWhereToRegisterIt) {
  DispatchStub<void (*)(const Tensor&)> stub{"lonely_stub"};
  EXPECT_THAT(errorOf([&] { stub.choose_cpu_impl(CPUCapability::AVX2); }),
              HasSubstr("DispatchStub: missing default kernel for lonely_stub: no kernel file registered one"));
  stub.registerKernel(CPUCapability::DEFAULT, &doNothing);
  EXPECT_EQ(stub.choose_cpu_impl(CPUCapability::AVX2), &doNothing);
}

TEST(DispatchStub, RefusesADeviceItHasNoKernelFor) {
  EXPECT_EQ(errorOf([] { add_stub.get_call_ptr(DeviceType::CUDA); }),
            "DispatchStub: unsupported device type cuda for add_stub: only CPU kernels are registered on a stub");
}

}  // namespace
}  // namespace mini
