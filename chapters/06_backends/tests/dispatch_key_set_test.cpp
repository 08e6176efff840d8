// The split layout: backend bits below, functionality bits above.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>

#include "mini/core/dispatch_key_set.h"

namespace mini {
namespace {

TEST(DispatchKeySet, RuntimeKeySetsItsFunctionalityBitAndItsBackendBit) {
  // Backends: bits 0..3. Dense (functionality 1): bit 4. AutogradFunctionality (7): bit 10.
  EXPECT_EQ(DispatchKeySet(DispatchKey::CPU).raw(), 0b1'0001u);
  EXPECT_EQ(DispatchKeySet(DispatchKey::CUDA).raw(), 0b1'0010u);
  EXPECT_EQ(DispatchKeySet(DispatchKey::AutogradCUDA).raw(), 0b100'0000'0010u);
  EXPECT_EQ(DispatchKeySet(DispatchKey::Tracer).raw(), 0b1000'0000'0000u);
  EXPECT_EQ(DispatchKeySet(BackendComponent::MetaBit).raw(), 0b0100u);
  EXPECT_EQ(DispatchKeySet(DispatchKey::Autograd).raw(), 0u);      // alias keys have no bits
  EXPECT_EQ(DispatchKeySet(DispatchKeySet::FULL).raw(), 0xffffu);  // 4 backend bits, 12 functionality bits
}

TEST(DispatchKeySet, SharedBitsMakeKeysNobodyAddedAppear) {
  const DispatchKeySet set{DispatchKey::CPU, DispatchKey::AutogradCUDA};
  EXPECT_TRUE(set.has(DispatchKey::CUDA));
  EXPECT_TRUE(set.has(DispatchKey::AutogradCPU));
  EXPECT_FALSE(set.has(DispatchKey::Meta));
  EXPECT_EQ(fmt::format("{}", set), "DispatchKeySet(CPU, CUDA, AutogradCPU, AutogradCUDA)");
}

TEST(DispatchKeySet, RemovingAutogradCPURemovesAutogradForEveryBackendButKeepsCPU) {
  const DispatchKeySet set{DispatchKey::CPU, DispatchKey::CUDA, DispatchKey::AutogradCPU, DispatchKey::AutogradCUDA};
  const DispatchKeySet removed = set.remove(DispatchKey::AutogradCPU);
  EXPECT_FALSE(removed.has(DispatchKey::AutogradCUDA));
  EXPECT_TRUE(removed.has(DispatchKey::CPU));
  EXPECT_TRUE(removed.hasBackend(BackendComponent::CPUBit));
  EXPECT_EQ(removed, (DispatchKeySet{DispatchKey::CPU, DispatchKey::CUDA}));
  // Difference never clears backend bits, even when asked to.
  EXPECT_EQ(DispatchKeySet(DispatchKey::CPU) - DispatchKeySet(DispatchKey::CPU),
            DispatchKeySet(BackendComponent::CPUBit));
}

TEST(DispatchKeySet, UnionAndIntersectionAreBitwise) {
  const DispatchKeySet a{DispatchKey::CPU, DispatchKey::ADInplaceOrView};
  const DispatchKeySet b{DispatchKey::ADInplaceOrView, DispatchKey::Tracer};
  EXPECT_EQ(a | b, (DispatchKeySet{DispatchKey::CPU, DispatchKey::ADInplaceOrView, DispatchKey::Tracer}));
  EXPECT_EQ(a & b, DispatchKeySet(DispatchKey::ADInplaceOrView));
  EXPECT_EQ(a.add(DispatchKey::Tracer), a | DispatchKeySet(DispatchKey::Tracer));
  EXPECT_TRUE(DispatchKeySet().empty());
  EXPECT_TRUE((a | b).hasAll(a));
  EXPECT_FALSE(a.hasAll(b));
}

TEST(DispatchKeySet, HighestKeyCombinesHighestFunctionalityWithHighestBackend) {
  const DispatchKeySet cpuTensor{DispatchKey::CPU, DispatchKey::ADInplaceOrView, DispatchKey::AutogradCPU};
  EXPECT_EQ(cpuTensor.highestPriorityKey(), DispatchKey::AutogradCPU);
  EXPECT_EQ(cpuTensor.highestFunctionalityKey(), DispatchKey::AutogradFunctionality);
  EXPECT_EQ(cpuTensor.highestBackendKey(), BackendComponent::CPUBit);
  EXPECT_EQ((DispatchKeySet{DispatchKey::CPU, DispatchKey::AutogradCUDA}).highestPriorityKey(),
            DispatchKey::AutogradCUDA);
  EXPECT_EQ((DispatchKeySet{DispatchKey::CUDA, DispatchKey::AutogradCPU}).highestPriorityKey(),
            DispatchKey::AutogradCUDA);
  EXPECT_EQ((cpuTensor | DispatchKey::Tracer).highestPriorityKey(), DispatchKey::Tracer);
  EXPECT_EQ((DispatchKeySet{DispatchKey::CPU, DispatchKey::BackendSelect}).highestPriorityKey(),
            DispatchKey::BackendSelect);
  EXPECT_EQ(DispatchKeySet(DispatchKey::Meta).highestPriorityKey(), DispatchKey::Meta);
  EXPECT_EQ(DispatchKeySet().highestPriorityKey(), DispatchKey::Undefined);
  // A per-backend functionality with no backend bit is only the functionality.
  EXPECT_EQ(DispatchKeySet(DispatchKey::AutogradFunctionality).highestPriorityKey(),
            DispatchKey::AutogradFunctionality);
}

TEST(DispatchKeySet, PrintsLikePyTorchLowestFirst) {
  EXPECT_EQ(fmt::format("{}", DispatchKeySet{DispatchKey::AutogradCPU, DispatchKey::ADInplaceOrView, DispatchKey::CPU}),
            "DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU)");
  EXPECT_EQ(fmt::format("{}", DispatchKeySet()), "DispatchKeySet()");
  EXPECT_EQ(fmt::format("{}", DispatchKeySet(DispatchKey::AutogradFunctionality)),
            "DispatchKeySet(AutogradFunctionality)");
  // Backend bits that no functionality uses are shown, not hidden.
  EXPECT_EQ(fmt::format("{}", DispatchKeySet(BackendComponent::CUDABit) | DispatchKey::Tracer),
            "DispatchKeySet(CUDABit, Tracer)");
}

TEST(DispatchKeySet, SlotsAreFunctionalityOffsetPlusBackendIndex) {
  EXPECT_EQ(kNumRuntimeEntries, 19u);  // chapter 03's 17, plus Python and PythonTLSSnapshot
  EXPECT_EQ(functionalityOffset(DispatchKey::Dense), 1u);
  EXPECT_EQ(getDispatchTableIndexForDispatchKey(DispatchKey::CPU), 1u);
  EXPECT_EQ(getDispatchTableIndexForDispatchKey(DispatchKey::PrivateUse1), 4u);
  EXPECT_EQ(getDispatchTableIndexForDispatchKey(DispatchKey::FPGA), 5u);
  EXPECT_EQ(getDispatchTableIndexForDispatchKey(DispatchKey::BackendSelect), 6u);
  EXPECT_EQ(getDispatchTableIndexForDispatchKey(DispatchKey::AutogradCPU), 10u);
  EXPECT_EQ(getDispatchTableIndexForDispatchKey(DispatchKey::AutogradMeta), 12u);
  EXPECT_EQ(getDispatchTableIndexForDispatchKey(DispatchKey::Batched), 17u);
  EXPECT_EQ(getDispatchTableIndexForDispatchKey(DispatchKey::PythonTLSSnapshot), 18u);
  EXPECT_EQ(DispatchKeySet().getDispatchTableIndexForDispatchKeySet(), 0u);
  // A call's set reads the slot of its highest key.
  EXPECT_EQ((DispatchKeySet{DispatchKey::CPU, DispatchKey::ADInplaceOrView, DispatchKey::AutogradCUDA})
                .getDispatchTableIndexForDispatchKeySet(),
            getDispatchTableIndexForDispatchKey(DispatchKey::AutogradCUDA));
  EXPECT_THROW(getDispatchTableIndexForDispatchKey(DispatchKey::Autograd), std::invalid_argument);
}

TEST(DispatchKeySet, EveryRuntimeKeyHasItsOwnSlot) {
  const std::vector<DispatchKey> keys = DispatchKeySet(DispatchKeySet::FULL).keys();
  ASSERT_EQ(keys.size(), kNumRuntimeEntries - 1);  // slot 0 is Undefined's
  for (std::size_t i = 0; i < keys.size(); ++i) {
    EXPECT_EQ(getDispatchTableIndexForDispatchKey(keys[i]), i + 1) << toString(keys[i]);
    EXPECT_EQ(DispatchKeySet(keys[i]).highestPriorityKey(), keys[i]);
    // runtimeKeyForSlot is the inverse (chapter 02's exercise 02.4, solved here).
    EXPECT_EQ(runtimeKeyForSlot(i + 1), keys[i]);
  }
  EXPECT_EQ(runtimeKeyForSlot(0), DispatchKey::Undefined);
  EXPECT_THROW(runtimeKeyForSlot(kNumRuntimeEntries), std::out_of_range);
}

/// The enum's values that are no runtime key, by the names torch gives them:
/// what has() answers for these is where a key set is easy to get wrong.
const std::map<std::string, DispatchKey>& notRuntimeKeys() {
  static const std::map<std::string, DispatchKey> keys = {
      {"Undefined", DispatchKey::Undefined},
      {"Dense", DispatchKey::Dense},
      {"StartOfDenseBackends", DispatchKey::StartOfDenseBackends},
      {"EndOfDenseBackends", DispatchKey::EndOfDenseBackends},
      {"StartOfAutogradFunctionalityBackends", DispatchKey::StartOfAutogradFunctionalityBackends},
      {"EndOfAutogradFunctionalityBackends", DispatchKey::EndOfAutogradFunctionalityBackends},
      {"Autograd", DispatchKey::Autograd},
      {"CompositeImplicitAutograd", DispatchKey::CompositeImplicitAutograd},
      {"CompositeExplicitAutograd", DispatchKey::CompositeExplicitAutograd},
  };
  return keys;
}

TEST(DispatchKeySet, HasAnswersAsTorch113OnTheEmptyAndTheFullSet) {
  // MINI_KEY_HAS: torch 1.13's has() for every key it names, on its empty
  // and full sets (maint/reference/gen_key_has_data.py). The course's key
  // names are a subset; its markers are compared by their names.
  std::ifstream data(MINI_KEY_HAS);
  ASSERT_TRUE(data) << MINI_KEY_HAS;
  std::string line;
  std::size_t compared = 0, markers = 0;
  while (std::getline(data, line)) {
    if (line.empty() || line.front() == '#') continue;
    std::istringstream fields(line);
    std::string name;
    int onFull = -1, onEmpty = -1;
    ASSERT_TRUE(fields >> name >> onFull >> onEmpty) << line;
    DispatchKey key = DispatchKey::Undefined;
    if (auto found = notRuntimeKeys().find(name); found != notRuntimeKeys().end()) {
      key = found->second;
      ++markers;
    } else {
      try {
        key = parseDispatchKey(name);
      } catch (const std::invalid_argument&) {
        continue;  // a key of torch's the course does not have
      }
    }
    EXPECT_EQ(DispatchKeySet(DispatchKeySet::FULL).has(key), onFull == 1) << name << " on the full set";
    EXPECT_EQ(DispatchKeySet().has(key), onEmpty == 1) << name << " on the empty set";
    ++compared;
  }
  EXPECT_EQ(markers, notRuntimeKeys().size()) << "a key of notRuntimeKeys() is missing from " << MINI_KEY_HAS;
  EXPECT_GE(compared, 20u) << MINI_KEY_HAS;
  // Not in torch's Python enum: c10 gives it the bit after the last
  // functionality's, which FULL does not set.
  EXPECT_FALSE(DispatchKeySet(DispatchKeySet::FULL).has(DispatchKey::EndOfFunctionalityKeys));
}

}  // namespace
}  // namespace mini
