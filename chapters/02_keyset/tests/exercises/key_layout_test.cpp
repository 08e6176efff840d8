// Exercise 02.5: a key layout written as data.
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "mini/dispatch_key_set.h"
#include "mini/key_layout.h"
#include "support/exercise_support.h"

namespace mini {
namespace {

using mini_test::runExercise;

// The chapter's enums, written as a layout.
KeyLayout chapterLayout() {
  return KeyLayout({"CPU", "CUDA", "Meta", "PrivateUse1"}, {{"Dense", ""},
                                                            {"BackendSelect", std::nullopt},
                                                            {"ADInplaceOrView", std::nullopt},
                                                            {"AutogradOther", std::nullopt},
                                                            {"AutogradFunctionality", "Autograd"},
                                                            {"Tracer", std::nullopt},
                                                            {"AutocastCPU", std::nullopt},
                                                            {"AutocastCUDA", std::nullopt},
                                                            {"Batched", std::nullopt}});
}

// Every key of the chapter that has a name and is no alias.
std::vector<DispatchKey> chapterKeys() {
  std::vector<DispatchKey> keys;
  for (int k = 0; k <= static_cast<int>(DispatchKey::EndOfAutogradFunctionalityBackends); ++k) {
    const auto key = static_cast<DispatchKey>(k);
    if (toString(key) != "<invalid DispatchKey>") keys.push_back(key);
  }
  return keys;
}

TEST(Exercise02_5, TheChaptersLayoutGivesTheChaptersWords) {
  runExercise([] {
    const KeyLayout layout = chapterLayout();
    for (DispatchKey key : chapterKeys()) {
      EXPECT_EQ(layout.bitsOf(toString(key)), DispatchKeySet(key).raw())
          << toString(key) << ": backends take the low bits in the layout's order, functionalities the bits above";
    }
  });
}

TEST(Exercise02_5, TheChaptersLayoutPrintsAndPicksAsTheChapter) {
  runExercise([] {
    const KeyLayout layout = chapterLayout();
    const std::uint64_t words = std::uint64_t{1} << (kNumBackends + kNumFunctionalityKeys);
    // Every word of the chapter's layout; the first that differs is shown.
    for (std::uint64_t word = 0; word < words; ++word) {
      const DispatchKeySet set(DispatchKeySet::RAW, word);
      const std::string chapter = fmt::format("{}", set);
      if (layout.format(word) != chapter) {
        ADD_FAILURE() << "format(" << word << ") is " << layout.format(word) << ", the chapter prints " << chapter;
        break;
      }
      if (layout.highestPriorityKey(word) != toString(set.highestPriorityKey())) {
        ADD_FAILURE() << "highestPriorityKey(" << word << ") of " << chapter << " is "
                      << layout.highestPriorityKey(word) << ", the chapter's is " << set.highestPriorityKey()
                      << ": the highest functionality, with the highest backend if it is per-backend";
        break;
      }
    }
  });
}

TEST(Exercise02_5, TheChaptersSlots) {
  runExercise([] {
    const KeyLayout layout = chapterLayout();
    EXPECT_EQ(layout.numRuntimeEntries(), kNumRuntimeEntries);
    // Undefined is none of the layout's functionalities, yet it has slot 0: a refusal fails here.
    std::size_t undefinedSlot = 1;
    EXPECT_NO_THROW(undefinedSlot = layout.slotOf("Undefined"));
    EXPECT_EQ(undefinedSlot, 0u);
    for (DispatchKey key : chapterKeys()) {
      if (!isRuntimeDispatchKey(key)) continue;
      EXPECT_EQ(layout.slotOf(toString(key)), getDispatchTableIndexForDispatchKey(key))
          << toString(key) << ": a per-backend functionality takes a block of one slot per backend";
    }
    EXPECT_THROW(layout.slotOf("AutogradFunctionality"), std::invalid_argument)
        << "a per-backend functionality without a backend is no runtime key";
  });
}

TEST(Exercise02_5, ANewBackendIsOneLine) {
  runExercise([] {
    // The chapter's layout with XLA after CUDA, where 1.13 has it.
    std::vector<std::string> backends = chapterLayout().backends();
    backends.insert(backends.begin() + 2, "XLA");
    const KeyLayout layout(backends, chapterLayout().functionalities());
    // AutogradFunctionality is functionality 4 (from 0): bit 5 + 4; XLA bit 2.
    EXPECT_EQ(layout.bitsOf("AutogradXLA"), (std::uint64_t{1} << 9) | (std::uint64_t{1} << 2))
        << "the functionality bits start above all five backend bits now";
    EXPECT_EQ(layout.bitsOf("Meta"), (std::uint64_t{1} << 5) | (std::uint64_t{1} << 3))
        << "Meta moved up one bit when XLA came in below it";
    const std::uint64_t cpuAndXla =
        layout.bitsOf("CPU") | layout.bitsOf("AutogradCPU") | layout.bitsOf("XLA") | layout.bitsOf("AutogradXLA");
    EXPECT_EQ(layout.highestPriorityKey(cpuAndXla), "AutogradXLA") << "the highest backend bit wins, XLA over CPU";
    EXPECT_EQ(layout.format(cpuAndXla), "DispatchKeySet(CPU, XLA, AutogradCPU, AutogradXLA)");
    EXPECT_EQ(layout.numRuntimeEntries(), 18u) << "16 slots and one more for XLA in each per-backend block";
    EXPECT_EQ(layout.slotOf("AutogradXLA"), 11u);
    EXPECT_EQ(layout.slotOf("BackendSelect"), 6u);
  });
}

TEST(Exercise02_5, ExcludingAKeyKeepsEveryBackendOfTheLayout) {
  runExercise([] {
    // The chapter's four backends and XLA as a fifth: its bit, 4, is above
    // the chapter's own backend bits (DispatchKeySet::kBackendMask is 0b1111).
    std::vector<std::string> backends = chapterLayout().backends();
    backends.push_back("XLA");
    const KeyLayout layout(backends, chapterLayout().functionalities());
    const std::uint64_t word =
        layout.callKeySet(layout.bitsOf("XLA") | layout.bitsOf("AutogradXLA"), 0, layout.bitsOf("AutogradXLA"));
    EXPECT_EQ(layout.highestPriorityKey(word), "XLA")
        << "an XLA tensor with AutogradXLA excluded runs XLA's kernel: excluding a key takes its functionality away, "
           "never its backend. The backends to keep are this layout's "
        << backends.size() << " bits, not the chapter's DispatchKeySet::kBackendMask (4 bits)";
    EXPECT_EQ(layout.format(word), "DispatchKeySet(XLA)");
  });
}

TEST(Exercise02_5, AnUnknownNameIsRefused) {
  runExercise([] {
    const KeyLayout layout = chapterLayout();
    try {
      layout.bitsOf("AutogradXLA");
      FAIL() << "the chapter's layout has no XLA backend";
    } catch (const std::invalid_argument& error) {
      EXPECT_NE(std::string(error.what()).find("'AutogradXLA'"), std::string::npos)
          << "the error names the key it does not know: " << error.what();
    }
    EXPECT_THROW(layout.bitsOf("Autograd"), std::invalid_argument) << "an alias key has no bits in any layout";
  });
}

// A line of tests/data/pytorch-1.13-key-layout.txt: "case TENSORS | INCLUDED
// | EXCLUDED | PRINTED | HIGHEST".
std::vector<std::string> fields(const std::string& text) {
  std::vector<std::string> parts;
  std::stringstream stream(text);
  for (std::string part; std::getline(stream, part, '|');) {
    const std::size_t start = part.find_first_not_of(' ');
    const std::size_t end = part.find_last_not_of(' ');
    parts.push_back(start == std::string::npos ? "" : part.substr(start, end - start + 1));
  }
  return parts;
}

std::uint64_t wordOf(const KeyLayout& layout, const std::string& names) {
  std::uint64_t word = 0;
  std::stringstream stream(names);
  for (std::string name; std::getline(stream, name, ',');) word |= layout.bitsOf(name);
  return word;
}

// A file of maint/reference/gen_key_layout_data.py: a torch's layout and
// what its key sets print and pick.
struct LayoutData {
  std::vector<std::string> backends;
  std::vector<LayoutFunctionality> functionalities;
  std::vector<std::string> cases;
};

LayoutData readLayoutData(const std::string& path) {
  LayoutData data;
  std::ifstream file(path);
  // setup: the data file torch's generator wrote is there
  EXPECT_TRUE(file) << path;
  for (std::string line; std::getline(file, line);) {
    std::stringstream words(line);
    std::string kind, name, prefix;
    words >> kind >> name >> prefix;
    if (kind == "backend") data.backends.push_back(name);
    if (kind == "functionality") {
      data.functionalities.push_back(
          {name, prefix == "-" ? std::nullopt : std::optional<std::string>(prefix == "=" ? "" : prefix)});
    }
    if (kind == "case") data.cases.push_back(line.substr(5));
  }
  return data;
}

// Each case's call key set, made from the layout, prints and picks as torch's did.
void expectTorchsAnswers(const KeyLayout& layout, const std::vector<std::string>& cases, std::string_view torch) {
  // setup: the data holds torch's cases
  ASSERT_FALSE(cases.empty());
  for (const std::string& line : cases) {
    const std::vector<std::string> parts = fields(line);
    // setup: each case line of the data has its five fields
    ASSERT_EQ(parts.size(), 5u) << line;
    const std::uint64_t word =
        layout.callKeySet(wordOf(layout, parts[0]), wordOf(layout, parts[1]), wordOf(layout, parts[2]));
    EXPECT_EQ(layout.format(word), parts[3])
        << "tensors {" << parts[0] << "}, included {" << parts[1] << "}, excluded {" << parts[2] << "}: torch " << torch
        << " dispatches on " << parts[3] << " (an excluded key takes its functionality away, never its backend)";
    EXPECT_EQ(layout.highestPriorityKey(word), parts[4]) << "the key torch " << torch << " runs for " << parts[3];
  }
}

TEST(Exercise02_5, PyTorch113sLayoutGivesTorchsAnswers) {
  runExercise([] {
    // 1.13's backends and functionalities and what its key sets print and
    // pick, read from torch 1.13 by maint/reference/gen_key_layout_data.py.
    const LayoutData data = readLayoutData(MINI_KEY_LAYOUT);
    // setup: the data is 1.13's: its backends and functionalities
    ASSERT_EQ(data.backends.size(), 14u);
    ASSERT_EQ(data.functionalities.size(), 40u);
    const KeyLayout layout(data.backends, data.functionalities);
    // c10::num_runtime_entries in libtorch 1.13's c10/core/DispatchKey.h.
    EXPECT_EQ(layout.numRuntimeEntries(), 106u);
    expectTorchsAnswers(layout, data.cases, "1.13");
  });
}

TEST(Exercise02_5, PyTorch2sLayoutGivesTorchsAnswers) {
  runExercise([] {
    // The same from PyTorch 2.15.0: sixteen backends with Meta the last,
    // SparseCsr per-backend, more Autocast keys; the layout is data, so the
    // same code must give 2.x's answers too.
    const LayoutData data = readLayoutData(MINI_KEY_LAYOUT_2X);
    // setup: the data is 2.15.0's: its backends and functionalities
    ASSERT_EQ(data.backends.size(), 16u);
    ASSERT_EQ(data.backends.back(), "Meta") << "2.x moved Meta to the last backend bit";
    ASSERT_EQ(data.functionalities.size(), 46u);
    const KeyLayout layout(data.backends, data.functionalities);
    // c10::num_runtime_entries in 2.15.0's c10/core/DispatchKey.h:
    // num_functionality_keys (47, Undefined counted) + 6 per-backend
    // functionalities * (16 - 1) backends.
    EXPECT_EQ(layout.numRuntimeEntries(), 137u);
    EXPECT_EQ(layout.slotOf("SparseCsrMeta"), layout.slotOf("SparseCsrCPU") + 15)
        << "SparseCsr is per-backend in 2.x: a block of sixteen slots, Meta's the last";
    EXPECT_EQ(layout.highestPriorityKey(layout.bitsOf("CPU") | layout.bitsOf("PrivateUse1") | layout.bitsOf("Meta")),
              "Meta")
        << "Meta is 2.x's highest backend bit, so a set with a meta tensor in it picks Meta's kernel";
    expectTorchsAnswers(layout, data.cases, "2.15.0");
  });
}

}  // namespace
}  // namespace mini
