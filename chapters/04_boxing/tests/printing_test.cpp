// What GoogleTest prints for the chapter's types in a failed assertion: the
// text fmt prints, which is the text of the lessons, never "16-byte object".
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <fmt/format.h>

#include "mini/boxing/ivalue.h"
#include "mini/core/device.h"
#include "mini/core/dispatch_key_set.h"
#include "mini/core/local_dispatch_key_set.h"
#include "mini/core/tensor.h"
#include "mini/op_registration/schema_parser.h"
#include "mini/util/source_site.h"

namespace mini {
namespace {

template <typename T>
void expectPrintsAsFmt(const T& value) {
  EXPECT_EQ(::testing::PrintToString(value), fmt::format("{}", value));
}

TEST(Printing, FailedAssertionsShowTheLessonsText) {
  EXPECT_EQ(::testing::PrintToString(DispatchKeySet{DispatchKey::CPU}), "DispatchKeySet(CPU)");
  EXPECT_EQ(::testing::PrintToString(kDefaultLocalDispatchKeySet),
            "{included = DispatchKeySet(BackendSelect, ADInplaceOrView), "
            "excluded = DispatchKeySet(AutocastCPU, AutocastCUDA)}");
  expectPrintsAsFmt(DispatchKey::AutogradCPU);
  expectPrintsAsFmt(DispatchKeySet{DispatchKey::CPU, DispatchKey::AutogradCPU});
  expectPrintsAsFmt(makeTensor(std::vector<double>{1.0, 2.0}));
  expectPrintsAsFmt(SourceSite{"kernels.cpp", 12});
  expectPrintsAsFmt(parseSchema("myops::myadd(Tensor self, Tensor other) -> Tensor"));
  expectPrintsAsFmt(IValue(2.5));
  expectPrintsAsFmt(IValue(makeTensor(1.0)));
  expectPrintsAsFmt(Device{BackendComponent::CUDABit, 1});
  // A Stack prints element by element, each as fmt prints it.
  const std::vector<IValue> stack{IValue(std::int64_t{3}), IValue(true)};
  EXPECT_EQ(::testing::PrintToString(stack), fmt::format("{{ {}, {} }}", stack[0], stack[1]));
}

}  // namespace
}  // namespace mini
