// Exercise 03.4: is an operator's new schema backward compatible with its old one?
//
// Every case's verdict (compatible: no reason; incompatible: a reason) is
// PyTorch 1.13's torch._C.parse_schema(updated).is_backward_compatible_with(
// torch._C.parse_schema(old)); maint/reference/check_backward_compatible_cases.py
// asks torch again for every case of this file. The reasons are the course's
// own (PyTorch gives one only for a new argument without a default).
#include <gtest/gtest.h>

#include "mini/exercises/backward_compatible.h"
#include "mini/op_registration/schema_parser.h"
#include "support/exercise_support.h"

namespace mini {
namespace {

using mini_test::runExercise;

struct Case {
  const char* updated;
  const char* old;
  const char* reason;  ///< nullptr: compatible
};

void expectVerdicts(std::initializer_list<Case> cases) {
  for (const Case& c : cases) {
    const std::optional<std::string> reason =
        exercises::backwardIncompatibility(parseSchema(c.updated), parseSchema(c.old));
    if (c.reason == nullptr) {
      EXPECT_EQ(reason, std::nullopt) << c.updated << "\n  must serve every call of\n" << c.old;
    } else {
      EXPECT_EQ(reason, std::optional<std::string>(c.reason)) << c.updated << "\n  does not serve every call of\n"
                                                              << c.old;
    }
  }
}

TEST(Exercise03_4, CompatibleChanges) {
  runExercise([] {
    expectVerdicts({
        {"f(Tensor self) -> Tensor", "f(Tensor self) -> Tensor", nullptr},
        {"f(Tensor self, int dim=0) -> Tensor", "f(Tensor self) -> Tensor", nullptr},
        {"f(Tensor self, *, int a=0) -> Tensor", "f(Tensor self) -> Tensor", nullptr},
        {"f(Tensor self, *, int a=0, int b=0) -> Tensor", "f(Tensor self, *, int a=0) -> Tensor", nullptr},
        {"f(int x=1) -> Tensor", "f(int x) -> Tensor", nullptr},
        {"f(Tensor self, int x) -> Tensor", "f(Tensor self, *, int x) -> Tensor", nullptr},
        {"f(Tensor self, int[] x=[1, 2]) -> Tensor", "f(Tensor self, int[] x=[1, 2]) -> Tensor", nullptr},
    });
  });
}

TEST(Exercise03_4, ATypeMayWidenToOneThatAcceptsIt) {
  runExercise([] {
    expectVerdicts({
        {"f(Tensor? self) -> Tensor", "f(Tensor self) -> Tensor", nullptr},
        {"f(int? x) -> Tensor", "f(int x) -> Tensor", nullptr},
        {"f(int[]? x) -> Tensor", "f(int[] x) -> Tensor", nullptr},
        {"f(Scalar a) -> Tensor", "f(float a) -> Tensor", nullptr},
        {"f(Tensor self, Scalar? alpha) -> Tensor", "f(Tensor self, Scalar alpha) -> Tensor", nullptr},
    });
  });
}

TEST(Exercise03_4, ATypeThatRejectsAnOldValueIsIncompatible) {
  runExercise([] {
    expectVerdicts({
        {"f(float x) -> Tensor", "f(int x) -> Tensor",
         "argument 'x' was int, is float, which does not accept every int"},
        {"f(Tensor self) -> Tensor", "f(Tensor? self) -> Tensor",
         "argument 'self' was Tensor?, is Tensor, which does not accept every Tensor?"},
        {"f(Scalar a) -> Tensor", "f(bool a) -> Tensor",
         "argument 'a' was bool, is Scalar, which does not accept every bool"},
        {"f(int[2] x) -> Tensor", "f(int[] x) -> Tensor",
         "argument 'x' was int[], is int[2], which does not accept every int[]"},
        {"f(int[] x) -> Tensor", "f(int[2] x) -> Tensor",
         "argument 'x' was int[2], is int[], which does not accept every int[2]"},
        {"f(Tensor?[] x) -> Tensor", "f(Tensor[] x) -> Tensor",
         "argument 'x' was Tensor[], is Tensor?[], which does not accept every Tensor[]"},
    });
  });
}

TEST(Exercise03_4, NewArgumentsNeedADefault) {
  runExercise([] {
    expectVerdicts({
        {"f(Tensor self, int dim) -> Tensor", "f(Tensor self) -> Tensor",
         "Function schema not backward compatible since the new argument 'dim' of type int did not provide a default "
         "value."},
        {"f(Tensor self, *, int a) -> Tensor", "f(Tensor self) -> Tensor",
         "Function schema not backward compatible since the new argument 'a' of type int did not provide a default "
         "value."},
    });
  });
}

TEST(Exercise03_4, ArgumentsKeepTheirNameAnnotationAndPlace) {
  runExercise([] {
    expectVerdicts({
        {"f(Tensor input) -> Tensor", "f(Tensor self) -> Tensor", "argument 'self' is now named 'input'"},
        {"f(Tensor(a!) self) -> Tensor(a!)", "f(Tensor self) -> Tensor(a!)",
         "argument 'self' was Tensor, is Tensor(a!): its alias annotation changed"},
        {"f(Tensor self) -> Tensor", "f(Tensor(a) self) -> Tensor",
         "argument 'self' was Tensor(a), is Tensor: its alias annotation changed"},
        {"f(Tensor self, *, int x) -> Tensor", "f(Tensor self, int x) -> Tensor", "argument 'x' became keyword-only"},
        // A new argument goes after the old ones, not between them.
        {"f(Tensor self, int b=0, *, int a=0) -> Tensor", "f(Tensor self, *, int a=0) -> Tensor",
         "argument 'a' is now named 'b'"},
        {"f(Tensor self) -> Tensor", "f(Tensor self, int dim=0) -> Tensor", "argument 'dim' was removed"},
        // Two changes at once: the first reason in the lesson's order.
        {"f(float input) -> Tensor", "f(int self) -> Tensor", "argument 'self' is now named 'input'"},
        {"f(Tensor self, *, float x) -> Tensor", "f(Tensor self, int x) -> Tensor", "argument 'x' became keyword-only"},
        {"f(Tensor self, float x=2.5) -> Tensor", "f(Tensor self, int x=1) -> Tensor",
         "argument 'x' was int, is float, which does not accept every int"},
    });
  });
}

TEST(Exercise03_4, DefaultsStayTheSame) {
  runExercise([] {
    expectVerdicts({
        {"f(int x=2) -> Tensor", "f(int x=1) -> Tensor", "argument 'x' had the default 1, has 2"},
        {"f(int x) -> Tensor", "f(int x=1) -> Tensor", "argument 'x' had the default 1, has none"},
        {"f(Tensor self, int? alpha=None) -> Tensor", "f(Tensor self, int alpha=1) -> Tensor",
         "argument 'alpha' had the default 1, has None"},
        {"f(Tensor self, int[] x=[1, 3]) -> Tensor", "f(Tensor self, int[] x=[1, 2]) -> Tensor",
         "argument 'x' had the default [1, 2], has [1, 3]"},
    });
  });
}

// PyTorch compares default values, and `int a=1.0` holds the float 1.0 (the
// parser never checks a default against its type, exercise 03.1): 1 and 1.0
// are different values, so this is a change in PyTorch 1.13 as well.
TEST(Exercise03_4, AnIntDefaultIsNoFloatDefault) {
  runExercise([] {
    expectVerdicts({
        {"f(int a=1.0) -> ()", "f(int a=1) -> ()", "argument 'a' had the default 1, has 1.0"},
        {"f(int a=1) -> ()", "f(int a=1.0) -> ()", "argument 'a' had the default 1.0, has 1"},
        {"f(Scalar a=2.0) -> ()", "f(Scalar a=2) -> ()", "argument 'a' had the default 2, has 2.0"},
    });
  });
}

TEST(Exercise03_4, ReturnsMayOnlyNarrow) {
  runExercise([] {
    expectVerdicts({
        {"f(Tensor self) -> Tensor", "f(Tensor self) -> Tensor?", nullptr},
        {"f(Tensor self) -> Tensor?", "f(Tensor self) -> Tensor", "return 1 was Tensor, is Tensor?"},
        {"f(Tensor self) -> (Tensor, Tensor)", "f(Tensor self) -> Tensor",
         "The number of returns is different: was 1, is 2"},
        {"f(Tensor self) -> (Tensor, int)", "f(Tensor self) -> (Tensor, float)", "return 2 was float, is int"},
        {"f(Tensor self) -> Tensor out", "f(Tensor self) -> Tensor", "return 1 was Tensor, is Tensor out"},
    });
  });
}

TEST(Exercise03_4, OutArgumentsStayLastAndUnchanged) {
  runExercise([] {
    expectVerdicts({
        {"f(Tensor self, int dim=0, *, Tensor(a!) out) -> Tensor(a!)",
         "f(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", nullptr},
        {"f(Tensor self, *, Tensor(a!) out, Tensor(b!) out2) -> Tensor(a!)",
         "f(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", nullptr},
        {"f(Tensor self, int dim, *, Tensor(a!) out) -> Tensor(a!)", "f(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
         "Function schema not backward compatible since the new argument 'dim' of type int did not provide a default "
         "value."},
        {"f(Tensor self, *, Tensor(a!) result) -> Tensor(a!)", "f(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
         "out argument 'out' was Tensor(a!) out, is Tensor(a!) result"},
        {"f(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
         "f(Tensor self, *, Tensor(a!) out, Tensor(b!) out2) -> Tensor(a!)", "out argument 'out2' was removed"},
    });
  });
}

TEST(Exercise03_4, AnotherOperatorIsIncompatible) {
  runExercise([] {
    expectVerdicts({
        {"g(Tensor self) -> Tensor", "f(Tensor self) -> Tensor", "g is another operator than f"},
        {"f.out(Tensor self) -> Tensor", "f(Tensor self) -> Tensor", "f.out is another operator than f"},
    });
  });
}

}  // namespace
}  // namespace mini
