// Exercise 06.1: the BackendSelect kernel of torch.eye.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "mini/aten/aten.h"
#include "mini/exercises/eye_backend_select.h"
#include "mini/op_registration/library.h"
#include "support/exercise_support.h"
#include "support/test_helpers.h"

namespace mini {
namespace {

using mini_test::runExercise;
using mini_test::values;
using ::testing::ElementsAre;

TEST(Exercise06_1, EyeOnTheCpuInTheAskedDtype) {
  runExercise([] {
    const Tensor identity = eye(3, {ScalarType::Long});
    EXPECT_EQ(identity.dtype(), ScalarType::Long);
    EXPECT_EQ(identity.device(), kCpu);
    EXPECT_THAT(values(identity), ElementsAre(1, 0, 0, 0, 1, 0, 0, 0, 1));
    EXPECT_EQ(eye(2).dtype(), ScalarType::Float);
  });
}

TEST(Exercise06_1, TheDeviceArgumentPicksTheBackend) {
  runExercise([] {
    const Tensor meta = eye(1000000, {ScalarType::Float, kMeta});
    EXPECT_EQ(meta.device(), kMeta);
    EXPECT_EQ(meta.sizes(), (Sizes{1000000, 1000000}));
  });
}

// A Meta kernel of eye's own, as a backend registers for a factory it
// makes itself; it notes that it ran.
bool metaEyeRan = false;
Tensor metaEye(std::int64_t n, ScalarType dtype, Device device) {
  metaEyeRan = true;
  return empty({n, n}, {dtype, device});
}

TEST(Exercise06_1, ABackendsOwnKernelIsTheOneItsDeviceReaches) {
  runExercise([] {
    // Every backend's slot holds eyeComposite, which draws on the device it
    // is given: only a kernel of the backend's own shows which slot ran.
    Library meta(Library::IMPL, "aten", DispatchKey::Meta, SourceSite::here());
    meta.impl("eye", &metaEye);
    metaEyeRan = false;
    (void)eye(3, {ScalarType::Float, kMeta});
    EXPECT_TRUE(metaEyeRan) << "eye(3, device=meta) did not reach eye's Meta kernel: the BackendSelect kernel must "
                               "redispatch with the key set of the device it is given (backendSelectKeySet)";
  });
}

}  // namespace
}  // namespace mini
