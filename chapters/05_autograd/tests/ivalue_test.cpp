// IValue: every type the chapter boxes survives the round trip C++ value ->
// IValue -> C++ value, and a wrong accessor names both tags.
#include <gtest/gtest.h>

#include "mini/boxing/ivalue.h"

namespace mini {
namespace {

TEST(IValue, IsSixteenBytes) { EXPECT_EQ(sizeof(IValue), 16u); }

TEST(IValue, DefaultIsNone) {
  const IValue none;
  EXPECT_TRUE(none.isNone());
  EXPECT_EQ(none.tagKind(), "None");
  EXPECT_EQ(fmt::format("{}", none), "None");
}

TEST(IValue, RoundTripsEveryScalarType) {
  EXPECT_EQ(IValue(2.5).toDouble(), 2.5);
  EXPECT_EQ(IValue(std::int64_t{-7}).toInt(), -7);
  EXPECT_EQ(IValue(3).toInt(), 3);
  EXPECT_TRUE(IValue(true).toBool());
  EXPECT_FALSE(IValue(false).toBool());
  EXPECT_EQ(IValue(std::string("mean")).toStringRef(), "mean");
  EXPECT_EQ(IValue(Device{BackendComponent::CUDABit, 1}).toDevice(), (Device{BackendComponent::CUDABit, 1}));
}

TEST(IValue, RoundTripsEveryListType) {
  EXPECT_EQ(IValue(std::vector<std::int64_t>{1, 2, 3}).toIntList(), (std::vector<std::int64_t>{1, 2, 3}));
  EXPECT_EQ(IValue(std::vector<double>{0.5, 1.5}).toDoubleList(), (std::vector<double>{0.5, 1.5}));
  const Tensor a = scalarTensor(1);
  const Tensor b = scalarTensor(2);
  const IValue list(std::vector<Tensor>{a, b});
  ASSERT_EQ(list.toTensorList().size(), 2u);
  EXPECT_TRUE(list.toTensorList()[0].is_same(a));
  EXPECT_TRUE(list.toTensorList()[1].is_same(b));
}

TEST(IValue, RoundTripsATensorWithoutCopyingIt) {
  const Tensor t = fromValues({1, 2, 3}, {3});
  const IValue boxed(t);
  EXPECT_TRUE(boxed.isTensor());
  EXPECT_TRUE(boxed.toTensor().is_same(t));
  EXPECT_EQ(std::vector<double>(boxed.toTensor().data().begin(), boxed.toTensor().data().end()),
            (std::vector<double>{1, 2, 3}));
}

TEST(IValue, TagsSayWhatIsInside) {
  EXPECT_EQ(IValue(scalarTensor(1)).tag(), IValue::Tag::Tensor);
  EXPECT_EQ(IValue(1.0).tag(), IValue::Tag::Double);
  EXPECT_EQ(IValue(1).tag(), IValue::Tag::Int);
  EXPECT_EQ(IValue(true).tag(), IValue::Tag::Bool);
  EXPECT_EQ(IValue(Device{}).tag(), IValue::Tag::Device);
  EXPECT_EQ(IValue(std::tuple<std::int64_t, std::string>{1, "a"}).tag(), IValue::Tag::Tuple);
  EXPECT_EQ(IValue(Dict<std::string, std::int64_t>{}).tag(), IValue::Tag::GenericDict);
}

TEST(IValue, EveryListIsAGenericListThatKnowsItsElementType) {
  // c10's names: the tag is GenericList; IntList, DoubleList, BoolList and
  // TensorList are GenericLists of one element type (isListOf<T>()).
  const IValue ints(std::vector<std::int64_t>{});
  EXPECT_EQ(ints.tag(), IValue::Tag::GenericList);
  EXPECT_EQ(ints.tagKind(), "GenericList");
  EXPECT_TRUE(ints.isIntList());
  EXPECT_FALSE(ints.isDoubleList());
  EXPECT_TRUE(IValue(std::vector<double>{}).isDoubleList());
  EXPECT_TRUE(IValue(std::vector<bool>{true}).isBoolList());
  EXPECT_TRUE(IValue(std::vector<Tensor>{}).isTensorList());
  const IValue strings(std::vector<std::string>{"a"});
  EXPECT_TRUE(strings.isList());
  EXPECT_FALSE(strings.isTensorList());
  EXPECT_EQ(strings.listElementType().toString(), "str");
  // Empty lists of two types are two different values.
  EXPECT_NE(ints, IValue(std::vector<Tensor>{}));
}

TEST(IValue, TuplesAndDictsHoldIValues) {
  const Tensor t = scalarTensor(1);
  const IValue tuple(std::tuple<std::string, Tensor>{"w", t});
  ASSERT_EQ(tuple.toTupleRef().elements().size(), 2u);
  EXPECT_EQ(tuple.toTupleRef().elements()[0].toStringRef(), "w");
  const auto [name, value] = tuple.to<std::tuple<std::string, Tensor>>();
  EXPECT_EQ(name, "w");
  EXPECT_TRUE(value.is_same(t));
  EXPECT_EQ(fmt::format("{}", IValue(std::tuple<std::int64_t>{1})), "(1,)");

  const IValue dict(Dict<std::string, std::int64_t>{{"b", 2}, {"a", 1}});
  EXPECT_EQ(fmt::format("{}", dict), R"({"b": 2, "a": 1})");  // insertion order
  EXPECT_EQ(dict.toGenericDict().find(IValue("a"))->second.toInt(), 1);
  EXPECT_EQ(dict, IValue(Dict<std::string, std::int64_t>{{"a", 1}, {"b", 2}}));  // in any order
  EXPECT_EQ((dict.to<Dict<std::string, std::int64_t>>().find("b")->second), 2);
}

TEST(IValue, ContainersOfTheWrongTypeAreRefused) {
  try {
    (void)IValue(std::vector<double>{1.0}).to<std::vector<std::int64_t>>();
    FAIL() << "a float[] read as int[] must throw";
  } catch (const IValueTagError& error) {
    EXPECT_STREQ(error.what(), "Tried to cast a List<float> to a List<int>. Types mismatch.");
  }
  try {
    (void)IValue(std::tuple<std::int64_t>{1}).to<std::tuple<std::int64_t, std::int64_t>>();
    FAIL() << "a one-member tuple read as two must throw";
  } catch (const IValueTagError& error) {
    EXPECT_STREQ(error.what(), "Expected a Tuple of 2 elements but got 1");
  }
  try {
    (void)IValue(Dict<std::string, double>{}).to<Dict<std::string, std::int64_t>>();
    FAIL() << "a Dict(str, float) read as Dict(str, int) must throw";
  } catch (const IValueTagError& error) {
    EXPECT_STREQ(error.what(), "Tried to cast a Dict<str, float> to a Dict<str, int>. Value types mismatch.");
  }
  EXPECT_THROW((void)IValue(1).toTupleRef(), IValueTagError);
  EXPECT_THROW((void)IValue(1).toGenericDict(), IValueTagError);
  EXPECT_THROW((void)IValue(1).toListRef(), IValueTagError);
}

TEST(IValue, AStringLiteralIsAStringNotABool) {
  EXPECT_TRUE(IValue("sum").isString());
  EXPECT_EQ(IValue("sum").toStringRef(), "sum");
}

TEST(IValue, WrongAccessorNamesExpectedAndActualTag) {
  const IValue tensor(scalarTensor(1));
  try {
    (void)tensor.toInt();
    FAIL() << "toInt() on a Tensor must throw";
  } catch (const IValueTagError& error) {
    EXPECT_STREQ(error.what(), "Expected Int but got Tensor");
  }
  EXPECT_THROW((void)IValue(3).toDouble(), IValueTagError);
  EXPECT_THROW((void)IValue(3).toTensor(), IValueTagError);
  try {
    (void)IValue(2.0).toIntList();
    FAIL() << "toIntList() on a Double must throw";
  } catch (const IValueTagError& error) {
    EXPECT_STREQ(error.what(), "Expected IntList but got Double");
  }
  EXPECT_THROW((void)IValue().toStringRef(), IValueTagError);
  try {
    (void)IValue(std::vector<double>{1.0}).toTensorList();
    FAIL() << "toTensorList() on a list of floats must throw";
  } catch (const IValueTagError& error) {
    EXPECT_STREQ(error.what(), "Tried to cast a List<float> to a List<Tensor>. Types mismatch.");
  }
}

TEST(IValue, TypedAccessMatchesTheNamedAccessors) {
  EXPECT_EQ(IValue(4).to<std::int64_t>(), 4);
  EXPECT_EQ(IValue(0.25).to<double>(), 0.25);
  EXPECT_EQ(IValue("x").to<std::string>(), "x");
  EXPECT_EQ(IValue(std::vector<std::int64_t>{9}).to<std::vector<std::int64_t>>(), (std::vector<std::int64_t>{9}));
  const Tensor t = scalarTensor(5);
  EXPECT_TRUE(IValue(t).to<const Tensor&>().is_same(t));
  EXPECT_THROW((void)IValue(4).to<bool>(), IValueTagError);
}

TEST(IValue, CopiesShareTheTensorAndCountOwners) {
  const Tensor t = scalarTensor(1);
  EXPECT_EQ(t.use_count(), 1u);
  {
    const IValue boxed(t);
    EXPECT_EQ(t.use_count(), 2u);
    const IValue copy = boxed;  // NOLINT: the copy is what is tested
    EXPECT_EQ(t.use_count(), 3u);
  }
  EXPECT_EQ(t.use_count(), 1u);
}

TEST(IValue, MovingLeavesNoneAndKeepsTheCount) {
  const Tensor t = scalarTensor(1);
  IValue boxed(t);
  IValue moved(std::move(boxed));
  EXPECT_TRUE(boxed.isNone());  // NOLINT: reading the moved-from value is the point
  EXPECT_EQ(t.use_count(), 2u);
  const Tensor out = std::move(moved).toTensor();
  EXPECT_TRUE(moved.isNone());  // NOLINT
  EXPECT_EQ(t.use_count(), 2u);
}

TEST(IValue, CopiesShareAHeapString) {
  const IValue a(std::string("shared"));
  const IValue b = a;  // NOLINT
  EXPECT_EQ(&a.toStringRef(), &b.toStringRef());
}

TEST(IValue, Equality) {
  const Tensor t = scalarTensor(1);
  EXPECT_EQ(IValue(t), IValue(t));
  EXPECT_NE(IValue(t), IValue(scalarTensor(1)));
  EXPECT_EQ(IValue(3), IValue(3));
  EXPECT_NE(IValue(3), IValue(3.0));
  EXPECT_EQ(IValue("a"), IValue("a"));
  EXPECT_EQ(IValue(), IValue());
}

TEST(IValue, PrintsLikeASchemaDefault) {
  EXPECT_EQ(fmt::format("{}", IValue(3)), "3");
  EXPECT_EQ(fmt::format("{}", IValue(2.5)), "2.5");
  EXPECT_EQ(fmt::format("{}", IValue(true)), "True");
  EXPECT_EQ(fmt::format("{}", IValue("mean")), "\"mean\"");
  EXPECT_EQ(fmt::format("{}", IValue(std::vector<std::int64_t>{0, 1})), "[0, 1]");
  EXPECT_EQ(fmt::format("{}", IValue(Device{BackendComponent::CUDABit, 0})), "cuda:0");
  // repr(torch.tensor(3., dtype=torch.float64)) in 1.13
  EXPECT_EQ(fmt::format("{}", IValue(scalarTensor(3))), "tensor(3., dtype=torch.float64)");
  EXPECT_EQ(fmt::format("{}", IValue(std::vector<Tensor>{scalarTensor(1), scalarTensor(2)})),
            "[tensor(1., dtype=torch.float64), tensor(2., dtype=torch.float64)]");
}

}  // namespace
}  // namespace mini
