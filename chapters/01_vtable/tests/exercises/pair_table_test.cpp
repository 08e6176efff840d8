// Exercise 01.2: a table for every pair of keys.
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

#include "mini/pair_table.h"
#include "support/exercise_support.h"

namespace mini {
namespace {

using mini_test::runExercise;

// A kernel that says which cell ran: Rectangular(row, column).
template <DispatchKey A, DispatchKey B>
Number cellTag(const Number&, const Number&) {
  return rectangular(static_cast<double>(A), static_cast<double>(B));
}

Number subReals(const Number& a, const Number& b) { return real(a.first - b.first); }

const SourceSite kFirstSite{"first.cpp", 1};
const SourceSite kSecondSite{"second.cpp", 2};

TEST(Exercise01_2, RunsTheKernelOfThePair) {
  runExercise([] {
    PairTable sub("sub");
    sub.registerKernel(DispatchKey::Real, DispatchKey::Real, &subReals, kFirstSite);
    const Number difference = sub.call(real(5), real(2));
    // Its key is subReals's own, a Real whatever the table does: the value is the table's part.
    EXPECT_DOUBLE_EQ(difference.first, 3);
  });
}

TEST(Exercise01_2, EveryPairIsItsOwnCell) {
  runExercise([] {
    PairTable table("tag");
    table.registerKernel(DispatchKey::Real, DispatchKey::Real, &cellTag<DispatchKey::Real, DispatchKey::Real>);
    table.registerKernel(DispatchKey::Real, DispatchKey::Polar, &cellTag<DispatchKey::Real, DispatchKey::Polar>);
    table.registerKernel(DispatchKey::Polar, DispatchKey::Real, &cellTag<DispatchKey::Polar, DispatchKey::Real>);
    table.registerKernel(DispatchKey::Rectangular, DispatchKey::Polar,
                         &cellTag<DispatchKey::Rectangular, DispatchKey::Polar>);
    const Number numbers[] = {real(1), rectangular(1, 1), polar(1, 0)};
    for (const Number& x : numbers) {
      for (const Number& y : numbers) {
        const bool registered = (x.key == DispatchKey::Real && y.key != DispatchKey::Rectangular) ||
                                (x.key == DispatchKey::Polar && y.key == DispatchKey::Real) ||
                                (x.key == DispatchKey::Rectangular && y.key == DispatchKey::Polar);
        if (!registered) continue;
        const Number ran = table.call(x, y);
        EXPECT_EQ(ran.first, static_cast<double>(x.key))
            << "call(" << x << ", " << y << ") ran the kernel of cell ("
            << static_cast<DispatchKey>(static_cast<int>(ran.first)) << ", "
            << static_cast<DispatchKey>(static_cast<int>(ran.second)) << ")";
        EXPECT_EQ(ran.second, static_cast<double>(y.key));
      }
    }
  });
}

TEST(Exercise01_2, OrderMatters) {
  runExercise([] {
    PairTable sub("sub");
    sub.registerKernel(DispatchKey::Real, DispatchKey::Real, &subReals, kFirstSite);
    sub.registerKernel(DispatchKey::Real, DispatchKey::Polar, &cellTag<DispatchKey::Real, DispatchKey::Polar>,
                       kSecondSite);
    try {
      sub.call(polar(1, 0), real(1));
      FAIL() << "(Polar, Real) has no kernel: (Real, Polar) is another cell";
    } catch (const std::runtime_error& error) {
      EXPECT_STREQ(error.what(),
                   "Could not run 'sub' with arguments from the (Polar, Real) backends. 'sub' is only available for "
                   "these pairs: [(Real, Real), (Real, Polar)].");
    }
  });
}

TEST(Exercise01_2, NoPriorityFillsAnEmptyCell) {
  runExercise([] {
    PairTable table("tag");
    table.registerKernel(DispatchKey::Polar, DispatchKey::Polar, &cellTag<DispatchKey::Polar, DispatchKey::Polar>);
    table.registerKernel(DispatchKey::Real, DispatchKey::Real, &cellTag<DispatchKey::Real, DispatchKey::Real>);
    EXPECT_THROW(table.call(real(1), polar(1, 0)), std::runtime_error)
        << "(Real, Polar) has no kernel: the priority rule of OperatorTable (Polar wins) has no place here";
  });
}

TEST(Exercise01_2, ASecondKernelForAPairIsRefused) {
  runExercise([] {
    PairTable sub("sub");
    sub.registerKernel(DispatchKey::Real, DispatchKey::Polar, &subReals, kFirstSite);
    try {
      sub.registerKernel(DispatchKey::Real, DispatchKey::Polar, &cellTag<DispatchKey::Real, DispatchKey::Polar>,
                         kSecondSite);
      FAIL() << "(Real, Polar) has a kernel already";
    } catch (const std::logic_error& error) {
      EXPECT_STREQ(error.what(),
                   "Tried to register a kernel for 'sub' on keys (Real, Polar) twice. Each pair takes a single "
                   "kernel. Duplicate registration: registered at second.cpp:2. Original registration: registered "
                   "at first.cpp:1");
    }
    EXPECT_EQ(sub.call(real(3), polar(1, 0)).first, 2) << "the refused kernel must not replace the first one";
  });
}

TEST(Exercise01_2, AvailablePairsAreListedRowByRow) {
  runExercise([] {
    PairTable sub("sub");
    // Registered column first: the message's order must come from the table, not from registration.
    sub.registerKernel(DispatchKey::Rectangular, DispatchKey::Real, &subReals, kFirstSite);
    sub.registerKernel(DispatchKey::Real, DispatchKey::Polar, &subReals, kSecondSite);
    try {
      sub.call(polar(1, 0), polar(1, 0));
      FAIL() << "(Polar, Polar) has no kernel";
    } catch (const std::runtime_error& error) {
      EXPECT_STREQ(error.what(),
                   "Could not run 'sub' with arguments from the (Polar, Polar) backends. 'sub' is only available for "
                   "these pairs: [(Real, Polar), (Rectangular, Real)].")
          << "the pairs are listed row by row, the first key's order first: (Real, Polar) in row Real comes before "
             "(Rectangular, Real) in row Rectangular, although its column (Polar) comes after Real";
    }
  });
}

}  // namespace
}  // namespace mini
