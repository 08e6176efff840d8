// What GoogleTest prints for the chapter's types in a failed assertion: the
// text fmt prints, which is the text of the lessons, never "16-byte object".
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <fmt/format.h>

#include "mini/dispatch_key_set.h"
#include "mini/flat_dispatch_key_set.h"
#include "mini/local_dispatch_key_set.h"
#include "mini/source_site.h"
#include "mini/tensor.h"

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
  expectPrintsAsFmt(BackendComponent::CUDABit);
  expectPrintsAsFmt(DispatchKeySet{DispatchKey::CPU, DispatchKey::AutogradCPU});
  expectPrintsAsFmt(FlatDispatchKeySet(DispatchKey::CPU));
  expectPrintsAsFmt(makeTensor(2.0, BackendComponent::CPUBit, true));
  expectPrintsAsFmt(SourceSite{"kernels.cpp", 12});
}

}  // namespace
}  // namespace mini
