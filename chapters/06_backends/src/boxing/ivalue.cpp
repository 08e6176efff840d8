#include "mini/boxing/ivalue.h"

#include <algorithm>

#include <fmt/ranges.h>

namespace mini {
inline namespace ch06 {

namespace {

// [heap_value]
/// A string or a list on the heap, with the count that lets IValue copies
/// share it (c10 has ivalue::ConstantString and c10::List for these).
template <class T>
struct HeapValue final : intrusive_ptr_target {
  explicit HeapValue(T v) : value(std::move(v)) {}
  T value;
};

/// A new heap object with one owner, as a raw pointer for the payload.
template <class T>
intrusive_ptr_target* newHeapValue(T value) {
  return make_intrusive<HeapValue<T>>(std::move(value)).release();
}
// [heap_value]

}  // namespace

IValue::IValue(std::string value) : tag_(Tag::String) { payload_.asHeapObject = newHeapValue(std::move(value)); }
IValue::IValue(std::vector<std::int64_t> values) : tag_(Tag::IntList) {
  payload_.asHeapObject = newHeapValue(std::move(values));
}
IValue::IValue(std::vector<double> values) : tag_(Tag::DoubleList) {
  payload_.asHeapObject = newHeapValue(std::move(values));
}
IValue::IValue(std::vector<Tensor> values) : tag_(Tag::TensorList) {
  payload_.asHeapObject = newHeapValue(std::move(values));
}

std::string_view IValue::tagName(Tag tag) {
  switch (tag) {
    case Tag::None: return "None";
    case Tag::Tensor: return "Tensor";
    case Tag::Double: return "Double";
    case Tag::Int: return "Int";
    case Tag::Bool: return "Bool";
    case Tag::String: return "String";
    case Tag::IntList: return "IntList";
    case Tag::DoubleList: return "DoubleList";
    case Tag::TensorList: return "TensorList";
    case Tag::Device: return "Device";
  }
  return "Unknown";
}

// [expect_tag]
void IValue::expectTag(Tag expected) const {
  if (tag_ != expected) {
    throw IValueTagError(fmt::format("Expected {} but got {}", tagName(expected), tagKind()));
  }
}
// [expect_tag]

template <class T>
const T& IValue::heapValue(Tag expected) const {
  expectTag(expected);
  return static_cast<const HeapValue<T>*>(payload_.asHeapObject)->value;
}

double IValue::toDouble() const {
  expectTag(Tag::Double);
  return payload_.asDouble;
}

std::int64_t IValue::toInt() const {
  expectTag(Tag::Int);
  return payload_.asInt;
}

bool IValue::toBool() const {
  expectTag(Tag::Bool);
  return payload_.asBool;
}

IValue::IValue(const mini::Scalar& value) {
  if (value.isFloatingPoint()) {
    *this = IValue(value.toDouble());
  } else if (value.isBoolean()) {
    *this = IValue(value.toBool());
  } else {
    *this = IValue(value.toLong());
  }
}

mini::Scalar IValue::toScalar() const {
  switch (tag_) {
    case Tag::Double: return toDouble();
    case Tag::Int: return toInt();
    case Tag::Bool: return toBool();
    default: throw IValueTagError(fmt::format("Expected Scalar but got {}", tagKind()));
  }
}

mini::Device IValue::toDevice() const {
  expectTag(Tag::Device);
  return payload_.asDevice;
}

const std::string& IValue::toStringRef() const { return heapValue<std::string>(Tag::String); }
const std::vector<std::int64_t>& IValue::toIntList() const {
  return heapValue<std::vector<std::int64_t>>(Tag::IntList);
}
const std::vector<double>& IValue::toDoubleList() const { return heapValue<std::vector<double>>(Tag::DoubleList); }
const std::vector<Tensor>& IValue::toTensorList() const { return heapValue<std::vector<Tensor>>(Tag::TensorList); }

bool IValue::operator==(const IValue& other) const {
  if (tag_ != other.tag_) {
    return false;
  }
  switch (tag_) {
    case Tag::None: return true;
    case Tag::Tensor: return payload_.asHeapObject == other.payload_.asHeapObject;
    case Tag::Double: return toDouble() == other.toDouble();
    case Tag::Int: return toInt() == other.toInt();
    case Tag::Bool: return toBool() == other.toBool();
    case Tag::String: return toStringRef() == other.toStringRef();
    case Tag::IntList: return toIntList() == other.toIntList();
    case Tag::DoubleList: return toDoubleList() == other.toDoubleList();
    case Tag::TensorList: {
      const auto& mine = toTensorList();
      const auto& theirs = other.toTensorList();
      return std::equal(mine.begin(), mine.end(), theirs.begin(), theirs.end(),
                        [](const Tensor& a, const Tensor& b) { return a.is_same(b); });
    }
    case Tag::Device: return toDevice() == other.toDevice();
  }
  return false;
}

}  // namespace ch06
}  // namespace mini

fmt::format_context::iterator fmt::formatter<mini::IValue>::format(const mini::IValue& value,
                                                                   fmt::format_context& ctx) const {
  using Tag = mini::IValue::Tag;
  switch (value.tag()) {
    case Tag::None: return fmt::format_to(ctx.out(), "None");
    case Tag::Tensor: return fmt::format_to(ctx.out(), "{}", value.toTensor());
    case Tag::Double: return fmt::format_to(ctx.out(), "{}", value.toDouble());
    case Tag::Int: return fmt::format_to(ctx.out(), "{}", value.toInt());
    case Tag::Bool: return fmt::format_to(ctx.out(), "{}", value.toBool() ? "True" : "False");
    case Tag::String: return fmt::format_to(ctx.out(), "\"{}\"", value.toStringRef());
    case Tag::IntList: return fmt::format_to(ctx.out(), "{}", value.toIntList());
    case Tag::DoubleList: return fmt::format_to(ctx.out(), "{}", value.toDoubleList());
    case Tag::TensorList: return fmt::format_to(ctx.out(), "[{}]", fmt::join(value.toTensorList(), ", "));
    case Tag::Device: return fmt::format_to(ctx.out(), "{}", value.toDevice());
  }
  return ctx.out();
}
