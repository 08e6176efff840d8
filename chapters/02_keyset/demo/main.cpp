// Chapter 02 demo: tensors, thread-local states, and the key each call picks.
//
// Run with MINI_DISPATCH_TRACE=1 to see each hop: the autograd kernel calls
// add again, one level deeper, and that call lands on CPU or CUDA. The gdb
// scripts in ../gdb break inside the kernels this program reaches.
#include <bit>
#include <cctype>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>

#include <fmt/format.h>

#include "mini/exercise.h"
#include "mini/flat_dispatch_key_set.h"
#include "mini/full_after.h"
#include "mini/operators.h"

namespace {

using namespace mini;

// Runs an exercise's code, or says it is not done yet (the learner build).
void tryExercise(const std::function<void()>& body) {
  try {
    body();
  } catch (const ExerciseNotDone& stub) {
    fmt::print("  ({}: see chapters/02_keyset/README.md)\n", stub.what());
  }
}

// The first sentence of an error: enough for a table cell.
std::string firstSentence(std::string_view message) { return std::string(message.substr(0, message.find(". ") + 1)); }

// One row: the call's key set under this thread's current state, the key it
// picks, and what add returns (or the error it raises).
void printRow(std::string_view tensors, std::string_view state, const Tensor& a, const Tensor& b) {
  const DispatchKeySet dispatchKeySet = addTable().dispatchKeySetFor(computeDispatchKeySet(a, b));
  std::string outcome;
  try {
    outcome = fmt::format("{}", add(a, b));
  } catch (const std::runtime_error& error) {
    outcome = firstSentence(error.what());
  }
  fmt::print("  {:<16} {:<17} {:<52} {:<13} {}\n", tensors, state, fmt::format("{}", dispatchKeySet),
             dispatchKeySet.highestPriorityKey(), outcome);
}

// [keyset_dot]
// "AutogradFunctionality" -> "Autograd<BR/>Functionality": narrow columns.
std::string cellTitle(std::string_view name) {
  for (std::size_t i = 1; name.size() > 8 && i < name.size(); ++i) {
    if (std::islower(static_cast<unsigned char>(name[i - 1])) && std::isupper(static_cast<unsigned char>(name[i]))) {
      return fmt::format("{}<BR/>{}", name.substr(0, i), name.substr(i));
    }
  }
  return std::string(name);
}

// The only bit of a one-bit set.
int bitOf(DispatchKeySet single) { return std::countr_zero(single.raw()); }

// The 64-bit word of a split DispatchKeySet, as graphviz DOT: one cell per
// bit, highest on the left, each named by asking the chapter's own
// DispatchKeySet which bit a functionality or a backend sets (so the picture
// follows the code); the bits of `tensor`'s set filled, and each of its
// runtime keys pointing at the bits it is made of.
std::string keySetLayoutDot(const Tensor& tensor) {
  std::map<int, std::string, std::greater<>> names;  // bit -> name, highest first
  for (std::size_t b = 1; b <= kNumBackends; ++b) {
    const auto backend = static_cast<BackendComponent>(b);
    names[bitOf(DispatchKeySet(backend))] = fmt::format("{}", backend);
  }
  for (std::size_t k = 1; k <= kNumFunctionalityKeys; ++k) {
    const auto functionality = static_cast<DispatchKey>(k);
    names[bitOf(DispatchKeySet(functionality))] = fmt::format("{}", functionality);
  }
  const DispatchKeySet set = tensor.keySet();
  std::string numbers = fmt::format("<TD>63..{}</TD>", names.size());
  std::string cells = "<TD>unused</TD>";
  for (const auto& [bit, name] : names) {
    const bool backend = bit < static_cast<int>(kNumBackends);
    const bool filled = (set.raw() >> bit & 1) != 0;
    numbers += fmt::format("<TD>{}</TD>", bit);
    cells +=
        fmt::format("<TD PORT=\"b{}\" BGCOLOR=\"{}\">{}</TD>", bit,
                    filled ? (backend ? "#fdae6b" : "#6baed6") : (backend ? "#fee6ce" : "#deebf7"), cellTitle(name));
  }
  std::string keys;
  for (DispatchKey key : set.keys()) {
    keys += fmt::format("  \"{}\" [shape=box, style=rounded];\n", key);
    for (int bit = 0; bit < 64; ++bit) {
      if ((DispatchKeySet(key).raw() >> bit & 1) != 0) {
        keys += fmt::format("  \"{}\" -> word:b{}:s;\n", key, bit);
      }
    }
  }
  return fmt::format(
      "digraph keyset {{\n"
      "  rankdir=BT;\n"
      "  labelloc=t;\n"
      "  label=\"{}: {} = {:#x}\";\n"
      "  fontname=\"Helvetica\";\n"
      "  fontsize=11;\n"
      "  node [fontname=\"Helvetica\", fontsize=10];\n"
      "  word [shape=plaintext, label=<<TABLE BORDER=\"0\" CELLBORDER=\"1\" CELLSPACING=\"0\" CELLPADDING=\"4\">\n"
      "<TR><TD BORDER=\"0\"></TD><TD COLSPAN=\"{}\" BGCOLOR=\"#deebf7\">functionality bits</TD>"
      "<TD COLSPAN=\"{}\" BGCOLOR=\"#fee6ce\">backend bits</TD></TR>\n"
      "<TR>{}</TR>\n<TR>{}</TR>\n"
      "</TABLE>>];\n{}}}\n",
      "a CPU tensor that requires grad", set, set.raw(), kNumFunctionalityKeys, kNumBackends, numbers, cells, keys);
}
// [keyset_dot]

enum class Run { Tour, KeySetPicture };

constexpr std::string_view kUsageLine = "ch02_demo [--help] [--dot keyset]";
constexpr std::string_view kAbout = R"(Shows the key set every tensor carries, the key each call of add picks under
the thread's included and excluded keys, and where each runtime key sits in an
operator's table. MINI_DISPATCH_TRACE=1 prints every hop.

  --dot keyset  print the key set's bit layout as graphviz DOT (the docs
                build draws it), a CPU tensor's bits filled
)";

// No arguments run the tour; --dot keyset draws instead. Anything else is
// refused (status 2, one line on stderr), not silently ignored, so a typo
// never looks like a run. Returns what to run, or main's exit status.
std::variant<Run, int> handleArguments(int argc, char** argv) {
  Run run = Run::Tour;
  bool help = false;
  for (int i = 1; i < argc; ++i) {
    const std::string argument = argv[i];
    const std::string picture = argument == "--dot" && i + 1 < argc ? argv[++i] : "";
    if (argument == "--help") {
      help = true;
    } else if (picture == "keyset") {
      run = Run::KeySetPicture;
    } else {
      const std::string given = picture.empty() ? argument : fmt::format("{} {}", argument, picture);
      fmt::print(stderr, "ch02_demo: unknown argument '{}' (usage: {})\n", given, kUsageLine);
      return 2;
    }
  }
  if (help) {
    fmt::print("usage: {}\n\n{}", kUsageLine, kAbout);
    return 0;
  }
  return run;
}

}  // namespace

int main(int argc, char** argv) {
  const std::variant<Run, int> asked = handleArguments(argc, argv);
  if (const int* status = std::get_if<int>(&asked)) {
    return *status;
  }
  if (std::get<Run>(asked) == Run::KeySetPicture) {
    fmt::print("{}", keySetLayoutDot(makeTensor(2, BackendComponent::CPUBit, /*requiresGrad=*/true)));
    return 0;
  }
  const Tensor cpu = makeTensor(1);
  const Tensor cpuGrad = makeTensor(2, BackendComponent::CPUBit, /*requiresGrad=*/true);
  const Tensor cuda = makeTensor(3, BackendComponent::CUDABit);
  const Tensor meta = makeTensor(4, BackendComponent::MetaBit);

  fmt::print("1. Every tensor carries a key set\n");
  for (const Tensor* t : {&cpu, &cuda, &meta}) {
    fmt::print("  {:<24} {}\n", fmt::format("{}", *t), t->keySet());
  }
  const LocalDispatchKeySet local = localDispatchKeySet();
  fmt::print("  thread-local included: {}\n  thread-local excluded: {}\n", local.included, local.excluded);

  fmt::print("2. The flat model: one bit per key, the highest bit wins\n");
  const FlatDispatchKeySet flat{DispatchKey::CPU, DispatchKey::AutogradCPU, DispatchKey::Tracer};
  fmt::print("  {} = {:#x}\n", flat, flat.raw());
  tryExercise([&] { fmt::print("  highest priority key: {}\n", flat.highestPriorityKey()); });

  fmt::print("3. The key each call of add picks (after dropping the fallthrough keys)\n");
  fmt::print("  {:<16} {:<17} {:<52} {:<13} {}\n", "tensors", "thread-local", "dispatch key set", "key", "result");
  printRow("cpu + cpu", "default", cpu, cpu);
  printRow("cpu(grad) + cpu", "default", cpuGrad, cpu);
  printRow("cuda + cuda", "default", cuda, cuda);
  printRow("cpu + cuda", "default", cpu, cuda);
  printRow("meta + meta", "default", meta, meta);
  {
    ExcludeDispatchKeyGuard noAutograd(kAutogradDispatchKeySetWithADInplaceOrView);
    printRow("cpu(grad) + cpu", "exclude Autograd", cpuGrad, cpu);
    printRow("meta + meta", "exclude Autograd", meta, meta);
  }
  tryExercise([&] {
    IncludeDispatchKeyGuard tracing(DispatchKey::Tracer);
    printRow("cpu + cpu", "include Tracer", cpu, cpu);
  });
  tryExercise([&] {
    // What AutogradCUDA's kernel would pass below itself, with no guard.
    const DispatchKeySet below =
        addTable().dispatchKeySetFor(computeDispatchKeySet(cpu, cuda) & fullAfter(DispatchKey::AutogradCUDA));
    fmt::print("  cpu + cuda below AutogradCUDA, masked by fullAfter: {} runs {}\n", below, below.highestPriorityKey());
  });

  fmt::print("4. The split layout: {} slots per operator, where each runtime key sits\n", kNumRuntimeEntries);
  std::string slots;
  for (DispatchKey key : DispatchKeySet(DispatchKeySet::FULL).keys()) {
    slots += fmt::format(" {}:{}", getDispatchTableIndexForDispatchKey(key), key);
  }
  fmt::print(" {}\n", slots);
  tryExercise([] { fmt::print("  slot 12 holds {}\n", runtimeKeyForSlot(12)); });
  return 0;
}
