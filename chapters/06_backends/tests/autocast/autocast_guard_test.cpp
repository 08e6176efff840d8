// The autocast guard: what it turns on, for how long, for whom; the cast
// cache; the errors of its misuse; CUDA autocast, which needs a GPU.
#include <gtest/gtest.h>

#include <stdexcept>
#include <thread>

#include "mini/autocast/autocast_guard.h"
#include "mini/autocast/autocast_kernels.h"
#include "mini/autocast/autocast_mode.h"
#include "mini/core/grad_mode.h"
#include "mini/extension/my_add_function.h"
#include "mini/generated/Functions.h"
#include "mini/native/cuda/cuda_kernels.h"
#include "mini/util/warning.h"
#include "support/backend_test_helpers.h"

namespace mini {
namespace {

using autocast::AutocastGuard;
using mini_test::errorOf;

Tensor floats(const Sizes& sizes) {
  std::vector<double> values;
  for (std::int64_t i = 0; i < numelOf(sizes); ++i) values.push_back(0.5 * static_cast<double>(i) - 1.0);
  return mini_test::cpuTensor(values, sizes, ScalarType::Float);
}

TEST(AutocastGuard, RemovesTheKeyFromTheExcludedSetForItsScope) {
  EXPECT_TRUE(localDispatchKeySet().excluded.has(DispatchKey::AutocastCPU));
  EXPECT_FALSE(autocast::is_cpu_enabled());
  {
    AutocastGuard autocastOn(DeviceType::CPU);
    EXPECT_FALSE(localDispatchKeySet().excluded.has(DispatchKey::AutocastCPU));
    EXPECT_TRUE(localDispatchKeySet().excluded.has(DispatchKey::AutocastCUDA));  // CUDA's stays off
    EXPECT_TRUE(autocast::is_cpu_enabled());
    EXPECT_EQ(autocast::get_autocast_cpu_dtype(), ScalarType::BFloat16);
    EXPECT_EQ(matmul(floats({2, 3}), floats({3, 2})).dtype(), ScalarType::BFloat16);
  }
  EXPECT_EQ(localDispatchKeySet(), kDefaultLocalDispatchKeySet);
  EXPECT_EQ(matmul(floats({2, 3}), floats({3, 2})).dtype(), ScalarType::Float);
}

TEST(AutocastGuard, DefaultsAreTorchs) {
  EXPECT_EQ(autocast::get_autocast_cpu_dtype(), ScalarType::BFloat16);
  EXPECT_EQ(autocast::get_autocast_gpu_dtype(), ScalarType::Half);
  EXPECT_FALSE(autocast::is_enabled());
  EXPECT_TRUE(autocast::is_autocast_cache_enabled());
}

TEST(AutocastGuard, NestsAndRestoresTheOuterState) {
  {
    AutocastGuard outer(DeviceType::CPU);
    {
      AutocastGuard off(DeviceType::CPU, std::nullopt, /*enabled=*/false);
      EXPECT_FALSE(autocast::is_cpu_enabled());
      EXPECT_EQ(matmul(floats({2, 2}), floats({2, 2})).dtype(), ScalarType::Float);
      {
        AutocastGuard onAgain(DeviceType::CPU);
        EXPECT_TRUE(autocast::is_cpu_enabled());
      }
      EXPECT_FALSE(autocast::is_cpu_enabled());
    }
    EXPECT_TRUE(autocast::is_cpu_enabled());
    EXPECT_EQ(matmul(floats({2, 2}), floats({2, 2})).dtype(), ScalarType::BFloat16);
  }
  EXPECT_FALSE(autocast::is_cpu_enabled());
}

TEST(AutocastGuard, RestoresWhenAnExceptionLeavesTheScope) {
  try {
    AutocastGuard autocastOn(DeviceType::CPU);
    matmul(floats({2, 3}), floats({2, 3}));  // the shapes do not multiply
    FAIL() << "matmul of [2, 3] and [2, 3] did not throw";
  } catch (const std::exception&) {
  }
  EXPECT_EQ(localDispatchKeySet(), kDefaultLocalDispatchKeySet);
  EXPECT_EQ(autocast::increment_nesting(), 1);  // the guard counted itself off
  EXPECT_EQ(autocast::decrement_nesting(), 0);
}

TEST(AutocastGuard, IsPerThread) {
  AutocastGuard autocastOn(DeviceType::CPU);
  ScalarType otherThreadsDtype = ScalarType::Bool;
  bool otherThreadEnabled = true;
  std::thread other([&] {
    otherThreadEnabled = autocast::is_cpu_enabled();
    otherThreadsDtype = matmul(floats({2, 2}), floats({2, 2})).dtype();
  });
  other.join();
  EXPECT_FALSE(otherThreadEnabled);
  EXPECT_EQ(otherThreadsDtype, ScalarType::Float);
  EXPECT_EQ(matmul(floats({2, 2}), floats({2, 2})).dtype(), ScalarType::BFloat16);
}

// 1.13's words for the misuses of torch.autocast.
TEST(AutocastGuard, RefusesWhatTorchRefuses) {
  EXPECT_EQ(errorOf([] { AutocastGuard meta(DeviceType::Meta); }),
            "User specified autocast device_type must be 'cuda' or 'cpu', but got 'meta'");
  std::string warned;
  auto previous = setWarningHandler([&](const std::string& message) { warned = message; });
  EXPECT_EQ(errorOf([] { AutocastGuard half(DeviceType::CPU, ScalarType::Half); }),
            "Currently, AutocastCPU only support Bfloat16 as the autocast_cpu_dtype");
  EXPECT_EQ(warned,
            "In CPU autocast, but the target dtype is not supported. Disabling autocast.\n"
            "CPU Autocast only supports dtype of torch.bfloat16 currently.");
  setWarningHandler(previous);
  EXPECT_EQ(localDispatchKeySet(), kDefaultLocalDispatchKeySet);  // the failed guard changed nothing
  EXPECT_EQ(errorOf([] { autocast::get_autocast_dispatch_key_from_device_type(DeviceType::Meta); }),
            "unknown device type for autocast in get_autocast_dispatch_key_from_device_type: meta");
  EXPECT_EQ(errorOf([] { autocast::get_lower_precision_fp_from_device_type(DeviceType::PrivateUse1); }),
            "unknown device type for autocast in get_lower_precision_fp_from_device_type: privateuseone");
  // promote: a float16 CPU tensor under the CPU's bfloat16 has no place in the order.
  const Tensor half = mini_test::cpuTensor({1, 2}, {2}, ScalarType::Half);
  EXPECT_EQ(errorOf([&] { autocast::promote_type(ScalarType::BFloat16, DeviceType::CPU, {&half}); }),
            "Unexpected floating ScalarType in at::autocast::prioritize: BFloat16 with Half");
}

TEST(AutocastGuard, CudaWithoutAGpuWarnsAndStaysOff) {
  if (cudaAvailability().devices > 0) {
    GTEST_SKIP() << "a GPU is present: CUDA autocast is on there (AutocastCuda tests)";
  }
  std::string warned;
  auto previous = setWarningHandler([&](const std::string& message) { warned = message; });
  {
    AutocastGuard cuda(DeviceType::CUDA);
    EXPECT_FALSE(autocast::is_enabled());
  }
  setWarningHandler(previous);
  EXPECT_EQ(warned, "User provided device_type of 'cuda', but CUDA is not available. Disabling");
}

// Only eligible inputs change: floating CPU tensors other than float64.
TEST(AutocastCast, CastsOnlyEligibleInputs) {
  const Tensor f = floats({2});
  const Tensor d = mini_test::cpuTensor({1, 2}, {2}, ScalarType::Double);
  const Tensor l = mini_test::cpuTensor({1, 2}, {2}, ScalarType::Long);
  EXPECT_EQ(autocast::cached_cast(ScalarType::BFloat16, f, DeviceType::CPU).dtype(), ScalarType::BFloat16);
  EXPECT_TRUE(autocast::cached_cast(ScalarType::BFloat16, d, DeviceType::CPU).isSameAs(d));
  EXPECT_TRUE(autocast::cached_cast(ScalarType::BFloat16, l, DeviceType::CPU).isSameAs(l));
  EXPECT_TRUE(autocast::cached_cast(ScalarType::BFloat16, f, DeviceType::CUDA).isSameAs(f));  // not on CUDA
  EXPECT_TRUE(autocast::cached_cast(ScalarType::BFloat16, Tensor(), DeviceType::CPU).isSameAs(Tensor()));
}

TEST(AutocastCache, KeepsCastsOfLeavesThatRequireGradUntilTheOutermostGuardExits) {
  Tensor weight = floats({2, 2});
  weight.setRequiresGrad(true);
  const Tensor activation = floats({2, 2});
  {
    AutocastGuard outer(DeviceType::CPU);
    const Tensor first = autocast::cached_cast(ScalarType::BFloat16, weight, DeviceType::CPU);
    {
      AutocastGuard inner(DeviceType::CPU);
      const Tensor second = autocast::cached_cast(ScalarType::BFloat16, weight, DeviceType::CPU);
      EXPECT_TRUE(second.isSameAs(first));  // a hit: one cast per region
    }
    EXPECT_EQ(autocast::cache_size(), 1u);  // an inner guard keeps the cache
    // Not cached: a tensor that does not require grad, a cast to float32, a non-leaf.
    autocast::cached_cast(ScalarType::BFloat16, activation, DeviceType::CPU);
    autocast::cached_cast(ScalarType::Float, first, DeviceType::CPU);
    autocast::cached_cast(ScalarType::BFloat16, mul(weight, weight), DeviceType::CPU);
    EXPECT_EQ(autocast::cache_size(), 1u);
    matmul(weight, weight);  // matmul casts weight twice: both hit
    EXPECT_EQ(autocast::cache_size(), 1u);
  }
  EXPECT_EQ(autocast::cache_size(), 0u);  // the outermost guard cleared it
}

TEST(AutocastCache, IsOffWithCacheEnabledFalse) {
  Tensor weight = floats({2, 2});
  weight.setRequiresGrad(true);
  AutocastGuard autocastOn(DeviceType::CPU, std::nullopt, true, /*cache_enabled=*/false);
  const Tensor first = autocast::cached_cast(ScalarType::BFloat16, weight, DeviceType::CPU);
  EXPECT_FALSE(autocast::cached_cast(ScalarType::BFloat16, weight, DeviceType::CPU).isSameAs(first));
  EXPECT_EQ(autocast::cache_size(), 0u);
}

// The tutorial's myadd_autocast: myadd runs in bfloat16 under CPU autocast,
// and its gradient reaches the float32 inputs as float32.
TEST(AutocastMyAdd, RunsInTheLowerPrecisionAndDifferentiates) {
  Tensor a = floats({3});
  Tensor b = floats({3});
  a.setRequiresGrad(true);
  Tensor out;
  {
    AutocastGuard autocastOn(DeviceType::CPU);
    out = myadd(a, b);
  }
  EXPECT_EQ(out.dtype(), ScalarType::BFloat16);
  sum(out).backward();
  EXPECT_EQ(a.grad().dtype(), ScalarType::Float);
  EXPECT_EQ(mini_test::values(a.grad()), (std::vector<double>{1, 1, 1}));
}

// Autocast sits above autograd: the casts are recorded (ToCopyBackward0),
// and the matmul's node saw bfloat16 inputs.
TEST(AutocastAutograd, RecordsTheCastsBelowIt) {
  Tensor w = floats({2, 2});
  w.setRequiresGrad(true);
  Tensor y;
  {
    AutocastGuard autocastOn(DeviceType::CPU);
    y = matmul(floats({2, 2}), w);
  }
  ASSERT_NE(y.gradFn(), nullptr);
  EXPECT_EQ(y.dtype(), ScalarType::BFloat16);
  const auto& edges = y.gradFn()->nextEdges();
  ASSERT_EQ(edges.size(), 2u);
  ASSERT_TRUE(edges[1].isValid());
  EXPECT_EQ(edges[1].function->name(), "ToCopyBackward0");
}

// CUDA autocast: float16, and the fp32 and promote policies. Needs a GPU.
TEST(AutocastCuda, FollowsTheCudaPolicies) {
  const CudaAvailability cuda = cudaAvailability();
  if (cuda.devices == 0) {
    GTEST_SKIP() << "CUDA autocast needs a GPU: " << cuda.reason;
  }
  const Tensor f = floats({2, 2}).to(cudaDevice(0));
  const Tensor h = f.to(ScalarType::Half);
  AutocastGuard autocastOn(DeviceType::CUDA);
  EXPECT_EQ(matmul(f, f).dtype(), ScalarType::Half);  // lower_precision_fp
  // fp32: exp's kernel is exercise 06.7's (Exercise06_7.RunsForExpUnderCudaAutocast).
  EXPECT_EQ(sum(h).dtype(), ScalarType::Float);              // fp32_set_opt_dtype
  EXPECT_EQ(sum(h, {0}, false).dtype(), ScalarType::Float);  // fp32_set_opt_dtype
  // promote: the widest eligible dtype (atan2's kernel uses it; the chapter
  // has no CUDA atan2 loop, so the choice is checked directly).
  EXPECT_EQ(autocast::promote_type(ScalarType::Half, DeviceType::CUDA, {&h, &f}), ScalarType::Float);
  EXPECT_EQ(autocast::promote_type(ScalarType::Half, DeviceType::CUDA, {&h, &h}), ScalarType::Half);
  EXPECT_EQ(add(h, h).dtype(), ScalarType::Half);  // fallthrough
  const Tensor bf = f.to(ScalarType::BFloat16);
  EXPECT_EQ(errorOf([&] {
              autocast::promote_type(ScalarType::Half, DeviceType::CUDA, {&h, &bf});
            }),
            "Unexpected floating ScalarType in at::autocast::prioritize: Half with BFloat16");
}

}  // namespace
}  // namespace mini
