// Exercise 01.4: a fallback for every operator on a key.
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

#include "mini/backend_fallback.h"
#include "support/exercise_support.h"

namespace mini {
namespace {

using mini_test::runExercise;

// Kernels of operators that know only Rectangular numbers (and, for sub,
// Real ones): what a Polar fallback has to work with. A kernel trusts its
// key, as a CPU kernel trusts that its tensors are on the CPU: it reads its
// arguments as Rectangular numbers, without converting them. (The chapter's
// own Rectangular kernels convert what they get, for its mixed calls; with
// those, a fallback that forgot to convert would still pass.)
const Number& asRectangular(const Number& x) {
  EXPECT_EQ(x.key, DispatchKey::Rectangular)
      << "the Rectangular kernel was handed " << x << ": convert the arguments before asking for it";
  return x;
}

Number subRectangular(const Number& a, const Number& b) {
  const Number& x = asRectangular(a);
  const Number& y = asRectangular(b);
  return rectangular(x.first - y.first, x.second - y.second);
}

Number mulRectangular(const Number& a, const Number& b) {
  const Number& x = asRectangular(a);
  const Number& y = asRectangular(b);
  return rectangular(x.first * y.first - x.second * y.second, x.first * y.second + x.second * y.first);
}

Number subReal(const Number& a, const Number& b) { return real(a.first - b.first); }

// Kernels that say who ran: the operator's own (1) or a fallback (2).
Number ownKernel(const Number&, const Number&) { return real(1); }
Number tagFallback(const FallbackOperator&, const Number&, const Number&) { return real(2); }

// A fallback that remembers the operator it was called for.
std::string lastOperator;
Number recordingFallback(const FallbackOperator& op, const Number&, const Number&) {
  lastOperator = op.name();
  return real(0);
}

const SourceSite kFirstRegistration{"first.cpp", 1};
const SourceSite kSecondRegistration{"second.cpp", 2};

// An operator table with a kernel on Rectangular only.
OperatorTable<BinaryKernel> rectangularOnly(const char* name, BinaryKernel* kernel) {
  OperatorTable<BinaryKernel> table(name);
  table.registerKernel(DispatchKey::Rectangular, kernel, kFirstRegistration);
  return table;
}

TEST(Exercise01_4, AnOperatorRunsItsOwnKernel) {
  runExercise([] {
    const OperatorTable<BinaryKernel> table = rectangularOnly("sub", &subRectangular);
    const FallbackRegistry fallbacks;
    const Number difference = FallbackOperator(table, fallbacks).call(rectangular(3, 4), rectangular(1, 1));
    EXPECT_EQ(difference.key, DispatchKey::Rectangular);
    EXPECT_TRUE(approxEqual(difference, rectangular(2, 3))) << difference;
  });
}

TEST(Exercise01_4, OneFallbackServesEveryOperator) {
  runExercise([] {
    const OperatorTable<BinaryKernel> sub = rectangularOnly("sub", &subRectangular);
    const OperatorTable<BinaryKernel> mul = rectangularOnly("mul", &mulRectangular);
    FallbackRegistry fallbacks;
    fallbacks.registerFallback(DispatchKey::Polar, &polarThroughRectangular, kFirstRegistration);

    const Number difference = FallbackOperator(sub, fallbacks).call(polar(2, 0), polar(1, 0));
    EXPECT_TRUE(approxEqual(difference, polar(1, 0))) << "sub(Polar(2, 0), Polar(1, 0)) gave " << difference;
    EXPECT_EQ(difference.key, DispatchKey::Polar)
        << "the fallback answers in the form it was called for: Polar, not " << difference.key;

    const Number product = FallbackOperator(mul, fallbacks).call(polar(2, 0.5), polar(3, 0.25));
    EXPECT_TRUE(approxEqual(product, polar(6, 0.75)))
        << "mul(Polar(2, 0.5), Polar(3, 0.25)) through the fallback gave " << product
        << ": the fallback must run the operator it is given (mul), whatever that is";
    EXPECT_EQ(product.key, DispatchKey::Polar);
  });
}

TEST(Exercise01_4, TheKeyComesFromEveryArgument) {
  runExercise([] {
    const OperatorTable<BinaryKernel> sub = rectangularOnly("sub", &subRectangular);
    FallbackRegistry fallbacks;
    fallbacks.registerFallback(DispatchKey::Polar, &polarThroughRectangular, kFirstRegistration);
    const Number difference = FallbackOperator(sub, fallbacks).call(rectangular(3, 0), polar(1, 0));
    EXPECT_EQ(difference.key, DispatchKey::Polar)
        << "sub(Rectangular, Polar) runs on Polar, the higher key (computeDispatchKey), so Polar's fallback "
           "answers: the first argument alone does not choose";
    EXPECT_TRUE(approxEqual(difference, rectangular(2, 0))) << difference;
  });
}

TEST(Exercise01_4, AnOperatorsOwnKernelOverridesTheFallback) {
  runExercise([] {
    OperatorTable<BinaryKernel> add("add");
    add.registerKernel(DispatchKey::Polar, &ownKernel, kFirstRegistration);
    FallbackRegistry fallbacks;
    fallbacks.registerFallback(DispatchKey::Polar, &tagFallback, kFirstRegistration);
    fallbacks.registerFallback(DispatchKey::Real, &tagFallback, kFirstRegistration);
    const FallbackOperator op(add, fallbacks);
    EXPECT_EQ(op.call(polar(1, 0), polar(1, 0)).first, 1)
        << "add has its own Polar kernel: a fallback only fills the keys an operator leaves empty";
    // A fallback that never runs makes the call refuse: caught here, so that the
    // failure names this line rather than runExercise's.
    double realAnswer = 0;
    EXPECT_NO_THROW(realAnswer = op.call(real(1), real(1)).first) << "add has no Real kernel: Real's fallback runs";
    EXPECT_EQ(realAnswer, 2) << "add has no Real kernel: Real's fallback runs";
  });
}

TEST(Exercise01_4, TheFallbackIsToldWhichOperatorRuns) {
  runExercise([] {
    OperatorTable<BinaryKernel> sub("sub");
    OperatorTable<BinaryKernel> mul("mul");
    FallbackRegistry fallbacks;
    fallbacks.registerFallback(DispatchKey::Real, &recordingFallback, kFirstRegistration);
    lastOperator.clear();
    // Neither operator has a kernel of its own: the fallback serves them all the same. A refusal
    // fails here, and leaves lastOperator as it was.
    EXPECT_NO_THROW(FallbackOperator(sub, fallbacks).call(real(1), real(2)));
    EXPECT_EQ(lastOperator, "sub");
    EXPECT_NO_THROW(FallbackOperator(mul, fallbacks).call(real(1), real(2)));
    EXPECT_EQ(lastOperator, "mul");
  });
}

TEST(Exercise01_4, AFallbackRedispatchesThroughTheOperator) {
  runExercise([] {
    // sub has a Real kernel only: Polar's fallback asks for its Rectangular
    // kernel and must meet the table's refusal, not work around it.
    OperatorTable<BinaryKernel> sub("sub");
    sub.registerKernel(DispatchKey::Real, &subReal, kFirstRegistration);
    FallbackRegistry fallbacks;
    fallbacks.registerFallback(DispatchKey::Polar, &polarThroughRectangular, kSecondRegistration);
    try {
      const Number answer = FallbackOperator(sub, fallbacks).call(polar(2, 0), polar(1, 0));
      FAIL() << "sub has no Rectangular kernel, yet Polar's fallback answered " << answer
             << ": the fallback must let the operator's own Rectangular kernel do the work";
    } catch (const std::runtime_error& error) {
      EXPECT_STREQ(error.what(),
                   "Could not run 'sub' with arguments from the 'Rectangular' backend. 'sub' is only available for "
                   "these backends: [Real, Polar].\n"
                   "Real: registered at first.cpp:1\n"
                   "Polar: backend fallback registered at second.cpp:2");
    }
  });
}

TEST(Exercise01_4, ASecondFallbackForAKeyIsRefused) {
  runExercise([] {
    OperatorTable<BinaryKernel> add("add");
    FallbackRegistry fallbacks;
    fallbacks.registerFallback(DispatchKey::Polar, &tagFallback, kFirstRegistration);
    try {
      fallbacks.registerFallback(DispatchKey::Polar, &recordingFallback, kSecondRegistration);
      FAIL() << "Polar has a fallback already: a second one is refused, not put in its place";
    } catch (const std::logic_error& error) {
      EXPECT_STREQ(error.what(),
                   "Tried to register multiple backend fallbacks for the same dispatch key Polar; previous "
                   "registration registered at first.cpp:1, new registration registered at second.cpp:2");
    }
    EXPECT_EQ(FallbackOperator(add, fallbacks).call(polar(1, 0), polar(1, 0)).first, 2)
        << "the refused fallback must not replace the first one";
  });
}

TEST(Exercise01_4, WithNeitherTheErrorNamesKernelsAndFallbacks) {
  runExercise([] {
    OperatorTable<BinaryKernel> sub("sub");
    sub.registerKernel(DispatchKey::Rectangular, &subRectangular, SourceSite{"sub.cpp", 7});
    FallbackRegistry fallbacks;
    fallbacks.registerFallback(DispatchKey::Real, &tagFallback, SourceSite{"fallbacks.cpp", 3});
    try {
      FallbackOperator(sub, fallbacks).call(polar(1, 0), polar(1, 0));
      FAIL() << "sub has no Polar kernel and Polar has no fallback";
    } catch (const std::runtime_error& error) {
      EXPECT_STREQ(error.what(),
                   "Could not run 'sub' with arguments from the 'Polar' backend. 'sub' is only available for these "
                   "backends: [Real, Rectangular].\n"
                   "Real: backend fallback registered at fallbacks.cpp:3\n"
                   "Rectangular: registered at sub.cpp:7")
          << "a key that a fallback fills is a key 'sub' runs on: the list names it, in key order, and its line "
             "says 'backend fallback'";
    }
  });
}

}  // namespace
}  // namespace mini
