// The schema parser on its own: every construct of the grammar, printing back,
// and every error text. Where an error is one libtorch 1.13 also reports, the
// comment above the check quotes what `torch._C.parse_schema(...)` printed
// (Debian python3-torch 1.13.1), so a difference is a deliberate one.
#include <gtest/gtest.h>

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "mini/op_registration/schema_parser.h"

namespace mini {
namespace {

using Kind = SchemaType::Kind;

// what() of the error parseSchema throws for `source`; a test that expects an
// error fails here if there is none.
std::string parseError(std::string_view source) {
  try {
    const FunctionSchema schema = parseSchema(source);
    ADD_FAILURE() << "expected a SchemaParseError for: " << source << "\nparsed as: " << schema.toString();
  } catch (const SchemaParseError& error) {
    return error.what();
  }
  return {};
}

const Argument& argumentNamed(const FunctionSchema& schema, std::string_view name) {
  for (const auto& argument : schema.arguments) {
    if (argument.name == name) return argument;
  }
  throw std::logic_error("no argument named " + std::string(name));
}

// --- names --------------------------------------------------------------------

TEST(SchemaParser, ParsesTheTutorialSchema) {
  const FunctionSchema schema = parseSchema("myops::myadd(Tensor self, Tensor other) -> Tensor");
  EXPECT_EQ(schema.name, "myops::myadd");
  EXPECT_EQ(schema.ns(), "myops");
  EXPECT_EQ(schema.overload_name, "");
  EXPECT_EQ(schema.operatorName(), "myops::myadd");
  ASSERT_EQ(schema.arguments.size(), 2u);
  EXPECT_EQ(schema.arguments[0].name, "self");
  EXPECT_EQ(schema.arguments[0].type, SchemaType::base(Kind::Tensor));
  EXPECT_EQ(schema.arguments[1].name, "other");
  EXPECT_FALSE(schema.arguments[1].default_value);
  EXPECT_FALSE(schema.arguments[1].kwarg_only);
  EXPECT_FALSE(schema.arguments[1].alias);
  ASSERT_EQ(schema.returns.size(), 1u);
  EXPECT_EQ(schema.returns[0].name, "");
  EXPECT_EQ(schema.returns[0].type, SchemaType::base(Kind::Tensor));
}

TEST(SchemaParser, OverloadNameFollowsTheDot) {
  const FunctionSchema tensor = parseSchema("aten::add.Tensor(Tensor self, Tensor other) -> Tensor");
  EXPECT_EQ(tensor.name, "aten::add");
  EXPECT_EQ(tensor.overload_name, "Tensor");
  EXPECT_EQ(tensor.operatorName(), "aten::add.Tensor");

  const FunctionSchema out =
      parseSchema("myops::myadd.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)");
  EXPECT_EQ(out.operatorName(), "myops::myadd.out");
}

TEST(SchemaParser, NameWithoutNamespaceHasEmptyNs) {
  const FunctionSchema schema = parseSchema("foo(Tensor x) -> Tensor");
  EXPECT_EQ(schema.name, "foo");
  EXPECT_EQ(schema.ns(), "");
  EXPECT_EQ(schema.operatorName(), "foo");
}

// --- types --------------------------------------------------------------------

TEST(SchemaParser, EveryBaseType) {
  const FunctionSchema schema =
      parseSchema("f(Tensor t, int i, float f, bool b, str s, Scalar a, Device d, ScalarType dt) -> ()");
  const std::vector<Kind> expected{Kind::Tensor, Kind::Int,    Kind::Float,  Kind::Bool,
                                   Kind::String, Kind::Scalar, Kind::Device, Kind::ScalarType};
  ASSERT_EQ(schema.arguments.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(schema.arguments[i].type, SchemaType::base(expected[i])) << "argument " << i;
  }
}

TEST(SchemaParser, OptionalAndListTypesNest) {
  const FunctionSchema schema =
      parseSchema("f(Tensor? w, int[] dims, int[2] kernel, Tensor[] ts, Tensor?[] indices, int[]? size) -> ()");
  const SchemaType tensor = SchemaType::base(Kind::Tensor);
  const SchemaType integer = SchemaType::base(Kind::Int);
  EXPECT_EQ(argumentNamed(schema, "w").type, SchemaType::optionalOf(tensor));
  EXPECT_EQ(argumentNamed(schema, "dims").type, SchemaType::listOf(integer));
  EXPECT_EQ(argumentNamed(schema, "kernel").type, SchemaType::listOf(integer, 2));
  EXPECT_EQ(argumentNamed(schema, "kernel").type.fixedSize(), std::optional<std::size_t>(2));
  EXPECT_EQ(argumentNamed(schema, "dims").type.fixedSize(), std::nullopt);
  EXPECT_EQ(argumentNamed(schema, "ts").type, SchemaType::listOf(tensor));
  EXPECT_EQ(argumentNamed(schema, "indices").type, SchemaType::listOf(SchemaType::optionalOf(tensor)));
  EXPECT_EQ(argumentNamed(schema, "size").type, SchemaType::optionalOf(SchemaType::listOf(integer)));
}

// Each '?' wraps the type once more. Printing such a type must cost time in
// proportion to its depth: the fuzzer once found that printing visited the
// element twice per level, so that a hundred '?' never finished.
TEST(SchemaParser, DeeplyNestedOptionalsParseAndPrintBack) {
  const std::string text = fmt::format("f(Tensor{} x) -> ()", std::string(99, '?'));
  const FunctionSchema schema = parseSchema(text);
  SchemaType type = SchemaType::base(Kind::Tensor);
  for (int depth = 0; depth < 99; ++depth) type = SchemaType::optionalOf(type);
  EXPECT_EQ(argumentNamed(schema, "x").type, type);
  EXPECT_EQ(schema.toString(), text);
}

// The fuzzer also found that a few thousand '(' overflowed the stack. A type
// nested more than 100 levels ('?', '[]' and containers alike) is refused,
// with the marker on the level that goes too deep.
TEST(SchemaParseErrors, TypesNestedTooDeeplyAreRefused) {
  const std::string too_deep = "this type is nested more than 100 levels deep, which is not supported:\n";
  const std::string optionals = parseError(fmt::format("f(Tensor{} x) -> ()", std::string(100, '?')));
  EXPECT_EQ(optionals.substr(0, too_deep.size()), too_deep);
  EXPECT_NE(optionals.find(fmt::format("\n{}~ <--- HERE", std::string(8 + 99, ' '))), std::string::npos) << optionals;
  const std::string tuples = fmt::format("f({}int{} x) -> ()", std::string(4000, '('), std::string(4000, ')'));
  EXPECT_EQ(parseError(tuples).substr(0, too_deep.size()), too_deep);
  const std::string lists = fmt::format("f(Dict(str, {}int{}) x) -> ()", std::string(99, '('), std::string(99, ')'));
  EXPECT_EQ(parseError(lists).substr(0, too_deep.size()), too_deep);
}

TEST(SchemaType, EqualityLooksAtKindSizeAndElement) {
  const SchemaType integer = SchemaType::base(Kind::Int);
  EXPECT_NE(SchemaType::listOf(integer), SchemaType::listOf(integer, 2));
  EXPECT_NE(SchemaType::listOf(integer, 2), SchemaType::listOf(integer, 3));
  EXPECT_NE(SchemaType::listOf(integer), SchemaType::listOf(SchemaType::base(Kind::Float)));
  EXPECT_NE(SchemaType::optionalOf(integer), SchemaType::listOf(integer));
  EXPECT_NE(integer, SchemaType::base(Kind::Scalar));
}

TEST(SchemaType, BaseRefusesTheWrapperKinds) {
  EXPECT_THROW(SchemaType::base(Kind::List), std::logic_error);
  EXPECT_THROW(SchemaType::base(Kind::Optional), std::logic_error);
}

// --- arguments ----------------------------------------------------------------

TEST(SchemaParser, DefaultsKeepTheirCanonicalText) {
  const FunctionSchema schema = parseSchema(
      "f(Tensor self, Scalar alpha=1, int[] dims=[], str mode=\"x\", bool keepdim=False, "
      "float eps=1e-5, Tensor? w=None, int dim=-1, int[] perm=[0,1, -2], int[2] pad=0, "
      "bool[] mask=[True, False], ScalarType? dtype=long) -> Tensor");
  const std::vector<std::pair<std::string, std::string>> expected{
      {"alpha", "1"},   {"dims", "[]"}, {"mode", "\"x\""},      {"keepdim", "False"}, {"eps", "1e-5"},
      {"w", "None"},    {"dim", "-1"},  {"perm", "[0, 1, -2]"}, {"pad", "0"},         {"mask", "[True, False]"},
      {"dtype", "long"}};
  for (const auto& [name, text] : expected) {
    const Argument& argument = argumentNamed(schema, name);
    ASSERT_TRUE(argument.default_value) << name;
    EXPECT_EQ(*argument.default_value, text) << name;
  }
  EXPECT_FALSE(argumentNamed(schema, "self").default_value);
}

TEST(SchemaParser, SingleQuotedStringsPrintDoubleQuoted) {
  // torch: f(str m='mean', str q='a"b') prints str m="mean", str q="a\"b".
  const FunctionSchema schema = parseSchema(R"(f(str m='mean', str q='a"b', str e="a\"b") -> ())");
  EXPECT_EQ(*argumentNamed(schema, "m").default_value, R"("mean")");
  EXPECT_EQ(*argumentNamed(schema, "q").default_value, R"("a\"b")");
  EXPECT_EQ(*argumentNamed(schema, "e").default_value, R"("a\"b")");
}

TEST(SchemaParser, StarMakesTheRestKeywordOnly) {
  const FunctionSchema schema =
      parseSchema("f(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)");
  EXPECT_FALSE(argumentNamed(schema, "self").kwarg_only);
  EXPECT_FALSE(argumentNamed(schema, "other").kwarg_only);
  EXPECT_TRUE(argumentNamed(schema, "alpha").kwarg_only);
  EXPECT_TRUE(argumentNamed(schema, "out").kwarg_only);
  EXPECT_EQ(schema.arguments.size(), 4u);  // `*` is not an argument
}

TEST(SchemaParser, StarFirstAndRepeatedStarPrintOnce) {
  // torch: foo(Tensor x, *, *, int y) -> Tensor prints foo(Tensor x, *, int y) -> Tensor.
  EXPECT_EQ(parseSchema("foo(Tensor x, *, *, int y) -> Tensor").toString(), "foo(Tensor x, *, int y) -> Tensor");
  EXPECT_EQ(parseSchema("foo(*, Tensor x) -> Tensor").toString(), "foo(*, Tensor x) -> Tensor");
  // A `*` with nothing after it leaves nothing keyword-only, so it is not printed.
  EXPECT_EQ(parseSchema("foo(Tensor x, *) -> Tensor").toString(), "foo(Tensor x) -> Tensor");
}

TEST(SchemaParser, AliasAnnotations) {
  const FunctionSchema schema =
      parseSchema("f(Tensor(a!) self, Tensor(b) view, Tensor(c)[] parts, Tensor plain) -> Tensor(a!)");
  EXPECT_EQ(argumentNamed(schema, "self").alias, (AliasInfo{"a", true}));
  EXPECT_EQ(argumentNamed(schema, "view").alias, (AliasInfo{"b", false}));
  EXPECT_EQ(argumentNamed(schema, "parts").alias, (AliasInfo{"c", false}));
  EXPECT_EQ(argumentNamed(schema, "parts").type, SchemaType::listOf(SchemaType::base(Kind::Tensor)));
  EXPECT_FALSE(argumentNamed(schema, "plain").alias);
  EXPECT_EQ(schema.returns.at(0).alias, (AliasInfo{"a", true}));
  // The annotation prints inside the list suffix, where it was written.
  EXPECT_EQ(argumentNamed(schema, "parts").toString(), "Tensor(c)[] parts");
}

// --- PyTorch's other types and annotations ------------------------------------

TEST(SchemaParser, EveryOtherBaseTypeOfPyTorch) {
  const std::vector<std::pair<std::string, Kind>> spellings{{"SymInt", Kind::SymInt},
                                                            {"complex", Kind::Complex},
                                                            {"Layout", Kind::Layout},
                                                            {"MemoryFormat", Kind::MemoryFormat},
                                                            {"Generator", Kind::Generator},
                                                            {"Storage", Kind::Storage},
                                                            {"Stream", Kind::Stream},
                                                            {"QScheme", Kind::QScheme},
                                                            {"Quantizer", Kind::Quantizer},
                                                            {"Capsule", Kind::Capsule},
                                                            {"Any", Kind::Any},
                                                            {"AnyClassType", Kind::AnyClassType},
                                                            {"AnyEnumType", Kind::AnyEnumType},
                                                            {"NoneType", Kind::NoneType}};
  for (const auto& [name, kind] : spellings) {
    const std::string text = fmt::format("f({} x) -> {}", name, name);
    const FunctionSchema schema = parseSchema(text);
    EXPECT_EQ(schema.arguments.at(0).type, SchemaType::base(kind)) << name;
    EXPECT_EQ(schema.toString(), text);
  }
  // torch: f(None x) -> () prints f(NoneType x) -> ().
  EXPECT_EQ(parseSchema("f(None x) -> ()").toString(), "f(NoneType x) -> ()");
}

TEST(SchemaParser, TypeVariablesAreLowerCaseNamesThatAreNoType) {
  const FunctionSchema schema = parseSchema("aten::append.t(t[](a!) self, t(c -> *) el) -> t[](a!)");
  const SchemaType t = SchemaType::named(Kind::Variable, "t");
  EXPECT_EQ(argumentNamed(schema, "el").type, t);
  EXPECT_EQ(argumentNamed(schema, "el").type.name(), "t");
  EXPECT_EQ(argumentNamed(schema, "self").type, SchemaType::listOf(t, std::nullopt, AliasInfo{"a", true}));
  // The list's own annotation is not its elements'.
  EXPECT_FALSE(argumentNamed(schema, "self").alias);
  EXPECT_EQ(schema.toString(), "aten::append.t(t[](a!) self, t(c -> *) el) -> t[](a!)");
  // As in PyTorch, a misspelled lower-case type is a type variable, and an
  // upper-case one is an error.
  EXPECT_EQ(parseSchema("f(tensor x) -> ()").arguments.at(0).type.kind(), Kind::Variable);
}

TEST(SchemaParser, CustomClassesKeepTheirQualifiedName) {
  const std::string text =
      "quantized::linear(Tensor X, __torch__.torch.classes.quantized.LinearPackedParamsBase W_prepack, "
      "float Y_scale_i, int Y_zero_point_i) -> Tensor Y";
  const FunctionSchema schema = parseSchema(text);
  const SchemaType& type = argumentNamed(schema, "W_prepack").type;
  EXPECT_EQ(type.kind(), Kind::Class);
  EXPECT_EQ(type.name(), "__torch__.torch.classes.quantized.LinearPackedParamsBase");
  EXPECT_EQ(schema.toString(), text);
}

TEST(SchemaParser, ContainerTypes) {
  const FunctionSchema schema = parseSchema(
      "f(Dict(str, Tensor) d, (int, float) pair, Future(t) fut, RRef(t) ref, Union(int, str) u, () empty) "
      "-> ((Tensor, t)[])");
  const SchemaType str = SchemaType::base(Kind::String);
  const SchemaType tensor = SchemaType::base(Kind::Tensor);
  const SchemaType t = SchemaType::named(Kind::Variable, "t");
  EXPECT_EQ(argumentNamed(schema, "d").type, SchemaType::containerOf(Kind::Dict, {str, tensor}));
  EXPECT_EQ(argumentNamed(schema, "pair").type,
            SchemaType::containerOf(Kind::Tuple, {SchemaType::base(Kind::Int), SchemaType::base(Kind::Float)}));
  EXPECT_EQ(argumentNamed(schema, "fut").type, SchemaType::containerOf(Kind::Future, {t}));
  EXPECT_EQ(argumentNamed(schema, "ref").type.element(), t);
  EXPECT_EQ(argumentNamed(schema, "u").type.elements().size(), 2u);
  EXPECT_TRUE(argumentNamed(schema, "empty").type.elements().empty());
  // A lone tuple return keeps its parentheses: bare, `-> (Tensor, t)[]` would be two returns.
  EXPECT_EQ(schema.toString(),
            "f(Dict(str, Tensor) d, (int, float) pair, Future(t) fut, RRef(t) ref, Union(int, str) u, () empty) "
            "-> ((Tensor, t)[])");
  EXPECT_EQ(parseSchema("f() -> ((int, int))").returns.size(), 1u);
  EXPECT_EQ(parseSchema("f() -> (int, int)").returns.size(), 2u);
  // Dict takes an annotation as a whole: `Dict(str, t)(a!) self`.
  EXPECT_EQ(parseSchema("aten::clear.str(Dict(str, t)(a!) self) -> ()").arguments.at(0).alias, (AliasInfo{"a", true}));
}

TEST(SchemaParser, VarargsAndVarrets) {
  const FunctionSchema format = parseSchema("aten::format(str self, ...) -> str");
  EXPECT_TRUE(format.is_vararg);
  EXPECT_FALSE(format.is_varret);
  EXPECT_EQ(format.arguments.size(), 1u);  // `...` is not an argument
  EXPECT_EQ(format.toString(), "aten::format(str self, ...) -> str");

  const FunctionSchema chunks = parseSchema("prim::ChunkSizes(...) -> ...");
  EXPECT_TRUE(chunks.is_vararg);
  EXPECT_TRUE(chunks.is_varret);
  EXPECT_TRUE(chunks.returns.empty());
  EXPECT_EQ(chunks.toString(), "prim::ChunkSizes(...) -> ...");
  // torch: the same three prints.
  EXPECT_EQ(parseSchema("foo(Tensor x) -> (Tensor, ...)").toString(), "foo(Tensor x) -> (Tensor, ...)");
  EXPECT_EQ(parseSchema("foo(Tensor x, ...) -> (...)").toString(), "foo(Tensor x, ...) -> ...");
  EXPECT_NE(parseSchema("f(...) -> ()"), parseSchema("f() -> ()"));
}

TEST(SchemaParser, AliasSetsWildcardsAndAfterSets) {
  const FunctionSchema schema =
      parseSchema("f(Tensor(a) x, Tensor(b|c) y, Tensor(*) z, Tensor(a! -> *) w, Tensor(d -> d) v) -> Tensor(b|a)");
  EXPECT_EQ(argumentNamed(schema, "y").alias, (AliasInfo{"b", false, {"c"}}));
  EXPECT_EQ(argumentNamed(schema, "z").alias, (AliasInfo{"*", false}));
  EXPECT_EQ(argumentNamed(schema, "w").alias, (AliasInfo{"a", true, {}, {"*"}}));
  // After-sets equal to the before-sets say nothing more; torch prints `(d)` too.
  EXPECT_EQ(argumentNamed(schema, "v").alias, (AliasInfo{"d", false}));
  // The sets print in the order written: the corpus has `-> Tensor(b|a)`.
  EXPECT_EQ(schema.toString(),
            "f(Tensor(a) x, Tensor(b|c) y, Tensor(*) z, Tensor(a! -> *) w, Tensor(d) v) -> Tensor(b|a)");
}

TEST(SchemaParser, TheWrittenShorthandIsASetOfItsOwn) {
  // torch._C.parse_schema("at::what(Tensor! i_will_be_written_to) -> ()")
  // prints what the last line expects: a written set `$0`, no set after.
  const FunctionSchema schema = parseSchema("at::what(Tensor! i_will_be_written_to) -> ()");
  const std::optional<AliasInfo>& alias = schema.arguments.at(0).alias;
  ASSERT_TRUE(alias.has_value()) << "`Tensor!` is an alias annotation";
  EXPECT_EQ(*alias, AliasInfo::freshSet(0));
  EXPECT_EQ(alias->set, "$0");
  EXPECT_TRUE(alias->is_write) << "the operator writes the argument: the point of the `!`";
  EXPECT_TRUE(alias->after_sets.empty());
  EXPECT_EQ(schema.toString(), "at::what(Tensor($0! -> ) i_will_be_written_to) -> ()");
  // torch: the same prints. The shorthands are numbered in the order met,
  // arguments then returns, a named set not counting; after the base type or
  // a list's `[]`, as any annotation; and each schema counts from 0.
  EXPECT_EQ(parseSchema("f(Tensor! a, Tensor(a!) b, Tensor![] c, Tensor!? d, int[]! e) -> Tensor!").toString(),
            "f(Tensor($0! -> ) a, Tensor(a!) b, Tensor($1! -> )[] c, Tensor($2! -> )? d, int[]($3! -> ) e) -> "
            "Tensor($4! -> )");
  EXPECT_EQ(parseSchema("f(int[2]! x) -> (Tensor! a, Tensor! b)").toString(),
            "f(int[2]($0! -> ) x) -> (Tensor($1! -> ) a, Tensor($2! -> ) b)");
  EXPECT_EQ(parseSchema("f(Tensor(a!)[]! x) -> ()").toString(), "f(Tensor(a!)[]($0! -> ) x) -> ()");
}

TEST(SchemaParser, StringDefaultsKeepTheirEscapes) {
  // From the corpus: torch prints escapes as it read them.
  const std::string text = R"(aten::strip(str self, str chars=" \n\t\f\v") -> str)";
  EXPECT_EQ(parseSchema(text).toString(), text);
  const std::string quotes = R"(aten::f(str self, str s="\"\'\\") -> str)";
  EXPECT_EQ(parseSchema(quotes).toString(), quotes);
}

TEST(SchemaType, FactoriesRefuseTheWrongKinds) {
  EXPECT_THROW(SchemaType::base(Kind::Dict), std::logic_error);
  EXPECT_THROW(SchemaType::base(Kind::Class), std::logic_error);
  EXPECT_THROW(SchemaType::named(Kind::Tensor, "t"), std::logic_error);
  EXPECT_THROW(SchemaType::containerOf(Kind::List, {}), std::logic_error);
}

// --- returns ------------------------------------------------------------------

TEST(SchemaParser, SeveralReturnsUnnamedAndNamed) {
  const FunctionSchema pair = parseSchema("f(Tensor x) -> (Tensor, Tensor)");
  ASSERT_EQ(pair.returns.size(), 2u);
  EXPECT_EQ(pair.returns[1].name, "");

  const FunctionSchema named = parseSchema("aten::max.dim(Tensor self, int dim) -> (Tensor values, Tensor indices)");
  ASSERT_EQ(named.returns.size(), 2u);
  EXPECT_EQ(named.returns[0].name, "values");
  EXPECT_EQ(named.returns[1].name, "indices");
}

TEST(SchemaParser, NoReturnsAndOneParenthesizedReturn) {
  EXPECT_TRUE(parseSchema("f(Tensor x) -> ()").returns.empty());
  // torch: foo(Tensor x) -> (Tensor) prints foo(Tensor x) -> Tensor.
  EXPECT_EQ(parseSchema("foo(Tensor x) -> (Tensor)").toString(), "foo(Tensor x) -> Tensor");
  // torch: foo(Tensor x) -> (Tensor a) prints foo(Tensor x) -> Tensor a.
  EXPECT_EQ(parseSchema("foo(Tensor x) -> (Tensor a)").toString(), "foo(Tensor x) -> Tensor a");
}

TEST(SchemaParser, WhitespaceIsInsignificant) {
  // torch: 'foo (Tensor x)->Tensor' and 'foo(Tensor x, int  y = 1) -> Tensor\n' print canonically.
  EXPECT_EQ(parseSchema("foo (Tensor x)->Tensor").toString(), "foo(Tensor x) -> Tensor");
  EXPECT_EQ(parseSchema("  foo(Tensor x, int  y = 1) -> Tensor\n").toString(), "foo(Tensor x, int y=1) -> Tensor");
  EXPECT_EQ(parseSchema("foo(\n  Tensor x,\n  int[ 2 ] y\n) -> Tensor").toString(),
            "foo(Tensor x, int[2] y) -> Tensor");
}

// --- printing -----------------------------------------------------------------

// Each of these is printed by torch exactly as written, so printing our parse
// must give the same text, and parsing that text must give the same schema.
TEST(SchemaPrinter, RoundTripsPyTorchCanonicalSchemas) {
  const std::vector<std::string> canonical{
      "myops::myadd(Tensor self, Tensor other) -> Tensor",
      "aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor",
      "aten::add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)",
      "aten::add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)",
      "aten::max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)",
      "aten::sum.dim_IntList(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor",
      "aten::index.Tensor(Tensor self, Tensor?[] indices) -> Tensor",
      "aten::cat(Tensor[] tensors, int dim=0) -> Tensor",
      "aten::max_pool2d(Tensor self, int[2] kernel_size, int[2] stride=[], int[2] padding=0) -> Tensor",
      "aten::layer_norm(Tensor input, int[] normalized_shape, Tensor? weight=None, Tensor? bias=None, float eps=0.5) "
      "-> Tensor",
      "aten::div.Tensor_mode(Tensor self, Tensor other, *, str? rounding_mode) -> Tensor",
      "aten::to.device(Tensor(a) self, Device device, ScalarType dtype, bool non_blocking=False) -> Tensor(a)",
      "foo(Tensor x, str mode=\"mean\", float[] w=[1.5, -2.5]) -> ()",
      "foo(Tensor x) -> (Tensor, Tensor, Tensor)",
  };
  for (const std::string& text : canonical) {
    const FunctionSchema schema = parseSchema(text);
    EXPECT_EQ(schema.toString(), text);
    EXPECT_EQ(parseSchema(schema.toString()), schema) << text;
  }
}

TEST(SchemaPrinter, FormatsThroughFmt) {
  EXPECT_EQ(fmt::format("[{}]", parseSchema("myops::myadd(Tensor self,Tensor other)->Tensor")),
            "[myops::myadd(Tensor self, Tensor other) -> Tensor]");
}

// --- what the dispatcher reads ---------------------------------------------------

TEST(FunctionSchema, TensorArgumentPositionsAreTheDispatchArguments) {
  const FunctionSchema schema = parseSchema(
      "f(Tensor self, int dim, Tensor? weight, Tensor[] ts, Tensor?[] indices, Tensor[]? maybe, "
      "Scalar s, Tensor[2] pair, Tensor(a!) out) -> Tensor");
  // Tensor[]? is not read: c10's DispatchKeyExtractor skips optional lists.
  EXPECT_EQ(schema.tensorArgumentPositions(), (std::vector<std::size_t>{0, 2, 3, 4, 7, 8}));
  EXPECT_TRUE(parseSchema("f(int x, float y) -> Tensor").tensorArgumentPositions().empty());
}

// --- errors: the exact text ---------------------------------------------------

TEST(SchemaParseErrors, MissingCloseParen) {
  // torch: "expected ) but found 'arrow' here:\nfoo(Tensor x -> Tensor\n             ~~ <--- HERE\n"
  EXPECT_EQ(parseError("foo(Tensor x -> Tensor"),
            "expected ) but found 'arrow' here:\n"
            "foo(Tensor x -> Tensor\n"
            "             ~~ <--- HERE\n");
  // torch: "expected ) but found 'eof' here:\nfoo(Tensor x) -> (Tensor, Tensor" (no marker;
  // we mark the end of the input).
  EXPECT_EQ(parseError("foo(Tensor x) -> (Tensor, Tensor"),
            "expected ) but found 'eof' here:\n"
            "foo(Tensor x) -> (Tensor, Tensor\n"
            "                                ~ <--- HERE\n");
  // torch: "expected ) but found 'ident' here:\nfoo(Tensor(a! x) -> Tensor\n              ~ <--- HERE\n"
  EXPECT_EQ(parseError("foo(Tensor(a! x) -> Tensor"),
            "expected ) but found 'ident' here:\n"
            "foo(Tensor(a! x) -> Tensor\n"
            "              ~ <--- HERE\n");
}

TEST(SchemaParseErrors, UnknownTypeNamesTheType) {
  // torch: "\nunknown type specifier:\nfoo(Tensr x) -> Tensor\n    ~~~~~ <--- HERE\n"
  // (ours names the type and has no leading empty line).
  EXPECT_EQ(parseError("foo(Tensr x) -> Tensor"),
            "unknown type specifier 'Tensr':\n"
            "foo(Tensr x) -> Tensor\n"
            "    ~~~~~ <--- HERE\n");
  // torch: "\nunknown type specifier:\nfoo(Tensor x, Foo y) -> Tensor\n              ~~~ <--- HERE\n"
  EXPECT_EQ(parseError("foo(Tensor x, Foo y) -> Tensor"),
            "unknown type specifier 'Foo':\n"
            "foo(Tensor x, Foo y) -> Tensor\n"
            "              ~~~ <--- HERE\n");
}

TEST(SchemaParseErrors, BadDefaults) {
  // torch: "\ninvalid numeric default value:\nfoo(Tensor x, int y=abc) -> Tensor\n                       ~ <--- HERE\n"
  // (torch marks the token after the value; ours marks the value, and names
  // it with the names that are allowed).
  EXPECT_EQ(parseError("foo(Tensor x, int y=abc) -> Tensor"),
            "invalid numeric default value 'abc' (a named default is one of float, complex, long, strided, Mean, "
            "contiguous_format):\n"
            "foo(Tensor x, int y=abc) -> Tensor\n"
            "                    ~~~ <--- HERE\n");
  // A dtype's name is no default either: 1.13 knows float, complex and long
  // (torch: "\ninvalid numeric default value:\nf(ScalarType a=float16) -> ()\n                      ~ <--- HERE\n").
  for (const char* name : {"float16", "int64", "bool", "bfloat16", "half"}) {
    const std::string schema = fmt::format("f(ScalarType a={}) -> ()", name);
    EXPECT_EQ(parseError(schema),
              fmt::format("invalid numeric default value '{}' (a named default is one of float, complex, long, "
                          "strided, Mean, contiguous_format):\n{}\n{:15}{:~<{}} <--- HERE\n",
                          name, schema, "", "", std::string_view(name).size()))
        << "PyTorch 1.13 refuses `" << schema << "`";
  }
  for (const char* name : {"float", "complex", "long", "strided", "Mean", "contiguous_format"}) {
    EXPECT_EQ(parseSchema(fmt::format("f(int a={}) -> ()", name)).arguments[0].default_value, name);
  }
  // torch: "expected number but found ')' here:\nfoo(Tensor x, int y=) -> Tensor\n                    ~ <--- HERE\n"
  EXPECT_EQ(parseError("foo(Tensor x, int y=) -> Tensor"),
            "expected number but found ')' here:\n"
            "foo(Tensor x, int y=) -> Tensor\n"
            "                    ~ <--- HERE\n");
  // torch: "expected number but found '+' here:\nfoo(Tensor x, int y=+1) -> Tensor\n                    ~ <--- HERE\n"
  EXPECT_EQ(parseError("foo(Tensor x, int y=+1) -> Tensor"),
            "expected number but found '+' here:\n"
            "foo(Tensor x, int y=+1) -> Tensor\n"
            "                    ~ <--- HERE\n");
  // torch: "expected [ but found 'number' here:\nfoo(Tensor x, int[] y=1) -> Tensor\n                      ~ <---
  // HERE\n"
  EXPECT_EQ(parseError("foo(Tensor x, int[] y=1) -> Tensor"),
            "expected [ but found 'number' here:\n"
            "foo(Tensor x, int[] y=1) -> Tensor\n"
            "                      ~ <--- HERE\n");
  // torch: "expected number but found ']' here:\nfoo(Tensor x, int[] y=[1,]) -> Tensor\n                         ~ <---
  // HERE\n"
  EXPECT_EQ(parseError("foo(Tensor x, int[] y=[1,]) -> Tensor"),
            "expected number but found ']' here:\n"
            "foo(Tensor x, int[] y=[1,]) -> Tensor\n"
            "                         ~ <--- HERE\n");
  // torch: "expected number but found '[' here:\nfoo(Tensor x, int y=[1,) -> Tensor\n                    ~ <--- HERE\n"
  EXPECT_EQ(parseError("foo(Tensor x, int y=[1,) -> Tensor"),
            "expected number but found '[' here:\n"
            "foo(Tensor x, int y=[1,) -> Tensor\n"
            "                    ~ <--- HERE\n");
  // torch: "expected a valid token but found '\"' here:\nfoo(Tensor x, str y=\"abc) -> Tensor\n                    ~
  // <--- HERE\n"
  EXPECT_EQ(parseError("foo(Tensor x, str y=\"abc) -> Tensor"),
            "expected a valid token but found '\"' here:\n"
            "foo(Tensor x, str y=\"abc) -> Tensor\n"
            "                    ~ <--- HERE\n");
  // torch: "expected ) but found 'ident' here:\nfoo(Tensor x, float y=1e) -> Tensor\n                       ~ <---
  // HERE\n"
  EXPECT_EQ(parseError("foo(Tensor x, float y=1e) -> Tensor"),
            "expected ) but found 'ident' here:\n"
            "foo(Tensor x, float y=1e) -> Tensor\n"
            "                       ~ <--- HERE\n");
}

TEST(SchemaParseErrors, MissingArrow) {
  // torch: "expected arrow but found 'ident' here:\nfoo(Tensor x) Tensor\n              ~~~~~~ <--- HERE\n"
  EXPECT_EQ(parseError("foo(Tensor x) Tensor"),
            "expected arrow but found 'ident' here:\n"
            "foo(Tensor x) Tensor\n"
            "              ~~~~~~ <--- HERE\n");
  // torch: "expected arrow but found 'eof' here:\nfoo(Tensor x)" (no marker; we mark the end).
  EXPECT_EQ(parseError("foo(Tensor x)  \n"),
            "expected arrow but found 'eof' here:\n"
            "foo(Tensor x)  \n"
            "             ~ <--- HERE\n");
}

TEST(SchemaParseErrors, TrailingJunk) {
  // torch: "expected eof but found ')' here:\nfoo(Tensor x) -> Tensor)\n                       ~ <--- HERE\n"
  EXPECT_EQ(parseError("foo(Tensor x) -> Tensor)"),
            "expected eof but found ')' here:\n"
            "foo(Tensor x) -> Tensor)\n"
            "                       ~ <--- HERE\n");
  // torch: "expected eof but found ',' here:\nfoo(Tensor x) -> Tensor, Tensor\n                       ~ <--- HERE\n"
  EXPECT_EQ(parseError("foo(Tensor x) -> Tensor, Tensor"),
            "expected eof but found ',' here:\n"
            "foo(Tensor x) -> Tensor, Tensor\n"
            "                       ~ <--- HERE\n");
  // torch: "expected eof but found 'None' here:\nfoo(Tensor x) -> Tensor None\n                        ~~~~ <---
  // HERE\n"
  EXPECT_EQ(parseError("foo(Tensor x) -> Tensor None"),
            "expected eof but found 'None' here:\n"
            "foo(Tensor x) -> Tensor None\n"
            "                        ~~~~ <--- HERE\n");
  // torch: "expected eof but found 'string_literal' here:\nfoo(Tensor x) -> Tensor \"s\"\n" (no marker).
  EXPECT_EQ(parseError("foo(Tensor x) -> Tensor \"s\""),
            "expected eof but found 'string_literal' here:\n"
            "foo(Tensor x) -> Tensor \"s\"\n"
            "                        ~~~ <--- HERE\n");
}

TEST(SchemaParseErrors, MissingNames) {
  // torch: "expected ident but found '(' here:\n(Tensor x) -> Tensor\n~ <--- HERE\n"
  EXPECT_EQ(parseError("(Tensor x) -> Tensor"),
            "expected ident but found '(' here:\n"
            "(Tensor x) -> Tensor\n"
            "~ <--- HERE\n");
  // torch: "expected ident but found '(' here:\nmyops::(Tensor x) -> Tensor\n       ~ <--- HERE\n"
  EXPECT_EQ(parseError("myops::(Tensor x) -> Tensor"),
            "expected ident but found '(' here:\n"
            "myops::(Tensor x) -> Tensor\n"
            "       ~ <--- HERE\n");
  // torch: "expected ident but found '(' here:\nfoo.(Tensor x) -> Tensor\n    ~ <--- HERE\n"
  EXPECT_EQ(parseError("foo.(Tensor x) -> Tensor"),
            "expected ident but found '(' here:\n"
            "foo.(Tensor x) -> Tensor\n"
            "    ~ <--- HERE\n");
  // torch: "expected : but found 'ident' here:\nmyops:foo(Tensor x) -> Tensor\n      ~~~ <--- HERE\n"
  EXPECT_EQ(parseError("myops:foo(Tensor x) -> Tensor"),
            "expected : but found 'ident' here:\n"
            "myops:foo(Tensor x) -> Tensor\n"
            "      ~~~ <--- HERE\n");
  // An argument needs a name. torch: "expected ident but found ')' here:\nfoo(Tensor) -> Tensor\n          ~ <---
  // HERE\n"
  EXPECT_EQ(parseError("foo(Tensor) -> Tensor"),
            "expected ident but found ')' here:\n"
            "foo(Tensor) -> Tensor\n"
            "          ~ <--- HERE\n");
  // torch: "expected ident but found ')' here:\nfoo(Tensor x,) -> Tensor\n             ~ <--- HERE\n"
  EXPECT_EQ(parseError("foo(Tensor x,) -> Tensor"),
            "expected ident but found ')' here:\n"
            "foo(Tensor x,) -> Tensor\n"
            "             ~ <--- HERE\n");
  // torch: "expected ident but found 'eof' here:\n"
  EXPECT_EQ(parseError(""),
            "expected ident but found 'eof' here:\n"
            "\n"
            "~ <--- HERE\n");
}

TEST(SchemaParseErrors, NameWithoutArguments) {
  // torch: "Tried to parse a function schema but only the operator name was given"
  EXPECT_EQ(parseError("myops::myadd"), "Tried to parse a function schema but only the operator name was given");
  // torch (which would accept a bare name): "expected eof but found 'arrow' here:\nfoo -> Tensor\n    ~~ <--- HERE\n"
  EXPECT_EQ(parseError("foo -> Tensor"),
            "expected ( but found 'arrow' here:\n"
            "foo -> Tensor\n"
            "    ~~ <--- HERE\n");
}

TEST(SchemaParseErrors, ListSizes) {
  // torch: "expected number but found 'ident' here:\nfoo(Tensor x, int[N] y) -> Tensor\n                  ~ <---
  // HERE\n"
  EXPECT_EQ(parseError("foo(Tensor x, int[N] y) -> Tensor"),
            "expected number but found 'ident' here:\n"
            "foo(Tensor x, int[N] y) -> Tensor\n"
            "                  ~ <--- HERE\n");
  // torch: "expected ] but found 'ident' here:\nfoo(Tensor x, int[2 y) -> Tensor\n                    ~ <--- HERE\n"
  EXPECT_EQ(parseError("foo(Tensor x, int[2 y) -> Tensor"),
            "expected ] but found 'ident' here:\n"
            "foo(Tensor x, int[2 y) -> Tensor\n"
            "                    ~ <--- HERE\n");
  // Ours only: a list size must be a whole number.
  EXPECT_EQ(parseError("foo(Tensor x, int[1.5] y) -> Tensor"),
            "invalid list size '1.5':\n"
            "foo(Tensor x, int[1.5] y) -> Tensor\n"
            "                  ~~~ <--- HERE\n");
}

TEST(SchemaParseErrors, CharacterOutsideTheGrammar) {
  // torch marks the space after it: "expected a valid token but found ' ' here:\n
  // foo(Tensor x, $ y) -> Tensor\n              ~ <--- HERE\n". We name the character.
  EXPECT_EQ(parseError("foo(Tensor x, $ y) -> Tensor"),
            "expected a valid token but found '$' here:\n"
            "foo(Tensor x, $ y) -> Tensor\n"
            "              ~ <--- HERE\n");
}

TEST(SchemaParseErrors, VarargsComeLast) {
  // torch: "\n... must be the last element of the argument list:\n..." with the same
  // marker, on the token after the `...`.
  EXPECT_EQ(parseError("foo(Tensor x, ..., int y) -> ()"),
            "... must be the last element of the argument list:\n"
            "foo(Tensor x, ..., int y) -> ()\n"
            "                   ~~~ <--- HERE\n");
  EXPECT_EQ(parseError("foo(Tensor x) -> (Tensor, ..., Tensor)"),
            "... must be the last element of the return list:\n"
            "foo(Tensor x) -> (Tensor, ..., Tensor)\n"
            "                               ~~~~~~ <--- HERE\n");
}

TEST(SchemaParseErrors, ContainersTakeTheirCount) {
  // torch: the same three texts, word for word.
  EXPECT_EQ(parseError("foo(Dict(str) x) -> ()"),
            "expected , but found ')' here:\n"
            "foo(Dict(str) x) -> ()\n"
            "            ~ <--- HERE\n");
  EXPECT_EQ(parseError("foo(Future(int, int) x) -> ()"),
            "expected ) but found ',' here:\n"
            "foo(Future(int, int) x) -> ()\n"
            "              ~ <--- HERE\n");
  EXPECT_EQ(parseError("foo(Union() x) -> ()"),
            "expected ident but found ')' here:\n"
            "foo(Union() x) -> ()\n"
            "          ~ <--- HERE\n");
}

TEST(SchemaParseErrors, CustomClassNamespace) {
  // torch: "\nExpected classes namespace but got foo:\n..." with the same marker.
  EXPECT_EQ(parseError("foo(__torch__.torch.foo.x.Y x) -> ()"),
            "Expected classes namespace but got foo:\n"
            "foo(__torch__.torch.foo.x.Y x) -> ()\n"
            "                    ~~~ <--- HERE\n");
}

TEST(SchemaParseErrors, AliasSets) {
  // torch: the same text, word for word.
  EXPECT_EQ(parseError("foo(Tensor(a|) x) -> ()"),
            "expected ident but found ')' here:\n"
            "foo(Tensor(a|) x) -> ()\n"
            "             ~ <--- HERE\n");
  // torch accepts this and drops the inner annotation, printing Dict(str, Tensor).
  EXPECT_EQ(parseError("foo(Dict(str, Tensor(a)) x) -> ()"),
            "alias annotations are not allowed on a type inside a container:\n"
            "foo(Dict(str, Tensor(a)) x) -> ()\n"
            "              ~~~~~~ <--- HERE\n");
  // torch: the same three texts. `!` stands for a whole annotation, so no
  // other follows it, and it follows no other, nor a `?`.
  EXPECT_EQ(parseError("f(Tensor!(a) x) -> ()"),
            "expected ident but found '(' here:\n"
            "f(Tensor!(a) x) -> ()\n"
            "         ~ <--- HERE\n");
  EXPECT_EQ(parseError("f(Tensor(a)! x) -> ()"),
            "expected ident but found '!' here:\n"
            "f(Tensor(a)! x) -> ()\n"
            "           ~ <--- HERE\n");
  EXPECT_EQ(parseError("f(Tensor?! x) -> ()"),
            "expected ident but found '!' here:\n"
            "f(Tensor?! x) -> ()\n"
            "         ~ <--- HERE\n");
}

TEST(SchemaParseErrors, MarkerIsOnTheLineOfTheBadToken) {
  // torch also prints the line before for context; we print the bad line only.
  EXPECT_EQ(parseError("foo(Tensor x,\n    Tensr y) -> Tensor"),
            "unknown type specifier 'Tensr':\n"
            "    Tensr y) -> Tensor\n"
            "    ~~~~~ <--- HERE\n");
}

TEST(SchemaParseErrors, ErrorIsARuntimeErrorWithTheOffset) {
  try {
    parseSchema("foo(Tensor x -> Tensor");
    FAIL() << "expected a SchemaParseError";
  } catch (const SchemaParseError& error) {
    EXPECT_EQ(error.offset(), 13u);
  }
  EXPECT_THROW(parseSchema("foo(Tensr x) -> Tensor"), std::runtime_error);
}

}  // namespace
}  // namespace mini
