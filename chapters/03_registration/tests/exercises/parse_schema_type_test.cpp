// Exercise 03.1: the type rule of the schema grammar, against the real parser.
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

#include "mini/exercises/parse_schema_type.h"
#include "mini/op_registration/schema_parser.h"
#include "support/exercise_support.h"

namespace mini {
namespace {

using mini_test::runExercise;

// What the chapter's parser makes of `text` as an argument's type.
Argument parsedByTheParser(const std::string& text) { return parseSchema("f(" + text + " x) -> ()").arguments[0]; }

TEST(Exercise03_1, BaseTypes) {
  runExercise([] {
    for (const char* text : {"Tensor", "int", "float", "bool", "str", "Scalar", "Device", "ScalarType"}) {
      EXPECT_EQ(exercises::parseSchemaType(text).first, parsedByTheParser(text).type) << text;
    }
  });
}

TEST(Exercise03_1, SuffixesWrapInnermostFirst) {
  runExercise([] {
    for (const char* text : {"Tensor?", "int[]", "int[2]", "Tensor?[]", "int[]?", "float[3]?", "Tensor[][]"}) {
      EXPECT_EQ(exercises::parseSchemaType(text).first, parsedByTheParser(text).type) << text;
    }
    const SchemaType listOfOptional = exercises::parseSchemaType("Tensor?[]").first;
    EXPECT_EQ(listOfOptional.kind(), SchemaType::Kind::List);
    EXPECT_EQ(listOfOptional.element().kind(), SchemaType::Kind::Optional);
  });
}

TEST(Exercise03_1, AliasAnnotations) {
  runExercise([] {
    for (const char* text : {"Tensor(a)", "Tensor(a!)", "Tensor(b!)[]", "Tensor(a)?"}) {
      const auto [type, alias] = exercises::parseSchemaType(text);
      const Argument expected = parsedByTheParser(text);
      EXPECT_EQ(type, expected.type) << text;
      EXPECT_EQ(alias, expected.alias) << text;
    }
    EXPECT_FALSE(exercises::parseSchemaType("Tensor").second.has_value());
  });
}

TEST(Exercise03_1, MistakesThrow) {
  runExercise([] {
    exercises::parseSchemaType("Tensor");  // a stub throws ExerciseNotDone here: SKIPPED, not failed
    for (const char* text : {"", "Tensr", "Tensor[", "Tensor(a", "Tensor!", "int[x]", "Tensor x"}) {
      EXPECT_THROW(exercises::parseSchemaType(text), std::invalid_argument) << "'" << text << "'";
    }
  });
}

}  // namespace
}  // namespace mini
