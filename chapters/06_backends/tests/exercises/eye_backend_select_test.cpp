// Exercise 06.1: one boxed BackendSelect kernel for every factory.
#include <stdexcept>

#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "mini/aten/aten.h"
#include "mini/dispatch/dispatcher.h"
#include "mini/exercises/eye_backend_select.h"
#include "mini/op_registration/library.h"
#include "support/exercise_support.h"
#include "support/test_helpers.h"

namespace mini {
namespace {

using mini_test::runExercise;
using mini_test::values;
using ::testing::ElementsAre;

// Two factories of the test's own, whose arguments are not where eye's are:
// `device` first and no dtype. Each backend's kernel notes that it ran.
DispatchKey madeOnRanFor = DispatchKey::Undefined;
Tensor madeOnCpu(Device device, std::int64_t n) {
  madeOnRanFor = DispatchKey::CPU;
  return empty({n}, {ScalarType::Float, device});
}
Tensor madeOnMeta(Device device, std::int64_t n) {
  madeOnRanFor = DispatchKey::Meta;
  return empty({n}, {ScalarType::Float, device});
}

class Exercise06_1 : public ::testing::Test {
 protected:
  Exercise06_1()
      : def_(Library::DEF, "bs06", std::nullopt, SourceSite::here()),
        cpu_(Library::IMPL, "bs06", DispatchKey::CPU, SourceSite::here()),
        meta_(Library::IMPL, "bs06", DispatchKey::Meta, SourceSite::here()),
        backendSelect_(Library::IMPL, "bs06", DispatchKey::BackendSelect, SourceSite::here()) {
    def_.def("made_on(Device device, int n) -> Tensor").def("no_device(int n, ScalarType dtype) -> Tensor");
    cpu_.impl("made_on", &madeOnCpu);
    meta_.impl("made_on", &madeOnMeta);
    backendSelect_.impl("made_on", KernelFunction::makeFromBoxedFunction<&boxedBackendSelect>())
        .impl("no_device", KernelFunction::makeFromBoxedFunction<&boxedBackendSelect>());
    madeOnRanFor = DispatchKey::Undefined;
  }

  static OperatorHandle op(const char* name) { return Dispatcher::singleton().findSchemaOrThrow(name, ""); }

  Library def_, cpu_, meta_, backendSelect_;
};

TEST_F(Exercise06_1, EyeOnTheCpuInTheAskedDtype) {
  runExercise([] {
    const Tensor identity = eye(3, {ScalarType::Long});
    EXPECT_EQ(identity.dtype(), ScalarType::Long);
    EXPECT_EQ(identity.device(), kCpu);
    EXPECT_THAT(values(identity), ElementsAre(1, 0, 0, 0, 1, 0, 0, 0, 1));
    EXPECT_EQ(eye(2).dtype(), ScalarType::Float);
  });
}

TEST_F(Exercise06_1, TheDeviceArgumentPicksTheBackend) {
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

TEST_F(Exercise06_1, ABackendsOwnKernelIsTheOneItsDeviceReaches) {
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

TEST_F(Exercise06_1, ReadsTheArgumentsByName) {
  runExercise([] {
    const auto madeOn = op("bs06::made_on").typed<Tensor(Device, std::int64_t)>();
    EXPECT_EQ(madeOn.call(kMeta, 4).device(), kMeta);
    EXPECT_EQ(madeOnRanFor, DispatchKey::Meta) << "made_on(device=meta, n=4) has its device first: read it by name";
    (void)madeOn.call(kCpu, 4);
    EXPECT_EQ(madeOnRanFor, DispatchKey::CPU);
  });
}

TEST_F(Exercise06_1, ArgumentsAreTheTopOfTheStack) {
  runExercise([] {
    // The caller's own value lies below the arguments: a boxed kernel's
    // arguments are the last entries of the stack, not the first.
    Stack stack{IValue(kMeta), IValue(kCpu), IValue(std::int64_t{2})};
    op("bs06::made_on").callBoxed(&stack);
    EXPECT_EQ(madeOnRanFor, DispatchKey::CPU)
        << "made_on's device is the entry below its last argument (CPU), not the bottom of the stack (Meta)";
    ASSERT_EQ(stack.size(), 2u) << "the arguments are replaced by the result, the caller's value stays";
    EXPECT_EQ(stack[0].toDevice(), kMeta);
  });
}

TEST_F(Exercise06_1, AStackShorterThanTheSchemaIsRefusedNotReadBelowItsBottom) {
  runExercise([] {
    // made_on has two arguments; a stack of one cannot hold them. Reading
    // "the last two" would read below the stack (the fuzzer found it).
    Stack stack{IValue(std::int64_t{2})};
    std::string refusal = "no error";
    try {
      op("bs06::made_on").callBoxed(&stack);
    } catch (const ExerciseNotDone&) {
      throw;
    } catch (const std::exception& error) {
      refusal = error.what();
    }
    EXPECT_EQ(refusal, "peek: the stack holds 1 value(s), 2 needed")
        << "a stack of one value cannot hold made_on's two arguments: peek() refuses it";
  });
}

TEST_F(Exercise06_1, AFactoryWithoutADeviceIsRefused) {
  runExercise([] {
    // bs06::no_device has kernels nowhere, so any call fails: what matters
    // is that the BackendSelect kernel refuses it first, in its own words.
    std::string refusal = "no error";
    try {
      (void)op("bs06::no_device").typed<Tensor(std::int64_t, ScalarType)>().call(2, ScalarType::Float);
    } catch (const ExerciseNotDone&) {
      throw;
    } catch (const std::exception& error) {
      refusal = error.what();
    }
    EXPECT_EQ(refusal, "BackendSelect kernel of bs06::no_device: its schema has no 'device' argument")
        << "bs06::no_device has no device argument: the BackendSelect kernel cannot pick a backend";
  });
}

}  // namespace
}  // namespace mini
