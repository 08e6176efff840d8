// The stack's discipline: arguments in schema order, the last on top.
#include <gtest/gtest.h>

#include "mini/boxing/stack.h"

namespace mini {
namespace {

TEST(Stack, PushKeepsOrderAndPopTakesTheTop) {
  Stack stack;
  push(stack, makeTensor(1), 2.5, std::int64_t{3});
  ASSERT_EQ(stack.size(), 3u);
  EXPECT_EQ(pop(stack).toInt(), 3);
  EXPECT_EQ(pop(stack).toDouble(), 2.5);
  EXPECT_TRUE(pop(stack).isTensor());
  EXPECT_TRUE(stack.empty());
}

TEST(Stack, TypedPopConvertsOrNamesTheTags) {
  Stack stack;
  push(stack, true, "name");
  EXPECT_EQ(pop<std::string>(stack), "name");
  EXPECT_EQ(pop<bool>(stack), true);
  push(stack, makeTensor(1));
  try {
    (void)pop<std::int64_t>(stack);
    FAIL() << "popping a Tensor as an int must throw";
  } catch (const IValueTagError& error) {
    EXPECT_STREQ(error.what(), "Expected Int but got Tensor");
  }
}

TEST(Stack, PeekReadsArgumentsInSchemaOrderWithoutPopping) {
  Stack stack;
  push(stack, "below", 10, 20);
  EXPECT_EQ(peek(stack, 0, 2).toInt(), 10);
  EXPECT_EQ(peek(stack, 1, 2).toInt(), 20);
  EXPECT_EQ(peek(stack, 0, 3).toStringRef(), "below");
  EXPECT_EQ(stack.size(), 3u);
  peek(stack, 1, 2) = IValue(21);
  EXPECT_EQ(stack.back().toInt(), 21);
}

TEST(Stack, DropAndPopNRemoveTheTop) {
  Stack stack;
  push(stack, 1, 2, 3, 4);
  drop(stack, 1);
  const std::vector<IValue> top = popN(stack, 2);
  ASSERT_EQ(top.size(), 2u);
  EXPECT_EQ(top[0].toInt(), 2);
  EXPECT_EQ(top[1].toInt(), 3);
  ASSERT_EQ(stack.size(), 1u);
  EXPECT_EQ(stack[0].toInt(), 1);
}

TEST(Stack, TakingMoreThanIsThereIsAnError) {
  Stack stack;
  push(stack, 1);
  EXPECT_THROW((void)peek(stack, 0, 2), std::out_of_range);
  EXPECT_THROW((void)peek(stack, 1, 1), std::out_of_range);
  EXPECT_THROW(drop(stack, 2), std::out_of_range);
  (void)pop(stack);
  try {
    (void)pop(stack);
    FAIL() << "pop on an empty stack must throw";
  } catch (const std::out_of_range& error) {
    EXPECT_STREQ(error.what(), "pop: the stack holds 0 value(s), 1 needed");
  }
}

TEST(Stack, PeekPastTheLastNValuesNamesTheIndex) {
  Stack stack;
  push(stack, 1, 2, 3);
  try {
    (void)peek(stack, 2, 2);
    FAIL() << "index 2 of the last 2 values must throw";
  } catch (const std::out_of_range& error) {
    EXPECT_STREQ(error.what(), "peek: index 2 of the last 2 value(s)");
  }
}

TEST(Stack, ValuesOnTheStackOwnTheirTensors) {
  Stack stack;
  {
    const Tensor t = makeTensor(7);
    push(stack, t);
  }
  EXPECT_EQ(pop<Tensor>(stack).item(), 7);
}

}  // namespace
}  // namespace mini
