// The concurrency guarantee (README, "Calls while another thread registers"):
// calls take no lock and run a kernel of the table published before or after
// a concurrent registration; registrations serialize on the Dispatcher's
// lock. Several threads call an operator while one thread registers and
// removes a kernel and a fallthrough fallback under them; every call must
// see one whole table, old or new. The tsan test preset runs this under
// ThreadSanitizer, which also reports any unordered access the results miss.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "mini/boxing/stack.h"
#include "mini/core/local_dispatch_key_set.h"
#include "mini/core/tensor.h"
#include "mini/dispatch/dispatcher.h"
#include "mini/dispatch_modes/logging_mode.h"
#include "mini/op_registration/schema_parser.h"

namespace mini {
namespace {

// Kernels that say which one ran.
constexpr std::int64_t kComposite = 1;
constexpr std::int64_t kBackend = 2;
std::int64_t probeComposite(const Tensor&) { return kComposite; }
std::int64_t probeBackend(const Tensor&) { return kBackend; }
using ProbeSignature = std::int64_t(const Tensor&);

// The chapter's choice of keys: the backend whose kernel comes and goes, and
// a key above it with no backend fallback of its own, on which a fallthrough
// fallback comes and goes. This chapter's tensors are CPU tensors, and
// FPGA has no fallback here (Tracer has chapter 04's tracer, Python the
// dispatch modes' fallback).
constexpr DispatchKey kBackendKey = DispatchKey::CPU;
constexpr DispatchKey kToggledKey = DispatchKey::FPGA;
Tensor callerTensor() { return scalarTensor(0.0); }

// Bounded twice over, so that a slow sanitizer build still finishes quickly.
constexpr int kMaxWriterIterations = 2000;
constexpr auto kMaxWriterTime = std::chrono::milliseconds(200);

// What the callers saw; anything in `unexpected` fails the test.
struct Outcomes {
  std::atomic<std::int64_t> composite{0};
  std::atomic<std::int64_t> backend{0};
  std::atomic<std::int64_t> missing{0};
  std::atomic<std::int64_t> unexpected{0};
  std::string firstUnexpected;  // written once, by the thread that counted the first unexpected outcome
};

// `probe(Tensor x) -> int` with a CompositeExplicitAutograd kernel that
// stays for the whole test.
class ProbeOperator {
 public:
  ProbeOperator() {
    FunctionSchema schema = parseSchema("probe(Tensor x) -> int");
    schema.name = name_;
    def_ = Dispatcher::singleton().registerDef(std::move(schema), "registered at concurrency_test.cpp");
    composite_ = registerKernel(DispatchKey::CompositeExplicitAutograd, &probeComposite);
  }

  RegistrationHandleRAII registerKernel(DispatchKey key, ProbeSignature* kernel) const {
    return Dispatcher::singleton().registerImpl(name_, key, KernelFunction::makeFromUnboxedRuntimeFunction(kernel),
                                                inferKernelSchema<ProbeSignature>(),
                                                fmt::format("{} kernel of the concurrency test", key));
  }

  OperatorHandle handle() const { return *Dispatcher::singleton().findSchema(name_, ""); }
  const std::string& name() const { return name_; }

 private:
  std::string name_ = "concurrency::probe";
  std::optional<RegistrationHandleRAII> def_;
  std::optional<RegistrationHandleRAII> composite_;
};

// The one writer: a backend kernel in and out on every iteration, a
// fallthrough fallback on the toggled key in and out on every fourth (a
// fallback is recomputed into every operator's table: the costlier change).
void churnRegistrations(const ProbeOperator& probe) {
  const auto deadline = std::chrono::steady_clock::now() + kMaxWriterTime;
  for (int i = 0; i < kMaxWriterIterations && std::chrono::steady_clock::now() < deadline; ++i) {
    {
      const RegistrationHandleRAII backend = probe.registerKernel(kBackendKey, &probeBackend);
      std::optional<RegistrationHandleRAII> fallthrough;
      if (i % 4 == 0) {
        fallthrough = Dispatcher::singleton().registerFallback(kToggledKey, KernelFunction::makeFallthrough(),
                                                               "fallthrough of the concurrency test");
      }
      std::this_thread::yield();
    }
    std::this_thread::yield();  // let the callers see the old table too
  }
}

// The boxed path reads one published table too: its mask (with the schema's
// argument positions) and its slot.
std::int64_t callBoxed(const OperatorHandle& op, const Tensor& tensor) {
  Stack stack;
  push(stack, tensor);
  op.callBoxed(stack);
  return pop<std::int64_t>(stack);
}

// A caller thread: calls, unboxed and boxed in turn, until the writer is done. A call that reaches the
// toggled key while it has no fallthrough must fail with the missing-kernel
// error, which is that table's answer; a thread that excludes the key (each
// thread's own state: this checks it stays its own) must always run a
// kernel. Either way the key set's mask and the slot must come from one
// table: a mask without the fallthrough and a slot with it would call the
// fallthrough marker, an unexpected error.
void callUntilDone(const ProbeOperator& probe, bool skipToggledKey, const std::atomic<bool>& done, Outcomes& outcomes) {
  std::optional<ExcludeDispatchKeyGuard> skip;
  std::optional<IncludeDispatchKeyGuard> reach;
  if (skipToggledKey) {
    skip.emplace(DispatchKeySet(kToggledKey));
  } else {
    reach.emplace(DispatchKeySet(kToggledKey));
  }
  const auto op = probe.handle().typed<ProbeSignature>();
  const Tensor tensor = callerTensor();
  const std::string missingError =
      fmt::format("Could not run '{}' with arguments from the '{}' backend", probe.name(), kToggledKey);
  const auto unexpected = [&](std::string what) {
    if (outcomes.unexpected++ == 0) {
      outcomes.firstUnexpected = std::move(what);
    }
  };
  for (std::int64_t call = 0; !done.load(std::memory_order_acquire); ++call) {
    try {
      const std::int64_t result = call % 2 == 0 ? op.call(tensor) : callBoxed(op, tensor);
      if (result == kComposite) {
        ++outcomes.composite;
      } else if (result == kBackend) {
        ++outcomes.backend;
      } else {
        unexpected(fmt::format("result {}", result));
      }
    } catch (const std::exception& error) {
      if (!skipToggledKey && std::string_view(error.what()).starts_with(missingError)) {
        ++outcomes.missing;
      } else {
        unexpected(error.what());
      }
    }
  }
}

TEST(Concurrency, EveryCallRunsTheOldOrTheNewTableWhileAnotherThreadRegisters) {
  const ProbeOperator probe;
  const std::string tableBefore = probe.handle().dumpComputedTable();

  std::atomic<bool> done{false};
  Outcomes outcomes;
  std::vector<std::thread> callers;
  for (bool skipToggledKey : {false, true, false, true}) {
    callers.emplace_back(callUntilDone, std::cref(probe), skipToggledKey, std::cref(done), std::ref(outcomes));
  }
  churnRegistrations(probe);
  done.store(true, std::memory_order_release);
  for (std::thread& caller : callers) {
    caller.join();
  }

  fmt::print("calls that ran the composite kernel: {}, the {} kernel: {}, found {} missing: {}\n",
             outcomes.composite.load(), kBackendKey, outcomes.backend.load(), kToggledKey, outcomes.missing.load());
  EXPECT_EQ(outcomes.unexpected.load(), 0) << "first unexpected outcome: " << outcomes.firstUnexpected;
  EXPECT_GT(outcomes.composite + outcomes.backend + outcomes.missing, 0);
  // Every registration was undone: the table is the one we started with.
  EXPECT_EQ(probe.handle().dumpComputedTable(), tableBefore);
  EXPECT_EQ(Dispatcher::singleton().backendFallback(kToggledKey), nullptr);
}

// Look-ups by name take the lock: a thread that finds operators while another
// defines and removes one always gets a whole answer.
TEST(Concurrency, FindSchemaWhileAnotherThreadDefinesAndRemovesTheOperator) {
  std::atomic<bool> done{false};
  std::atomic<std::int64_t> found{0};
  std::thread finder([&] {
    while (!done.load(std::memory_order_acquire)) {
      // Only whether it was found: the handle itself dies with the def.
      found += Dispatcher::singleton().findSchema("concurrency::probe", "").has_value();
    }
  });
  for (int i = 0; i < kMaxWriterIterations / 10; ++i) {
    const ProbeOperator probe;
  }
  done.store(true, std::memory_order_release);
  finder.join();
  EXPECT_FALSE(Dispatcher::singleton().findOp("concurrency::probe").has_value());
}

// The mode stack is per thread, and so is the stash of the mode whose
// handler runs: threads that each push a mode and call at once see only
// their own calls, each once, and a thread without a mode sees none. A
// stack or a stash shared between threads would lose or repeat calls here
// (and ThreadSanitizer would report the race).
TEST(Concurrency, EachThreadsModeSeesOnlyItsOwnCallsWhileThreadsRunTogether) {
  const ProbeOperator probe;
  const auto call = probe.handle().typed<ProbeSignature>();
  constexpr std::size_t kCalls = 200;
  std::vector<std::shared_ptr<LoggingMode>> modes;
  std::vector<std::thread> threads;
  std::atomic<std::int64_t> wrongResults{0};
  for (int i = 0; i < 3; ++i) {
    modes.push_back(std::make_shared<LoggingMode>());
  }
  for (const std::shared_ptr<LoggingMode>& mode : modes) {
    threads.emplace_back([&call, &wrongResults, mode] {
      const TorchDispatchModeGuard guard(mode);
      for (std::size_t c = 0; c < kCalls; ++c) {
        wrongResults += call.call(callerTensor()) != kComposite;
      }
    });
  }
  std::atomic<bool> plainThreadHadPython{false};
  threads.emplace_back([&] {
    for (std::size_t c = 0; c < kCalls; ++c) {
      wrongResults += call.call(callerTensor()) != kComposite;
      plainThreadHadPython = plainThreadHadPython || localDispatchKeySet().included.has(DispatchKey::Python);
    }
  });
  for (std::thread& thread : threads) {
    thread.join();
  }
  EXPECT_EQ(wrongResults, 0);
  EXPECT_FALSE(plainThreadHadPython);
  for (const std::shared_ptr<LoggingMode>& mode : modes) {
    ASSERT_EQ(mode->lines().size(), kCalls);
    EXPECT_EQ(mode->lines().front(), "1 = concurrency::probe($0)");
  }
}

}  // namespace
}  // namespace mini
