// The out-of-tree backend, loaded as a shared library: its allocator and
// kernels take part in dispatch, and autograd works on it through the
// Autograd alias, with no line of the core changed.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "counted_device.h"
#include "mini/aten/aten.h"
#include "mini/autograd/gradcheck.h"
#include "mini/autograd/node.h"
#include "mini/native/factories.h"
#include "mini/util/load_library.h"
#include "support/dispatcher_support.h"
#include "support/test_helpers.h"

namespace mini {
namespace {

using counted_device::kCountedDevice;
using mini_test::errorOf;
using mini_test::handleOf;
using mini_test::values;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

const LoadedLibrary& countedDevice() {
  static const LoadedLibrary library(besideThisProgram(MINI_COUNTED_DEVICE_LIBRARY));
  return library;
}

std::size_t liveBytes() { return countedDevice().symbol<std::size_t()>("countedDeviceLiveBytes")(); }

TEST(CountedDevice, ItsAllocatorHoldsItsTensors) {
  countedDevice();
  const std::size_t before = liveBytes();
  {
    const Tensor a = zeros({4, 8}, {ScalarType::Float, kCountedDevice});
    EXPECT_EQ(a.device(), kCountedDevice);
    EXPECT_TRUE(a.keySet().has(DispatchKey::PrivateUse1));
    EXPECT_TRUE(a.keySet().has(DispatchKey::AutogradPrivateUse1));
    EXPECT_EQ(liveBytes(), before + 4 * 8 * sizeof(float));
  }
  EXPECT_EQ(liveBytes(), before);
}

TEST(CountedDevice, ItsKernelsAreTheOnesThatRun) {
  countedDevice();
  const std::string table = handleOf<_ops::add_Tensor>().dumpComputedTable();
  EXPECT_THAT(table, HasSubstr("PrivateUse1: registered at "));
  EXPECT_THAT(table, HasSubstr("counted_kernels.cpp"));
  const Tensor a = fromValues({1, 2, 3}, {3}).to(kCountedDevice);
  const Tensor b = fromValues({10, 20, 30}, {3}).to(kCountedDevice);
  const Tensor c = add(a, b);
  EXPECT_EQ(c.device(), kCountedDevice);
  EXPECT_THAT(values(c), ElementsAre(11, 22, 33));
  EXPECT_THAT(values(matmul(a.view({3, 1}), b.view({1, 3}))), ElementsAre(10, 20, 30, 20, 40, 60, 30, 60, 90));
  // What torch prints for a float64 tensor on PrivateUse1: whole floats end in a point.
  EXPECT_EQ(fmt::format("{}", c), "tensor([11., 22., 33.], device='privateuseone:0', dtype=torch.float64)");
}

TEST(CountedDevice, MixingWithAnotherDeviceIsAnError) {
  countedDevice();
  const Tensor a = ones({2}).to(kCountedDevice);
  EXPECT_THAT(errorOf([&] { add(a, ones({2})); }), HasSubstr("Expected all tensors to be on the same device"));
}

TEST(CountedDevice, AutogradWorksThroughTheAutogradAlias) {
  countedDevice();
  const Tensor w = fromValues({0.5, -1, 2, 0.25}, {2, 2}).to(kCountedDevice).setRequiresGrad(true);
  const Tensor x = fromValues({1, 2, 3, 4}, {2, 2}).to(kCountedDevice);
  const Tensor loss = sum(relu(matmul(x, w)));
  EXPECT_EQ(loss.gradFn()->name(), "SumBackward0");
  loss.backward();
  ASSERT_TRUE(w.grad().defined());
  EXPECT_EQ(w.grad().device(), kCountedDevice);
  // The same model on the CPU gives the same gradient.
  const Tensor wCpu = fromValues({0.5, -1, 2, 0.25}, {2, 2}, true);
  sum(relu(matmul(fromValues({1, 2, 3, 4}, {2, 2}), wCpu))).backward();
  EXPECT_EQ(values(w.grad()), values(wCpu.grad()));
}

TEST(CountedDevice, GradcheckThroughACopyToTheDevice) {
  countedDevice();
  const Tensor a = fromValues({0.5, 1.5, -2}, {3}, true);
  EXPECT_TRUE(gradcheck(
      [](const TensorList& in) { return exp(mul(in[0].to(kCountedDevice), in[0].to(kCountedDevice))).to(kCpu); }, {a}));
}

}  // namespace
}  // namespace mini
