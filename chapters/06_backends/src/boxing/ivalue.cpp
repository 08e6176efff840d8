#include "mini/boxing/ivalue.h"

#include <string>
#include <vector>

#include <fmt/ranges.h>

namespace mini {
inline namespace ch06 {

namespace {

// [heap_value]
/// A string on the heap, with the count that lets IValue copies share it
/// (c10's ivalue::ConstantString). Tuples, lists and dicts have their own
/// heap types, in ivalue.h.
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

IValue IValue::makeList(std::vector<IValue> elements, SchemaType elementType) {
  IValue list;
  list.payload_.asHeapObject = make_intrusive<detail::ListImpl>(std::move(elements), std::move(elementType)).release();
  list.tag_ = Tag::GenericList;
  return list;
}

IValue IValue::makeTuple(std::vector<IValue> elements) {
  IValue tuple;
  tuple.payload_.asHeapObject = make_intrusive<ivalue::Tuple>(std::move(elements)).release();
  tuple.tag_ = Tag::Tuple;
  return tuple;
}

IValue IValue::makeDict(Dict<IValue, IValue> entries, SchemaType keyType, SchemaType valueType) {
  IValue dict;
  dict.payload_.asHeapObject =
      make_intrusive<detail::DictImpl>(std::move(entries), std::move(keyType), std::move(valueType)).release();
  dict.tag_ = Tag::GenericDict;
  return dict;
}

std::string_view IValue::tagName(Tag tag) {
  switch (tag) {
    case Tag::None: return "None";
    case Tag::Tensor: return "Tensor";
    case Tag::Double: return "Double";
    case Tag::Int: return "Int";
    case Tag::Bool: return "Bool";
    case Tag::Tuple: return "Tuple";
    case Tag::String: return "String";
    case Tag::GenericList: return "GenericList";
    case Tag::GenericDict: return "GenericDict";
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

const std::vector<IValue>& IValue::toListRef() const {
  expectTag(Tag::GenericList);
  return static_cast<const detail::ListImpl*>(payload_.asHeapObject)->list;
}

const SchemaType& IValue::listElementType() const {
  expectTag(Tag::GenericList);
  return static_cast<const detail::ListImpl*>(payload_.asHeapObject)->elementType;
}

const ivalue::Tuple& IValue::toTupleRef() const {
  expectTag(Tag::Tuple);
  return *static_cast<const ivalue::Tuple*>(payload_.asHeapObject);
}

const Dict<IValue, IValue>& IValue::toGenericDict() const {
  expectTag(Tag::GenericDict);
  return static_cast<const detail::DictImpl*>(payload_.asHeapObject)->dict;
}

bool IValue::isListOf(SchemaType::Kind elementKind) const {
  return isList() && listElementType().kind() == elementKind;
}

namespace {

/// c10's names for the typed lists it has accessors for ("Expected IntList
/// but got Double"); any other list is named by its schema type.
std::string listName(const SchemaType& elementType) {
  switch (elementType.kind()) {
    case SchemaType::Kind::Int: return "IntList";
    case SchemaType::Kind::Float: return "DoubleList";
    case SchemaType::Kind::Bool: return "BoolList";
    case SchemaType::Kind::Tensor: return "TensorList";
    default: return SchemaType::listOf(elementType).toString();
  }
}

}  // namespace

const std::vector<IValue>& IValue::typedListRef(const SchemaType& elementType) const {
  if (!isList()) {
    throw IValueTagError(fmt::format("Expected {} but got {}", listName(elementType), tagKind()));
  }
  if (!(listElementType() == elementType)) {
    throw IValueTagError(fmt::format("Tried to cast a List<{}> to a List<{}>. Types mismatch.",
                                     listElementType().toString(), elementType.toString()));
  }
  return toListRef();
}

const std::vector<IValue>& IValue::tupleElements(std::size_t size) const {
  const std::vector<IValue>& elements = toTupleRef().elements();
  if (elements.size() != size) {
    throw IValueTagError(fmt::format("Expected a Tuple of {} elements but got {}", size, elements.size()));
  }
  return elements;
}

const Dict<IValue, IValue>& IValue::typedDict(const SchemaType& keyType, const SchemaType& valueType) const {
  const Dict<IValue, IValue>& dict = toGenericDict();
  const auto* impl = static_cast<const detail::DictImpl*>(payload_.asHeapObject);
  // c10's two messages (Dict_inl.h's toTypedDict): the key is checked first.
  const bool keysMatch = impl->keyType == keyType;
  if (!keysMatch || !(impl->valueType == valueType)) {
    throw IValueTagError(fmt::format("Tried to cast a Dict<{}, {}> to a Dict<{}, {}>. {} types mismatch.",
                                     impl->keyType.toString(), impl->valueType.toString(), keyType.toString(),
                                     valueType.toString(), keysMatch ? "Value" : "Key"));
  }
  return dict;
}

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
    case Tag::Tuple: return toTupleRef().elements() == other.toTupleRef().elements();
    // Element types too: an empty int[] is not an empty Tensor[].
    case Tag::GenericList: return listElementType() == other.listElementType() && toListRef() == other.toListRef();
    case Tag::GenericDict: return toGenericDict() == other.toGenericDict();
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
    case Tag::Tuple: {
      // Python's spelling: a tuple of one member keeps its comma, `(1,)`.
      const auto& elements = value.toTupleRef().elements();
      return fmt::format_to(ctx.out(), "({}{})", fmt::join(elements, ", "), elements.size() == 1 ? "," : "");
    }
    case Tag::GenericList: return fmt::format_to(ctx.out(), "[{}]", fmt::join(value.toListRef(), ", "));
    case Tag::GenericDict: {
      std::vector<std::string> entries;
      for (const auto& [key, entry] : value.toGenericDict()) {
        entries.push_back(fmt::format("{}: {}", key, entry));
      }
      return fmt::format_to(ctx.out(), "{{{}}}", fmt::join(entries, ", "));
    }
    case Tag::Device: return fmt::format_to(ctx.out(), "{}", value.toDevice());
  }
  return ctx.out();
}
