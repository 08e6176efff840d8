// What GoogleTest prints for the chapter's types in a failed assertion: the
// text fmt prints, which is the text of the lessons, never "16-byte object".
#include <gtest/gtest.h>

#include "mini/number.h"
#include "mini/source_site.h"

namespace mini {
namespace {

TEST(Printing, FailedAssertionsShowTheLessonsText) {
  EXPECT_EQ(::testing::PrintToString(DispatchKey::Polar), "Polar");
  EXPECT_EQ(::testing::PrintToString(rectangular(1, 2)), "Rectangular(1, 2)");
  EXPECT_EQ(::testing::PrintToString(real(3)), "Real(3)");
  EXPECT_EQ(::testing::PrintToString(SourceSite{"kernels.cpp", 12}), "kernels.cpp:12");
}

}  // namespace
}  // namespace mini
