// Tuples, lists and dicts through callBoxed, on PyTorch 1.13's own schemas:
// each operator here is registered with the schema torch 1.13 gives it
// (chapters/03_registration/tests/data/pytorch-1.13-schemas.txt), less the
// `aten::` namespace; a type variable `t` is instantiated as Tensor, since a
// C++ kernel has one type. The kernels are written unboxed, so every call
// unboxes the stack into vectors, tuples and dicts and boxes the results back.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "support/boxing_support.h"

namespace mini {
namespace {

using mini_test::ScopedOperator;

constexpr DispatchKey kEveryBackend = DispatchKey::CompositeExplicitAutograd;

// aten::split.Tensor, on the course's one-dimensional tensors.
std::vector<Tensor> split(const Tensor& self, std::int64_t split_size, std::int64_t /*dim*/) {
  std::vector<Tensor> chunks;
  const std::vector<double>& values = self.values();
  for (std::size_t start = 0; start < values.size(); start += static_cast<std::size_t>(split_size)) {
    const std::size_t stop = std::min(values.size(), start + static_cast<std::size_t>(split_size));
    chunks.push_back(makeTensor(std::vector<double>(values.begin() + start, values.begin() + stop)));
  }
  return chunks;
}

// aten::max.dim: two returns, pushed as two values (not one Tuple), as c10 does.
std::tuple<Tensor, Tensor> maxDim(const Tensor& self, std::int64_t /*dim*/, bool /*keepdim*/) {
  const auto& values = self.values();
  const auto it = std::max_element(values.begin(), values.end());
  return {makeTensor(*it), makeTensor(static_cast<double>(it - values.begin()))};
}

// aten::_unique2: three returns; the ones not asked for are empty.
std::tuple<Tensor, Tensor, Tensor> unique2(const Tensor& self, bool /*sorted*/, bool return_inverse,
                                           bool return_counts) {
  std::map<double, double> counts;
  for (double v : self.values()) {
    counts[v] += 1;
  }
  std::vector<double> unique, inverse, count;
  for (const auto& [value, n] : counts) {
    unique.push_back(value);
    count.push_back(n);
  }
  for (double v : self.values()) {
    inverse.push_back(static_cast<double>(std::distance(counts.begin(), counts.find(v))));
  }
  return {makeTensor(unique), makeTensor(return_inverse ? inverse : std::vector<double>{}),
          makeTensor(return_counts ? count : std::vector<double>{})};
}

// aten::split.str: TorchScript's str.split, a str[] result.
std::vector<std::string> splitStr(const std::string& self, std::optional<std::string> separator, std::int64_t /*max*/) {
  std::vector<std::string> parts;
  if (separator) {
    std::size_t start = 0;
    for (std::size_t at; (at = self.find(*separator, start)) != std::string::npos; start = at + separator->size()) {
      parts.push_back(self.substr(start, at - start));
    }
    parts.push_back(self.substr(start));
    return parts;
  }
  std::string word;
  for (char c : self + ' ') {
    if (c != ' ') {
      word += c;
    } else if (!word.empty()) {
      parts.push_back(std::exchange(word, {}));
    }
  }
  return parts;
}

// aten::count.str: a str[] argument.
std::int64_t countStr(std::vector<std::string> self, std::string el) {
  return std::count(self.begin(), self.end(), el);
}

// aten::items.str with t = Tensor: a dict in, a list of tuples out.
std::vector<std::tuple<std::string, Tensor>> items(Dict<std::string, Tensor> self) {
  std::vector<std::tuple<std::string, Tensor>> pairs;
  for (const auto& [key, value] : self) {
    pairs.emplace_back(key, value);
  }
  return pairs;
}

// aten::__getitem__.Dict_str with t = Tensor.
Tensor getItem(Dict<std::string, Tensor> self, std::string key) { return self.find(key)->second; }

// aten::dict: a dict out, empty but typed.
Dict<std::string, Tensor> emptyDict() { return {}; }

// aten::divmod.int: Python's floor division and its remainder.
std::tuple<std::int64_t, std::int64_t> divmod(std::int64_t x, std::int64_t y) {
  std::int64_t quotient = x / y;
  if ((x % y != 0) && ((x < 0) != (y < 0))) {
    --quotient;
  }
  return {quotient, x - quotient * y};
}

// Runs `op` boxed on `arguments` and returns what it left on the stack.
Stack callBoxed(const ScopedOperator& op, Stack arguments) {
  op.handle().callBoxed(arguments);
  return arguments;
}

TEST(RealSchemas, SplitTensorReturnsATensorList) {
  ScopedOperator op("split.Tensor(Tensor(a -> *) self, int split_size, int dim=0) -> Tensor(a)[]");
  op.impl(kEveryBackend, &split);
  const Stack results = callBoxed(op, {makeTensor({0, 1, 2, 3, 4}), std::int64_t{2}, std::int64_t{0}});
  ASSERT_EQ(results.size(), 1u);
  ASSERT_TRUE(results[0].isTensorList());
  EXPECT_EQ(results[0].tagKind(), "GenericList");
  const std::vector<Tensor> chunks = results[0].toTensorList();  // torch.split(torch.arange(5.), 2)
  ASSERT_EQ(chunks.size(), 3u);
  EXPECT_EQ(chunks[0].values(), (std::vector<double>{0, 1}));
  EXPECT_EQ(chunks[2].values(), (std::vector<double>{4}));
}

TEST(RealSchemas, MaxDimPushesItsTwoReturnsInOrder) {
  ScopedOperator op("max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)");
  op.impl(kEveryBackend, &maxDim);
  const Stack results = callBoxed(op, {makeTensor({3, 9, 4}), std::int64_t{0}, false});
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(results[0].toTensor().item(), 9);
  EXPECT_EQ(results[1].toTensor().item(), 1);
}

TEST(RealSchemas, Unique2PushesThreeReturns) {
  ScopedOperator op(
      "_unique2(Tensor self, bool sorted=True, bool return_inverse=False, bool return_counts=False) -> (Tensor, "
      "Tensor, Tensor)");
  op.impl(kEveryBackend, &unique2);
  const Stack results = callBoxed(op, {makeTensor({3, 1, 3, 2}), true, true, true});
  ASSERT_EQ(results.size(), 3u);
  // torch._unique2(torch.tensor([3., 1., 3., 2.]), True, True, True)
  EXPECT_EQ(results[0].toTensor().values(), (std::vector<double>{1, 2, 3}));
  EXPECT_EQ(results[1].toTensor().values(), (std::vector<double>{2, 0, 2, 1}));
  EXPECT_EQ(results[2].toTensor().values(), (std::vector<double>{1, 1, 2}));
}

TEST(RealSchemas, SplitStrReturnsAStringList) {
  ScopedOperator op("split.str(str self, str? separator=None, int max=-1) -> str[]");
  op.impl(kEveryBackend, &splitStr);
  Stack results = callBoxed(op, {"a,b,,c", ",", std::int64_t{-1}});
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(results[0].to<std::vector<std::string>>(), (std::vector<std::string>{"a", "b", "", "c"}));
  EXPECT_EQ(results[0].listElementType().toString(), "str");
  results = callBoxed(op, {" a  b c ", IValue(), std::int64_t{-1}});
  EXPECT_EQ(fmt::format("{}", results[0]), R"(["a", "b", "c"])");
}

TEST(RealSchemas, CountStrTakesAStringList) {
  ScopedOperator op("count.str(str[] self, str el) -> int");
  op.impl(kEveryBackend, &countStr);
  const Stack results = callBoxed(op, {std::vector<std::string>{"x", "y", "x"}, "x"});
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(results[0].toInt(), 2);
}

TEST(RealSchemas, ItemsTakesADictAndReturnsAListOfTuples) {
  ScopedOperator op("items.str(Dict(str, Tensor) self) -> ((str, Tensor)[])");
  op.impl(kEveryBackend, &items);
  const Tensor w = makeTensor({1, 2});
  const Tensor b = makeTensor(3);
  const Stack results = callBoxed(op, {Dict<std::string, Tensor>{{"weight", w}, {"bias", b}}});
  ASSERT_EQ(results.size(), 1u);
  ASSERT_TRUE(results[0].isList());
  EXPECT_EQ(results[0].listElementType().toString(), "(str, Tensor)");
  const auto pairs = results[0].to<std::vector<std::tuple<std::string, Tensor>>>();
  ASSERT_EQ(pairs.size(), 2u);  // in insertion order, as Python's dict
  EXPECT_EQ(std::get<0>(pairs[0]), "weight");
  EXPECT_TRUE(std::get<1>(pairs[0]).is_same(w));
  EXPECT_EQ(std::get<0>(pairs[1]), "bias");
  EXPECT_TRUE(std::get<1>(pairs[1]).is_same(b));
  EXPECT_TRUE(results[0].toListRef()[0].isTuple());
}

TEST(RealSchemas, GetItemLooksUpADict) {
  ScopedOperator op("__getitem__.Dict_str(Dict(str, Tensor) self, str key) -> Tensor(*)");
  op.impl(kEveryBackend, &getItem);
  const Tensor b = makeTensor(3);
  const Stack results = callBoxed(op, {Dict<std::string, Tensor>{{"weight", makeTensor(1)}, {"bias", b}}, "bias"});
  ASSERT_EQ(results.size(), 1u);
  EXPECT_TRUE(results[0].toTensor().is_same(b));
}

TEST(RealSchemas, DictReturnsATypedEmptyDict) {
  ScopedOperator op("dict() -> Dict(str, Tensor)");
  op.impl(kEveryBackend, &emptyDict);
  const Stack results = callBoxed(op, {});
  ASSERT_EQ(results.size(), 1u);
  ASSERT_TRUE(results[0].isGenericDict());
  EXPECT_EQ(results[0].toGenericDict().size(), 0u);
  // Empty, the dict still knows its types: it is no Dict(str, int).
  using IntDict = Dict<std::string, std::int64_t>;
  using TensorDict = Dict<std::string, Tensor>;
  EXPECT_THROW((void)results[0].to<IntDict>(), IValueTagError);
  EXPECT_NO_THROW((void)results[0].to<TensorDict>());
}

TEST(RealSchemas, DivmodReturnsTwoInts) {
  ScopedOperator op("divmod.int(int x, int y) -> (int, int)");
  op.impl(kEveryBackend, &divmod);
  const Stack results = callBoxed(op, {std::int64_t{-7}, std::int64_t{2}});
  ASSERT_EQ(results.size(), 2u);  // divmod(-7, 2) == (-4, 1)
  EXPECT_EQ(results[0].toInt(), -4);
  EXPECT_EQ(results[1].toInt(), 1);
}

TEST(RealSchemas, AKernelWhoseContainerTypesDifferIsRefused) {
  ScopedOperator op("items.str(Dict(str, Tensor) self) -> ((str, int)[])");
  try {
    op.impl(kEveryBackend, &items);
    FAIL() << "a kernel returning (str, Tensor)[] must not serve (str, int)[]";
  } catch (const std::exception& error) {
    EXPECT_NE(std::string(error.what()).find("Type mismatch in return 1: (str, int)[] vs (str, Tensor)[]"),
              std::string::npos)
        << error.what();
  }
}

}  // namespace
}  // namespace mini
