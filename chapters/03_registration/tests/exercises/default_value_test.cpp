// Exercise 03.1: the value of a default, against PyTorch 1.13's schema parser.
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

#include "mini/exercises/default_value.h"
#include "mini/op_registration/schema_parser.h"
#include "support/exercise_support.h"

namespace mini {
namespace {

using mini_test::runExercise;

// An argument as a schema spells it, and repr(default_value) of that
// argument in torch._C.parse_schema("f(<argument>) -> ()") on PyTorch 1.13,
// or nullptr where torch refuses it; maint/reference/check_default_value_cases.py asks
// torch again.
struct DefaultCase {
  const char* argument;
  const char* value;
};

// The chapter's parser reads the argument; the exercise reads its default.
std::string defaultOf(const char* argument) {
  return exercises::defaultValue(parseSchema(fmt::format("f({}) -> ()", argument)).arguments[0]);
}

void expectDefaults(std::initializer_list<DefaultCase> cases, const char* rule) {
  for (const DefaultCase& c : cases) {
    EXPECT_EQ(defaultOf(c.argument), c.value) << "the default of `" << c.argument << "`: " << rule;
  }
}

TEST(Exercise03_1, NumbersTakeTheirKindFromTheirSpelling) {
  runExercise([] {
    expectDefaults({{"int a=1", "1"},
                    {"int a=-1", "-1"},
                    {"int a=1.0", "1.0"},
                    {"int a=1.5", "1.5"},
                    {"int a=1e3", "1000.0"},
                    {"int a=True", "True"},
                    {"Scalar a=1", "1"},
                    {"Scalar a=1.5", "1.5"},
                    {"Scalar a=-1", "-1"},
                    {"SymInt a=1", "1"}},
                   "a number with '.' or 'e' is a float, any other an int, whatever the type (int a=1.0 is the float "
                   "1.0: PyTorch does not check a default against its type)");
  });
}

TEST(Exercise03_1, AFloatTypeMakesAnIntAFloat) {
  runExercise([] {
    expectDefaults({{"float a=1", "1.0"},
                    {"float a=-2", "-2.0"},
                    {"float a=1.0", "1.0"},
                    {"float a=0.5", "0.5"},
                    {"float a=1e-05", "1e-05"},
                    {"float a=1e20", "1e+20"},
                    {"float a=-0.0", "-0.0"},
                    {"float a=True", "True"}},
                   "a float type turns an int into a float, printed as Python prints a float (1.0, 1e-05, 1e+20)");
  });
}

TEST(Exercise03_1, AnOptionalNeverConverts) {
  runExercise([] {
    expectDefaults({{"float? a=1", "1"},
                    {"int? a=1.0", "1.0"},
                    {"int[2]? s=1", "1"},
                    {"int a=None", "None"},
                    {"Tensor t=None", "None"},
                    {"Tensor? t=None", "None"},
                    {"str? s=None", "None"},
                    {"ScalarType? dtype=None", "None"},
                    {"int[2]? s=None", "None"},
                    {"bool? b=None", "None"}},
                   "an optional's default is one constant read as the optional itself: no int becomes a float, no "
                   "number becomes a list");
  });
}

TEST(Exercise03_1, AFixedSizeListRepeatsOneNumber) {
  runExercise([] {
    expectDefaults(
        {{"int[2] s=1", "[1, 1]"}, {"int[1] s=3", "[3]"}, {"float[2] f=1", "[1.0, 1.0]"}, {"SymInt[2] s=0", "[0, 0]"}},
        "`int[2] s=1` stands for [1, 1]: one number, repeated to the list's size");
  });
}

TEST(Exercise03_1, ListsConvertEveryItem) {
  runExercise([] {
    expectDefaults({{"int[] s=[]", "[]"},
                    {"int[2] s=[1, 2]", "[1, 2]"},
                    {"int[3] s=[0, 1, 2]", "[0, 1, 2]"},
                    {"int[2] s=[1]", "[1]"},
                    {"float[] f=[1, 2.5]", "[1.0, 2.5]"},
                    {"float[2] f=[1, 2]", "[1.0, 2.0]"},
                    {"bool[3] b=[True, False, True]", "[True, False, True]"}},
                   "each item is read as a constant of the element type (a float list's ints become floats); the "
                   "size is not checked");
  });
}

TEST(Exercise03_1, StringsBoolsAndNamedConstants) {
  runExercise([] {
    expectDefaults(
        {{"bool b=True", "True"},
         {"bool b=False", "False"},
         {"str s='mean'", "'mean'"},
         {"str s=\"sum\"", "'sum'"},
         {"ScalarType s=float", "6"},
         {"ScalarType s=long", "4"},
         {"ScalarType s=complex", "9"},
         {"Layout l=strided", "0"},
         {"MemoryFormat m=contiguous_format", "0"},
         {"int r=Mean", "1"}},
        "a string prints in Python's single quotes; a named constant is the integer PyTorch's enum gives it");
  });
}

/// EXPECT_THROW(call(), std::invalid_argument), except that the stub's
/// ExerciseNotDone goes through to runExercise: EXPECT_THROW would take it
/// for a wrong exception and fail an exercise nobody has touched yet.
template <class Call>
void expectRefused(Call call, const std::string& why) {
  try {
    call();
    ADD_FAILURE() << why << " (nothing was thrown)";
  } catch (const ExerciseNotDone&) {
    throw;
  } catch (const std::invalid_argument&) {
    // refused, as PyTorch refuses it
  } catch (const std::exception& error) {
    ADD_FAILURE() << why << " (threw another exception: " << error.what() << ")";
  }
}

TEST(Exercise03_1, RefusesWhatPyTorchRefuses) {
  runExercise([] {
    // PyTorch 1.13's parser refuses these ("invalid numeric default value"),
    // and so does the chapter's. An Argument can still be made by hand with
    // one (here: the parser reads the argument without its default), and the
    // exercise must refuse it too.
    for (const DefaultCase& c :
         {DefaultCase{"ScalarType s=float16", nullptr}, DefaultCase{"ScalarType s=int64", nullptr},
          DefaultCase{"ScalarType s=bool", nullptr}}) {
      const std::string_view spelled = c.argument;
      const std::size_t equals = spelled.find('=');
      Argument argument = parseSchema(fmt::format("f({}) -> ()", spelled.substr(0, equals))).arguments[0];
      argument.default_value = std::string(spelled.substr(equals + 1));
      expectRefused([&] { (void)exercises::defaultValue(argument); },
                    fmt::format("`{}`: PyTorch 1.13 knows only float, complex, long, strided, Mean and "
                                "contiguous_format as named defaults",
                                c.argument));
    }
    expectRefused([] { (void)exercises::defaultValue(parseSchema("f(int a) -> ()").arguments[0]); },
                  "an argument without a default has no default value to read");
  });
}

}  // namespace
}  // namespace mini
