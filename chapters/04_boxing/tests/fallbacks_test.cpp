// The three boxed fallbacks, each on operators defined here, after the
// fallbacks were written: nothing about these operators was known to them.
#include <algorithm>
#include <functional>

#include <gtest/gtest.h>

#include "mini/extension/myops.h"
#include "mini/fallbacks/batched_fallback.h"
#include "mini/fallbacks/counting_fallback.h"
#include "mini/fallbacks/tracer.h"
#include "support/boxing_support.h"

namespace mini {
namespace {

using mini_test::ScopedOperator;

Tensor negate(const Tensor& x) { return myscale_cpu(x, -1); }
Tensor axpy(const Tensor& x, double a, const Tensor& y) { return myadd_cpu(myscale_cpu(x, a), y); }
std::tuple<Tensor, Tensor> minmax(const Tensor& x) {
  const auto [low, high] = std::minmax_element(x.values().begin(), x.values().end());
  return {makeTensor(*low), makeTensor(*high)};
}
std::int64_t count(const Tensor& x) { return static_cast<std::int64_t>(x.numel()); }
Tensor concat(const std::vector<Tensor>& xs) {
  std::vector<double> values;
  for (const Tensor& x : xs) values.insert(values.end(), x.values().begin(), x.values().end());
  return makeTensor(values);
}

struct UnseenOperators {
  ScopedOperator neg{"neg(Tensor x) -> Tensor"};
  ScopedOperator axpy_{"axpy(Tensor x, float a, Tensor y) -> Tensor"};
  ScopedOperator minmax_{"minmax(Tensor x) -> (Tensor, Tensor)"};
  ScopedOperator count_{"count(Tensor x) -> int"};
  ScopedOperator concat_{"concat(Tensor[] xs) -> Tensor"};
  UnseenOperators() {
    neg.impl(DispatchKey::CPU, &negate);
    axpy_.impl(DispatchKey::CPU, &axpy);
    minmax_.impl(DispatchKey::CPU, &minmax);
    count_.impl(DispatchKey::CPU, &count);
    concat_.impl(DispatchKey::CPU, &concat);
  }
};

// ---- Tracer ----

TEST(TracerFallback, RecordsEveryCallOfOperatorsItNeverSaw) {
  UnseenOperators ops;
  const Tensor x = makeTensor({1, 2});
  const Tensor y = makeTensor({10, 20});
  TracingScope tracing;
  const Tensor n = ops.neg.typed<Tensor(const Tensor&)>().call(x);
  const Tensor z = ops.axpy_.typed<Tensor(const Tensor&, double, const Tensor&)>().call(n, 3.0, y);
  (void)ops.count_.typed<std::int64_t(const Tensor&)>().call(z);
  (void)ops.minmax_.typed<std::tuple<Tensor, Tensor>(const Tensor&)>().call(z);
  EXPECT_EQ(z.values(), (std::vector<double>{7, 14}));
  EXPECT_EQ(tracing.trace().str(),
            fmt::format("%0 = input tensor([1, 2], CPUBit)\n"
                        "%1 = {0}(%0)\n"
                        "%2 = input tensor([10, 20], CPUBit)\n"
                        "%3 = {1}(%1, 3, %2)\n"
                        "2 = {2}(%3)\n"
                        "%4, %5 = {3}(%3)\n",
                        ops.neg.name(), ops.axpy_.name(), ops.count_.name(), ops.minmax_.name()));
}

TEST(TracerFallback, TracesBoxedCallsAndTensorLists) {
  UnseenOperators ops;
  const Tensor a = makeTensor(1);
  const Tensor b = makeTensor(2);
  TracingScope tracing;
  Stack stack;
  push(stack, std::vector<Tensor>{a, b});
  ops.concat_.handle().callBoxed(stack);
  EXPECT_EQ(stack.size(), 1u);
  EXPECT_EQ(tracing.trace().lines().back(), fmt::format("%2 = {}([%0, %1])", ops.concat_.name()));
}

TEST(TracerFallback, DoesNotTraceCallsMadeInsideKernelsNorOutsideTheScope) {
  const Tensor x = makeTensor(1);
  (void)myadd(x, x);  // before: not traced
  std::size_t lines = 0;
  {
    TracingScope tracing;
    (void)myadd(x, x);
    lines = tracing.trace().lines().size();
  }
  EXPECT_EQ(lines, 2u);  // the input and the one call
  EXPECT_FALSE(localDispatchKeySet().included.has(DispatchKey::Tracer));
}

// ---- Batched ----

TEST(BatchedFallback, LoopsOverRowsOfOperatorsItNeverSaw) {
  UnseenOperators ops;
  const Tensor batch = makeBatchedTensor({{1, 2}, {3, 4}, {5, 6}});
  const Tensor negated = ops.neg.typed<Tensor(const Tensor&)>().call(batch);
  EXPECT_EQ(negated.batchSize(), 3u);
  EXPECT_EQ(negated.values(), (std::vector<double>{-1, -2, -3, -4, -5, -6}));
  EXPECT_TRUE(negated.keySet().has(DispatchKey::Batched));

  // One batched argument, one plain one: the plain one goes to every row.
  const Tensor y = makeTensor({100, 200});
  const Tensor result = ops.axpy_.typed<Tensor(const Tensor&, double, const Tensor&)>().call(batch, 2.0, y);
  EXPECT_EQ(result.values(), (std::vector<double>{102, 204, 106, 208, 110, 212}));

  // Two results, each stacked.
  const auto [low, high] = ops.minmax_.typed<std::tuple<Tensor, Tensor>(const Tensor&)>().call(batch);
  EXPECT_EQ(low.values(), (std::vector<double>{1, 3, 5}));
  EXPECT_EQ(high.values(), (std::vector<double>{2, 4, 6}));
  EXPECT_EQ(high.batchSize(), 3u);
}

TEST(BatchedFallback, IsReachedByBoxedCallsToo) {
  Stack stack;
  push(stack, makeBatchedTensor({{1, 2}, {3, 4}}));
  Dispatcher::singleton().findSchemaOrThrow("myops::mysum", "").callBoxed(stack);
  ASSERT_EQ(stack.size(), 1u);
  EXPECT_EQ(stack[0].toTensor().values(), (std::vector<double>{3, 7}));
  EXPECT_EQ(mysum(makeBatchedTensor({{1, 2}, {3, 4}})).batchSize(), 2u);
}

std::string batchingError(const std::function<void()>& call) {
  try {
    call();
  } catch (const std::invalid_argument& error) {
    return error.what();
  }
  return "no error";
}

TEST(BatchedFallback, RefusesWhatALoopCannotBatch) {
  UnseenOperators ops;
  const Tensor batch = makeBatchedTensor({{1, 2}, {3, 4}});
  EXPECT_EQ(batchingError([&] { (void)ops.count_.typed<std::int64_t(const Tensor&)>().call(batch); }),
            fmt::format("Batching rule not implemented for {}. We could not generate a fallback: it returns int, "
                        "and only tensors can be stacked.",
                        ops.count_.name()));
  Tensor self = batch;
  EXPECT_EQ(batchingError([&] { (void)myadd_(self, makeTensor(1)); }),
            "Batching rule not implemented for myops::myadd_. The fallback path doesn't work on in-place or out= "
            "operators: it writes to 'self'.");
  EXPECT_EQ(batchingError([&] {
              (void)ops.concat_.typed<Tensor(const std::vector<Tensor>&)>().call(std::vector<Tensor>{batch});
            }),
            fmt::format("Batching rule not implemented for {}. We could not generate a fallback: a batched tensor "
                        "inside a Tensor[] argument.",
                        ops.concat_.name()));
  EXPECT_EQ(batchingError([&] {
              (void)myadd(batch, makeBatchedTensor({{1, 2}, {3, 4}, {5, 6}}));
            }),
            "vmap: Expected all tensors to have the same size in the mapped dimension, got sizes [2, 3] for the "
            "mapped dimension (calling myops::myadd)");
}

// The scopes are the only way in: a key included by hand finds no scope.
TEST(TracerFallback, TheTracerKeyWithoutATracingScopeIsAnError) {
  IncludeDispatchKeyGuard tracerOn(DispatchKey::Tracer);
  try {
    (void)mysum(makeTensor({1, 2}));
    FAIL() << "the Tracer fallback without a TracingScope must throw";
  } catch (const std::logic_error& error) {
    EXPECT_STREQ(error.what(), "myops::mysum reached the Tracer fallback with no TracingScope alive");
  }
}
// ---- Counting ----

TEST(CountingFallback, CountsEveryOperatorItNeverSaw) {
  UnseenOperators ops;
  const Tensor x = makeTensor({1, 2});
  CountingScope counting;
  for (int i = 0; i < 3; ++i) {
    (void)ops.neg.typed<Tensor(const Tensor&)>().call(x);
  }
  (void)ops.count_.typed<std::int64_t(const Tensor&)>().call(x);
  Stack stack;
  push(stack, x);
  ops.minmax_.handle().callBoxed(stack);
  EXPECT_EQ(counting.count(ops.neg.name()), 3u);
  EXPECT_EQ(counting.count(ops.count_.name()), 1u);
  EXPECT_EQ(counting.count(ops.minmax_.name()), 1u);
  EXPECT_EQ(counting.count(ops.axpy_.name()), 0u);
  EXPECT_EQ(counting.counts().size(), 3u);
}

TEST(CountingFallback, SeesEachRowOfABatchedCallAndStopsWithItsScope) {
  const Tensor batch = makeBatchedTensor({{1}, {2}, {3}, {4}});
  {
    CountingScope counting;
    (void)mysum(batch);
    EXPECT_EQ(counting.count("myops::mysum"), 4u);
  }
  EXPECT_FALSE(localDispatchKeySet().included.has(DispatchKey::Python));
}

TEST(CountingFallback, ThePythonKeyWithoutACountingScopeIsAnError) {
  IncludeDispatchKeyGuard pythonOn(DispatchKey::Python);
  try {
    (void)mysum(makeTensor({1, 2}));
    FAIL() << "the counting fallback without a CountingScope must throw";
  } catch (const std::logic_error& error) {
    EXPECT_STREQ(error.what(), "myops::mysum reached the counting fallback with no CountingScope alive");
  }
}

TEST(Fallbacks, AllThreeTogether) {
  UnseenOperators ops;
  const Tensor batch = makeBatchedTensor({{1, 2}, {3, 4}});
  CountingScope counting;
  TracingScope tracing;
  const Tensor result = ops.neg.typed<Tensor(const Tensor&)>().call(batch);
  EXPECT_EQ(result.values(), (std::vector<double>{-1, -2, -3, -4}));
  // Batched is the highest key: it loops, and each row is traced and counted.
  EXPECT_EQ(counting.count(ops.neg.name()), 2u);
  EXPECT_EQ(tracing.trace().lines().size(), 4u);
}

}  // namespace
}  // namespace mini
