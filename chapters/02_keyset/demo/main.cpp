// Chapter 02 demo: tensors, thread-local states, and the key each call picks.
//
// Run with MINI_DISPATCH_TRACE=1 to see each hop: the autograd kernel calls
// add again, one level deeper, and that call lands on CPU or CUDA. The gdb
// scripts in ../gdb break inside the kernels this program reaches.
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "mini/call_key_set.h"
#include "mini/exercise.h"
#include "mini/flat_dispatch_key_set.h"
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
std::string firstSentence(std::string_view message) {
  return std::string(message.substr(0, message.find(". ") + 1));
}

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

}  // namespace

int main() {
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
    const Tensor arguments[] = {cpu, cuda};
    fmt::print("  predicted for cpu + cuda with autograd excluded: {}\n",
               computeDispatchKeySet(arguments, {local.included, local.excluded | DispatchKey::AutogradFunctionality}));
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
